"""Next Day's hooks for the one-gate conformance test (tests/conformance/test_gate.py).

Routes are a free-form family: the legal actions offer the cheapest route to each place, but any
route the rules allow may be driven, so an oracle written here from the rulings decides them and
checks what they cost. Every other action must be among the legal actions.
"""

from __future__ import annotations

import random
from collections import Counter

from courier.rules.next_day import actions as A
from courier.rules.next_day.state import NextDayState
from tests import gate_check
from tests.next_day.helpers import G

BOARD = G.board(G.make_config(players=4))


def same(a: A.Action) -> object:
    """A road's written name is not compared by equality, but it must name the same road."""
    if isinstance(a, A.MoveBlockage):
        ok = 0 <= a.road < len(BOARD.roads)
        return a, a.label or (BOARD.roads[a.road].label if ok else "")
    return a


def route_cost(state: NextDayState, action: A.Drive) -> tuple[bool, int, bool]:
    """(allowed, units spent, move over) for a route, read from the rulings.

    Entering a village costs 1, a town 2, a city 4, plus 2 for every vehicle already there; a
    vehicle that has left a place is not "already there" when it comes back. The first
    step of a turn is always allowed; later steps must fit in the 10 units. Diversions close a
    road; checkpoints stop an overloaded vehicle; vans cross roadworks only as the first step of
    their turn, and their move ends beyond.
    """
    cfg = state.config
    no = (False, 0, False)
    seat = action.seat
    if state.phase != "play" or state.auction is not None or seat != state.current:
        return no
    if action.vehicle not in ("van", "bike"):
        return no
    v = state.players[seat].vehicle(action.vehicle)
    path = action.path
    if v.status == "done" or len(path) < 2 or path[0] != v.place:
        return no
    others = Counter(o.place for p in state.players for o in p.vehicles if o is not v)
    overloaded = len(v.cargo) > cfg.capacity[v.kind]
    blocks = {b.road: b.kind for b in state.blockages}
    used, steps, spent, over = v.used, v.steps, 0, False
    for here, there in zip(path, path[1:]):
        if over or there not in BOARD.places:
            return no
        road = BOARD.road_between(here, there)
        if road is None:
            return no
        blk = blocks.get(road)
        first = steps == 0
        works = blk == "roadworks" and v.kind == "van"
        if blk == "diversion" or (blk == "checkpoint" and overloaded) or (works and not first):
            return no
        cost = cfg.entry_cost[BOARD.places[there].kind] + cfg.congestion_cost * others[there]
        if works:
            cost, over = max(cost, cfg.move_units - used), True
        elif not first and used + cost > cfg.move_units:
            return no
        used, steps, spent = used + cost, steps + 1, spent + cost
        over = over or used >= cfg.move_units
    return True, spent, over


def route_oracle(state: NextDayState, action: A.Action):
    """The rulings decide routes: accepted exactly when they allow it, at the cost they give (the
    moving vehicle never congests a place it has left, even when its route comes back there)."""
    if not isinstance(action, A.Drive):
        return None
    allowed, want_spent, want_over = route_cost(state, action)

    def check(before: NextDayState, after: NextDayState, events: list) -> None:
        v = after.players[action.seat].vehicle(action.vehicle)
        v0 = before.players[action.seat].vehicle(action.vehicle)
        spent = events[-1].data["cost"]
        assert v.place == action.path[-1] and v.used == v0.used + spent
        assert (spent, v.status == "done") == (want_spent, want_over), (action.to_text(), spent, want_spent)

    return allowed, check


def routes(state: NextDayState, rng: random.Random) -> list[A.Action]:
    """Random walks along the roads from each vehicle's place (back and forth allowed)."""
    out: list[A.Action] = []
    seat = state.current
    for kind in ("van", "bike"):
        start = state.players[seat].vehicle(kind).place
        for _ in range(6):
            path = [start]
            for _ in range(rng.randint(1, 6)):
                path.append(rng.choice(BOARD.adj[path[-1]])[0])
            out.append(A.Drive(seat, kind, tuple(path)))
            if len(path) >= 2:
                out.append(A.Drive(seat, kind, (start, path[1], start)))
    return out


def choose(game, state, legal, rng):
    """Random play, but set-up is dealt quickly and blockages are moved only now and then."""
    if state.phase == "setup":
        ready = [a for a in legal if isinstance(a, (A.DealRandomly, A.FinishSetup))]
        if ready and rng.random() < 0.7:
            return ready[0]
    if rng.random() < 0.9:
        legal = [a for a in legal if not isinstance(a, A.MoveBlockage)] or legal
    return gate_check.pick(game, state, legal, rng)
