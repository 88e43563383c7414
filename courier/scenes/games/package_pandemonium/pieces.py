"""Package Pandemonium's pieces: everything drawn over the painted city (``mapart``) for one
frame: highlights, bases, route cubes, packages, vans and the route being planned, and the
priority cards. Pure drawing from a view; nothing here changes state."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import pygame

from courier.rules.package_pandemonium.board import Board
from courier.rules.package_pandemonium.state import AUTO, BOMB, HIGH, ROGUE_NAME, ROGUE_PLAYER, PState
from courier.scenes.games.package_pandemonium.mapart import CityLayer, Geometry, fsize
from courier.ui import draw, motion, palette, theme
from courier.ui.kit import SEAT_SHAPES, draw_marker, seat_shape

COLOUR = palette.roles("package_pandemonium")  # this game's colours by role, read from the active palette



def van_colour(view: PState, vi: int, colours: list[tuple[int, int, int]]) -> tuple[int, int, int]:
    van = view.vans[vi]
    if van.role == AUTO:
        return COLOUR.rogue if van.name == ROGUE_NAME else COLOUR.auto_van
    return colours[van.seat % len(colours)]


def van_shape(view: PState, vi: int) -> str:
    """A van's marker: its seat's shape, as in every game; an automated van (the Rogue) takes the
    last shape, which no seat of this game has (it seats at most four)."""
    van = view.vans[vi]
    return seat_shape(van.seat) if van.seat >= 0 else SEAT_SHAPES[-1]


def draw_base(surface: pygame.Surface, g: Geometry, cell: int, colour: tuple[int, int, int], label: str,
              rogue: bool = False) -> None:
    block = g.block_rect(cell)
    s = g.tile * 0.2
    x, y = block.x + s * 0.75, block.y + g.tile * 0.3
    pts = [(x - s * 0.6, y), (x, y - s * 0.55), (x + s * 0.6, y), (x + s * 0.6, y + s * 0.7), (x - s * 0.6, y + s * 0.7)]
    pygame.draw.polygon(surface, COLOUR.clear, pts)
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, theme.INK, pts, 2)
    if rogue:
        pygame.draw.line(surface, COLOUR.rogue_mark, (x - s * 0.45, y + s * 0.15), (x + s * 0.45, y + s * 0.15), 3)
    draw.text(surface, label, (x, y + s * 0.38), fsize(s * 0.5, 8), draw.text_colour_on(colour), bold=True,
              anchor="center")


def draw_cube(surface: pygame.Surface, centre: tuple[float, float], size: float, colour: tuple[int, int, int],
              ghost: bool = False, mark: str | None = None) -> None:
    rect = pygame.Rect(0, 0, size, size)
    rect.center = (int(centre[0]), int(centre[1]))
    if ghost:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*colour, 130), layer.get_rect(), border_radius=3)
        pygame.draw.rect(layer, (*theme.INK, 200), layer.get_rect(), 2, border_radius=3)
        surface.blit(layer, rect)
    else:
        pygame.draw.rect(surface, draw.darken(colour, 0.35), rect.move(2, 2), border_radius=3)
        pygame.draw.rect(surface, colour, rect, border_radius=3)
        pygame.draw.rect(surface, draw.lighten(colour, 0.35), rect.inflate(-size * 0.45, -size * 0.45), border_radius=2)
        pygame.draw.rect(surface, theme.INK, rect, 1, border_radius=3)
    if mark:
        draw.text(surface, mark, rect.center, fsize(size * 0.7, 8), draw.text_colour_on(colour), bold=True, anchor="center")


def draw_package(surface: pygame.Surface, centre: tuple[float, float], size: float, kind: str,
                 timer: int = 0) -> None:
    x, y = centre
    if kind == BOMB:
        r = size * 0.55
        pygame.draw.circle(surface, COLOUR.bomb, (x, y + 1), r)
        pygame.draw.circle(surface, COLOUR.bomb_shine, (x - r * 0.35, y - r * 0.3), r * 0.25)
        pygame.draw.line(surface, COLOUR.bomb_fuse, (x + r * 0.5, y - r * 0.6), (x + r * 0.9, y - r * 1.1), 2)
        pygame.draw.circle(surface, COLOUR.bomb_spark, (x + r * 0.95, y - r * 1.15), max(2, r * 0.22))
        if timer:
            draw.text(surface, str(timer), (x, y + 1), fsize(size * 0.6, 8), COLOUR.bomb_timer, bold=True, anchor="center")
        return
    rect = pygame.Rect(0, 0, size, size)
    rect.center = (int(x), int(y))
    fill = COLOUR.package_high if kind in (HIGH, "SH") else COLOUR.package_low
    pygame.draw.rect(surface, draw.darken(fill, 0.4), rect.move(1, 2), border_radius=2)
    pygame.draw.rect(surface, fill, rect, border_radius=2)
    pygame.draw.rect(surface, theme.INK, rect, 1, border_radius=2)
    if kind in (HIGH, "SH"):
        _star(surface, rect.center, size * 0.36, COLOUR.star)
    else:
        pygame.draw.line(surface, draw.lighten(fill, 0.4), (rect.x + 2, rect.centery), (rect.right - 3, rect.centery), 1)


def _star(surface: pygame.Surface, c: tuple[float, float], r: float, colour: tuple[int, int, int]) -> None:
    pts = []
    for i in range(10):
        ang = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((c[0] + rr * math.cos(ang), c[1] + rr * math.sin(ang)))
    pygame.draw.polygon(surface, colour, pts)


def draw_van(surface: pygame.Surface, centre: tuple[float, float], size: float, colour: tuple[int, int, int],
             marker: str, rogue: bool = False, highlight: bool = False) -> None:
    x, y = centre
    w, h = size * 1.3, size * 0.75
    body = pygame.Rect(0, 0, w, h)
    body.center = (int(x), int(y))
    if highlight:
        pygame.draw.rect(surface, theme.HIGHLIGHT, body.inflate(10, 10), border_radius=8)
    pygame.draw.rect(surface, COLOUR.van_shadow, body.move(2, 3), border_radius=6)
    pygame.draw.rect(surface, colour, body, border_radius=6)
    cab = pygame.Rect(body.right - w * 0.3, body.y + h * 0.12, w * 0.24, h * 0.4)
    pygame.draw.rect(surface, COLOUR.van_window, cab, border_radius=3)
    pygame.draw.rect(surface, theme.INK, body, 2, border_radius=6)
    for fx in (0.25, 0.75):
        pygame.draw.circle(surface, COLOUR.wheel, (body.x + w * fx, body.bottom), max(3, size * 0.13))
    if rogue:
        pygame.draw.rect(surface, COLOUR.rogue_mark, (body.x + 3, body.y + h * 0.55, w * 0.6, h * 0.14))
    draw_marker(surface, marker, (body.x + w * 0.32, body.y + h * 0.36), max(4, size * 0.19), draw.lighten(colour, 0.55),
                width=2)


# -- one frame of the board ---------------------------------------------------------------------


@dataclass
class Marks:
    """What the person's input adds to the board: ringed tiles and the route being planned."""

    highlights: list[int] = field(default_factory=list)
    #: the planned route: its start tile, the tiles it enters, whose van, and whether a tile of
    #: that van's own route costs a charge (the player's route; not the Rogue's)
    plan_start: int = -1
    plan_cells: list[int] = field(default_factory=list)
    plan_van: int = -1
    plan_charges: bool = False


def draw_board(surface: pygame.Surface, rect: pygame.Rect, g: Geometry, city: CityLayer, v: PState, board: Board,
               colours: list[tuple[int, int, int]], marks: Marks,
               van_pos: Callable[[int], tuple[float, float] | None]) -> None:
    city.draw(surface, rect, board, v)  # paper and the static city, painted once per size
    _highlights(surface, g, marks.highlights)
    draw_base(surface, g, board.rogue_base, COLOUR.rogue, "R", rogue=True)
    for vi, van in enumerate(v.vans):
        if van.base >= 0 and van.base != board.rogue_base:
            draw_base(surface, g, van.base, van_colour(v, vi, colours), str(van.seat + 1) if van.seat >= 0 else "AI")
    # route cubes, oldest faint, joined by a line in the van's colour
    t = g.tile
    for vi, van in enumerate(v.vans):
        col = van_colour(v, vi, colours)
        if len(van.cubes) > 1:
            pts = [_cube_spot(g, c, vi, 0) for c in van.cubes]
            pygame.draw.lines(surface, draw.darken(col, 0.2), False, pts, max(2, t // 40))
        seen: dict[int, int] = {}
        for i, c in enumerate(van.cubes):
            n = seen.get(c, 0)
            seen[c] = n + 1
            reuse = van.role != AUTO and len(van.cubes) >= 6 and i < 3
            draw_cube(surface, _cube_spot(g, c, vi, n), max(8, t * 0.11), col, ghost=reuse, mark=None)
    # packages lying on tiles
    for cell, tile in enumerate(v.tiles):
        if not tile:
            continue
        block = g.block_rect(cell)
        size = max(9, t * 0.135)
        for i, k in enumerate(sorted(tile, key=lambda k: "BHL".index(k))):
            row, col_ = divmod(i, 4)
            x = block.right - size * 0.8 - col_ * (size + 3)
            y = block.y + t * 0.3 + row * (size + 4)
            draw_package(surface, (x, y), size, k)
    # vans (smaller and fanned out when several share a tile)
    crowd: dict[int, list[int]] = {}
    for vi, van in enumerate(v.vans):
        if van.pos >= 0:
            crowd.setdefault(van.pos, []).append(vi)
    fans = {1: [(0.06, 0.1)], 2: [(-0.18, 0.16), (0.18, 0.16)], 3: [(-0.19, 0.22), (0.19, 0.22), (0.0, 0.0)]}
    for cell_, group in crowd.items():
        spots = fans.get(len(group), fans[3])
        scale = 0.3 if len(group) == 1 else 0.25
        for n, vi in enumerate(group):
            van = v.vans[vi]
            pos = van_pos(vi)
            if pos is None:
                cx, cy = g.centre(cell_)
                dx, dy = spots[min(n, len(spots) - 1)]
                pos = (cx + dx * t, cy + dy * t)
            acting = v.phase == "route" and v.order and v.order[v.order_index] == vi
            rogue = van.role in (AUTO, ROGUE_PLAYER)
            draw_van(surface, pos, t * scale, van_colour(v, vi, colours), van_shape(v, vi), rogue, bool(acting))
            if BOMB in van.cargo:
                draw_package(surface, (pos[0] + t * 0.2, pos[1] - t * 0.14), t * 0.1, BOMB, van.bomb_timer)
    _plan(surface, g, v, colours, marks)


def _cube_spot(g: Geometry, cell: int, vi: int, n: int) -> tuple[float, float]:
    block = g.block_rect(cell)
    return (block.x + g.tile * (0.13 + 0.15 * vi) + n * 4, block.bottom - g.tile * 0.2 - n * 4)


def _highlights(surface: pygame.Surface, g: Geometry, cells: list[int]) -> None:
    strong = motion.pulse(motion.now(), 1.0) > 0.5
    for c in cells:
        r = g.block_rect(c).inflate(6, 6)
        pygame.draw.rect(surface, theme.HIGHLIGHT, r, 4 + strong, border_radius=10)


def _plan(surface: pygame.Surface, g: Geometry, v: PState, colours: list[tuple[int, int, int]], marks: Marks) -> None:
    cells = marks.plan_cells
    if not cells:
        return
    col = van_colour(v, marks.plan_van, colours)
    lift = g.tile * 0.1
    pts = [(x, y - lift) for x, y in [g.centre(marks.plan_start)] + [g.centre(c) for c in cells]]
    for a, b in zip(pts, pts[1:]):
        draw.dashed_line(surface, theme.INK, a, b, 4, 10, 6)
        draw.dashed_line(surface, col, a, b, 2, 10, 6)
    cubes = set(v.vans[marks.plan_van].cubes)
    for i, c in enumerate(cells):
        x, y = g.centre(c)
        x += cells[:i].count(c) * g.tile * 0.2  # a tile visited twice shows both cubes
        y -= g.tile * 0.1
        draw_cube(surface, (x, y), max(16, g.tile * 0.18), col, ghost=True, mark=str(i + 1))
        if marks.plan_charges and c in cubes:
            tag = draw.render_text("-1 charge", fsize(g.tile / 10, 9), theme.BAD, bold=True)
            r = tag.get_rect(center=(x, y + g.tile * 0.2))
            draw.rounded_rect(surface, r.inflate(8, 2), COLOUR.pop_box_solid, 5)
            surface.blit(tag, r)
        cubes.add(c)


def draw_card(surface: pygame.Surface, rect: pygame.Rect, value: int | None, hover: bool = False,
              special: str = "", colour: tuple[int, int, int] | None = None) -> None:
    """A priority card: face up with its number (and what it brings), or face down."""
    colour = colour or COLOUR.priority_back
    draw.shadow(surface, rect, radius=8, offset=(0, 3), blur=5, alpha=70)
    if value is None:
        draw.rounded_rect(surface, rect, colour, 8)
        draw.rounded_rect(surface, rect.inflate(-8, -8), draw.lighten(colour, 0.2), 6, width=2)
        draw.text(surface, "?", rect.center, fsize(rect.height / 3), COLOUR.on_piece, bold=True, anchor="center")
        return
    draw.rounded_rect(surface, rect, theme.HIGHLIGHT if hover else COLOUR.card_face, 8)
    draw.rounded_rect(surface, rect, colour, 8, width=3)
    lines, size = caption_lines(special, rect.width - 10, fsize(rect.height / 6.5, 8)) if special else ([], 0)
    lh = draw.line_height(size, True) if lines else 0
    bottom = rect.bottom - rect.height // 14
    # the number in the middle of what the caption leaves above it
    free = (bottom - len(lines) * lh) - rect.y if lines else rect.height
    draw.text(surface, str(value), (rect.centerx, rect.y + free * (0.47 if lines else 0.5)), fsize(rect.height / 3),
              colour, bold=True, serif=True, anchor="center")
    if special:
        for i, line in enumerate(lines):
            # what the card adds (a charge, a longer route) is good news, not a warning
            draw.text(surface, line, (rect.centerx, bottom - (len(lines) - 1 - i) * lh), size, theme.message_colour("good"),
                      bold=True, anchor="midbottom")


def caption_lines(text: str, width: int, size: int) -> tuple[list[str], int]:
    """A card's caption in ``width`` real pixels: one line, smaller if need be, else one word a
    line ("+1" over "batt"), else the first word alone; never wider than the card."""
    def wide(line: str, k: int) -> int:
        return draw.font(k, True).size(line)[0]

    for lines in ([text], text.split()):
        k = size
        while k > 4 and max(wide(line, k) for line in lines) > width:
            k -= 1
        if max(wide(line, k) for line in lines) <= width:
            return lines, k
    return text.split()[:1], 4  # a tiny card: its first word ("+1", "4"); the tooltip says the rest
