"""Driving and blockages: what a step costs, where a vehicle can get to this turn, and why a
blockage may not go somewhere. The view and the AI ask these; they never work it out themselves.
"""

from __future__ import annotations

from bisect import insort
from typing import NamedTuple

from courier.rules.next_day.board import Board
from courier.rules.next_day.config import NextDayConfig
from courier.rules.next_day.state import DONE, NextDayState, Vehicle
from courier.rules.next_day.tables import RoadTables, tables


class Reach(NamedTuple):
    """The cheapest way to one place this turn."""

    cost: int
    path: tuple[str, ...]
    #: True when the move must end there (crossing roadworks, or the first step used it all up)
    ends_move: bool


def illegal_load(cfg: NextDayConfig, v: Vehicle) -> bool:
    return len(v.cargo) > cfg.capacity[v.kind]


def step_refusal(state: NextDayState, board: Board, cfg: NextDayConfig, v: Vehicle,
                 here: str, there: str, first: bool) -> str | None:
    """Why ``v`` may not drive the road from ``here`` to ``there`` at all (costs aside)."""
    road = board.road_between(here, there)
    if road is None:
        return f"There is no road from {here} to {there}."
    blk = state.blockage_on(road)
    return blockage_stops(None if blk is None else blk.kind, cfg, v, here, there, first)


def blockage_stops(blk: str | None, cfg: NextDayConfig, v: Vehicle, here: str, there: str,
                   first: bool) -> str | None:
    """Why a blockage of kind ``blk`` (None: no blockage) on the road from ``here`` to ``there``
    stops ``v``, or None if it lets it through."""
    if blk is None:
        return None
    if blk == "diversion":
        return f"A diversion closes the road from {here} to {there}."
    if blk == "checkpoint" and illegal_load(cfg, v):
        return f"The police checkpoint between {here} and {there} stops an overloaded {v.kind}."
    if blk == "roadworks" and v.kind == "van" and not first:
        return f"A van can only get through the roadworks between {here} and {there} as its first step of a turn."
    return None


def entry_cost(state: NextDayState, board: Board, cfg: NextDayConfig, place: str, moving: Vehicle) -> int:
    """Units to enter ``place``: its kind plus congestion from every other vehicle there.

    ``moving`` is the vehicle as it stands in ``state``: it never counts towards congestion, not
    even when a route comes back through the place it set out from (it has left that place).
    Under rules version 1 (``cfg.rules_version``) it did count there.
    """
    others = sum(1 for p in state.players for v in p.vehicles
                 if v.place == place and (v is not moving or cfg.rules_version < 2))
    return cfg.entry_cost[board.places[place].kind] + cfg.congestion_cost * others


def crosses_roadworks(state: NextDayState, board: Board, v: Vehicle, here: str, there: str) -> bool:
    road = board.road_between(here, there)
    blk = state.blockage_on(road) if road is not None else None
    return v.kind == "van" and blk is not None and blk.kind == "roadworks"


def reachable(state: NextDayState, board: Board, cfg: NextDayConfig, seat: int, kind: str) -> dict[str, Reach]:
    """Every place the vehicle can reach in what is left of its move, by the cheapest route.

    Congestion is counted as it stands (the vehicle itself is not in the places it enters); the
    first step of a turn is always allowed; vans cross roadworks only as that first step, and stop.
    """
    v = state.players[seat].vehicle(kind)
    ranks, paths = search(state, tables(board, cfg), cfg, v)
    return {paths[n][-1]: Reach(rank >> 1, paths[n], rank & 1 == 1) for n, rank in ranks.items()}


def crowded(state: NextDayState, t: RoadTables, cfg: NextDayConfig) -> list[int]:
    """Units to enter each place (by number) now: its kind plus congestion from every vehicle.

    The vehicle searching counts too, but only where it stands, and a search never enters its
    own start: so one list serves both vehicles of a seat.
    """
    cost_in = list(t.entry)
    number, jam = t.number, cfg.congestion_cost
    for p in state.players:
        for v in p.vehicles:
            cost_in[number[v.place]] += jam
    return cost_in


class RoadView(NamedTuple):
    """The roads one vehicle may drive under one layout of blockages, per place number."""

    #: (neighbour, the road has roadworks this van may cross only as its first step of a turn)
    first: tuple[tuple[tuple[int, bool], ...], ...]
    #: neighbours it may go on to after that first step
    later: tuple[tuple[int, ...], ...]


def layout(state: NextDayState) -> tuple[tuple[int, str], ...]:
    """Where the blockages stand, as a key: everything a road view depends on besides the vehicle."""
    return tuple([(b.road, b.kind) for b in state.blockages])


def road_view(t: RoadTables, state: NextDayState, is_van: bool, overloaded: bool,
              where: tuple[tuple[int, str], ...] | None = None) -> RoadView:
    """The roads open to a van or bike (overloaded or not) with the blockages where they stand
    (``where``: ``layout(state)``, when the caller has it already).

    Blockages move rarely, so the view is made once per layout and kept with the tables: the
    search then walks plain tuples of neighbours and never asks about a road.
    """
    key = (layout(state) if where is None else where, is_van, overloaded)
    got = t.views.get(key)
    if got is not None:
        return got
    on_road = dict(key[0])  # one blockage per road; should a state have two, the last one counts
    closed: set[int] = set()  # roads this vehicle cannot drive at all
    works: set[int] = set()  # roadworks a van may cross only as its first step of the turn
    for road, blk in on_road.items():
        if blk == "diversion" or (blk == "checkpoint" and overloaded):
            closed.add(road)
        elif blk == "roadworks" and is_van:
            works.add(road)
    open_view = t.views.get("open")
    if open_view is None:  # no blockage at all: the one view the others start from
        open_view = t.views["open"] = _view(t, range(len(t.adj)), set(), set())
    # only the places at the ends of a blocked road see a difference
    near = sorted({n for road in closed | works for n in t.ends[road]})
    first, later = list(open_view.first), list(open_view.later)
    changed = _view(t, near, closed, works)
    for i, n in enumerate(near):
        first[n], later[n] = changed.first[i], changed.later[i]
    if len(t.views) > 1_000:
        t.views.clear()
    got = t.views[key] = RoadView(tuple(first), tuple(later))
    return got


def _view(t: RoadTables, places, closed: set[int], works: set[int]) -> RoadView:
    """The roads out of each of ``places`` (in that order) with ``closed`` and ``works`` as above."""
    adj = t.adj
    first = tuple(tuple((nxt, road in works) for nxt, road in adj[here] if nxt != here and road not in closed)
                  for here in places)
    later = tuple(tuple(nxt for nxt, road in adj[here] if nxt != here and road not in closed and road not in works)
                  for here in places)
    return RoadView(first, later)


def search(state: NextDayState, t: RoadTables, cfg: NextDayConfig, v: Vehicle,
           cost_in: list[int] | None = None) -> tuple[dict[int, int], dict[int, tuple[str, ...]]]:
    """The route search behind ``reachable`` (the legal drives call ``search_lists``).

    Returns (place number -> rank, place number -> path), in the order the places were found;
    a rank is 2 * cost, plus 1 if the move must end there. ``cost_in`` is ``crowded(...)``
    when the caller has it already.
    """
    found, cost, route_to = search_lists(state, t, cfg, v, cost_in)
    budget = cfg.move_units - v.used
    return ({n: 2 * cost[n] + (cost[n] >= budget) for n in found},
            {n: t.route_path(route_to[n]) for n in found})


def search_lists(state: NextDayState, t: RoadTables, cfg: NextDayConfig, v: Vehicle,
                 cost_in: list[int] | None = None,
                 where: tuple[tuple[int, str], ...] | None = None) -> tuple[list[int], list[int], list[int]]:
    """The route search as lists indexed by place number: (places in the order found, cost per
    place, route per place as a number, see ``RoadTables.route_path``); only the places in the
    first list are reached, and the move must end at those whose cost is at least what the
    vehicle has left. ``cost_in`` and ``where`` are ``crowded(...)`` and ``layout(state)`` when
    the caller has them already.

    Ties between equally cheap routes go the same way every time: the search goes on from the
    cheapest place first, then the first by name; a place keeps the first route found unless a
    strictly cheaper one (or an equally cheap one that does not end the move) turns up.
    Entry costs are never negative, so a place the search has gone on from is never improved
    and needs no separate "done" mark.
    """
    if v.status == DONE:
        return [], [], []
    start = t.number[v.place]
    budget = cfg.move_units - v.used
    if cost_in is None:
        cost_in = crowded(state, t, cfg)
    kind = v.kind
    is_van, overloaded = kind == "van", len(v.cargo) > cfg.capacity[kind]
    # the usual case, a layout seen before, without the call (see road_view)
    view = (where is not None and t.views.get((where, is_van, overloaded))
            or road_view(t, state, is_van, overloaded, where))
    size = len(cost_in)
    bits = t.bits
    # the cheapest cost found per place. A move ends exactly where its cost reaches the budget
    # (roadworks cost a van all it has left), so "cheaper" alone keeps the tie rule above; and a
    # place not reached yet holds one more than the budget, so after the first step a single
    # comparison tells both "affordable" and "cheaper than before"
    best = [budget + 1] * size
    best[start] = -1  # never entered: a route does not come back to its start
    route_to = [0] * size  # 0: not reached yet (a route's number is never 0)
    found: list[int] = []
    # places to go on from, by cost (costs are small whole numbers below the budget): the
    # cheapest first, ties by name; cheaper than a heap for the dozen or so places a search visits
    # (a list display of empty lists, cut to size, is half the price of a comprehension's frame)
    buckets: list[list[int]]
    if budget <= 12:
        twelve: list[list[int]] = [[], [], [], [], [], [], [], [], [], [], [], []]
        buckets = twelve[:budget]
    else:
        buckets = [[] for _ in range(budget)]
    # the first step of a turn is always allowed: it may cross roadworks or overspend, and stops
    first = v.steps == 0
    origin = (1 << bits | start) << bits
    for nxt, works in view.first[start]:
        new = cost_in[nxt]
        if works:  # a van crossing roadworks: it stops there, having used what it had left
            if not first:
                continue
            new = max(new, budget)
        elif new > budget and not first:
            continue
        if route_to[nxt]:
            if new >= best[nxt]:
                continue  # two roads to one place: the cheaper step wins, then the first
        else:
            found.append(nxt)
        best[nxt] = new
        route_to[nxt] = origin | nxt
        if new < budget:
            buckets[new].append(nxt)
    later = view.later
    for cost, bucket in enumerate(buckets):
        if not bucket:
            continue
        bucket.sort()
        for node in bucket:
            if best[node] != cost:
                continue  # a dearer route to a place found cheaper since
            route = route_to[node] << bits
            for nxt in later[node]:
                new = cost + cost_in[nxt]
                if new < best[nxt]:
                    if not route_to[nxt]:
                        found.append(nxt)
                    best[nxt] = new
                    route_to[nxt] = route | nxt
                    if new == cost:  # a place that costs nothing to enter: keep this bucket in order
                        insort(bucket, nxt, bucket.index(node) + 1)
                    elif new < budget:
                        buckets[new].append(nxt)
    return found, best, route_to


def blockage_cost(cfg: NextDayConfig, kind: str) -> int:
    return cfg.blockage_move_cost[kind]


#: why a blockage cannot be moved out of its mover's own turn
OFF_TURN = "Blockages can only be moved during your own turn."


def blockage_turn(state: NextDayState, seat: int | None) -> bool:
    """True when it is ``seat``'s own turn of play, the only time it may move a blockage."""
    return seat is not None and state.phase == "play" and state.current == seat and state.auction is None


def blockage_refusal(state: NextDayState, board: Board, cfg: NextDayConfig, seat: int,
                     blockage: int, road: int) -> str | None:
    """Why ``seat`` may not move ``blockage`` onto ``road`` now, or None if they may."""
    if not blockage_turn(state, seat):
        return OFF_TURN
    if not 0 <= blockage < len(state.blockages):
        return "There is no such blockage."
    if not 0 <= road < len(board.roads):
        return "There is no such road section."
    blk = state.blockages[blockage]
    r = board.roads[road]
    if blk.road == road:
        return f"The {blk.kind} is already on {r.a} - {r.b}."
    other = state.blockage_on(road)
    if other is not None:
        return f"Only one blockage per road section: a {other.kind} already stands on {r.a} - {r.b}."
    cost = blockage_cost(cfg, blk.kind)
    credits = state.players[seat].credits
    if credits < cost:
        return f"Moving a {blk.kind} costs {cost} credits; you have {credits}."
    if blk.kind == "diversion":
        closed = frozenset(b.road for b in state.blockages if b.kind == "diversion" and b.id != blk.id)
        if road in board.cut_roads(closed):
            return f"A diversion on {r.a} - {r.b} would cut part of the map off."
    return None
