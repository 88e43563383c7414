"""The Doorstep Dash painted town: where each space is and the town picture.

The town picture depends only on the board and the cell size, so it is drawn once per size and
reused. A board that carries its own picture (see docs/maps.md) gets that picture instead of the
drawn town, with the game's markers on it: the spaces, hazards, the warehouse bay, house numbers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from courier.rules.doorstep_dash.board import Board, Cell
from courier.ui import draw, palette, theme
from courier.ui.kit.map_text import map_size

COLOUR = palette.roles("doorstep_dash")  # this game's colours by role, read from the active palette
_NAMED = {"GRASS": "grass"}  # the older names of some roles, as the map tests read them


def __getattr__(name: str) -> object:
    """A colour asked for by an older constant's name, read from the active palette."""
    if name == "ROOF":  # the house colours by the rules' colour names
        return {c: COLOUR("roof_" + c) for c in ("blue", "green", "yellow", "red")}
    if name in _NAMED:
        return COLOUR(_NAMED[name])
    raise AttributeError(name)



#: a text size for ``real`` window pixels on the town (the kit's one helper for map words)
fs = map_size


class BoardPainter:
    def __init__(self, board: Board) -> None:
        self.board = board
        self._cache: dict[tuple[int, float, int], pygame.Surface] = {}
        self._names: dict[tuple[int, float], list[pygame.Rect]] = {}

    def surface(self, cs: int) -> pygame.Surface:
        key = (cs, theme.ui_scale(), palette.version())
        if key not in self._cache:
            if len(self._cache) > 3:
                self._cache.clear()
            self._cache[key] = _paint(self.board, cs)
        return self._cache[key]

    def name_boxes(self, cs: int) -> list[pygame.Rect]:
        """Where the painted town writes its park and hazard names (picture pixels)."""
        key = (cs, theme.ui_scale())
        if key not in self._names:
            picture = pygame.Rect(0, 0, self.board.width * cs, self.board.height * cs)
            self._names = {key: [box for _, _, box, _ in zone_names(self.board, cs, picture)]}
        return self._names[key]


def cell_rect(cell: Cell, cs: int, ox: int = 0, oy: int = 0) -> pygame.Rect:
    return pygame.Rect(ox + cell[0] * cs, oy + cell[1] * cs, cs, cs)


@dataclass(frozen=True)
class Geometry:
    """Where the town sits in the window: the cell size and the top-left corner of cell (0, 0)."""

    cs: int
    ox: int
    oy: int
    width: int
    height: int

    @classmethod
    def fit(cls, board: Board, rect: pygame.Rect) -> "Geometry":
        cs = max(6, min(rect.width // board.width, rect.height // board.height))
        return cls(cs, rect.x + (rect.width - cs * board.width) // 2, rect.y + (rect.height - cs * board.height) // 2,
                   board.width, board.height)

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        c, r = (pos[0] - self.ox) // self.cs, (pos[1] - self.oy) // self.cs
        if 0 <= c < self.width and 0 <= r < self.height:
            return (c, r)
        return None

    def centre(self, cell: Cell) -> tuple[float, float]:
        return (self.ox + (cell[0] + 0.5) * self.cs, self.oy + (cell[1] + 0.5) * self.cs)

    def rect(self, cell: Cell) -> pygame.Rect:
        return cell_rect(cell, self.cs, self.ox, self.oy)

    def area(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A block of cells (a house) in window pixels."""
        cs = self.cs
        return pygame.Rect(int(self.ox + x * cs), int(self.oy + y * cs), int(w * cs), int(h * cs))


def _own_picture(board: Board, cs: int) -> pygame.Surface | None:
    from courier.ui import board_art

    img = board_art.picture(board.source) if board.source else None
    if img is None:
        return None
    return pygame.transform.smoothscale(img, (board.width * cs, board.height * cs))


def _paint(board: Board, cs: int) -> pygame.Surface:
    art = _own_picture(board, cs)
    if art is not None:
        return _paint_on_picture(board, cs, art)
    surf = pygame.Surface((board.width * cs, board.height * cs))
    rnd = random.Random(7)
    surf.fill(COLOUR.grass)
    for _ in range(board.width * board.height // 2):
        x, y = rnd.randrange(surf.get_width()), rnd.randrange(surf.get_height())
        pygame.draw.circle(surf, COLOUR.grass_dark, (x, y), max(1, cs // 10))
    _zones(surf, board, cs)
    for cell, kind in board.decor.items():
        r = cell_rect(cell, cs)
        if kind == "water":
            pygame.draw.rect(surf, COLOUR.water, r)
    for cell, kind in board.decor.items():
        if kind == "water":
            r = cell_rect(cell, cs)
            pygame.draw.arc(surf, COLOUR.water_light, r.inflate(-cs // 2, -cs // 1.6).move(-cs // 8, 0), 0.3, 2.8, 1)
    _roads(surf, board, cs)
    _hazards(surf, board, cs)
    _depot(surf, board, cs)
    _houses(surf, board, cs)
    for cell, kind in sorted(board.decor.items()):
        if kind == "tree":
            _tree(surf, cell_rect(cell, cs), rnd)
    _zone_labels(surf, board, cs)
    pygame.draw.rect(surf, draw.darken(COLOUR.grass, 0.4), surf.get_rect(), max(2, cs // 10))
    return surf


def _paint_on_picture(board: Board, cs: int, art: pygame.Surface) -> pygame.Surface:
    """The designer's picture with the game's markers: see-through spaces, hazards, bay, house badges."""
    surf = pygame.Surface(art.get_size())
    surf.blit(art, (0, 0))
    pad = max(1, cs // 12)
    stones = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    for cell in board.spaces:
        r = cell_rect(cell, cs).inflate(-pad * 2, -pad * 2)
        fill: tuple[int, ...] = COLOUR.space_stone
        if cell in board.entrance_house:
            fill = (*COLOUR("roof_" + board.houses[board.entrance_house[cell]].colour), 150)
        pygame.draw.rect(stones, fill, r, border_radius=max(2, cs // 6))
        pygame.draw.rect(stones, COLOUR.space_stone_edge, r, 1, border_radius=max(2, cs // 6))
    surf.blit(stones, (0, 0))
    _hazards(surf, board, cs)
    wr = cell_rect(board.warehouse, cs).inflate(-pad * 2, -pad * 2)
    pygame.draw.rect(surf, COLOUR.warehouse, wr, border_radius=max(2, cs // 6))
    pygame.draw.rect(surf, COLOUR.warehouse_edge, wr, max(1, cs // 14), border_radius=max(2, cs // 6))
    draw.text(surf, "W", wr.center, fs(cs / 2, 8), COLOUR.on_piece, bold=True, anchor="center")
    for house in board.houses.values():
        x, y, w, h = house.rect
        r = pygame.Rect(x * cs, y * cs, w * cs, h * cs).inflate(-cs // 4, -cs // 4)
        _house_badge(surf, house, r.center, cs)
    _zone_labels(surf, board, cs)
    return surf


def _house_badge(surf: pygame.Surface, house, center: tuple[int, int], cs: int) -> None:
    """A house's number in its colour, with its points as pips: readable on any picture."""
    roof = COLOUR("roof_" + house.colour)
    rad = max(6, int(cs * 0.36))
    pygame.draw.circle(surf, roof, center, rad + max(2, cs // 10))
    pygame.draw.circle(surf, COLOUR.entrance_inner, center, rad)
    draw.text(surf, str(house.number), center, fs(rad * 1.1, 7), theme.INK, bold=True, anchor="center")
    pts = {"blue": 1, "green": 2, "yellow": 4, "red": 6}.get(house.colour, 0)
    pip = max(1, cs // 14)
    span = (pts - 1) * pip * 3
    y = center[1] + rad + max(2, cs // 10) + pip + 1
    for i in range(pts):
        pygame.draw.circle(surf, draw.darken(roof, 0.35), (center[0] - span // 2 + i * pip * 3, y), pip + 1)


def _zones(surf: pygame.Surface, board: Board, cs: int) -> None:
    for zone in board.greens:
        x, y, w, h = zone.bounds
        r = pygame.Rect(int(x * cs), int(y * cs), int(w * cs), int(h * cs))
        draw.rounded_rect(surf, r.inflate(-cs // 6, -cs // 6), COLOUR.lawn, radius=cs // 2)
        edge = draw.darken(COLOUR.lawn, 0.35)
        pts = [r.inflate(-cs // 6, -cs // 6)]
        for rr in pts:
            for a, b in ((rr.topleft, rr.topright), (rr.topright, rr.bottomright),
                         (rr.bottomright, rr.bottomleft), (rr.bottomleft, rr.topleft)):
                draw.dashed_line(surf, edge, a, b, max(1, cs // 14), dash=max(4, cs // 3), gap=max(3, cs // 5))


def _roads(surf: pygame.Surface, board: Board, cs: int) -> None:
    pad = max(1, cs // 12)
    # the tarmac strip, joined between neighbours, with kerbs
    for cell in board.spaces:
        r = cell_rect(cell, cs)
        colour = COLOUR.park_path if cell in board.green_cells and cell != board.warehouse and _is_park(board, cell) else COLOUR.asphalt
        pygame.draw.rect(surf, COLOUR.kerb, r.inflate(pad * 2, pad * 2))
    for cell in board.spaces:
        r = cell_rect(cell, cs)
        colour = COLOUR.park_path if _is_park(board, cell) else COLOUR.asphalt
        pygame.draw.rect(surf, colour, r)
    # each space drawn as a countable stone
    for cell in board.spaces:
        r = cell_rect(cell, cs).inflate(-pad * 2, -pad * 2)
        park = _is_park(board, cell)
        fill = draw.lighten(COLOUR.park_path, 0.15) if park else COLOUR.space
        if cell in board.entrance_house:
            fill = draw.lighten(COLOUR("roof_" + board.houses[board.entrance_house[cell]].colour), 0.25)
        pygame.draw.rect(surf, fill, r, border_radius=max(2, cs // 6))
        pygame.draw.rect(surf, draw.darken(fill, 0.3), r, 1, border_radius=max(2, cs // 6))
    # warehouse space: a loading bay
    wr = cell_rect(board.warehouse, cs).inflate(-pad * 2, -pad * 2)
    pygame.draw.rect(surf, COLOUR.warehouse, wr, border_radius=max(2, cs // 6))
    pygame.draw.rect(surf, COLOUR.warehouse_edge, wr, max(1, cs // 14), border_radius=max(2, cs // 6))
    draw.text(surf, "W", wr.center, fs(cs / 2, 8), COLOUR.on_piece, bold=True, anchor="center")


def _is_park(board: Board, cell: Cell) -> bool:
    return any(cell in z.cells for z in board.greens if z.kind == "park")


def _hazards(surf: pygame.Surface, board: Board, cs: int) -> None:
    pad = max(1, cs // 12)
    for zone in board.hazards:
        for cell in zone.cells:
            r = cell_rect(cell, cs).inflate(-pad * 2, -pad * 2)
            pygame.draw.rect(surf, COLOUR.hazard, r, border_radius=max(2, cs // 6))
            stripe = pygame.Surface(r.size, pygame.SRCALPHA)
            step = max(4, cs // 3)
            for k in range(-r.height, r.width, step):
                pygame.draw.line(stripe, COLOUR.hazard_stripe, (k, r.height), (k + r.height, 0), max(1, step // 3))
            surf.blit(stripe, r.topleft)
            pygame.draw.rect(surf, COLOUR.hazard_edge, r, 1, border_radius=max(2, cs // 6))


def hazard_badge(surf: pygame.Surface, center: tuple[int, int], value: int, size: int) -> None:
    """A warning triangle with the test value in it."""
    cx, cy = center
    h = size
    pts = [(cx, cy - h * 0.62), (cx + h * 0.62, cy + h * 0.45), (cx - h * 0.62, cy + h * 0.45)]
    pygame.draw.polygon(surf, COLOUR.sign_fill, [(x, y + 1) for x, y in pts])
    pygame.draw.polygon(surf, COLOUR.sign_edge, pts, max(2, size // 7))
    draw.text(surf, str(value), (cx, cy + h * 0.08), fs(size * 0.62, 8), theme.INK, bold=True, anchor="center")


#: the word on the warehouse building (the rules describe the board by it)
WAREHOUSE_SIGN = "WAREHOUSE"
#: the same word on two lines, for a building too small for it on one
WAREHOUSE_SIGN_LINES = ("WARE-", "HOUSE")


def _depot(surf: pygame.Surface, board: Board, cs: int) -> None:
    if board.depot_rect is None:
        return
    x, y, w, h = board.depot_rect
    r = pygame.Rect(x * cs, y * cs, w * cs, h * cs).inflate(-cs // 5, -cs // 5)
    draw.shadow(surf, r, radius=4, offset=(2, 3), blur=4, alpha=90)
    pygame.draw.rect(surf, COLOUR.depot_wall, r, border_radius=4)
    roof = r.inflate(-cs // 4, -cs // 4)
    pygame.draw.rect(surf, COLOUR.depot_roof, roof, border_radius=3)
    for i in range(1, 4):
        yy = roof.y + roof.height * i // 4
        pygame.draw.line(surf, COLOUR.depot_tiles, (roof.x + 2, yy), (roof.right - 3, yy), 1)
    sign = pygame.Rect(0, 0, int(r.width * 0.86), max(10, int(cs * 0.6)))
    size = fs(cs * 0.46, 7)
    while size > 3 and draw.font(size, True).size(WAREHOUSE_SIGN)[0] > sign.width - 4:
        size -= 1  # the whole word, smaller, rather than a shortened one
    lines = [WAREHOUSE_SIGN]
    if draw.font(size, True).size(WAREHOUSE_SIGN)[0] > sign.width - 4:  # the smallest text is too wide
        lines = list(WAREHOUSE_SIGN_LINES)
        sign.height = min(r.height - 4, 2 * draw.line_height(size, True) + 2)
    sign.center = r.center
    draw.rounded_rect(surf, sign, COLOUR.depot_sign, radius=3)
    lh = draw.line_height(size, True)
    for i, line in enumerate(lines):
        y = sign.centery + (i - (len(lines) - 1) / 2) * lh
        draw.text(surf, line, (sign.centerx, int(y)), size, COLOUR.warehouse_edge, bold=True, anchor="center",
                  max_width=sign.width - 4)


def _houses(surf: pygame.Surface, board: Board, cs: int) -> None:
    for house in board.houses.values():
        x, y, w, h = house.rect
        r = pygame.Rect(x * cs, y * cs, w * cs, h * cs).inflate(-cs // 4, -cs // 4)
        door = cell_rect(house.entrance, cs).center
        # the garden path from the door to the entrance space
        pygame.draw.line(surf, COLOUR.kerb, r.center, door, max(2, cs // 6))
        draw.shadow(surf, r, radius=3, offset=(2, 3), blur=3, alpha=90)
        roof = COLOUR("roof_" + house.colour)
        pygame.draw.rect(surf, COLOUR.wall, r, border_radius=3)
        top = r.inflate(-2, -2)
        top.height = int(r.height * 0.72)
        pygame.draw.rect(surf, roof, top, border_radius=3)
        if top.width >= top.height:
            pygame.draw.line(surf, draw.darken(roof, 0.3), (top.x + 3, top.centery), (top.right - 4, top.centery), 2)
        else:
            pygame.draw.line(surf, draw.darken(roof, 0.3), (top.centerx, top.y + 3), (top.centerx, top.bottom - 4), 2)
        pygame.draw.rect(surf, draw.darken(roof, 0.45), r, 1, border_radius=3)
        rad = max(6, int(cs * 0.32))
        pygame.draw.circle(surf, COLOUR.entrance_inner, top.center, rad)
        pygame.draw.circle(surf, draw.darken(roof, 0.45), top.center, rad, 1)
        draw.text(surf, str(house.number), top.center, fs(rad * 1.15, 7), theme.INK, bold=True, anchor="center")
        # points as pips on the wall strip, so colour is never the only cue
        pts = {"blue": 1, "green": 2, "yellow": 4, "red": 6}.get(house.colour, 0)
        wall_y = top.bottom + (r.bottom - top.bottom) // 2
        pip = max(1, cs // 14)
        span = (pts - 1) * pip * 3
        for i in range(pts):
            pygame.draw.circle(surf, draw.darken(roof, 0.35), (r.centerx - span // 2 + i * pip * 3, wall_y), pip)


def _tree(surf: pygame.Surface, r: pygame.Rect, rnd: random.Random) -> None:
    cs = r.width
    cx = r.centerx + rnd.randint(-cs // 8, cs // 8)
    cy = r.centery + rnd.randint(-cs // 8, cs // 8)
    rad = int(cs * rnd.uniform(0.34, 0.44))
    pygame.draw.circle(surf, COLOUR.tree_shadow, (cx + 2, cy + 3), rad)
    pygame.draw.circle(surf, COLOUR.tree, (cx, cy), rad)
    pygame.draw.circle(surf, COLOUR.tree_light, (cx - rad // 3, cy - rad // 3), max(2, rad // 2))


#: a hazard's badge: its test and the centre it is drawn at
Badge = tuple[int, tuple[int, int]]


def zone_names(board: Board, cs: int, picture: pygame.Rect) -> list[tuple[str, pygame.Surface, pygame.Rect, Badge | None]]:
    """The park and hazard names the map writes, parks first: (kind, text image, box, the hazard's
    badge or None), in the map picture's pixels (``picture`` is its rectangle there). The
    live layer keeps house names off them."""
    out: list[tuple[str, pygame.Surface, pygame.Rect, Badge | None]] = []
    for zone in board.greens:
        if zone.kind != "park":
            continue
        x, y, w, h = zone.bounds
        pos = (int((x + w / 2) * cs), int((y + h) * cs) - cs // 2)
        label = draw.render_text(zone.name, fs(cs * 0.45, 9), COLOUR.park_name, bold=True, serif=True)
        out.append(("park", label, label.get_rect(center=pos).inflate(8, 2), None))
    for zone in board.hazards:
        cells = sorted(zone.cells)
        xs = [c for c, _ in cells]
        ys = [r for _, r in cells]
        horizontal = max(xs) - min(xs) >= max(ys) - min(ys)
        cx = (min(xs) + max(xs) + 1) / 2 * cs
        cy = (min(ys) + max(ys) + 1) / 2 * cs
        name = draw.render_text(zone.name, fs(cs * 0.36, 8), COLOUR.on_piece, bold=True)
        if horizontal:
            pos = (int(cx), int(max(ys) + 1) * cs + name.get_height() // 2 + 1)
        else:
            pos = (int(cx), int(min(ys)) * cs - name.get_height() // 2 - 1)
        box = name.get_rect(center=pos).inflate(6, 2)
        box.clamp_ip(picture.inflate(-4, -4))
        out.append(("hazard", name, box, (zone.test, (int(cx), int(cy)))))
    return out


def _zone_labels(surf: pygame.Surface, board: Board, cs: int) -> None:
    for kind, image, box, badge in zone_names(board, cs, surf.get_rect()):
        if kind == "park":
            draw.rounded_rect(surf, box, COLOUR.park_label, radius=5)
        else:
            test, centre = badge
            hazard_badge(surf, centre, test, max(10, int(cs * 0.62)))
            draw.rounded_rect(surf, box, COLOUR.zone_label, radius=4)
        surf.blit(image, image.get_rect(center=box.center))
