"""The board scene's status line: how a hint of any length fits the bar under the board.

The line is one row of 16-point text when the hint fits. A longer hint wraps onto two smaller
lines; one too long even for that keeps its first line and shortens the second with an ellipsis,
and the whole hint is then offered on hover and on focus (the host asks :func:`lay_out` whether
it was cut). While the keyboard's focus ring shows, the keys are named: beside the hint when
there is room, or after a two-line hint's second line, else on the second line with the hint
shortened above them.

Everything here is measured from the text and the box alone, so drawing and the host's tooltip
agree without the drawing remembering anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from courier.ui import draw, theme
from courier.ui.focus import KEYS_HINT

Colour = tuple[int, int, int]

#: one line (design points)
SIZE = 16
#: each of two lines
SMALL = 14
#: the keys' names
KEYS_SIZE = 13
#: the keys named when the bar has no room for the whole hint
KEYS_SHORT = "Tab · Arrows · Enter · Esc"


@dataclass
class Line:
    text: str
    size: int
    colour: Colour
    #: the left edge and the vertical centre
    pos: tuple[int, int]
    #: shortened with an ellipsis to this width (None: drawn whole)
    max_width: int | None = None
    anchor: str = "midleft"


@dataclass
class StatusLayout:
    lines: list[Line] = field(default_factory=list)
    #: the hint could not be shown whole (the host offers it on hover and focus)
    cut: bool = False


def _width(text: str, size: int) -> int:
    return draw.font(size).size(text)[0]


def lay_out(text: str, colour: Colour, box: pygame.Rect, keys: bool) -> StatusLayout:
    """Where the hint ``text`` goes inside ``box`` (the text's own area of the status bar);
    ``keys``: name the keyboard's keys too."""
    out = StatusLayout()
    if not text and not keys:
        return out
    x, cy, w = box.left, box.centery, box.width
    gap = theme.px(24)
    soft = theme.INK_SOFT
    one_line = _width(text, SIZE) <= w
    if keys:
        for hint in (KEYS_HINT, KEYS_SHORT):
            if one_line and _width(text, SIZE) + gap + _width(hint, KEYS_SIZE) <= w:
                out.lines.append(Line(text, SIZE, colour, (x, cy)))
                out.lines.append(Line(hint, KEYS_SIZE, soft, (box.right, cy), anchor="midright"))
                return out
        if not text:
            hint = KEYS_HINT if _width(KEYS_HINT, KEYS_SIZE) <= w else KEYS_SHORT
            out.lines.append(Line(hint, KEYS_SIZE, soft, (x, cy), max_width=w))
            return out
        top, bottom = _two_rows(box)
        rows = draw.wrap(text, w, SMALL)
        if len(rows) == 2:  # the hint takes two lines and the keys fit after its second
            for hint in (KEYS_HINT, KEYS_SHORT):
                if _width(rows[1], SMALL) + gap + _width(hint, KEYS_SIZE) <= w:
                    out.lines.append(Line(rows[0], SMALL, colour, (x, top)))
                    out.lines.append(Line(rows[1], SMALL, colour, (x, bottom)))
                    out.lines.append(Line(hint, KEYS_SIZE, soft, (box.right, bottom), anchor="midright"))
                    return out
        hint = KEYS_HINT if _width(KEYS_HINT, KEYS_SIZE) <= w else KEYS_SHORT
        out.cut = _width(text, SMALL) > w
        out.lines.append(Line(text, SMALL, colour, (x, top), max_width=w))
        out.lines.append(Line(hint, KEYS_SIZE, soft, (x, bottom), max_width=w))
        return out
    if one_line:
        out.lines.append(Line(text, SIZE, colour, (x, cy)))
        return out
    rows = draw.wrap(text, w, SMALL)
    top, bottom = _two_rows(box)
    out.lines.append(Line(rows[0], SMALL, colour, (x, top)))
    rest = " ".join(r.strip() for r in rows[1:] if r.strip())
    if rest:
        out.cut = len(rows) > 2
        out.lines.append(Line(rest, SMALL, colour, (x, bottom), max_width=w))
    return out


def _two_rows(box: pygame.Rect) -> tuple[int, int]:
    """The centres of two lines of small text filling ``box``'s height evenly."""
    lh = draw.line_height(SMALL)
    half = max(lh // 2 + 1, min(box.height // 4, lh // 2 + theme.px(2)))
    return box.centery - half, box.centery + half


def draw_status(surface: pygame.Surface, layout: StatusLayout) -> None:
    for ln in layout.lines:
        draw.text(surface, ln.text, ln.pos, ln.size, ln.colour, anchor=ln.anchor, max_width=ln.max_width)
