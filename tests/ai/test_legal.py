"""The search player only ever plays legal actions: seeded games, every game and player count."""

from __future__ import annotations

import pytest

from courier.ai.base import make_bot
from courier.ai.search import SearchBot
from courier.rules import registry
from courier.rules.rng import Rng

from .helpers import GAMES, TINY, player_counts

CASES = [(g, n) for g in GAMES for n in player_counts(g)]
MAX_DECISIONS = 60  # search decisions per game (keeps the folder quick)


@pytest.mark.parametrize("game_id,players", CASES)
def test_search_plays_only_legal_actions(game_id: str, players: int) -> None:
    game = registry.get(game_id)
    seed = 11 + players
    state = game.new_game(game.make_config(players=players), seed)
    searchers = {s: SearchBot(game_id, "hard", budget=TINY) for s in range(0, players, 2)}
    others = {s: make_bot(game_id, "heuristic") for s in range(players) if s not in searchers}
    rng = Rng(seed)
    searched = 0
    for _ in range(2500):
        if game.is_over(state) or searched >= MAX_DECISIONS:
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        assert legal, "a seat to act always has a legal action"
        bot = searchers.get(seat) or others[seat]
        action = bot.choose(game, game.view(state, seat), seat, legal, rng)
        assert action in legal, f"{game_id}: {action} is not legal"
        if seat in searchers and len(legal) > 1:
            searched += 1
        game.apply(state, action)
    assert searched > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_levels_are_search_players_and_heuristic_is_the_games_own(game_id: str, monkeypatch) -> None:
    from courier.ai import base

    for level in ("easy", "normal", "hard"):
        bot = make_bot(game_id, f"search-{level}")
        assert isinstance(bot, SearchBot) and bot.level == level
        assert not isinstance(make_bot(game_id, f"heuristic-{level}"), SearchBot)
        monkeypatch.setattr(base, "LEVELS_USE_SEARCH", True)
        assert isinstance(make_bot(game_id, level), SearchBot)
        monkeypatch.setattr(base, "LEVELS_USE_SEARCH", False)
        assert not isinstance(make_bot(game_id, level), SearchBot)
    assert not isinstance(make_bot(game_id, "heuristic"), SearchBot)
    assert make_bot(game_id, "random").level == "random"
    with pytest.raises(ValueError):
        make_bot(game_id, "grandmaster")
    with pytest.raises(ValueError):
        make_bot(game_id, "search-genius")


def test_budgets_grow_with_the_level() -> None:
    from courier.ai.search import LEVELS

    easy, normal, hard = LEVELS["easy"], LEVELS["normal"], LEVELS["hard"]
    assert easy.iterations < normal.iterations < hard.iterations
    assert easy.time_cap < normal.time_cap < hard.time_cap
    assert hard.temperature == 0 and easy.temperature > normal.temperature > 0


def test_next_day_rollout_list_is_the_legal_list_without_blockage_moves() -> None:
    from courier.ai.plugins import plugin_for
    from courier.rules.next_day import actions as A

    from .helpers import positions

    game = registry.get("next-day")
    plugin = plugin_for("next-day")
    checked = 0
    for state, _, seat in positions("next-day", 3, seed=2, every=5, limit=30):
        full = [a for a in game.legal_actions(state, seat) if not isinstance(a, A.MoveBlockage)]
        assert plugin.rollout_legal(game, state, seat) == full
        checked += 1
    assert checked >= 10
