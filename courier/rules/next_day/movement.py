"""Driving and blockages: what a step costs, where a vehicle can get to this turn, and why a
blockage may not go somewhere. The view and the AI ask these; they never work it out themselves.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from courier.rules.next_day.board import Board
from courier.rules.next_day.config import NextDayConfig
from courier.rules.next_day.state import DONE, NextDayState, Vehicle


@dataclass(frozen=True)
class Reach:
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
    if blk is None:
        return None
    if blk.kind == "diversion":
        return f"A diversion closes the road from {here} to {there}."
    if blk.kind == "checkpoint" and illegal_load(cfg, v):
        return f"The police checkpoint between {here} and {there} stops an overloaded {v.kind}."
    if blk.kind == "roadworks" and v.kind == "van" and not first:
        return f"A van can only get through the roadworks between {here} and {there} as its first step of a turn."
    return None


def entry_cost(state: NextDayState, board: Board, cfg: NextDayConfig, place: str, moving: Vehicle) -> int:
    """Units to enter ``place``: its kind plus congestion from every other vehicle there."""
    others = state.vehicles_at(place) - (1 if moving.place == place else 0)
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
    if v.status == DONE:
        return {}
    budget = cfg.move_units - v.used
    start = v.place
    first_turn_step = v.steps == 0
    occ: dict[str, int] = {}
    for p in state.players:
        for other in p.vehicles:
            if other is not v:
                occ[other.place] = occ.get(other.place, 0) + 1
    blocks = {b.road: b.kind for b in state.blockages}
    overloaded = illegal_load(cfg, v)
    is_van = v.kind == "van"
    kinds = cfg.entry_cost
    places = board.places
    jam = cfg.congestion_cost
    best: dict[str, tuple[int, bool, tuple[str, ...]]] = {}
    heap: list[tuple[int, int, str, tuple[str, ...]]] = [(0, 0, start, (start,))]
    done: set[str] = set()
    while heap:
        cost, terminal, node, path = heapq.heappop(heap)
        if terminal or node in done:
            continue
        done.add(node)
        first = first_turn_step and node == start
        for nxt, road in board.adj[node]:
            if nxt == start or nxt in done:
                continue
            blk = blocks.get(road)
            if blk == "diversion" or (blk == "checkpoint" and overloaded):
                continue
            works = blk == "roadworks" and is_van
            if works and not first:
                continue
            new = cost + kinds[places[nxt].kind] + jam * occ.get(nxt, 0)
            ends = False
            if works:
                new, ends = max(new, budget), True
            elif new > budget:
                if not first:
                    continue
                ends = True
            elif new == budget:
                ends = True
            key = (new, 1 if ends else 0)
            old = best.get(nxt)
            if old is None or key < (old[0], 1 if old[1] else 0):
                best[nxt] = (new, ends, path + (nxt,))
                heapq.heappush(heap, (new, key[1], nxt, path + (nxt,)))
    return {p: Reach(c, path, e) for p, (c, e, path) in best.items()}


def blockage_cost(cfg: NextDayConfig, kind: str) -> int:
    return cfg.blockage_move_cost[kind]


def blockage_refusal(state: NextDayState, board: Board, cfg: NextDayConfig, seat: int,
                     blockage: int, road: int) -> str | None:
    """Why ``seat`` may not move ``blockage`` onto ``road`` now, or None if they may."""
    if state.phase != "play" or state.current != seat or state.auction is not None:
        return "Blockages can only be moved during your own turn."
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
