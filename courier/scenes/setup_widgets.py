"""The set-up screen's own controls: a name box where Ctrl+A selects the whole name, and a seat's
colour button showing the seat's meeple."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from courier.ui import draw, sprites, theme
from courier.ui.widgets import Button, TextEntry

if TYPE_CHECKING:
    from courier.scenes.setup import SetupScene


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
            elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME,
                                                               pygame.K_END, pygame.K_UP, pygame.K_DOWN):
                # moving the caret ends the selection; a letter's own key press does not (its text,
                # which replaces the selection, comes just after it)
                self.all_selected = False
            elif event.type == pygame.MOUSEBUTTONDOWN:
                self.all_selected = False
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        if self.focused and self.all_selected and self.text:
            tw = min(draw.font(16).size(self.text)[0], self.rect.width - theme.px(20))
            band = pygame.Rect(self.rect.left + theme.px(8), self.rect.centery - theme.px(12), tw + theme.px(4), theme.px(24))
            super().draw(surface)
            shade = pygame.Surface(band.size, pygame.SRCALPHA)
            shade.fill((*theme.ACCENT, 90))
            surface.blit(shade, band)
            return
        super().draw(surface)


class ColourButton(Button):
    """A seat's colour: click for the next free colour. Shows the seat's meeple in that colour."""

    def __init__(self, rect: pygame.Rect, scene: "SetupScene", seat: int) -> None:
        self.scene = scene
        self.seat = seat
        super().__init__(rect, "", lambda: scene.next_colour(seat))

    @property  # type: ignore[override]
    def tooltip(self) -> str:
        name = theme.PLAYER_COLOURS[self.scene.seats[self.seat].colour_index][0]
        return f"{name} - click or press Enter for another colour"

    @tooltip.setter
    def tooltip(self, _value: object) -> None:
        pass  # always worked out from the seat's colour

    def draw(self, surface: pygame.Surface) -> None:
        idx = self.scene.seats[self.seat].colour_index
        name, colour = theme.PLAYER_COLOURS[idx]
        draw.rounded_rect(surface, self.rect, draw.lighten(colour, 0.75), theme.px(10))
        draw.rounded_rect(surface, self.rect, colour if not self.hovered else theme.INK, theme.px(10), width=2)
        img = sprites.tinted("meeple", colour, self.rect.height - theme.px(12))
        surface.blit(img, img.get_rect(center=self.rect.center))
