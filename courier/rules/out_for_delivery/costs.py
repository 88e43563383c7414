"""What things cost in Out For Delivery: weather, terrain, paths, and what parcels pay.

All costs are in half movement points (see config.halves).
"""

from __future__ import annotations

from courier.rules.base import IllegalAction
from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.config import OfdConfig
from courier.rules.out_for_delivery.state import OfdState, Parcel, Player
from courier.rules.out_for_delivery.tables import tables, terrain_cost, weather_dmc


# -- costs ---------------------------------------------------------------------------------
def dmc(state: OfdState, seat: int, region: int) -> int:
    """Default movement cost in ``region`` for ``seat`` this turn, in half MP."""
    mine = seat == state.current
    return weather_dmc(state.weather[region] if state.weather else "cloudy",
                       mine and state.umbrella, mine and state.snow_shoes)


def step_cost(board: Board, state: OfdState, seat: int, cell: int, boat: bool = False) -> int | None:
    """Cost in half MP to enter ``cell``; None when it cannot be entered this round."""
    return terrain_cost(board.terrain[cell], dmc(state, seat, board.region_of[cell]), state.obstacle,
                        "climbing_gear" in state.players[seat].items, boat)


def here_cost(board: Board, state: OfdState, seat: int) -> int:
    """What a pick-up, delivery, purchase, sale or trade costs where ``seat`` stands."""
    return dmc(state, seat, board.region_of[state.players[seat].cell])


def handling_cost(board: Board, state: OfdState, seat: int) -> int:
    return 0 if state.obstacle == "election_day" else here_cost(board, state, seat)


def distances(board: Board, state: OfdState, seat: int, limit: int | None = None) -> tuple[dict[int, int], dict[int, int]]:
    """Cheapest cost from ``seat``'s tile to every tile (within ``limit``), and each tile's predecessor.

    Fresh dicts the caller may keep or change; the rules themselves read the shared cached ones.
    """
    dist, prev = tables(board).reach(state, seat, limit)
    return dict(dist), dict(prev)


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


