"""The layout check on every step of every guided game, at 1024x600 and 1920x1080: the step card
fits, covers no control it lights, and cuts no words; the chooser, the set-up with its Learn to
play button and the scores with Play a real game fit too. Pictures are kept under
``tests/_screenshots/layout/`` (the step card: ``guided-<game>-step<k>-<size>.png``)."""

from __future__ import annotations

import pytest

from courier.rules import registry
from courier.scenes.menu import MenuScene
from courier.scenes.scoring import ScoringScene
from courier.scenes.setup import SetupScene
from courier.scenes.tutorial import TutorialScene
from courier.scenes.tutorial_chooser import TutorialChooser
from tests.app import guided, layout_matrix

SIZES = ((1024, 600), (1920, 1080))
GAMES = list(registry.ids())


@pytest.fixture(autouse=True)
def step_files(monkeypatch):
    guided.use_step_files(monkeypatch)


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def sized_app(request, courier_home):
    app = layout_matrix.open_app(request.param)
    app.settings.anim_speed, app.settings.reduced_motion = 4.0, True
    yield app
    layout_matrix.close_app(app)


def _settled(scene: TutorialScene) -> bool:
    """The step is shown as the learner meets it: nothing moving, its control lit if it asks."""
    if scene.view.animating() or scene.job is not None or scene.hint_pending is not None:
        return False
    step = scene.walker.step
    if step is not None and step.kind == "do":
        return scene.seat is not None and scene.lit_target() is not None
    if step is not None and step.kind == "read":
        return scene.walker.may_read_on()
    return scene.seat is not None


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_every_step_fits(sized_app, game_id):
    app = sized_app
    app.stack.reset(MenuScene(app))
    player = guided.Player(app, keys=False)
    scene = player.open_from_menu(registry.get(game_id).title)
    problems: list[str] = []
    checked: set[int] = set()
    while not isinstance(app.stack.top, ScoringScene):
        w = scene.walker
        if w.index not in checked and _settled(scene):
            checked.add(w.index)
            problems += layout_matrix.check(app, f"guided-{game_id}-step{w.index + 1}")
            lit = scene.lit_rect()
            if lit is not None and lit.width < scene.board_rect.width:
                assert not scene.card.rect.colliderect(lit), f"step {w.index + 1}: the card covers the lit control"
        player.turn(scene)
    assert checked == set(range(len(scene.script.steps))), "some steps were never shown"
    problems += layout_matrix.check(app, f"guided-{game_id}-scores")
    player.real_game()
    app.frame(1 / 60, [])
    problems += layout_matrix.check(app, f"guided-{game_id}-real-game-setup")
    assert problems == [], "\n".join(problems)


def test_the_chooser_and_the_setup_button_fit(sized_app):
    app = sized_app
    app.stack.reset(MenuScene(app))
    app.frame(1 / 60, [])
    problems = layout_matrix.check(app, "menu-with-learn-to-play")
    app.stack.push(TutorialChooser(app))
    app.frame(1 / 60, [])
    problems += layout_matrix.check(app, "guided-chooser")
    setup = SetupScene(app)
    app.stack.push(setup)
    for i in range(len(setup.games)):
        setup._pick_game(i)
        app.frame(1 / 60, [])
        assert setup.learn_button is not None
        problems += layout_matrix.check(app, f"setup-learn-{setup.games[i].id}")
    assert problems == [], "\n".join(problems)


def test_the_start_over_question_fits(sized_app):
    from courier.tutorial import load, progress
    from courier.tutorial.walk import Walker

    app = sized_app
    script = load("doorstep-dash")
    assert progress.save(Walker(script, index=3)) is None  # a place kept at step 4
    app.stack.reset(MenuScene(app))
    chooser = app.stack.push(TutorialChooser(app))
    app.frame(1 / 60, [])
    chooser._ask_start_over(script)
    app.frame(1 / 60, [])
    assert layout_matrix.check(app, "guided-start-over") == []
