"""Out For Delivery yardsticks, from the rulebook: a parcel pays what its square on the parcel
board says when it is delivered, slides one square right every round (and falls off for a fine),
and one still carried at the end costs 50; items are worth 50 at the end. Wealth decides.

``greedy`` judges each action by its wealth plus what the parcels it carries should still pay
(delivered nearest first at an average pace); ``rush`` picks up whatever it can and
drives to the nearest delivery, or the nearest waiting parcels when it carries none. Neither
trades on its own initiative, buys or sells; both answer a trade by what it does to them.
"""

from __future__ import annotations

import heapq
from typing import Any

from courier.ai.yardsticks import OnePly
from courier.rules.base import Action, GameRules
from courier.rules.out_for_delivery import actions as A
from courier.rules.rng import Rng

#: road tiles a courier covers in an average round (2d6 movement, mixed weather and terrain)
STEPS_PER_ROUND = 5.0
_ROADS: dict[int, dict[int, dict[int, float]]] = {}


def road_steps(board: Any, source: int) -> dict[int, float]:
    """Cheapest cost in tiles from ``source`` (mountains and rivers count double), cached."""
    per_board = _ROADS.setdefault(id(board), {})
    got = per_board.get(source)
    if got is None:
        got = {source: 0.0}
        heap = [(0.0, source)]
        while heap:
            d, c = heapq.heappop(heap)
            if d > got[c]:
                continue
            for nb in board.neighbours[c]:
                nd = d + (2.0 if board.terrain[nb] in ("mountain", "river") else 1.0)
                if nd < got.get(nb, 1e9):
                    got[nb] = nd
                    heapq.heappush(heap, (nd, nb))
        per_board[source] = got
    return got


def _pay(cfg: Any, square: float) -> float:
    """What a parcel on (fractional) ``square`` pays, the fine once it has fallen off."""
    board = cfg.parcel_board
    if square >= len(board):
        return -float(cfg.fall_off_penalty)
    lo = int(square)
    hi = board[lo + 1] if lo + 1 < len(board) else -cfg.fall_off_penalty
    return board[lo] + (hi - board[lo]) * (square - lo)


def promise(game: GameRules, state: Any, seat: int) -> float:
    """What ``seat``'s parcels should still bring in (the carried-parcel fine given back), delivered
    in nearest-first order, each at the square it will have slid to by then."""
    cfg = state.config
    board = game.board(cfg)
    p = state.players[seat]
    if p.cell < 0:
        return 0.0
    left = list(p.parcels)
    cell, travelled, total = p.cell, 0.0, 0.0
    while left:
        d, dest = min((road_steps(board, board.city(x.dest).delivery).get(cell, 60.0), x.dest) for x in left)
        travelled += d
        for x in [x for x in left if x.dest == dest]:
            total += _pay(cfg, x.square + travelled / STEPS_PER_ROUND) + cfg.undelivered_penalty
            left.remove(x)
        cell = board.city(dest).delivery
    return total


def _to_waiting(game: GameRules, state: Any, seat: int) -> float:
    """Tiles to the nearest pick-up with parcels waiting (0 when full or none)."""
    cfg = state.config
    board = game.board(cfg)
    p = state.players[seat]
    if p.cell < 0 or len(p.parcels) >= cfg.max_carried:
        return 0.0
    near = [road_steps(board, board.city(i + 1).pickup).get(p.cell, 60.0)
            for i, w in enumerate(state.waiting) if w]
    return min(near, default=0.0)


def greedy_value(game: GameRules, state: Any, seat: int) -> float:
    # only its own worth: ending a turn can start a round that slides every parcel right, and a
    # rival's loss then would look like this seat's gain
    mine = game.scores(state)[seat] + 0.8 * promise(game, state, seat)
    return mine - 2.0 * _to_waiting(game, state, seat)


def rush_value(game: GameRules, state: Any, seat: int) -> float:
    cfg = state.config
    board = game.board(cfg)
    p = state.players[seat]
    value = game.scores(state)[seat] + 100.0 * len(p.parcels)
    if p.cell < 0:
        return value
    if p.parcels:
        value -= min(road_steps(board, board.city(x.dest).delivery).get(p.cell, 60.0) for x in p.parcels)
    else:
        value -= _to_waiting(game, state, seat)
    return value


class OfdYardstick(OnePly):
    def special(self, game: GameRules, view: Any, seat: int, legal: list[Action], rng: Rng) -> Action | None:
        if view.phase == "roll":
            return legal[0]
        if self.level == "rush":
            for kind in (A.Deliver, A.Pickup):
                found = [a for a in legal if isinstance(a, kind)]
                if found and (kind is A.Deliver or len(view.players[seat].parcels) < view.config.max_carried):
                    return found[0]
        return None

    def candidates(self, game: GameRules, view: Any, seat: int, legal: list[Action]) -> list[Action]:
        return [a for a in legal if not isinstance(a, (A.Offer, A.Buy, A.Sell))] or legal


def make(kind: str) -> OfdYardstick:
    return OfdYardstick(kind, greedy_value if kind == "greedy" else rush_value)
