"""Every game's guided game played through the real app to its end, by keys alone and by mouse
alone: from the title screen's Learn to play, through every step, to the scores and "Play a real
game", which opens the set-up filled like the guided table."""

from __future__ import annotations

import pytest

from courier.rules import registry
from courier.scenes.setup import KINDS
from courier.tutorial import load, progress
from tests.app import guided
from tests.app.keys import forbid_mouse

GAMES = list(registry.ids())


@pytest.fixture(autouse=True)
def step_files(monkeypatch):
    guided.use_step_files(monkeypatch)


def _fast(app) -> None:
    app.settings.anim_speed = 4.0
    app.settings.reduced_motion = True


def _played(app, game_id: str, keys: bool):
    from courier.scenes.menu import MenuScene

    _fast(app)
    if keys:
        forbid_mouse(app)
    app.stack.reset(MenuScene(app))
    player = guided.Player(app, keys)
    title = registry.get(game_id).title
    scene = player.open_from_menu(title)
    scene = player.play()
    return player, scene


def _check_end(player, scene, game_id: str) -> None:
    script = load(game_id)
    w = scene.walker
    assert w.finished and scene.match.is_over()
    asked = [text for s in script.steps for text in s.do]
    assert [move for _, move in player.asked] == asked  # every taught move, in order, as asked
    for say, move in player.asked:
        step = next(s for s in script.steps if s.say == say)
        assert move in step.do
    learner_moves = [st for st in scene.match._steps if st.seat == 0]
    assert len(learner_moves) >= len(asked)
    p = progress.read(game_id)
    assert p.done and p.step is None  # done, and no place kept
    setup = player.real_game()
    assert setup.game.id == game_id
    assert setup.players == script.players
    assert KINDS[setup.seats[0].kind_index][0] == "human"
    for i in range(1, setup.players):
        assert KINDS[setup.seats[i].kind_index][:2] == ("ai", "easy")
    assert not any(setup.toggles.values())  # the game's usual options, not the guided table's


@pytest.mark.parametrize("game_id", GAMES)
def test_guided_game_by_keys_alone(app, game_id):
    player, scene = _played(app, game_id, keys=True)
    _check_end(player, scene, game_id)


@pytest.mark.parametrize("game_id", GAMES)
def test_guided_game_by_mouse_alone(app, game_id):
    player, scene = _played(app, game_id, keys=False)
    _check_end(player, scene, game_id)
