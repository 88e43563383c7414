"""One gate: in random positions, every action is refused without a trace or is allowed.

Trade offers are a free-form family (gold is one thing: any whole amount the giver holds), so an
oracle written here from the rulings decides them; every other action must be a legal action.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from courier.rules.base import IllegalAction
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery.costs import here_cost
from courier.rules.out_for_delivery.state import OfdState, Player
from tests import gate_check
from tests.out_for_delivery.helpers import GAME, acting, act, at, board, config, give, started

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


def _offers(state: OfdState, rng: random.Random) -> list[A.Action]:
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


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]), depth=st.integers(0, 150),
       meet=st.booleans(), purse=st.integers(-60, 400))
def test_every_action_is_refused_cleanly_or_allowed(seed: int, players: int, depth: int, meet: bool, purse: int) -> None:
    state = gate_check.random_position(GAME, config(players), seed, depth)
    rng = random.Random(seed)
    if state.phase == "roll":  # nothing to choose before the roll: look at the turn itself
        GAME.apply(state, A.Roll(state.current))
    if meet and state.phase == "act":
        # bring a rival onto the courier's tile so trades and ski masks come into play
        other = rng.choice([j for j in range(players) if j != state.current])
        state.players[other].cell = state.players[state.current].cell
        state.players[rng.choice([state.current, other])].gold = purse
    pool = gate_check.action_pool(GAME.id, players)
    gate_check.check_position(GAME, state, players, rng, pool, oracle=offer_oracle, same=same,
                                extra=_offers(state, rng))


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=40))
def test_parse_action_refuses_any_text_only_with_illegal_action(text: str) -> None:
    state = started()
    for prefix in ("", "move ", "offer p2 give ", "offer p2 give gold:1 get ", "deliver ", "steal p2 "):
        gate_check.parse_safely(GAME, state, prefix + text)


def _meeting() -> OfdState:
    s = acting()
    here = B.cell(5, 3)
    at(s, 0, here)
    at(s, 1, here)
    give(s, 1, (3, 0))  # a parcel worth 200 if delivered now
    s.players[0].gold = 150
    return s


def test_any_whole_amount_of_gold_the_giver_holds_may_be_offered() -> None:
    s = _meeting()
    act(s, "offer p2 give gold:150 get parcel:3@1")
    act(s, "accept")
    assert (s.players[0].gold, s.players[1].gold) == (0, 50 + 150)
    assert [(x.dest, x.square) for x in s.players[0].parcels] == [(3, 0)]
    for amount in (1, 37, 149):
        s = _meeting()
        act(s, f"offer p2 give gold:{amount} get parcel:3@1")
        assert s.offer is not None and s.offer.give == f"gold:{amount}"


def test_more_gold_than_the_giver_holds_is_refused() -> None:
    s = _meeting()
    before = GAME.state_to_dict(s)
    with pytest.raises(IllegalAction, match="only 150 gold"):
        act(s, "offer p2 give gold:151 get parcel:3@1")
    with pytest.raises(IllegalAction, match="only 50 gold"):
        act(s, "offer p2 give nothing get gold:75")
    for text in ("offer p2 give gold:0 get parcel:3@1", "offer p2 give gold:-5 get parcel:3@1",
                 "offer p2 give gold:0150 get parcel:3@1", "offer p2 give gold:1.5 get parcel:3@1"):
        with pytest.raises(IllegalAction, match="gold"):
            act(s, text)
    assert GAME.state_to_dict(s) == before


def test_the_offer_list_suggests_the_whole_purse_and_round_amounts() -> None:
    s = _meeting()
    s.players[0].gold = 130
    gives = {a.give for a in GAME.legal_actions(s, 0) if isinstance(a, A.Offer)}
    assert {"gold:25", "gold:50", "gold:100", "gold:130"} <= gives
    assert "gold:150" not in gives


def test_tiles_out_of_range_or_misnamed_are_refused() -> None:
    s = acting()
    before = GAME.state_to_dict(s)
    n = B.width * B.height
    for action in (A.Move(0, n), A.Move(0, -1), A.Move(0, 10**9), A.BoatMove(0, n), A.Fly(0, -3),
                   A.Move(0, B.cell(5, 3), "9,9")):
        with pytest.raises(IllegalAction):
            GAME.apply(s, action)
    assert GAME.state_to_dict(s) == before
