"""Board drawing for Out For Delivery: a cached layer of what stays still (map, labels, the
round's closures and weather) under what moves each frame (highlights, parcels, couriers)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery import engine
from courier.rules.out_for_delivery.config import WEATHERS
from courier.scenes.games import out_for_delivery_paint as paint
from courier.ui import draw, theme

if TYPE_CHECKING:
    from courier.scenes.games.out_for_delivery import OfdView


def draw_board(view: "OfdView", surface: pygame.Surface) -> None:
    geo, v = view.geo, view.v
    surface.blit(_still_layer(view), geo.rect.topleft, geo.rect)
    if view._loose_labels:  # a label would be cut by the map's edge: the rest is drawn in place
        for city in view.board.cities:
            _city_label(view, surface, city.number)
        if v is not None:
            _event_marks(view, surface)
            _weather(view, surface)
    if v is None:
        return
    _highlights(view, surface)
    _waiting(view, surface)
    _couriers(view, surface)


# -- what stays still between frames ------------------------------------------------------------
# The painted map, the city name labels, this round's closures and the weather boxes change only
# with the window size, a new round or a new player's turn, so they are drawn into one layer that
# each frame blits. The layer is painted at the window position it is shown at (the same
# coordinates give the same pixels as drawing in place) and only its ``geo.rect`` part is used.
# Should a label stick out of the map at some size, the labels, closures and weather are drawn
# in place every frame as before, so nothing is ever cut off.


def _still_layer(view: "OfdView") -> pygame.Surface:
    """The map with labels, closures and weather for this size and round (a pixel cache, not state)."""
    geo, v = view.geo, view.v
    if view._base is None or view._base_key != tuple(geo.rect):
        screen = pygame.display.get_surface()  # the screen's pixel format blits fastest
        base = pygame.Surface(geo.rect.bottomright, 0, screen) if screen is not None else pygame.Surface(geo.rect.bottomright)
        base.blit(paint.painted_map(view.board, geo), geo.rect.topleft)
        base.set_clip(geo.rect)
        numbers = [city.number for city in view.board.cities]
        view._loose_labels = [n for n in numbers if not geo.rect.contains(_label_bounds(view, n))]
        if not view._loose_labels:
            for number in numbers:
                _city_label(view, base, number)
        base.set_clip(None)
        view._base = base
        view._base_key, view._layer, view._layer_key = tuple(geo.rect), None, None
    if v is None or view._loose_labels:
        return view._base
    key = _round_key(view)
    if view._layer is None or view._layer_key != key:
        layer = view._base.copy()
        layer.set_clip(geo.rect)
        _event_marks(view, layer)
        _weather(view, layer)
        layer.set_clip(None)
        view._layer, view._layer_key = layer, key
    return view._layer


def _round_key(view: "OfdView") -> tuple:
    """Everything the closures and weather boxes are drawn from."""
    v = view.v
    assert v is not None
    rolling = view.card is not None and view.card.visible()
    regions = view.board.regions
    costs = tuple(engine.dmc(v, v.current, reg.index) for reg in regions) if v.round and not rolling else ()
    return (v.obstacle, v.round == 0 or rolling, tuple(v.weather or ()), costs)


def _label_parts(view: "OfdView", number: int) -> tuple[pygame.Surface, pygame.Rect, tuple[int, int], int]:
    """A city's name image, its box, and the centre and radius of its number badge."""
    geo, board = view.geo, view.board
    s = geo.tile
    city = board.city(number)
    r = geo.city_rect(number)
    above = board.xy(min(city.cells))[1] < board.height / 2
    pos = (r.centerx, r.top - 3) if above else (r.centerx, r.bottom + 3)
    anchor = "midbottom" if above else "midtop"
    img = draw.render_text(city.name, max(11, int(s * 0.5)), theme.INK, bold=True, serif=True)
    box = img.get_rect(**{anchor: pos}).inflate(10, 2)
    return img, box, (box.left - int(s * 0.28), box.centery), int(s * 0.34)


def _label_bounds(view: "OfdView", number: int) -> pygame.Rect:
    _, box, (bx, by), radius = _label_parts(view, number)
    return box.union(pygame.Rect(bx - radius - 1, by - radius - 1, 2 * radius + 3, 2 * radius + 3))


def _city_label(view: "OfdView", surface: pygame.Surface, number: int) -> None:
    s = view.geo.tile
    city = view.board.city(number)
    img, box, badge, radius = _label_parts(view, number)
    draw.rounded_rect(surface, box, (250, 242, 222, 215), 6)
    pygame.draw.rect(surface, draw.darken(city.colour, 0.2), box, 1, border_radius=6)
    surface.blit(img, img.get_rect(center=box.center))
    pygame.draw.circle(surface, city.colour, badge, radius)
    pygame.draw.circle(surface, draw.darken(city.colour, 0.5), badge, radius, 2)
    draw.text(surface, str(number), badge, max(10, int(s * 0.44)), draw.text_colour_on(city.colour), bold=True, anchor="center")


def _event_marks(view: "OfdView", surface: pygame.Surface) -> None:
    geo, board, v = view.geo, view.board, view.v
    assert v is not None
    shut = {"rock_slide": "mountain", "bridge_construction": "river"}.get(v.obstacle)
    if shut:
        mark = paint.blocked_mark(int(geo.tile))
        for c in range(board.width * board.height):
            if board.terrain[c] == shut:
                surface.blit(mark, geo.cell_rect(c).topleft)
    if v.obstacle == "town_riots":
        for city in board.cities:
            pygame.draw.rect(surface, (200, 40, 30), geo.city_rect(city.number).inflate(4, 4), 3, border_radius=6)


def _weather(view: "OfdView", surface: pygame.Surface) -> None:
    geo, board, v = view.geo, view.board, view.v
    assert v is not None
    s = geo.tile
    for reg in board.regions:
        x0 = geo.rect.x + reg.x * s
        w = reg.w * s
        box = pygame.Rect(0, 0, int(min(w - s * 0.6, s * 7.4)), int(s * 1.3))
        box.midtop = (int(x0 + w / 2), int(geo.rect.y + reg.y * s + s * 0.35))  # regions may lie side by side or in bands
        draw.shadow(surface, box, 8, offset=(1, 2), blur=3, alpha=60)
        draw.rounded_rect(surface, box, (250, 243, 224), 8)
        pygame.draw.rect(surface, paint.MAP_INK, box, 1, border_radius=8)
        name = reg.name.upper()
        rolling = view.card is not None and view.card.visible()  # the card shows the new weather first
        if v.round == 0 or rolling:
            draw.text(surface, name, box.center, max(10, int(s * 0.42)), paint.MAP_INK, bold=True, serif=True, anchor="center")
            continue
        w_info = WEATHERS[v.weather[reg.index]]
        paint.weather_icon(surface, (box.x + s * 0.7, box.centery), s * 1.05, w_info.family, w_info.dmc_halves >= 6)
        tx = box.x + int(s * 1.35)
        draw.text(surface, name, (tx, box.y + int(s * 0.1)), max(9, int(s * 0.34)), paint.MAP_INK, bold=True, serif=True)
        cost = engine.dmc(v, v.current, reg.index) / 2
        draw.text(surface, f"{w_info.name} · {cost:g} MP a step", (tx, box.y + int(s * 0.62)), max(9, int(s * 0.34)), theme.INK, max_width=box.right - tx - 4)


def _highlights(view: "OfdView", surface: pygame.Surface) -> None:
    geo, board, v = view.geo, view.board, view.v
    assert v is not None
    s = geo.tile
    pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 260.0)
    if view.seat is not None and v.phase == "start":
        for a in view._of(A.StartCity):
            r = geo.city_rect(a.city).inflate(8, 8)  # type: ignore[attr-defined]
            pygame.draw.rect(surface, theme.HIGHLIGHT, r, 3 + int(pulse * 2), border_radius=8)
        return
    if view.mode in ("fly", "boat"):
        kind = A.Fly if view.mode == "fly" else A.BoatMove
        glow = pygame.Surface((int(s), int(s)), pygame.SRCALPHA)
        glow.fill((80, 150, 230, 110))
        for a in view._of(kind):
            surface.blit(glow, geo.cell_rect(a.cell).topleft)  # type: ignore[attr-defined]
            pygame.draw.rect(surface, (40, 90, 170), geo.cell_rect(a.cell), 2)  # type: ignore[attr-defined]
        return
    if not view.reach or view.dialog_rect is not None:
        return
    me = v.players[v.current].cell
    lit = pygame.Surface((int(s) + 1, int(s) + 1), pygame.SRCALPHA)
    lit.fill((255, 214, 90, 70 + int(40 * pulse)))
    for c in view.reach:
        if c != me:
            surface.blit(lit, geo.cell_rect(c).topleft)
    hover = geo.cell_at(view.mouse)
    if hover is not None and hover in view.reach and hover != me:
        path = engine.path_to(view.prev, me, hover)
        pts = [geo.center(c) for c in path]
        for a, b in zip(pts, pts[1:]):
            draw.dashed_line(surface, theme.ACCENT_DARK, a, b, max(2, int(s / 9)), int(s * 0.25), int(s * 0.15))
        r = geo.cell_rect(hover)
        pygame.draw.rect(surface, theme.ACCENT_DARK, r, 2)
        label = f"{view.reach[hover] / 2:g} MP"
        img = draw.render_text(label, max(11, int(s * 0.42)), (255, 255, 255), bold=True)
        box = img.get_rect(midbottom=(r.centerx, r.top - 2)).inflate(8, 4)
        draw.rounded_rect(surface, box, theme.ACCENT_DARK, 6)
        surface.blit(img, img.get_rect(center=box.center))


def _waiting(view: "OfdView", surface: pygame.Surface) -> None:
    """Parcels waiting at each city's pick-up tile, as chips beside the town."""
    geo, board, v = view.geo, view.board, view.v
    assert v is not None
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
                paint.parcel_chip(surface, pygame.Rect(x + i * (cs + 2), y, cs, cs), board.city(d).colour, d)
        if len(dests) > 8:
            draw.text(surface, f"+{len(dests) - 8}", (r.right + 3, r.centery), max(10, int(s * 0.4)), theme.INK, bold=True, anchor="midleft")


def _couriers(view: "OfdView", surface: pygame.Surface) -> None:
    geo, board, v = view.geo, view.board, view.v
    assert v is not None
    s = geo.tile
    groups: dict[int, list[int]] = {}
    for i, p in enumerate(v.players):
        if p.cell >= 0 and (i not in view.moving or view.moving[i].done):
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
            paint.token(surface, pos, s * (0.36 if len(seats) == 1 else 0.3), view.ctx.seats[seat].colour, seat, glow=seat == active)
    for seat, t in view.moving.items():
        if t.done:
            continue
        paint.token(surface, t.value, s * 0.36, view.ctx.seats[seat].colour, seat, glow=True)


def describe_cell(view: "OfdView", cell: int) -> str:
    """Tooltip words for a tile: what it is, what entering it costs now, who and what is there."""
    board, v = view.board, view.v
    assert v is not None
    parts = []
    number = board.city_of[cell]
    region = board.regions[board.region_of[cell]].name if board.region_of[cell] >= 0 else ""
    if number:
        c = board.city(number)
        kind = "pick-up tile" if cell == c.pickup else "delivery tile" if cell == c.delivery else "streets"
        parts.append(f"{c.name} (city {number}, {region}): {kind}")
        if cell == c.pickup:
            waiting = v.waiting[number - 1]
            parts.append(f"{len(waiting)} parcel{'s' if len(waiting) != 1 else ''} waiting" + (": " + ", ".join(board.city(d).name for d in sorted(waiting)) if waiting else ""))
    else:
        t = board.terrain[cell]
        parts.append({"road": "Road", "mountain": "Mountain pass (rough: double cost)", "river": "River crossing (rough: double cost)"}.get(t, "Off the road"))
        if region:
            parts[-1] += f", {region}"
    if board.terrain[cell] != "offroad" and v.round > 0 and v.phase != "over":
        cost = engine.step_cost(board, v, v.current, cell)
        parts.append("Shut this round" if cost is None else f"{cost / 2:g} MP to enter")
    pv = view.move_preview(cell)
    if pv is not None:
        parts.append(f"Travel here: {pv.cost / 2:g} of your {v.mp / 2:g} MP, leaving {pv.left / 2:g}")
        if pv.warning:
            parts.append(f"Careful: you would arrive with {pv.left / 2:g} MP, {pv.warning}")
    elif cell in view.reach and cell != v.players[v.current].cell:
        parts.append(f"Travel here: {view.reach[cell] / 2:g} of your {v.mp / 2:g} MP")
    here = [view.ctx.seats[i].name for i, p in enumerate(v.players) if p.cell == cell]
    if here:
        parts.append("Here: " + ", ".join(here))
    return ". ".join(parts)
