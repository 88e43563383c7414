"""Doorstep Dash's worked examples of names typed at set-up (what holds for every game, random play
with and without names included, is in tests/conformance/test_names.py)."""

from __future__ import annotations

import pytest

from courier.rules.base import IllegalAction
from courier.rules.doorstep_dash import GAME as G
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash import engine

NAMES = ("Ann", "Bob", "Cy")


def test_out_of_turn_message_and_first_roll_name_the_seat():
    cfg = G.make_config(players=3, names=NAMES)
    s = G.new_game(cfg, 5)
    other = (s.current + 1) % 3
    with pytest.raises(IllegalAction, match=f"not {NAMES[other]}'s turn"):
        G.apply(s, A.EndTurn(other))
    _, events = engine.new_state(cfg, G.board(cfg), 5)
    assert events[0].text == f"{NAMES[s.first]} rolls highest and starts."
    assert G.turn_label(s) == f"Opening - {NAMES[s.current]} picks cards"
