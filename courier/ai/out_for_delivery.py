"""A heuristic courier for Out For Delivery.

It plans one action at a time from the seat's view: deliver what it can, take parcels it can
bring home while they still pay, travel the cheapest way (this round's weather included) toward
the best target, and spend items only when they save more than the 50 gold they are worth at the
end. Levels differ in care: easy chases one target at a time, misjudges values, wastes items now
and then and starts where most parcels wait; normal plans a stop at a time and starts where the
waiting parcels would pay most, and steps steadily toward its stop; hard plans two stops
together (choosing which of a pick-up's parcels to take) and bargains harder. The plans themselves are made in
``courier.ai.out_for_delivery_plan``.
"""

from __future__ import annotations

from typing import Any, Sequence

from courier.ai.base import all_of
from courier.ai.out_for_delivery_plan import AVG_TURN, opening_take, plan_next_stop, static_distances, tour_value
from courier.rules.base import Action, GameRules
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery import engine
from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.config import ITEMS, OfdConfig
from courier.rules.out_for_delivery.state import OfdState, Parcel
from courier.rules.rng import Rng

#: half MP the first round is counted to give: an average roll of two dice
FIRST_ROLL = 14


def opening_worth(cfg: OfdConfig, board: Board, view: OfdState, city: int) -> float:
    """What starting on ``city``'s pick-up should bring: its :func:`opening_take`, picked up at once
    and delivered nearest first after an average first roll, less the fine each costs while aboard.
    Counting only how many parcels wait won about 4 points fewer games against ``greedy``
    (docs/ai.md)."""
    take = opening_take(cfg, board, view, city)
    mp = max(0, FIRST_ROLL - 2 * len(take))
    tile = board.city(city).pickup
    return tour_value(cfg, board, tile, [Parcel(d, 0) for d in take], mp, cfg.max_rounds) - cfg.undelivered_penalty * len(take)


class OfdBot:
    def __init__(self, level: str = "normal") -> None:
        self.level = level
        #: stops a plan looks ahead: the normal courier one, the hard one two (see ``make_plan``)
        self.plan_depth = 2 if level == "hard" else 1
        #: the normal and hard couriers step toward their stop by cloudy-weather distance (see
        #: ``closer``); the normal one followed this round's cheapest path, detours and all, until
        #: 2026-12-02 (docs/ai.md, "Against players not seen before")
        self.steady = level in ("normal", "hard")

    # -- valuations -----------------------------------------------------------------------
    def _rounds_to(self, board: Board, cell: int, target: int, mp_now: int) -> int:
        d = static_distances(board)[target].get(cell, 10_000)
        if d <= mp_now:
            return 0
        return 1 + (d - mp_now) // AVG_TURN

    def parcel_worth(self, cfg: OfdConfig, board: Board, view: OfdState, cell: int, p: Parcel, mp_now: int) -> float:
        """Gold this parcel should bring, delivered as soon as this courier can."""
        k = self._rounds_to(board, cell, board.city(p.dest).delivery, mp_now)
        sq = p.square + k
        if sq >= len(cfg.parcel_board):
            return -cfg.undelivered_penalty - cfg.fall_off_penalty
        return cfg.parcel_board[sq]

    def thing_worth(self, cfg: OfdConfig, board: Board, view: OfdState, seat: int, thing: str) -> float:
        if thing == "nothing":
            return 0.0
        kind, _, value = thing.partition(":")
        if kind == "gold":
            return float(value)
        if kind == "item":
            return cfg.item_worth + (10 if ITEMS[value].kind in ("mp", "plane") else 0)
        d, s = A.parse_parcel(value)
        # a parcel is worth its delivery plus the penalty it will cost if it stays on the board
        return self.parcel_worth(cfg, board, view, view.players[seat].cell, Parcel(d, s), 0) + cfg.undelivered_penalty

    def rounds_left(self, cfg: OfdConfig, view: OfdState) -> float:
        """Rounds the game should still last after this one: the deliveries still needed for the
        end at the pace the table has delivered so far (the search's evaluation uses it)."""
        if view.delivered_total >= cfg.deliveries_to_end or view.round >= cfg.max_rounds:
            return 0.0
        pace = max(view.delivered_total / max(1, view.round), 0.4)
        return min((cfg.deliveries_to_end - view.delivered_total) / pace, cfg.max_rounds - view.round)

    # -- the decision ---------------------------------------------------------------------
    def choose(self, game: GameRules, view: Any, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        cfg: OfdConfig = view.config
        board: Board = game.board(cfg)
        if view.phase == "start":
            return self._start(board, view, legal, rng)
        if view.phase == "answer":
            return self._answer(cfg, board, view, seat, legal, rng)
        if view.phase == "roll":
            return legal[0]
        return self._act(game, cfg, board, view, seat, legal, rng)

    def _start(self, board: Board, view: OfdState, legal: list[Action], rng: Rng) -> Action:
        """Normal and hard start where the waiting parcels pay (:func:`opening_worth`); easy where
        the most parcels wait. Counting parcels, the normal courier started on a city whose first
        loads were worth 118 gold to the outside rusher's 179, and won 3.5-4 points fewer games
        against each outside style (docs/ai.md)."""
        if self.level != "easy":
            return max(all_of(A.StartCity, legal), key=lambda a: opening_worth(view.config, board, view, a.city) + rng.random() * 0.5)

        def score(a: Action) -> float:
            assert isinstance(a, A.StartCity)
            region = board.city(a.city).region
            here = len(view.waiting[a.city - 1])
            near = sum(len(view.waiting[c.number - 1]) for c in board.cities if c.region == region)
            return here * 2 + near + rng.random() * 3

        return max(legal, key=score)

    def _answer(self, cfg: OfdConfig, board: Board, view: OfdState, seat: int, legal: list[Action], rng: Rng) -> Action:
        offer = view.offer
        assert offer is not None
        gain = self.thing_worth(cfg, board, view, seat, offer.give) - self.thing_worth(cfg, board, view, seat, offer.get)
        need = {"easy": -15.0, "normal": 0.0, "hard": 20.0}[self.level]
        if self.level == "easy":
            need += rng.random() * 30 - 15
        want = A.Accept if gain > need else A.Decline
        return next(a for a in legal if isinstance(a, want))

    def _act(self, game: GameRules, cfg: OfdConfig, board: Board, view: OfdState, seat: int, legal: list[Action], rng: Rng) -> Action:
        me = view.players[seat]
        by_kind: dict[type, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(type(a), []).append(a)
        end = by_kind[A.EndTurn][0]
        final_round = view.delivered_total >= cfg.deliveries_to_end or view.round >= cfg.max_rounds

        # 1. deliveries pay at once
        if A.Deliver in by_kind:
            return max(all_of(A.Deliver, by_kind[A.Deliver]), key=lambda a: a.square)
        # 2. a ski mask on a rival's tile takes their best parcel
        if A.Steal in by_kind and (self.level != "easy" or rng.random() < 0.5):
            best = max(all_of(A.Steal, by_kind[A.Steal]), key=lambda a: self.parcel_worth(cfg, board, view, me.cell, Parcel(a.dest, a.square), view.mp))
            if self.parcel_worth(cfg, board, view, me.cell, Parcel(best.dest, best.square), view.mp) > 0:
                return best
        # 3. parcels worth carrying: below easy, only when the plan stops here
        if A.Pickup in by_kind:
            pick = self._pickup(cfg, board, view, seat, by_kind[A.Pickup], final_round, rng) if self.level == "easy" \
                else self._planned_pickup(cfg, board, view, seat, by_kind[A.Pickup], final_round, rng)
            if pick is not None:
                return pick
        # 4. selling high
        if A.Sell in by_kind and view.obstacle == "buy_back":
            return min(all_of(A.Sell, by_kind[A.Sell]), key=lambda a: self.thing_worth(cfg, board, view, seat, f"item:{a.item}"))
        # never buying: an item costs 75-100 gold and is worth 50 at the end, and the heuristic that
        # bought one at a sale lost more than the items won it (docs/ai.md)
        # 5. a trade that helps us and that the partner should accept
        if A.Offer in by_kind and self.level != "easy":
            offer = self._offer(cfg, board, view, seat, by_kind[A.Offer])
            if offer is not None:
                return offer
        # 6. travel toward the best target
        target = self._target(cfg, board, view, seat, final_round, rng)
        if target is None:
            return end
        item = self._item_for(game, cfg, board, view, seat, by_kind, target, rng)
        if item is not None:
            return item
        step = self._step(cfg, board, view, seat, by_kind, target)
        return step if step is not None else end

    def _planned_pickup(self, cfg: OfdConfig, board: Board, view: OfdState, seat: int, picks: list[Action],
                        final_round: bool, rng: Rng) -> Action | None:
        """The pick-up the plan makes here: of the parcels its stop here takes, the one for the
        nearest destination; none when the plan's next stop is elsewhere. Taking parcels whenever
        they paid, whatever the plan, spent the movement points a delivery two steps away needed,
        round after round, while the parcels aboard slid off the board (docs/ai.md)."""
        stop = plan_next_stop(cfg, board, view, seat, final_round, self.rounds_left(cfg, view), self.plan_depth)
        if stop is None:  # no plan pays: the one-parcel rule, which knows the end of the game
            return self._pickup(cfg, board, view, seat, picks, final_round, rng)
        here = view.players[seat].cell
        if stop.tile != here:
            return None
        sd = static_distances(board)
        for a in sorted(all_of(A.Pickup, picks), key=lambda a: sd[board.city(a.dest).delivery].get(here, 10_000)):
            if a.dest in stop.take:
                return a
        return None

    def _pickup(self, cfg: OfdConfig, board: Board, view: OfdState, seat: int, picks: list[Action], final_round: bool, rng: Rng) -> Action | None:
        me = view.players[seat]
        carrying = {p.dest for p in me.parcels}
        best, best_score = None, 0.0
        left = self.rounds_left(cfg, view)
        for a in picks:
            assert isinstance(a, A.Pickup)
            mp_after = view.mp - engine.handling_cost(board, view, seat)
            if self.level != "easy" and self._rounds_to(board, me.cell, board.city(a.dest).delivery, mp_after) > left - 0.5:
                continue  # the game should be over before it gets there: 50 gold of fine, not a fee
            worth = self.parcel_worth(cfg, board, view, me.cell, Parcel(a.dest, 0), mp_after)
            if final_round and self._rounds_to(board, me.cell, board.city(a.dest).delivery, mp_after) > 0:
                worth = -cfg.undelivered_penalty
            score = worth + (25 if a.dest in carrying else -30 * len(carrying))
            if self.level == "easy":
                score *= 0.4 + rng.random() * 1.2
            if self.level == "hard" and a.dest in carrying:
                score += 25  # one trip delivers both
            if score > best_score and worth >= (40 if self.level == "easy" else 75):
                best, best_score = a, score
        return best

    def _offer(self, cfg: OfdConfig, board: Board, view: OfdState, seat: int, offers: list[Action]) -> Action | None:
        best, best_gain = None, 40.0
        for a in offers:
            assert isinstance(a, A.Offer)
            if a.give == "nothing":
                continue  # we never ask for gifts
            mine = self.thing_worth(cfg, board, view, seat, a.get) - self.thing_worth(cfg, board, view, seat, a.give)
            theirs = self.thing_worth(cfg, board, view, a.partner, a.give) - self.thing_worth(cfg, board, view, a.partner, a.get)
            if theirs > 0 and mine > best_gain:
                best, best_gain = a, mine
        return best

    def _target(self, cfg: OfdConfig, board: Board, view: OfdState, seat: int, final_round: bool, rng: Rng) -> int | None:
        if self.level != "easy":
            stop = plan_next_stop(cfg, board, view, seat, final_round, self.rounds_left(cfg, view), self.plan_depth)
            if stop is not None:
                return stop.tile
        # the easy courier's rule, and everyone's when no plan pays: the best single target
        me = view.players[seat]
        options: list[tuple[float, int]] = []
        boost = sum(2 * ITEMS[i].mp for i in me.items if ITEMS[i].kind == "mp")
        for p in me.parcels:
            cell = board.city(p.dest).delivery
            mp = view.mp
            worth = self.parcel_worth(cfg, board, view, me.cell, p, mp)
            if boost:  # an MP item may bring it home this turn, if that is worth the item
                boosted = self.parcel_worth(cfg, board, view, me.cell, p, mp + boost)
                if boosted - worth >= cfg.item_worth:
                    worth, mp = boosted, mp + boost
            rounds = self._rounds_to(board, me.cell, cell, mp)
            options.append(((worth + cfg.undelivered_penalty) / (1 + rounds), cell))
        if len(me.parcels) < cfg.max_carried and not final_round:
            for city in board.cities:
                waiting = view.waiting[city.number - 1]
                if not waiting or city.pickup == me.cell:
                    continue
                rounds = self._rounds_to(board, me.cell, city.pickup, view.mp)
                trip = min(static_distances(board)[city.pickup].get(board.city(d).delivery, 10_000) for d in waiting)
                worth = cfg.parcel_board[min(len(cfg.parcel_board) - 1, rounds + trip // AVG_TURN)]
                worth *= min(1.0 + 0.15 * (len(waiting) - 1), 1.6)
                options.append((worth * 0.8 / (1 + rounds), city.pickup))
        if not options:
            return None
        if self.level == "easy":
            options = [(v * (0.3 + rng.random() * 1.4), c) for v, c in options]
        return max(options)[1]

    def _reach(self, board: Board, view: OfdState, seat: int, target: int) -> int:
        dist, _ = engine.distances(board, view, seat)
        return dist.get(target, 1 << 30) + engine.handling_cost(board, view, seat)

    def _item_for(self, game: GameRules, cfg: OfdConfig, board: Board, view: OfdState, seat: int, by_kind: dict[type, list[Action]], target: int, rng: Rng) -> Action | None:
        """Use an MP or weather item when it brings a delivery into this turn and that saves enough."""
        me = view.players[seat]
        dest = board.city_of[target]
        if target != board.city(dest).delivery if dest else True:
            return None
        parcels = [p for p in me.parcels if p.dest == dest]
        if not parcels or self._reach(board, view, seat, target) <= view.mp:
            return None
        now = sum(cfg.parcel_board[p.square] for p in parcels)
        later = sum(cfg.parcel_board[p.square + 1] if p.square + 1 < len(cfg.parcel_board) else -cfg.fall_off_penalty for p in parcels)
        need = cfg.item_worth if self.level != "easy" else rng.random() * cfg.item_worth
        if now - later < need:
            return None
        for a in by_kind.get(A.UseItem, []) + by_kind.get(A.Fly, []):
            if isinstance(a, A.Fly) and a.cell != target:
                continue
            trial = view.clone()
            game.apply(trial, a)
            if isinstance(a, A.Fly) or self._reach(board, trial, seat, target) <= trial.mp:
                return a
        return None

    def _step(self, cfg: OfdConfig, board: Board, view: OfdState, seat: int, by_kind: dict[type, list[Action]], target: int) -> Action | None:
        """The legal move toward ``target``. The easy courier goes furthest along this round's
        cheapest path; the normal and hard ones step steadily (see ``closer``)."""
        me = view.players[seat]
        dist, prev = engine.distances(board, view, seat)
        moves: dict[int, Action] = {a.cell: a for a in all_of(A.Move, by_kind.get(A.Move, []))}
        if target not in dist:
            boats = all_of(A.BoatMove, by_kind.get(A.BoatMove, []))
            if boats and self.level != "easy":
                return min(boats, key=lambda a: static_distances(board)[target].get(a.cell, 1 << 30))
        if target not in dist or self.steady:  # blocked this round: get as close as the roads allow
            return self.closer(board, me.cell, target, moves, dist)
        path = engine.path_to(prev, me.cell, target)
        for c in reversed(path[1:]):
            if c in moves:
                return moves[c]
        return None

    @staticmethod
    def closer(board: Board, cell: int, target: int, moves: dict[int, Action], dist: dict[int, int]) -> Action | None:
        """The move in reach that leaves the least cloudy-weather travel to ``target`` (the cheaper
        move this round on a tie), or None, ending the turn, when no square in reach is closer
        than ``cell``. A one-round rock slide or storm can make this round's cheapest path a long
        detour the other way; following it, then coming back once the way reopens, cost the hard
        courier whole games (docs/ai.md, "the courier walked away from where it was going")."""
        still = static_distances(board)[target]
        reach = [c for c in moves if c in dist]
        if not reach:
            return None
        best = min(reach, key=lambda c: (still.get(c, 1 << 30), dist[c]))
        return moves[best] if still.get(best, 1 << 30) < still.get(cell, 1 << 30) else None


def make_bot(level: str = "normal") -> OfdBot:
    return OfdBot(level)
