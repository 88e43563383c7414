"""What the player sees instead of a vanished window when something breaks."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from courier.scenes import flow
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
        px = theme.px
        w, h = min(px(760), size[0] - px(60)), min(px(400), size[1] - px(40))
        self.card = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        self.ui.clear()
        self.button = Button(pygame.Rect(self.card.centerx - px(130), self.card.bottom - px(82), px(260), px(48)),
                             "Back to the menu", self._menu, icon="icon_menu", style="primary",
                             hotkey=pygame.K_RETURN, tooltip="Back to the title screen (Enter)")
        self.ui.add(self.button)

    def _menu(self) -> None:
        flow.to_menu(self.app)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.ui.handle_event(event)

    def _where(self) -> str:
        where = f"The details are in the log: {self.log_path}" if self.log_path else "No log file could be written."
        if self.has_autosave:
            where += "  Your last autosave is in Load."
        return where

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        if self.card.collidepoint(pos) and not self.button.rect.collidepoint(pos):
            return f"{self.message} {self._where()}"
        return super().tooltip_at(pos)

    def draw(self, surface: pygame.Surface) -> None:
        px = theme.px
        draw.paper_background(surface)
        draw.panel(surface, self.card)
        c = self.card
        r = draw.text(surface, "Something went wrong", (c.centerx, c.top + px(34)), 30, theme.BAD, bold=True,
                      serif=True, anchor="midtop", max_width=c.width - px(40))
        body = pygame.Rect(c.left + px(40), r.bottom + px(20), c.width - px(80), 0)
        body.height = self.button.rect.top - px(16) - body.top
        used = draw.text_block(surface, self.message, pygame.Rect(body.left, body.top, body.width, body.height * 2 // 3),
                               17, theme.INK)
        used = min(used, body.height * 2 // 3)
        draw.text_block(surface, self._where(), pygame.Rect(body.left, body.top + used + px(12), body.width,
                                                            body.bottom - body.top - used - px(12)), 15, theme.INK_SOFT)
        draw.text(surface, "Enter: back to the menu", (c.centerx, c.bottom - px(10)), 12, theme.INK_SOFT,
                  anchor="midbottom")
        self.ui.draw(surface)
