"""The log and labels call seats by the names typed at set-up; play, saves and actions do not change.

Seeded random games (set-up finished quickly, a low round limit) are played with and without names:
with names no text says "Player N", without them the defaults stay; the action texts, saves and
replays are the same either way.
"""

from __future__ import annotations

import re

from tests.name_checks import assert_names_change_nothing, play_random
from courier.rules.next_day import GAME as G
from courier.rules.next_day import actions as A

NAMES = ("Ann", "Bob", "Cy")
STEPS = 250


def _quick_setup(s, seat, legal, rng):
    if s.phase == "setup":
        return ([a for a in legal if isinstance(a, A.FinishSetup)] or [A.DealRandomly(seat)])[0]
    return rng.choice(legal)


def play(cfg, seed: int, steps: int = STEPS):
    """Random legal play; set-up goes fast (deal randomly, finish). Returns state, actions, texts, labels."""
    return play_random(G, cfg, seed, steps, _quick_setup)

def test_without_names_the_log_says_player_n():
    cfg = G.make_config(players=3, round_limit=3)
    _, _, texts, labels = play(cfg, 1)
    assert any("Player 1" in t for t in texts)
    assert any("Player 1" in label or "Player 2" in label or "Player 3" in label for label in labels)


def test_names_change_neither_play_nor_saves():
    assert_names_change_nothing(G, G.make_config(players=3, names=NAMES, round_limit=3),
                                G.make_config(players=3, round_limit=3), play)

def test_turn_label_names_the_bidder_and_score_rows_stay_by_seat():
    cfg = G.make_config(players=3, names=NAMES, quick_setup=True)
    s = G.new_game(cfg, 4)
    assert G.turn_label(s).endswith(f"{NAMES[s.current]} to move")
    rows = G.score_breakdown(s)
    assert [r["seat"] for r in rows] == [0, 1, 2]
    assert not [k for r in rows for k in r if re.search(r"[Pp]layer \d", k)]


def test_blank_names_fall_back_to_the_default():
    cfg = G.make_config(players=3, names=("Ann", "  ", "Cy"), quick_setup=True)
    assert [G.seat_name(cfg, i) for i in range(3)] == ["Ann", "Player 2", "Cy"]
    s = G.new_game(cfg, 4)
    seen = []
    for _ in range(3):
        seat = s.current
        seen += [e.text for e in G.apply(s, A.EndTurn(seat)) if e.kind == "turn_ended"]
    assert sorted(seen) == ["Ann ends their turn.", "Cy ends their turn.", "Player 2 ends their turn."]
