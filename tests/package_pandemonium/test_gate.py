"""One gate: in random positions, every action is refused without a trace or is a legal action.

Also the worked example of issue 16: a priority card played during a route was accepted, and two
of them skipped the route, the Rogue and the spawn while the round stood still.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from courier.rules.base import IllegalAction
from courier.rules.package_pandemonium import actions as A
from courier.rules.package_pandemonium.state import PRIORITY, ROUTE
from tests import gate_check
from tests.package_pandemonium.pp_helpers import GAME, cfg, setup

MAPS = list(GAME.maps)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([1, 2, 3]), depth=st.integers(0, 160),
       map_index=st.integers(0, len(MAPS) - 1))
def test_every_action_is_refused_cleanly_or_legal(seed: int, players: int, depth: int, map_index: int) -> None:
    c = cfg(players, MAPS[map_index])
    state = gate_check.random_position(GAME, c, seed, depth)
    pool = gate_check.action_pool(GAME.id, players, options=(("map", MAPS[map_index]),))
    gate_check.check_position(GAME, state, players, random.Random(seed), pool)


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=40))
def test_parse_action_refuses_any_text_only_with_illegal_action(text: str) -> None:
    state = setup()
    gate_check.parse_safely(GAME, state, text)
    gate_check.parse_safely(GAME, state, "p1 " + text)


def _in_route() -> object:
    s = setup(players=2)
    for seat in (0, 1):
        GAME.apply(s, A.PlayPriority(seat, 9 - seat))
    GAME.apply(s, A.ChooseOrder(GAME.to_act(s)[0], True))
    assert s.phase == ROUTE
    return s


def test_a_priority_card_during_a_route_is_refused_and_changes_nothing() -> None:
    s = _in_route()
    before = GAME.state_to_dict(s)
    mover = GAME.to_act(s)[0]
    for seat in (0, 1):
        card = s.vans[seat].hand[0]
        why = "start of the round, not during routes" if seat == mover else "not .* move now"
        with pytest.raises(IllegalAction, match=why):
            GAME.apply(s, A.PlayPriority(seat, card))
        with pytest.raises(IllegalAction):
            GAME.apply(s, GAME.parse_action(s, f"p{seat + 1} priority {card}"))
    assert GAME.state_to_dict(s) == before
    assert s.round == 1 and all(len(v.hand) == 15 for v in s.vans if v.seat >= 0)


def test_set_up_and_order_choices_belong_to_their_own_phase() -> None:
    s = _in_route()
    mover = GAME.to_act(s)[0]
    before = GAME.state_to_dict(s)
    for action in (A.PlaceBase(mover, 0), A.ChooseCompany(mover, "express"), A.ChooseOrder(mover, True),
                   A.RogueRoute(mover, ("N",)), A.Defend(mover, True)):
        with pytest.raises(IllegalAction, match="not during routes"):
            GAME.apply(s, action)
    assert GAME.state_to_dict(s) == before
    s = setup(players=2)
    assert s.phase == PRIORITY
    with pytest.raises(IllegalAction, match="your own route, not while priority cards are chosen"):
        GAME.apply(s, A.Step(0, "N"))


def test_steps_and_drives_name_real_directions() -> None:
    s = _in_route()
    mover = GAME.to_act(s)[0]
    before = GAME.state_to_dict(s)
    for action in (A.Step(mover, "X"), A.Step(mover, "n"), A.Drive(mover, ()), A.Drive(mover, ("N", "Q")),
                   A.Drive(mover, ("N",))):
        with pytest.raises(IllegalAction):
            GAME.apply(s, action)
    assert GAME.state_to_dict(s) == before
