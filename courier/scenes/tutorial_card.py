"""The guided game's step card: "Step k of N", the step's words, Next and Leave.

It lies over the board area, never over what the step is about (the places, pieces and parts it
names or points at, the learner's own piece: ``tutorial_subjects``) nor over the control it
lights: in a corner when one is free, else along an edge or inside the board. Its height follows
its words, so nothing on it is ever shortened. Drawing only: the scene decides what the buttons
do.
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

    def layout(self, area: pygame.Rect, avoid: list[pygame.Rect], keep: list[pygame.Rect], head: str, words: str,
               on_next: Callable[[], None] | None, on_leave: Callable[[], None]) -> None:
        """Place the card inside ``area``: over nothing in ``keep`` (what the step is about and
        the control it lights), over as little of ``avoid`` (the view's other controls) as can
        be, in a corner when one is free, else along an edge, else anywhere on the board."""
        self.head, self.words = head, words
        pad = px(10)
        w = max(px(220), min(px(WIDTH), int(area.width * MAX_SHARE)))
        w = min(w, area.width - 2 * pad)
        inner = w - 2 * px(16)
        h = (px(14) + draw.line_height(HEAD, True) + px(6)
             + len(draw.wrap(words, inner, TEXT)) * draw.line_height(TEXT) + px(12) + px(40) + px(14))
        h = min(h, area.height - 2 * pad)
        self.rect = place(area.inflate(-2 * pad, -2 * pad), w, h, keep, avoid)
        self.ui.clear()
        bh = px(40)
        by = self.rect.bottom - px(14) - bh
        self.leave_button = self.ui.add(Button(
            pygame.Rect(self.rect.left + px(16), by, px(110), bh), "Leave", on_leave, style="ghost", size=15,
            tooltip="Back to the title screen; Learn to play brings you back to this step"))
        self.next_button = None
        if on_next is not None:
            self.next_button = self.ui.add(Button(
                pygame.Rect(self.rect.right - px(16) - px(120), by, px(120), bh), "Next", on_next, style="primary",
                size=16, tooltip="On to the next step (Enter)"))

    @property
    def words_rect(self) -> pygame.Rect:
        """Where the step's heading and sentence are written (a tooltip or the focus ring's
        caption must leave them in view)."""
        r = self.rect
        top = r.top + px(14)
        return pygame.Rect(r.left + px(16), top, r.width - px(32), max(0, r.bottom - px(14) - px(40) - px(12) - top))

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


#: where the card may go inside the board, as shares of the room left beside it: the corners
#: first (where a card is expected), then the edges' middles and quarters, then inside
_SPOTS = ([(fx, fy) for fy in (0.0, 1.0) for fx in (0.0, 1.0)]
          + [(fx, fy) for fy in (0.0, 1.0) for fx in (0.5, 0.25, 0.75)]
          + [(fx, fy) for fx in (0.0, 1.0) for fy in (0.5, 0.25, 0.75)]
          + [(fx / 8, fy / 8) for fy in range(1, 8) for fx in range(1, 8)])


def place(room: pygame.Rect, w: int, h: int, keep: list[pygame.Rect], avoid: list[pygame.Rect]) -> pygame.Rect:
    """A ``w`` x ``h`` rectangle inside ``room`` over nothing in ``keep`` if there is such a
    place among the spots tried (else over as little of it as can be), then over as little of
    ``avoid`` as can be, the earlier spot on a tie."""
    free_x, free_y = max(0, room.width - w), max(0, room.height - h)

    def cost(i: int, spot: tuple[float, float]) -> tuple[int, int, int, int]:
        r = pygame.Rect(room.left + int(spot[0] * free_x), room.top + int(spot[1] * free_y), w, h)
        on_keep = sum(_area(r.clip(k)) for k in keep)
        hits = sum(1 for k in keep if r.colliderect(k))
        covered = sum(_area(r.clip(a)) for a in avoid)
        return hits, on_keep, covered, i

    best = min(enumerate(_SPOTS), key=lambda item: cost(*item))[1]
    return pygame.Rect(room.left + int(best[0] * free_x), room.top + int(best[1] * free_y), w, h)


def _area(r: pygame.Rect) -> int:
    return max(0, r.width) * max(0, r.height)
