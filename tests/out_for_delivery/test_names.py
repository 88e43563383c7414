"""The log and labels call couriers by the names typed at set-up; play, saves and actions do not change.

Seeded random games are played with and without names: with names no text says "Courier N",
without them the defaults stay; the action texts, saves and replays are the same either way.
Trades and the ski mask, which name a second seat, are checked on hand-placed positions.
"""

from __future__ import annotations

import re

import pytest

from tests.name_checks import assert_names_change_nothing, play_random

from tests.out_for_delivery.helpers import GAME as G
from tests.out_for_delivery.helpers import act, acting, at, board, give

NAMES = ("Ann", "Bob", "Cy")
STEPS = 150
B = board()


def play(cfg, seed: int, steps: int = STEPS):
    """Random legal play. Returns the state, action texts, event texts and turn labels seen."""
    return play_random(G, cfg, seed, steps)

def numbered(text: str) -> bool:
    return re.search(r"([Cc]ourier|[Pp]layer) \d", text) is not None


@pytest.mark.parametrize("seed", [1, 2])
def test_log_and_turn_label_use_the_names(seed):
    _, _, texts, labels = play(G.make_config(players=3, names=NAMES), seed)
    assert "Ann starts in" in " ".join(texts)
    for name in NAMES:
        assert any(t.startswith(name) for t in texts), name
        assert any(name in label for label in labels), name
    assert not [t for t in texts + labels if numbered(t)]


def test_without_names_the_log_says_courier_n():
    _, _, texts, labels = play(G.make_config(players=3), 1)
    assert any(t.startswith("Courier 1 ") for t in texts)
    assert any("Courier 1" in label for label in labels)


def test_names_change_neither_play_nor_saves():
    assert_names_change_nothing(G, G.make_config(players=3, names=NAMES), G.make_config(players=3), play)

def _meeting():
    s = acting(players=3, names=NAMES)
    here = B.cell(5, 3)
    at(s, 0, here)
    at(s, 1, here)
    give(s, 1, (5, 6))
    s.players[0].gold = 100
    s.players[1].items = ["coffee"]
    return s


def test_trade_lines_and_label_name_both_sides():
    s = _meeting()
    [offered] = act(s, "offer p2 give gold:50 get item:coffee")
    assert offered.text == "Ann offers Bob 50 gold for a Coffee."
    assert G.turn_label(s) == f"Round {s.round} - Bob answers a trade"
    [traded] = act(s, "accept")
    assert traded.text == "Bob accepts: Ann gives 50 gold for a Coffee."
    s = _meeting()
    act(s, "offer p2 give gold:50 get item:coffee")
    [declined] = act(s, "decline")
    assert declined.text == "Bob turns the trade down."


def test_ski_mask_line_names_the_victim():
    s = _meeting()
    s.players[0].items = ["ski_mask"]
    [stole] = act(s, "steal p2 5@7")
    assert stole.text.startswith("Ann pulls on a ski mask and takes Bob's parcel for ")
