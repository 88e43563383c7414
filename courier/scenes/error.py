"""What the player sees instead of a vanished window when something breaks."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from courier.scenes.base import Scene
from courier.ui import draw, theme
from courier.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from courier.app import App


def _has_autosave() -> bool:
    """Whether there is a readable save to point the player to (never fails: this is the error screen)."""
    try:
        from courier import saves

        return saves.latest_save() is not None
    except Exception:
        return False


class ErrorScene(Scene):
    def __init__(self, app: "App", message: str, log_path: Path | None) -> None:
        super().__init__(app)
        self.message = message
        self.log_path = log_path
        self.has_autosave = _has_autosave()
        self.ui = WidgetGroup()
        self.card = pygame.Rect(0, 0, 10, 10)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = min(760, size[0] - 60), 380
        self.card = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        self.ui.clear()
        self.ui.add(Button(pygame.Rect(self.card.centerx - 130, self.card.bottom - 70, 260, 48),
                           "Back to the menu", self._menu, icon="icon_menu", style="primary",
                           hotkey=pygame.K_RETURN))

    def _menu(self) -> None:
        from courier.scenes.menu import MenuScene

        self.app.stack.reset(MenuScene(self.app))

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.ui.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw.paper_background(surface)
        draw.panel(surface, self.card)
        c = self.card
        draw.text(surface, "Something went wrong", (c.centerx, c.top + 40), 30, theme.BAD, bold=True,
                  serif=True, anchor="midtop")
        body = pygame.Rect(c.left + 40, c.top + 100, c.width - 80, 140)
        used = draw.text_block(surface, self.message, body, 17, theme.INK)
        where = f"The details are in the log: {self.log_path}" if self.log_path else "No log file could be written."
        if self.has_autosave:
            where += "  Your last autosave is in Load."
        draw.text_block(surface, where, pygame.Rect(body.left, body.top + used + 16, body.width, 80), 15, theme.INK_SOFT)
        self.ui.draw(surface)
