"""The set-up screen's own controls: a seat's name box (the shared ``TextEntry``) and a seat's
colour button showing the seat's meeple."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from courier.ui import draw, sprites, theme
from courier.ui.widgets import Button, TextEntry

if TYPE_CHECKING:
    from courier.scenes.setup import SetupScene


#: a seat's name box: the shared text box (Ctrl+A selects the whole name, so typing replaces it)
NameEntry = TextEntry


class ColourButton(Button):
    """A seat's colour: click for the next free colour. Shows the seat's meeple in that colour."""

    def __init__(self, rect: pygame.Rect, scene: "SetupScene", seat: int) -> None:
        self.scene = scene
        self.seat = seat
        super().__init__(rect, "", lambda: scene.choose_colour(seat))

    @property
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
