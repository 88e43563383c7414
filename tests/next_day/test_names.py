"""The log and labels call seats by the names typed at set-up; play, saves and actions do not change.

Seeded random games (set-up finished quickly, a low round limit) are played with and without names:
with names no text says "Player N", without them the defaults stay; the action texts, saves and
replays are the same either way.
"""

from __future__ import annotations

import json
import re

import pytest

from courier.rules.next_day import GAME as G
from courier.rules.next_day import actions as A
from courier.rules.rng import Rng

NAMES = ("Ann", "Bob", "Cy")
STEPS = 250


def play(cfg, seed: int, steps: int = STEPS):
    """Random legal play; set-up goes fast (deal randomly, finish). Returns state, actions, texts, labels."""
    s = G.new_game(cfg, seed)
    rng = Rng(seed * 31 + 7)
    actions: list[str] = []
    texts: list[str] = []
    labels = [G.turn_label(s)]
    for _ in range(steps):
        if G.is_over(s):
            break
        acting = G.to_act(s)
        seat = acting[rng.randbelow(len(acting))]
        legal = G.legal_actions(s, seat)
        if s.phase == "setup":
            quick = [a for a in legal if isinstance(a, A.FinishSetup)] or [A.DealRandomly(seat)]
            action = quick[0]
        else:
            action = rng.choice(legal)
        actions.append(action.to_text())
        texts += [e.text for e in G.apply(s, action)]
        labels.append(G.turn_label(s))
    return s, actions, texts, labels


@pytest.mark.parametrize("seed", [1, 2])
def test_log_and_turn_label_use_the_names(seed):
    cfg = G.make_config(players=3, names=NAMES, round_limit=3)
    s, _, texts, labels = play(cfg, seed)
    assert any(t.startswith("Ann ") or t.startswith("Ann's ") for t in texts), texts[:20]
    for name in NAMES:
        assert any(name in t for t in texts), name
    assert any("Ann" in label for label in labels), labels
    assert not [t for t in texts + labels if re.search(r"[Pp]layer \d", t)]


def test_without_names_the_log_says_player_n():
    cfg = G.make_config(players=3, round_limit=3)
    _, _, texts, labels = play(cfg, 1)
    assert any("Player 1" in t for t in texts)
    assert any("Player 1" in label or "Player 2" in label or "Player 3" in label for label in labels)


def test_names_change_neither_play_nor_saves():
    named = G.make_config(players=3, names=NAMES, round_limit=3)
    plain = G.make_config(players=3, round_limit=3)
    s1, acts1, _, _ = play(named, 3)
    s2, acts2, _, _ = play(plain, 3)
    assert acts1 == acts2, "action texts and play do not depend on the names"
    assert G.state_to_dict(s1) == G.state_to_dict(s2)
    back = G.state_from_dict(named, json.loads(json.dumps(G.state_to_dict(s1))))
    assert back == s1 and G.turn_label(back) == G.turn_label(s1)
    again = G.new_game(named, 3)
    for text in acts1:
        G.apply(again, G.parse_action(again, text))
    assert again == s1


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
