"""Next Day's painted map: where everything on the Kevingston county road map goes at the current
size (places, roads, the spots of blockages and waiting parcels, hit tests for places and roads)
and the map itself: scenery, roads, places and labels (cached per size). The pieces on it are
drawn by ``board.py``. A board with its own picture shows that picture, scaled like the places, in
place of the drawn scenery.

Drawing only: nothing here knows a rule.
"""

from __future__ import annotations

import math
from typing import Any, Iterable

import pygame

from courier.rules.next_day.board import Board, distance_to_polyline, point_along
from courier.ui import board_art, draw, palette, theme

COLOUR = palette.roles("next_day")  # this game's colours by role, read from the active palette
_NAMED = {"LAND": "land", "LAND_DARK": "land_dark"}  # the older names of some roles, as the map tests read them


def __getattr__(name: str) -> object:
    """A colour asked for by an older constant's name, read from the active palette."""
    if name in _NAMED:
        return COLOUR(_NAMED[name])
    raise AttributeError(name)

FRAME_WIDTH = 5  # the frame around the land, inside the board area


#: painted maps, shared by every painter of the same board at the same place and size: the view
#: built anew for the next person at the device, or a hint's trial view, paints nothing again
_PAINTED: dict[tuple[Any, ...], tuple[Board, pygame.Surface, dict[str, pygame.Rect], list[pygame.Rect]]] = {}
PAINTED_KEPT = 4


class MapPainter:
    """Knows where everything on the board goes at the current size."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.rect = pygame.Rect(0, 0, 900, 640)
        self.k = 0.5
        self.ox = 0.0
        self.oy = 0.0
        self._bg: pygame.Surface | None = None
        self._painted_with = palette.version()  # the palette the background was painted in
        self.labels: dict[str, pygame.Rect] = {}
        self._scenery_names: list[pygame.Rect] = []  # lakes' and rivers' names on the map
        self._spots: dict[Any, tuple[int, int]] = {}

    # -- geometry ---------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        b = self.board
        # the land is fitted inside the frame, and the frame inside the board area
        self.k = max(0.01, min((rect.width - 2 * FRAME_WIDTH) / b.width, (rect.height - 2 * FRAME_WIDTH) / b.height))
        self.ox = rect.left + (rect.width - b.width * self.k) / 2
        self.oy = rect.top + (rect.height - b.height * self.k) / 2
        self._bg = None
        self._spots = {}

    @property
    def map_rect(self) -> pygame.Rect:
        return pygame.Rect(round(self.ox), round(self.oy), round(self.board.width * self.k),
                           round(self.board.height * self.k))

    def to_screen(self, p: tuple[float, float]) -> tuple[int, int]:
        return (round(self.ox + p[0] * self.k), round(self.oy + p[1] * self.k))

    def place_xy(self, name: str) -> tuple[int, int]:
        p = self.board.places[name]
        return self.to_screen((p.x, p.y))

    def road_points(self, road: int) -> list[tuple[int, int]]:
        return [self.to_screen(p) for p in self.board.roads[road].points]

    def road_mid(self, road: int) -> tuple[int, int]:
        return self.to_screen(point_along(self.board.roads[road].points, 0.5))

    def route_points(self, path: Iterable[str]) -> list[tuple[float, float]]:
        """Map-space points along the roads of a route (for travel animations)."""
        path = list(path)
        pts: list[tuple[float, float]] = []
        for a, b in zip(path, path[1:]):
            rid = self.board.road_between(a, b)
            seg = list(self.board.roads[rid].points) if rid is not None else []
            if seg and self.board.roads[rid].a != a:
                seg.reverse()
            pts.extend(seg if not pts else seg[1:])
        if not pts and path:
            p = self.board.places[path[0]]
            pts = [(p.x, p.y)]
        return pts

    def scale(self) -> float:
        """Piece size factor: 1.0 at a 900-pixel-wide board."""
        return max(0.7, min(2.2, self.k / 0.46))

    def tsize(self, n: float, floor: float = 10) -> int:
        """A text size for words on the map: ``n`` pixels at a 900-pixel-wide board (never below
        ``floor`` real pixels), given in design pixels because the font also applies the UI scale."""
        return max(1, round(max(floor, n * self.scale()) / theme.ui_scale()))

    def blockage_spot(self, road: int) -> tuple[int, int]:
        """Where a blockage on ``road`` stands: the point along the road (or just beside it) whose
        icon hides the least of the place names and markers, the middle first (once per size)."""
        if self._bg is None:
            self.background()  # the names' places are decided while painting
        spot = self._spots.get(road)
        if spot is None:
            size = int(26 * self.scale())
            names = list(self.labels.values()) + [pygame.Rect(x - size // 3, y - size // 3, 2 * size // 3, 2 * size // 3)
                                                  for x, y in (self.place_xy(n) for n in self.board.places)]
            pts = self.board.roads[road].points
            best: tuple[float, tuple[int, int]] | None = None
            for n, t in enumerate((0.5, 0.44, 0.56, 0.38, 0.62, 0.32, 0.68, 0.26, 0.74)):
                mx, my = self.to_screen(point_along(pts, t))
                ax, ay = self.to_screen(point_along(pts, max(0.0, t - 0.05)))
                bx, by = self.to_screen(point_along(pts, min(1.0, t + 0.05)))
                length = math.hypot(bx - ax, by - ay) or 1.0
                nx, ny = -(by - ay) / length, (bx - ax) / length  # across the road
                for side in (0.0, 0.45, -0.45):
                    p = (round(mx + nx * side * size), round(my + ny * side * size))
                    icon = pygame.Rect(0, 0, size, size)
                    icon.center = p
                    hidden = sum(icon.clip(r).width * icon.clip(r).height for r in names)
                    cost = hidden * 4 + n + abs(side) * 20
                    if best is None or cost < best[0]:
                        best = (cost, p)
            spot = best[1] if best else self.to_screen(point_along(pts, 0.5))
            self._spots[road] = spot
        return spot

    def parcel_spot(self, place: str) -> tuple[int, int]:
        """Where the waiting parcels of ``place`` are drawn: the corner beside its marker that
        hides the least of the place names (upper left first; once per size)."""
        if self._bg is None:
            self.background()
        key = ("parcels", place)
        spot = self._spots.get(key)
        if spot is None:
            s = self.scale()
            x, y = self.place_xy(place)
            size = int(20 * s)
            best = None
            for n, (dx, dy) in enumerate(((-15, -14), (15, -14), (-15, 14), (15, 14), (-22, 0), (22, 0))):
                c = (round(x + dx * s), round(y + dy * s))
                r = pygame.Rect(0, 0, size + int(12 * s), size)  # the box and its "×n" tag on the left
                r.midright = (c[0] + size // 2, c[1])
                hidden = sum(r.clip(lab).width * r.clip(lab).height for lab in self.labels.values())
                cost = hidden * 4 + n
                if best is None or cost < best[0]:
                    best = (cost, c)
            spot = best[1]
            self._spots[key] = spot
        return spot

    # -- hit tests --------------------------------------------------------------------------------
    def place_at(self, pos: tuple[int, int], radius: float = 14) -> str | None:
        best, bd = None, radius * self.scale()
        for name in self.board.places:
            x, y = self.place_xy(name)
            d = math.hypot(pos[0] - x, pos[1] - y)
            if d <= bd:
                best, bd = name, d
        if best is None:
            for name, r in self.labels.items():
                if r.collidepoint(pos):
                    return name
        return best

    def road_at(self, pos: tuple[int, int], tolerance: float = 8) -> int | None:
        best, bd = None, tolerance * self.scale()
        mp = ((pos[0] - self.ox) / self.k, (pos[1] - self.oy) / self.k)
        for r in self.board.roads:
            d = distance_to_polyline(mp, r.points) * self.k
            if d <= bd:
                best, bd = r.id, d
        return best

    # -- the static map ---------------------------------------------------------------------------
    def background(self) -> pygame.Surface:
        if self._bg is None or self._bg.get_size() != self.rect.size or self._painted_with != palette.version():
            self._painted_with = palette.version()
            key = (id(self.board), tuple(self.rect), self.k, self.ox, self.oy, theme.ui_scale(), palette.version())
            kept = _PAINTED.get(key)
            if kept is not None and kept[0] is self.board:
                _, self._bg, labels, names = kept
                self.labels, self._scenery_names = dict(labels), list(names)
            else:
                self._bg = self._paint()
                _PAINTED[key] = (self.board, self._bg, dict(self.labels), list(self._scenery_names))
                while len(_PAINTED) > PAINTED_KEPT:
                    del _PAINTED[next(iter(_PAINTED))]
            self._spots = {}
        return self._bg

    def _paint(self) -> pygame.Surface:
        surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        off = (-self.rect.left, -self.rect.top)
        self._scenery_names = []

        def sp(p):
            x, y = self.to_screen(p)
            return (x + off[0], y + off[1])

        mr = self.map_rect.move(off)
        draw.rounded_rect(surf, mr.inflate(2 * FRAME_WIDTH, 2 * FRAME_WIDTH), COLOUR.frame, 10)
        draw.rounded_rect(surf, mr, COLOUR.land, 8)
        if board_art.draw_picture(surf, self.board.source or None, mr):
            # the designer painted the land, water and woods: only the game's roads and places go on top
            self._roads_and_places(surf, sp)
            return surf
        # the scenery is cut at the land's edge, as on a printed map: nothing is drawn over the frame
        surf.set_clip(mr.inflate(-4, -4))
        # faint field pattern: a wash of slightly darker squares for a printed-map texture
        step = max(18, int(90 * self.k))
        for gx in range(mr.left, mr.right, step):
            for gy in range(mr.top, mr.bottom, step):
                if ((gx // step) * 7 + (gy // step) * 3) % 5 == 0:
                    pygame.draw.rect(surf, COLOUR.land_dark, (gx + 2, gy + 2, step - 4, step - 4), border_radius=4)
        s = self.scale()
        for obj in self.board.scenery:
            if not obj.points:
                continue
            pts = [sp(p) for p in obj.points]
            if obj.type == "wood":
                pygame.draw.polygon(surf, COLOUR.wood, pts)
                pygame.draw.polygon(surf, COLOUR.wood_edge, pts, 2)
                cx = sum(p[0] for p in pts) / len(pts)
                cy = sum(p[1] for p in pts) / len(pts)
                for dx, dy in ((-12, -6), (4, -10), (10, 6), (-6, 8), (0, -1)):
                    tx, ty = cx + dx * s, cy + dy * s
                    pygame.draw.circle(surf, COLOUR.wood_edge, (tx, ty), 4 * s)
                    pygame.draw.circle(surf, COLOUR.wood_tree, (tx - 1, ty - 1), 3 * s)
            elif obj.type == "lake":
                pygame.draw.polygon(surf, COLOUR.water, pts)
                pygame.draw.polygon(surf, COLOUR.water_edge, pts, 2)
            elif obj.type == "river":
                pygame.draw.lines(surf, COLOUR.water_edge, False, pts, max(5, int(9 * s)))
                pygame.draw.lines(surf, COLOUR.water, False, pts, max(3, int(6 * s)))
        surf.set_clip(None)
        for obj in self.board.scenery:
            if obj.name and obj.points:
                i = len(obj.points) // 3 if obj.type == "river" else 0
                if obj.type == "river":
                    x, y = sp(obj.points[i])
                else:
                    x = sum(sp(p)[0] for p in obj.points) / len(obj.points)
                    y = sum(sp(p)[1] for p in obj.points) / len(obj.points)
                drawn = draw.text(surf, obj.name, (x + 8, y), size=self.tsize(11), colour=COLOUR.water_edge,
                                  serif=True, anchor="midleft" if obj.type == "river" else "center")
                self._scenery_names.append(drawn.move(-off[0], -off[1]))  # place names keep off them
        self._roads_and_places(surf, sp)
        return surf

    def _roads_and_places(self, surf: pygame.Surface, sp) -> None:
        """The game's own markings: roads (A roads over minor ones), place markers and names."""
        s = self.scale()
        off = (-self.rect.left, -self.rect.top)
        kinds = {n: p.kind for n, p in self.board.places.items()}
        for major in (False, True):
            for r in self.board.roads:
                is_major = kinds[r.a] != "village" and kinds[r.b] != "village"
                if is_major != major:
                    continue
                pts = [sp(p) for p in r.points]
                w = (7 if major else 5) * s
                pygame.draw.lines(surf, COLOUR.road_casing, False, pts, max(3, int(w + 2)))
                pygame.draw.lines(surf, COLOUR.a_road if major else COLOUR.minor_road, False, pts, max(2, int(w)))
        for name, p in self.board.places.items():
            self._marker(surf, sp((p.x, p.y)), p.kind)
        self._labels(surf, off)

    def _marker(self, surf: pygame.Surface, c: tuple[int, int], kind: str) -> None:
        s = self.scale()
        if kind == "village":
            pygame.draw.circle(surf, COLOUR.village, c, 5 * s)
            pygame.draw.circle(surf, COLOUR.place_ink, c, 5 * s, max(1, int(1.6 * s)))
        elif kind == "town":
            pygame.draw.circle(surf, COLOUR.village, c, 8.5 * s)
            pygame.draw.circle(surf, COLOUR.town_red, c, 7 * s)
            pygame.draw.circle(surf, COLOUR.place_ink, c, 8.5 * s, max(1, int(1.5 * s)))
        else:
            r = pygame.Rect(0, 0, int(26 * s), int(20 * s))
            r.center = c
            draw.rounded_rect(surf, r.inflate(4, 4), COLOUR.town_halo, 5)
            draw.rounded_rect(surf, r, COLOUR.town, 4)
            for i in range(3):
                b = pygame.Rect(0, 0, int(4 * s), int((6 + 3 * (i % 2)) * s))
                b.midbottom = (r.left + int((7 + 6 * i) * s), r.bottom - int(4 * s))
                pygame.draw.rect(surf, COLOUR.town_window, b)

    def _label_surface(self, name: str, kind: str) -> pygame.Surface:
        s = self.scale()
        if kind == "city":
            return draw.render_text(name.upper(), self.tsize(15, 12), COLOUR.place_ink, bold=True, serif=True)
        if kind == "town":
            size, bold, serif = self.tsize(12.5, 11), True, False
        else:
            size, bold, serif = self.tsize(11, 10), False, True
        words = name.split()
        lines = [name]
        if len(words) > 1 and draw.font(size, bold, serif).size(name)[0] > 92 * s:
            cut = max(range(1, len(words)), key=lambda i: -abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
            lines = [" ".join(words[:cut]), " ".join(words[cut:])]
        colour = COLOUR.place_ink if kind == "town" else COLOUR.village_ink
        parts = [draw.render_text(t, size, colour, bold=bold, serif=serif) for t in lines]
        w = max(p.get_width() for p in parts)
        h = sum(p.get_height() for p in parts) - 2 * (len(parts) - 1)
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        y = 0
        for p in parts:
            out.blit(p, ((w - p.get_width()) // 2, y))
            y += p.get_height() - 2
        return out

    def _labels(self, surf: pygame.Surface, off: tuple[int, int]) -> None:
        """Place every name next to its marker where it hides the fewest other names and roads."""
        s = self.scale()
        taken: list[pygame.Rect] = []  # the place markers
        for name, p in self.board.places.items():
            x, y = self.place_xy(name)
            taken.append(pygame.Rect(x - 8 * s, y - 8 * s, 16 * s, 16 * s))
        names: list[pygame.Rect] = list(self._scenery_names)  # the names placed so far
        self.labels = {}
        # points along every road, so a name sits beside the roads rather than under one
        road_pts: list[tuple[int, int]] = []
        step = max(4.0, 6 * s)
        for r in self.board.roads:
            pts = [self.to_screen(p) for p in r.points]
            for (ax, ay), (bx, by) in zip(pts, pts[1:]):
                n = max(1, int(math.hypot(bx - ax, by - ay) / step))
                road_pts += [(round(ax + (bx - ax) * i / n), round(ay + (by - ay) * i / n)) for i in range(n + 1)]
        order = sorted(self.board.places.values(), key=lambda p: {"city": 0, "town": 1, "village": 2}[p.kind])
        for p in order:
            img = self._label_surface(p.name, p.kind)
            x, y = self.place_xy(p.name)
            gap = int((13 if p.kind == "city" else 9) * s)
            w, h = img.get_size()
            spots = [
                pygame.Rect(x - w // 2, y + gap, w, h), pygame.Rect(x - w // 2, y - gap - h, w, h),
                pygame.Rect(x + gap, y - h // 2, w, h), pygame.Rect(x - gap - w, y - h // 2, w, h),
                pygame.Rect(x + gap - 4, y + gap - 6, w, h), pygame.Rect(x - gap - w + 4, y - gap - h + 6, w, h),
                pygame.Rect(x + gap - 4, y - gap - h + 6, w, h), pygame.Rect(x - gap - w + 4, y + gap - 6, w, h),
                pygame.Rect(x - w // 2, y + 2 * gap, w, h), pygame.Rect(x - w // 2, y - 2 * gap - h, w, h),
                pygame.Rect(x + 2 * gap, y - h // 2, w, h), pygame.Rect(x - 2 * gap - w, y - h // 2, w, h),
                pygame.Rect(x + gap, y + gap, w, h), pygame.Rect(x - gap - w, y - gap - h, w, h),
                pygame.Rect(x + gap, y - gap - h, w, h), pygame.Rect(x - gap - w, y + gap, w, h),
            ]
            bounds = self.map_rect

            def badness(r: pygame.Rect) -> float:
                # a name over another name can make both unreadable: worse than over a marker
                hit = sum(1 for t in taken if r.colliderect(t)) * 10
                hit += sum(30 + 60 * (c.width * c.height) / max(1, r.width * r.height)
                           for c in (r.clip(t.inflate(int(24 * s), int(2 * s))) for t in names) if c.width and c.height)
                out = 0 if bounds.contains(r) else 25
                inner = r.inflate(-2, -2)
                under = sum(1 for p in road_pts if inner.collidepoint(p))
                far = 3 if abs(r.centery - y) > 2 * gap + h or abs(r.centerx - x) > 2 * gap + w // 2 else 0
                return hit + out + min(5.0, under / 3) + far + spots.index(r) * 0.3

            best = min(spots, key=badness)
            names.append(best)
            self.labels[p.name] = best
            halo = best.move(off).inflate(4, 0)
            draw.rounded_rect(surf, halo, (*COLOUR.land, 215), 4)
            surf.blit(img, best.move(off))

    def vehicle_slot(self, place: str, index: int, count: int) -> tuple[float, float]:
        """Where the index-th vehicle standing at ``place`` is drawn: parked in rows of up to
        four just above the place, so names below stay readable."""
        x, y = self.place_xy(place)
        s = self.scale()
        per_row = min(4, count)
        row, col = divmod(index, 4)
        in_row = min(per_row, count - row * 4)
        dx = 27 * s
        left = x - (in_row - 1) * dx / 2
        base = y - (17 if count > 1 else 15) * s
        if count == 1:
            return (x + 15 * s, y - 13 * s)
        return (left + col * dx, base - row * 19 * s)
