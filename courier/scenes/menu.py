"""The title screen: new game, continue the latest save, load, rules, settings, quit."""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

import pygame

from courier.scenes.base import Scene
from courier.scenes import flow
from courier.scenes.resting_pointer import RestingPointer
from courier.ui import draw, sprites, theme
from courier.ui.widgets import Button, WidgetGroup, draw_tooltip

if TYPE_CHECKING:
    from courier import saves
    from courier.app import App

log = logging.getLogger(__name__)

#: the keys, said at the foot of the title screen
HINT = "Tab or ↑ ↓: move  ·  Enter: choose  ·  N new  ·  P learn to play  ·  C continue  ·  L load  ·  Esc: quit"


class MenuScene(Scene):
    def __init__(self, app: "App", message: str | None = None, *, saves_after_first_frame: bool = False) -> None:
        super().__init__(app)
        #: the first screen of the program lists the saves only once its first frame is shown
        #: (reading them loads the save format and the games' rules)
        self._list_saves_later = saves_after_first_frame
        self.ui = WidgetGroup()
        self.latest: saves.SaveEntry | None = None
        self.finished_only = False  # saves exist, but every one is a finished game
        #: games in progress besides the one Continue offers (they are in Load)
        self.others_in_progress = 0
        self.message = message or getattr(app, "settings_message", None)
        self.t = 0.0
        self.buttons: dict[str, Button] = {}
        self._mouse = (0, 0)
        self.resting = RestingPointer()

    # -- life cycle -----------------------------------------------------------------------------
    def enter(self) -> None:
        if not self._list_saves_later:
            self._refresh_latest()

    def resume(self) -> None:
        self._refresh_latest()

    def _refresh_latest(self) -> None:
        self._list_saves_later = False
        from courier import saves

        from courier.saves import listing

        try:
            entries = listing.one_row_each(saves.list_saves())
            self.latest = saves.latest_save(entries)
            self.finished_only = self.latest is None and any(e.ok for e in entries)
            # games, not files: a game's autosave and the saves named in it are one game
            self.others_in_progress = listing.games_in_progress(entries, besides=self.latest)
        except Exception as exc:  # a broken saves folder must not take the menu down
            log.warning("could not list saves: %s", exc)
            self.latest = None
            self.finished_only = False
            self.others_in_progress = 0
        cont = self.buttons.get("continue")
        if cont is not None:
            cont.enabled = self.latest is not None
            cont.tooltip = self._continue_tip()

    def _continue_tip(self) -> str | None:
        if self.latest is None:
            return "No game in progress; finished games are in Load" if self.finished_only else "No saved game yet"
        e = self.latest
        return f"Play on with the newest game in progress: {e.title}, {e.game_title}, {e.turn_label} ({e.saved_at_text})"

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        px = theme.px
        bw, bh, gap = px(300), px(48), px(10)
        x = w // 2 - bw // 2
        # under the title and its line (their heights follow the interface scale)
        y = max(int(h * 0.30), self._title_y(h) + px(118) + draw.line_height(20) + px(24))
        self.ui.clear()
        spec = [
            ("new", "New game", self._new, "primary", pygame.K_n, None),
            ("learn", "Learn to play", self._learn, "secondary", pygame.K_p, None),
            ("continue", "Continue", self._continue, "secondary", pygame.K_c, None),
            ("load", "Load", self._load, "secondary", pygame.K_l, "icon_save"),
            ("rules", "Rules", self._rules, "secondary", pygame.K_r, "icon_rules"),
            ("settings", "Settings", self._settings, "secondary", pygame.K_s, "icon_settings"),
            ("quit", "Quit", self.app.quit, "ghost", pygame.K_q, None),
        ]
        self.buttons = {}
        # one column when it fits above the foot line, else two (a big interface size)
        room = h - px(34) - y
        n = len(spec)
        self.two_columns = n * bh + (n - 1) * gap > room
        for i, (key, label, fn, style, hotkey, icon) in enumerate(spec):
            if self.two_columns:
                col, row = divmod(i, (n + 1) // 2)
                bx = w // 2 - bw - px(10) if col == 0 else w // 2 + px(10)
                rect = pygame.Rect(bx, y + row * (bh + gap), bw, bh)
            else:
                rect = pygame.Rect(x, y + i * (bh + gap), bw, bh)
            b = Button(rect, label, fn, style=style, hotkey=hotkey, icon=icon, size=19)
            self.buttons[key] = self.ui.add(b)
        self.buttons["continue"].enabled = self.latest is not None
        self.buttons["continue"].tooltip = self._continue_tip()

    def _message_box(self, w: int) -> pygame.Rect:
        px = theme.px
        box = pygame.Rect(w // 2 - min(px(330), w // 2 - px(20)), px(12), min(px(660), w - px(40)), 0)
        lines = draw.wrap(self.message or "", box.width - px(30), 15)
        box.height = len(lines) * draw.line_height(15) + px(20)
        return box

    @staticmethod
    def _title_y(h: int) -> int:
        return max(theme.px(30), int(h * 0.05))

    def _side_notes(self) -> list[tuple[pygame.Rect, str]]:
        """The notes written beside Continue and Load: (where, whole text); the rect is the room
        they have, so pointing anywhere on a shortened note shows it whole."""
        w = self.size[0]
        out: list[tuple[pygame.Rect, str]] = []
        if getattr(self, "two_columns", False):
            return out  # no room beside the buttons: Continue's tooltip tells the game
        cont = self.buttons.get("continue")
        if cont is not None and self.latest is not None:
            e = self.latest
            label = f"{e.game_title}  ·  {e.turn_label}"
            if not e.is_autosave:  # a named save: its name, and the game unless the name says it
                label = f"“{e.title}”  ·  {e.turn_label if e.game_title in e.title else label}"
            out.append((self._note_rect(cont.rect, w), label))
        load = self.buttons.get("load")
        if load is not None and self.others_in_progress:
            n = self.others_in_progress
            out.append((self._note_rect(load.rect, w), f"{n} more game{'s' if n != 1 else ''} in progress"))
        return out

    @staticmethod
    def _note_rect(button: pygame.Rect, w: int) -> pygame.Rect:
        left = button.right + theme.px(14)
        return pygame.Rect(left, button.top, max(40, w - left - theme.px(30)), button.height)

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        for rect, text in self._side_notes():
            if rect.collidepoint(pos):
                return text
        return super().tooltip_at(pos)

    # -- actions ---------------------------------------------------------------------------------
    def _new(self) -> None:
        flow.to_setup(self.app)

    def _learn(self) -> None:
        flow.to_learn(self.app)

    def _continue(self) -> None:
        if self.latest is None:
            return
        flow.open_save(self.app, self.latest.path, on_error=self._show_error)

    def _show_error(self, message: str) -> None:
        self.message = message
        self._refresh_latest()

    def _load(self) -> None:
        flow.to_load(self.app)

    def _rules(self) -> None:
        flow.to_rules(self.app)

    def _settings(self) -> None:
        flow.to_settings(self.app)

    # -- frame -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.resting.still(event):
            return True  # the pointer only rests where the window opened: it hovers nothing yet
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._mouse = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and self.message:
            self.message = None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            flow.ask_quit(self.app)  # Escape is easy to press by mistake: it asks, the Quit button does not
            return True
        return self.ui.handle_event(event)

    def update(self, dt: float) -> None:
        if self._list_saves_later and self.app.frames > 0:
            self._refresh_latest()
        if not self.app.settings.reduced_motion:
            self.t += dt * self.app.settings.anim_speed

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        px = theme.px
        draw_title_backdrop(surface, self.t)
        title_y = self._title_y(h)
        if self.message:  # the message card sits above the title: the title steps down for it
            title_y = max(title_y, self._message_box(w).bottom + px(4))
        draw.text(surface, "Courier", (w // 2 + px(3), title_y + px(4)), 96, draw.darken(theme.PAPER_DARK, 0.25),
                  bold=True, serif=True, anchor="midtop")
        draw.text(surface, "Courier", (w // 2, title_y), 96, theme.ACCENT, bold=True, serif=True, anchor="midtop")
        draw.text(surface, "Four pick-up-and-deliver board games for one table", (w // 2, title_y + px(118)), 20,
                  theme.INK_SOFT, serif=True, anchor="midtop")
        self.ui.draw(surface)
        for rect, text in self._side_notes():
            draw.text(surface, text, (rect.left, rect.centery), 14, theme.INK_SOFT, anchor="midleft",
                      max_width=rect.width)
        from courier import __version__

        draw.text(surface, f"version {__version__}", (w - px(14), h - px(8)), 13, theme.INK_SOFT, anchor="bottomright")
        draw.text(surface, HINT, (px(14), h - px(8)), 13, theme.INK_SOFT, anchor="bottomleft",
                  max_width=w - px(200))
        if self.message:
            box = self._message_box(w)
            draw.panel(surface, box, (255, 240, 232), border=theme.BAD)
            draw.text_block(surface, self.message, box.inflate(-px(30), -px(20)), 15, theme.BAD)
        tip = self.ui.hovered_tooltip()
        if tip:
            draw_tooltip(surface, tip, self._mouse)


def draw_title_backdrop(surface: pygame.Surface, t: float) -> None:
    """Paper, a road along the bottom with vans and bikes on it, parcels waiting at the kerb."""
    w, h = surface.get_size()
    draw.paper_background(surface)
    # soft hills
    for i, (col, amp, base) in enumerate((((222, 214, 188), 26, 0.74), ((208, 200, 170), 18, 0.80))):
        pts = [(0, h)]
        for x in range(0, w + 40, 40):
            pts.append((x, int(h * base + math.sin(x / 140 + i * 2) * amp)))
        pts.append((w, h))
        pygame.draw.polygon(surface, col, pts)
    road_top = int(h * 0.85)
    pygame.draw.rect(surface, (74, 68, 64), (0, road_top, w, int(h * 0.10)))
    pygame.draw.rect(surface, (120, 112, 104), (0, road_top - 4, w, 4))
    pygame.draw.rect(surface, (120, 112, 104), (0, road_top + int(h * 0.10), w, 4))
    mid = road_top + int(h * 0.05)
    dash_off = int(t * 120) % 60
    for x in range(-60 + dash_off, w, 60):
        pygame.draw.rect(surface, (238, 214, 120), (x, mid - 2, 30, 4))
    # traffic: a van and a bike each way, looping
    vw = theme.px(110)
    colours = [c for _, c in theme.PLAYER_COLOURS]
    for i, (name, size, speed, lane, phase) in enumerate(
        (("van", vw, 150, -1, 0.0), ("bike", theme.px(72), 210, -1, 0.55), ("van", vw, 120, 1, 0.3),
         ("bike", theme.px(72), 180, 1, 0.8))
    ):
        span = w + 300
        x = (phase * span + t * speed * theme.ui_scale()) % span - 150
        if lane > 0:
            x = w - x
        img = sprites.tinted(name, colours[i % len(colours)], size)
        if lane > 0:
            img = pygame.transform.flip(img, True, False)
        y = mid - img.get_height() + (2 if lane < 0 else int(h * 0.045))
        surface.blit(img, (int(x), y))
    # parcels waiting by the road
    for j, kind in enumerate(sprites.PARCELS):
        s, step = theme.px(44), theme.px(50)
        x = int(w * 0.06) + j * step if j < 3 else w - int(w * 0.06) - (j - 3) * step - s
        surface.blit(sprites.scaled(f"parcel_{kind}", s), (x, road_top - s - 8))
