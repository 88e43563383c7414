"""A search player that is behind must not put off the end of a game it can no longer win."""

from __future__ import annotations

from courier.ai.base import make_bot
from courier.ai.plugins import plugin_for
from courier.ai.search import SearchBot, _values
from courier.rules import registry
from courier.rules.rng import Rng

GAME = registry.get("doorstep-dash")


def _play_until(seed: int, levels: tuple[str, str], stop) -> object:
    s = GAME.new_game(GAME.make_config(players=2), seed)
    bots = [make_bot("doorstep-dash", lv) for lv in levels]
    rng = Rng(seed)
    while not GAME.is_over(s) and not stop(s):
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        GAME.apply(s, bots[seat].choose(GAME, GAME.view(s, seat), seat, legal, rng))
    return s


def test_once_every_card_is_out_the_result_is_settled_and_only_the_instinct_is_played() -> None:
    s = _play_until(101, ("heuristic-normal", "heuristic-normal"), lambda s: not s.deck and not s.row)
    assert not GAME.is_over(s)
    plugin = plugin_for("doorstep-dash")
    assert plugin.decided(GAME, s)
    values = _values(GAME, plugin, s)
    assert sorted(values) in ([0.0, 1.0], [0.5, 0.5])  # valued as the end itself, not a hope
    seat = GAME.to_act(s)[0]
    legal = GAME.legal_actions(s, seat)
    plans = plugin.plans(GAME, s, seat, legal, Rng(1), width=8)
    assert len(plans) == 1


def test_search_players_finish_doorstep_dash_before_the_round_limit() -> None:
    # seed 101 once ran to the 150-round safety net: the player behind wandered instead of
    # delivering its last card and driving home
    s = _play_until(101, ("search-normal", "heuristic-normal"), lambda s: False)
    assert GAME.is_over(s) and s.ended == "done" and s.round < 150
    assert isinstance(make_bot("doorstep-dash", "search-normal"), SearchBot)
