"""The log and labels call seats by the names typed at set-up; play, saves and actions do not change.

Seeded random games are played with and without names: with names no text says "Player N",
without them the defaults stay; the action texts, saves and replays are the same either way.
"""

from __future__ import annotations

import re

import pytest

from tests.name_checks import assert_names_change_nothing, play_random
from courier.rules.base import IllegalAction
from courier.rules.doorstep_dash import GAME as G
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash import engine

NAMES = ("Ann", "Bob", "Cy")
STEPS = 200


def play(cfg, seed: int, steps: int = STEPS):
    """Random legal play. Returns the state, action texts, event texts and turn labels seen."""
    return play_random(G, cfg, seed, steps)

def player_n(text: str) -> bool:
    return re.search(r"([Pp]layer|[Ss]eat) \d", text) is not None


@pytest.mark.parametrize("seed", [1, 2])
def test_log_and_turn_label_use_the_names(seed):
    cfg = G.make_config(players=3, names=NAMES)
    _, _, texts, labels = play(cfg, seed)
    assert any(t.startswith("Ann ") for t in texts), texts[:20]
    for name in NAMES:
        assert any(t.startswith(name) for t in texts), name
        assert any(name in label for label in labels), name
    assert not [t for t in texts + labels if player_n(t)]


def test_without_names_the_log_says_player_n():
    _, _, texts, labels = play(G.make_config(players=3), 1)
    assert any(t.startswith("Player 1") for t in texts)
    assert any("Player" in label for label in labels)


def test_names_change_neither_play_nor_saves():
    assert_names_change_nothing(G, G.make_config(players=3, names=NAMES), G.make_config(players=3), play)

def test_out_of_turn_message_and_first_roll_name_the_seat():
    cfg = G.make_config(players=3, names=NAMES)
    s = G.new_game(cfg, 5)
    other = (s.current + 1) % 3
    with pytest.raises(IllegalAction, match=f"not {NAMES[other]}'s turn"):
        G.apply(s, A.EndTurn(other))
    _, events = engine.new_state(cfg, G.board(cfg), 5)
    assert events[0].text == f"{NAMES[s.first]} rolls highest and starts."
    assert G.turn_label(s) == f"Opening - {NAMES[s.current]} picks cards"
