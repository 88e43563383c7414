"""What a move would leave: movement points after it, and whether they still pay for the
pick-up or delivery waiting on arrival. The view shows this before the player commits."""

from __future__ import annotations

from dataclasses import dataclass

from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.config import OfdConfig
from courier.rules.out_for_delivery.costs import distances, dmc
from courier.rules.out_for_delivery.state import OfdState


@dataclass(frozen=True)
class MovePreview:
    #: half movement points the move costs and leaves
    cost: int
    left: int
    #: a warning in the player's words when the arrival's pick-up or delivery would be out of reach
    warning: str | None = None


def preview_move(cfg: OfdConfig, board: Board, state: OfdState, seat: int, cell: int) -> MovePreview | None:
    """The preview of travelling to ``cell`` now; None when the move is not possible."""
    me = state.players[seat]
    if state.phase != "act" or seat != state.current or cell == me.cell:
        return None
    dist, _ = distances(board, state, seat, state.mp)
    if cell not in dist:
        return None
    cost = dist[cell]
    left = state.mp - cost
    number = board.city_of[cell]
    if not number or state.obstacle == "holiday":
        return MovePreview(cost, left)
    city = board.city(number)
    jobs = []
    if cell == city.pickup and state.waiting[number - 1] and len(me.parcels) < cfg.max_carried:
        jobs.append("pick up")
    if cell == city.delivery and any(p.dest == number for p in me.parcels):
        jobs.append("deliver")
    need = 0 if state.obstacle == "election_day" else dmc(state, seat, board.region_of[cell])
    if jobs and left < need:
        what = " or ".join(jobs)
        return MovePreview(cost, left, f"too few to {what} there (needs {need / 2:g} MP)")
    return MovePreview(cost, left)
