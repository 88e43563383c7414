"""Package Pandemonium's worked examples of the one gate (the random positions for every game are
in tests/conformance/test_gate.py).

The worked example of issue 16: a priority card played during a route was accepted, and two of
them skipped the route, the Rogue and the spawn while the round stood still.
"""

from __future__ import annotations

import pytest

from courier.rules.base import IllegalAction
from courier.rules.package_pandemonium import actions as A
from courier.rules.package_pandemonium.state import PRIORITY, ROUTE
from tests.package_pandemonium.pp_helpers import GAME, setup


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
