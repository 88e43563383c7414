"""Package Pandemonium's board area: where the grid sits (``Geometry``) and everything drawn on
it for one frame: the city (blocks, roads, water, bridges), highlights, bases, route cubes,
packages, vans and the route being planned. Pure drawing from a view; nothing here changes
state. A board with its own picture shows it over the grid in place of the drawn blocks and
roads; names, chargers, water and bridges are still drawn on it."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import pygame

from courier.rules.package_pandemonium.board import SIZE, Board, cell_name
from courier.rules.package_pandemonium.state import AUTO, BOMB, HIGH, ROGUE_NAME, ROGUE_PLAYER, PState
from courier.ui import board_art, draw, theme

ROAD = (86, 88, 96)
ROAD_LINE = (224, 214, 160)
KERB = (176, 170, 158)
WATER = (72, 140, 200)
WATER_LIGHT = (140, 190, 230)
BRIDGE = (150, 108, 70)
TERRAIN_FILL = {
    "block": (226, 210, 182),
    "park": (150, 194, 124),
    "plaza": (232, 224, 206),
    "electric": (206, 220, 236),
}
ROGUE = (52, 44, 58)
ROGUE_MARK = (214, 60, 60)
LOW_COL = (128, 78, 170)  # purple: 1 point
HIGH_COL = (250, 250, 246)  # white: 5 points
AUTO_COLOURS = [(52, 44, 58), (120, 120, 120)]
SHAPES = ("circle", "triangle", "square", "diamond")


def fsize(pixels: float, least: int = 7) -> int:
    """A text size for ``pixels`` of real height (text sizes are given at the design scale and
    grow with the interface scale; a size worked out from the board's pixels must not grow twice)."""
    return max(least, int(pixels / theme.ui_scale()))


class Geometry:
    """Where the grid and the player's tray (secret missions, the priority hand, the prompts)
    sit inside the board area, at any size. The tray docks beside the grid when the area is
    wide enough, else under it, so nothing of the player's ever covers a tile."""

    def __init__(self, rect: pygame.Rect) -> None:
        pad, gap = theme.px(8), theme.px(26)
        inner = pygame.Rect(rect).inflate(-2 * pad, -2 * pad)
        tray_min, tray_max = theme.px(190), theme.px(380)
        beside = min(inner.height, inner.width - gap - tray_min)
        below = min(inner.width, inner.height - gap - theme.px(170))
        if beside >= below or beside >= 0.85 * min(inner.width, inner.height):
            side = max(120, beside)
            self.tile = side // SIZE
            side = self.tile * SIZE
            tw = min(tray_max, inner.width - side - gap)
            left = inner.x + (inner.width - side - gap - tw) // 2
            self.grid = pygame.Rect(left, inner.centery - side // 2, side, side)
            self.tray = pygame.Rect(self.grid.right + gap, inner.y, tw, inner.height)
        else:
            side = max(120, below)
            self.tile = side // SIZE
            side = self.tile * SIZE
            self.grid = pygame.Rect(inner.centerx - side // 2, inner.y, side, side)
            self.tray = pygame.Rect(inner.x, self.grid.bottom + gap, inner.width, inner.bottom - self.grid.bottom - gap)
        self.road = max(6, self.tile // 9)

    @property
    def tray_beside(self) -> bool:
        """True when the tray is a column beside the grid (else a band under it)."""
        return self.tray.x >= self.grid.right

    def cell_rect(self, cell: int) -> pygame.Rect:
        r, c = divmod(cell, SIZE)
        return pygame.Rect(self.grid.x + c * self.tile, self.grid.y + r * self.tile, self.tile, self.tile)

    def block_rect(self, cell: int) -> pygame.Rect:
        return self.cell_rect(cell).inflate(-2 * self.road, -2 * self.road)

    def centre(self, cell: int) -> tuple[float, float]:
        return self.cell_rect(cell).center

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        if not self.grid.collidepoint(pos):
            return None
        c = (pos[0] - self.grid.x) // self.tile
        r = (pos[1] - self.grid.y) // self.tile
        return int(r * SIZE + c)


def van_colour(view: PState, vi: int, colours: list[tuple[int, int, int]]) -> tuple[int, int, int]:
    van = view.vans[vi]
    if van.role == AUTO:
        return AUTO_COLOURS[0] if van.name == ROGUE_NAME else AUTO_COLOURS[1]
    return colours[van.seat % len(colours)]


def van_shape(view: PState, vi: int) -> str:
    return SHAPES[vi % len(SHAPES)]


def shape(surface: pygame.Surface, kind: str, centre: tuple[float, float], r: float,
          fill: tuple[int, int, int], outline: tuple[int, int, int] = theme.INK) -> None:
    """The seat's marker shape, so pieces never differ by colour alone."""
    x, y = centre
    if kind == "circle":
        pygame.draw.circle(surface, fill, (x, y), r)
        pygame.draw.circle(surface, outline, (x, y), r, 2)
        return
    if kind == "triangle":
        pts = [(x, y - r), (x + r * 0.95, y + r * 0.75), (x - r * 0.95, y + r * 0.75)]
    elif kind == "square":
        pts = [(x - r * 0.8, y - r * 0.8), (x + r * 0.8, y - r * 0.8), (x + r * 0.8, y + r * 0.8), (x - r * 0.8, y + r * 0.8)]
    else:
        pts = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    pygame.draw.polygon(surface, fill, pts)
    pygame.draw.polygon(surface, outline, pts, 2)


def draw_city(surface: pygame.Surface, g: Geometry, board: Board, view: PState) -> None:
    _ring_road(surface, g)
    # a board with its own picture: the picture over the grid (tile for tile), the game's markers on it
    own = board_art.draw_picture(surface, board.source or None, g.grid)
    if not own:
        # lane markings between blocks
        for i in range(1, SIZE):
            x = g.grid.x + i * g.tile
            y = g.grid.y + i * g.tile
            draw.dashed_line(surface, ROAD_LINE, (x, g.grid.y + 4), (x, g.grid.bottom - 4), 2, 10, 8)
            draw.dashed_line(surface, ROAD_LINE, (g.grid.x + 4, y), (g.grid.right - 4, y), 2, 10, 8)
    name_size = fsize(g.tile / 10, 9)
    for cell in range(SIZE * SIZE):
        block = g.block_rect(cell)
        kind = board.terrain[cell]
        if not own:
            pygame.draw.rect(surface, KERB, block.inflate(4, 4), border_radius=max(4, g.tile // 12))
            pygame.draw.rect(surface, TERRAIN_FILL[kind], block, border_radius=max(3, g.tile // 14))
            _decorate(surface, block, kind, cell)
        if cell in board.electric:
            _charger(surface, (block.right - g.tile * 0.16, block.bottom - g.tile * 0.17), g.tile * 0.11)
        name = view.locations[cell] if view.locations else cell_name(cell)
        label = draw.render_text(name, name_size, theme.INK, bold=True)
        if label.get_width() > block.width - 6:
            label = draw.render_text(name, max(8, name_size - 2), theme.INK, bold=True)
        lr = label.get_rect(midtop=(block.centerx, block.y + 3))
        bg = lr.inflate(8, 2)
        draw.rounded_rect(surface, bg, (255, 252, 244, 220), radius=5)
        surface.blit(label, lr)
        draw.text(surface, cell_name(cell), (block.x + 4, block.bottom - 3), max(8, name_size - 3),
                  theme.INK_SOFT, anchor="bottomleft")
    for a, b in board.water:
        _water(surface, g, a, b, (a, b) in board.bridges)


def _ring_road(surface: pygame.Surface, g: Geometry) -> None:
    """The road around and between the blocks, with its shadow."""
    outer = g.grid.inflate(g.road * 2, g.road * 2)
    draw.shadow(surface, outer, radius=14, offset=(0, 6), blur=10, alpha=80)
    pygame.draw.rect(surface, ROAD, outer, border_radius=14)


def _ring_road_reach(g: Geometry) -> pygame.Rect:
    """All ``_ring_road`` may touch: a little past the board area, into the host's margin."""
    outer = g.grid.inflate(g.road * 2, g.road * 2)
    return outer.union(outer.inflate(40, 40).move(0, 6))  # the shadow pads by twice its blur


def _outside(rect: pygame.Rect, reach: pygame.Rect) -> list[pygame.Rect]:
    """The parts of ``reach`` outside ``rect``: a band above, below, left and right."""
    parts = [pygame.Rect(reach.left, reach.top, reach.width, rect.top - reach.top),
             pygame.Rect(reach.left, rect.bottom, reach.width, reach.bottom - rect.bottom),
             pygame.Rect(reach.left, rect.top, rect.left - reach.left, rect.height),
             pygame.Rect(rect.right, rect.top, reach.right - rect.right, rect.height)]
    return [p for p in parts if p.width > 0 and p.height > 0]


class CityLayer:
    """The unchanging city (roads, blocks, names, water and bridges) painted once per board,
    board area and set of place names, then blitted each frame: redrawing it cost most of a
    frame at large window sizes. Holds a cache of pixels only, never game state."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._board: Board | None = None
        self._surf: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, board: Board, view: PState) -> None:
        """Fill ``rect`` with paper and the city exactly as ``draw_city`` would, from the layer."""
        key = (tuple(rect), tuple(view.locations or ()))
        if self._surf is None or board is not self._board or key != self._key:
            self._surf = paint_city(pygame.Rect(rect), board, view)
            self._board, self._key = board, key
        surface.blit(self._surf, rect.topleft, rect)
        # the ring road's edge and shadow may reach past the area: those bands are drawn in place
        g = Geometry(rect)
        clip = surface.get_clip()
        for band in _outside(rect, _ring_road_reach(g)):
            visible = clip.clip(band)
            if visible.width and visible.height:
                surface.set_clip(visible)
                _ring_road(surface, g)
        surface.set_clip(clip)


def paint_city(rect: pygame.Rect, board: Board, view: PState) -> pygame.Surface:
    """Paper plus the city for the board area ``rect``, painted at the window position it will be
    shown at (the same coordinates give the same pixels; blit the ``rect`` part of it)."""
    screen = pygame.display.get_surface()  # made in the screen's pixel format, which blits fastest
    surf = pygame.Surface(rect.bottomright, 0, screen) if screen is not None else pygame.Surface(rect.bottomright)
    surf.set_clip(rect)
    surf.fill(theme.PAPER, rect)
    draw_city(surf, Geometry(rect), board, view)
    surf.set_clip(None)
    return surf


def _decorate(surface: pygame.Surface, block: pygame.Rect, kind: str, cell: int) -> None:
    """Low-key roofs, trees or a fountain so the grid reads as a city, not a table."""
    w, h = block.size
    if kind == "park":
        for i, (fx, fy) in enumerate(((0.22, 0.55), (0.5, 0.72), (0.78, 0.52), (0.35, 0.85), (0.7, 0.86))):
            r = max(4, int(w * (0.08 + 0.02 * ((cell + i) % 2))))
            pygame.draw.circle(surface, (96, 150, 86), (block.x + fx * w, block.y + fy * h), r)
            pygame.draw.circle(surface, (120, 172, 104), (block.x + fx * w - r * 0.3, block.y + fy * h - r * 0.3), r * 0.55)
    elif kind == "plaza":
        c = (block.centerx, block.y + h * 0.62)
        pygame.draw.circle(surface, (200, 190, 170), c, w * 0.2)
        pygame.draw.circle(surface, (130, 180, 220), c, w * 0.13)
    else:
        roofs = ((178, 104, 84), (150, 118, 96), (196, 146, 102), (128, 112, 120))
        cols = 3
        bw = (w - 12) / cols
        for i in range(cols):
            rh = h * (0.22 + 0.08 * ((cell * 7 + i * 3) % 3))
            rect = pygame.Rect(block.x + 6 + i * bw + 1, block.bottom - 6 - rh - h * 0.12, bw - 3, rh)
            pygame.draw.rect(surface, roofs[(cell + i) % 4], rect, border_radius=3)
            pygame.draw.line(surface, draw.darken(roofs[(cell + i) % 4], 0.25), rect.midtop, rect.midbottom, 1)


def _charger(surface: pygame.Surface, c: tuple[float, float], r: float) -> None:
    x, y = c
    pygame.draw.circle(surface, (40, 60, 90), (x, y), r + 2)
    pygame.draw.circle(surface, (255, 214, 60), (x, y), r)
    s = r / 10
    pts = [(x + 2 * s, y - 8 * s), (x - 5 * s, y + 1 * s), (x - 0.5 * s, y + 1 * s), (x - 2 * s, y + 8 * s),
           (x + 5 * s, y - 1 * s), (x + 0.5 * s, y - 1 * s)]
    pygame.draw.polygon(surface, (40, 60, 90), pts)


def _water(surface: pygame.Surface, g: Geometry, a: int, b: int, bridged: bool) -> None:
    ra, rb = g.cell_rect(a), g.cell_rect(b)
    w = g.road * 2 + 2
    if b - a == 1:  # side by side: a vertical channel
        rect = pygame.Rect(ra.right - w // 2, ra.y, w, ra.height)
    else:
        rect = pygame.Rect(ra.x, ra.bottom - w // 2, ra.width, w)
    pygame.draw.rect(surface, WATER, rect)
    vertical = b - a == 1
    for i in range(3):
        if vertical:
            y = rect.y + rect.height * (0.2 + 0.3 * i)
            pygame.draw.arc(surface, WATER_LIGHT, (rect.x + 2, y, rect.width - 4, 10), 0, math.pi, 2)
        else:
            x = rect.x + rect.width * (0.15 + 0.3 * i)
            pygame.draw.arc(surface, WATER_LIGHT, (x, rect.y + 2, 14, rect.height - 4), math.pi / 2, 3 * math.pi / 2, 2)
    if bridged:
        span = g.tile * 0.34
        if vertical:
            br = pygame.Rect(0, 0, w + 12, span)
        else:
            br = pygame.Rect(0, 0, span, w + 12)
        br.center = rect.center
        pygame.draw.rect(surface, draw.darken(BRIDGE, 0.3), br.inflate(4, 4), border_radius=4)
        pygame.draw.rect(surface, BRIDGE, br, border_radius=3)
        for i in range(1, 5):
            if vertical:
                yy = br.y + br.height * i / 5
                pygame.draw.line(surface, draw.darken(BRIDGE, 0.2), (br.x + 2, yy), (br.right - 3, yy), 1)
            else:
                xx = br.x + br.width * i / 5
                pygame.draw.line(surface, draw.darken(BRIDGE, 0.2), (xx, br.y + 2), (xx, br.bottom - 3), 1)


def draw_base(surface: pygame.Surface, g: Geometry, cell: int, colour: tuple[int, int, int], label: str,
              rogue: bool = False) -> None:
    block = g.block_rect(cell)
    s = g.tile * 0.2
    x, y = block.x + s * 0.75, block.y + g.tile * 0.3
    pts = [(x - s * 0.6, y), (x, y - s * 0.55), (x + s * 0.6, y), (x + s * 0.6, y + s * 0.7), (x - s * 0.6, y + s * 0.7)]
    pygame.draw.polygon(surface, (0, 0, 0, 0), pts)
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, theme.INK, pts, 2)
    if rogue:
        pygame.draw.line(surface, ROGUE_MARK, (x - s * 0.45, y + s * 0.15), (x + s * 0.45, y + s * 0.15), 3)
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
        pygame.draw.circle(surface, (30, 30, 34), (x, y + 1), r)
        pygame.draw.circle(surface, (90, 90, 100), (x - r * 0.35, y - r * 0.3), r * 0.25)
        pygame.draw.line(surface, (140, 100, 60), (x + r * 0.5, y - r * 0.6), (x + r * 0.9, y - r * 1.1), 2)
        pygame.draw.circle(surface, (255, 170, 40), (x + r * 0.95, y - r * 1.15), max(2, r * 0.22))
        if timer:
            draw.text(surface, str(timer), (x, y + 1), fsize(size * 0.6, 8), (255, 230, 120), bold=True, anchor="center")
        return
    rect = pygame.Rect(0, 0, size, size)
    rect.center = (int(x), int(y))
    fill = HIGH_COL if kind in (HIGH, "SH") else LOW_COL
    pygame.draw.rect(surface, draw.darken(fill, 0.4), rect.move(1, 2), border_radius=2)
    pygame.draw.rect(surface, fill, rect, border_radius=2)
    pygame.draw.rect(surface, theme.INK, rect, 1, border_radius=2)
    if kind in (HIGH, "SH"):
        _star(surface, rect.center, size * 0.36, (214, 160, 30))
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
    pygame.draw.rect(surface, (0, 0, 0), body.move(2, 3), border_radius=6)
    pygame.draw.rect(surface, colour, body, border_radius=6)
    cab = pygame.Rect(body.right - w * 0.3, body.y + h * 0.12, w * 0.24, h * 0.4)
    pygame.draw.rect(surface, (200, 226, 240), cab, border_radius=3)
    pygame.draw.rect(surface, theme.INK, body, 2, border_radius=6)
    for fx in (0.25, 0.75):
        pygame.draw.circle(surface, (28, 28, 28), (body.x + w * fx, body.bottom), max(3, size * 0.13))
    if rogue:
        pygame.draw.rect(surface, ROGUE_MARK, (body.x + 3, body.y + h * 0.55, w * 0.6, h * 0.14))
    shape(surface, marker, (body.x + w * 0.32, body.y + h * 0.36), max(4, size * 0.19), draw.lighten(colour, 0.55))


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


def draw_board(surface: pygame.Surface, rect: pygame.Rect, g: Geometry, city: CityLayer, v: PState,
               colours: list[tuple[int, int, int]], marks: Marks,
               van_pos: Callable[[int], tuple[float, float] | None]) -> None:
    board = v.eng.board
    city.draw(surface, rect, board, v)  # paper and the static city, painted once per size
    _highlights(surface, g, marks.highlights)
    draw_base(surface, g, board.rogue_base, ROGUE, "R", rogue=True)
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
    pulse = (pygame.time.get_ticks() // 120) % 8
    for c in cells:
        r = g.block_rect(c).inflate(6, 6)
        pygame.draw.rect(surface, theme.HIGHLIGHT, r, 4 + (pulse > 3), border_radius=10)


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
            draw.rounded_rect(surface, r.inflate(8, 2), (255, 255, 255, 230), 5)
            surface.blit(tag, r)
        cubes.add(c)


def draw_card(surface: pygame.Surface, rect: pygame.Rect, value: int | None, hover: bool = False,
              special: str = "", colour: tuple[int, int, int] = (60, 70, 110)) -> None:
    """A priority card: face up with its number (and what it brings), or face down."""
    draw.shadow(surface, rect, radius=8, offset=(0, 3), blur=5, alpha=70)
    if value is None:
        draw.rounded_rect(surface, rect, colour, 8)
        draw.rounded_rect(surface, rect.inflate(-8, -8), draw.lighten(colour, 0.2), 6, width=2)
        draw.text(surface, "?", rect.center, fsize(rect.height / 3), (255, 255, 255), bold=True, anchor="center")
        return
    draw.rounded_rect(surface, rect, theme.HIGHLIGHT if hover else (255, 253, 246), 8)
    draw.rounded_rect(surface, rect, colour, 8, width=3)
    draw.text(surface, str(value), (rect.centerx, rect.y + rect.height * (0.4 if special else 0.5)), fsize(rect.height / 3),
              colour, bold=True, serif=True, anchor="center")
    if special:
        draw.text(surface, special, (rect.centerx, rect.bottom - rect.height // 14), fsize(rect.height / 6.5, 8), theme.ACCENT_DARK,
                  bold=True, anchor="midbottom")
