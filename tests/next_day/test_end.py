"""Ending the game: declaring with no contracts and both vehicles home, the bonus, the round limit."""

from __future__ import annotations

import pytest

from courier.rules.base import IllegalAction
from courier.rules.next_day import actions as A
from tests.next_day.helpers import G, add_contract, play_state, put


def test_declare_needs_no_contracts_and_both_vehicles_home():
    s = play_state()
    c = add_contract(s, 0, "Kevingston", "Ugley", parcels=1, price=40)
    assert A.Declare(0) not in G.legal_actions(s, 0)
    G.apply(s, A.Collect(0, "van", c.id))
    put(s, 0, "van", "Ugley")
    G.apply(s, A.Deliver(0, "van", c.id))
    assert A.Declare(0) not in G.legal_actions(s, 0)  # the van is away
    with pytest.raises(IllegalAction, match="both vehicles"):
        G.apply(s, A.Declare(0))
    put(s, 0, "van", "Kevingston")
    s.players[0].delivered = 7
    assert A.Declare(0) in G.legal_actions(s, 0)
    before = s.players[0].credits
    events = G.apply(s, A.Declare(0))
    assert s.players[0].credits == before + 35 and s.bonus == 35
    assert G.is_over(s) and G.to_act(s) == [] and events[0].kind == "declared"
    rows = G.score_breakdown(s)
    assert rows[0]["end bonus"] == 35 and rows[0]["earned"] == before and rows[1]["end bonus"] == 0
    assert G.winners(s) == [0]


def test_the_round_limit_ends_the_game_without_a_bonus():
    s = play_state(round_limit=2)
    for _ in range(8):
        assert not G.is_over(s)
        G.apply(s, A.EndTurn(s.current))
    assert G.is_over(s) and s.end_reason == "round limit" and s.bonus == 0
    assert G.scores(s) == [100.0] * 4 and G.winners(s) == [0, 1, 2, 3]


def test_rounds_count_from_the_first_player():
    s = play_state()
    s.first = s.current = 2
    for _ in range(3):
        G.apply(s, A.EndTurn(s.current))
    assert s.round == 1 and s.current == 1
    G.apply(s, A.EndTurn(s.current))
    assert s.round == 2 and s.current == 2
