"""The Out For Delivery painted map: where each tile lands and the old-world map painted from the
board data.

The static map (parchment, terrain, roads, cities, region borders, landscape names, the compass)
is painted once per size and cached. A board that carries its own picture (docs/maps.md) is shown
as that picture with the game's markers on it.
"""

from __future__ import annotations

import math
import random

import pygame

from courier.rules.out_for_delivery.board import Board
from courier.ui import draw, palette, theme
from courier.ui.kit.map_text import map_size

COLOUR = palette.roles("out_for_delivery")  # this game's colours by role, read from the active palette





class Geometry:
    """Where each tile of the board lands inside the board rectangle."""

    def __init__(self, board: Board, rect: pygame.Rect) -> None:
        self.board = board
        margin = 14
        self.tile = max(6.0, min((rect.width - 2 * margin) / board.width, (rect.height - 2 * margin) / board.height))
        w, h = int(self.tile * board.width), int(self.tile * board.height)
        self.rect = pygame.Rect(rect.centerx - w // 2, rect.centery - h // 2, w, h)

    def cell_rect(self, cell: int) -> pygame.Rect:
        x, y = self.board.xy(cell)
        s = self.tile
        return pygame.Rect(int(self.rect.x + x * s), int(self.rect.y + y * s), int(s + 0.999), int(s + 0.999))

    def center(self, cell: int) -> tuple[float, float]:
        x, y = self.board.xy(cell)
        return (self.rect.x + (x + 0.5) * self.tile, self.rect.y + (y + 0.5) * self.tile)

    def point(self, xy: tuple[float, float]) -> tuple[float, float]:
        return (self.rect.x + (xy[0] + 0.5) * self.tile, self.rect.y + (xy[1] + 0.5) * self.tile)

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        x = int((pos[0] - self.rect.x) / self.tile)
        y = int((pos[1] - self.rect.y) / self.tile)
        if 0 <= x < self.board.width and 0 <= y < self.board.height:
            return self.board.cell(x, y)
        return None

    def city_rect(self, number: int) -> pygame.Rect:
        cells = self.board.city(number).cells
        rects = [self.cell_rect(c) for c in cells]
        return rects[0].unionall(rects[1:])


# -- the static map ------------------------------------------------------------------------------
def _parchment(size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size)
    surf.fill(COLOUR.parchment)
    rnd = random.Random(6)
    blot = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(size[0] * size[1] // 2500):
        r = rnd.randint(8, 60)
        tone = rnd.choice([COLOUR.parchment_stain_1, COLOUR.parchment_stain_2, COLOUR.parchment_stain_3])
        pygame.draw.circle(blot, tone, (rnd.randrange(size[0]), rnd.randrange(size[1])), r)
    surf.blit(blot, (0, 0))
    vignette = pygame.Surface(size, pygame.SRCALPHA)
    steps = 26
    for k in range(steps):
        alpha = int(70 * (1 - k / steps) ** 2)
        pygame.draw.rect(vignette, (110, 76, 36, alpha), pygame.Rect(0, 0, *size).inflate(-2 * k, -2 * k), 2)
    surf.blit(vignette, (0, 0))
    return surf


def _tree(surf: pygame.Surface, x: float, y: float, r: float) -> None:
    pygame.draw.line(surf, COLOUR.map_ink, (x, y + r * 0.6), (x, y + r * 1.5), max(1, int(r / 3)))
    pygame.draw.circle(surf, COLOUR.forest, (int(x), int(y)), int(r))
    pygame.draw.circle(surf, COLOUR.map_ink, (int(x), int(y)), int(r), 1)


def _peak(surf: pygame.Surface, x: float, y: float, w: float, h: float) -> None:
    pts = [(x - w / 2, y + h / 2), (x, y - h / 2), (x + w / 2, y + h / 2)]
    pygame.draw.polygon(surf, COLOUR.mountain, pts)
    pygame.draw.polygon(surf, COLOUR.mountain_shade, [(x, y - h / 2), (x + w / 2, y + h / 2), (x + w * 0.1, y + h / 2)])
    pygame.draw.lines(surf, COLOUR.map_ink, False, pts, max(1, int(w / 12)))


def _hill(surf: pygame.Surface, x: float, y: float, w: float) -> None:
    pygame.draw.arc(surf, COLOUR.map_ink, pygame.Rect(int(x - w / 2), int(y - w / 4), int(w), int(w / 2)), 0.3, math.pi - 0.3, max(1, int(w / 10)))


def _road_segments(board: Board, geo: Geometry, surf: pygame.Surface, width: int, colour: tuple[int, int, int]) -> None:
    for c in range(board.width * board.height):
        if not board.neighbours[c] or board.city_of[c]:
            continue
        a = geo.center(c)
        pygame.draw.circle(surf, colour, (int(a[0]), int(a[1])), width // 2)
        for nb in board.neighbours[c]:
            b = geo.center(nb)
            if board.city_of[nb]:
                b = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            pygame.draw.line(surf, colour, a, b, width)


#: the last maps painted: (board, (size, tile), picture), newest first
_PAINTED: list[tuple[Board, tuple, pygame.Surface]] = []


def painted_map(board: Board, geo: Geometry) -> pygame.Surface:
    """:func:`paint_map`, remembered for the last two sizes: the board scene makes a new view for
    each person who takes the device, and it should not paint the whole map again each time."""
    key = (tuple(geo.rect.size), geo.tile, theme.ui_scale(), palette.version())
    for known, k, surf in _PAINTED:
        if known is board and k == key:
            return surf
    surf = paint_map(board, geo)
    _PAINTED.insert(0, (board, key, surf))
    del _PAINTED[2:]
    return surf


def _region_borders(surf: pygame.Surface, board: Board, s: float) -> None:
    """Dotted ink between regions, whether they lie side by side or in bands."""
    for reg in board.regions:
        if reg.x > 0:
            x = reg.x * s
            draw.dashed_line(surf, COLOUR.region_border, (x, reg.y * s), (x, (reg.y + reg.h) * s), max(1, int(s / 12)),
                             int(s * 0.3), int(s * 0.22))
        if reg.y > 0:
            y = reg.y * s
            draw.dashed_line(surf, COLOUR.region_border, (reg.x * s, y), ((reg.x + reg.w) * s, y), max(1, int(s / 12)),
                             int(s * 0.3), int(s * 0.22))


def _paint_on_picture(board: Board, local: Geometry, art: pygame.Surface) -> pygame.Surface:
    """The designer's picture of the board with the game's markers: rough tiles, borders, cities."""
    surf = pygame.Surface(art.get_size())
    surf.blit(art, (0, 0))
    s = local.tile
    shade = pygame.Surface((int(s + 1), int(s + 1)), pygame.SRCALPHA)
    shade.fill((*COLOUR.rough, 70))
    for c in range(board.width * board.height):
        if board.terrain[c] in ("mountain", "river"):
            surf.blit(shade, local.cell_rect(c).topleft)
    _region_borders(surf, board, s)
    for city in board.cities:
        _paint_city(surf, local, city.number)
    pygame.draw.rect(surf, COLOUR.map_ink, surf.get_rect(), max(2, int(s / 8)))
    return surf


def paint_map(board: Board, geo: Geometry) -> pygame.Surface:
    """The whole static map at the geometry's size (cached by the caller).

    A board that carries its own picture (docs/maps.md) is shown as that picture with the game's
    markers on it; the others get the painted old-world map.
    """
    size = geo.rect.size
    local = Geometry.__new__(Geometry)
    local.board, local.tile, local.rect = board, geo.tile, pygame.Rect(0, 0, *size)
    from courier.ui import board_art

    art = board_art.picture(board.source) if board.source else None
    if art is not None:
        return _paint_on_picture(board, local, pygame.transform.smoothscale(art, size))
    surf = _parchment(size)
    s = geo.tile
    rnd = random.Random(11)
    n = board.width * board.height
    # water first, with an inked shore
    for c in range(n):
        if board.look[c] == "water" or board.terrain[c] == "river":
            surf.fill(COLOUR.water, local.cell_rect(c))
    for c in range(n):
        if board.look[c] != "water" and board.terrain[c] != "river":
            continue
        r = local.cell_rect(c)
        x, y = board.xy(c)
        for dx, dy, a, b in ((0, -1, r.topleft, r.topright), (0, 1, r.bottomleft, r.bottomright), (-1, 0, r.topleft, r.bottomleft), (1, 0, r.topright, r.bottomright)):
            nx, ny = x + dx, y + dy
            if 0 <= nx < board.width and 0 <= ny < board.height:
                o = board.cell(nx, ny)
                if board.look[o] != "water" and board.terrain[o] != "river":
                    pygame.draw.line(surf, COLOUR.water_ink, a, b, max(1, int(s / 14)))
        if board.terrain[c] != "river" and rnd.random() < 0.6:
            cx, cy = r.center
            for ox in (-s * 0.22, s * 0.14):
                pygame.draw.arc(surf, COLOUR.water_ink, pygame.Rect(int(cx + ox - s * 0.12), int(cy - s * 0.1 + ox / 3), int(s * 0.24), int(s * 0.14)), 0.2, math.pi - 0.2, 1)
    # land decorations
    for c in range(n):
        look = board.look[c]
        cx, cy = local.center(c)
        j = lambda: (rnd.random() - 0.5) * s * 0.25  # noqa: E731 - a hand-drawn wobble
        if look == "forest":
            for ox, oy in ((-0.2, -0.12), (0.18, -0.2), (0.02, 0.18)):
                _tree(surf, cx + ox * s + j(), cy + oy * s + j(), s * 0.15)
        elif look == "hills":
            _hill(surf, cx - s * 0.15 + j(), cy + j(), s * 0.5)
            _hill(surf, cx + s * 0.2 + j(), cy + s * 0.2 + j(), s * 0.4)
        elif look == "peaks":
            _peak(surf, cx + j(), cy + j(), s * 0.9, s * 0.8)
        elif look == "plain" and rnd.random() < 0.12:
            pygame.draw.line(surf, COLOUR.parchment_dark, (cx - s * 0.15, cy), (cx + s * 0.1, cy - s * 0.02), 1)
    # rough terrain is shaded red, as on the printed board
    shade = pygame.Surface((int(s + 1), int(s + 1)), pygame.SRCALPHA)
    shade.fill((*COLOUR.rough, 70))
    for c in range(n):
        if board.terrain[c] in ("mountain", "river"):
            surf.blit(shade, local.cell_rect(c).topleft)
    # roads: a dark edge then a light fill, joined through every junction
    _road_segments(board, local, surf, max(4, int(s * 0.4)), COLOUR.road_edge)
    _road_segments(board, local, surf, max(2, int(s * 0.26)), COLOUR.road_fill)
    for c in range(n):
        r = local.cell_rect(c)
        if board.terrain[c] == "river":  # a plank bridge
            horizontal = any(abs(nb - c) == 1 for nb in board.neighbours[c])
            br = r.inflate(-s * 0.1, -s * 0.45) if horizontal else r.inflate(-s * 0.45, -s * 0.1)
            pygame.draw.rect(surf, COLOUR.bridge, br)
            pygame.draw.rect(surf, COLOUR.map_ink, br, max(1, int(s / 16)))
        elif board.terrain[c] == "mountain":
            cx, cy = r.center
            horizontal = any(abs(nb - c) == 1 for nb in board.neighbours[c])
            for side in (-1, 1):
                px, py = (cx, cy + side * s * 0.32) if horizontal else (cx + side * s * 0.32, cy)
                _peak(surf, px, py, s * 0.36, s * 0.3)
    _region_borders(surf, board, s)
    for label in board.labels:
        _map_label(surf, local, label.text, label.x, label.y, label.angle)
    for city in board.cities:
        _paint_city(surf, local, city.number)
    pygame.draw.rect(surf, COLOUR.map_ink, surf.get_rect(), max(2, int(s / 8)))
    pygame.draw.rect(surf, COLOUR.map_ink, surf.get_rect().inflate(-int(s / 3), -int(s / 3)), 1)
    _compass(surf, local)
    return surf


def _map_label_image(geo: Geometry, text: str, x: float, y: float, angle: int) -> tuple[pygame.Surface, pygame.Rect]:
    """A name in spaced, faded serif capitals, as map makers lettered them, and where it goes."""
    size = map_size(geo.tile * 0.4, 9)
    spaced = " ".join(text.upper())
    img = draw.render_text(spaced, size, COLOUR.region_name, serif=True).copy()
    img.set_alpha(200)
    if angle:
        img = pygame.transform.rotate(img, angle)
    pos = (geo.rect.x + x * geo.tile, geo.rect.y + y * geo.tile)
    r = img.get_rect(center=(int(pos[0]), int(pos[1])))
    r.clamp_ip(geo.rect.inflate(-int(geo.tile * 0.7), -int(geo.tile * 0.7)))  # clear of the frame's lines
    return img, r


def map_label_rect(geo: Geometry, text: str, x: float, y: float, angle: int) -> pygame.Rect:
    """Where a map name is lettered (the painter's own placement, for checks)."""
    return _map_label_image(geo, text, x, y, angle)[1]


def _map_label(surf: pygame.Surface, geo: Geometry, text: str, x: float, y: float, angle: int) -> None:
    img, r = _map_label_image(geo, text, x, y, angle)
    # a wash of the ground it lies on, so grass marks and tracks do not strike through the letters
    ground = surf.get_at(r.center)[:3]
    if sum(abs(a - b) for a, b in zip(ground, COLOUR.water)) > 40:  # on land (nothing is drawn on water to hide)
        draw.rounded_rect(surf, r.inflate(int(geo.tile * 0.3), 2), (*COLOUR.parchment, 190), max(2, int(geo.tile * 0.15)))
    surf.blit(img, r)


def _paint_city(surf: pygame.Surface, geo: Geometry, number: int) -> None:
    board = geo.board
    city = board.city(number)
    s = geo.tile
    r = geo.city_rect(number).inflate(-s * 0.1, -s * 0.1)
    draw.shadow(surf, r, int(s * 0.2), offset=(2, 3), blur=4, alpha=60)
    pygame.draw.rect(surf, draw.lighten(city.colour, 0.62), r, border_radius=int(s * 0.2))
    rnd = random.Random(number)
    for _ in range(5):  # roofs of the town
        hx = r.x + rnd.uniform(0.2, 0.8) * r.width
        hy = r.y + rnd.uniform(0.3, 0.8) * r.height
        w = s * 0.26
        pygame.draw.rect(surf, draw.lighten(city.colour, 0.35), (hx - w / 2, hy - w / 3, w, w * 0.6))
        pygame.draw.polygon(surf, draw.darken(city.colour, 0.15), [(hx - w * 0.6, hy - w / 3), (hx, hy - w * 0.85), (hx + w * 0.6, hy - w / 3)])
    pygame.draw.rect(surf, draw.darken(city.colour, 0.35), r, max(2, int(s / 10)), border_radius=int(s * 0.2))
    # pick-up tile: a crate with an arrow out; delivery tile: a target the parcel drops into
    pr = geo.cell_rect(city.pickup).inflate(-s * 0.36, -s * 0.36)
    pygame.draw.rect(surf, COLOUR.city_mark, pr.inflate(s * 0.12, s * 0.12), border_radius=3)
    pygame.draw.rect(surf, COLOUR.pickup, pr)
    pygame.draw.rect(surf, COLOUR.map_ink, pr, 1)
    pygame.draw.line(surf, COLOUR.map_ink, pr.midtop, pr.midbottom, 1)
    dr = geo.cell_rect(city.delivery)
    cx, cy = dr.center
    pygame.draw.circle(surf, COLOUR.city_mark, (cx, cy), int(s * 0.3))
    pygame.draw.circle(surf, draw.darken(city.colour, 0.2), (cx, cy), int(s * 0.3), max(2, int(s / 12)))
    pygame.draw.circle(surf, draw.darken(city.colour, 0.2), (cx, cy), int(s * 0.12))


def _compass(surf: pygame.Surface, geo: Geometry) -> None:
    s = geo.tile
    cx, cy = geo.rect.right - s * 1.0, geo.rect.bottom - s * 2.0
    r = s * 0.85
    for ang, long in ((0, True), (90, True), (180, True), (270, True), (45, False), (135, False), (225, False), (315, False)):
        a = math.radians(ang)
        ln = r if long else r * 0.55
        tip = (cx + math.sin(a) * ln, cy - math.cos(a) * ln)
        side1 = (cx + math.sin(a + 0.5) * r * 0.18, cy - math.cos(a + 0.5) * r * 0.18)
        side2 = (cx + math.sin(a - 0.5) * r * 0.18, cy - math.cos(a - 0.5) * r * 0.18)
        pygame.draw.polygon(surf, COLOUR.compass_light if ang % 90 else COLOUR.map_ink, [side1, tip, side2, (cx, cy)])
        pygame.draw.polygon(surf, COLOUR.map_ink, [side1, tip, side2, (cx, cy)], 1)
    draw.text(surf, "N", (cx, cy - r - 2), map_size(s * 0.42, 9), COLOUR.map_ink, bold=True, serif=True, anchor="midbottom")
