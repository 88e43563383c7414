"""No learner is ever stuck: at every step of every guided game, after a generated detour of
clicks (the lit control, other controls, board places, nothing) and keys (Enter, Space, Tab,
Shift+Tab, arrows, digits, Esc and back), nothing has failed, the step never went backwards, a
way out was taken only when chosen (and the place was kept), and the lit control, clicked or
chosen by Enter, leads to the step's move in a few presses (see ``tests/app/never_stuck.py``).

Two examples a step by default; ``COURIER_GUIDED_SEEDS=1-40`` draws more (a failure names its
game, step and seed, which plays it again exactly)."""

from __future__ import annotations

import pytest

from courier.rules import registry
from courier.tutorial import load
from tests.app import guided, never_stuck

CASES = [(g, i) for g in registry.ids() for i in range(len(load(g).steps))]


@pytest.fixture(autouse=True)
def step_files(monkeypatch):
    guided.use_step_files(monkeypatch)


@pytest.mark.parametrize("game_id,index", CASES, ids=[f"{g}-step{i + 1}" for g, i in CASES])
def test_no_learner_is_ever_stuck(app, game_id, index):
    app.settings.anim_speed, app.settings.reduced_motion = 4.0, True
    for seed in never_stuck.seeds([1, 2]):
        never_stuck.check_step(app, game_id, index, seed)
