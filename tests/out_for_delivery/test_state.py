"""Saving, cloning, replaying, views and import hygiene."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

from courier.rules.out_for_delivery.state import Parcel

from tests.out_for_delivery.helpers import GAME, config, started
from tests.out_for_delivery.play import ai_game, random_game

ROOT = Path(__file__).resolve().parents[2]


def _roundtrip(s, _action=None) -> None:
    back = GAME.state_from_dict(s.config, json.loads(json.dumps(GAME.state_to_dict(s))))
    assert back == s
    assert GAME.legal_actions(back, GAME.to_act(back)[0]) == GAME.legal_actions(s, GAME.to_act(s)[0]) if GAME.to_act(s) else True


def test_save_then_load_is_equal_after_every_action() -> None:
    random_game(3, uniform=False, max_rounds=6, on_step=_roundtrip)
    ai_game(4, players=3, on_step=_roundtrip)


def test_clone_is_equal_and_independent() -> None:
    s = started(3, seed=5)
    s.players[0].parcels.append(Parcel(2, 3))
    s.weather = ["cloudy"] * 3
    before = GAME.state_to_dict(s)
    c = s.clone()
    assert c == s and c is not s and c.config is s.config
    c.players[0].parcels[0] = Parcel(2, 9)
    c.players[1].items.append("coffee")
    c.waiting[0].append(4)
    c.rng.next_u64()
    c.weather[0] = "sunny"
    c.players[2].gold = 999
    assert GAME.state_to_dict(s) == before, "changing the clone leaves the original alone"
    assert c != s
    assert copy.deepcopy(s) == s


def test_seed_and_action_log_replay_exactly() -> None:
    log: list[str] = []
    final = ai_game(21, players=2, on_step=lambda s, a: log.append(a.to_text()))
    s = GAME.new_game(config(2), 21)
    for text in log:
        GAME.apply(s, GAME.parse_action(s, text))
    assert s == final and GAME.is_over(s)


def test_views_hide_only_the_dice_to_come() -> None:
    s = started(2, seed=6)
    for seat in (0, 1, None):
        v = GAME.view(s, seat)
        assert v.rng != s.rng, "the next rolls cannot be read from a view"
        v.rng = s.rng
        assert v == s, "everything else is on the table"
    assert GAME.has_hidden_info is False


def test_importing_the_rules_does_not_import_pygame() -> None:
    code = "import sys, courier.rules.out_for_delivery; assert 'pygame' not in sys.modules and 'pytmx' not in sys.modules"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr


def test_every_action_text_parses_back() -> None:
    s = random_game(40, all_texts=True, uniform=False, max_rounds=4)
    assert GAME.is_over(s)
