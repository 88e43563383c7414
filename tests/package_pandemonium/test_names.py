"""Package Pandemonium's worked examples of names: vans carry the names typed at set-up, the Rogue
and the solo rival keep theirs, and saves carry the names (what holds for every game, random play
with and without names included, is in tests/conformance/test_names.py)."""

from __future__ import annotations

import re

import pytest

from courier.rules.base import IllegalAction
from tests.name_checks import play_random
from tests.package_pandemonium.pp_helpers import GAME as G
from tests.package_pandemonium.pp_helpers import cfg as make_cfg

NAMES = ("Ann", "Bob", "Cy")
STEPS = 150


def play(cfg, seed: int, steps: int = STEPS):
    """Random legal play. Returns the state, action texts, event texts and turn labels seen."""
    return play_random(G, cfg, seed, steps)


def test_two_players_name_their_vans_and_the_rogue_keeps_its_name():
    s, _, texts, labels = play(make_cfg(2, names=NAMES[:2]), 1)
    assert [v.name for v in s.vans if v.seat >= 0] == list(NAMES[:2])
    for name in NAMES[:2]:
        assert any(t.startswith(name) for t in texts), name
    assert not [t for t in texts + labels if re.search(r"[Pp]layer \d", t)]
    assert any(t.startswith("The Rogue ") for t in texts), "the game's own Rogue keeps its name"


def test_solo_rival_and_rogue_keep_their_names():
    s, _, texts, _ = play(make_cfg(1, names=("Ann",)), 2)
    assert [v.name for v in s.vans] == ["Ann", "The Rogue", "Rival driver"]
    assert any(t.startswith("Ann ") for t in texts)
    assert any(t.startswith("Rival driver ") for t in texts)


def test_without_names_the_vans_keep_their_default_names():
    s, _, _, _ = play(make_cfg(3), 1)
    assert [v.name for v in s.vans] == ["Player 1", "Player 2", "Rogue player"]
    assert [v.name for v in G.new_game(make_cfg(1), 1).vans][0] == "Solo driver"


def test_saves_carry_the_names():
    s, _, _, _ = play(make_cfg(3, names=NAMES), 3)
    assert [v["name"] for v in G.state_to_dict(s)["vans"]][:3] == list(NAMES)


def test_out_of_turn_message_names_the_van():
    s = G.new_game(make_cfg(2, names=("Ann", "Bob")), 1)
    waiting = 1 - G.to_act(s)[0]
    stranger = G.legal_actions(s, 1 - waiting)[0]
    bogus = type(stranger)(**{**stranger.__dict__, "seat": waiting})
    with pytest.raises(IllegalAction, match=f"not {('Ann', 'Bob')[waiting]}'s move"):
        G.apply(s, bogus)
