"""The outside yardsticks: legal whole games, the same choices from the same seed, nothing read
beyond their own view; and the rating fit puts players in the order their results say."""

from __future__ import annotations

import pytest

from courier.ai import rating
from courier.ai.base import make_bot, resolve_level
from courier.ai.plugins import plugin_for
from courier.ai.yardsticks import KINDS, make_yardstick
from courier.rules import registry
from courier.rules.rng import Rng
from courier.dev.simulate import level_of, play_one

from .helpers import GAMES, player_counts, positions

CASES = [(g, n, k) for g in GAMES for n in player_counts(g) for k in KINDS]


def _play(game_id: str, players: int, kind: str, seed: int) -> tuple[list[str], object]:
    """A whole game: the yardstick in every even seat, the rule-of-thumb player in the others."""
    game = registry.get(game_id)
    state = game.new_game(game.make_config(players=players), seed)
    bots = [make_yardstick(game_id, kind) if s % 2 == 0 else make_bot(game_id, "heuristic") for s in range(players)]
    log: list[str] = []
    for n in range(6000):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = bots[seat].choose(game, game.view(state, seat), seat, legal, Rng(seed * 7919 + n))
        assert action in legal, f"{game_id} {kind}: {action} is not legal"
        game.apply(state, action)
        log.append(action.to_text())
    return log, state


@pytest.mark.parametrize("game_id,players,kind", CASES)
def test_yardstick_plays_whole_games_legally(game_id: str, players: int, kind: str) -> None:
    game = registry.get(game_id)
    log, state = _play(game_id, players, kind, seed=3 + players)
    assert game.is_over(state), f"{game_id} with {players} players did not end"
    assert len(log) > 10


@pytest.mark.parametrize("game_id,kind", [(g, k) for g in GAMES for k in KINDS])
def test_yardstick_is_deterministic_for_a_seed(game_id: str, kind: str) -> None:
    players = max(2, registry.get(game_id).min_players)
    first, _ = _play(game_id, players, kind, seed=21)
    again, _ = _play(game_id, players, kind, seed=21)
    assert first == again


@pytest.mark.parametrize("game_id,kind", [(g, k) for g in GAMES for k in KINDS])
def test_yardstick_reads_only_its_view(game_id: str, kind: str) -> None:
    """Others' secrets scrambled (rivals' cards, missions, deck orders, as the search samples
    them), the dice kept: every decision stays the same."""
    game = registry.get(game_id)
    players = max(2, game.min_players)
    bot = make_yardstick(game_id, kind)
    scrambler = plugin_for(game_id)
    checked = 0
    for _, view, seat in positions(game_id, players, seed=5, every=3, limit=25):
        legal = game.legal_actions(view, seat)
        if len(legal) < 2:
            continue
        for k in range(2):
            other = scrambler.determinize(game, view, seat, Rng(100 + k))
            other.rng = view.rng.clone()
            assert bot.choose(game, other, seat, legal, Rng(9)) == bot.choose(game, view.clone(), seat, legal, Rng(9))
        checked += 1
    assert checked >= 5


def test_yardsticks_are_seats_and_levels() -> None:
    assert level_of("greedy") == "greedy" and level_of("rush") == "rush"
    assert resolve_level("greedy") == "greedy"
    out = play_one("doorstep-dash", ["greedy", "rush"], 4, {})
    assert out["finished"]
    with pytest.raises(ValueError):
        make_yardstick("doorstep-dash", "clever")


def test_rating_recovers_a_known_order() -> None:
    """Synthetic results from known strengths: the fit ranks the players in that order, and the
    bootstrap interval holds the point estimate."""
    truth = {"strong": 2.0, "middle": 1.0, "weak": 0.0, "hopeless": -1.5}
    rng = Rng(3)
    games: list[rating.Game] = []
    names = list(truth)
    for _ in range(600):
        a, b = rng.sample(names, 2)
        p = 1.0 / (1.0 + 2.718281828 ** (truth[b] - truth[a]))
        games.append(([a, b], [0] if rng.random() < p else [1]))
    rows = rating.rate(games, anchor="weak", samples=40)
    assert [r["kind"] for r in rows] == ["strong", "middle", "weak", "hopeless"]
    weak = next(r for r in rows if r["kind"] == "weak")
    assert weak["elo"] == 0
    for r in rows:
        assert r["low"] <= r["elo"] <= r["high"]
    strong = next(r for r in rows if r["kind"] == "strong")
    assert 250 < strong["elo"] < 450  # 2 natural-log units are about 347 Elo points


def test_rating_counts_ties_and_many_seats() -> None:
    wins = rating.pairwise([(["a", "b", "c"], [0]), (["a", "b", "c"], [0, 1])])
    assert wins[("a", "c")] == 2.0
    assert wins[("a", "b")] == 1.5 and wins[("b", "a")] == 0.5
    assert wins[("b", "c")] == 1.5  # two losers tie, a winner beats a loser


def test_rating_table_reads_records(tmp_path) -> None:
    from courier.dev.simulate import main

    record = tmp_path / "dd.jsonl"
    assert main(["doorstep-dash", "--games", "4", "--seat", "greedy", "--seat", "random", "--record", str(record)]) == 0
    text = rating.table(rating.games_from_records([record]), samples=10)
    assert "| doorstep-dash | greedy | +0 |" in text and "random" in text
