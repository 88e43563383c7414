"""Next Day for the search player.

Only set-up hides anything (rivals' hands and half-built contracts) and set-up is left to the
heuristic planner, so a determinization just reseeds the RNG. Play is all planning: plans are
"van to X, bike to Y" pairs (and single drives) towards the places that matter (collection towns
with parcels waiting, delivery towns of parcels aboard, rivals' contracts to undercut, home),
each drive the route planner's cheapest path, plus collect/deliver/transfer/bid/declare/end turn.
Blockage moves come only from the heuristic's own choice (there are hundreds of them).
"""

from __future__ import annotations

from typing import Any, Sequence

from courier.ai.plugins import Plan, Plugin
from courier.rules.base import Action, GameRules
from courier.rules.next_day import actions as A
from courier.rules.next_day import engine
from courier.rules.next_day.movement import reachable
from courier.rules.next_day.state import DONE, VEHICLES
from courier.rules.rng import Rng


class NextDayPlugin(Plugin):
    game_id = "next-day"
    policy_level = "normal"
    scale = 30.0
    turn_cap = 24
    #: the heuristic plans Next Day well and short rollouts judge long drives poorly: overrule it
    #: only when clearly better
    override_margin = 0.03
    #: the hard heuristic's instinct leads the search worse than the normal one (hard search with
    #: it won 1 of 15 three-player games against two normal searchers; with the normal one 7 of 12)
    prior_levels = {"hard": "normal"}
    #: a short search already finds most of what a long one does here (Normal with three times
    #: its iterations won a fair third against two Normals), so Normal thinks less and Hard's depth
    #: is a real step up: Hard won 42% of 45 games against two such Normals (37% against the usual
    #: ones), and this Normal still won 62% of 90 games against two Easy players
    level_budgets = {"normal": {"iterations": 12}}

    def determinize(self, game: GameRules, view: Any, seat: int, rng: Rng) -> Any:
        """Reseed the RNG; during set-up also deal rivals the town cards this seat does not hold
        (their half-built contracts stay unknown: set-up is never searched)."""
        state = super().determinize(game, view, seat, rng)
        if state.phase == "setup":
            pool = [t for t in sorted(game.board(state.cfg).towns) if t not in state.players[seat].hand]
            rng.shuffle(pool)
            for i, p in enumerate(state.players):
                if i != seat:
                    take, pool = pool[:len(p.hand)], pool[len(p.hand):]
                    p.hand = sorted(take)
        return state

    def rollout_legal(self, game: GameRules, state: Any, seat: int) -> list[Action]:
        """Legal actions without blockage moves (hundreds of them, rarely worth it) for rollouts;
        the same order and rules as the engine's list otherwise."""
        if state.phase != "play" or state.auction is not None or seat not in engine.to_act(state):
            return game.legal_actions(state, seat)
        cfg = state.cfg
        board = game.board(cfg)
        p = state.players[seat]
        out: list[Action] = []
        for kind in VEHICLES:
            v = p.vehicle(kind)
            for c in state.contracts:
                if c.owner == seat and not c.done:
                    if c.dropoff == v.place and c.id in v.cargo:
                        out.append(A.Deliver(seat, kind, c.id))
                    if c.pickup == v.place and c.waiting > 0 and engine.room(cfg, v) > 0:
                        out.append(A.Collect(seat, kind, c.id))
            other = p.vehicle("bike" if kind == "van" else "van")
            if other.place == v.place and engine.room(cfg, other) > 0:
                out += [A.Transfer(seat, kind, cid) for cid in sorted(set(v.cargo))]
            for cid in engine.biddable(state, seat, v.place):
                price = state.contracts[cid].price
                out += [A.StartBid(seat, kind, cid, x) for x in range(price - 1, cfg.min_bid - 1, -1)]
            for _, reach in sorted(reachable(state, board, cfg, seat, kind).items()):
                out.append(A.Drive(seat, kind, reach.path))
        if engine.can_declare(state, board, seat):
            out.append(A.Declare(seat))
        out.append(A.EndTurn(seat))
        return out

    def mid_turn(self, game: GameRules, state: Any, seat: int) -> bool:
        return state.phase == "play" and state.auction is None and state.current == seat

    def plans(self, game: GameRules, state: Any, seat: int, legal: Sequence[Action], rng: Rng,
              width: int, deep: bool = False) -> list[tuple[Plan, float]]:
        pick = self.lead(game, state, seat, legal, rng, deep)
        if state.phase != "play":
            return [((pick,), 1.0)]
        out: list[tuple[Plan, float]] = [((pick,), 3.0)]
        seen = {pick.to_text()}

        def add(plan: Plan, w: float) -> None:
            key = " ; ".join(a.to_text() for a in plan)
            if key not in seen and len(out) < width:
                seen.add(key)
                out.append((plan, w))

        drives = self._drives(game, state, seat, legal)
        others = [a for a in legal if not isinstance(a, (A.Drive, A.MoveBlockage))]
        for a in others:
            if isinstance(a, (A.Deliver, A.Collect, A.Declare, A.Bid, A.Pass)):
                add((a,), 1.5)
        vans, bikes = drives.get("van", []), drives.get("bike", [])
        for v in vans[:2]:
            for b in bikes[:2]:
                add((v, b), 1.2)
        for d in vans[:3] + bikes[:3]:
            add((d,), 1.0)
        for a in others:
            add((a,), 0.6)
        return out

    def _drives(self, game: GameRules, state: Any, seat: int, legal: Sequence[Action]) -> dict[str, list[Action]]:
        """Per vehicle, the cheapest drive to each place that matters, nearest first."""
        me = state.players[seat]
        board_home = game.board(state.cfg).home
        wanted: dict[str, set[str]] = {}
        carried = {cid for v in me.vehicles for cid in v.cargo}
        by_id = {c.id: c for c in state.contracts}
        for v in me.vehicles:
            places = {board_home}
            for c in state.contracts:
                if c.done:
                    continue
                if c.waiting > 0:
                    places.add(c.pickup)
                if c.id in carried:
                    places.add(c.dropoff)
            for cid in v.cargo:
                if cid in by_id:
                    places.add(by_id[cid].dropoff)
            wanted[v.kind] = places
        best: dict[tuple[str, str], Action] = {}
        for a in legal:
            if not isinstance(a, A.Drive) or a.dest not in wanted.get(a.vehicle, ()):
                continue
            if me.vehicle(a.vehicle).status == DONE:
                continue
            key = (a.vehicle, a.dest)
            old = best.get(key)
            if old is None or len(a.path) < len(old.path):  # type: ignore[attr-defined]
                best[key] = a
        out: dict[str, list[Action]] = {}
        for (kind, _), a in sorted(best.items(), key=lambda kv: (len(kv[1].path), kv[1].to_text())):  # type: ignore[attr-defined]
            out.setdefault(kind, []).append(a)
        return out

    def estimates(self, game: GameRules, state: Any) -> list[float]:
        """Credits, plus the promise of each unfinished parcel: more the closer it is to being paid
        (aboard and near its delivery town beats waiting far from any of the owner's vehicles), so
        a plan that only moves vehicles still shows its worth before the money comes in."""
        board = game.board(state.cfg)
        dist = board.distance
        bonus = state.cfg.declare_bonus_per_parcel if state.phase != "over" else 0
        out = []
        for seat, p in enumerate(state.players):
            # a rival may declare the end at any time: promises are worth far less than credits,
            # and parcels already delivered promise this seat's own end bonus
            value = float(p.credits) + 0.5 * bonus * p.delivered
            by_id = {c.id: c for c in state.contracts if c.owner == seat and not c.done}
            for v in p.vehicles:
                for cid in v.cargo:
                    c = by_id.get(cid)
                    if c is not None:
                        value += c.price * max(0.15, 0.6 - 0.04 * dist(v.place, c.dropoff))
            for c in by_id.values():
                if c.waiting > 0:
                    near = min(dist(v.place, c.pickup) for v in p.vehicles)
                    value += c.waiting * c.price * max(0.05, 0.25 - 0.02 * near)
            out.append(value)
        return out


def make_plugin() -> NextDayPlugin:
    return NextDayPlugin()
