"""New game: choose the game, the seats (person or computer, name, colour), the map and a seed.

The last set-up started for each game is remembered in the settings and offered again, so a
table that plays the same game every week does not type its names every week. What the player
changes on the screen (a name typed, who plays a seat, a colour, the number of players) is theirs
and wins over that memory: it stays through a change of game or of player count (a seat left out
comes back as it was) and through a trip to another screen and back, until a game is started.
"""

from __future__ import annotations

import importlib.util
import logging
from typing import TYPE_CHECKING

import pygame

from courier.match import Match, SeatSpec
from courier.scenes import flow
from courier.rules import registry
from courier.rules.base import BoardError, ConfigError, GameRules
from courier.scenes import shell_keys
from courier.scenes.base import Scene
from courier.scenes.board_chooser import BoardPick, BoardRow, open_chooser
from courier.scenes.games import VIEWS
from courier.scenes.setup_draft import KINDS, SeatDraft, SetupDraft, TableDraft
from courier.scenes.setup_draft import COMPUTER_NAMES, MAX_SEATS  # noqa: F401  (the command line names seats by them)
from courier.scenes.setup_widgets import ColourButton, NameEntry
from courier.ui import draw, theme
from courier.ui.focus import Target
from courier.ui.widgets import (
    Button,
    Stepper,
    TextEntry,
    Toggle,
    Widget,
    WidgetGroup,
    draw_tooltip,
)

if TYPE_CHECKING:
    from courier.app import App

log = logging.getLogger(__name__)

def playable_games() -> list[GameRules]:
    """Registered games whose rules load and whose board view exists."""
    out = []
    for gid in registry.ids():
        mod = VIEWS.get(gid)
        try:
            if mod is None or importlib.util.find_spec(mod) is None:
                continue
            out.append(registry.get(gid))
        except Exception as exc:  # a game still being written must not break the menu
            log.warning("game %s not available: %s", gid, exc)
    return out


def map_label(name: str) -> str:
    """A map's name as players read it ("twin_bridges" -> "Twin Bridges")."""
    return name.replace("_", " ").replace("-", " ").title()


class SetupScene(Scene):
    """The New game screen: lays out and draws the ``TableDraft`` it edits (``setup_draft``)."""

    def __init__(self, app: "App", games: list[GameRules] | None = None) -> None:
        super().__init__(app)
        kept: SetupDraft | None = getattr(app, "setup_draft", None)
        self.draft = TableDraft(playable_games() if games is None else games, theme.PLAYER_COLOURS, kept=kept)
        #: the boards of the chosen game and the one picked (made when a game is chosen)
        self.board_pick: BoardPick
        self.ui = WidgetGroup()
        self.message: str | None = None
        self.card = pygame.Rect(0, 0, 10, 10)
        self.list_rect = pygame.Rect(0, 0, 10, 10)
        self.entries: list[TextEntry] = []
        self.options_stacked = False
        self._extra_y = 0
        #: the card scrolls when a big interface size leaves it too short for every seat
        self.card_scroll = 0
        self.card_max_scroll = 0
        self.card_view = pygame.Rect(0, 0, 10, 10)
        #: the card's controls by a name that survives a new layout (("seat", 2, "name") ...)
        self._keyed: dict[tuple, Widget] = {}
        self._mouse = (0, 0)
        #: a game was started from here: what was typed is now the game's memory, not a draft
        self.started = False
        self.learn_button: Button | None = None
        self.players_stepper: Stepper | None = None
        self.board_row: BoardRow | None = None
        self.seed_entry: TextEntry | None = None
        if self.games:
            ids = [g.id for g in self.games]
            self._pick_game(ids.index(kept.game) if kept is not None and kept.game in ids else 0, rebuild=False)

    # -- the draft (``setup_draft``): read and changed through the scene by its controls and tests ---
    @property
    def games(self) -> list[GameRules]:
        return self.draft.games

    @property
    def game(self) -> GameRules | None:
        return self.draft.game

    @property
    def game_index(self) -> int:
        return self.draft.game_index

    @property
    def players(self) -> int:
        return self.draft.players

    @players.setter
    def players(self, n: int) -> None:
        self.draft.players = n

    @property
    def wanted_players(self) -> int | None:
        return self.draft.wanted_players

    @property
    def seats(self) -> list[SeatDraft]:
        return self.draft.seats

    @property
    def toggles(self) -> dict[str, bool]:
        return self.draft.toggles

    @toggles.setter
    def toggles(self, value: dict[str, bool]) -> None:
        self.draft.toggles = value

    @property
    def seed(self) -> str:
        return self.draft.seed

    @seed.setter
    def seed(self, text: str) -> None:
        self.draft.seed = text

    @property
    def map_index(self) -> int:
        return self.draft.map_index

    def _pick_game(self, index: int, rebuild: bool = True) -> None:
        g = self.games[index]
        self.draft.pick_game(index, self.app.settings.last_setup.get(g.id))
        self.board_pick = BoardPick(g.id)
        self.message = None
        if rebuild:
            self.layout(self.size)

    def like_guided(self, game_id: str, players: int) -> None:
        """The table of the guided game of ``game_id`` made real (``TableDraft.like_guided``)."""
        ids = [g.id for g in self.games]
        if game_id in ids:
            self._pick_game(ids.index(game_id), rebuild=False)
            self.draft.like_guided(players)

    def _remember(self, g: GameRules) -> None:
        """Keep this set-up of ``g`` for next time (a settings file that cannot be written costs
        nothing)."""
        choice = self.draft.remembered()
        if choice is None:
            return
        self.app.settings.last_setup = {**self.app.settings.last_setup, g.id: choice}
        msg = self.app.save_settings()
        if msg:
            log.warning("%s", msg)

    @staticmethod
    def _has_guided(g: GameRules) -> bool:
        from courier.tutorial import games_with_tutorials

        return bool(games_with_tutorials([g.id]))

    def _learn(self) -> None:
        """The chosen game's guided first game (where it was left)."""
        g = self.game
        if g is not None:
            self.message = flow.to_tutorial(self.app, g.id)

    def seat_role(self, seat: int) -> str | None:
        """What a seat is when the game gives it a part of its own (the Rogue, the solo driver)."""
        return self.draft.seat_role(seat)

    def set_players(self, n: int) -> None:
        if self.game is None:
            return
        self.draft.set_players(n)
        self.layout(self.size)

    def set_kind(self, seat: int, kind_index: int) -> None:
        if self.draft.set_kind(seat, kind_index):
            self.layout(self.size)  # its usual name changed with it

    def choose_colour(self, seat: int) -> None:
        """The seat's colour button: the next free colour, the player's choice from now on."""
        self.draft.choose_colour(seat)

    def name_typed(self, seat: int, text: str) -> None:
        self.draft.name_typed(seat, text)

    def next_colour(self, seat: int) -> None:
        """Give ``seat`` the next colour no other seat in play is using."""
        self.draft.next_colour(seat)

    def exit(self) -> None:
        """Left without starting a game: what the player set here waits for their return."""
        self.app.setup_draft = None if self.started else self.draft.kept()

    def seat_specs(self) -> list[SeatSpec]:
        return self.draft.seat_specs()

    def problems(self) -> list[str]:
        return self.draft.problems()

    def start(self) -> Match | None:
        """Start the game with these seats (None and a message if something is wrong)."""
        g = self.game
        if g is None:
            return None
        bad = self.problems()
        if bad:
            self.message = " ".join(bad)
            return None
        options: dict[str, object] = {}
        if self.board_pick.key:
            options["map"] = self.board_pick.key
        options.update(self.toggles)
        try:
            match = Match.new(g.id, self.seat_specs(), seed=int(self.seed) if self.seed else None, **options)
        except BoardError as exc:  # a board file edited into something unplayable
            from courier.boards.tiled import summary

            self.message = summary(exc)
            return None
        except (ConfigError, ValueError) as exc:
            self.message = str(exc)
            return None
        self._remember(g)
        self.started = True
        self.app.setup_draft = None
        flow.to_table(self.app, match)
        return match

    # -- widgets -------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        px = theme.px
        typing = next((k for k, wdg in self._keyed.items() if isinstance(wdg, TextEntry) and wdg.focused), None)
        self.ui.clear()
        self.entries = []
        self.game_buttons: list[Button] = []
        self.kind_steppers: list[Stepper] = []
        self.colour_buttons: list[ColourButton] = []
        self.players_stepper = None
        self.board_row = None
        self.seed_entry = None
        self.toggle_widgets: list[Toggle] = []
        top, foot = px(96), px(96)
        self.list_rect = pygame.Rect(px(30), top, min(px(340), int(w * 0.28)), h - top - foot)
        self.card = pygame.Rect(self.list_rect.right + px(24), top, w - self.list_rect.right - px(54), h - top - foot)
        self.back_button = self.ui.add(Button(pygame.Rect(px(30), h - px(74), px(160), px(50)), "Back",
                                              self.app.stack.pop, style="ghost", hotkey=pygame.K_ESCAPE,
                                              tooltip="Back to the title screen (Esc)"))
        self.start_button = self.ui.add(Button(pygame.Rect(w - px(250), h - px(76), px(220), px(54)), "Start",
                                               self.start, style="primary", size=20, enabled=self.game is not None,
                                               tooltip="Start the game with these seats"))
        g = self.game
        self.learn_button = None
        if g is None:
            return
        if self._has_guided(g):
            self.learn_button = self.ui.add(Button(
                pygame.Rect(w - px(250) - px(20) - px(190), h - px(74), px(190), px(50)), "Learn to play",
                self._learn, size=16,
                tooltip=f"A guided first game of {g.title} against an Easy computer; it resumes where you left it"))
        for i, game in enumerate(self.games):
            b = Button(pygame.Rect(self.list_rect.left + px(12), self.list_rect.top + px(44) + i * px(56),
                                   self.list_rect.width - px(24), px(46)), game.title,
                       lambda i=i: self._pick_game(i), selected=i == self.game_index, size=16,
                       tooltip=game.blurb or None)
            self.game_buttons.append(self.ui.add(b))
        c = self.card
        x0 = c.left + px(28)
        view = c.inflate(0, -px(16))
        self.card_view = view
        sy = self.card_scroll
        counts = list(range(g.min_players, g.max_players + 1))
        self.players_stepper = Stepper(pygame.Rect(x0 + px(150), c.top + px(22) - sy, px(170), px(40)),
                                       [f"{n} players" if n > 1 else "1 player" for n in counts],
                                       counts.index(self.players), lambda k: self.set_players(counts[k]),
                                       tooltip=f"{g.title} is for {g.min_players}-{g.max_players} players (Left/Right to change)")
        self.ui.add(self.players_stepper)
        keyed: dict[tuple, Widget] = {("players",): self.players_stepper}
        row_y = c.top + px(110)
        name_w = max(px(150), min(px(300), c.width - px(440)))
        kind_w = min(px(280), c.right - px(16) - (x0 + px(74) + name_w))
        for i in range(self.players):
            y = row_y + i * px(58) - sy
            d = self.seats[i]
            colour = self.ui.add(ColourButton(pygame.Rect(x0, y, px(46), px(46)), self, i))
            self.colour_buttons.append(colour)
            entry = NameEntry(pygame.Rect(x0 + px(60), y + px(3), name_w, px(40)), d.name, max_len=16,
                              placeholder=f"Player {i + 1}", on_change=lambda t, i=i: self.name_typed(i, t))
            self.entries.append(entry)
            self.ui.add(entry)
            kind = self.ui.add(Stepper(
                pygame.Rect(x0 + px(74) + name_w, y + px(3), kind_w, px(40)), [k[2] for k in KINDS], d.kind_index,
                lambda k, i=i: self.set_kind(i, k),
                tooltip="Who plays this seat: a person or the computer (Left/Right to change)"))
            self.kind_steppers.append(kind)
            keyed.update({("seat", i, "colour"): colour, ("seat", i, "name"): entry, ("seat", i, "kind"): kind})
        # the board, the seed and the options: under the seats when they fit there, else in the
        # left column in place of the game's blurb (the game buttons' tooltips still tell it), else
        # under the seats again with the card scrolling (a big interface size in a small window)
        y = row_y + max(self.players, 3) * px(58) + px(20)
        below = y + px(96) + len(g.toggles) * px(48) <= c.bottom - px(8)
        L = self.list_rect
        inner = L.inflate(-px(24), 0)
        oy = L.top + px(44) + len(self.games) * px(56) + px(8)
        in_column = oy + px(26 + 48 + 10 + 40 + 8) + len(g.toggles) * px(44) <= L.bottom - px(8)
        self.options_stacked = not below and in_column
        if not self.options_stacked:
            self._extra_y = y - sy
            content_bottom = y + px(96) + len(g.toggles) * px(48)
            board = pygame.Rect(x0 + px(150), y - px(4) - sy, max(px(260), min(px(420), c.right - x0 - px(180))), px(48))
            seed = pygame.Rect(x0 + px(150), y + px(56) - sy, px(200), px(40))
            toggles = [pygame.Rect(x0, y + px(112) + k * px(48) - sy, min(px(350), c.right - x0 - px(20)), px(40))
                       for k in range(len(g.toggles))]
        else:
            self._extra_y = oy
            content_bottom = row_y + self.players * px(58)
            board = pygame.Rect(inner.left, oy + px(26), inner.width, px(48))
            seed = pygame.Rect(inner.left + px(70), board.bottom + px(10), min(px(200), inner.width - px(70)), px(40))
            toggles = [pygame.Rect(inner.left, seed.bottom + px(8) + k * px(44), inner.width, px(40))
                       for k in range(len(g.toggles))]
        self.card_max_scroll = max(0, content_bottom - view.bottom)
        self.board_row = BoardRow(board, self.board_pick, lambda: open_chooser(self.app, self.board_pick, g.title))
        self.ui.add(self.board_row)
        self.seed_entry = TextEntry(seed, self.seed, max_len=9, placeholder="random",
                                    on_change=lambda t: setattr(self, "seed", t), allowed=str.isdigit)
        self.seed_entry.tooltip = "The same seed deals the same game; leave it empty for a new deal"
        self.ui.add(self.seed_entry)
        keyed.update({("board",): self.board_row, ("seed",): self.seed_entry})
        for k, (field, label, why) in enumerate(g.toggles):
            t = self.ui.add(Toggle(toggles[k], label, self.toggles.get(field, False),
                                   lambda v, field=field: self.toggles.__setitem__(field, v), tooltip=why))
            self.toggle_widgets.append(t)
            keyed[("toggle", field)] = t
        # what the card's edge would cut is hidden (and out of the keyboard's reach until scrolled to)
        for key, wdg in keyed.items():
            if self.options_stacked and key[0] in ("board", "seed", "toggle"):
                continue
            wdg.visible = view.contains(wdg.rect)
        box = keyed.get(typing) if typing is not None else None
        if isinstance(box, TextEntry):
            box.focused, box.caret = True, len(box.text)
        self._keyed = keyed

    def _reveal(self, key: tuple) -> None:
        """Scroll the card so the control ``key`` is in view, and the controls before and after it
        too when there is room (so Tab and Shift+Tab always find the next one showing)."""
        wdg = self._keyed.get(key)
        if wdg is None or self.card_max_scroll <= 0:
            return
        view = self.card_view
        card_keys = [k for k in self._keyed if not (self.options_stacked and k[0] in ("board", "seed", "toggle"))]
        if key not in card_keys:
            return
        i = card_keys.index(key)

        def unscrolled(k: tuple) -> pygame.Rect:
            return self._keyed[k].rect.move(0, self.card_scroll)

        r = unscrolled(key)
        new = self.card_scroll
        for k in (card_keys[i - 1] if i > 0 else None, card_keys[i + 1] if i + 1 < len(card_keys) else None):
            if k is None:
                continue
            span = r.union(unscrolled(k))
            if span.height <= view.height:
                r = span
        if r.bottom - new > view.bottom:
            new = r.bottom - view.bottom
        if r.top - new < view.top:
            new = r.top - view.top
        self.scroll_card(new - self.card_scroll)

    def scroll_card(self, dy: int) -> None:
        new = max(0, min(self.card_max_scroll, self.card_scroll + dy))
        if new != self.card_scroll:
            self.card_scroll = new
            self.layout(self.size)

    # -- keyboard ------------------------------------------------------------------------------------
    def focusables(self) -> list[Target]:
        """In reading order: the games, the player count, each seat (colour, name, who plays), the
        board, the seed, the options, then Start and Back. A control of the card reached by the
        keyboard scrolls the card (when it scrolls) so the rows around it show."""
        g = self.game
        named: list[tuple[tuple, Widget | None, str | None]] = []
        if g is not None:
            named += [(("game", i), b, f"Game: {b.text}" + (" (chosen)" if b.selected else ""))
                      for i, b in enumerate(self.game_buttons)]
            if self.players_stepper is not None:
                named.append((("players",), self.players_stepper,
                              f"Players: {self.players_stepper.value} (Left/Right to change)"))
            for i in range(len(self.entries)):
                colour = theme.PLAYER_COLOURS[self.seats[i].colour_index][0]
                role = self.seat_role(i)
                named.append((("seat", i, "colour"), self.colour_buttons[i], f"Seat {i + 1} colour: {colour} (Enter for another)"))
                named.append((("seat", i, "name"), self.entries[i], f"Seat {i + 1} name: {self.entries[i].text or '(empty)'}"
                              + (f" (this seat is the {role})" if role else "")))
                named.append((("seat", i, "kind"), self.kind_steppers[i],
                              f"Seat {i + 1} is played by: {self.kind_steppers[i].value}"))
            chosen = self.board_pick.chosen
            named.append((("board",), self.board_row, f"Board: {chosen.title if chosen else 'the game’s own'} (Enter to choose)"))
            named.append((("seed",), self.seed_entry, f"Seed: {self.seed or 'random'}"))
            fields = [f for f, _, _ in g.toggles]
            named += [(("toggle", fields[k]), t, None) for k, t in enumerate(self.toggle_widgets)]
        if getattr(self, "learn_button", None) is not None:
            named.append((("learn",), self.learn_button, None))
        named += [(("start",), self.start_button, None), (("back",), self.back_button, None)]
        out = []
        for key, wdg, label in named:
            if wdg is None:
                continue
            t = shell_keys.target(wdg, label, key=("setup",) + key)
            if t is None:
                continue
            if key in self._keyed:
                t.on_focus = lambda on, key=key: self._focus_card(key, on)
            elif key[0] == "game":  # coming into the card from above: its top shows
                t.on_focus = lambda on: self.scroll_card(-self.card_max_scroll) if on else None
            elif key[0] in ("learn", "start", "back"):  # from below (Shift+Tab): its end shows
                t.on_focus = lambda on: self.scroll_card(self.card_max_scroll) if on else None
            out.append(t)
        return out

    def enter(self) -> None:
        """The ring shows on the chosen game from the start: the screen is worked by keys at once,
        and what the ring is on is what is chosen."""
        self._ring_on_game()

    def _ring_on_game(self) -> None:
        t = next((t for t in self.focusables() if t.key == ("setup", "game", self.game_index)), None)
        if t is not None:
            self.focus_ring.active = True
            self.focus_ring._set(t)

    def _game_arrows(self, event: pygame.event.Event) -> bool:
        """Up/Down while the ring is on the list of games choose the game above or below (a list
        of choices: moving in it is choosing)."""
        if event.type != pygame.KEYDOWN or event.key not in (pygame.K_UP, pygame.K_DOWN) or not self.games:
            return False
        ring = self.focus_ring
        cur = ring.focused(self.focusables()) if ring.active else None
        if cur is None or not (isinstance(cur.key, tuple) and cur.key[:2] == ("setup", "game")):
            return False
        i = max(0, min(len(self.games) - 1, self.game_index + (1 if event.key == pygame.K_DOWN else -1)))
        if i != self.game_index:
            self._pick_game(i)
        self._ring_on_game()
        return True

    def _focus_card(self, key: tuple, on: bool) -> None:
        """The keyboard reached (or left) a control of the card: scroll to it; a text box types."""
        if on:
            self._reveal(key)
        wdg = self._keyed.get(key)
        if isinstance(wdg, TextEntry):
            wdg.focus(on)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._mouse = event.pos
        boxes = self.entries + ([self.seed_entry] if self.seed_entry is not None else [])
        if shell_keys.box_keys(self, boxes, event):
            return True
        if self.card_max_scroll > 0 and shell_keys.card_scroll(event, self._mouse, self.card, self.card_view,
                                                               self.scroll_card):
            return True
        if self._game_arrows(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in shell_keys.ENTER:
            self.start()
            return True
        return self.ui.handle_event(event)

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def hint(self) -> str:
        return "Tab: next  ·  ↑ ↓: game  ·  ← →: change  ·  Enter: choose, or type a name  ·  Ctrl+A: select a name  ·  Esc: back"

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        g = self.game
        if g is not None and not self.options_stacked and self._blurb_rect().collidepoint(pos):
            return f"{g.title}: {g.blurb}" if g.blurb else g.title
        if self._foot_rect().collidepoint(pos):
            return self._foot_text()
        return super().tooltip_at(pos)

    def _blurb_rect(self) -> pygame.Rect:
        px = theme.px
        top = self.list_rect.top + px(44) + len(self.games) * px(56) + px(12)
        return pygame.Rect(self.list_rect.left + px(16), top, self.list_rect.width - px(32),
                           self.list_rect.bottom - top - px(12))

    def _foot_rect(self) -> pygame.Rect:
        px = theme.px
        w, h = self.size
        left = px(30 + 160 + 24)
        right = w - px(250) - px(24) - (px(210) if getattr(self, "learn_button", None) is not None else 0)
        return pygame.Rect(left, h - px(84), max(40, right - left), px(72))

    def _foot_text(self) -> str:
        problems = self.problems()
        return self.message or (" ".join(problems) if problems else self.hint())

    # -- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        px = theme.px
        draw.paper_background(surface)
        draw.text(surface, "New game", (w // 2, px(26)), 36, theme.INK, bold=True, serif=True, anchor="midtop")
        draw.panel(surface, self.list_rect)
        draw.panel(surface, self.card)
        draw.text(surface, "Game", (self.list_rect.left + px(16), self.list_rect.top + px(14)), 16, theme.INK_SOFT, bold=True)
        g = self.game
        if g is None:
            draw.text_block(surface, "No games are installed yet.", self.card.inflate(-px(60), -px(60)), 20, theme.INK_SOFT)
            self.ui.draw(surface)
            return
        if not self.options_stacked:
            self._draw_blurb(surface, g)
        c = self.card
        x0 = c.left + px(28)
        view = self.card_view
        sy = self.card_scroll

        def card_text(text: str, pos: tuple[int, int], size: int, colour, anchor: str = "midleft", **kw) -> None:
            """A line of the card, left out where the card's edge would cut it (the card scrolls)."""
            lh = draw.line_height(size, kw.get("bold", False))
            top = pos[1] - (lh // 2 if anchor.startswith("mid") else 0)
            if view.top <= top and top + lh <= view.bottom:
                draw.text(surface, text, pos, size, colour, anchor=anchor, **kw)

        card_text("Players", (x0, c.top + px(42) - sy), 18, theme.INK, bold=True)
        card_text("Colour · name · who plays", (x0, c.top + px(84) - sy), 14, theme.INK_SOFT, max_width=c.width - px(40))
        for i, entry in enumerate(self.entries):
            role = self.seat_role(i)
            if role and entry.visible:  # said before the seat is chosen, under its name (the rows leave room)
                card_text(f"This seat is the {role}", (entry.rect.left + px(4), entry.rect.bottom + 1), 12,
                          theme.ACCENT_DARK, anchor="topleft", bold=True,
                          max_width=max(40, c.right - entry.rect.left - px(20)))
        if self.board_row is not None and self.seed_entry is not None:
            if self.options_stacked:
                L = self.list_rect
                pygame.draw.line(surface, theme.PAPER_DARK, (L.left + px(16), self._extra_y - px(2)),
                                 (L.right - px(16), self._extra_y - px(2)))
                draw.text(surface, "Board", (self.board_row.rect.left, self.board_row.rect.top - px(4)), 16, theme.INK,
                          bold=True, anchor="bottomleft")
                draw.text(surface, "Seed", (self.board_row.rect.left, self.seed_entry.rect.centery), 16, theme.INK,
                          bold=True, anchor="midleft")
            else:
                y = self._extra_y
                if self.board_row.visible:
                    card_text("Board", (x0, y + px(20)), 18, theme.INK, bold=True)
                if self.seed_entry.visible:
                    card_text("Seed", (x0, y + px(76)), 18, theme.INK, bold=True)
                    note_x = self.seed_entry.rect.right + px(14)
                    note = pygame.Rect(note_x, self.seed_entry.rect.top + px(2), c.right - note_x - px(16),
                                       self.seed_entry.rect.height)
                    text = "the same seed deals the same game"
                    if note.width > px(120) and draw.text_block(None, text, note, 14) <= note.height:
                        draw.text_block(surface, text, note, 14, theme.INK_SOFT)  # else the box's tooltip says it
        if self.card_max_scroll > 0:  # a scrollbar says there is more
            track = pygame.Rect(c.right - px(10), view.top + px(4), px(5), view.height - px(8))
            span = view.height + self.card_max_scroll
            thumb_h = max(px(30), track.height * view.height // span)
            thumb_y = track.top + (track.height - thumb_h) * sy // max(1, self.card_max_scroll)
            draw.rounded_rect(surface, track, (0, 0, 0, 25), px(3))
            draw.rounded_rect(surface, pygame.Rect(track.left, thumb_y, track.width, thumb_h), (150, 140, 126), px(3))
        self.ui.draw(surface)
        foot = self._foot_rect()
        problems = self.problems()
        msg = self.message or (" ".join(problems) if problems else None)
        text, colour = (msg, theme.BAD) if msg else (self.hint(), theme.INK_SOFT)
        size = 16 if msg else 13
        lines = draw.wrap(text, foot.width, size)
        used = len(lines) * draw.line_height(size)
        draw.text_block(surface, text, pygame.Rect(foot.left, foot.centery - used // 2, foot.width, foot.height),
                        size, colour, align="center")
        tip = self.ui.hovered_tooltip()
        if tip:
            draw_tooltip(surface, tip, self._mouse)

    def _draw_blurb(self, surface: pygame.Surface, g: GameRules) -> None:
        """The chosen game's title, player count and blurb under the list (smaller when room is short)."""
        px = theme.px
        blurb = self._blurb_rect()
        if blurb.height < draw.line_height(20, True, True) + draw.line_height(14) + draw.line_height(12) + px(10):
            return  # no room (a big interface size): the game buttons' tooltips tell it
        top = blurb.top
        pygame.draw.line(surface, theme.PAPER_DARK, (blurb.left, top - px(6)), (blurb.right, top - px(6)))
        draw.text(surface, g.title, blurb.topleft, 20, theme.ACCENT_DARK, bold=True, serif=True, max_width=blurb.width)
        players = f"{g.min_players}-{g.max_players} players" if g.max_players > g.min_players else f"{g.min_players} players"
        draw.text(surface, players, (blurb.left, blurb.top + draw.line_height(20, True, True) + px(2)), 14, theme.INK_SOFT)
        body_top = blurb.top + draw.line_height(20, True, True) + draw.line_height(14) + px(10)
        body = pygame.Rect(blurb.left, body_top, blurb.width, blurb.bottom - body_top)
        if body.height < draw.line_height(12):
            return  # no room (a big interface size): the game buttons' tooltips tell it
        size = next((s for s in (15, 14, 13, 12) if draw.text_block(None, g.blurb or "", body, s) <= body.height), 12)
        draw.text_block(surface, g.blurb or "", body, size, theme.INK)
