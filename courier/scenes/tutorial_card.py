"""The guided game's step card: "Step k of N", the step's words, Next and Leave.

It lies over a corner of the board area, the corner farthest from what the step lights (the
control to press, or the panel), and never over it; its height follows its words, so nothing on
it is ever shortened. Drawing only: the scene decides what the buttons do.
"""

from __future__ import annotations

from typing import Callable

import pygame

from courier.ui import draw, theme
from courier.ui.focus import Target
from courier.ui.theme import px
from courier.ui.widgets import Button, WidgetGroup

#: the card's width at the design size, and the least share of the board area it leaves free
WIDTH, MAX_SHARE = 380, 0.62
TEXT, HEAD = 16, 13


class StepCard:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.ui = WidgetGroup()
        self.next_button: Button | None = None
        self.leave_button: Button | None = None
        self.head = ""
        self.words = ""

    def layout(self, area: pygame.Rect, avoid: list[pygame.Rect], lit: pygame.Rect | None, head: str, words: str,
               on_next: Callable[[], None] | None, on_leave: Callable[[], None]) -> None:
        """Place the card in a corner of ``area``: never over ``lit``, over as little of ``avoid``
        (the view's other controls) as can be, and as far from ``lit`` as the corners allow."""
        self.head, self.words = head, words
        pad = px(10)
        w = max(px(220), min(px(WIDTH), int(area.width * MAX_SHARE)))
        w = min(w, area.width - 2 * pad)
        inner = w - 2 * px(16)
        h = (px(14) + draw.line_height(HEAD, True) + px(6)
             + len(draw.wrap(words, inner, TEXT)) * draw.line_height(TEXT) + px(12) + px(40) + px(14))
        h = min(h, area.height - 2 * pad)
        corners = [
            pygame.Rect(area.left + pad, area.top + pad, w, h),
            pygame.Rect(area.right - pad - w, area.top + pad, w, h),
            pygame.Rect(area.left + pad, area.bottom - pad - h, w, h),
            pygame.Rect(area.right - pad - w, area.bottom - pad - h, w, h),
        ]

        def cost(r: pygame.Rect) -> tuple[int, int, float]:
            on_lit = 0 if lit is None else _area(r.clip(lit))
            covered = sum(_area(r.clip(a)) for a in avoid)
            far = 0.0 if lit is None else -((r.centerx - lit.centerx) ** 2 + (r.centery - lit.centery) ** 2)
            return on_lit, covered, far

        self.rect = min(corners, key=cost)
        self.ui.clear()
        bh = px(40)
        by = self.rect.bottom - px(14) - bh
        self.leave_button = self.ui.add(Button(  # type: ignore[assignment]
            pygame.Rect(self.rect.left + px(16), by, px(110), bh), "Leave", on_leave, style="ghost", size=15,
            tooltip="Back to the title screen; Learn to play brings you back to this step"))
        self.next_button = None
        if on_next is not None:
            self.next_button = self.ui.add(Button(  # type: ignore[assignment]
                pygame.Rect(self.rect.right - px(16) - px(120), by, px(120), bh), "Next", on_next, style="primary",
                size=16, tooltip="On to the next step (Enter)"))

    def targets(self) -> list[Target]:
        out = self.ui.targets(zone="dialog", within=self.rect)
        for t in out:
            if t.label == "Next":
                t.default = True  # Enter, with the ring nowhere, is Next
        return out

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        if r.width <= 0:
            return
        draw.panel(surface, r, (252, 248, 238), border=theme.ACCENT, radius=px(12))
        x = r.left + px(16)
        y = r.top + px(14)
        draw.text(surface, self.head, (x, y), HEAD, theme.ACCENT_DARK, bold=True, max_width=r.width - px(32))
        y += draw.line_height(HEAD, True) + px(6)
        body = pygame.Rect(x, y, r.width - px(32), r.bottom - px(14) - px(40) - px(12) - y)
        draw.text_block(surface, self.words, body, TEXT, theme.INK)
        self.ui.draw(surface)

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        if not self.rect.collidepoint(pos):
            return None
        tip = self.ui.tooltip_at(pos)
        return tip or f"{self.head}: {self.words}"


def _area(r: pygame.Rect) -> int:
    return max(0, r.width) * max(0, r.height)
