"""New game: choose the game, the seats (person or computer, name, colour), the map and a seed.

The last set-up started for each game is remembered in the settings and offered again, so a
table that plays the same game every week does not type its names every week.
"""

from __future__ import annotations

import importlib.util
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from courier.match import Match, SeatSpec
from courier.rules import registry
from courier.rules.base import BoardError, ConfigError, GameRules
from courier.scenes.base import Scene
from courier.scenes.board_chooser import BoardPick, BoardRow, open_chooser
from courier.scenes.games import VIEWS
from courier.settings import SeatChoice, SetupChoice
from courier.ui import draw, sprites, theme
from courier.ui.widgets import Button, Stepper, TextEntry, Toggle, WidgetGroup, draw_tooltip

if TYPE_CHECKING:
    from courier.app import App

log = logging.getLogger(__name__)

KINDS = [("human", "normal", "Person"), ("ai", "easy", "Computer · easy"), ("ai", "normal", "Computer · normal"),
         ("ai", "hard", "Computer · hard")]
COMPUTER_NAMES = ["Rosie", "Dennis", "Mabel", "Archie", "Nell", "Stanley"]
MAX_SEATS = 6


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


@dataclass
class SeatDraft:
    name: str
    colour_index: int
    kind_index: int

    def default_name(self, i: int) -> bool:
        return self.name in (f"Player {i + 1}", COMPUTER_NAMES[i % len(COMPUTER_NAMES)], "")


class SetupScene(Scene):
    def __init__(self, app: "App", games: list[GameRules] | None = None) -> None:
        super().__init__(app)
        self.games = playable_games() if games is None else games
        self.game_index = 0
        self.players = 0
        self.seats = [SeatDraft(f"Player {i + 1}" if i == 0 else COMPUTER_NAMES[i], i, 0 if i == 0 else 2)
                      for i in range(MAX_SEATS)]
        self.map_index = 0
        self.seed = ""
        #: the game's on/off options (GameRules.toggles) as chosen here
        self.toggles: dict[str, bool] = {}
        self.ui = WidgetGroup()
        self.message: str | None = None
        self.card = pygame.Rect(0, 0, 10, 10)
        self.list_rect = pygame.Rect(0, 0, 10, 10)
        self.entries: list[TextEntry] = []
        self._mouse = (0, 0)
        if self.games:
            self._pick_game(0, rebuild=False)

    @property
    def game(self) -> GameRules | None:
        return self.games[self.game_index] if self.games else None

    # -- model -------------------------------------------------------------------------------------
    def _pick_game(self, index: int, rebuild: bool = True) -> None:
        self.game_index = index
        g = self.games[index]
        want = self.players or 2
        self.players = max(g.min_players, min(g.max_players, want))
        self.map_index = 0
        self.board_pick = BoardPick(g.id)
        self.message = None
        self.toggles = {field: False for field, _, _ in g.toggles}
        self._recall(g)
        self._untangle_colours()
        if rebuild:
            self.layout(self.size)

    def _recall(self, g: GameRules) -> None:
        """Offer this game's last set-up again: seats, names, colours, kinds, levels, map, options."""
        last = self.app.settings.last_setup.get(g.id)
        if last is None:
            return
        self.players = max(g.min_players, min(g.max_players, last.players))
        for i, seat in enumerate(last.seats[:MAX_SEATS]):
            kind = next((k for k, (kd, lv, _) in enumerate(KINDS) if kd == seat.kind and (kd == "human" or lv == seat.level)), 0)
            self.seats[i] = SeatDraft(seat.name, seat.colour % len(theme.PLAYER_COLOURS), kind)
        if last.map in g.maps:
            self.map_index = list(g.maps).index(last.map)
        known = {field for field, _, _ in g.toggles}
        self.toggles.update({k: v for k, v in last.toggles.items() if k in known})

    def _remember(self, g: GameRules) -> None:
        """Keep this set-up for next time (a settings file that cannot be written costs nothing)."""
        seats = []
        for i in range(self.players):
            d = self.seats[i]
            kind, level, _ = KINDS[d.kind_index]
            seats.append(SeatChoice(name=d.name.strip()[:16], colour=d.colour_index, kind=kind, level=level))
        choice = SetupChoice(players=self.players, seats=seats, map=list(g.maps)[self.map_index] if g.maps else None,
                             toggles=dict(self.toggles))
        self.app.settings.last_setup = {**self.app.settings.last_setup, g.id: choice}
        msg = self.app.save_settings()
        if msg:
            log.warning("%s", msg)

    def seat_role(self, seat: int) -> str | None:
        """What a seat is when the game gives it a part of its own (the Rogue, the solo driver)."""
        g = self.game
        if g is None:
            return None
        try:
            names = g.seat_names(g.make_config(players=self.players))
        except ConfigError:
            return None
        if seat >= len(names) or names[seat].endswith(f" {seat + 1}"):
            return None  # an ordinary seat ("Player 2", "Courier 2")
        return names[seat]

    def set_players(self, n: int) -> None:
        g = self.game
        if g is None:
            return
        self.players = max(g.min_players, min(g.max_players, n))
        self._untangle_colours()
        self.layout(self.size)

    def _untangle_colours(self) -> None:
        """A seat that joins with a colour already taken gets the next free one."""
        for i in range(self.players):
            if any(self.seats[j].colour_index == self.seats[i].colour_index for j in range(i)):
                self.next_colour(i)

    def set_kind(self, seat: int, kind_index: int) -> None:
        d = self.seats[seat]
        was_default = d.default_name(seat)
        d.kind_index = kind_index
        if was_default:
            d.name = f"Player {seat + 1}" if KINDS[kind_index][0] == "human" else COMPUTER_NAMES[seat % len(COMPUTER_NAMES)]
            self.layout(self.size)

    def next_colour(self, seat: int) -> None:
        """Give ``seat`` the next colour no other seat in play is using."""
        used = {self.seats[i].colour_index for i in range(self.players) if i != seat}
        c = self.seats[seat].colour_index
        for _ in range(len(theme.PLAYER_COLOURS)):
            c = (c + 1) % len(theme.PLAYER_COLOURS)
            if c not in used:
                break
        self.seats[seat].colour_index = c

    def seat_specs(self) -> list[SeatSpec]:
        out = []
        for i in range(self.players):
            d = self.seats[i]
            kind, level, _ = KINDS[d.kind_index]
            name = d.name.strip() or (f"Player {i + 1}" if kind == "human" else COMPUTER_NAMES[i % len(COMPUTER_NAMES)])
            out.append(SeatSpec(name, theme.PLAYER_COLOURS[d.colour_index][1], kind, level))
        return out

    def problems(self) -> list[str]:
        names = [s.name.strip().lower() for s in self.seat_specs()]
        colours = [self.seats[i].colour_index for i in range(self.players)]
        out = []
        if len(set(names)) != len(names):
            out.append("Two seats have the same name.")
        if len(set(colours)) != len(colours):
            out.append("Two seats have the same colour.")
        return out

    def start(self) -> Match | None:
        """Start the game with these seats (None and a message if something is wrong)."""
        from courier.scenes.board import BoardScene

        g = self.game
        if g is None:
            return None
        bad = self.problems()
        if bad:
            self.message = " ".join(bad)
            return None
        options = {}
        if self.board_pick.key:
            options["map"] = self.board_pick.key
        options.update(self.toggles)
        try:
            match = Match.new(g.id, self.seat_specs(), seed=int(self.seed) if self.seed else None, **options)
        except BoardError as exc:  # a board file edited into something unplayable
            from courier.maps import summary

            self.message = summary(exc)
            return None
        except (ConfigError, ValueError) as exc:
            self.message = str(exc)
            return None
        self._remember(g)
        self.app.stack.reset(BoardScene(self.app, match))
        return match

    # -- widgets -------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.ui.clear()
        self.entries = []
        self.list_rect = pygame.Rect(30, 96, min(340, int(w * 0.28)), h - 96 - 96)
        self.card = pygame.Rect(self.list_rect.right + 24, 96, w - self.list_rect.right - 54, h - 96 - 96)
        self.ui.add(Button(pygame.Rect(30, h - 74, 160, 50), "Back", self.app.stack.pop, style="ghost",
                           hotkey=pygame.K_ESCAPE))
        start = Button(pygame.Rect(w - 250, h - 76, 220, 54), "Start", self.start, style="primary",
                       size=20, enabled=self.game is not None)
        self.ui.add(start)
        g = self.game
        if g is None:
            return
        for i, game in enumerate(self.games):
            self.ui.add(Button(pygame.Rect(self.list_rect.left + 12, self.list_rect.top + 44 + i * 56,
                                           self.list_rect.width - 24, 46), game.title,
                               lambda i=i: self._pick_game(i), selected=i == self.game_index, size=16))
        c = self.card
        x0 = c.left + 28
        counts = list(range(g.min_players, g.max_players + 1))
        self.ui.add(Stepper(pygame.Rect(x0 + 150, c.top + 22, 170, 40), [f"{n} players" if n > 1 else "1 player" for n in counts],
                            counts.index(self.players), lambda k: self.set_players(counts[k]),
                            tooltip=f"{g.title} is for {g.min_players}-{g.max_players} players"))
        row_y = c.top + 110
        name_w = max(150, min(300, c.width - 440))
        for i in range(self.players):
            y = row_y + i * 58
            d = self.seats[i]
            self.ui.add(_ColourButton(pygame.Rect(x0, y, 46, 46), self, i))
            entry = NameEntry(pygame.Rect(x0 + 60, y + 3, name_w, 40), d.name, max_len=16, placeholder=f"Player {i + 1}",
                              on_change=lambda t, i=i: setattr(self.seats[i], "name", t))
            self.entries.append(entry)
            self.ui.add(entry)
            self.ui.add(Stepper(pygame.Rect(x0 + 74 + name_w, y + 3, 280, 40), [k[2] for k in KINDS], d.kind_index,
                                lambda k, i=i: self.set_kind(i, k)))
        y = row_y + max(self.players, 3) * 58 + 20
        self.ui.add(BoardRow(pygame.Rect(x0 + 150, y - 4, max(260, min(420, c.right - x0 - 180)), 48), self.board_pick,
                             lambda: open_chooser(self.app, self.board_pick, g.title)))
        self.ui.add(TextEntry(pygame.Rect(x0 + 150, y + 56, 200, 40), self.seed, max_len=9, placeholder="random",
                              on_change=lambda t: setattr(self, "seed", t), allowed=str.isdigit))
        for k, (field, label, why) in enumerate(g.toggles):
            self.ui.add(Toggle(pygame.Rect(x0, y + 112 + k * 48, 350, 40), label, self.toggles.get(field, False),
                               lambda v, field=field: self.toggles.__setitem__(field, v), tooltip=why))
        self._extra_y = y

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._mouse = event.pos
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and not any(e.focused for e in self.entries):
            self.start()
            return True
        return self.ui.handle_event(event)

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    # -- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw.paper_background(surface)
        draw.text(surface, "New game", (w // 2, 26), 36, theme.INK, bold=True, serif=True, anchor="midtop")
        draw.panel(surface, self.list_rect)
        draw.panel(surface, self.card)
        draw.text(surface, "Game", (self.list_rect.left + 16, self.list_rect.top + 14), 16, theme.INK_SOFT, bold=True)
        g = self.game
        if g is None:
            draw.text_block(surface, "No games are installed yet.", self.card.inflate(-60, -60), 20, theme.INK_SOFT)
            self.ui.draw(surface)
            return
        # the chosen game's blurb under the list
        top = self.list_rect.top + 44 + len(self.games) * 56 + 12
        blurb = pygame.Rect(self.list_rect.left + 16, top, self.list_rect.width - 32, self.list_rect.bottom - top - 12)
        pygame.draw.line(surface, theme.PAPER_DARK, (blurb.left, top - 6), (blurb.right, top - 6))
        draw.text(surface, g.title, blurb.topleft, 20, theme.ACCENT_DARK, bold=True, serif=True)
        players = f"{g.min_players}-{g.max_players} players" if g.max_players > g.min_players else f"{g.min_players} players"
        draw.text(surface, players, (blurb.left, blurb.top + 30), 14, theme.INK_SOFT)
        draw.text_block(surface, g.blurb or "", pygame.Rect(blurb.left, blurb.top + 56, blurb.width, blurb.height - 56), 15,
                        theme.INK)
        c = self.card
        x0 = c.left + 28
        draw.text(surface, "Players", (x0, c.top + 42), 18, theme.INK, bold=True, anchor="midleft")
        draw.text(surface, "Colour · name · who plays", (x0, c.top + 84), 14, theme.INK_SOFT, anchor="midleft")
        for i, entry in enumerate(self.entries):
            role = self.seat_role(i)
            if role:  # said before the seat is chosen, under its name (the rows leave room for a line)
                draw.text(surface, f"This seat is the {role}", (entry.rect.left + 4, entry.rect.bottom + 1), 12,
                          theme.ACCENT_DARK, bold=True, max_width=max(40, c.right - entry.rect.left - 20))
        y = self._extra_y
        draw.text(surface, "Board", (x0, y + 20), 18, theme.INK, bold=True, anchor="midleft")
        draw.text(surface, "Seed", (x0, y + 76), 18, theme.INK, bold=True, anchor="midleft")
        draw.text(surface, "the same seed deals the same game", (x0 + 364, y + 76), 14, theme.INK_SOFT, anchor="midleft",
                  max_width=max(40, c.right - x0 - 380))
        self.ui.draw(surface)
        problems = self.problems()
        msg = self.message or (" ".join(problems) if problems else None)
        if msg:
            draw.text(surface, msg, (w - 270, h - 49), 16, theme.BAD, anchor="midright", max_width=w - 520)
        tip = self.ui.hovered_tooltip()
        if tip:
            draw_tooltip(surface, tip, self._mouse)


class NameEntry(TextEntry):
    """A name box where Ctrl+A selects the whole name, so typing replaces it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.all_selected = False

    def focus(self, on: bool = True) -> None:
        super().focus(on)
        if not on:
            self.all_selected = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.focused:
            return super().handle_event(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.all_selected = bool(self.text)
            self.caret = len(self.text)
            return True
        if self.all_selected:
            if event.type == pygame.TEXTINPUT or (event.type == pygame.KEYDOWN and event.key in (pygame.K_BACKSPACE, pygame.K_DELETE)):
                self.all_selected = False
                self.text, self.caret = "", 0
                self._changed()
                if event.type == pygame.KEYDOWN:
                    return True
            elif event.type == pygame.KEYDOWN and event.key not in (pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LMETA,
                                                                   pygame.K_RMETA, pygame.K_LSHIFT, pygame.K_RSHIFT):
                self.all_selected = False
            elif event.type == pygame.MOUSEBUTTONDOWN:
                self.all_selected = False
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        if self.focused and self.all_selected and self.text:
            tw = min(draw.font(16).size(self.text)[0], self.rect.width - 20)
            band = pygame.Rect(self.rect.left + 8, self.rect.centery - 12, tw + 4, 24)
            super().draw(surface)
            shade = pygame.Surface(band.size, pygame.SRCALPHA)
            shade.fill((*theme.ACCENT, 90))
            surface.blit(shade, band)
            return
        super().draw(surface)


class _ColourButton(Button):
    """A seat's colour: click for the next free colour. Shows the seat's meeple in that colour."""

    def __init__(self, rect: pygame.Rect, scene: SetupScene, seat: int) -> None:
        self.scene = scene
        self.seat = seat
        super().__init__(rect, "", lambda: scene.next_colour(seat))

    @property  # type: ignore[override]
    def tooltip(self) -> str:
        name = theme.PLAYER_COLOURS[self.scene.seats[self.seat].colour_index][0]
        return f"{name} - click for another colour"

    @tooltip.setter
    def tooltip(self, _value: object) -> None:
        pass  # always worked out from the seat's colour

    def draw(self, surface: pygame.Surface) -> None:
        idx = self.scene.seats[self.seat].colour_index
        name, colour = theme.PLAYER_COLOURS[idx]
        draw.rounded_rect(surface, self.rect, draw.lighten(colour, 0.75), 10)
        draw.rounded_rect(surface, self.rect, colour if not self.hovered else theme.INK, 10, width=2)
        img = sprites.tinted("meeple", colour, self.rect.height - 12)
        surface.blit(img, img.get_rect(center=self.rect.center))
