"""Vans carry the names typed at set-up into the log and labels; the Rogue and the solo rival keep theirs.

Seeded random games are played with and without names: with names no text says "Player N",
without them the defaults stay; the action texts, saves and replays are the same either way.
"""

from __future__ import annotations

import re

import pytest

from tests.name_checks import assert_names_change_nothing, play_random
from courier.rules.base import IllegalAction

from tests.package_pandemonium.pp_helpers import GAME as G
from tests.package_pandemonium.pp_helpers import cfg as make_cfg

NAMES = ("Ann", "Bob", "Cy")
STEPS = 150


def play(cfg, seed: int, steps: int = STEPS):
    """Random legal play. Returns the state, action texts, event texts and turn labels seen."""
    return play_random(G, cfg, seed, steps)

def numbered(text: str) -> bool:
    return re.search(r"[Pp]layer \d", text) is not None


@pytest.mark.parametrize("players", [2, 3])
def test_log_and_turn_label_use_the_names(players):
    names = NAMES[:players]
    s, _, texts, labels = play(make_cfg(players, names=names), 1)
    assert [v.name for v in s.vans if v.seat >= 0] == list(names)
    for name in names:
        assert any(t.startswith(name) for t in texts), name
    assert any("Ann" in label for label in labels), labels
    assert not [t for t in texts + labels if numbered(t)]
    if players == 2:
        assert any(t.startswith("The Rogue ") for t in texts), "the game's own Rogue keeps its name"


def test_solo_rival_and_rogue_keep_their_names():
    s, _, texts, _ = play(make_cfg(1, names=("Ann",)), 2)
    assert [v.name for v in s.vans] == ["Ann", "The Rogue", "Rival driver"]
    assert any(t.startswith("Ann ") for t in texts)
    assert any(t.startswith("Rival driver ") for t in texts)


def test_without_names_the_defaults_stay():
    s, _, texts, _ = play(make_cfg(3), 1)
    assert [v.name for v in s.vans] == ["Player 1", "Player 2", "Rogue player"]
    assert any(t.startswith("Player 1 ") for t in texts)
    assert [v.name for v in G.new_game(make_cfg(1), 1).vans][0] == "Solo driver"


def test_names_change_neither_play_nor_saves():
    s1, s2 = assert_names_change_nothing(G, make_cfg(3, names=NAMES), make_cfg(3), play, same_saves=False)
    d1, d2 = G.state_to_dict(s1), G.state_to_dict(s2)
    assert [v["name"] for v in d1["vans"]][:3] == list(NAMES)
    for v1, v2 in zip(d1["vans"], d2["vans"]):
        v1.pop("name"), v2.pop("name")
    assert d1 == d2, "the names are the only difference"

def test_out_of_turn_message_names_the_van():
    s = G.new_game(make_cfg(2, names=("Ann", "Bob")), 1)
    waiting = 1 - G.to_act(s)[0]
    stranger = G.legal_actions(s, 1 - waiting)[0]
    bogus = type(stranger)(**{**stranger.__dict__, "seat": waiting})
    with pytest.raises(IllegalAction, match=f"not {('Ann', 'Bob')[waiting]}'s move"):
        G.apply(s, bogus)
