"""Shared by the names suite (tests/conformance/test_names.py) and the games' worked examples: random
play that records what players read, and the check that names typed at set-up change neither play
nor saves."""

from __future__ import annotations

import json
from typing import Any, Callable

from courier.rules.base import Action
from courier.rules.rng import Rng

#: (state, seat, legal, rng) -> action; the default picks uniformly
Chooser = Callable[[Any, int, list[Action], Rng], Action]


def play_random(game: Any, cfg: Any, seed: int, steps: int, choose: Chooser | None = None):
    """Random legal play. Returns the state, action texts, event texts and turn labels seen."""
    s = game.new_game(cfg, seed)
    rng = Rng(seed * 31 + 7)
    actions: list[str] = []
    texts: list[str] = []
    labels = [game.turn_label(s)]
    for _ in range(steps):
        if game.is_over(s):
            break
        acting = game.to_act(s)
        seat = acting[rng.randbelow(len(acting))] if len(acting) > 1 else acting[0]
        legal = game.legal_actions(s, seat)
        action = choose(s, seat, legal, rng) if choose else rng.choice(legal)
        actions.append(action.to_text())
        texts += [e.text for e in game.apply(s, action)]
        labels.append(game.turn_label(s))
    return s, actions, texts, labels


def assert_names_change_nothing(game: Any, named: Any, plain: Any, play: Callable, seed: int = 3,
                                same_saves: bool = True):
    """Same actions with and without names; the save round-trips; the log replays. Returns both
    final states (a game whose saves carry the names checks the rest itself)."""
    s1, acts1, _, _ = play(named, seed)
    s2, acts2, _, _ = play(plain, seed)
    assert acts1 == acts2, "action texts and play do not depend on the names"
    if same_saves:
        assert game.state_to_dict(s1) == game.state_to_dict(s2)
    back = game.state_from_dict(named, json.loads(json.dumps(game.state_to_dict(s1))))
    assert back == s1 and game.turn_label(back) == game.turn_label(s1)
    again = game.new_game(named, seed)
    for text in acts1:
        game.apply(again, game.parse_action(again, text))
    assert again == s1
    return s1, s2
