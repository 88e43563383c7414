"""Out For Delivery's worked examples of the one gate (the random positions for every game are in
tests/conformance/test_gate.py, with the offer oracle of tests/out_for_delivery/gate_rules.py)."""

from __future__ import annotations

import pytest

from courier.rules.base import IllegalAction
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery.state import OfdState
from tests.out_for_delivery.helpers import GAME, acting, act, at, board, give

B = board()


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
