"""Doorstep Dash's pieces: the live markers over the painted town (``mapart``).

The houses on your cards, traps, the drives on offer and the vans, drawn from plain data the view
hands over.
"""

from __future__ import annotations

import math
from typing import Sequence

import pygame

from courier.rules.doorstep_dash.board import Board, Cell
from courier.scenes.games.doorstep_dash.mapart import Geometry, fs
from courier.ui import draw, motion, palette, sprites, theme
from courier.ui.kit import draw_seat

COLOUR = palette.roles("doorstep_dash")  # this game's colours by role, read from the active palette


# -- live markers over the town ------------------------------------------------------------------


def draw_marked_houses(surface: pygame.Surface, geo: Geometry, board: Board, marks: dict[str, str],
                       clip: pygame.Rect, clock: float, avoid: Sequence[pygame.Rect] = ()) -> None:
    """Houses marked as on your cards ('hand'), being chosen ('pick') or in the row ('row')."""
    cs = geo.cs
    pulse = motion.pulse(clock, 0.65)
    named: list[tuple[str, pygame.Rect, tuple[int, int, int]]] = []
    for name, why in marks.items():
        house = board.houses.get(name)
        if house is None:
            continue
        r = geo.area(*house.rect).inflate(-cs // 8, -cs // 8)
        if why == "hand":
            pygame.draw.rect(surface, theme.HIGHLIGHT, r.inflate(4, 4), 3, border_radius=5)
            img = sprites.scaled("parcel_box", max(10, int(cs * 0.7)))
            surface.blit(img, img.get_rect(center=(r.right - 2, r.top + 2)))
            named.append((name, r, theme.INK))
        elif why == "pick":
            pygame.draw.rect(surface, theme.ACCENT, r.inflate(4, 4), 3, border_radius=5)
            named.append((name, r, theme.ACCENT_DARK))
        else:
            alpha = int(90 + 80 * pulse)
            layer = pygame.Surface(r.inflate(6, 6).size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (255, 255, 255, alpha), layer.get_rect(), 2, border_radius=5)
            surface.blit(layer, r.inflate(6, 6).topleft)
    # the names go over every highlight, each clear of the others
    images = [draw.render_text(name, fs(cs * 0.42, 10), colour, bold=True) for name, _, colour in named]
    boxes = label_boxes([r for _, r, _ in named], [img.get_size() for img in images], clip, avoid)
    for img, box in zip(images, boxes):
        draw.rounded_rect(surface, box, COLOUR.map_label, radius=4)
        surface.blit(img, img.get_rect(center=box.center))


def label_boxes(houses: list[pygame.Rect], sizes: list[tuple[int, int]], clip: pygame.Rect,
                avoid: Sequence[pygame.Rect] = ()) -> list[pygame.Rect]:
    """Where each marked house's name goes (``sizes`` are the names' text sizes): under the house
    if that is clear of the names placed so far and of the town's own names (``avoid``), else
    above it, else nudged sideways; failing all of those, where it covers least, covering another
    house's name last of all. Cards for neighbouring houses used to print one name over the
    other, and a name could hide a park's."""
    placed: list[pygame.Rect] = []
    for r, (w, h) in zip(houses, sizes):
        below = pygame.Rect(0, 0, w + 8, h + 2)
        below.midtop = (r.centerx, r.bottom + 2)
        above = below.copy()
        above.midbottom = (r.centerx, r.top - 2)
        options = [below, above]
        for base in (below, above):
            options += [base.move(dx, 0) for dx in (base.width // 2, -base.width // 2, base.width, -base.width)]
        options = [o.clamp(clip) for o in options]

        def covered(box: pygame.Rect) -> tuple[int, int]:
            def area(others: Sequence[pygame.Rect]) -> int:
                return sum(box.clip(p).width * box.clip(p).height for p in others)
            return area(placed), area(avoid)

        placed.append(min(options, key=covered))  # the first clear spot: min keeps the earliest of equals
    return placed


def draw_traps(surface: pygame.Surface, geo: Geometry, traps: list[tuple[int, Cell, tuple[int, int, int]]],
               occupied: set[Cell]) -> None:
    """Each set trap (seat, space, colour); moved aside when a van stands on it."""
    cs = geo.cs
    for seat, cell, colour in traps:
        cx, cy = geo.centre(cell)
        if cell in occupied:
            cx, cy = cx - cs * 0.45, cy + cs * 0.3
        pygame.draw.circle(surface, colour, (cx, cy), cs * 0.46)
        pygame.draw.circle(surface, theme.INK, (cx, cy), cs * 0.46, 2)
        img = sprites.scaled("trap", max(10, int(cs * 0.72)))
        surface.blit(img, img.get_rect(center=(cx, cy)))
        draw_seat(surface, seat, (cx + cs * 0.36, cy - cs * 0.36), max(3, cs * 0.16), colour)


def draw_moves(surface: pygame.Surface, geo: Geometry, moves, colour: tuple[int, int, int],
               hover: Cell | None, path: list[Cell], clock: float) -> None:
    """The spaces a drive may end on, and the route to the one pointed at (numbered steps)."""
    cs = geo.cs
    pulse = motion.pulse(clock, 0.8)
    for cell in moves:
        r = geo.rect(cell)
        glow = r.inflate(int(cs * 0.3 * pulse) + 4, int(cs * 0.3 * pulse) + 4)
        layer = pygame.Surface(glow.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*theme.HIGHLIGHT, 120), layer.get_rect(), border_radius=6)
        surface.blit(layer, glow.topleft)
        pygame.draw.rect(surface, theme.HIGHLIGHT, r, border_radius=4)
        pygame.draw.rect(surface, theme.INK if cell == hover else draw.darken(colour, 0.3), r,
                         3 if cell == hover else 2, border_radius=4)
        pygame.draw.circle(surface, draw.darken(colour, 0.2), r.center, max(2, cs // 6))
    pts = [geo.centre(c) for c in path]
    if len(pts) > 1:
        pygame.draw.lines(surface, theme.INK, False, pts, max(2, cs // 7))
        pygame.draw.lines(surface, theme.HIGHLIGHT, False, pts, max(1, cs // 12))
    for k, c in enumerate(path[1:], start=1):
        cx, cy = geo.centre(c)
        pygame.draw.circle(surface, COLOUR.path_dot, (cx, cy), cs * 0.22)
        img = draw.render_text(str(k), fs(cs * 0.36, 8), theme.INK, bold=True)
        surface.blit(img, img.get_rect(center=(int(cx), int(cy))))


def draw_vans(surface: pygame.Surface, geo: Geometry, positions: dict[int, tuple[float, float, float]],
              colours: list[tuple[int, int, int]]) -> None:
    """Every van at (x, y, heading), the lower ones drawn last so they stand in front."""
    size = max(12, int(geo.cs * 1.05))
    crowd = len(colours) > 1
    for i, (x, y, heading) in sorted(positions.items(), key=lambda t: t[1][1]):
        colour = colours[i]
        s = size if not crowd else int(size * 0.92)
        if abs(heading) <= 90:
            img = sprites.rotated("van", heading, s, colour)
        else:  # driving left: mirror rather than draw the van upside down
            img = pygame.transform.flip(sprites.rotated("van", 0, s, colour), True, False)
        rect = img.get_rect(center=(int(x), int(y)))
        shadow = pygame.Surface((rect.width, max(4, rect.height // 3)), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, COLOUR.shadow_deep, shadow.get_rect())
        surface.blit(shadow, shadow.get_rect(center=(rect.centerx + 2, rect.bottom - 2)))
        surface.blit(img, rect)
        draw_seat(surface, i, (rect.centerx, rect.top + 1), max(4, geo.cs * 0.2), colour)
