"""Doorstep Dash's search weighs only drives; every other choice is the heuristic's."""

from __future__ import annotations

from courier.ai.base import make_bot
from courier.ai.plugins import plugin_for
from courier.rules import registry
from courier.rules.doorstep_dash import actions as A
from courier.rules.rng import Rng
from tests.ai.helpers import choices

GAME = registry.get("doorstep-dash")


def _positions(seed: int, limit: int = 400):
    return choices("doorstep-dash", seed, limit)


def test_off_the_road_the_only_plan_is_the_heuristics_move() -> None:
    plugin = plugin_for("doorstep-dash")
    heuristic = make_bot("doorstep-dash", "heuristic-normal")
    kinds = set()
    for state, seat, legal in _positions(7):
        view = GAME.view(state, seat)
        plans = plugin.plans(GAME, view, seat, legal, Rng(3), width=8)
        if isinstance(legal[0], A.Move) and not plugin.decided(GAME, view):
            assert len(plans) > 1  # drives are still searched
            continue
        kinds.add(type(legal[0]).__name__)
        assert len(plans) == 1
        assert plans[0][0][0] == heuristic.choose(GAME, view, seat, legal, Rng(3))
    assert {"Keep", "Roll"} <= kinds  # the opening keep and turn choices were among them


def test_a_search_level_plays_the_heuristics_claim() -> None:
    bot = make_bot("doorstep-dash", "search-normal")
    heuristic = make_bot("doorstep-dash", "heuristic-normal")
    seen = 0
    for state, seat, legal in _positions(11):
        if not any(isinstance(a, A.Claim) for a in legal):
            continue
        view = GAME.view(state, seat)
        assert bot.choose(GAME, view, seat, legal, Rng(5)) == heuristic.choose(GAME, view, seat, legal, Rng(5))
        seen += 1
    assert seen
