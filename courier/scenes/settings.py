"""Settings: window size, fullscreen, volume, animation speed, reduced motion (kept on change), and where
the players' own boards go, with a button that opens that folder."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from courier.scenes.base import Scene
from courier.ui import draw, theme
from courier.ui.widgets import Button, Slider, Stepper, Toggle, WidgetGroup

if TYPE_CHECKING:
    from courier.app import App

SIZES = [(1024, 640), (1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440)]


def offered_sizes(screen: tuple[int, int] | None) -> list[tuple[int, int]]:
    """The window sizes that fit on the screen (the smallest always, so there is a choice)."""
    if screen is None:
        return list(SIZES)
    fits = [z for z in SIZES if z[0] <= screen[0] and z[1] <= screen[1]]
    return fits or [min(SIZES)]


def _size_label(s: tuple[int, int]) -> str:
    return f"{s[0]} × {s[1]}"


class SettingsScene(Scene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.ui = WidgetGroup()
        self.card = pygame.Rect(0, 0, 10, 10)
        self.message: tuple[str, tuple[int, int, int]] | None = None
        self.widgets: dict[str, object] = {}
        self._display_dirty = False

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        cw, ch = min(640, w - 60), 530
        self.card = pygame.Rect((w - cw) // 2, max(66, (h - ch) // 2), cw, ch)
        s = self.app.settings
        x, y, fw = self.card.left + 40, self.card.top + 36, self.card.width - 80
        from courier.app import display_size

        sizes = offered_sizes(display_size())
        current = (s.window_width, s.window_height)
        if current not in sizes:
            sizes.append(current)
            sizes.sort()
        self.sizes = sizes
        self.ui.clear()
        size_step = Stepper(pygame.Rect(x + fw - 260, y, 260, 40), [_size_label(z) for z in sizes],
                            sizes.index(current), self._size, tooltip="Window size (drag the window edge too)")
        full = Toggle(pygame.Rect(x, y + 66, fw, 40), "Fullscreen", s.fullscreen, self._fullscreen)
        volume = Slider(pygame.Rect(x, y + 130, fw, 50), "Volume", 0.0, 1.0, s.volume, step=0.05,
                        on_change=self._volume, fmt=lambda v: f"{round(v * 100)}%")
        speed = Slider(pygame.Rect(x, y + 206, fw, 50), "Animation speed", 0.25, 4.0, s.anim_speed, step=0.25,
                       on_change=lambda v: self._set("anim_speed", v), fmt=lambda v: f"{v:g}×")
        motion = Toggle(pygame.Rect(x, y + 282, fw, 40), "Reduced motion (no travel or rolling)", s.reduced_motion,
                        lambda v: self._set("reduced_motion", v))
        folder = Button(pygame.Rect(x + fw - 160, y + 340, 160, 40), "Open folder", self._open_boards,
                        tooltip="Put .tmx boards made in Tiled here; they appear on the New game screen")
        self.widgets = {"size": size_step, "fullscreen": full, "volume": volume, "speed": speed, "motion": motion,
                        "boards": folder}
        for wdg in self.widgets.values():
            self.ui.add(wdg)  # type: ignore[arg-type]
        self.ui.add(Button(pygame.Rect(self.card.centerx - 90, self.card.bottom - 70, 180, 48), "Done", self._done,
                           style="primary", hotkey=pygame.K_ESCAPE))

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
        return self.ui.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw.paper_background(surface)
        draw.text(surface, "Settings", (w // 2, 28), 36, theme.INK, bold=True, serif=True, anchor="midtop")
        draw.panel(surface, self.card)
        size_w = self.widgets.get("size")
        if size_w is not None:
            draw.text(surface, "Window size", (self.card.left + 40, size_w.rect.centery), 17, theme.INK,  # type: ignore[attr-defined]
                      anchor="midleft")
        x0 = self.card.left + 40
        yb = self.card.top + 36 + 340
        draw.text(surface, "Your boards", (x0, yb + 8), 17, theme.INK, anchor="midleft")
        folder, room = self._boards_folder(), self.card.width - 80 - 170
        while len(folder) > 8 and draw.font(13).size(folder)[0] > room:  # the end of a path says most
            folder = "…" + folder[len(folder) // 8 + 1:].lstrip("…")
        draw.text(surface, folder, (x0, yb + 32), 13, theme.INK_SOFT, anchor="midleft", max_width=room)
        for y in (60, 124, 200, 276, 334):
            yy = self.card.top + 36 + y - 6
            pygame.draw.line(surface, (236, 228, 210), (self.card.left + 30, yy), (self.card.right - 30, yy))
        self.ui.draw(surface)
        if self.message:
            draw.text(surface, self.message[0], (self.card.centerx, self.card.bottom - 86), 14, self.message[1],
                      anchor="midbottom", max_width=self.card.width - 40)
