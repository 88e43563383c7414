"""The testers' cases off the taught path, one by one (the property behind them, at every step of
every guided game, is ``test_tutorial_never_stuck``): Doorstep Dash's opening keep after a click
and Enter, Enter after a mouse click, the focus at free play, Start over, the learner's name."""

from __future__ import annotations

import pygame
import pytest

from courier.rules import registry
from courier.scenes.choice_dialog import ChoiceDialog
from courier.scenes.menu import MenuScene
from courier.scenes.tutorial import READ_ON, REFUSED, TutorialScene, open_tutorial
from courier.scenes.tutorial_chooser import TutorialChooser
from courier.tutorial import progress
from courier.tutorial.walk import LEARNER, LEARNER_NAME
from tests.app import guided


@pytest.fixture(autouse=True)
def step_files(monkeypatch):
    guided.use_step_files(monkeypatch)


def _open(app, game_id: str) -> tuple[TutorialScene, guided.Player]:
    app.settings.anim_speed, app.settings.reduced_motion = 4.0, True
    app.stack.reset(MenuScene(app))
    player = guided.Player(app, keys=False)
    return player.open_from_menu(registry.get(game_id).title), player


def _to_step(scene: TutorialScene, player: guided.Player, index: int) -> None:
    """Play the taught path until step ``index`` (0-based) shows, settled for the learner."""
    while not (scene.walker.index == index and not scene.view.animating() and scene.job is None
               and scene.hint_pending is None and (scene.walker.step.kind != "do" or scene.lit_target() is not None)):
        player.turn(scene)


def _pointer_moves(player: guided.Player) -> None:
    """The real mouse moves a little (as it does between a click and a key): the ring hides."""
    player.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 400), rel=(1, 1), buttons=(0, 0, 0))])


def test_doorstep_dash_keep_after_a_click_and_enter_still_leads_to_the_move(app):
    """The tester: click the card lit "Here" (it turns to "put back"), press Enter. Enter chooses
    what is lit now, and following what is lit makes the step's move: the lit control is never a
    card already put back, and Keep is lit once exactly the two cards are picked."""
    scene, player = _open(app, "doorstep-dash")
    _to_step(scene, player, 2)
    wanted = scene.walker.wanted()
    assert wanted == "keep Honey Cottage + Riverside"
    first = scene.lit_target()
    player.click(first.click_point)
    assert first.id[1] not in scene.view.selected  # put back
    _pointer_moves(player)
    player.key(pygame.K_RETURN)
    assert not scene.status_text()[0].startswith((REFUSED, READ_ON))  # Enter was not refused
    log = len(scene.match.log)
    for _ in range(4):
        lit = scene.lit_target()
        if len(scene.match.log) > log:
            break
        assert lit is not None
        if lit.id[0] == "card":
            assert lit.id[1] in scene.view.selected, "the lit card is one already put back"
        else:
            assert scene.view.selected == {"Honey Cottage", "Riverside"}
        player.click(lit.click_point)
    assert scene.match.log[log] == wanted


def test_a_refused_keep_leaves_the_lit_control_on_the_way_to_the_move(app):
    """K keeps the cards picked now: refused while they are not the step's, and what is lit after
    the refusal is still the next card to put back (it was the first card again, already put
    back, so following it toggled cards for ever)."""
    scene, player = _open(app, "doorstep-dash")
    _to_step(scene, player, 2)
    player.click(scene.lit_target().click_point)
    player.key(pygame.K_k)  # keeps four cards: not this step's move
    assert scene.walker.index == 2
    lit = scene.lit_target()
    assert lit.id[0] == "card" and lit.id[1] in scene.view.selected
    for _ in range(3):
        player.click(scene.lit_target().click_point)
    assert scene.walker.index == 3 and "keep Honey Cottage + Riverside" in scene.match.log


@pytest.mark.parametrize("game_id,index", [("out-for-delivery", 3), ("doorstep-dash", 2)])
def test_enter_after_a_mouse_click_chooses_what_the_step_frames(app, game_id, index):
    """Out For Delivery step 4: click Millhaven; at step 5 (to read) Enter is Next, as Next's
    "(Enter)" says, though the mouse moved after the click (Doorstep Dash step 3 likewise)."""
    scene, player = _open(app, game_id)
    _to_step(scene, player, index)
    player.click(scene.lit_target().click_point)
    while scene.walker.index == index and scene.walker.step.kind == "do" and len(scene.hint.path if scene.hint else []) > 1:
        player.click(scene.lit_target().click_point)  # the rest of a move of several presses
    _to_step(scene, player, scene.walker.index)
    at = scene.walker.index
    _pointer_moves(player)
    assert not scene.focus_ring.active
    before = len(scene.match.log)
    player.key(pygame.K_RETURN)
    assert not scene.status_text()[0].startswith((REFUSED, READ_ON))
    assert scene.walker.index > at or len(scene.match.log) > before


def test_at_free_play_the_focus_is_not_on_leave_and_enter_stays_in_the_game(app):
    """Out For Delivery: Next pressed by Enter on the last step before free play; the card's Next
    goes away and the focus fell on its neighbour, Leave, so the next Enter left the game."""
    scene, player = _open(app, "out-for-delivery")
    play = scene.script.play_index()
    _to_step(scene, player, play - 1)
    player.tab_to(lambda t: t.label == "Next", "Next")
    player.key(pygame.K_RETURN)
    assert scene.walker.step.play
    for _ in range(20):
        player.frame()
        ring = scene.focus_ring.focused(scene.focusables()) if scene.focus_ring.active else None
        assert ring is None or ring.label not in ("Leave", "Menu"), f"the focus rests on {ring.label!r}"
    while scene.seat != LEARNER:
        player.frame()
    player.key(pygame.K_RETURN)
    assert app.stack.top is scene


def test_start_over_asks_first_and_esc_keeps_the_place(app):
    scene, player = _open(app, "doorstep-dash")
    _to_step(scene, player, 3)
    player.click(scene.buttons["menu"].rect.center)
    keys = guided.Player(app, keys=True)
    keys.key(pygame.K_p)
    chooser = app.stack.top
    assert isinstance(chooser, TutorialChooser)
    title = registry.get("doorstep-dash").title
    keys.press(lambda t: t.label == f"Start over: {title}", "Start over")
    dialog = app.stack.top
    assert isinstance(dialog, ChoiceDialog) and dialog.title == "Start over?"
    assert progress.read("doorstep-dash").step == 3  # nothing lost yet
    keys.key(pygame.K_ESCAPE)
    assert app.stack.top is chooser and progress.read("doorstep-dash").step == 3
    keys.press(lambda t: t.label == f"Start over: {title}", "Start over")
    assert isinstance(app.stack.top, ChoiceDialog)
    keys.key(pygame.K_RETURN)  # Enter at once answers "Keep my place"
    assert app.stack.top is chooser and progress.read("doorstep-dash").step == 3
    keys.press(lambda t: t.label == f"Start over: {title}", "Start over")
    keys.press(lambda t: t.label == "Start over", "the dialog's Start over")
    top = app.stack.top
    assert isinstance(top, TutorialScene) and top.walker.index == 0


def test_the_learner_never_takes_a_name_typed_for_a_real_games_seat(app):
    """A name typed on the New game screen belongs to whoever sat in that seat of a real game;
    the guided game's learner is whoever sits down to learn."""
    from courier.scenes.setup import SetupScene

    app.stack.reset(MenuScene(app))
    setup = app.stack.push(SetupScene(app))
    ids = [g.id for g in setup.games]
    setup._pick_game(ids.index("next-day"))
    setup.seats[0].name = "Grandad"
    setup._remember(setup.game)  # as starting that game does
    assert open_tutorial(app, "doorstep-dash") is None
    scene = app.stack.top
    assert isinstance(scene, TutorialScene)
    assert scene.match.seats[LEARNER].name == LEARNER_NAME
