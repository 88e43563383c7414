"""Next Day's worked examples of the one gate (the random positions for every game are in
tests/conformance/test_gate.py, with the route oracle of tests/next_day/gate_rules.py)."""

from __future__ import annotations

import pytest

from courier.rules.base import IllegalAction
from courier.rules.next_day import actions as A
from courier.rules.next_day.state import NextDayState
from tests.next_day.gate_rules import BOARD, route_cost
from tests.next_day.helpers import G, park_others, play_state, put


def _at_matching_tye() -> NextDayState:
    s = play_state()
    park_others(s)
    put(s, 0, "van", "Matching Tye")
    return s


def test_a_route_back_through_its_own_start_does_not_pay_for_itself() -> None:
    s = _at_matching_tye()
    route = A.Drive(0, "van", ("Matching Tye", "Ryme Intrinseca", "Matching Tye"))
    allowed, spent, _ = route_cost(s, route)
    kinds = [BOARD.places[p].kind for p in route.path[1:]]
    assert allowed and spent == sum(s.config.entry_cost[k] for k in kinds) == 3
    events = G.apply(s, route)
    assert events[-1].data["cost"] == 3


def test_setup_actions_bids_and_passes_belong_to_their_own_moments() -> None:
    s = _at_matching_tye()
    before = G.state_to_dict(s)
    block = next(a for a in G.legal_actions(s, 0) if isinstance(a, A.MoveBlockage))
    misnamed = A.MoveBlockage(0, block.blockage, block.road, "Nowhere/Else")
    for action, why in ((A.DealRandomly(0), "during set-up, not during play"),
                        (A.Bid(0, 5), "no auction"), (A.Pass(0), "no auction"),
                        (A.EndTurn(1), "not your turn"), (misnamed, "not Nowhere/Else")):
        with pytest.raises(IllegalAction, match=why):
            G.apply(s, action)
    assert G.state_to_dict(s) == before


def test_set_up_refuses_what_would_change_nothing() -> None:
    cfg = G.make_config(players=3)
    s = G.new_game(cfg, 5)
    with pytest.raises(IllegalAction, match="no contracts to clear"):
        G.apply(s, A.ClearDrafts(0))
    G.apply(s, A.DealRandomly(0))
    before = G.state_to_dict(s)
    with pytest.raises(IllegalAction, match="nothing left to deal"):
        G.apply(s, A.DealRandomly(0))
    assert G.state_to_dict(s) == before
