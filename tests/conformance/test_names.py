"""Names typed at set-up, for every game in the registry: the log and turn labels call seats by
them, no text falls back to a numbered default while names are given, the defaults stay when none
are, and names change neither play nor saves (beyond the names a save carries).

Seeded random games (tests/name_checks.py) are played with and without names; what differs per
game (its default's word, its set-up, whether saves carry names) is its entry in
tests/conformance/games.py. Each game's worked examples stay in tests/<game>/test_names.py.
"""

from __future__ import annotations

import pytest

from courier.rules import registry
from tests.conformance.games import NAMED, NAMES, game_ids
from tests.name_checks import assert_names_change_nothing, play_random


def test_every_game_has_name_hooks() -> None:
    assert sorted(NAMED) == sorted(registry.ids())


def _play(game_id: str):
    game, hooks = registry.get(game_id), NAMED[game_id]

    def play(cfg, seed: int):
        return play_random(game, cfg, seed, hooks.steps, hooks.chooser)

    return game, hooks, play


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("game_id", game_ids())
def test_log_and_turn_label_use_the_names(game_id: str, seed: int) -> None:
    game, hooks, play = _play(game_id)
    _, _, texts, labels = play(hooks.config(NAMES), seed)
    for name in NAMES:
        assert any(t.startswith(name) for t in texts), name
        assert any(name in label for label in labels), name
    assert not [t for t in texts + labels if hooks.numbered.search(t)]


@pytest.mark.parametrize("game_id", game_ids())
def test_without_names_the_numbered_defaults_stay(game_id: str) -> None:
    game, hooks, play = _play(game_id)
    _, _, texts, labels = play(hooks.config(), 1)
    assert any(t.startswith(f"{hooks.default} 1 ") for t in texts)
    assert any(hooks.numbered.search(label) for label in labels)


@pytest.mark.parametrize("game_id", game_ids())
def test_names_change_neither_play_nor_saves(game_id: str) -> None:
    game, hooks, play = _play(game_id)
    s1, s2 = assert_names_change_nothing(game, hooks.config(NAMES), hooks.config(), play, same_saves=False)
    d1, d2 = game.state_to_dict(s1), game.state_to_dict(s2)
    assert hooks.without_names(d1) == hooks.without_names(d2), "the names are the only difference"
