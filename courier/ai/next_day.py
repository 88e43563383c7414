"""The heuristic Next Day player: builds awkward contracts for its neighbour, runs its van and
bike between collection and delivery towns, haggles in auctions, moves a blockage when one costs it
a lot, and goes home to declare when that wins.

It sees only its seat's view and the legal actions. Levels differ in care: easy takes the first
sensible job and declares as soon as it can; hard hunts other players' contracts when behind.
"""

from __future__ import annotations

import heapq
from typing import Any, Sequence

from courier.rules.base import Action, GameRules
from courier.rules.next_day import actions as A
from courier.rules.next_day.state import DONE, MOVING, NextDayState, Vehicle
from courier.rules.rng import Rng

BIG = 10**6


class NextDayBot:
    def __init__(self, level: str = "normal") -> None:
        self.level = level
        self._cache: dict[tuple, dict[str, int]] = {}

    # -- entry point --------------------------------------------------------------------------
    def choose(self, game: GameRules, view: Any, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        legal = list(legal)
        state: NextDayState = view
        board = game.board(state.config)
        if state.phase == "setup":
            return self._setup(board, state, seat, legal)
        if state.auction is not None:
            return self._auction(board, state, seat, legal)
        return self._turn(board, state, seat, legal, rng)

    # -- distances ----------------------------------------------------------------------------
    def cost_to(self, board, state: NextDayState, target: str, v: Vehicle | None) -> dict[str, int]:
        """Units to drive from every place to ``target`` (entry costs, blockages as ``v`` meets them)."""
        cfg = state.config
        kind = v.kind if v else "bike"
        overloaded = bool(v) and len(v.cargo) > cfg.capacity[kind]
        blocks = tuple(sorted((b.road, b.kind) for b in state.blockages))
        key = (target, kind, overloaded, blocks)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        closed, slow = self.blocked_roads(state, kind, overloaded)
        best = {target: 0}
        heap = [(0, target)]
        while heap:
            d, node = heapq.heappop(heap)
            if d > best.get(node, BIG):
                continue
            step = cfg.entry_cost[board.places[node].kind]
            for nxt, road in board.adj[node]:
                if road in closed:
                    continue
                nd = d + step + (cfg.move_units if road in slow else 0)
                if nd < best.get(nxt, BIG):
                    best[nxt] = nd
                    heapq.heappush(heap, (nd, nxt))
        if len(self._cache) > 2000:
            self._cache.clear()
        self._cache[key] = best
        return best

    @staticmethod
    def blocked_roads(state: NextDayState, kind: str, overloaded: bool) -> tuple[set[int], set[int]]:
        """Roads a ``kind`` vehicle cannot take (diversions; checkpoints when overloaded) and roads
        that cost it an extra move (roadworks, for vans)."""
        closed = {b.road for b in state.blockages
                  if b.kind == "diversion" or (b.kind == "checkpoint" and overloaded)}
        slow = {b.road for b in state.blockages if b.kind == "roadworks" and kind == "van"}
        return closed, slow

    # -- set-up -------------------------------------------------------------------------------
    def _setup(self, board, state: NextDayState, seat: int, legal: list[Action],
               plan: dict[tuple[str, str], int] | None = None) -> Action:
        """The next step towards ``plan`` (default: this level's own contract plan)."""
        for a in legal:
            if isinstance(a, A.FinishSetup):
                return a
        if self.level == "easy" and plan is None:
            return next(a for a in legal if isinstance(a, A.DealRandomly))
        cfg = state.config
        p = state.players[seat]
        plan = plan or self._contract_plan(board, cfg, p.hand)
        have = {(d.pickup, d.dropoff): d for d in p.drafts}
        for d in p.drafts:
            if (d.pickup, d.dropoff) not in plan:
                return A.Unpair(seat, d.pickup)
        for (a, b), n in plan.items():
            if (a, b) not in have:
                return A.Pair(seat, a, b)
        for (a, b), n in plan.items():
            if have[(a, b)].parcels < n:
                return A.AddParcel(seat, a)
            if have[(a, b)].parcels > n:
                return A.RemoveParcel(seat, a)
        return next(a for a in legal if isinstance(a, (A.FinishSetup, A.DealRandomly)))

    def _contract_plan(self, board, cfg, hand: list[str]) -> dict[tuple[str, str], int]:
        """Contracts that pay the neighbour little for a lot of driving: short hops (the price
        floor) far out in the county, with the spare parcels piled on the most remote one."""
        home = board.home
        free = sorted(hand)
        pairs: list[tuple[str, str]] = []
        while len(pairs) < cfg.contracts() and len(free) >= 2:
            best = min(((a, b) for a in free for b in free if a != b),
                       key=lambda ab: (max(cfg.price_floor, cfg.price_per_step * board.distance(*ab))
                                       - 3 * (board.distance(home, ab[0]) + board.distance(home, ab[1])), ab))
            pairs.append(best)
            free.remove(best[0])
            free.remove(best[1])
        plan = {ab: 1 for ab in pairs}
        spare = cfg.parcels() - len(pairs)
        order = sorted(pairs, key=lambda ab: (-board.distance(home, ab[0]), ab))
        i = 0
        while spare > 0 and order:
            plan[order[i % min(2, len(order))]] += 1
            spare -= 1
            i += 1
        return plan

    # -- auctions -----------------------------------------------------------------------------
    def _reserve(self, board, state: NextDayState, seat: int, cid: int) -> int:
        """The lowest price per parcel this seat will still work for."""
        c = state.contracts[cid]
        cfg = state.config
        base = max(cfg.price_floor, cfg.price_per_step * board.distance(c.pickup, c.dropoff))
        share = {"easy": 0.75, "normal": 0.6, "hard": 0.5}[self.level]
        reserve = int(base * share)
        if c.owner == seat:
            # far from my vans and bikes, the contract is worth less to me
            near = min(board.distance(v.place, c.pickup) for v in state.players[seat].vehicles)
            reserve += 2 * near
        return max(cfg.min_bid, reserve)

    def _auction(self, board, state: NextDayState, seat: int, legal: list[Action]) -> Action:
        auc = state.auction
        low = auc.lowest
        step = {"easy": 1, "normal": max(1, low // 12), "hard": max(1, low // 20)}[self.level]
        want = low - step
        bids = {a.amount: a for a in legal if isinstance(a, A.Bid)}
        if want >= self._reserve(board, state, seat, auc.contract) and want in bids:
            return bids[want]
        return next(a for a in legal if isinstance(a, A.Pass))

    # -- a turn -------------------------------------------------------------------------------
    def _turn(self, board, state: NextDayState, seat: int, legal: list[Action], rng: Rng) -> Action:
        cfg = state.config
        me = state.players[seat]
        by_type: dict[type, list[Action]] = {}
        for a in legal:
            by_type.setdefault(type(a), []).append(a)
        if A.Declare in by_type and self._should_declare(board, state, seat):
            return by_type[A.Declare][0]
        for a in by_type.get(A.Deliver, []):
            return a
        for a in by_type.get(A.Collect, []):
            v = me.vehicle(a.vehicle)
            legal_room = cfg.capacity[v.kind] - len(v.cargo)
            if legal_room > 0 or (self.level == "easy" and rng.random() < 0.2):
                return a
            if self.level == "hard" and legal_room == 0 and self._overload_is_safe(board, state, v, a.contract):
                return a
        bid = self._maybe_bid(board, state, seat, by_type.get(A.StartBid, []))
        if bid is not None:
            return bid
        targets = self._targets(board, state, seat)
        moves = by_type.get(A.Drive, [])
        order = sorted(me.vehicles, key=lambda v: (v.status != MOVING, v.kind != "van"))
        for v in order:
            target = targets.get(v.kind)
            if target is None or target == v.place or v.status == DONE:
                continue
            block = self._maybe_move_blockage(board, state, seat, v, target, by_type.get(A.MoveBlockage, []))
            if block is not None:
                return block
            drive = self._best_drive(board, state, v, target, [m for m in moves if m.vehicle == v.kind])
            if drive is not None:
                return drive
        return by_type[A.EndTurn][0]

    def _should_declare(self, board, state: NextDayState, seat: int) -> bool:
        if self.level == "easy":
            return True
        me = state.players[seat]
        mine = me.credits + state.config.declare_bonus_per_parcel * me.delivered
        best_other = max(p.credits for i, p in enumerate(state.players) if i != seat)
        if mine >= best_other or state.round >= state.config.round_limit - 2:
            return True
        # behind: only worth going on if there is a contract to take close by
        home_cost = self.cost_to(board, state, board.home, None)
        return not any(home_cost.get(p, BIG) <= 2 * state.config.move_units
                       for p in self._steal_targets(board, state, seat))

    def _overload_is_safe(self, board, state: NextDayState, v: Vehicle, cid: int) -> bool:
        """True when one parcel over the limit costs no detour around police checkpoints."""
        heavy = Vehicle(v.kind, v.place, v.cargo + [cid])
        for drop in {state.contracts[c].dropoff for c in heavy.cargo}:
            light = self.cost_to(board, state, drop, v).get(v.place, BIG)
            if self.cost_to(board, state, drop, heavy).get(v.place, BIG) > light:
                return False
        return True

    def _steal_targets(self, board, state: NextDayState, seat: int) -> list[str]:
        if self.level == "easy":
            return []
        return [c.pickup for c in state.contracts
                if c.owner != seat and not c.done and c.waiting > 0 and state.in_transit(c.id) == 0
                and c.price > self._reserve(board, state, seat, c.id) + 5]

    def _maybe_bid(self, board, state: NextDayState, seat: int, bids: list[Action]) -> Action | None:
        if not bids or self.level == "easy":
            return None
        mine = state.open_contracts(seat)
        limit = 1 if self.level == "normal" else 2
        if len(mine) > limit:
            return None
        cid = bids[0].contract
        c = state.contracts[cid]
        want = c.price - max(1, c.price // 10)
        if want < self._reserve(board, state, seat, cid):
            return None
        for a in bids:
            if a.contract == cid and a.amount == want:
                return a
        return None

    def _targets(self, board, state: NextDayState, seat: int) -> dict[str, str]:
        """Where the van and the bike should head next."""
        cfg = state.config
        me = state.players[seat]
        mine = state.open_contracts(seat)
        waiting = {c.pickup: c.waiting for c in mine if c.waiting > 0}
        out: dict[str, str] = {}
        for v in sorted(me.vehicles, key=lambda x: x.kind != "van"):
            cost = lambda place: self.cost_to(board, state, place, v).get(v.place, BIG)  # noqa: E731
            drops = [state.contracts[cid].dropoff for cid in v.cargo]
            room = cfg.capacity[v.kind] - len(v.cargo)
            options = [(cost(d) - 2, d) for d in drops]
            if room > 0:
                options += [(cost(p), p) for p, n in waiting.items() if n > 0]
            options = [o for o in options if o[0] < BIG // 2]
            if options:
                options.sort()
                pick = options[0][1]
                if self.level == "easy" and len(options) > 1 and options[1][0] <= options[0][0] + 2:
                    pick = options[1][1]
                out[v.kind] = pick
                if pick in waiting:
                    waiting[pick] -= max(1, room)
                continue
            if not mine:
                steal = self._steal_targets(board, state, seat) if self.level == "hard" or (
                    self.level == "normal" and not self._ahead(state, seat)) else []
                if steal:
                    out[v.kind] = min(steal, key=lambda p: cost(p))
                    continue
            out[v.kind] = board.home
        return out

    def _ahead(self, state: NextDayState, seat: int) -> bool:
        me = state.players[seat]
        mine = me.credits + state.config.declare_bonus_per_parcel * me.delivered
        return mine >= max(p.credits for i, p in enumerate(state.players) if i != seat)

    def _best_drive(self, board, state: NextDayState, v: Vehicle, target: str, moves: list[Action]) -> Action | None:
        """The reachable place nearest the target, if it gets the vehicle any closer."""
        to_target = self.cost_to(board, state, target, v)
        now = to_target.get(v.place, BIG)
        best, best_key = None, (now, 0)
        for m in moves:
            key = (to_target.get(m.dest, BIG), len(m.path))
            if key < best_key:
                best, best_key = m, key
        return best

    def _maybe_move_blockage(self, board, state: NextDayState, seat: int, v: Vehicle, target: str,
                             moves: list[Action]) -> Action | None:
        """Pay to shift a blockage when it costs this vehicle a lot of extra driving."""
        if self.level == "easy" or not moves or v.status != "fresh":
            return None
        cfg = state.config
        me = state.players[seat]
        blocked = self.cost_to(board, state, target, v).get(v.place, BIG)
        for blk in state.blockages:
            cost = cfg.blockage_move_cost[blk.kind]
            if me.credits < cost + 40:
                continue
            trial = state.clone()
            trial.blockages = [b for b in trial.blockages if b.id != blk.id]
            free = self.cost_to(board, trial, target, v).get(v.place, BIG)
            saved = blocked - free
            if saved < (2 if self.level == "hard" else 3) * cfg.move_units * cost // 60:
                continue
            leader = max((i for i in range(len(state.players)) if i != seat), key=lambda i: state.players[i].credits)
            spots = {v2.place for v2 in state.players[leader].vehicles}
            options = [m for m in moves if m.blockage == blk.id]
            if not options:
                continue

            def score(m: Action) -> tuple:
                r = board.roads[m.road]
                near = min(board.distance(r.a, s) for s in spots)
                mine = min(board.distance(r.a, x.place) for x in me.vehicles)
                return (near - min(mine, 3), m.road)

            return min(options, key=score)
        return None


def make_bot(level: str = "normal") -> NextDayBot:
    return NextDayBot(level)
