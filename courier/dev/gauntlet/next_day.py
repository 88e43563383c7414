"""Outside players for Next Day, written from its rules.

What scores: credits, earned by delivering contract parcels (their price each), plus 5 a parcel
delivered for whoever declares the end (no contracts left, both vehicles home). So a position is
worth its credits plus the parcels still to deliver, each discounted by how far (in movement units,
diversions closed) it still has to travel. Auctions, blockages and set-up are decided by rules of
thumb, since the other side's answer cannot be simulated.
"""

from __future__ import annotations

import heapq
from typing import Any, Sequence

from courier.rules.base import Action, GameRules
from courier.rules.next_day import actions as A
from courier.dev.gauntlet.common import BAD, Kit, after, leader

#: per style: movement units after which a parcel is worth half (short: hurry)
HORIZON = {"rush": 20.0, "gambler": 80.0}
#: per style: the lowest share of a contract's fair price it will bid down to
BID_FLOOR = {"greedy": 0.6, "rush": 0.75, "planner": 0.6, "denier": 0.45, "gambler": 0.3, "human": 0.6}


class _Roads:
    """Movement units between places on one board with some roads closed (diversions)."""

    def __init__(self, board: Any, cfg: Any, closed: frozenset[int]) -> None:
        self.board, self.cfg, self.closed = board, cfg, closed
        self.rows: dict[str, dict[str, int]] = {}

    def row(self, src: str) -> dict[str, int]:
        got = self.rows.get(src)
        if got is None:
            got = self.rows[src] = self._dijkstra(src)
        return got

    def _dijkstra(self, src: str) -> dict[str, int]:
        board, cost = self.board, self.cfg.entry_cost
        dist = {src: 0}
        todo = [(0, src)]
        while todo:
            d, here = heapq.heappop(todo)
            if d > dist.get(here, 1 << 30):
                continue
            for there, road in board.adj[here]:
                if road in self.closed:
                    continue
                nd = d + cost[board.places[there].kind]
                if nd < dist.get(there, 1 << 30):
                    dist[there] = nd
                    heapq.heappush(todo, (nd, there))
        return dist

    def units(self, a: str, b: str) -> int:
        return self.row(a).get(b, 400)


_ROADS: dict[tuple, _Roads] = {}


def roads(game: GameRules, state: Any) -> _Roads:
    board = game.board(state.config)
    closed = frozenset(b.road for b in state.blockages if b.kind == "diversion")
    key = (id(board), closed, tuple(sorted(state.config.entry_cost.items())))
    got = _ROADS.get(key)
    if got is None or got.board is not board:
        if len(_ROADS) > 64:
            _ROADS.clear()
        got = _ROADS[key] = _Roads(board, state.config, closed)
    return got


def fair_price(game: GameRules, state: Any, c: Any) -> int:
    board, cfg = game.board(state.config), state.config
    return max(cfg.price_floor, cfg.price_per_step * board.distance(c.pickup, c.dropoff))


class NextDayKit(Kit):
    slip_margin = 5.0
    plan_depth = 5
    plan_width = 4
    plan_breadth = 30

    # -- the position --------------------------------------------------------------------
    def value(self, game: GameRules, state: Any, seat: int, style: str) -> float:
        cfg = state.config
        me = state.players[seat]
        if state.phase == "over":
            scores = game.scores(state)
            best_other = max(s for i, s in enumerate(scores) if i != seat)
            return me.credits + (300.0 if me.credits >= best_other else -300.0)
        if state.phase != "play":
            return float(me.credits)
        r = roads(game, state)
        horizon = HORIZON.get(style, 40.0)

        def worth(units: float) -> float:
            return horizon / (horizon + units)

        total = float(me.credits)
        mine = [c for c in state.contracts if c.owner == seat and not c.done]
        places = [v.place for v in me.vehicles]
        for v in me.vehicles:
            for cid in v.cargo:
                c = state.contracts[cid]
                total += c.price * worth(r.units(v.place, c.dropoff)) * 0.97
            over = len(v.cargo) - cfg.capacity[v.kind]
            if over > 0 and style != "gambler":  # the gambler shrugs at police checkpoints
                total -= 12.0 * over
        # a waiting parcel is worth half its trip's worth, plus a little for a vehicle with room
        # nearby: enough to draw a vehicle there, too little for it to stand guard over the pickup
        spare = [v.place for v in me.vehicles
                 if len(v.cargo) < cfg.capacity[v.kind] + (cfg.overload if style == "gambler" else 0)]
        rival_at = []
        if style == "denier":
            top = leader(game, state, seat)
            rival_at = [v.place for v in state.players[top].vehicles] if top is not None else []
        for c in mine:
            if c.waiting:
                trip = worth(r.units(c.pickup, c.dropoff))
                near = worth(min(r.units(p, c.pickup) for p in spare)) if spare else 0.0
                share = 1.0 if style != "rush" else 1.0 + 0.5 / c.waiting  # rush: finish small jobs
                if rival_at:
                    # the denier first clears the pickups the leader is nearest to (before it bids)
                    share += 0.4 * worth(min(r.units(p, c.pickup) for p in rival_at))
                total += min(c.waiting, 2) * c.price * trip * (0.5 + 0.15 * near) * min(share, 1.4)
                total += max(0, c.waiting - 2) * c.price * 0.5 * trip
        if not mine:
            # nothing left to deliver: head home to declare the end and its bonus
            home = sum(r.units(p, cfg.home) for p in places)
            hurry = 1.5 if style == "rush" else 0.6
            total += cfg.declare_bonus_per_parcel * me.delivered * worth(home) - home * hurry
        if style == "denier":
            total += self._in_the_way(game, state, seat)
        # rivals' waiting contracts are worth a little once our own are done: a bid could take
        # them over (the denier eyes the leader's while it still has one of its own to finish)
        room = sum(cfg.capacity[v.kind] - len(v.cargo) for v in me.vehicles)
        if room > 0 and (not mine or (style == "denier" and len(mine) <= 1)):
            top = leader(game, state, seat)
            for c in state.contracts:
                if c.owner == seat or c.done or not c.waiting or state.in_transit(c.id):
                    continue
                weight = 0.2 if not mine else 0.0
                if style == "denier" and c.owner == top:
                    weight = 0.3
                if weight:
                    reach = min(r.units(p, c.pickup) for p in places) + r.units(c.pickup, c.dropoff)
                    total += weight * min(c.waiting, 2) * c.price * worth(reach)
        return total

    def _in_the_way(self, game: GameRules, state: Any, seat: int) -> float:
        """The denier's vehicles parked where the leader must go (its pickups, the drop-offs of
        what it carries) cost the leader 2 units to enter and stand ready to bid."""
        top = leader(game, state, seat)
        if top is None or game.scores(state)[top] < state.players[seat].credits:
            return 0.0
        wanted = {c.pickup for c in state.contracts if c.owner == top and not c.done and c.waiting}
        wanted |= {state.contracts[cid].dropoff for v in state.players[top].vehicles for cid in v.cargo}
        # while its own parcels wait, only a tie-break: its own work comes first
        busy = any(c.owner == seat and not c.done and c.waiting for c in state.contracts)
        per = 1.0 if busy else 4.0
        return per * sum(1 for v in state.players[seat].vehicles if v.place in wanted and not v.cargo)

    # -- which actions to weigh --------------------------------------------------------------
    def shortlist(self, game: GameRules, state: Any, seat: int, legal: Sequence[Action],
                  style: str) -> list[Action]:
        if state.phase == "setup":
            return self._setup_choices(game, state, seat, legal, style)
        if state.auction is not None:
            low = state.auction.lowest
            keep = {low - 1, int(low * 0.85), int(low * 0.7)}
            return [a for a in legal if isinstance(a, A.Pass) or (isinstance(a, A.Bid) and a.amount in keep)]
        out: list[Action] = []
        for a in legal:
            if isinstance(a, A.MoveBlockage):
                continue
            if isinstance(a, A.StartBid):
                price = state.contracts[a.contract].price
                if a.amount not in (price - 1, int(price * 0.8), int(price * 0.6)):
                    continue
            out.append(a)
        if style == "denier":
            out += self._blockings(game, state, seat, legal)
        return out

    def _setup_choices(self, game, state, seat, legal, style) -> list[Action]:
        finish = [a for a in legal if isinstance(a, A.FinishSetup)]
        if finish:
            return finish
        p = state.players[seat]
        if style == "denier" and len(p.drafts) < state.config.contracts():
            pairs = [a for a in legal if isinstance(a, A.Pair)]
            if pairs:
                return pairs
        return [a for a in legal if isinstance(a, A.DealRandomly)] or list(legal)

    def _blockings(self, game, state, seat, legal) -> list[Action]:
        """Blockage moves onto the next roads of the leader's loaded vehicles (the denier's
        spite), when nothing blocks those roads yet."""
        top = leader(game, state, seat)
        if top is None or game.scores(state)[top] <= state.players[seat].credits + 60:
            return []
        board = game.board(state.config)
        targets: set[int] = set()
        for v in state.players[top].vehicles:
            if not v.cargo:
                continue
            dest = state.contracts[v.cargo[0]].dropoff
            here, route = v.place, []
            for _ in range(3):
                if here == dest:
                    break
                step = min(board.adj[here], key=lambda nr: board.distance(nr[0], dest))
                route.append(step[1])
                here = step[0]
            if any(state.blockage_on(road) for road in route):
                return []
            targets.update(route)
        return [a for a in legal if isinstance(a, A.MoveBlockage) and a.road in targets]

    # -- scores where simulation cannot tell ----------------------------------------------
    def score(self, game: GameRules, state: Any, seat: int, action: Action, style: str) -> float:
        if state.phase == "setup":
            return self._setup_score(game, state, seat, action, style)
        if isinstance(action, (A.Bid, A.Pass)):
            return self._answer(game, state, seat, action, style)
        if isinstance(action, A.StartBid):
            return self._opening(game, state, seat, action, style)
        nxt = after(game, state, action)
        if nxt is None:
            return BAD
        got = self.value(game, nxt, seat, style)
        if isinstance(action, A.EndTurn):
            got += 0.1  # standing still beats a pointless drive
        elif isinstance(action, A.MoveBlockage):
            got += self._spite(state, seat, action)
        return got

    def _setup_score(self, game, state, seat, action, style) -> float:
        if not isinstance(action, A.Pair):
            return 0.0
        # the denier writes its neighbour awkward work: short (cheap) jobs far from home
        board, home = game.board(state.config), state.config.home
        far = board.distance(home, action.pickup) + board.distance(home, action.dropoff)
        return far - 3.0 * board.distance(action.pickup, action.dropoff)

    def _opening(self, game, state, seat, action, style) -> float:
        c = state.contracts[action.contract]
        if style == "rush" and c.waiting > 2:
            return BAD
        if style == "denier" and c.owner != leader(game, state, seat):
            return BAD  # the denier's bids are for the leader's contracts only
        now = self.value(game, state, seat, style)
        floor = BID_FLOOR.get(style, 0.6) * fair_price(game, state, c)
        if action.amount < floor:
            return BAD
        r = roads(game, state)
        me = state.players[seat]
        reach = min(r.units(v.place, c.pickup) for v in me.vehicles) + r.units(c.pickup, c.dropoff)
        horizon = HORIZON.get(style, 40.0)
        gain = c.waiting * action.amount * horizon / (horizon + reach) * 0.9
        chance = 0.5 if style != "gambler" else 0.6
        if style == "denier":
            gain *= 1.3
        if style == "gambler":
            # bold: the lowest opening bid is the gambler's favourite
            gain *= 1.0 + (c.price - action.amount) / max(1, c.price)
        else:
            gain *= 1.0 - 0.3 * (c.price - action.amount) / max(1, c.price)
        return now + chance * gain - 5.0  # a bid ends the vehicle's move

    def _answer(self, game, state, seat, action, style) -> float:
        auc = state.auction
        c = state.contracts[auc.contract]
        fair = fair_price(game, state, c)
        if isinstance(action, A.Pass):
            return 0.0
        floor = BID_FLOOR.get(style, 0.6) * fair
        if seat == auc.owner:
            floor = 0.3 * fair  # defending our own contract: its parcels are already ours to earn
            if style == "denier" and auc.challenger == leader(game, state, seat):
                floor = 0.15 * fair
            if style == "rush":
                floor = 0.6 * fair
        if action.amount < floor:
            return -1.0
        drop = (auc.lowest - action.amount) / max(1, auc.lowest)
        return 1.0 + (drop if style == "gambler" else -drop)

    def _spite(self, state, seat, action) -> float:
        return 45.0 if state.players[seat].credits >= 200 else -100.0


KIT = NextDayKit()
