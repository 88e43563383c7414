"""The boards made in Tiled after the generated ones: each passes its checks, was saved by Tiled,
looks different from the first board of its game, and is played to the end by computer players
at every player count."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from courier import boards
from courier.ai.base import make_bot
from courier.boards.tiled import check_map
from courier.rules import registry
from courier.rules.rng import Rng
from tests.maps.helpers import MAPS_DIR

#: (game, file, title) of the boards made in Tiled, not by a generator
HAND_MADE = [
    ("doorstep-dash", "doorstep_dash_saltmarsh.tmx", "Saltmarsh Quay"),
    ("out-for-delivery", "out_for_delivery_valleys.tmx", "The Three Valleys"),
]
LEVELS = ("easy", "normal", "hard")


@pytest.mark.parametrize("game_id, filename, title", HAND_MADE)
def test_a_new_board_passes_its_checks_and_was_saved_by_tiled(game_id, filename, title):
    path = MAPS_DIR / filename
    assert check_map(path) == []
    root = ET.parse(path).getroot()
    assert root.get("tiledversion", "").startswith("1.8"), "the committed file is the one Tiled saved"
    entry = next(e for e in boards.boards_for(game_id) if e.path.name == filename)
    assert entry.shipped and entry.title == title and entry.key == path.stem
    assert boards.resolve(game_id, title) == path.stem


@pytest.mark.parametrize("game_id, filename, title", HAND_MADE)
def test_a_new_board_is_laid_out_differently(game_id, filename, title):
    game = registry.get(game_id)
    first = game.board(game.make_config(players=2))
    new = game.board(game.make_config(players=2, map=filename[:-4]))
    if game_id == "doorstep-dash":
        assert set(new.spaces) != set(first.spaces) and new.warehouse != first.warehouse
        assert {h.name for h in new.houses.values()}.isdisjoint({h.name for h in first.houses.values()})
    else:
        assert [c.name for c in new.cities] != [c.name for c in first.cities]
        assert new.terrain != first.terrain and new.region_of != first.region_of


def _play(game_id: str, key: str, players: int, seed: int):
    game = registry.get(game_id)
    state = game.new_game(game.make_config(players=players, map=key), seed)
    bots = [make_bot(game_id, LEVELS[(seed + i) % 3]) for i in range(players)]
    rng = Rng(seed)
    steps = 0
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = bots[seat].choose(game, game.view(state, seat), seat, legal, rng)
        assert action in legal
        game.apply(state, action)
        steps += 1
        assert steps < 50_000
    return game, state


@pytest.mark.parametrize("game_id, filename, title", HAND_MADE)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_computer_players_play_a_new_board_to_the_end(game_id, filename, title, players):
    game, state = _play(game_id, filename[:-4], players, seed=40 + players)
    assert game.is_over(state)
    scores = game.scores(state)
    assert len(scores) == players and game.winners(state)
    if game_id == "doorstep-dash":
        assert state.ended == "done" and sum(len(p.delivered) for p in state.players) >= 24
    else:
        assert state.delivered_total > 0
