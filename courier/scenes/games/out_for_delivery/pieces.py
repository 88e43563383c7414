"""Out For Delivery's pieces: what is drawn over the painted map (``mapart``) each frame.

A layer of what stays still for a round (city labels, closures, weather boxes) is cached over the
painted map; pieces (couriers, parcels, highlights) are drawn each frame by small helpers.
"""

from __future__ import annotations

import functools
import math
from typing import Callable
from dataclasses import dataclass, field

import pygame

from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.config import WEATHERS
from courier.rules.out_for_delivery.state import OfdState
from courier.rules.out_for_delivery.table import OfdTable
from courier.scenes.games.out_for_delivery.mapart import Geometry, map_size, painted_map
from courier.ui import draw, motion, palette, theme
from courier.ui.kit import draw_seat
from courier.ui.tween import PathTween

COLOUR = palette.roles("out_for_delivery")  # this game's colours by role, read from the active palette


P = theme.px


# -- pieces -------------------------------------------------------------------------------------
def parcel_chip(surf: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], number: int) -> None:
    """A parcel: its destination's colour AND number, so it reads without colour too."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surf, draw.darken(colour, 0.5), rect.move(1, 1), border_radius=3)
    pygame.draw.rect(surf, colour, rect, border_radius=3)
    pygame.draw.rect(surf, draw.darken(colour, 0.45), rect, 1, border_radius=3)
    size = map_size(rect.height * 0.72, 8)
    if draw.font(size, True).size(str(number))[0] <= rect.width:  # too narrow a chip shows its colour only
        draw.text(surf, str(number), rect.center, size, draw.text_colour_on(colour), bold=True, anchor="center")


def chip_icon(colour: tuple[int, int, int], number: int) -> Callable[[pygame.Surface, pygame.Rect], None]:
    """A parcel chip as a button's icon (a city's colour and number)."""
    return lambda surf, rect: parcel_chip(surf, rect, colour, number)


def weather_icon(surf: pygame.Surface, center: tuple[float, float], size: float, family: str, heavy: bool = False) -> None:
    cx, cy = center
    r = size / 2
    if family == "sun":
        for k in range(8):
            a = k * math.pi / 4
            pygame.draw.line(surf, COLOUR.sun_ray, (cx + math.cos(a) * r * 0.6, cy + math.sin(a) * r * 0.6), (cx + math.cos(a) * r, cy + math.sin(a) * r), max(1, int(r / 6)))
        pygame.draw.circle(surf, COLOUR.sun, (int(cx), int(cy)), int(r * 0.5))
        pygame.draw.circle(surf, COLOUR.map_ink, (int(cx), int(cy)), int(r * 0.5), 1)
        return
    cloud = COLOUR.cloud if family != "rain" else COLOUR.rain_cloud
    by = cy - r * 0.15
    for ox, oy, rr in ((-0.4, 0.1, 0.38), (0.05, -0.15, 0.5), (0.45, 0.1, 0.36)):
        pygame.draw.circle(surf, COLOUR.map_ink, (int(cx + ox * r), int(by + oy * r)), int(rr * r) + 1)
    for ox, oy, rr in ((-0.4, 0.1, 0.38), (0.05, -0.15, 0.5), (0.45, 0.1, 0.36)):
        pygame.draw.circle(surf, cloud, (int(cx + ox * r), int(by + oy * r)), int(rr * r))
    if family == "rain":
        for k in range(3 if heavy else 2):
            x = cx - r * 0.4 + k * r * 0.4
            pygame.draw.line(surf, COLOUR.rain, (x, by + r * 0.45), (x - r * 0.15, by + r * 0.85), max(1, int(r / 7)))
    elif family == "snow":
        arm = max(2.0, r * 0.16)
        for k in range(3 if heavy else 2):
            x, y = cx - r * 0.4 + k * r * 0.4, by + r * 0.72
            for ang in (0, math.pi / 3, 2 * math.pi / 3):
                dx, dy = math.cos(ang) * arm, math.sin(ang) * arm
                pygame.draw.line(surf, COLOUR.snow, (x - dx, y - dy), (x + dx, y + dy), max(1, int(r / 10)))


@functools.lru_cache(maxsize=8)
def blocked_mark(size: int, painted_with: int = 0) -> pygame.Surface:
    """A red cross for tiles shut by this round's event (``painted_with``: the palette's version, so
    a new palette paints it anew)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    w = max(2, size // 7)
    pygame.draw.line(surf, COLOUR.closed_cross, (size * 0.2, size * 0.2), (size * 0.8, size * 0.8), w)
    pygame.draw.line(surf, COLOUR.closed_cross, (size * 0.8, size * 0.2), (size * 0.2, size * 0.8), w)
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
        base_key = (tuple(geo.rect), theme.ui_scale(), palette.version())
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
        table = OfdTable(v.config, self.board, v, v.current)
        costs = tuple(table.dmc(v.current, reg.index) for reg in self.board.regions) if v.round and not f.round_card else ()
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
        draw.rounded_rect(surface, box, COLOUR.city_label, P(6))
        pygame.draw.rect(surface, draw.darken(city.colour, 0.2), box, 1, border_radius=P(6))
        surface.blit(img, img.get_rect(center=box.center))
        pygame.draw.circle(surface, city.colour, badge, radius)
        pygame.draw.circle(surface, draw.darken(city.colour, 0.5), badge, radius, 2)
        draw.text(surface, str(number), badge, map_size(s * 0.44, 10), draw.text_colour_on(city.colour), bold=True, anchor="center")

    def event_marks(self, surface: pygame.Surface, v: OfdState) -> None:
        geo, board = self.geo, self.board
        shut = {"rock_slide": "mountain", "bridge_construction": "river"}.get(v.obstacle)
        if shut:
            mark = blocked_mark(int(geo.tile), palette.version())
            for c in range(board.width * board.height):
                if board.terrain[c] == shut:
                    surface.blit(mark, geo.cell_rect(c).topleft)
        if v.obstacle == "town_riots":
            for city in board.cities:
                pygame.draw.rect(surface, COLOUR.warning_ring, geo.city_rect(city.number).inflate(P(4), P(4)), max(2, P(3)), border_radius=P(6))

    def weather(self, surface: pygame.Surface, f: BoardFrame) -> None:
        geo, board, v = self.geo, self.board, f.state
        assert v is not None
        s = geo.tile
        for reg in board.regions:
            box = self.weather_box(reg.index)
            draw.shadow(surface, box, P(8), offset=(1, 2), blur=3, alpha=60)
            draw.rounded_rect(surface, box, COLOUR.city_card, P(8))
            pygame.draw.rect(surface, COLOUR.map_ink, box, 1, border_radius=P(8))
            name = reg.name.upper()
            if v.round == 0 or f.round_card:  # the card shows the new weather first
                draw.text(surface, name, box.center, map_size(s * 0.42, 10), COLOUR.map_ink, bold=True, serif=True, anchor="center")
                continue
            w_info = WEATHERS[v.weather[reg.index]]
            weather_icon(surface, (box.x + s * 0.7, box.centery), s * 1.05, w_info.family, w_info.dmc_halves >= 6)
            tx = box.x + int(s * 1.35)
            draw.text(surface, name, (tx, box.y + int(s * 0.1)), map_size(s * 0.34, 9), COLOUR.map_ink, bold=True, serif=True)
            cost = OfdTable(v.config, self.board, v, v.current).dmc(v.current, reg.index) / 2
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
        pulse = motion.pulse(motion.now(), 0.6)
        if f.start_cities:
            for number in f.start_cities:
                r = geo.city_rect(number).inflate(P(8), P(8))
                pygame.draw.rect(surface, theme.HIGHLIGHT, r, P(3) + int(pulse * P(2)), border_radius=P(8))
            return
        if f.mode_cells:
            glow = pygame.Surface((int(s), int(s)), pygame.SRCALPHA)
            glow.fill(COLOUR.reach_glow)
            for c in f.mode_cells:
                surface.blit(glow, geo.cell_rect(c).topleft)
                pygame.draw.rect(surface, COLOUR.reach_edge, geo.cell_rect(c), max(2, P(2)))
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
            path = OfdTable.path_to(f.prev, me, hover)
            pts = [geo.center(c) for c in path]
            for a, b in zip(pts, pts[1:]):
                draw.dashed_line(surface, theme.ACCENT_DARK, a, b, max(2, int(s / 9)), int(s * 0.25), int(s * 0.15))
            r = geo.cell_rect(hover)
            pygame.draw.rect(surface, theme.ACCENT_DARK, r, max(2, P(2)))
            label = f"{f.reach[hover] / 2:g} MP"
            img = draw.render_text(label, map_size(s * 0.42, 11), COLOUR.on_piece, bold=True)
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
                draw_seat(surface, seat, pos, s * (0.36 if len(seats) == 1 else 0.3), f.colours[seat], glow=seat == active,
                          shadow=COLOUR.piece_shadow, width=max(1, int(s * 0.06)))
        for seat, t in f.moving.items():
            if t.done:
                continue
            draw_seat(surface, seat, t.value, s * 0.36, f.colours[seat], glow=True, shadow=COLOUR.piece_shadow,
                      width=max(1, int(s * 0.07)))

