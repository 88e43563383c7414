"""Next Day's race to declare, for Hard's evaluation and its moves.

Whoever first has no contracts left and both vehicles home may call time: it earns every parcel and
the bonus, everyone else only what they have delivered by then. Every seat's remaining work is
planned greedily (nearest useful stop per vehicle, then home), which says when it would be done and
when each parcel would be delivered.
"""

from __future__ import annotations

import math
from typing import Any

from courier.ai.plugins import _sigmoid
from courier.rules.base import GameRules
from courier.rules.next_day.state import DONE, Vehicle


class RaceToDeclare:
    """The race, for the Next Day plug-in (``bot`` is its rollout heuristic, which knows the
    driving costs)."""

    bot: Any
    #: how many rounds' lead makes finishing first e times likelier, and how sharply a parcel
    #: counts as delivered in time; the share of each turn's 10 units a greedy plan really uses
    race_spread = 0.5
    race_blur = 0.5
    race_pace = 0.85

    def _race(self, game: GameRules, state: Any) -> list[float]:
        """Credits each seat is heading for when the first seat to finish its work calls time.

        Every seat's remaining work is planned greedily (nearest useful stop per vehicle, then
        home); a seat's finishing time is when both its vehicles are home, in rounds from now.
        Whoever finishes first declares: it earns all its parcels and the bonus; the others earn
        the parcels they would deliver before then. Close races are shared out smoothly."""
        board = game.board(state.config)
        return self._race_values(state, [self._schedule(board, state, s) for s in range(len(state.players))])

    def _race_values(self, state: Any, plans: list[tuple[float, list[tuple[float, int]]]]) -> list[float]:
        """Per seat, credits plus what its plan earns, over who finishes first (the nearer a
        seat's finishing time to the earliest, the likelier it declares)."""
        cfg = state.config
        n = len(state.players)
        finish = [t for t, _ in plans]
        weights = [math.exp(-(t - min(finish)) / self.race_spread) for t in finish]
        total_w = sum(weights)
        out = [float(p.credits) for p in state.players]
        for d in range(n):
            pd = weights[d] / total_w
            end = finish[d]
            for s in range(n):
                _, deliveries = plans[s]
                if s == d:
                    gain = sum(price for _, price in deliveries)
                    gain += cfg.declare_bonus_per_parcel * (state.players[s].delivered + len(deliveries))
                else:
                    gain = sum(price * _sigmoid((end - t) / self.race_blur) for t, price in deliveries)
                out[s] += pd * gain
        return out

    def _schedule(self, board: Any, state: Any, seat: int,
                  first: dict[str, str] | None = None) -> tuple[float, list[tuple[float, int]]]:
        """(rounds until both vehicles are home with every parcel delivered, [(round, price)] of
        each delivery), planned greedily; rounds count from now, seats later in the round later."""
        cfg = state.config
        p = state.players[seat]
        n = len(state.players)
        offset = ((seat - state.current) % n) / n
        by_id = {c.id: c for c in state.contracts}
        waiting: dict[str, list[list]] = {}
        for c in state.contracts:
            if c.owner == seat and not c.done and c.waiting > 0:
                waiting.setdefault(c.pickup, []).append([c.dropoff, c.price, c.waiting])
        cars = []
        for v in p.vehicles:
            used = 0
            if seat == state.current:
                used = cfg.move_units if v.status == DONE else v.used
            cargo = [(by_id[cid].dropoff, by_id[cid].price) for cid in v.cargo if cid in by_id]
            cars.append([used, v.place, cargo, v.kind, False, (first or {}).get(v.kind)])
        deliveries: list[tuple[float, int]] = []
        speed = cfg.move_units * self.race_pace
        tables: dict[tuple[str, str], dict[str, int]] = {}

        def units(kind: str, frm: str, to: str) -> float:
            """``_units`` with this plan's distance tables kept at hand (the same few targets are
            asked for at every step)."""
            if frm == to:
                return 0.0
            table = tables.get((kind, to))
            if table is None:
                table = tables[(kind, to)] = self.bot.cost_to(board, state, to, Vehicle(kind, to))
            cost = table.get(frm)
            return float(cost) if cost is not None else 1e4

        for _ in range(60):
            live = [c for c in cars if not c[4]]
            if not live:
                break
            car = min(live, key=lambda c: c[0])
            used, place, cargo, kind, _, forced = car
            car[5] = None
            room = cfg.capacity[kind] - len(cargo)
            options = [(units(kind, place, d) - 2, d) for d, _ in cargo]
            if room > 0:
                options += [(units(kind, place, q), q) for q, jobs in waiting.items() if jobs]
            if forced is not None and forced != place and any(q == forced for _, q in options):
                options = [(0.0, forced)]
            if not options:
                car[0] += units(kind, place, board.home)
                car[1] = board.home
                car[4] = True
                continue
            _, stop = min(options)
            car[0] += units(kind, place, stop)
            car[1] = stop
            kept = []
            for d, price in cargo:
                if d == stop:
                    deliveries.append((offset + car[0] / speed, price))
                else:
                    kept.append((d, price))
            jobs = waiting.get(stop, [])
            room = cfg.capacity[kind] - len(kept)
            while room > 0 and jobs:
                job = jobs[0]
                kept.append((job[0], job[1]))
                job[2] -= 1
                room -= 1
                if job[2] == 0:
                    jobs.pop(0)
            car[2] = kept
        end = offset + max(c[0] for c in cars) / speed
        return end, deliveries
