"""Out For Delivery's hooks for the one-gate conformance test (tests/conformance/test_gate.py).

Trade offers are a free-form family (gold is one thing: any whole amount the giver holds), so an
oracle written here from the rulings decides them; every other action must be a legal action.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from hypothesis import strategies as st

from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery.costs import here_cost
from courier.rules.out_for_delivery.state import OfdState, Player
from tests.out_for_delivery.helpers import GAME, board

B = board()


def same(a: A.Action) -> object:
    """A tile's written form is not compared by equality, but it must name the same tile."""
    if isinstance(a, (A.Move, A.BoatMove, A.Fly)):
        written = a.text_cell or (B.cell_text(a.cell) if 0 <= a.cell < B.width * B.height else "")
        return a, written
    return a


def _holds(p: Player, thing: str) -> bool:
    """Whether ``p`` can give ``thing``, read straight from the trading ruling."""
    if thing == "nothing":
        return True
    kind, _, value = thing.partition(":")
    if kind == "gold":
        return value.isascii() and value.isdigit() and str(int(value)) == value and 1 <= int(value) <= p.gold
    if kind == "item":
        return value in p.items
    if kind == "parcel":
        return any(f"{x.dest}@{x.square + 1}" == value for x in p.parcels)
    return False


def offer_oracle(state: OfdState, a: A.Action):
    """Same tile, one offer a turn, the movement cost paid, one thing each way, room for parcels."""
    if not isinstance(a, A.Offer):
        return None
    cfg = state.config
    n = len(state.players)
    allowed = (state.phase == "act" and a.seat == state.current and not state.traded
               and 0 <= a.partner < n and a.partner != a.seat)
    if allowed:
        me, other = state.players[a.seat], state.players[a.partner]
        parcels_in = a.get.startswith("parcel:")
        parcels_out = a.give.startswith("parcel:")
        allowed = (other.cell == me.cell and here_cost(B, state, a.seat) <= state.mp
                   and (a.give, a.get) != ("nothing", "nothing")
                   and not (a.give.startswith("gold:") and a.get.startswith("gold:"))
                   and _holds(me, a.give) and _holds(other, a.get)
                   and len(me.parcels) + parcels_in - parcels_out <= cfg.max_carried
                   and len(other.parcels) + parcels_out - parcels_in <= cfg.max_carried)

    def check(before: OfdState, after: OfdState, events: list) -> None:
        assert after.phase == "answer" and after.offer is not None
        assert (after.offer.seat, after.offer.partner, after.offer.give, after.offer.get) == (a.seat, a.partner, a.give, a.get)
        assert after.mp == before.mp - here_cost(B, before, a.seat)

    return allowed, check


def offers(state: OfdState, rng: random.Random) -> list[A.Action]:
    """Offers with gold amounts all over the range, around what each side holds."""
    seat = state.current
    out: list[A.Action] = []
    for j, p in enumerate(state.players):
        mine = state.players[seat]
        for gold in {1, mine.gold, mine.gold + 1, rng.randint(1, max(1, mine.gold)), 25, 150, 0, -5}:
            got = rng.choice(["nothing", f"gold:{max(1, p.gold)}", f"gold:{p.gold + 1}"]
                             + [f"item:{i}" for i in p.items] + [f"parcel:{x.label()}" for x in p.parcels])
            out.append(A.Offer(seat, j, f"gold:{gold}", got))
            out.append(A.Offer(seat, j, got, f"gold:{gold}"))
    return out


def prepare(state: OfdState, players: int, rng: random.Random, draw: Callable[[Any], Any]) -> None:
    """Look at a turn itself (roll first: nothing is chosen before the roll); and, when drawn, bring a
    rival onto the courier's tile so that trades and ski masks come into play, with one of the two
    holding any purse (negative and huge ones too)."""
    meet, purse = draw(st.booleans()), draw(st.integers(-60, 400))
    if state.phase == "roll":
        GAME.apply(state, A.Roll(state.current))
    if meet and state.phase == "act":
        other = rng.choice([j for j in range(players) if j != state.current])
        state.players[other].cell = state.players[state.current].cell
        state.players[rng.choice([state.current, other])].gold = purse
