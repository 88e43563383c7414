"""Out For Delivery strangers: a courier counts gold, items, and what each parcel will pay.

A parcel is worth the gold printed above the square it will sit on when it can be handed over:
now, if this turn's points still reach its delivery tile; otherwise after the rounds the road
takes at the weather one expects (a step costs about 1.5 points on average, a turn gives about
7), counted along one trip: the nearest destination first, then the next nearest from there. A
parcel that would fall off before then is worth the 50 gold it costs. An empty courier counts, at
a part of its worth, the best parcel waiting within reach, so it heads for a pick-up. Trade
offers are not made (a partner's answer cannot be known); an offer to us is taken when it leaves
us better off.

``steady`` expects bad weather (1.8 points a step, 6 points a turn), keeps to three parcels,
gives rough tiles a wide berth, and from the sixteenth delivery on (the greedy one from the
nineteenth) counts a parcel it cannot hand over the same turn as half lost.
"""

from __future__ import annotations

import heapq
import math
import random
from typing import Any, Sequence

from courier.rules.base import Action, GameRules
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery.costs import distances, here_cost, dmc, parcel_value
from courier.rules.out_for_delivery.tables import terrain_cost
from courier.strangers.common import after, best

#: how each style expects the road: half points a step on a plain tile costs (cloudy is 2; the
#: weather table averages about 3), half points a turn gives (two dice average 14 halves), the
#: most parcels it cares to carry, the weight of rough tiles over their doubled cost, from which
#: delivery on a parcel it cannot hand over this turn counts as half lost, and the share of a
#: waiting parcel's worth it counts as a reason to go for it
STYLES = {
    "greedy": dict(step=3.0, turn=14.0, carry=5, rough=1.0, wary_from=19, lure=0.5),
    "steady": dict(step=3.6, turn=12.0, carry=3, rough=1.6, wary_from=16, lure=0.35),
}

_STATIC: dict[int, dict[int, list[float]]] = {}


def _reverse_costs(board: Any, target: int, enter: Any) -> list[float]:
    """Cost from every tile to ``target`` where ``enter(cell)`` is what entering a tile costs."""
    inf = math.inf
    dist = [inf] * len(board.terrain)
    dist[target] = 0.0
    heap = [(0.0, target)]
    while heap:
        d, x = heapq.heappop(heap)
        if d > dist[x]:
            continue
        cost = enter(x)
        if cost is None:
            continue
        for y in board.neighbours[x]:
            nd = d + cost
            if nd < dist[y]:
                dist[y] = nd
                heapq.heappush(heap, (nd, y))
    return dist


def static_costs(board: Any, style: dict) -> dict[int, list[float]]:
    """Per city tile of interest (pick-up and delivery), base-step costs to it in cloudy weather."""
    key = id(board) * 10 + int(style["rough"] * 4)
    got = _STATIC.get(key)
    if got is None:
        rough = style["rough"]

        def enter(c: int) -> float | None:
            t = board.terrain[c]
            if t in ("mountain", "river"):
                return 2.0 * rough
            return 1.0 if t in ("road", "city") else None

        got = {}
        for city in board.cities:
            for target in (city.pickup, city.delivery):
                got[target] = _reverse_costs(board, target, enter)
        _STATIC[key] = got
    return got


_NOW: dict[tuple, dict[int, list[float]]] = {}


def current_costs(board: Any, state: Any, seat: int) -> dict[int, list[float]]:
    """Half points from every tile to each delivery tile under this round's weather and event."""
    me = state.players[seat]
    key = (id(board), seat, state.round, tuple(state.weather), state.obstacle, state.umbrella,
           state.snow_shoes, "climbing_gear" in me.items)
    got = _NOW.get(key)
    if got is None:
        gear = "climbing_gear" in me.items

        def enter(c: int) -> int | None:
            return terrain_cost(board.terrain[c], dmc(state, seat, board.region_of[c]), state.obstacle, gear)

        got = {city.delivery: _reverse_costs(board, city.delivery, enter) for city in board.cities}
        if len(_NOW) > 256:
            _NOW.clear()
        _NOW[key] = got
    return got


def _paid(cfg: Any, square: float) -> float:
    """Gold paid from a (fractional) square; the fall-off fine past the end of the board."""
    row = list(cfg.parcel_board) + [-float(cfg.fall_off_penalty)]
    if square >= len(row) - 1:
        return row[-1]
    lo = int(square)
    part = square - lo
    return row[lo] * (1 - part) + row[lo + 1] * part


def worth(state: Any, seat: int, board: Any, style: dict) -> float:
    """What the courier at ``seat`` holds, in gold, as an experienced courier counts it.

    The parcels are counted along one round trip: from here to the nearest destination, from
    there to the nearest next one, and so on; each pays what its square will show on arrival.
    """
    cfg = state.config
    me = state.players[seat]
    value = float(me.gold + cfg.item_worth * len(me.items))
    static = static_costs(board, style)
    if me.cell < 0:
        return value + _lure(state, seat, board, style, None)
    if not me.parcels:
        return value + _lure(state, seat, board, style, static) + 0.02 * state.mp
    mine_now = state.current == seat and state.phase == "act"
    near_end = state.delivered_total >= style["wary_from"]
    by_dest: dict[int, list[int]] = {}
    for p in me.parcels:
        by_dest.setdefault(p.dest, []).append(p.square)
    first = True
    here, road = me.cell, 0.0
    carried = 0
    while by_dest:
        dest = min(by_dest, key=lambda d: (static[board.city(d).delivery][here], d))
        target = board.city(dest).delivery
        leg = static[target][here]
        squares = by_dest.pop(dest)
        now_ok = False
        if first and mine_now and state.obstacle != "holiday":
            now = current_costs(board, state, seat)
            handle = 0 if state.obstacle == "election_day" else here_cost(board, state, seat)
            now_ok = now[target][me.cell] + handle * len(squares) <= state.mp
        first = False
        road += leg
        rounds = 1.0 + road * style["step"] / style["turn"]
        for square in squares:
            carried += 1
            if now_ok:
                got = float(parcel_value(cfg, state, square))
            else:
                got = _paid(cfg, square + rounds)
                if near_end:
                    got = min(got, 0.5 * got - 0.5 * cfg.undelivered_penalty)
            if carried > style["carry"]:
                got -= 40.0
            value += got
        here = target
    return value + 0.02 * state.mp * mine_now


def _lure(state: Any, seat: int, board: Any, style: dict, static: Any) -> float:
    """A share of the best parcel waiting within reach, less what getting it costs."""
    if state.delivered_total >= style["wary_from"]:
        return 0.0
    cfg = state.config
    me = state.players[seat]
    top = 0.0
    for city in board.cities:
        waiting = state.waiting[city.number - 1]
        if not waiting:
            continue
        if static is None:
            to_pick = 0.0
        else:
            to_pick = static[city.pickup][me.cell]
        if math.isinf(to_pick):
            continue
        far = to_pick * style["step"] / style["turn"]  # rounds to get there
        for dest in set(waiting):
            if static is None:
                static = static_costs(board, style)
            rounds = static[board.city(dest).delivery][city.pickup] * style["step"] / style["turn"]
            top = max(top, _paid(cfg, rounds) - 30.0 * far)
    return style["lure"] * top


def decide(style_name: str, game: GameRules, view: Any, seat: int, legal: Sequence[Action],
           rnd: random.Random) -> Action:
    style = STYLES[style_name]
    cfg = view.config
    board = game.board(cfg)
    choices = [a for a in legal if not isinstance(a, A.Offer)] or list(legal)
    reach = None

    def value(a: Action) -> float:
        nonlocal reach
        if isinstance(a, A.Move):
            if reach is None:
                reach = distances(board, view, seat, view.mp)[0]
            trial = view.clone()
            trial.players[seat].cell = a.cell
            trial.mp -= reach.get(a.cell, view.mp)
        else:
            trial = after(game, view, a)
            if trial is None:
                return float("-inf")
        return worth(trial, seat, board, style)

    return best(choices, value, rnd)
