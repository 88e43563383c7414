"""Pass the device: hides the board until the next person says they have it.

Opaque on purpose, so nothing of the previous player's secrets is drawn underneath. Once the next
person confirms, the board builds their screen anew (see ``BoardScene._new_seat_screen``), so no
hover, tooltip, selection or half-made plan of the previous person is left on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from courier.scenes.base import Scene
from courier.ui import draw, sprites, theme
from courier.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from courier.app import App


class HandoffScene(Scene):
    opaque = True

    def __init__(self, app: "App", name: str, colour: tuple[int, int, int], on_continue: Callable[[], None],
                 *, game_title: str = "") -> None:
        super().__init__(app)
        self.name = name
        self.colour = tuple(colour)
        self.on_continue = on_continue
        self.game_title = game_title
        self.ui = WidgetGroup()
        self.card = pygame.Rect(0, 0, 10, 10)
        self.button: Button | None = None

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = min(620, size[0] - 40), 360
        self.card = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        self.ui.clear()
        label = f"I am {self.name}: show my turn"
        # wide enough for the name (16 letters at most), never wider than the card
        bw = min(w - 60, max(300, theme.font(18, bold=True).size(label)[0] + 60))
        self.button = Button(pygame.Rect(self.card.centerx - bw // 2, self.card.bottom - 84, bw, 54),
                             label, self._continue, style="primary", hotkey=pygame.K_RETURN, size=18)
        self.ui.add(self.button)

    def _continue(self) -> None:
        self.app.stack.remove(self)
        self.on_continue()

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.ui.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill((52, 46, 42))
        # a quiet pattern of parcels so the screen is clearly "not the board"
        for i, y in enumerate(range(-20, h, 110)):
            for j, x in enumerate(range(-40 + (i % 2) * 60, w, 120)):
                img = sprites.scaled(sprites.parcel_name(i + j), 40)
                img = img.copy()
                img.set_alpha(40)
                surface.blit(img, (x, y))
        draw.panel(surface, self.card, (252, 248, 238), radius=16)
        c = self.card
        band = pygame.Rect(c.left, c.top, c.width, 14)
        draw.rounded_rect(surface, band, self.colour, 8)
        pygame.draw.rect(surface, (252, 248, 238), (c.left, c.top + 10, c.width, 6))
        if self.game_title:
            draw.text(surface, self.game_title, (c.centerx, c.top + 34), 16, theme.INK_SOFT, serif=True, anchor="midtop")
        draw.text(surface, "Pass the device to", (c.centerx, c.top + 70), 22, theme.INK_SOFT, anchor="midtop")
        van = sprites.tinted("meeple", self.colour, 64)
        name_w = draw.font(40, True, True).size(self.name)[0]
        x = c.centerx - (name_w + 76) // 2
        surface.blit(van, (x, c.top + 106))
        draw.text(surface, self.name, (x + 76, c.top + 138), 40, theme.INK, bold=True, serif=True, anchor="midleft")
        draw.text(surface, "Everyone else, look away: the next screen shows their secrets.",
                  (c.centerx, c.top + 196), 16, theme.INK_SOFT, anchor="midtop", max_width=c.width - 40)
        self.ui.draw(surface)
