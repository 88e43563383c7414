"""Next Day's pieces: what sits on top of the painted map (``mapart``): blockages, waiting
parcels, vans and bikes, the reach of the picked vehicle, banners and the first-player die, and
hit tests for the pieces.

Drawing only: nothing here knows a rule.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from courier.rules.next_day.board import point_along
from courier.rules.next_day import actions as A
from courier.scenes.games.next_day.mapart import MapPainter
from courier.ui.kit import draw_seat
from courier.ui import draw, palette, sprites, theme

COLOUR = palette.roles("next_day")  # this game's colours by role, read from the active palette


# -- pieces on the board: where they stand, hit tests ------------------------------------------------
#: where a place's parked vehicles may stand, as the centre of their row (design pixels from the
#: marker): above, below, right, left, then the corners; the one hiding the fewest names wins
PARKING = ((0, -16), (0, 17), (1, 0), (-1, 0), (1, -14), (-1, -14), (1, 15), (-1, 15),
           (0, -28), (0, 29), (1, -26), (-1, -26), (1, 27), (-1, 27))
#: a parked vehicle's box and the gap between two in a row (design pixels)
PARKED_W, PARKED_H, PARKED_GAP = 30, 22, 29


def vehicle_spots(m: MapPainter, state: Any) -> list[tuple[int, str, tuple[float, float]]]:
    """(seat, kind, screen position) of every vehicle standing still: each place's vehicles in a
    row on the side of its marker where they hide the least of the place names (theirs first),
    the other markers and the vehicles parked already.

    Worked out once for each arrangement of the vehicles and of the map on screen: a keyboard
    frame asks at every point it tries for a control (worked out afresh each time, a whole game by
    keys took minutes)."""
    key = (m.scale(), m.k, m.ox, m.oy, tuple(m.rect), tuple((name, tuple(r)) for name, r in m.labels.items()),
           tuple((i, v.place, v.kind) for i, p in enumerate(state.players) for v in p.vehicles))
    kept = getattr(m, "parked_spots", None)
    if kept is not None and kept[0] == key:
        return list(kept[1])
    spots = _park_all(m, state)
    m.parked_spots = (key, tuple(spots))
    return spots


def _park_all(m: MapPainter, state: Any) -> list[tuple[int, str, tuple[float, float]]]:
    """:func:`vehicle_spots`, worked out."""
    at: dict[str, list[tuple[int, str]]] = {}
    for i, p in enumerate(state.players):
        for v in p.vehicles:
            at.setdefault(v.place, []).append((i, v.kind))
    out: list[tuple[int, str, tuple[float, float]]] = []
    taken: list[pygame.Rect] = []
    for place in sorted(at, key=lambda name: -len(at[name])):  # the biggest groups choose first
        vs = at[place]
        if len(vs) > 4:  # a crowd (the start): the map's own rows above the marker
            out += [(i, kind, m.vehicle_slot(place, n, len(vs))) for n, (i, kind) in enumerate(vs)]
            continue
        spots = _parking(m, place, len(vs), taken)
        for (i, kind), spot in zip(vs, spots):
            out.append((i, kind, spot))
            taken.append(_parked_box(m, spot))
    return out


def _parked_box(m: MapPainter, spot: tuple[float, float]) -> pygame.Rect:
    s = m.scale()
    r = pygame.Rect(0, 0, int(PARKED_W * s), int(PARKED_H * s))
    r.center = (int(spot[0]), int(spot[1]))
    return r


def _parking(m: MapPainter, place: str, n: int, taken: list[pygame.Rect]) -> list[tuple[float, float]]:
    """The spots of ``n`` vehicles parked at ``place`` (see ``vehicle_spots``)."""
    s = m.scale()
    x, y = m.place_xy(place)
    own = m.labels.get(place)
    names = [r for name, r in m.labels.items() if name != place]
    markers = [pygame.Rect(int(px_ - 5 * s), int(py - 5 * s), int(10 * s), int(10 * s))
               for px_, py in (m.place_xy(q) for q in m.board.places)]
    row_w = (n - 1) * PARKED_GAP * s
    best, best_cost = None, None
    for k, (dx, dy) in enumerate(PARKING):
        if dy == 0 or abs(dx) == 1:  # beside the marker: the row starts clear of it
            cx = x + dx * (row_w / 2 + (PARKED_W / 2 + 8) * s) if dx else x
        else:
            cx = x + dx * s
        cy = y + dy * s
        spots = [(cx - row_w / 2 + j * PARKED_GAP * s, cy) for j in range(n)]
        boxes = [_parked_box(m, p) for p in spots]
        cost = 0.0
        for b in boxes:
            if own is not None:
                cost += 4 * _area(b.clip(own))
            cost += sum(_area(b.clip(r)) for r in names)
            cost += sum(_area(b.clip(r)) for r in taken) * 2
            cost += sum(_area(b.clip(r)) for r in markers) * 0.5
            if not m.rect.contains(b):
                cost += 2 * _area(b)
        cost += k * 0.01 * s * s  # on a tie, the earlier spot (above the marker)
        if best_cost is None or cost < best_cost:
            best, best_cost = spots, cost
    return best or []


def _area(r: pygame.Rect) -> int:
    return r.width * r.height


def vehicle_at(m: MapPainter, state: Any, pos: tuple[int, int]) -> tuple[int, str] | None:
    best, bd = None, 15 * m.scale()
    for seat, kind, (x, y) in vehicle_spots(m, state):
        d = math.hypot(pos[0] - x, pos[1] - y)
        if d <= bd:
            best, bd = (seat, kind), d
    return best


def blockage_at(m: MapPainter, state: Any, pos: tuple[int, int]) -> int | None:
    for b in state.blockages:
        x, y = m.blockage_spot(b.road)
        if math.hypot(pos[0] - x, pos[1] - y) <= 14 * m.scale():
            return b.id
    return None


# -- drawing the board -------------------------------------------------------------------------------
def banner_strip(board_rect: pygame.Rect) -> pygame.Rect:
    """The strip above the map where banners go, so they never hide a place name."""
    return pygame.Rect(board_rect.left, board_rect.top, board_rect.width, theme.px(34))


def draw_board(v: Any, surface: pygame.Surface) -> None:
    s = v.seen
    surface.blit(v.map.background(), v.map.rect.topleft)
    if s is None:
        return
    if s.phase == "setup":
        _draw_setup_board(v, surface)
    else:
        if v.blockage_mode and v.picked_blockage is not None:
            _draw_blockage_targets(v, surface)
        _draw_contract_hint(v, surface)
        _draw_parcels(v, surface)
    _draw_blockages(v, surface)
    if s.phase == "play" and v.selected and v.my_turn():
        _draw_reach(v, surface)
    _draw_vehicles(v, surface)
    m = v.map
    for t, text, (mx, my), colour in v.fx.pops:
        if not t.started:
            continue
        x, y = m.to_screen((mx, my))
        p = t.value
        img = draw.render_text(text, m.tsize(18, 12), colour, bold=True)
        img.set_alpha(int(255 * (1 - max(0.0, p - 0.6) / 0.4)))
        surface.blit(img, img.get_rect(center=(x, y - 18 * m.scale() - 40 * m.scale() * p)))
    if v.fx.die is not None and (not v.fx.die[0].done or v.fx.busy()) and v.fx.die[0].started:
        _draw_roll(v, surface)
    if v.fx.banner is not None and v.fx.banner[0].started and not v.fx.banner[0].done:
        _banner(v, surface, v.fx.banner[1])
    elif s.phase == "over" and not v.fx.busy():
        _draw_game_over(v, surface)


def _draw_roll(v: Any, surface: pygame.Surface) -> None:
    t, value = v.fx.die
    p = t.value
    face = value if p > 0.7 else 1 + int(p * 37) % 6
    angle = 0 if p > 0.7 else (1 - p) * 540
    c = v.board_rect.center
    box = pygame.Rect(0, 0, theme.px(140), theme.px(150))
    box.center = c
    draw.panel(surface, box, radius=theme.px(14))
    draw_die(surface, face, (c[0], box.top + theme.px(68)), theme.px(72), angle)
    draw.text(surface, "First player", (c[0], box.bottom - theme.px(25)), size=14, bold=True, anchor="center")


def _banner(v: Any, surface: pygame.Surface, text: str) -> None:
    strip = banner_strip(v.board_rect)
    w = draw.font(15, bold=True).size(text)[0] + theme.px(28)
    r = pygame.Rect(0, 0, min(w, strip.width), strip.height - theme.px(4))
    r.center = strip.center
    draw.panel(surface, r, COLOUR.banner, radius=theme.px(10))
    draw.text(surface, text, r.center, size=15, bold=True, anchor="center", max_width=r.width - theme.px(16))


def _draw_setup_board(v: Any, surface: pygame.Surface) -> None:
    s = v.seen
    sc = v.map.scale()
    if v.seat is None or s.players[v.seat].built:
        return  # the status line says whom the game waits for
    p = s.players[v.seat]
    colour = v.colour((v.seat + 1) % len(s.players))
    for d in p.drafts:
        a, b = v.map.place_xy(d.pickup), v.map.place_xy(d.dropoff)
        _arrow(surface, a, b, colour, sc)
        price = v.table.price_for(d.pickup, d.dropoff)
        mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
        tag = draw.render_text(f"{price} × {d.parcels}", v.map.tsize(12), COLOUR.on_piece, bold=True)
        r = tag.get_rect(center=mid).inflate(10, 4)
        draw.rounded_rect(surface, r, draw.darken(colour, 0.3), 6)
        surface.blit(tag, tag.get_rect(center=r.center))
    used = {d.pickup for d in p.drafts} | {d.dropoff for d in p.drafts}
    for town in p.hand:
        if town not in v.board.places:
            continue
        x, y = v.map.place_xy(town)
        ring = theme.HIGHLIGHT if town == v.pickup else (COLOUR.town_used if town in used else theme.ACCENT)
        pygame.draw.circle(surface, ring, (x, y), 13 * sc, 3)
    if v.pickup:
        a = v.map.place_xy(v.pickup)
        target = v.map.place_at(v.mouse)
        if target and target in p.hand and target != v.pickup and target not in used:
            draw.dashed_line(surface, theme.ACCENT_DARK, a, v.map.place_xy(target), 3)


def _arrow(surface: pygame.Surface, a: tuple, b: tuple, colour: tuple, sc: float) -> None:
    pygame.draw.line(surface, draw.darken(colour, 0.3), a, b, max(3, int(5 * sc)))
    pygame.draw.line(surface, colour, a, b, max(2, int(3 * sc)))
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    tip = (b[0] - math.cos(ang) * 11 * sc, b[1] - math.sin(ang) * 11 * sc)
    size = 10 * sc
    pts = [tip, (tip[0] - math.cos(ang - 0.5) * size, tip[1] - math.sin(ang - 0.5) * size),
           (tip[0] - math.cos(ang + 0.5) * size, tip[1] - math.sin(ang + 0.5) * size)]
    pygame.draw.polygon(surface, draw.darken(colour, 0.3), pts)


def _draw_contract_hint(v: Any, surface: pygame.Surface) -> None:
    if v.hover_contract is None or v.hover_contract >= len(v.seen.contracts):
        return
    c = v.seen.contracts[v.hover_contract]
    _arrow(surface, v.map.place_xy(c.pickup), v.map.place_xy(c.dropoff), v.colour(c.owner), v.map.scale())


def _draw_parcels(v: Any, surface: pygame.Surface) -> None:
    sc = v.map.scale()
    for c in v.seen.contracts:
        if c.done or c.waiting <= 0:
            continue
        img = sprites.scaled("parcel_box", int(20 * sc))
        r = img.get_rect(center=v.map.parcel_spot(c.pickup))
        surface.blit(img, r)
        badge = (r.left + 2, r.bottom - 2)
        draw_seat(surface, c.owner, badge, theme.px(max(6, int(7 * sc / theme.ui_scale()))), v.colour(c.owner))
        if c.waiting > 1:
            tag = draw.render_text(f"×{c.waiting}", v.map.tsize(11), theme.INK, bold=True)
            t = tag.get_rect(midright=(r.left - 1, r.top + 5)).inflate(4, 0)
            draw.rounded_rect(surface, t, COLOUR.map_tag, 4)
            surface.blit(tag, tag.get_rect(center=t.center))


def draw_blockage(m: MapPainter, surf: pygame.Surface, kind: str, pos: tuple[int, int],
                  glow: tuple | None = None) -> pygame.Rect:
    """A blockage piece at ``pos``, ringed with ``glow`` when it can be picked."""
    size = int(26 * m.scale())
    img = sprites.scaled(kind, size)
    r = img.get_rect(center=pos)
    if glow:
        pygame.draw.circle(surf, glow, pos, size * 0.75, 3)
    surf.blit(img, r)
    return r


def draw_vehicle(m: MapPainter, surf: pygame.Surface, kind: str, colour: tuple, pos: tuple[float, float], seat: int,
                 heading: float = 0.0, ring: tuple | None = None, overloaded: bool = False) -> pygame.Rect:
    """A van or motorbike in its seat's colour with the seat's number, a ring when it is picked
    and a warning mark when it carries more than it may."""
    size = int((30 if kind == "van" else 27) * m.scale())
    img = sprites.rotated(kind, heading, size, colour)
    r = img.get_rect(center=(int(pos[0]), int(pos[1])))
    if ring:
        pygame.draw.ellipse(surf, ring, r.inflate(8, 10), 3)
    surf.blit(img, r)
    badge = (r.right - 3, r.top + 3)
    rad = max(6, int(6.5 * m.scale()))
    pygame.draw.circle(surf, COLOUR.badge, badge, rad)
    pygame.draw.circle(surf, draw.darken(colour, 0.35), badge, rad, 2)
    digit = draw.render_text(str(seat + 1), m.tsize(10, 9), theme.INK, bold=True)
    surf.blit(digit, digit.get_rect(center=badge))
    if overloaded:
        w = (r.left + 4, r.top + 3)
        pygame.draw.circle(surf, theme.BAD, w, rad)
        mark = draw.render_text("!", m.tsize(11, 9), COLOUR.on_piece, bold=True)
        surf.blit(mark, mark.get_rect(center=w))
    return r


def _draw_blockages(v: Any, surface: pygame.Surface) -> None:
    for b in v.seen.blockages:
        pos = v.map.blockage_spot(b.road)
        slide = v.fx.slides.get(b.id)
        if slide is not None and not slide.done:
            a = v.map.blockage_spot(v.fx.slide_from[b.id])
            p = slide.value if slide.started else 0.0
            pos = (int(a[0] + (pos[0] - a[0]) * p), int(a[1] + (pos[1] - a[1]) * p))
        if v.dragging and v.picked_blockage == b.id and v.board_rect.collidepoint(v.mouse):
            pos = v.mouse  # follows the pointer while dragged
        glow = None
        if v.blockage_mode:
            if v.picked_blockage == b.id:
                glow = theme.HIGHLIGHT
            elif v.affordable(b.id):
                glow = COLOUR.halo
        draw_blockage(v.map, surface, b.kind, pos, glow)


def _draw_blockage_targets(v: Any, surface: pygame.Surface) -> None:
    ok = {a.road for a in v.legal if isinstance(a, A.MoveBlockage) and a.blockage == v.picked_blockage}
    sc = v.map.scale()
    hover = v.map.road_at(v.mouse)
    for r in v.board.roads:
        pts = v.map.road_points(r.id)
        if r.id in ok:
            pygame.draw.lines(surface, COLOUR.route_ok, False, pts, max(3, int((6 if r.id == hover else 4) * sc)))
        elif r.id == hover:
            pygame.draw.lines(surface, theme.BAD, False, pts, max(3, int(5 * sc)))


def _draw_reach(v: Any, surface: pygame.Surface) -> None:
    reach = v.reach(v.selected)
    sc = v.map.scale()
    hover = v.map.place_at(v.mouse)
    if hover in reach:
        pts = [v.map.to_screen(p) for p in v.map.route_points(reach[hover].path)]
        if len(pts) > 1:
            pygame.draw.lines(surface, theme.ACCENT, False, pts, max(3, int(5 * sc)))
    for place, r in reach.items():
        x, y = v.map.place_xy(place)
        pygame.draw.circle(surface, theme.ACCENT if place == hover else theme.HIGHLIGHT, (x, y), 12 * sc, 3)
        tag = draw.render_text(str(r.cost), v.map.tsize(11), COLOUR.on_piece, bold=True)
        t = tag.get_rect(center=(x + 12 * sc, y + 11 * sc)).inflate(6, 2)
        draw.rounded_rect(surface, t, theme.ACCENT_DARK if r.ends_move else theme.ACCENT, 5)
        surface.blit(tag, tag.get_rect(center=t.center))


def _draw_vehicles(v: Any, surface: pygame.Surface) -> None:
    s = v.seen
    cfg = v.cfg
    for seat, kind, pos in vehicle_spots(v.map, s):
        if (seat, kind) in v.fx.travel and not v.fx.travel[(seat, kind)].done:
            continue
        veh = s.players[seat].vehicle(kind)
        ring = theme.HIGHLIGHT if (seat == v.seat and kind == v.selected) else None
        if ring is None and v.my_turn() and seat == v.seat and veh.status != "done" and v.drives(kind):
            ring = COLOUR.halo
        draw_vehicle(v.map, surface, kind, v.colour(seat), pos, seat, ring=ring,
                     overloaded=len(veh.cargo) > cfg.capacity[kind])
    for (seat, kind), t in v.fx.travel.items():
        if t.done:
            continue
        mx, my = t.value if t.started else t.points[0]
        x, y = v.map.to_screen((mx, my))
        draw_vehicle(v.map, surface, kind, v.colour(seat), (x, y - 8 * v.map.scale()), seat, heading=t.heading)


def _draw_game_over(v: Any, surface: pygame.Surface) -> None:
    s = v.seen
    if s.end_reason == "declared":
        text = f"{v.name(s.declared_by)} declared the end: bonus {s.bonus}"
    else:
        text = "The round limit ended the game (no bonus)"
    _banner(v, surface, text)


def draw_die(surface: pygame.Surface, value: int, centre: tuple[int, int], size: int, angle: float = 0.0) -> None:
    img = sprites.die(value, size)
    if angle:
        img = pygame.transform.rotozoom(img, angle, 1.0)
    surface.blit(img, img.get_rect(center=centre))


# -- where a keyboard target's click lands ---------------------------------------------------------
def hit(v: Any, pos: tuple[int, int]) -> tuple[str, Any] | None:
    """What a click at ``pos`` picks; the view reads every click through this. While moving a
    blockage: a movable blockage, else a road. Otherwise what is drawn on top wins: one of the
    player's vehicles (drawn over the blockages), then a movable blockage. Then a place."""
    s = v.seen
    if s.phase != "setup":
        blk = blockage_at(v.map, s, pos)
        movable = blk is not None and v.affordable(blk) and (v.blockage_mode or v.picked_blockage is None)
        if movable and v.blockage_mode:
            return ("blockage", blk)
        if v.blockage_mode and v.picked_blockage is not None:
            road = v.map.road_at(pos)
            return ("road", road) if road is not None else None
        veh = vehicle_at(v.map, s, pos)
        if veh is not None and veh[0] == v.seat:
            return ("vehicle", veh[1])
        if movable:
            return ("blockage", blk)
    place = v.map.place_at(pos)
    return ("place", place) if place else None


def click_spot(v: Any, candidates: list[tuple[int, int]], want: tuple[str, Any]) -> tuple[int, int] | None:
    """The first of ``candidates`` (or a point near one) where a click picks ``want``."""
    d = max(3, int(6 * v.map.scale()))
    for c in candidates:
        for dx, dy in ((0, 0), (d, 0), (-d, 0), (0, d), (0, -d), (d, d), (-d, -d), (d, -d), (-d, d)):
            p = (c[0] + dx, c[1] + dy)
            if hit(v, p) == want:
                return p
    return None


def road_spot(v: Any, road: int) -> tuple[int, int] | None:
    """A point along ``road`` where a click drops the picked blockage on that road."""
    pts = v.board.roads[road].points
    return click_spot(v, [v.map.to_screen(point_along(pts, t)) for t in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8)],
                      ("road", road))
