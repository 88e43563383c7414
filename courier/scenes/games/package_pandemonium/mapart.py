"""Package Pandemonium's painted city: where the grid sits (``Geometry``) and the unchanging city
drawn on it (blocks, roads, names, water, bridges), painted once per size (``CityLayer``). Pure
drawing; nothing here changes state. A board with its own picture shows it over the grid in place
of the drawn blocks and roads; names, chargers, water and bridges are still drawn on it."""

from __future__ import annotations

import math

import pygame

from courier.rules.package_pandemonium.board import SIZE, Board, cell_name
from courier.rules.package_pandemonium.state import PState
from courier.ui import board_art, draw, palette, theme
from courier.ui.kit.map_text import map_size

COLOUR = palette.roles("package_pandemonium")  # this game's colours by role, read from the active palette
_NAMED = {"WATER": "water", "ROAD": "road"}  # the older names of some roles, as the map tests read them


def __getattr__(name: str) -> object:
    """A colour asked for by an older constant's name, read from the active palette."""
    if name == "TERRAIN_FILL":  # the blocks' ground by kind
        return {k: COLOUR("terrain_" + k) for k in ("block", "park", "plaza", "electric")}
    if name in _NAMED:
        return COLOUR(_NAMED[name])
    raise AttributeError(name)



#: a text size for ``pixels`` of real height on the city (the kit's one helper for map words)
fsize = map_size


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


def draw_city(surface: pygame.Surface, g: Geometry, board: Board, view: PState) -> None:
    _ring_road(surface, g)
    # a board with its own picture: the picture over the grid (tile for tile), the game's markers on it
    own = board_art.draw_picture(surface, board.source or None, g.grid)
    if not own:
        # lane markings between blocks
        for i in range(1, SIZE):
            x = g.grid.x + i * g.tile
            y = g.grid.y + i * g.tile
            draw.dashed_line(surface, COLOUR.road_line, (x, g.grid.y + 4), (x, g.grid.bottom - 4), 2, 10, 8)
            draw.dashed_line(surface, COLOUR.road_line, (g.grid.x + 4, y), (g.grid.right - 4, y), 2, 10, 8)
    name_size = fsize(g.tile / 10, 9)
    for cell in range(SIZE * SIZE):
        block = g.block_rect(cell)
        kind = board.terrain[cell]
        if not own:
            pygame.draw.rect(surface, COLOUR.kerb, block.inflate(4, 4), border_radius=max(4, g.tile // 12))
            pygame.draw.rect(surface, COLOUR("terrain_" + kind), block, border_radius=max(3, g.tile // 14))
            _decorate(surface, block, kind, cell)
        if cell in board.electric:
            _charger(surface, (block.right - g.tile * 0.16, block.bottom - g.tile * 0.17), g.tile * 0.11)
    for a, b in board.water:
        _water(surface, g, a, b, (a, b) in board.bridges)
    # the names last: a bridge's planks reach over the kerb into the block beyond the river
    for cell in range(SIZE * SIZE):
        block = g.block_rect(cell)
        label, lr = name_label(g, view, cell, name_size)
        draw.rounded_rect(surface, lr.inflate(8, 2), COLOUR.name_label, radius=5)
        surface.blit(label, lr)
        draw.text(surface, cell_name(cell), (block.x + 4, block.bottom - 3), max(8, name_size - 3),
                  theme.INK_SOFT, anchor="bottomleft")


def name_label(g: Geometry, view: PState, cell: int, size: int) -> tuple[pygame.Surface, pygame.Rect]:
    """A place's name as drawn at the top of its block, and where."""
    block = g.block_rect(cell)
    name = view.locations[cell] if view.locations else cell_name(cell)
    label = draw.render_text(name, size, theme.INK, bold=True)
    if label.get_width() > block.width - 6:
        label = draw.render_text(name, max(8, size - 2), theme.INK, bold=True)
    return label, label.get_rect(midtop=(block.centerx, block.y + 3))


def _ring_road(surface: pygame.Surface, g: Geometry) -> None:
    """The road around and between the blocks, with its shadow."""
    outer = g.grid.inflate(g.road * 2, g.road * 2)
    draw.shadow(surface, outer, radius=14, offset=(0, 6), blur=10, alpha=80)
    pygame.draw.rect(surface, COLOUR.road, outer, border_radius=14)


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
        key = (tuple(rect), tuple(view.locations or ()), palette.version())
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
            pygame.draw.circle(surface, COLOUR.tree, (block.x + fx * w, block.y + fy * h), r)
            pygame.draw.circle(surface, COLOUR.tree_light, (block.x + fx * w - r * 0.3, block.y + fy * h - r * 0.3), r * 0.55)
    elif kind == "plaza":
        c = (block.centerx, block.y + h * 0.62)
        pygame.draw.circle(surface, COLOUR.fountain_rim, c, w * 0.2)
        pygame.draw.circle(surface, COLOUR.fountain, c, w * 0.13)
    else:
        roofs = (COLOUR.roof_1, COLOUR.roof_2, COLOUR.roof_3, COLOUR.roof_4)
        cols = 3
        bw = (w - 12) / cols
        for i in range(cols):
            rh = h * (0.22 + 0.08 * ((cell * 7 + i * 3) % 3))
            rect = pygame.Rect(block.x + 6 + i * bw + 1, block.bottom - 6 - rh - h * 0.12, bw - 3, rh)
            pygame.draw.rect(surface, roofs[(cell + i) % 4], rect, border_radius=3)
            pygame.draw.line(surface, draw.darken(roofs[(cell + i) % 4], 0.25), rect.midtop, rect.midbottom, 1)


def _charger(surface: pygame.Surface, c: tuple[float, float], r: float) -> None:
    x, y = c
    pygame.draw.circle(surface, COLOUR.charger_edge, (x, y), r + 2)
    pygame.draw.circle(surface, COLOUR.charger, (x, y), r)
    s = r / 10
    pts = [(x + 2 * s, y - 8 * s), (x - 5 * s, y + 1 * s), (x - 0.5 * s, y + 1 * s), (x - 2 * s, y + 8 * s),
           (x + 5 * s, y - 1 * s), (x + 0.5 * s, y - 1 * s)]
    pygame.draw.polygon(surface, COLOUR.charger_edge, pts)


def _water(surface: pygame.Surface, g: Geometry, a: int, b: int, bridged: bool) -> None:
    ra, rb = g.cell_rect(a), g.cell_rect(b)
    w = g.road * 2 + 2
    if b - a == 1:  # side by side: a vertical channel
        rect = pygame.Rect(ra.right - w // 2, ra.y, w, ra.height)
    else:
        rect = pygame.Rect(ra.x, ra.bottom - w // 2, ra.width, w)
    pygame.draw.rect(surface, COLOUR.water, rect)
    vertical = b - a == 1
    for i in range(3):
        if vertical:
            y = rect.y + rect.height * (0.2 + 0.3 * i)
            pygame.draw.arc(surface, COLOUR.water_light, (rect.x + 2, y, rect.width - 4, 10), 0, math.pi, 2)
        else:
            x = rect.x + rect.width * (0.15 + 0.3 * i)
            pygame.draw.arc(surface, COLOUR.water_light, (x, rect.y + 2, 14, rect.height - 4), math.pi / 2, 3 * math.pi / 2, 2)
    if bridged:
        span = g.tile * 0.34
        if vertical:
            br = pygame.Rect(0, 0, w + 12, span)
        else:
            br = pygame.Rect(0, 0, span, w + 12)
        br.center = rect.center
        pygame.draw.rect(surface, draw.darken(COLOUR.bridge, 0.3), br.inflate(4, 4), border_radius=4)
        pygame.draw.rect(surface, COLOUR.bridge, br, border_radius=3)
        for i in range(1, 5):
            if vertical:
                yy = br.y + br.height * i / 5
                pygame.draw.line(surface, draw.darken(COLOUR.bridge, 0.2), (br.x + 2, yy), (br.right - 3, yy), 1)
            else:
                xx = br.x + br.width * i / 5
                pygame.draw.line(surface, draw.darken(COLOUR.bridge, 0.2), (xx, br.y + 2), (xx, br.bottom - 3), 1)
