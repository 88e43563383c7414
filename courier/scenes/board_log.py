"""The game log in the board's side panel: every event's text, latest at the bottom, scrollable."""

from __future__ import annotations

from typing import Sequence

import pygame

from courier.rules.base import Event
from courier.ui import draw, theme
from courier.ui.widgets import ScrollView

SIZE = 14
HEADER = 32


class GameLog:
    """Wraps event texts once, keeps up with new events, and scrolls (sticking to the newest)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 300, 200)
        self.scroll = ScrollView(self.rect, stick_to_bottom=True, line=3 * draw.line_height(SIZE))
        #: (wrapped lines, seat colour or None) per event
        self.entries: list[tuple[list[str], tuple[int, int, int] | None]] = []
        self._events: list[Event] = []
        self._width = 0

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.scroll.rect = pygame.Rect(rect.left, rect.top + HEADER, rect.width, rect.height - HEADER - 6)
        if self._width != self._text_width():
            self._events, self.entries = [], []  # rewrap everything at the new width on next sync

    def _text_width(self) -> int:
        return self.rect.width - 44

    def sync(self, events: Sequence[Event], seats: Sequence[object]) -> None:
        """Catch up with the match's events (rebuilding after an undo shortened them)."""
        n = len(self._events)
        if len(events) < n or any(a is not b for a, b in zip(self._events[-3:], list(events)[max(0, n - 3):n])):
            self._events, self.entries, n = [], [], 0
        self._width = self._text_width()
        for ev in list(events)[n:]:
            seat = ev.data.get("seat") if isinstance(ev.data, dict) else None
            colour = None
            if isinstance(seat, int) and 0 <= seat < len(seats):
                colour = tuple(getattr(seats[seat], "colour"))  # type: ignore[assignment]
            self.entries.append((draw.wrap(ev.text or ev.kind, self._width, SIZE), colour))
        self._events = list(events)
        self.scroll.set_content_height(self.content_height())

    def content_height(self) -> int:
        lh = draw.line_height(SIZE)
        return sum(len(lines) * lh + 6 for lines, _ in self.entries) + 6

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.scroll.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        self.draw_content(surface)

    def draw_frame(self, surface: pygame.Surface) -> None:
        """The card and its heading: the part that only changes with the layout."""
        draw.panel(surface, self.rect, theme.PANEL, radius=10)
        draw.text(surface, "Game log", (self.rect.left + 14, self.rect.top + 9), 15, theme.INK_SOFT, bold=True)
        pygame.draw.line(surface, theme.PAPER_DARK, (self.rect.left + 10, self.rect.top + HEADER - 4),
                         (self.rect.right - 10, self.rect.top + HEADER - 4))

    def draw_content(self, surface: pygame.Surface) -> None:
        view = self.scroll.rect
        old_clip = surface.get_clip()
        surface.set_clip(view.clip(old_clip) if old_clip else view)
        lh = draw.line_height(SIZE)
        y = view.top + 6 - self.scroll.offset
        if not self.entries:
            draw.text(surface, "Moves will be listed here.", (view.left + 14, y), SIZE, theme.INK_SOFT)
        last = len(self.entries) - 1
        for i, (lines, colour) in enumerate(self.entries):
            height = len(lines) * lh + 6
            if y + height >= view.top and y <= view.bottom:
                if colour is not None:
                    draw.swatch(surface, (view.left + 18, y + lh // 2), 5, colour)
                else:
                    pygame.draw.circle(surface, theme.PAPER_DARK, (view.left + 18, y + lh // 2), 3)
                ink = theme.INK if i == last else (70, 64, 58)
                for j, line in enumerate(lines):
                    draw.text(surface, line, (view.left + 30, y + j * lh), SIZE, ink)
            y += height
        surface.set_clip(old_clip)
        self.scroll.draw_scrollbar(surface)
