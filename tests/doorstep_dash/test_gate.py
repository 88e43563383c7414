"""One gate: in random positions, every action is refused without a trace or is a legal action."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from courier.rules.base import IllegalAction
from courier.rules.doorstep_dash import actions as A
from tests import gate_check
from tests.doorstep_dash.helpers import GAME, config, started


def same(a: A.Action) -> object:
    """Cards kept or claimed may be named in any order."""
    if isinstance(a, (A.Keep, A.Claim)):
        return type(a), a.seat, tuple(sorted(a.cards))
    return a


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]), depth=st.integers(0, 200))
def test_every_action_is_refused_cleanly_or_legal(seed: int, players: int, depth: int) -> None:
    state = gate_check.random_position(GAME, config(players), seed, depth)
    pool = gate_check.action_pool(GAME.id, players)
    gate_check.check_position(GAME, state, players, random.Random(seed), pool, same=same)


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=40))
def test_parse_action_refuses_any_text_only_with_illegal_action(text: str) -> None:
    state = started()
    for prefix in ("", "move ", "keep ", "claim ", "give ", "discard "):
        gate_check.parse_safely(GAME, state, prefix + text)


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
