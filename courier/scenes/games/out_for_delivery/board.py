"""The Out For Delivery board: where each tile lands, the old-world map painted from the board
data, and what is drawn over it each frame.

The static map (parchment, terrain, roads, cities, region borders) is painted once per size and
cached; a layer of what stays still for a round (city labels, closures, weather boxes) is cached
over it; pieces (couriers, parcels, highlights) are drawn each frame by small helpers.
"""

from __future__ import annotations

import functools
import math
import random
from dataclasses import dataclass, field

import pygame

from courier.rules.out_for_delivery import engine
from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.config import WEATHERS
from courier.rules.out_for_delivery.state import OfdState
from courier.ui import draw, theme
from courier.ui.tween import PathTween

PARCHMENT = (234, 220, 184)
PARCHMENT_DARK = (196, 168, 120)
MAP_INK = (84, 60, 40)
ROAD_EDGE = (120, 86, 52)
ROAD_FILL = (222, 192, 140)
WATER = (170, 196, 196)
WATER_INK = (88, 122, 132)
ROUGH = (196, 64, 44)
FOREST = (112, 132, 78)


P = theme.px


def map_size(design: float, least: int) -> int:
    """A font size for text drawn on the map, which already grows with the map: the interface
    scale that ``theme.font`` applies is taken back out, so map words keep their size on the map."""
    return max(least, int(design / theme.ui_scale()))


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
    surf.fill(PARCHMENT)
    rnd = random.Random(6)
    blot = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(size[0] * size[1] // 2500):
        r = rnd.randint(8, 60)
        tone = rnd.choice([(200, 178, 130, 18), (250, 240, 210, 22), (180, 150, 100, 12)])
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
    pygame.draw.line(surf, MAP_INK, (x, y + r * 0.6), (x, y + r * 1.5), max(1, int(r / 3)))
    pygame.draw.circle(surf, FOREST, (int(x), int(y)), int(r))
    pygame.draw.circle(surf, MAP_INK, (int(x), int(y)), int(r), 1)


def _peak(surf: pygame.Surface, x: float, y: float, w: float, h: float) -> None:
    pts = [(x - w / 2, y + h / 2), (x, y - h / 2), (x + w / 2, y + h / 2)]
    pygame.draw.polygon(surf, (214, 198, 166), pts)
    pygame.draw.polygon(surf, (176, 156, 124), [(x, y - h / 2), (x + w / 2, y + h / 2), (x + w * 0.1, y + h / 2)])
    pygame.draw.lines(surf, MAP_INK, False, pts, max(1, int(w / 12)))


def _hill(surf: pygame.Surface, x: float, y: float, w: float) -> None:
    pygame.draw.arc(surf, MAP_INK, pygame.Rect(int(x - w / 2), int(y - w / 4), int(w), int(w / 2)), 0.3, math.pi - 0.3, max(1, int(w / 10)))


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
    key = (tuple(geo.rect.size), geo.tile, theme.ui_scale())
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
            draw.dashed_line(surf, (140, 90, 60), (x, reg.y * s), (x, (reg.y + reg.h) * s), max(1, int(s / 12)),
                             int(s * 0.3), int(s * 0.22))
        if reg.y > 0:
            y = reg.y * s
            draw.dashed_line(surf, (140, 90, 60), (reg.x * s, y), ((reg.x + reg.w) * s, y), max(1, int(s / 12)),
                             int(s * 0.3), int(s * 0.22))


def _paint_on_picture(board: Board, local: Geometry, art: pygame.Surface) -> pygame.Surface:
    """The designer's picture of the board with the game's markers: rough tiles, borders, cities."""
    surf = pygame.Surface(art.get_size())
    surf.blit(art, (0, 0))
    s = local.tile
    shade = pygame.Surface((int(s + 1), int(s + 1)), pygame.SRCALPHA)
    shade.fill((*ROUGH, 70))
    for c in range(board.width * board.height):
        if board.terrain[c] in ("mountain", "river"):
            surf.blit(shade, local.cell_rect(c).topleft)
    _region_borders(surf, board, s)
    for city in board.cities:
        _paint_city(surf, local, city.number)
    pygame.draw.rect(surf, MAP_INK, surf.get_rect(), max(2, int(s / 8)))
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
            surf.fill(WATER, local.cell_rect(c))
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
                    pygame.draw.line(surf, WATER_INK, a, b, max(1, int(s / 14)))
        if board.terrain[c] != "river" and rnd.random() < 0.6:
            cx, cy = r.center
            for ox in (-s * 0.22, s * 0.14):
                pygame.draw.arc(surf, WATER_INK, pygame.Rect(int(cx + ox - s * 0.12), int(cy - s * 0.1 + ox / 3), int(s * 0.24), int(s * 0.14)), 0.2, math.pi - 0.2, 1)
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
            pygame.draw.line(surf, PARCHMENT_DARK, (cx - s * 0.15, cy), (cx + s * 0.1, cy - s * 0.02), 1)
    # rough terrain is shaded red, as on the printed board
    shade = pygame.Surface((int(s + 1), int(s + 1)), pygame.SRCALPHA)
    shade.fill((*ROUGH, 70))
    for c in range(n):
        if board.terrain[c] in ("mountain", "river"):
            surf.blit(shade, local.cell_rect(c).topleft)
    # roads: a dark edge then a light fill, joined through every junction
    _road_segments(board, local, surf, max(4, int(s * 0.4)), ROAD_EDGE)
    _road_segments(board, local, surf, max(2, int(s * 0.26)), ROAD_FILL)
    for c in range(n):
        r = local.cell_rect(c)
        if board.terrain[c] == "river":  # a plank bridge
            horizontal = any(abs(nb - c) == 1 for nb in board.neighbours[c])
            br = r.inflate(-s * 0.1, -s * 0.45) if horizontal else r.inflate(-s * 0.45, -s * 0.1)
            pygame.draw.rect(surf, (150, 104, 60), br)
            pygame.draw.rect(surf, MAP_INK, br, max(1, int(s / 16)))
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
    pygame.draw.rect(surf, MAP_INK, surf.get_rect(), max(2, int(s / 8)))
    pygame.draw.rect(surf, MAP_INK, surf.get_rect().inflate(-int(s / 3), -int(s / 3)), 1)
    _compass(surf, local)
    return surf


def _map_label_image(geo: Geometry, text: str, x: float, y: float, angle: int) -> tuple[pygame.Surface, pygame.Rect]:
    """A name in spaced, faded serif capitals, as map makers lettered them, and where it goes."""
    size = map_size(geo.tile * 0.4, 9)
    spaced = " ".join(text.upper())
    img = draw.render_text(spaced, size, (104, 78, 52), serif=True).copy()
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
    if sum(abs(a - b) for a, b in zip(ground, WATER)) > 40:  # on land (nothing is drawn on water to hide)
        draw.rounded_rect(surf, r.inflate(int(geo.tile * 0.3), 2), (*PARCHMENT, 190), max(2, int(geo.tile * 0.15)))
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
    pygame.draw.rect(surf, (245, 236, 214), pr.inflate(s * 0.12, s * 0.12), border_radius=3)
    pygame.draw.rect(surf, (168, 120, 72), pr)
    pygame.draw.rect(surf, MAP_INK, pr, 1)
    pygame.draw.line(surf, MAP_INK, pr.midtop, pr.midbottom, 1)
    dr = geo.cell_rect(city.delivery)
    cx, cy = dr.center
    pygame.draw.circle(surf, (245, 236, 214), (cx, cy), int(s * 0.3))
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
        pygame.draw.polygon(surf, (246, 236, 210) if ang % 90 else MAP_INK, [side1, tip, side2, (cx, cy)])
        pygame.draw.polygon(surf, MAP_INK, [side1, tip, side2, (cx, cy)], 1)
    draw.text(surf, "N", (cx, cy - r - 2), map_size(s * 0.42, 9), MAP_INK, bold=True, serif=True, anchor="midbottom")


# -- pieces -------------------------------------------------------------------------------------
SHAPES = ("circle", "square", "triangle", "diamond")


def token(surf: pygame.Surface, center: tuple[float, float], radius: float, colour: tuple[int, int, int], seat: int, glow: bool = False) -> None:
    """A courier: each seat has its own shape as well as its colour."""
    cx, cy = center
    r = radius
    shape = SHAPES[seat % len(SHAPES)]
    if glow:
        pygame.draw.circle(surf, theme.HIGHLIGHT, (int(cx), int(cy)), int(r * 1.55))
    if shape == "circle":
        pts = None
    elif shape == "square":
        pts = [(cx - r * 0.85, cy - r * 0.85), (cx + r * 0.85, cy - r * 0.85), (cx + r * 0.85, cy + r * 0.85), (cx - r * 0.85, cy + r * 0.85)]
    elif shape == "triangle":
        pts = [(cx, cy - r * 1.1), (cx + r * 1.05, cy + r * 0.8), (cx - r * 1.05, cy + r * 0.8)]
    else:
        pts = [(cx, cy - r * 1.15), (cx + r * 1.0, cy), (cx, cy + r * 1.15), (cx - r * 1.0, cy)]
    shadow_off = max(1, int(r / 5))
    if pts is None:
        pygame.draw.circle(surf, (60, 40, 20), (int(cx + shadow_off), int(cy + shadow_off)), int(r))
        pygame.draw.circle(surf, colour, (int(cx), int(cy)), int(r))
        pygame.draw.circle(surf, theme.INK, (int(cx), int(cy)), int(r), max(1, int(r / 5)))
    else:
        pygame.draw.polygon(surf, (60, 40, 20), [(x + shadow_off, y + shadow_off) for x, y in pts])
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.polygon(surf, theme.INK, pts, max(1, int(r / 5)))
    draw.text(surf, str(seat + 1), (cx, cy + (r * 0.15 if shape == "triangle" else 0)), map_size(r * 1.05, 8), draw.text_colour_on(colour), bold=True, anchor="center")


def parcel_chip(surf: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], number: int) -> None:
    """A parcel: its destination's colour AND number, so it reads without colour too."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surf, draw.darken(colour, 0.5), rect.move(1, 1), border_radius=3)
    pygame.draw.rect(surf, colour, rect, border_radius=3)
    pygame.draw.rect(surf, draw.darken(colour, 0.45), rect, 1, border_radius=3)
    size = map_size(rect.height * 0.72, 8)
    if draw.font(size, True).size(str(number))[0] <= rect.width:  # too narrow a chip shows its colour only
        draw.text(surf, str(number), rect.center, size, draw.text_colour_on(colour), bold=True, anchor="center")


def weather_icon(surf: pygame.Surface, center: tuple[float, float], size: float, family: str, heavy: bool = False) -> None:
    cx, cy = center
    r = size / 2
    if family == "sun":
        for k in range(8):
            a = k * math.pi / 4
            pygame.draw.line(surf, (214, 140, 30), (cx + math.cos(a) * r * 0.6, cy + math.sin(a) * r * 0.6), (cx + math.cos(a) * r, cy + math.sin(a) * r), max(1, int(r / 6)))
        pygame.draw.circle(surf, (244, 190, 60), (int(cx), int(cy)), int(r * 0.5))
        pygame.draw.circle(surf, MAP_INK, (int(cx), int(cy)), int(r * 0.5), 1)
        return
    cloud = (236, 236, 232) if family != "rain" else (196, 204, 212)
    by = cy - r * 0.15
    for ox, oy, rr in ((-0.4, 0.1, 0.38), (0.05, -0.15, 0.5), (0.45, 0.1, 0.36)):
        pygame.draw.circle(surf, MAP_INK, (int(cx + ox * r), int(by + oy * r)), int(rr * r) + 1)
    for ox, oy, rr in ((-0.4, 0.1, 0.38), (0.05, -0.15, 0.5), (0.45, 0.1, 0.36)):
        pygame.draw.circle(surf, cloud, (int(cx + ox * r), int(by + oy * r)), int(rr * r))
    if family == "rain":
        for k in range(3 if heavy else 2):
            x = cx - r * 0.4 + k * r * 0.4
            pygame.draw.line(surf, (50, 100, 170), (x, by + r * 0.45), (x - r * 0.15, by + r * 0.85), max(1, int(r / 7)))
    elif family == "snow":
        arm = max(2.0, r * 0.16)
        for k in range(3 if heavy else 2):
            x, y = cx - r * 0.4 + k * r * 0.4, by + r * 0.72
            for ang in (0, math.pi / 3, 2 * math.pi / 3):
                dx, dy = math.cos(ang) * arm, math.sin(ang) * arm
                pygame.draw.line(surf, (60, 100, 170), (x - dx, y - dy), (x + dx, y + dy), max(1, int(r / 10)))


@functools.lru_cache(maxsize=8)
def blocked_mark(size: int) -> pygame.Surface:
    """A red cross for tiles shut by this round's event."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    w = max(2, size // 7)
    pygame.draw.line(surf, (170, 30, 20, 220), (size * 0.2, size * 0.2), (size * 0.8, size * 0.8), w)
    pygame.draw.line(surf, (170, 30, 20, 220), (size * 0.8, size * 0.2), (size * 0.2, size * 0.8), w)
    return surf


# -- one frame of the board ---------------------------------------------------------------------
@dataclass
class BoardFrame:
    """What a frame shows beyond the state: plain data the view works out from its input."""

    state: OfdState | None
    colours: list[tuple[int, int, int]]
    #: cities ringed while a start city is chosen
    start_cities: list[int] = field(default_factory=list)
    #: tiles lit blue for a flight or a boat crossing
    mode_cells: list[int] = field(default_factory=list)
    #: tiles in reach (half MP they cost) and the way back along the cheapest paths
    reach: dict[int, int] = field(default_factory=dict)
    prev: dict[int, int] = field(default_factory=dict)
    #: the tile under the pointer or the keyboard focus: its path and cost are drawn
    pointer: int | None = None
    dialog_open: bool = False
    #: the round card is up (it shows the new weather before the boxes do)
    round_card: bool = False
    moving: dict[int, PathTween] = field(default_factory=dict)


class BoardArt:
    """The board's geometry and its pixel caches (never game state)."""

    def __init__(self, board: Board, rect: pygame.Rect) -> None:
        self.board = board
        self.geo = Geometry(board, rect)
        self._base: pygame.Surface | None = None
        self._base_key: tuple | None = None
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None
        self.loose_labels: list[int] = []

    def layout(self, rect: pygame.Rect) -> None:
        self.geo = Geometry(self.board, rect)
        self._base = self._layer = None

    def draw(self, surface: pygame.Surface, f: BoardFrame) -> None:
        geo, v = self.geo, f.state
        surface.blit(self.still_layer(f), geo.rect.topleft, geo.rect)
        if self.loose_labels:  # a label would be cut by the map's edge: the rest is drawn in place
            for city in self.board.cities:
                self.city_label(surface, city.number)
            if v is not None:
                self.event_marks(surface, v)
                self.weather(surface, f)
        if v is None:
            return
        self._highlights(surface, f, v)
        self._waiting(surface, v)
        self._couriers(surface, f, v)

    # -- what stays still between frames --------------------------------------------------------
    # The painted map, the city name labels, this round's closures and the weather boxes change
    # only with the window size, a new round or a new player's turn, so they are drawn into one
    # layer that each frame blits. The layer is painted at the window position it is shown at (the
    # same coordinates give the same pixels as drawing in place) and only its ``geo.rect`` part is
    # used. Should a label stick out of the map at some size, the labels, closures and weather are
    # drawn in place every frame as before, so nothing is ever cut off.
    def still_layer(self, f: BoardFrame) -> pygame.Surface:
        """The map with labels, closures and weather for this size and round."""
        geo, v = self.geo, f.state
        base_key = (tuple(geo.rect), theme.ui_scale())
        if self._base is None or self._base_key != base_key:
            screen = pygame.display.get_surface()  # the screen's pixel format blits fastest
            base = pygame.Surface(geo.rect.bottomright, 0, screen) if screen is not None else pygame.Surface(geo.rect.bottomright)
            base.blit(painted_map(self.board, geo), geo.rect.topleft)
            base.set_clip(geo.rect)
            numbers = [city.number for city in self.board.cities]
            self.loose_labels = [n for n in numbers if not geo.rect.contains(self.label_bounds(n))]
            if not self.loose_labels:
                for number in numbers:
                    self.city_label(base, number)
            base.set_clip(None)
            self._base = base
            self._base_key, self._layer, self._layer_key = base_key, None, None
        if v is None or self.loose_labels:
            return self._base
        key = self._round_key(f, v)
        if self._layer is None or self._layer_key != key:
            layer = self._base.copy()
            layer.set_clip(geo.rect)
            self.event_marks(layer, v)
            self.weather(layer, f)
            layer.set_clip(None)
            self._layer, self._layer_key = layer, key
        return self._layer

    def _round_key(self, f: BoardFrame, v: OfdState) -> tuple:
        """Everything the closures and weather boxes are drawn from."""
        costs = tuple(engine.dmc(v, v.current, reg.index) for reg in self.board.regions) if v.round and not f.round_card else ()
        return (v.obstacle, v.round == 0 or f.round_card, tuple(v.weather or ()), costs)

    def label_parts(self, number: int) -> tuple[pygame.Surface, pygame.Rect, tuple[int, int], int]:
        """A city's name image, its box, and the centre and radius of its number badge."""
        geo, board = self.geo, self.board
        s = geo.tile
        city = board.city(number)
        r = geo.city_rect(number)
        above = board.xy(min(city.cells))[1] < board.height / 2
        pos = (r.centerx, r.top - P(3)) if above else (r.centerx, r.bottom + P(3))
        anchor = "midbottom" if above else "midtop"
        img = draw.render_text(city.name, map_size(s * 0.5, 11), theme.INK, bold=True, serif=True)
        box = img.get_rect(**{anchor: pos}).inflate(P(10), P(2))
        return img, box, (box.left - int(s * 0.28), box.centery), int(s * 0.34)

    def label_bounds(self, number: int) -> pygame.Rect:
        _, box, (bx, by), radius = self.label_parts(number)
        return box.union(pygame.Rect(bx - radius - 1, by - radius - 1, 2 * radius + 3, 2 * radius + 3))

    def city_label(self, surface: pygame.Surface, number: int) -> None:
        s = self.geo.tile
        city = self.board.city(number)
        img, box, badge, radius = self.label_parts(number)
        draw.rounded_rect(surface, box, (250, 242, 222, 215), P(6))
        pygame.draw.rect(surface, draw.darken(city.colour, 0.2), box, 1, border_radius=P(6))
        surface.blit(img, img.get_rect(center=box.center))
        pygame.draw.circle(surface, city.colour, badge, radius)
        pygame.draw.circle(surface, draw.darken(city.colour, 0.5), badge, radius, 2)
        draw.text(surface, str(number), badge, map_size(s * 0.44, 10), draw.text_colour_on(city.colour), bold=True, anchor="center")

    def event_marks(self, surface: pygame.Surface, v: OfdState) -> None:
        geo, board = self.geo, self.board
        shut = {"rock_slide": "mountain", "bridge_construction": "river"}.get(v.obstacle)
        if shut:
            mark = blocked_mark(int(geo.tile))
            for c in range(board.width * board.height):
                if board.terrain[c] == shut:
                    surface.blit(mark, geo.cell_rect(c).topleft)
        if v.obstacle == "town_riots":
            for city in board.cities:
                pygame.draw.rect(surface, (200, 40, 30), geo.city_rect(city.number).inflate(P(4), P(4)), max(2, P(3)), border_radius=P(6))

    def weather(self, surface: pygame.Surface, f: BoardFrame) -> None:
        geo, board, v = self.geo, self.board, f.state
        assert v is not None
        s = geo.tile
        for reg in board.regions:
            box = self.weather_box(reg.index)
            draw.shadow(surface, box, P(8), offset=(1, 2), blur=3, alpha=60)
            draw.rounded_rect(surface, box, (250, 243, 224), P(8))
            pygame.draw.rect(surface, MAP_INK, box, 1, border_radius=P(8))
            name = reg.name.upper()
            if v.round == 0 or f.round_card:  # the card shows the new weather first
                draw.text(surface, name, box.center, map_size(s * 0.42, 10), MAP_INK, bold=True, serif=True, anchor="center")
                continue
            w_info = WEATHERS[v.weather[reg.index]]
            weather_icon(surface, (box.x + s * 0.7, box.centery), s * 1.05, w_info.family, w_info.dmc_halves >= 6)
            tx = box.x + int(s * 1.35)
            draw.text(surface, name, (tx, box.y + int(s * 0.1)), map_size(s * 0.34, 9), MAP_INK, bold=True, serif=True)
            cost = engine.dmc(v, v.current, reg.index) / 2
            draw.text(surface, f"{w_info.name} · {cost:g} MP a step", (tx, box.y + int(s * 0.62)), map_size(s * 0.34, 9), theme.INK, max_width=box.right - tx - 4)

    def weather_box(self, region: int) -> pygame.Rect:
        """Where a region's weather box sits (for its tooltip)."""
        geo, s = self.geo, self.geo.tile
        reg = self.board.regions[region]
        w = reg.w * s
        box = pygame.Rect(0, 0, int(min(w - s * 0.6, s * 7.4)), int(s * 1.3))
        box.midtop = (int(geo.rect.x + reg.x * s + w / 2), int(geo.rect.y + reg.y * s + s * 0.35))  # side by side or in bands
        return box

    # -- what changes every frame ---------------------------------------------------------------
    def _highlights(self, surface: pygame.Surface, f: BoardFrame, v: OfdState) -> None:
        geo = self.geo
        s = geo.tile
        pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 260.0)
        if f.start_cities:
            for number in f.start_cities:
                r = geo.city_rect(number).inflate(P(8), P(8))
                pygame.draw.rect(surface, theme.HIGHLIGHT, r, P(3) + int(pulse * P(2)), border_radius=P(8))
            return
        if f.mode_cells:
            glow = pygame.Surface((int(s), int(s)), pygame.SRCALPHA)
            glow.fill((80, 150, 230, 110))
            for c in f.mode_cells:
                surface.blit(glow, geo.cell_rect(c).topleft)
                pygame.draw.rect(surface, (40, 90, 170), geo.cell_rect(c), max(2, P(2)))
            return
        if not f.reach or f.dialog_open:
            return
        me = v.players[v.current].cell
        lit = pygame.Surface((int(s) + 1, int(s) + 1), pygame.SRCALPHA)
        lit.fill((255, 214, 90, 70 + int(40 * pulse)))
        for c in f.reach:
            if c != me:
                surface.blit(lit, geo.cell_rect(c).topleft)
        hover = f.pointer
        if hover is not None and hover in f.reach and hover != me:
            path = engine.path_to(f.prev, me, hover)
            pts = [geo.center(c) for c in path]
            for a, b in zip(pts, pts[1:]):
                draw.dashed_line(surface, theme.ACCENT_DARK, a, b, max(2, int(s / 9)), int(s * 0.25), int(s * 0.15))
            r = geo.cell_rect(hover)
            pygame.draw.rect(surface, theme.ACCENT_DARK, r, max(2, P(2)))
            label = f"{f.reach[hover] / 2:g} MP"
            img = draw.render_text(label, map_size(s * 0.42, 11), (255, 255, 255), bold=True)
            box = img.get_rect(midbottom=(r.centerx, r.top - P(2))).inflate(P(8), P(4))
            draw.rounded_rect(surface, box, theme.ACCENT_DARK, P(6))
            surface.blit(img, img.get_rect(center=box.center))

    def _waiting(self, surface: pygame.Surface, v: OfdState) -> None:
        """Parcels waiting at each city's pick-up tile, as chips beside the town."""
        geo, board = self.geo, self.board
        s = geo.tile
        cs = max(8, int(s * 0.46))
        for city in board.cities:
            dests = sorted(v.waiting[city.number - 1])
            if not dests:
                continue
            r = geo.city_rect(city.number)
            above = board.xy(min(city.cells))[1] < board.height / 2
            per_row = 4
            rows = [dests[i:i + per_row] for i in range(0, min(len(dests), 8), per_row)]
            for k, row in enumerate(rows):
                y = r.bottom + 3 + k * (cs + 2) if above else r.top - 3 - (k + 1) * (cs + 2)
                x = r.centerx - (len(row) * (cs + 2)) // 2
                for i, d in enumerate(row):
                    parcel_chip(surface, pygame.Rect(x + i * (cs + 2), y, cs, cs), board.city(d).colour, d)
            if len(dests) > 8:
                draw.text(surface, f"+{len(dests) - 8}", (r.right + P(3), r.centery), map_size(s * 0.4, 10), theme.INK, bold=True, anchor="midleft")

    def _couriers(self, surface: pygame.Surface, f: BoardFrame, v: OfdState) -> None:
        geo = self.geo
        s = geo.tile
        groups: dict[int, list[int]] = {}
        for i, p in enumerate(v.players):
            if p.cell >= 0 and (i not in f.moving or f.moving[i].done):
                groups.setdefault(p.cell, []).append(i)
        active = v.current if v.phase in ("roll", "act", "answer") else -1
        for cell, seats in groups.items():
            cx, cy = geo.center(cell)
            for k, seat in enumerate(seats):
                if len(seats) > 1:
                    ang = 2 * math.pi * k / len(seats) - math.pi / 2
                    pos = (cx + math.cos(ang) * s * 0.3, cy + math.sin(ang) * s * 0.3)
                else:
                    pos = (cx, cy)
                token(surface, pos, s * (0.36 if len(seats) == 1 else 0.3), f.colours[seat], seat, glow=seat == active)
        for seat, t in f.moving.items():
            if t.done:
                continue
            token(surface, t.value, s * 0.36, f.colours[seat], seat, glow=True)

