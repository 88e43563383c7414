"""The engine against every registered game: import hygiene, save -> load, undo -> redo, replay.

Every registered game must load, start and play: a game that cannot is a failure, never a skip.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from courier import saves
from courier.match import Match, SeatSpec
from courier.rules import registry
from courier.rules.rng import Rng

ROOT = Path(__file__).resolve().parents[2]
MAX_ACTIONS = 150
COLOURS = [(220, 60, 60), (60, 110, 220), (60, 170, 90), (230, 170, 40)]


def _match(game_id: str, humans: int) -> Match:
    game = registry.get(game_id)
    n = game.min_players if game.min_players >= 2 else min(2, game.max_players)
    seats = [
        SeatSpec(f"Seat {i + 1}", COLOURS[i], kind="human" if i < humans else "ai", level="easy") for i in range(n)
    ]
    return Match.new(game_id, seats, seed=1234)


def _random_action(m: Match, rng: Rng):
    seat = min(m.to_act())
    return rng.choice(m.legal(seat))


@pytest.mark.parametrize("game_id", registry.ids())
def test_rules_import_without_pygame(game_id: str) -> None:
    code = (
        "import sys, importlib\n"
        "import courier.rules\n"
        "from courier.rules import registry\n"
        f"registry.get({game_id!r})\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pytmx', 'pygame_gui'))\n"
        "print('LOADED', bad)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "LOADED []"


def test_engine_modules_import_without_pygame() -> None:
    code = (
        "import sys\n"
        "import courier.paths, courier.settings, courier.match, courier.saves, courier.dev.bench\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pytmx', 'pygame_gui')))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("game_id", registry.ids())
def test_save_load_identical_during_a_random_game(game_id: str) -> None:
    m = _match(game_id, humans=1)
    game = m.game
    rng = Rng(99)
    checked = 0
    for i in range(MAX_ACTIONS):
        if m.is_over():
            break
        m.submit(_random_action(m, rng))
        if i % 25 == 0 or m.is_over():
            path = saves.save_match(m, "check")
            json.loads(path.read_text())  # plain JSON
            back = saves.load_match(path)
            assert game.state_to_dict(back.state) == game.state_to_dict(m.state)
            assert back.log == m.log and back.replay_ok, "the log must replay to the saved state"
            assert back.to_act() == m.to_act()
            checked += 1
    assert checked >= 2
    entry = next(e for e in saves.list_saves() if e.slot == "check")
    assert entry.ok and entry.game_title == game.title


@pytest.mark.parametrize("game_id", registry.ids())
def test_undo_then_redo_gives_the_same_state(game_id: str) -> None:
    m = _match(game_id, humans=2)
    game = m.game
    rng = Rng(7)
    undos = 0
    for _ in range(MAX_ACTIONS):
        if m.is_over():
            break
        action = _random_action(m, rng)
        m.submit(action)
        if m.can_undo(by=action.seat) and undos < 15:
            before = game.state_to_dict(m.state)
            log_before = list(m.log)
            assert m.undo(by=action.seat)
            assert len(m.log) < len(log_before)
            assert m.redo()
            assert game.state_to_dict(m.state) == before and m.log == log_before
            undos += 1
    assert undos > 0, f"{game_id}: no undoable human action came up in {MAX_ACTIONS} random actions"


@pytest.mark.parametrize("game_id", registry.ids())
def test_ai_job_plays_a_real_seat(game_id: str) -> None:
    m = _match(game_id, humans=0)
    rng = Rng(5)
    for _ in range(MAX_ACTIONS):
        if m.is_over():
            break
        seat = m.ai_to_act()
        assert seat is not None and m.human_to_act() is None
        if len(m.log) < 5:
            job = m.start_ai(seat)
            assert job.wait(60)
            action = job.result()
            assert action in m.legal(seat)
            again = m.start_ai(seat)
            assert again.wait(60) and again.result() == action
            m.submit(action)
        else:
            m.submit(_random_action(m, rng))
    assert len(m.log) > 0
