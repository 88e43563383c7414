"""The game log in the board's side panel: every event's text, latest at the bottom, scrollable.

The log keeps the events it was given, so a new width (a resized window, another interface
scale) only wraps the same entries again: the entry that was at the top stays at the top, and a
log that was following the newest line keeps following it. A computer player's move may carry
the reason it gave (see ``courier.match.reason_of``): such lines are marked with a small "i"
badge, show the reason when pointed at, and open to show it under the line on a click or Enter
(each is a keyboard target of the panel).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

import pygame

from courier.match import reason_of
from courier.rules.base import Event
from courier.ui import draw, theme
from courier.ui.widgets import ScrollView
from courier.words import counted

if TYPE_CHECKING:
    from courier.ui.focus import Target

SIZE = 14
REASON_SIZE = 13
#: design pixels (``theme.px``) of the heading, the paddings and the reason badge
HEADER = 32
PAD_LEFT = 30
PAD_RIGHT = 30
GAP = 6
BADGE = 7
EMPTY = "Moves will be listed here."
Colour = tuple[int, int, int]


@dataclass
class LogEntry:
    """One event as the log shows it."""

    text: str
    colour: Colour | None
    reason: str | None = None
    expanded: bool = False
    lines: list[str] = field(default_factory=list)
    reason_lines: list[str] = field(default_factory=list)
    #: top of the entry in content pixels (from the top of the scrolled content)
    top: int = 0
    height: int = 0

    def label(self) -> str:
        """The entry's whole text with its reason, as the keyboard caption reads it."""
        return f"{self.text} Why: {self.reason}" if self.reason else self.text


class GameLog:
    """Keeps the entries, wraps them for the current width and scale, and scrolls (following the
    newest line while the player has not scrolled away from it)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 300, 200)
        self.scroll = ScrollView(self.rect, stick_to_bottom=True, line=3 * draw.line_height(SIZE))
        self.entries: list[LogEntry] = []
        self._events: list[Event] = []
        #: (text width, interface scale) the entries are wrapped for
        self._wrapped_for: tuple[int, float] | None = None
        self._mouse: tuple[int, int] | None = None

    # -- layout --------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Place the log in ``rect``; the entries are wrapped again at once, keeping the entry at
        the top of the view (or the newest line, if the log was following it)."""
        following = self.following()
        anchor = self._top_anchor()
        self.rect = pygame.Rect(rect)
        header = theme.px(HEADER)
        self.scroll.rect = pygame.Rect(rect.left, rect.top + header, rect.width,
                                       max(0, rect.height - header - theme.px(GAP)))
        self.scroll.line = 3 * draw.line_height(SIZE)
        self._rewrap()
        self._place(following, anchor)

    def following(self) -> bool:
        """True while the view shows the newest line (new lines then scroll into view)."""
        return self.scroll.offset >= self.scroll.max_offset - 2

    def _top_anchor(self) -> tuple[int, float] | None:
        """The entry at the top of the view and how far into it the view starts (0..1)."""
        off = self.scroll.offset
        for i, e in enumerate(self.entries):
            if e.top + e.height > off:
                return i, (off - e.top) / e.height if e.height else 0.0
        return None

    def _place(self, following: bool, anchor: tuple[int, float] | None) -> None:
        self.scroll.content_height = self.content_height()
        if following or anchor is None:
            self.scroll.offset = self.scroll.max_offset
        else:
            i, frac = anchor
            e = self.entries[i]
            self.scroll.offset = max(0, min(self.scroll.max_offset, e.top + round(frac * e.height)))

    def _text_width(self) -> int:
        return max(40, self.rect.width - theme.px(PAD_LEFT) - theme.px(PAD_RIGHT))

    def _rewrap(self) -> None:
        key = (self._text_width(), theme.ui_scale())
        if key != self._wrapped_for:
            self._wrapped_for = key
            for e in self.entries:
                self._wrap(e)
        self._stack()

    def _wrap(self, e: LogEntry) -> None:
        width = self._text_width()
        e.lines = draw.wrap(e.text, width, SIZE)
        e.reason_lines = draw.wrap(f"Why: {e.reason}", width, REASON_SIZE) if e.reason else []

    def _stack(self) -> None:
        """Content positions of every entry, top to bottom."""
        lh, rh, gap = draw.line_height(SIZE), draw.line_height(REASON_SIZE), theme.px(GAP)
        y = gap
        for e in self.entries:
            e.top = y
            e.height = len(e.lines) * lh + (len(e.reason_lines) * rh + theme.px(2) if e.expanded else 0) + gap
            y += e.height

    def content_height(self) -> int:
        return (self.entries[-1].top + self.entries[-1].height if self.entries else 0) + theme.px(GAP)

    # -- keeping up with the match ---------------------------------------------------------------
    def sync(self, events: Sequence[Event], seats: Sequence[object]) -> None:
        """Catch up with the match's events (rebuilding after an undo shortened them)."""
        events = list(events)
        n = len(self._events)
        if len(events) < n or any(a is not b for a, b in zip(self._events[-3:], events[max(0, n - 3):n])):
            self._events, self.entries, n = [], [], 0
            self.scroll.offset = 0
        following = self.following() or not self.entries
        anchor = self._top_anchor()
        self._rewrap()  # the scale may have changed since the last layout
        for ev in events[n:]:
            seat = ev.data.get("seat") if isinstance(ev.data, dict) else None
            colour: Colour | None = None
            if isinstance(seat, int) and 0 <= seat < len(seats):
                colour = tuple(getattr(seats[seat], "colour"))
            entry = LogEntry(counted(ev.text) if ev.text else ev.kind, colour, reason_of(ev))
            self._wrap(entry)
            self.entries.append(entry)
        self._events = events
        self._stack()
        self._place(following, anchor)

    # -- reasons ---------------------------------------------------------------------------------
    def _visible(self, e: LogEntry) -> pygame.Rect:
        """Where entry ``e`` is on the screen now (it may be partly or wholly scrolled away)."""
        view = self.scroll.rect
        return pygame.Rect(view.left + theme.px(4), view.top + e.top - self.scroll.offset,
                           view.width - theme.px(18), e.height - theme.px(GAP) // 2)

    def entry_at(self, pos: tuple[int, int]) -> LogEntry | None:
        if not self.scroll.rect.collidepoint(pos):
            return None
        return next((e for e in self.entries if self._visible(e).collidepoint(pos)), None)

    def toggle(self, entry: LogEntry) -> None:
        """Open or close the reason under a line, keeping the line where it is on the screen."""
        if not entry.reason:
            return
        following = self.following() and entry is self.entries[-1]
        before = entry.top - self.scroll.offset
        entry.expanded = not entry.expanded
        self._stack()
        self.scroll.content_height = self.content_height()
        if following:
            self.scroll.offset = self.scroll.max_offset
        else:
            self.scroll.offset = max(0, min(self.scroll.max_offset, entry.top - before))
        self.show_entry(entry)

    def show_entry(self, entry: LogEntry) -> None:
        """Scroll just enough for the whole entry to be in view."""
        view_h = self.scroll.rect.height
        off = self.scroll.offset
        if entry.top + entry.height > off + view_h:
            off = entry.top + entry.height - view_h
        if entry.top < off:
            off = entry.top
        self.scroll.offset = max(0, min(self.scroll.max_offset, off))

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        """The reason behind the line at ``pos``, if it has one and it is not open under the line:
        an open reason is already in full view, and the same words floating over it hid it."""
        e = self.entry_at(pos)
        return f"Why: {e.reason}" if e is not None and e.reason and not e.expanded else None

    def targets(self) -> list["Target"]:
        """Lines with a reason that are in view, for the keyboard (zone "panel"): Enter opens or
        closes the reason."""
        from courier.ui.focus import Target

        view = self.scroll.rect
        out: list[Target] = []
        for i, e in enumerate(self.entries):
            if not e.reason:
                continue
            r = self._visible(e).clip(view)
            if r.height < min(e.height // 2, draw.line_height(SIZE)):
                continue
            out.append(Target(r, e.label(), key=("log", i), zone="panel",
                              activate=lambda e=e: self.toggle(e), within=view,
                              on_focus=lambda on, e=e: self.show_entry(e) if on else None))
        return out

    # -- input -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._mouse = event.pos
        if self.scroll.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            e = self.entry_at(event.pos)
            if e is not None and e.reason:
                self.toggle(e)
                return True
        return False

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        self.draw_content(surface)

    def draw_frame(self, surface: pygame.Surface) -> None:
        """The card and its heading: the part that only changes with the layout."""
        r, px = self.rect, theme.px
        draw.panel(surface, r, theme.PANEL, radius=px(10))
        header = px(HEADER)
        draw.text(surface, "Game log", (r.left + px(14), r.top + px(9)), 15, theme.INK_SOFT, bold=True)
        pygame.draw.line(surface, theme.PAPER_DARK, (r.left + px(10), r.top + header - px(4)),
                         (r.right - px(10), r.top + header - px(4)), max(1, px(1)))

    def draw_content(self, surface: pygame.Surface) -> None:
        view = self.scroll.rect
        px = theme.px
        old_clip = surface.get_clip()
        surface.set_clip(view.clip(old_clip) if old_clip else view)
        lh, rh = draw.line_height(SIZE), draw.line_height(REASON_SIZE)
        left = view.left + px(PAD_LEFT)
        if not self.entries:
            draw.text(surface, EMPTY, (view.left + px(14), view.top + px(GAP)), SIZE, theme.INK_SOFT)
        last = len(self.entries) - 1
        hovered = self.entry_at(self._mouse) if self._mouse is not None else None
        for i, e in enumerate(self.entries):
            y = view.top + e.top - self.scroll.offset
            if y + e.height < view.top or y > view.bottom:
                continue
            if e.reason and (e is hovered or e.expanded):
                pygame.draw.rect(surface, (250, 244, 228), self._visible(e), border_radius=px(6))
            dot = (view.left + px(18), y + lh // 2)
            if e.colour is not None:
                draw.swatch(surface, dot, px(5), e.colour)
            else:
                pygame.draw.circle(surface, theme.PAPER_DARK, dot, px(3))
            ink = theme.INK if i == last else (70, 64, 58)
            for j, line in enumerate(e.lines):
                draw.text(surface, line, (left, y + j * lh), SIZE, ink)
            if e.reason:
                self._draw_badge(surface, (view.right - px(PAD_RIGHT) // 2 - px(4), y + lh // 2), e.expanded)
                if e.expanded:
                    ry = y + len(e.lines) * lh + px(2)
                    for j, line in enumerate(e.reason_lines):
                        draw.text(surface, line, (left, ry + j * rh), REASON_SIZE, theme.INK_SOFT)
        surface.set_clip(old_clip)
        self.scroll.draw_scrollbar(surface)

    @staticmethod
    def _draw_badge(surface: pygame.Surface, centre: tuple[int, int], open_: bool) -> None:
        """The mark of a line with a reason: a ringed "i" (filled while the reason is open)."""
        r = theme.px(BADGE)
        if open_:
            pygame.draw.circle(surface, theme.INK_SOFT, centre, r)
            colour = theme.PANEL
        else:
            pygame.draw.circle(surface, theme.INK_SOFT, centre, r, max(1, theme.px(1.5)))
            colour = theme.INK_SOFT
        # an "i" drawn as shapes: a dot and a stem (no glyph, so no text over other text)
        x, y = centre
        pygame.draw.circle(surface, colour, (x, y - r // 2), max(1, r // 5))
        pygame.draw.line(surface, colour, (x, y - r // 6), (x, y + r // 2), max(1, r // 4))
