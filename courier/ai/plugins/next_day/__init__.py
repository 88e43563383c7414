"""Next Day for the search player.

Only set-up hides anything (rivals' hands and half-built contracts) and set-up is left to the
heuristic planner, so a determinization just reseeds the RNG. Play is all planning: plans are
"van to X, bike to Y" pairs (and single drives) towards the places that matter (collection towns
with parcels waiting, delivery towns of parcels aboard, rivals' contracts to undercut, home),
each drive the route planner's cheapest path, plus collect/deliver/transfer/bid/declare/end turn.
Blockage moves come from the heuristic's own choice (there are hundreds of them), and for Hard
from ``_obstruction``.

Hard knows four things more. Its drives are planned ahead: every pair of first stops for the van
and the bike is tried with the rest of the work planned greedily, and the heuristic's drive is
replaced by one towards the best pair. It judges a position by the race to declare: who will
finish first, and what everyone else will have delivered by then. It builds the next seat's
contracts to pay little for a lot of driving, by the same greedy planning. And when a rival is
about to call time, it pays to move a blockage into that rival's way if the race says it is worth
the credits. It hands a parcel to its other vehicle when the race says the work ends sooner, and
plays the instinct's collections and deliveries without searching them.

The plug-in is in four parts, one concern each: this module (hidden information, plans, rollouts,
the promise of parcels), ``race`` (the race to declare: every seat's work planned greedily, and
what each seat is heading for), ``moves`` (Hard's moves judged by the race: drives planned ahead,
transfers, blockages) and ``contracts`` (Hard's contracts for the next seat). The other games'
plug-ins are single modules.
"""

from __future__ import annotations

from typing import Any, Sequence

from courier.ai.plugins import Plan, Plugin
from courier.ai.plugins.next_day.contracts import ContractBuilder
from courier.ai.plugins.next_day.moves import HardMoves
from courier.ai.plugins.next_day.race import RaceToDeclare
from courier.rules.base import Action, GameRules
from courier.rules.next_day import actions as A
from courier.rules.next_day import engine
from courier.rules.next_day.movement import reachable
from courier.rules.next_day.state import DONE, VEHICLES
from courier.rules.rng import Rng


class NextDayPlugin(ContractBuilder, HardMoves, RaceToDeclare, Plugin):
    game_id = "next-day"
    policy_level = "normal"
    scale = 30.0
    turn_cap = 24
    #: the heuristic plans Next Day well and short rollouts judge long drives poorly: overrule it
    #: only when clearly better
    override_margin = 0.03
    #: a short search already finds most of what a long one does here (Normal with three times
    #: its iterations won a fair third against two Normals), so Normal thinks less and Hard's depth
    #: is a real step up: Hard (before it planned ahead) won 42% of 45 games against two such
    #: Normals (37% against the usual ones), and this Normal still won 62% of 90 against two Easys
    #: Hard searches only drives (collections and deliveries it plays at once, see ``_plain``),
    #: each within 0.45 s of processor time: about 0.6 s of thinking a round instead of 2.3 s
    level_budgets = {"normal": {"iterations": 12}, "hard": {"iterations": 100, "time_cap": 0.45}}
    #: Hard only (see ``set_levels``): drives planned for both vehicles, positions judged by the race
    plan_ahead = False
    race = False
    #: Hard only: pay to move a blockage into the way of the rival about to finish first (see
    #: ``HardMoves._obstruction``)
    obstruct = False

    def set_levels(self, prior_level: str, policy_level: str) -> None:
        """Hard is led by the normal heuristic's instinct (the hard heuristic's led the search
        worse: 1 of 15 three-player games against two Normals, against 7 of 12), with its drives
        planned ahead for both vehicles at once, judges positions by the race to declare, and
        builds the next seat's contracts with ``_contracts``. On the same 45 games against two
        Normals: 42% without the first two, 47% with the planner, 56% with both (the race
        evaluation alone: 36%). Over 240 games of normal heuristics, a seat whose contracts
        ``_contracts`` built won 21% of them, not 33%; 38%, not 46%, when the other two also
        chose their first stops with the planner. Hard also moves blockages into the way of a
        rival about to call time (``_obstruction``): on 60 games against two Normals that turned
        3 losses into wins and no win into a loss."""
        self.plan_ahead = self.race = self.obstruct = prior_level == "hard"
        super().set_levels("normal" if self.plan_ahead else prior_level, policy_level)

    def determinize(self, game: GameRules, view: Any, seat: int, rng: Rng) -> Any:
        """Reseed the RNG; during set-up also deal rivals the town cards this seat does not hold
        (their half-built contracts stay unknown: set-up is never searched)."""
        state = super().determinize(game, view, seat, rng)
        if state.phase == "setup":
            pool = [t for t in sorted(game.board(state.config).towns) if t not in state.players[seat].hand]
            rng.shuffle(pool)
            for i, p in enumerate(state.players):
                if i != seat:
                    take, pool = pool[:len(p.hand)], pool[len(p.hand):]
                    p.hand = sorted(take)
        return state

    def lead(self, game: GameRules, state: Any, seat: int, legal: Sequence[Action], rng: Rng,
             deep: bool = False) -> Action:
        """Hard builds its neighbour's contracts with ``_contracts``; all else as for every game."""
        if self.plan_ahead and state.phase == "setup" and not deep:
            board = game.board(state.config)
            return self.prior_bot._setup(board, state, seat, list(legal), self._contracts(board, state, seat))
        return super().lead(game, state, seat, legal, rng, deep)


    def rollout_legal(self, game: GameRules, state: Any, seat: int) -> list[Action]:
        """Legal actions without blockage moves (hundreds of them, rarely worth it) for rollouts;
        the same order and rules as the engine's list otherwise."""
        if state.phase != "play" or state.auction is not None or seat not in engine.to_act(state):
            return game.legal_actions(state, seat)
        cfg = state.config
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
        out: list[tuple[Plan, float]] = []
        seen: set[str] = set()
        if self.plan_ahead and not deep:
            move = self._transfer(game, state, seat, legal)
            if move is not None:
                return [((move,), 1.0)]
            if self._plain(state, seat, pick):
                return [((pick,), 1.0)]
            planned = self._planned(game, state, seat, legal, pick)
            if planned.to_text() != pick.to_text():
                out.append(((planned,), 3.0))
                seen.add(planned.to_text())
            if self.obstruct:
                block = self._obstruction(game, state, seat, legal)
                if block is not None:
                    out.insert(0, ((block,), 3.0))
                    seen.add(block.to_text())
        out.append(((pick,), 3.0))
        seen.add(pick.to_text())

        def add(plan: Plan, w: float) -> None:
            key = " ; ".join(a.to_text() for a in plan)
            if key not in seen and len(out) < width:
                seen.add(key)
                out.append((plan, w))

        drives = self._drives(game, state, seat, legal)
        # a transfer is never searched on its own: rollouts rated a parcel better in the van, then
        # better on the bike, and Hard handed it to and fro until the game was cut off (3 of about
        # 580 recorded games); Hard's transfers come from ``_transfer``, which cannot cycle
        others = [a for a in legal if not isinstance(a, (A.Drive, A.MoveBlockage, A.Transfer))]
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

    def _plain(self, state: Any, seat: int, pick: Action) -> bool:
        """A collection or delivery the instinct picks is played at once, not searched: the
        heuristic only drives to a town to collect or deliver there, and searching each of them
        cost 0.7 s (a third of Hard's thinking) for a choice the search kept nearly always."""
        return isinstance(pick, (A.Deliver, A.Collect))


    def _drives(self, game: GameRules, state: Any, seat: int, legal: Sequence[Action]) -> dict[str, list[Action]]:
        """Per vehicle, the cheapest drive to each place that matters, nearest first."""
        me = state.players[seat]
        board_home = game.board(state.config).home
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
        best: dict[tuple[str, str], A.Drive] = {}
        for a in legal:
            if not isinstance(a, A.Drive) or a.dest not in wanted.get(a.vehicle, ()):
                continue
            if me.vehicle(a.vehicle).status == DONE:
                continue
            key = (a.vehicle, a.dest)
            old = best.get(key)
            if old is None or len(a.path) < len(old.path):
                best[key] = a
        out: dict[str, list[Action]] = {}
        for (kind, _), a in sorted(best.items(), key=lambda kv: (len(kv[1].path), kv[1].to_text())):
            out.setdefault(kind, []).append(a)
        return out

    def estimates(self, game: GameRules, state: Any) -> list[float]:
        if self.race and state.phase == "play":
            return self._race(game, state)
        return self._promise(game, state)

    def _promise(self, game: GameRules, state: Any) -> list[float]:
        """Credits, plus the promise of each unfinished parcel: more the closer it is to being paid
        (aboard and near its delivery town beats waiting far from any of the owner's vehicles), so
        a plan that only moves vehicles still shows its worth before the money comes in."""
        board = game.board(state.config)
        dist = board.distance
        bonus = state.config.declare_bonus_per_parcel if state.phase != "over" else 0
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
