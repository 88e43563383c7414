"""Outside players for Out For Delivery, written from its rules.

What scores: wealth at the end = gold + 50 an item - 50 a parcel still carried. A parcel pays the
gold above its square (200 on square 1 down to 25 on square 10) and slides one square right every
round; one that falls off costs 50. So a carried parcel is worth what it will pay when the van can
reach its city (a tour of the carried parcels, in steps of about seven a round), plus the 50 its
delivery saves, and nothing if it would fall off first. Rolls are never simulated (the dice on a
view are placeholders); travel, pick-ups, deliveries and items are.
"""

from __future__ import annotations

import heapq
from typing import Any, Sequence

from courier.rules.base import Action, GameRules
from courier.rules.out_for_delivery import actions as A
from courier.dev.gauntlet.common import BAD, Kit, after, leader

#: steps a courier makes in an average round (two dice, less for weather, pick-ups and deliveries)
STEPS_A_ROUND = 5.5
#: steps a rough tile counts for (mountain passes and river crossings cost double)
ROUGH = {"mountain": 2, "river": 2}


class _Steps:
    """Steps (rough tiles counting double) from every tile to each city's tiles, fair weather."""

    def __init__(self, board: Any) -> None:
        self.board = board
        self.to_delivery = [self._from(c.delivery) for c in board.cities]
        self.to_pickup = [self._from(c.pickup) for c in board.cities]

    def _from(self, start: int) -> dict[int, int]:
        board = self.board
        dist = {start: 0}
        todo = [(0, start)]
        while todo:
            d, cell = heapq.heappop(todo)
            if d > dist.get(cell, 1 << 30):
                continue
            # walked backwards from the goal: the step from nxt into cell costs cell's terrain
            w = ROUGH.get(board.terrain[cell], 1)
            for nxt in board.neighbours[cell]:
                nd = d + w
                if nd < dist.get(nxt, 1 << 30):
                    dist[nxt] = nd
                    heapq.heappush(todo, (nd, nxt))
        return dist


_STEPS: dict[int, _Steps] = {}


def steps(board: Any) -> _Steps:
    got = _STEPS.get(id(board))
    if got is None or got.board is not board:
        got = _STEPS[id(board)] = _Steps(board)
    return got


class DeliveryKit(Kit):
    slip_margin = 30.0
    plan_depth = 4
    plan_width = 4
    plan_breadth = 30

    def _board(self, game: GameRules, state: Any) -> Any:
        return game.board(state.config)

    def carried_worth(self, game: GameRules, state: Any, seat: int, style: str) -> float:
        """What the parcels on ``seat``'s board will add to its wealth, touring them nearest first."""
        cfg, board = state.config, self._board(game, state)
        me = state.players[seat]
        if not me.parcels or me.cell < 0:
            return 0.0
        table = steps(board)
        pace = STEPS_A_ROUND * (0.8 if style == "rush" else 1.0)
        left = cfg.deliveries_to_end - state.delivered_total
        squares = cfg.parcel_board
        todo = list(me.parcels)
        cell, walked, total = me.cell, 0.0, 0.0
        while todo:
            nearest = min(todo, key=lambda p: table.to_delivery[p.dest - 1].get(cell, 999))
            todo.remove(nearest)
            walked += table.to_delivery[nearest.dest - 1].get(cell, 999) + 1
            cell = board.cities[nearest.dest - 1].delivery
            # rounds until it is handed over, as a fraction (every step nearer counts)
            late = walked / pace
            whole = int(late)
            if nearest.square + whole + 1 >= len(squares) or late > left + 2:
                continue  # it will fall off (or the game end) first: it only saves nothing
            frac = late - whole
            here = squares[nearest.square + whole]
            pay = here + frac * (squares[nearest.square + whole + 1] - here)
            if style == "gambler":
                pay *= 1.3  # counting on the best case: fair weather, good dice
            pay += cfg.undelivered_penalty
            total += pay * (0.97 ** late)
        return total

    def prospects(self, game: GameRules, state: Any, seat: int, style: str) -> float:
        """Parcels waiting in the cities, for a courier with room: the best one within reach."""
        cfg, board = state.config, self._board(game, state)
        me = state.players[seat]
        if me.cell < 0 or len(me.parcels) >= cfg.max_carried:
            return 0.0
        if cfg.deliveries_to_end - state.delivered_total <= 2:
            return 0.0
        table = steps(board)
        top = leader(game, state, seat) if style == "denier" else None
        best = 0.0
        for i, waiting in enumerate(state.waiting):
            if not waiting:
                continue
            d_pick = table.to_pickup[i].get(me.cell, 999)
            pickup = board.cities[i].pickup
            for dest in set(waiting):
                trip = table.to_delivery[dest - 1].get(pickup, 999)
                late = int(trip // STEPS_A_ROUND)
                if late >= len(cfg.parcel_board):
                    continue
                gain = cfg.parcel_board[late]
                if style == "rush":
                    gain = 150.0 - 4.0 * trip
                reach = max(0.0, 1.0 - d_pick / 25.0)
                if top is not None:
                    # the denier goes for the parcels near the leader
                    d_top = table.to_pickup[i].get(state.players[top].cell, 999)
                    reach += 0.5 * max(0.0, 1.0 - d_top / 10.0)
                best = max(best, gain * reach)
        return 0.3 * best

    def value(self, game: GameRules, state: Any, seat: int, style: str) -> float:
        cfg = state.config
        p = state.players[seat]
        wealth = p.gold + cfg.item_worth * len(p.items) - cfg.undelivered_penalty * len(p.parcels)
        if state.phase == "over":
            scores = game.scores(state)
            best = max(s for i, s in enumerate(scores) if i != seat)
            return wealth + (300.0 if wealth >= best else -300.0)
        return (wealth + self.carried_worth(game, state, seat, style)
                + self.prospects(game, state, seat, style))

    def shortlist(self, game: GameRules, state: Any, seat: int, legal: Sequence[Action],
                  style: str) -> list[Action]:
        # trade offers are never made (the partner's answer cannot be foreseen); answers are given
        return [a for a in legal if not isinstance(a, A.Offer)] or list(legal)

    def score(self, game: GameRules, state: Any, seat: int, action: Action, style: str) -> float:
        cfg, board = state.config, self._board(game, state)
        if isinstance(action, A.StartCity):
            city = board.cities[action.city - 1]
            table = steps(board)
            got = 0.0
            for dest in state.waiting[action.city - 1]:
                trip = table.to_delivery[dest - 1].get(city.pickup, 999)
                got += cfg.parcel_board[min(len(cfg.parcel_board) - 1, int(trip // STEPS_A_ROUND))]
                if style == "rush":
                    got -= 3.0 * trip
            return got
        if isinstance(action, A.Roll):
            return 0.0
        if isinstance(action, A.Decline):
            return self.value(game, state, seat, style)
        if isinstance(action, A.Accept):
            offer = state.offer
            if style == "denier" and offer is not None and offer.seat == leader(game, state, seat):
                return BAD / 4  # never trade with the leader
            nxt = after(game, state, action)
            if nxt is None:
                return BAD
            return self.value(game, nxt, seat, style) - 10.0
        nxt = after(game, state, action)
        if nxt is None:
            return BAD
        got = self.value(game, nxt, seat, style)
        if isinstance(action, A.EndTurn):
            got += 0.5
        elif isinstance(action, A.Buy):
            # an item is worth 50 at the end and may be better than that; the gambler rolls for it
            me = state.players[seat]
            got += 60.0 if style == "gambler" and me.gold >= 200 and len(me.items) < 2 else -5.0
        elif isinstance(action, A.Sell) and style == "gambler":
            got -= 30.0  # the gambler keeps what it rolled for
        elif isinstance(action, A.Steal) and style == "denier" and action.victim == leader(game, state, seat):
            got += 40.0
        return got


KIT = DeliveryKit()
