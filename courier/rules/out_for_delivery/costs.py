"""What things cost in Out For Delivery: weather, terrain, paths, and what parcels pay.

All costs are in half movement points (see config.halves).
"""

from __future__ import annotations

import heapq

from courier.rules.base import IllegalAction
from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.config import WEATHERS, OfdConfig
from courier.rules.out_for_delivery.state import OfdState, Parcel, Player


# -- costs ---------------------------------------------------------------------------------
def dmc(state: OfdState, seat: int, region: int) -> int:
    """Default movement cost in ``region`` for ``seat`` this turn, in half MP."""
    w = WEATHERS[state.weather[region]] if state.weather else WEATHERS["cloudy"]
    if seat == state.current and ((w.family == "rain" and state.umbrella) or (w.family == "snow" and state.snow_shoes)):
        return 2
    return w.dmc_halves


def step_cost(board: Board, state: OfdState, seat: int, cell: int, boat: bool = False) -> int | None:
    """Cost in half MP to enter ``cell``; None when it cannot be entered this round."""
    t = board.terrain[cell]
    base = dmc(state, seat, board.region_of[cell])
    items = state.players[seat].items
    if t == "road":
        return base
    if t == "city":
        return base * 2 if state.obstacle == "town_riots" else base
    if t == "mountain":
        if "climbing_gear" in items:
            return base
        return None if state.obstacle == "rock_slide" else base * 2
    if t == "river":
        if boat:
            return base
        return None if state.obstacle == "bridge_construction" else base * 2
    return None


def here_cost(board: Board, state: OfdState, seat: int) -> int:
    """What a pick-up, delivery, purchase, sale or trade costs where ``seat`` stands."""
    return dmc(state, seat, board.region_of[state.players[seat].cell])


def handling_cost(board: Board, state: OfdState, seat: int) -> int:
    return 0 if state.obstacle == "election_day" else here_cost(board, state, seat)


def distances(board: Board, state: OfdState, seat: int, limit: int | None = None) -> tuple[dict[int, int], dict[int, int]]:
    """Cheapest cost from ``seat``'s tile to every tile (within ``limit``), and each tile's predecessor."""
    start = state.players[seat].cell
    dist = {start: 0}
    prev: dict[int, int] = {}
    heap = [(0, start)]
    cache: dict[int, int | None] = {}
    while heap:
        d, c = heapq.heappop(heap)
        if d > dist.get(c, 1 << 30):
            continue
        for nb in board.neighbours[c]:
            cost = cache.get(nb, -1)
            if cost == -1:
                cost = cache[nb] = step_cost(board, state, seat, nb)
            if cost is None:
                continue
            nd = d + cost
            if limit is not None and nd > limit:
                continue
            if nd < dist.get(nb, 1 << 30):
                dist[nb] = nd
                prev[nb] = c
                heapq.heappush(heap, (nd, nb))
    return dist, prev


def path_to(prev: dict[int, int], start: int, goal: int) -> list[int]:
    path = [goal]
    while path[-1] != start:
        path.append(prev[path[-1]])
    path.reverse()
    return path


def parcel_value(cfg: OfdConfig, state: OfdState, square: int) -> int:
    """Gold a delivery pays from ``square`` this round (happy customers pay one square further left)."""
    if state.obstacle == "happy_customer":
        square = max(0, square - 1)
    return cfg.parcel_board[square]


def wealth(cfg: OfdConfig, p: Player) -> int:
    return p.gold + cfg.item_worth * len(p.items) - cfg.undelivered_penalty * len(p.parcels)


def _has_parcel(p: Player, dest: int, square: int) -> bool:
    return any(x.dest == dest and x.square == square for x in p.parcels)


def _take_parcel(p: Player, dest: int, square: int) -> Parcel:
    for i, x in enumerate(p.parcels):
        if x.dest == dest and x.square == square:
            return p.parcels.pop(i)
    raise IllegalAction("that parcel is not on the board")


