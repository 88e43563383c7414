"""The end of a game: the final table, the winner highlighted, every secret shown, the final
board and its whole log to look back on, a rematch with the same seats, or back to the menu.
A second page (the Statistics tab, or S) charts the scores round by round and lists the game's
figures (see ``scoring_stats``)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from courier.match import Match
from courier.scenes import flow
from courier.scenes.base import Scene
from courier.scenes.board import BoardScene
from courier.scenes.menu import draw_title_backdrop
from courier.scenes.scoring_stats import StatsPage, statistics_of
from courier.ui import draw, sprites, theme
from courier.ui.tween import Animator, Tween, ease_out_back
from courier.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from courier.app import App
    from courier.tutorial import Script

log = logging.getLogger(__name__)

#: the least height of the card's middle (design pixels): room for the statistics page's chart
STATS_HEIGHT = 330
#: modifier keys that make S something else than "turn the page"
_CHORD = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META


def _label(key: str) -> str:
    return key.replace("_", " ").strip().capitalize()


def _fmt(v: Any) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if isinstance(v, float):
        return f"{v:.1f}"
    return str(v)


def revealed(match: Match, compact: bool = False) -> dict[int, list[str]]:
    """What each seat kept secret, told at the end: Doorstep Dash's hands, Package Pandemonium's
    missions (with whether the rules found them done). Games with no secrets left give nothing.
    ``compact`` names houses by number only, for a narrow window."""
    state = match.state
    out: dict[int, list[str]] = {}
    if match.game_id == "doorstep-dash":
        board = match.game.board(match.config)
        for i, p in enumerate(state.players):
            held = []
            for h in p.hand:
                house = board.houses.get(h)
                if house is None:
                    held.append(str(h))
                else:
                    held.append(f"#{house.number}" if compact else f"#{house.number} {h}")
            bonus = ", ".join(f"{p.bonus.count(k)} {k}" for k in sorted(set(p.bonus))) or "none"
            cards = f"{len(held)} parcel{'s' if len(held) != 1 else ''} ({', '.join(held)})" if held else "no parcels"
            out[i] = [f"Still holding {cards} · bonus cards: {bonus}"]
    elif match.game_id == "package-pandemonium":
        from courier.rules.package_pandemonium import scoring as pp_scoring

        cfg = state.config
        for van in state.vans:
            if van.seat < 0 or not van.missions:
                continue
            lines = []
            for m in van.missions:
                text, pts = cfg.missions.get(m, (m, 0))
                done = pp_scoring.mission_done(van, m, cfg)
                lines.append(f"Mission, {pts} points, {'done' if done else 'not done'}: {text}")
            out[van.seat] = lines
    return out


class FinalBoardScene(BoardScene):
    """The finished game's board and its whole log, opened from the scores; Scores goes back."""

    def __init__(self, app: "App", match: Match) -> None:
        super().__init__(app, match, autosave=False, show_scoring=False)
        self.view.show_result = False  # the board itself: the winner is on the scores, one key away

    def enter(self) -> None:
        # a finished game: no computer will think, no picture to save; just the board and its log
        self._show()
        self.log_box.sync(self.match.events, self.match.seats)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        menu = self.buttons.get("menu")
        if menu is not None:
            menu.text, menu.icon, menu.tooltip = "Scores", None, "Back to the final scores (Esc)"

    def leave(self) -> None:
        """Its Menu button says Scores: back to them (a finished game keeps nothing more)."""
        self.app.stack.pop()

    def escape(self) -> None:
        self.leave()  # a finished game: nothing to back out of, and the scores are one step away

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        if self.flash is not None:
            return self.flash[0], self.flash[1]
        return "The final board. Scroll the log to read the whole game; Esc goes back to the scores.", theme.INK


class ScoringScene(Scene):
    def __init__(self, app: "App", match: Match, guided: "Script | None" = None) -> None:
        super().__init__(app)
        self.match = match
        #: the guided game's script, when this ends one: the first button is a real game then
        self.guided = guided
        game = match.game
        self.rows: list[dict[str, Any]] = list(game.score_breakdown(match.state))
        self.winners: list[int] = list(game.winners(match.state))
        # columns: the named parts in the order the game gives them, total last
        cols: list[str] = []
        for row in self.rows:
            for k in row:
                if k not in ("seat", "score") and k not in cols:
                    cols.append(k)
        self.columns = cols
        self.rows.sort(key=lambda r: (r.get("seat") not in self.winners, -_num(r.get("score"))))
        #: seat -> lines telling what it kept secret (shown under its row)
        self.secrets = revealed(match)
        self.ui = WidgetGroup()
        self.anim = Animator(app.settings.anim_speed, app.settings.reduced_motion)
        self.pop = self.anim.add(Tween(0.0, 1.0, 0.7, ease=ease_out_back))
        self.card = pygame.Rect(0, 0, 10, 10)
        #: "scores" (the final table) or "stats" (the chart and the figures)
        self.page = "scores"
        self.stats = statistics_of(match)
        self.stats_page = StatsPage(self.stats, match.seats)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        px = theme.px
        cw = min(w - px(60), max(px(700), px(260) + px(140) * (len(self.columns) + 1)))
        self._fit_secrets(cw - px(60) - px(64))
        self.table_w = cw - px(60)
        body = self._header_height() + sum(self._row_height(r) for r in self.rows)
        body = max(body, px(STATS_HEIGHT))  # the same card for both pages: the buttons stay put
        ch = min(h - px(40), px(130) + body + px(112))
        self.card = pygame.Rect((w - cw) // 2, (h - ch) // 2, cw, ch)
        self.stats_page.layout(self._table_area())
        self.ui.clear()
        self._add_tabs()
        by = self.card.bottom - px(86)
        bw = min(px(190), (cw - px(90)) // 4)
        x = self.card.centerx - (4 * bw + px(30)) // 2
        # no way out of the results sits on Enter: an Enter still on its way from the last move
        # must not take the scores away before they are read (see ``_unringed_enter``)
        if self.guided is not None:
            self.ui.add(Button(pygame.Rect(x, by, bw, px(50)), "Play a real game", self._real_game, style="primary",
                               size=16,
                               tooltip="The set-up for a whole game of this one: you and the same computers, at Easy"))
        else:
            self.ui.add(Button(pygame.Rect(x, by, bw, px(50)), "Rematch", self._again, style="primary",
                               tooltip="The same seats, names, colours and levels; a new shuffle"))
        self.ui.add(Button(pygame.Rect(x + bw + px(10), by, bw, px(50)), "See the board", self._board,
                           tooltip="The final board and the whole game's log"))
        self.ui.add(Button(pygame.Rect(x + 2 * (bw + px(10)), by, bw, px(50)), "Watch again", self._watch,
                           hotkey=pygame.K_w, tooltip="Step through the whole game from the first move (W)"))
        self.ui.add(Button(pygame.Rect(x + 3 * (bw + px(10)), by, bw, px(50)), "Menu", self._menu,
                           icon="icon_menu", hotkey=pygame.K_ESCAPE, tooltip="Back to the title screen (Esc)"))

    def _add_tabs(self) -> None:
        """The two pages' tabs, in the card's top left corner."""
        px = theme.px
        x, y = self.card.left + px(20), self.card.top + px(14)
        for page, text, tip in (("scores", "Scores", "The final scores (S switches pages)"),
                                ("stats", "Statistics", "Scores round by round and the game's figures (S)")):
            bw = draw.font(15, True).size(text)[0] + px(28)
            self.ui.add(Button(pygame.Rect(x, y, bw, px(34)), text, lambda p=page: self.show(p), size=15,
                               style="ghost", selected=self.page == page, tooltip=tip))
            x += bw + px(6)

    def show(self, page: str) -> None:
        """Turn to ``page``: "scores" or "stats"."""
        self.page = page
        for widget in self.ui.widgets:
            if isinstance(widget, Button) and widget.text in ("Scores", "Statistics"):
                widget.selected = (widget.text == "Scores") == (page == "scores")

    def _fit_secrets(self, width: int) -> None:
        """Full house names when every line fits the table, numbers alone when it would be cut
        (lines still too long wrap)."""
        self.secrets = revealed(self.match)
        self._secret_w = width
        if any(draw.font(13).size(line)[0] > width for lines in self.secrets.values() for line in lines):
            self.secrets = revealed(self.match, compact=True)

    def _secret_lines(self, seat: int) -> list[str]:
        out: list[str] = []
        for line in self.secrets.get(seat, []):
            out += draw.wrap(line, self._secret_w, 13)
        return out

    def _row_height(self, row: dict[str, Any]) -> int:
        return theme.px(48) + draw.line_height(13) * len(self._secret_lines(int(row.get("seat", 0))))

    def _col_layout(self, area_w: int) -> tuple[int, int]:
        """(width of the names column, width of each score column). A column is never narrower
        than the longest word of a column's name (its name wraps between words, never inside
        one: "Undelivered" whole); the names column gives up room for that down to its least."""
        px = theme.px
        n = len(self.columns) + 1
        col_need = self._widest_word(15) + px(10)
        col_w = max(px(100), col_need)
        name_w = area_w - col_w * n
        name_need = max([draw.font(18, True).size(self._shown_name(int(r.get("seat", 0))))[0] for r in self.rows]
                        + [px(160)]) + px(60)
        if name_w < name_need:  # the columns give back what they can spare, down to their words
            col_w = max(min(col_w, col_need), (area_w - name_need) // n)
            name_w = area_w - col_w * n
        return name_w, col_w

    def _shown_name(self, seat: int) -> str:
        spec = self.match.seats[seat]
        return spec.name + ("  (computer)" if spec.is_ai else "")

    def _name_size(self, name: str, room: int, bold: bool) -> int:
        """A player's name at 18 points, smaller (down to 14) rather than cut."""
        return next((size for size in (18, 17, 16, 15) if draw.font(size, bold).size(name)[0] <= room), 14)

    def _headings(self) -> list[str]:
        return ["Total" if k == "score" else _label(k) for k in self.columns + ["score"]]

    def _widest_word(self, size: int) -> int:
        fnt = draw.font(size, True)
        return max([fnt.size(word)[0] for text in self._headings() for word in text.split()] + [0])

    def _header_size(self) -> int:
        """The columns' names at 15 points, smaller only where a word would not fit its column."""
        _, col_w = self._col_layout(getattr(self, "table_w", theme.px(640)))
        return next((size for size in (15, 14, 13, 12) if self._widest_word(size) <= col_w - theme.px(6)), 11)

    def _header_height(self) -> int:
        _, col_w = self._col_layout(getattr(self, "table_w", theme.px(640)))
        size = self._header_size()
        lines = max([len(draw.wrap(text, col_w - theme.px(6), size, bold=True)) for text in self._headings()] + [1])
        return lines * draw.line_height(size, True) + theme.px(16)

    def _row_rects(self) -> list[tuple[pygame.Rect, dict[str, Any]]]:
        px = theme.px
        area = self._table_area()
        y = area.top + self._header_height()
        out = []
        for row in self.rows:
            rh = self._row_height(row)
            out.append((pygame.Rect(area.left, y, area.width, rh - px(6)), row))
            y += rh
        return out

    def _table_area(self) -> pygame.Rect:
        px = theme.px
        c = self.card
        return pygame.Rect(c.left + px(30), c.top + px(130), c.width - px(60), c.height - px(130) - px(100))

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        """A row of the table told whole: the name, every part of the score and what was secret."""
        tip = super().tooltip_at(pos)
        if tip:
            return tip
        if self.page == "stats":
            return self.stats_page.tooltip_at(pos)
        for rect, row in self._row_rects():
            if rect.collidepoint(pos):
                return self.row_text(row)
        area = self._table_area()
        if area.collidepoint(pos) and pos[1] < area.top + self._header_height():
            return "Columns: " + ", ".join(["Player"] + [_label(k) for k in self.columns] + ["Total"])
        return None

    def row_text(self, row: dict[str, Any]) -> str:
        seat = int(row.get("seat", 0))
        spec = self.match.seats[seat]
        parts = [f"{_label(k)} {_fmt(row.get(k, ''))}" for k in self.columns]
        text = f"{spec.name}{' (computer)' if spec.is_ai else ''}: total {_fmt(row.get('score', ''))}"
        if parts:
            text += " (" + ", ".join(parts) + ")"
        secrets = self.secrets.get(seat, [])
        return text + (". " + ". ".join(secrets) if secrets else "")

    def _board(self) -> None:
        self.app.stack.push(FinalBoardScene(self.app, self.match))

    def _watch(self) -> None:
        """The replay viewer over this game; closing it comes back to the scores."""
        flow.watch_match(self.app, self.match)

    def _again(self) -> None:
        m = self.match
        options = m.config.model_dump()
        options.pop("players", None)
        options.pop("seeding", None)  # a new game: dealt as new games are, whatever this one was
        fresh = Match.new(m.game_id, list(m.seats), seed=None, **options)
        flow.to_table(self.app, fresh, over_scores=True)

    def _real_game(self) -> None:
        assert self.guided is not None
        flow.to_real_game_setup(self.app, self.guided)

    def _menu(self) -> None:
        flow.to_menu(self.app)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.ui.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s and not event.mod & _CHORD:
            self.show("scores" if self.page == "stats" else "stats")  # S turns the page
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self._unringed_enter()
        return False

    def _unringed_enter(self) -> bool:
        """Enter or Space with no button ringed: the ring comes onto the page's own tab, which
        changes nothing. A rematch (or the real game after a guided one) stays a choice: Tab to it,
        or click it."""
        tab = "Scores" if self.page == "scores" else "Statistics"
        t = next((t for t in self.focusables() if t.label == tab), None)
        if t is not None:
            self.focus_ring.active = True
            self.focus_ring._set(t)
        return True

    def update(self, dt: float) -> None:
        self.anim.update(dt)

    def winner_text(self) -> str:
        names = [self.match.seats[i].name for i in self.winners]
        if not names:  # a solo game lost to the game's own opponents
            return "No winner this time"
        if len(names) == 1:
            return f"{names[0]} wins!"
        return " and ".join([", ".join(names[:-1]), names[-1]]) + " share the win!"

    def draw(self, surface: pygame.Surface) -> None:
        px = theme.px
        draw_title_backdrop(surface, 0.0)
        draw.overlay(surface, (40, 34, 30, 120))
        c = self.card
        draw.panel(surface, c, (252, 248, 238), radius=px(16))
        draw.text(surface, self.match.game.title, (c.centerx, c.top + px(24)), 18, theme.INK_SOFT, serif=True,
                  anchor="midtop")
        # the winner line pops in
        k = max(0.01, float(self.pop.value))
        title = draw.render_text(self.winner_text(), 40, theme.ACCENT, bold=True, serif=True)
        tw, th = title.get_size()
        room = c.width - px(160)
        if tw > room:  # a long shared win: smaller rather than past the coins
            title = pygame.transform.smoothscale(title, (room, max(1, th * room // tw)))
            tw, th = title.get_size()
        img = pygame.transform.smoothscale(title, (max(1, int(tw * k)), max(1, int(th * k)))) if k != 1 else title
        surface.blit(img, img.get_rect(center=(c.centerx, c.top + px(84))))
        coin = sprites.scaled("coin", px(44))
        surface.blit(coin, coin.get_rect(center=(c.centerx - tw // 2 - px(36), c.top + px(84))))
        surface.blit(coin, coin.get_rect(center=(c.centerx + tw // 2 + px(36), c.top + px(84))))
        if self.page == "stats":
            self.stats_page.draw(surface)
        else:
            self._draw_table(surface, self._table_area())
        self.ui.draw(surface)
        draw.text(surface, "Tab: next  ·  Enter: press the ringed button  ·  S: statistics  ·  W: watch again  ·  Esc: menu",
                  (c.centerx, c.bottom - px(12)), 13, theme.INK_SOFT, anchor="midbottom", max_width=c.width - px(40))

    def _draw_table(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        px = theme.px
        cols = self.columns + ["score"]
        name_w, col_w = self._col_layout(area.width)
        y = area.top
        draw.text(surface, "Player", (area.left + px(56), y + px(8)), 15, theme.INK_SOFT, bold=True)
        head = self._header_size()
        for i, key in enumerate(cols):
            x = area.left + name_w + col_w * i
            draw.text_block(surface, "Total" if key == "score" else _label(key),
                            pygame.Rect(x + px(3), y + px(8), col_w - px(6), self._header_height()), head, theme.INK_SOFT,
                            bold=True, align="center")
        clip = surface.get_clip()
        surface.set_clip(area)
        for n, (full, row) in enumerate(self._row_rects()):
            if full.top >= area.bottom:
                break
            seat = int(row.get("seat", n))
            spec = self.match.seats[seat]
            lines = self._secret_lines(seat)
            rr = pygame.Rect(full.left, full.top, full.width, px(42))
            won = seat in self.winners
            draw.rounded_rect(surface, full, (255, 236, 180) if won else ((246, 240, 226) if n % 2 else (250, 246, 236)),
                              px(10))
            if won:
                draw.rounded_rect(surface, full, theme.HIGHLIGHT, px(10), width=2)
            lh = draw.line_height(13)
            for k, line in enumerate(lines):
                if rr.bottom - px(4) + lh * (k + 1) <= area.bottom:
                    draw.text(surface, line, (rr.left + px(50), rr.bottom - px(4) + lh * k), 13, theme.INK_SOFT)
            draw.swatch(surface, (rr.left + px(26), rr.centery), px(11), spec.colour)
            name = self._shown_name(seat)
            draw.text(surface, name, (rr.left + px(50), rr.centery), self._name_size(name, name_w - px(60), won),
                      theme.INK, bold=won, anchor="midleft", max_width=name_w - px(60))
            for i, key in enumerate(cols):
                x = area.left + name_w + col_w * i + col_w // 2
                draw.text(surface, _fmt(row.get(key, "")), (x, rr.centery), 20 if key == "score" else 17,
                          theme.INK, bold=(key == "score"), anchor="center", max_width=col_w - px(6))
        surface.set_clip(clip)


def _num(v: Any) -> float:
    try:
        return float(v)
    except (TypeError, ValueError):
        return 0.0
