"""Doorstep Dash's worked examples of the one gate (the random positions for every game are in
tests/conformance/test_gate.py)."""

from __future__ import annotations

import pytest

from courier.rules.base import IllegalAction
from courier.rules.doorstep_dash import actions as A
from tests.doorstep_dash.helpers import GAME, started


def test_another_seat_and_another_phase_are_refused_with_a_reason() -> None:
    s = started(players=3)
    mover = GAME.to_act(s)[0]
    other = (mover + 1) % 3
    before = GAME.state_to_dict(s)
    with pytest.raises(IllegalAction, match="turn"):
        GAME.apply(s, A.Roll(other))
    with pytest.raises(IllegalAction, match="cards you were dealt|not possible now"):
        GAME.apply(s, A.Keep(mover, tuple(s.players[mover].hand[:2])))
    with pytest.raises(IllegalAction, match="roll the die before driving"):
        GAME.apply(s, A.Move(mover, s.players[mover].pos))
    assert GAME.state_to_dict(s) == before
