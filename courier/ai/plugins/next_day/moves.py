"""Next Day's Hard moves that the race judges: the heuristic's drive replaced by one towards the
best pair of first stops for the van and the bike, a parcel handed to the other vehicle when the
work then ends sooner, and a blockage moved into the way of the rival about to call time.
"""

from __future__ import annotations

from typing import Any, Sequence

from courier.rules.base import Action, GameRules
from courier.rules.next_day import actions as A
from courier.rules.next_day.state import DONE, Vehicle


class HardMoves:
    """Hard's moves, for the Next Day plug-in (with ``RaceToDeclare``: ``_schedule`` and
    ``_race_values``; ``bot`` is its rollout heuristic)."""

    bot: Any
    #: a blockage is moved only against a rival at most ``obstruct_horizon`` rounds from done, and
    #: only when the race says it gains at least ``obstruct_gain`` credits more than it costs
    obstruct_gain = 20.0
    obstruct_horizon = 3.0
    #: hand a parcel to the other vehicle when that finishes the work this many rounds sooner (or
    #: gains ten times as many credits in the race)
    transfer_gain = 0.3

    def _transfer(self, game: GameRules, state: Any, seat: int, legal: Sequence[Action]) -> Action | None:
        """A parcel handed to the other vehicle when the race, with both vehicles' first stops
        planned well, says the work then ends at least ``transfer_gain`` rounds sooner (or
        earns ``transfer_gain`` x 10 credits more against the best rival); else None. The
        heuristic never transfers: a bike stuck with a far parcel while the van has room is
        the usual case."""
        moves = [a for a in legal if isinstance(a, A.Transfer)]
        if not moves or state.current != seat or state.auction is not None:
            return None
        board = game.board(state.config)
        n = len(state.players)
        base = [self._schedule(board, state, s) for s in range(n)]
        now_key, now_end = self._best_first(board, state, seat, base)
        best, best_key = None, None
        for a in moves:
            trial = state.clone()
            game.apply(trial, a)
            key, end = self._best_first(board, trial, seat, base)
            gains = key > now_key + 10.0 * self.transfer_gain or (
                end <= now_end - self.transfer_gain and key >= now_key)
            if gains and (best_key is None or key > best_key + 1e-9):
                best, best_key = a, key
        return best

    def _best_first(self, board: Any, state: Any, seat: int,
                    base: list[tuple[float, list[tuple[float, int]]]]) -> tuple[float, float]:
        """(this seat's race lead over its best rival, its finishing time) with the best pair of
        first stops for its van and bike; the rivals' plans are ``base``."""
        best_key, best_end = -1e18, 1e18
        for first in self._first_stops(state, seat):
            plans = list(base)
            plans[seat] = self._schedule(board, state, seat, first)
            values = self._race_values(state, plans)
            key = values[seat] - max(x for i, x in enumerate(values) if i != seat)
            if key > best_key:
                best_key = key
            best_end = min(best_end, plans[seat][0])
        return best_key, best_end

    def _first_stops(self, state: Any, seat: int) -> list[dict[str, str]]:
        """Every pair of first stops for the van and the bike (a delivery town of a parcel aboard,
        a collection town while there is room, or the greedy plan's own stop)."""
        cfg = state.config
        stops: dict[str, list[str | None]] = {}
        for v in state.players[seat].vehicles:
            options: list[str | None] = [None]
            if v.status != DONE:
                places = {state.contracts[cid].dropoff for cid in v.cargo}
                if len(v.cargo) < cfg.capacity[v.kind]:
                    places |= {c.pickup for c in state.open_contracts(seat) if c.waiting > 0}
                options += sorted(places - {v.place})
            stops[v.kind] = options
        return [{k: t for k, t in (("van", tv), ("bike", tb)) if t is not None}
                for tv in stops["van"] for tb in stops["bike"]]


    def _planned(self, game: GameRules, state: Any, seat: int, legal: Sequence[Action], pick: Action) -> Action:
        """The heuristic's drive replaced by one towards the first stops of the best plan for both
        vehicles: every pair of first stops (a delivery town of a parcel aboard, or a collection
        town while there is room; or the greedy plan's own stop), the rest of the work planned
        greedily, judged by the race against the rivals' own greedy plans."""
        if not isinstance(pick, A.Drive):
            return pick
        board = game.board(state.config)
        me = state.players[seat]
        n = len(state.players)
        base = [self._schedule(board, state, s) for s in range(n)]
        best, best_key = None, None
        for first in self._first_stops(state, seat):
            plans = list(base)
            plans[seat] = self._schedule(board, state, seat, first)
            values = self._race_values(state, plans)
            key = values[seat] - max(x for i, x in enumerate(values) if i != seat)
            if best_key is None or key > best_key + 1e-9:
                best, best_key = first, key
        target = (best or {}).get(pick.vehicle)
        if target is None or target == pick.dest:
            return pick
        v = me.vehicle(pick.vehicle)
        left = self.bot.cost_to(board, state, target, v)
        drives = [a for a in legal if isinstance(a, A.Drive) and a.vehicle == pick.vehicle]
        if not drives:
            return pick
        drive = min(drives, key=lambda a: (left.get(a.dest, 10**6), len(a.path), a.to_text()))
        if left.get(drive.dest, 10**6) >= left.get(v.place, 10**6):
            return pick
        return drive

    def _obstruction(self, game: GameRules, state: Any, seat: int, legal: Sequence[Action]) -> Action | None:
        """A blockage moved onto the road the rival who would finish first is about to take, when
        the race (paid for: the credits leave this seat's value) comes out at least
        ``obstruct_gain`` better for this seat against its best rival; else None."""
        moves = [a for a in legal if isinstance(a, A.MoveBlockage)]
        if not moves or state.phase != "play" or state.current != seat or state.auction is not None:
            return None
        board = game.board(state.config)
        n = len(state.players)
        base = [self._schedule(board, state, s) for s in range(n)]

        def key(values: list[float]) -> float:
            return values[seat] - max(x for i, x in enumerate(values) if i != seat)

        rival = min((s for s in range(n) if s != seat), key=lambda s: (base[s][0], s))
        if base[rival][0] > min(base[seat][0] + 1.0, self.obstruct_horizon):
            return None
        kinds = {b.id: b.kind for b in state.blockages}
        roads: dict[int, set[str]] = {}
        targets = self.bot._targets(board, state, rival)
        for v in state.players[rival].vehicles:
            target = targets.get(v.kind)
            if target is None or v.status == DONE and v.place == board.home:
                continue
            for road in self._path(board, state, v, target):
                roads.setdefault(road, set()).add(v.kind)
        overloaded = any(len(v.cargo) > state.config.capacity[v.kind] for v in state.players[rival].vehicles)
        best, best_key = None, key(self._race_values(state, base)) + self.obstruct_gain
        for a in moves:
            hit = roads.get(a.road)
            kind = kinds.get(a.blockage)
            if not hit or (kind == "roadworks" and "van" not in hit) or (kind == "checkpoint" and not overloaded):
                continue  # roadworks stop only vans, checkpoints only illegal loads
            trial = state.clone()
            game.apply(trial, a)
            value = key(self._race_values(trial, [self._schedule(board, trial, s) for s in range(n)]))
            if value > best_key + 1e-9:
                best, best_key = a, value
        return best

    def _path(self, board: Any, state: Any, v: Vehicle, target: str) -> list[int]:
        """Road ids of ``v``'s cheapest route to ``target``."""
        cfg = state.config
        dist = self.bot.cost_to(board, state, target, v)
        closed, slow = self.bot.blocked_roads(state, v.kind, len(v.cargo) > cfg.capacity[v.kind])
        place, out = v.place, []
        while place != target and len(out) < 40:
            here = dist.get(place)
            step = None
            for nxt, road in board.adj[place]:
                d = dist.get(nxt)
                if road in closed or d is None:
                    continue
                if d + cfg.entry_cost[board.places[nxt].kind] + (cfg.move_units if road in slow else 0) == here:
                    step = (nxt, road)
                    break
            if step is None:
                break
            place = step[0]
            out.append(step[1])
        return out
