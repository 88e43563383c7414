"""The one seat marker: a seat is told apart by its shape as well as its colour, in every game.

Seat 1 is always a circle, seat 2 a square, seat 3 a triangle, seat 4 a diamond, seat 5 a
downward triangle, seat 6 a plus (the order of the score charts), so a player who knows their
shape in one game knows it in the others, and colour is never the only cue. The seat's number is
drawn inside when the marker is big enough to hold it; it is part of the marker's picture
(blitted, like the sprites), not a line of text.
"""

from __future__ import annotations

import pygame

from courier.ui import draw, palette
from courier.ui.kit.map_text import map_size

#: the marker shape of each seat, seat 1 first (the score charts use the same order)
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "down", "plus")
#: the least radius (window pixels) that holds a readable number
NUMBER_FROM = 7

Point = tuple[float, float]
Colour = palette.Colour


def seat_shape(seat: int) -> str:
    """The marker shape of seat ``seat`` (0-based)."""
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


def outline(kind: str, centre: Point, r: float) -> list[Point] | None:
    """The corners of a ``kind`` marker of radius ``r`` around ``centre`` (None for the circle)."""
    x, y = centre
    if kind == "circle":
        return None
    if kind == "square":
        k = r * 0.85
        return [(x - k, y - k), (x + k, y - k), (x + k, y + k), (x - k, y + k)]
    if kind == "triangle":
        return [(x, y - r * 1.05), (x + r, y + r * 0.8), (x - r, y + r * 0.8)]
    if kind == "down":
        return [(x - r, y - r * 0.8), (x + r, y - r * 0.8), (x, y + r * 1.05)]
    if kind == "plus":
        a, b = r * 0.38, r
        return [(x - a, y - b), (x + a, y - b), (x + a, y - a), (x + b, y - a), (x + b, y + a), (x + a, y + a),
                (x + a, y + b), (x - a, y + b), (x - a, y + a), (x - b, y + a), (x - b, y - a), (x - a, y - a)]
    return [(x, y - r * 1.1), (x + r, y), (x, y + r * 1.1), (x - r, y)]  # diamond


def draw_marker(surface: pygame.Surface, kind: str, centre: Point, r: float, fill: Colour,
                edge: Colour | None = None, width: int | None = None, shadow: Colour | None = None) -> None:
    """A ``kind`` marker (see ``SEAT_SHAPES``): ``fill`` inside an ``edge`` line (ink by default),
    on an optional ``shadow`` offset down and right."""
    edge = edge if edge is not None else palette.colour("ink")
    width = width if width is not None else max(1, int(r // 4))
    pts = outline(kind, centre, r)
    if shadow is not None:
        off = max(1, int(r / 5))
        if pts is None:
            pygame.draw.circle(surface, shadow, (int(centre[0] + off), int(centre[1] + off)), int(r))
        else:
            pygame.draw.polygon(surface, shadow, [(x + off, y + off) for x, y in pts])
    if pts is None:
        pygame.draw.circle(surface, fill, centre, r)
        pygame.draw.circle(surface, edge, centre, r, width)
    else:
        pygame.draw.polygon(surface, fill, pts)
        pygame.draw.polygon(surface, edge, pts, width)


def draw_seat(surface: pygame.Surface, seat: int, centre: Point, r: float, colour: Colour, *,
              edge: Colour | None = None, number: bool | None = None, glow: bool = False,
              shadow: Colour | None = None, width: int | None = None) -> None:
    """Seat ``seat``'s marker (0-based) of radius ``r`` in the seat's ``colour``: its shape, and
    its number inside when ``number`` (by default: when the marker is big enough to hold one).
    ``glow`` rings it in the highlight colour (the seat to act)."""
    if glow:
        pygame.draw.circle(surface, palette.colour("highlight"), (int(centre[0]), int(centre[1])), int(r * 1.55))
    kind = seat_shape(seat)
    draw_marker(surface, kind, centre, r, colour, edge, width, shadow)
    if number is None:
        number = r >= NUMBER_FROM
    if number:
        digit = draw.render_text(str(seat + 1), map_size(r * 1.05, 7), draw.text_colour_on(colour), bold=True)
        # a triangle's middle sits low, a downward one's high
        dy = {"triangle": r * 0.15, "down": -r * 0.15}.get(kind, 0)
        surface.blit(digit, digit.get_rect(center=(int(centre[0]), int(centre[1] + dy))))
