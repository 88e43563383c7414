"""Next Day yardsticks, from the rulebook: a contract pays its price for every parcel delivered
from its collection town to its delivery town; whoever has no contracts left and both vehicles
home may call time, and earns 5 credits a parcel delivered; most credits wins.

``greedy`` judges each action by credits plus what its contracts should still pay (each parcel
discounted by the road still to drive for it), against the best rival's credits; ``rush`` sends
each vehicle to its nearest useful stop (a delivery town for what it carries, else a collection
town with parcels waiting, else home). Both take the dealt contracts as they come ("deal
randomly"), never challenge for a rival's contract nor move blockages, and declare the end as
soon as they may.
"""

from __future__ import annotations

from typing import Any

from courier.ai.yardsticks import OnePly
from courier.rules.base import Action, GameRules
from courier.rules.next_day import actions as A
from courier.rules.rng import Rng

#: road sections a vehicle covers in an average turn
SECTIONS_PER_TURN = 4.0


def _dist(game: GameRules, state: Any, a: str, b: str) -> float:
    return float(min(game.board(state.config).distance(a, b), 40))


def _owned(state: Any, seat: int) -> list[Any]:
    return [c for c in state.contracts if c.owner == seat and not c.done]


def _work_left(game: GameRules, state: Any, seat: int) -> tuple[float, float]:
    """(credits the seat's contracts should still pay, road sections of the nearest work)."""
    me = state.players[seat]
    by_id = {c.id: c for c in state.contracts}
    promise, nearest = 0.0, 0.0
    stops: list[float] = []
    for v in me.vehicles:
        for cid in v.cargo:
            c = by_id.get(cid)
            if c is None or c.owner != seat:
                continue
            d = _dist(game, state, v.place, c.dropoff)
            promise += c.price * 0.93 ** (d / SECTIONS_PER_TURN)
            stops.append(d)
    for c in _owned(state, seat):
        if c.waiting <= 0:
            continue
        reach = min(_dist(game, state, v.place, c.pickup) for v in me.vehicles)
        trip = reach + _dist(game, state, c.pickup, c.dropoff)
        promise += c.waiting * c.price * 0.8 * 0.93 ** (trip / SECTIONS_PER_TURN)
        stops.append(reach)
    if stops:
        nearest = min(stops)
    return promise, nearest


def _home_left(game: GameRules, state: Any, seat: int) -> float:
    home = state.config.home
    return sum(_dist(game, state, v.place, home) for v in state.players[seat].vehicles)


def greedy_value(game: GameRules, state: Any, seat: int) -> float:
    credits = game.scores(state)
    promise, _ = _work_left(game, state, seat)
    value = credits[seat] + promise
    if not _owned(state, seat):
        value -= 2.0 * _home_left(game, state, seat)
    return value - max((c for i, c in enumerate(credits) if i != seat), default=0.0)


def rush_value(game: GameRules, state: Any, seat: int) -> float:
    me = state.players[seat]
    value = game.scores(state)[seat] + 30.0 * sum(len(v.cargo) for v in me.vehicles)
    by_id = {c.id: c for c in state.contracts}
    for v in me.vehicles:
        stops = [by_id[c].dropoff for c in v.cargo if c in by_id]
        if not stops:
            stops = [c.pickup for c in _owned(state, seat) if c.waiting > 0]
        if not stops and not _owned(state, seat):
            stops = [state.config.home]
        if stops:
            value -= min(_dist(game, state, v.place, s) for s in stops)
    return value


class NextDayYardstick(OnePly):
    def special(self, game: GameRules, view: Any, seat: int, legal: list[Action], rng: Rng) -> Action | None:
        for kind in (A.Declare, A.DealRandomly, A.FinishSetup):
            found = [a for a in legal if isinstance(a, kind)]
            if found:
                return found[0]
        if view.phase == "setup":
            return rng.choice(legal)
        return None

    def candidates(self, game: GameRules, view: Any, seat: int, legal: list[Action]) -> list[Action]:
        return [a for a in legal if not isinstance(a, (A.StartBid, A.MoveBlockage))] or legal


def make(kind: str) -> NextDayYardstick:
    return NextDayYardstick(kind, greedy_value if kind == "greedy" else rush_value)
