"""Settings: window size, interface size, fullscreen, volume, animation speed, reduced motion, hints (kept on change), and where
the players' own boards go, with a button that opens that folder."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from courier.scenes import shell_keys
from courier.scenes.base import Scene
from courier.ui import draw, theme
from courier.ui.focus import Target
from courier.ui.widgets import Button, Slider, Stepper, Toggle, Widget, WidgetGroup

if TYPE_CHECKING:
    from courier.app import App

HINT = "Tab or ↑ ↓: next  ·  ← →: change  ·  Enter: switch  ·  Esc: done"
SIZES = [(1024, 640), (1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440)]


def offered_sizes(screen: tuple[int, int] | None) -> list[tuple[int, int]]:
    """The window sizes that fit on the screen (the smallest always, so there is a choice)."""
    if screen is None:
        return list(SIZES)
    fits = [z for z in SIZES if z[0] <= screen[0] and z[1] <= screen[1]]
    return fits or [min(SIZES)]


def _size_label(s: tuple[int, int]) -> str:
    return f"{s[0]} × {s[1]}"


#: the interface sizes offered: a factor on the size that follows the window (0 = automatic)
UI_SCALES = (0.0, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5)


def _scale_label(f: float) -> str:
    return "Automatic" if not f else f"{round(f * 100)}%"


def _scale_index(f: float) -> int:
    """The offered size nearest a stored factor (a hand-edited file may hold any)."""
    if not f:
        return 0
    return min(range(1, len(UI_SCALES)), key=lambda i: abs(UI_SCALES[i] - f))


class SettingsScene(Scene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.ui = WidgetGroup()
        self.card = pygame.Rect(0, 0, 10, 10)
        self.message: tuple[str, tuple[int, int, int]] | None = None
        self.widgets: dict[str, Widget] = {}
        #: the window size's and the interface size's steppers (their values name them to the keyboard)
        self.steppers: dict[str, Stepper] = {}
        self._display_dirty = False
        #: while a click on the interface size lays the screen out again: (pointer, right arrow?)
        self._anchor: tuple[tuple[int, int], bool] | None = None

    #: the rows of the screen: (key, design height of the row, design height of its control)
    ROWS = (("size", 58, 40), ("scale", 58, 40), ("fullscreen", 56, 40), ("volume", 70, 50), ("speed", 70, 50),
            ("motion", 54, 40), ("hints", 54, 40))

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        px = theme.px
        top = px(80)
        one_column = px(36 + sum(r[1] for r in self.ROWS) + 50 + 112) <= h - top - px(12)
        if one_column:
            cw = min(px(640), w - px(60))
            ch = min(px(656), h - top - px(12))
            self.card = pygame.Rect((w - cw) // 2, max(top, (h - ch) // 2), cw, ch)
            columns = [self.ROWS]
        else:  # a big interface size in a small window: two columns, so every setting stays in reach
            cw = min(px(1100), w - px(40))
            rows = {r[0]: r for r in self.ROWS}
            left = tuple(rows[k] for k in ("size", "scale", "fullscreen", "motion"))
            right = tuple(rows[k] for k in ("volume", "speed", "hints"))
            ch = min(h - top - px(8), px(36 + max(sum(r[1] for r in left), sum(r[1] for r in right)) + 58 + 112))
            self.card = pygame.Rect((w - cw) // 2, max(top, (h - ch) // 2), cw, ch)
            columns = [left, right]
        s = self.app.settings
        from courier.ui.screen import display_size

        sizes = offered_sizes(display_size())
        current = (s.window_width, s.window_height)
        if current not in sizes:
            sizes.append(current)
            sizes.sort()
        self.sizes = sizes
        self.ui.clear()
        inner = self.card.inflate(-px(80), 0)
        gap = px(40)
        col_w = (inner.width - gap * (len(columns) - 1)) // len(columns)
        self.columns: dict[str, tuple[int, int]] = {}
        rects: dict[str, pygame.Rect] = {}
        bottom = self.card.top + px(36)
        for c, rows in enumerate(columns):
            x = inner.left + c * (col_w + gap)
            y = self.card.top + px(36)
            for key, row_h, ctl_h in rows:
                rects[key] = pygame.Rect(x, y, col_w, px(ctl_h))
                self.columns[key] = (x, x + col_w)
                y += px(row_h)
            bottom = max(bottom, y)
        label_w = draw.font(17).size("Interface size")[0] + px(16)
        step_w = min(px(260), col_w - label_w)
        for key in ("size", "scale"):
            r = rects[key]
            rects[key] = pygame.Rect(r.right - step_w, r.top, step_w, r.height)
        size_step = Stepper(rects["size"], [_size_label(z) for z in sizes], sizes.index(current), self._size,
                            tooltip="Window size (drag the window edge too)")
        scale_step = Stepper(rects["scale"], [_scale_label(f) for f in UI_SCALES], _scale_index(s.ui_scale),
                             self._ui_scale, tooltip="How big text and controls are; Automatic follows the window")
        full = Toggle(rects["fullscreen"], "Fullscreen (F11 switches at any time)" if one_column else "Fullscreen (F11)",
                      s.fullscreen, self._fullscreen, tooltip="Fill the screen; F11 switches at any time")
        volume = Slider(rects["volume"], "Volume", 0.0, 1.0, s.volume, step=0.05,
                        on_change=self._volume, fmt=lambda v: f"{round(v * 100)}%")
        speed = Slider(rects["speed"], "Animation speed", 0.25, 4.0, s.anim_speed, step=0.25,
                       on_change=lambda v: self._set("anim_speed", v), fmt=lambda v: f"{v:g}×")
        motion = Toggle(rects["motion"], "Reduced motion (no travel or rolling)" if one_column else "Reduced motion",
                        s.reduced_motion, lambda v: self._set("reduced_motion", v),
                        tooltip="No travel or rolling: results show at once")
        hints = Toggle(rects["hints"], "Hints (the H key: what the computer would do)" if one_column else "Hints (H)",
                       s.hints, lambda v: self._set("hints", v),
                       tooltip="Playing against the computer, H or the Hint button shows the move it would make")
        folder = Button(pygame.Rect(inner.right - px(160), bottom, px(160), px(40)), "Open folder", self._open_boards,
                        tooltip="Put .tmx boards made in Tiled here; they appear on the New game screen")
        self.columns["boards"] = (inner.left, inner.right)
        self.widgets = {"size": size_step, "scale": scale_step, "fullscreen": full, "volume": volume, "speed": speed,
                        "motion": motion, "hints": hints, "boards": folder}
        self.steppers = {"size": size_step, "scale": scale_step}
        for wdg in self.widgets.values():
            self.ui.add(wdg)
        self.done_button = Button(pygame.Rect(self.card.centerx - px(90), self.card.bottom - px(66), px(180), px(48)),
                                  "Done", self._done, style="primary", hotkey=pygame.K_ESCAPE,
                                  tooltip="Back (Esc); every change is already kept")
        self.ui.add(self.done_button)
        if self._anchor is not None:
            self._keep_under_pointer(*self._anchor)

    def _keep_under_pointer(self, pos: tuple[int, int], right: bool) -> None:
        """Move the card so the interface size's arrow just clicked is under the pointer again
        (the new size moved it): the next click lands on the same arrow. Kept on the screen."""
        step = self.widgets["scale"]
        r = step.rect
        arrow = (r.right - r.height // 2, r.centery) if right else (r.left + r.height // 2, r.centery)
        w, h = self.size
        dx = max(-self.card.left, min(w - self.card.right, pos[0] - arrow[0]))
        dy = max(theme.px(80) - self.card.top, min(h - self.card.bottom, pos[1] - arrow[1]))
        box = pygame.Rect(0, 0, r.height, r.height)
        box.center = (arrow[0] + dx, arrow[1] + dy)
        if box.collidepoint(pos):
            self.card.move_ip(dx, dy)
            for wdg in self.ui.widgets:
                wdg.rect.move_ip(dx, dy)
            self.columns = {k: (a + dx, b + dx) for k, (a, b) in self.columns.items()}
            return
        # the card cannot move that far (it fills the window at a big size): it stays where it
        # is laid out and the pointer goes to the arrow instead, so the next click still lands on it
        box.center = arrow
        try:
            pygame.mouse.set_pos(box.center)
        except pygame.error:
            pass

    def focusables(self) -> list[Target]:
        """Every setting, named with its value, each with a key that survives a new layout (the
        interface size lays the screen out again while it is being changed)."""
        wd = self.widgets
        named = [
            ("size", f"Window size: {self.steppers['size'].value} (Left/Right to change)"),
            ("scale", f"Interface size: {self.steppers['scale'].value} (Left/Right to change)"),
            ("fullscreen", None), ("volume", None), ("speed", None), ("motion", None),
            ("boards", "Open the boards folder"),
        ]
        out = []
        for key, label in named:
            if key not in wd:
                continue
            w = wd[key]
            if label is None and isinstance(w, Slider):
                label = f"{w.label}: {w.fmt(w.value)} (Left/Right to change)"
            t = shell_keys.target(w, label, key=("settings", key), within=self.card)
            if t is not None:
                out.append(t)
        t = shell_keys.target(self.done_button, key=("settings", "done"), within=self.card)
        return out + ([t] if t is not None else [])

    # -- changes are kept at once ------------------------------------------------------------------
    def _set(self, name: str, value: object) -> None:
        setattr(self.app.settings, name, value)
        msg = self.app.save_settings()
        self.message = (msg, theme.BAD) if msg else ("Saved.", theme.GOOD)

    def _volume(self, v: float) -> None:
        self._set("volume", v)
        sounds = getattr(self.app, "sounds", None)
        if sounds is not None:
            sounds.volume = v
            sounds.play("tick")  # hear the new level

    def _size(self, index: int) -> None:
        w, h = self.sizes[index]
        self.app.settings.window_width = w
        self.app.settings.window_height = h
        self._set("window_width", w)
        self._display_dirty = True

    def _ui_scale(self, index: int) -> None:
        """Text and controls at the new size at once (every open screen is laid out again)."""
        self._set("ui_scale", UI_SCALES[index])
        self.app.resize_stack()

    def _fullscreen(self, on: bool) -> None:
        self._set("fullscreen", on)
        self._display_dirty = True

    def _boards_folder(self) -> str:
        from courier import paths

        try:
            return str(paths.boards_dir())
        except OSError as exc:
            return f"(cannot be made: {exc.strerror or exc})"

    def _open_boards(self) -> None:
        from pathlib import Path

        from courier import boards, paths

        try:
            folder = paths.boards_dir()
        except OSError as exc:
            self.message = (f"The boards folder cannot be made ({exc.strerror or exc}).", theme.BAD)
            return
        problem = boards.open_folder(Path(folder))
        self.message = (problem, theme.BAD) if problem else ("The boards folder is open in your file manager.", theme.GOOD)

    def _done(self) -> None:
        self.app.stack.pop()

    def update(self, dt: float) -> None:
        if self._display_dirty:
            self._display_dirty = False
            self.app.apply_display()

    def handle_event(self, event: pygame.event.Event) -> bool:
        step = self.widgets.get("scale")
        if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and step is not None
                and step.rect.collidepoint(event.pos)):
            self._anchor = (event.pos, event.pos[0] >= step.rect.centerx)
            try:
                return self.ui.handle_event(event)
            finally:
                self._anchor = None
        return self.ui.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        px = theme.px
        draw.paper_background(surface)
        draw.text(surface, "Settings", (w // 2, px(22)), 36, theme.INK, bold=True, serif=True, anchor="midtop")
        draw.panel(surface, self.card)
        x0 = self.card.left + px(40)
        for key, label in (("size", "Window size"), ("scale", "Interface size")):
            wdg = self.widgets.get(key)
            if wdg is not None:
                lx = self.columns[key][0]
                draw.text(surface, label, (lx, wdg.rect.centery), 17, theme.INK, anchor="midleft",
                          max_width=wdg.rect.left - lx - px(8))
        folder_button = self.widgets.get("boards")
        if folder_button is not None:
            fb = folder_button.rect
            draw.text(surface, "Your boards", (x0, fb.top + px(8)), 17, theme.INK, anchor="midleft")
            folder, room = self._boards_folder(), fb.left - x0 - px(10)
            while len(folder) > 8 and draw.font(13).size(folder)[0] > room:  # the end of a path says most
                folder = "…" + folder[len(folder) // 8 + 1:].lstrip("…")
            draw.text(surface, folder, (x0, fb.top + px(32)), 13, theme.INK_SOFT, anchor="midleft", max_width=room)
        firsts = {self.columns[k][0] for k in self.columns}
        seen: set[int] = set()
        for key in ("size", "scale", "fullscreen", "volume", "speed", "motion", "hints", "boards"):
            wdg = self.widgets.get(key)
            if wdg is None:
                continue
            left, right = self.columns[key]
            if key != "boards" and left in firsts and left not in seen:
                seen.add(left)  # no line above a column's first row
                continue
            yy = wdg.rect.top - px(9)
            pygame.draw.line(surface, (236, 228, 210), (left - px(10), yy), (right + px(10), yy))
        self.ui.draw(surface)
        text, colour = self.message if self.message else (HINT, theme.INK_SOFT)
        box = pygame.Rect(self.card.left + px(20), self.card.bottom - px(112), self.card.width - px(40), px(40))
        used = draw.text_block(None, text, box, 14)
        draw.text_block(surface, text, pygame.Rect(box.left, box.bottom - used, box.width, used), 14, colour,
                        align="center")

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        folder_button = self.widgets.get("boards")
        if folder_button is not None:
            fb = folder_button.rect
            if pygame.Rect(self.card.left, fb.top, fb.left - self.card.left, fb.height + theme.px(12)).collidepoint(pos):
                return f"Your boards folder: {self._boards_folder()}"
        return super().tooltip_at(pos)
