"""The guided game's screen: a click or key the step does not want is answered with the step's
words and changes nothing; Save and Undo are greyed with reasons; leaving keeps the place, and a
new app resumes it; a damaged place is reported and moved aside; the ways in."""

from __future__ import annotations

import pygame
import pytest

from courier.rules import registry
from courier.scenes.menu import MenuScene
from courier.scenes.setup import SetupScene
from courier.scenes.tutorial import NO_SAVE, NO_UNDO, TutorialScene, asks
from courier.scenes.tutorial_chooser import TutorialChooser
from courier.tutorial import progress
from courier.tutorial.walk import LEARNER
from tests.app import guided, layout_matrix

GAME = "doorstep-dash"


@pytest.fixture(autouse=True)
def step_files(monkeypatch):
    guided.use_step_files(monkeypatch)


def _open(app, keys: bool = False) -> tuple[TutorialScene, guided.Player]:
    app.settings.anim_speed, app.settings.reduced_motion = 4.0, True
    app.stack.reset(MenuScene(app))
    player = guided.Player(app, keys)
    scene = player.open_from_menu(registry.get(GAME).title)
    return scene, player


def _to_lit_step(scene: TutorialScene, player: guided.Player) -> None:
    """Play on until a step asks for a move and its control is lit."""
    while not (scene.walker.step.kind == "do" and scene.lit_target() is not None):
        player.turn(scene)


def _elsewhere(scene: TutorialScene) -> tuple[int, int]:
    """A spot on the board that is neither the lit control nor the card."""
    lit = scene.lit_target()
    for t in scene.view.focusables():
        if lit is not None and t.rect.colliderect(lit.rect):
            continue
        if scene.card.rect.collidepoint(t.click_point) or not scene.board_rect.collidepoint(t.click_point):
            continue
        return t.click_point
    r = scene.board_rect
    return (r.centerx, r.bottom - 5)


def test_a_click_elsewhere_is_answered_with_the_steps_words_and_changes_nothing(app):
    scene, player = _open(app)
    _to_lit_step(scene, player)
    log = list(scene.match.log)
    step = scene.walker.step
    at = (scene.walker.index, scene.walker.within)
    player.click(_elsewhere(scene))
    assert scene.match.log == log and (scene.walker.index, scene.walker.within) == at
    assert scene.status_text()[0] == asks(scene.lit_target().label)  # names the lit control
    # the lit control (and the next ones, for a move of several presses) still makes the move
    for _ in range(8):
        if len(scene.match.log) > len(log):
            break
        player.click(scene.lit_target().click_point)
    assert len(scene.match.log) == len(log) + 1 and scene.match.log[-1] in step.do


def test_a_move_the_step_does_not_want_is_never_played(app):
    scene, player = _open(app)
    _to_lit_step(scene, player)
    log = list(scene.match.log)
    wanted = scene.walker.wanted()
    other = next(a for a in scene.match.legal(LEARNER) if a.to_text() != wanted)
    assert scene.submit(other) is False  # every learner move goes through the gate
    assert scene.match.log == log
    assert scene.status_text()[0] == asks(scene.lit_target().label)


def test_on_a_step_to_read_a_click_on_the_board_asks_for_next(app):
    scene, player = _open(app)
    assert scene.walker.step.kind == "read"
    while scene.job is not None or scene.view.animating() or scene.seat != LEARNER:
        player.frame()  # the computers' opening moves play out first
    log = list(scene.match.log)
    r = scene.board_rect
    spot = next(p for p in ((r.right - 20, r.bottom - 20), (r.left + 20, r.bottom - 20), (r.right - 20, r.top + 20))
                if not scene.card.rect.collidepoint(p))
    player.click(spot)
    assert scene.walker.index == 0 and scene.match.log == log
    assert "press Next" in scene.status_text()[0]


def test_save_and_undo_are_greyed_with_reasons_and_no_save_is_made(app):
    from courier import saves

    scene, player = _open(app)
    _to_lit_step(scene, player)
    player.turn(scene)
    assert not scene.buttons["save"].enabled and scene.buttons["save"].why_not == NO_SAVE
    assert not scene.buttons["undo"].enabled and scene.buttons["undo"].why_not == NO_UNDO
    assert not scene.buttons["hint"].enabled
    player.click(scene.buttons["save"].rect.center)
    assert scene.status_text()[0].startswith("The guided game keeps your place")
    player.key(pygame.K_s, pygame.KMOD_CTRL)
    assert saves.list_saves() == []  # the player's Load list never shows the guided game


def test_leave_and_resume_in_a_new_app(app):
    scene, player = _open(app)
    _to_lit_step(scene, player)
    player.turn(scene)
    at, log = (scene.walker.index, scene.walker.within), list(scene.match.log)
    player.click(scene.buttons["menu"].rect.center)  # the top bar still works
    assert isinstance(app.stack.top, MenuScene)
    pygame.display.quit()
    again = layout_matrix.open_app((1280, 720))
    try:
        again.stack.reset(MenuScene(again))
        p2 = guided.Player(again, keys=True)
        p2.key(pygame.K_p)
        chooser = again.stack.top
        assert isinstance(chooser, TutorialChooser)
        state = next(st for _, script, st in chooser.rows if script.game_id == GAME)
        assert state.startswith(f"resume at step {at[0] + 1} of")
        p2.press(lambda t: t.label == f"Resume: {registry.get(GAME).title}", "Resume")
        back = again.stack.top
        assert isinstance(back, TutorialScene)
        assert (back.walker.index, back.walker.within) == at and back.match.log == log
    finally:
        layout_matrix.close_app(again)


def test_a_damaged_place_is_reported_and_moved_aside(app):
    path = progress.path_for(GAME)
    path.write_bytes(b"{ this is not a place")
    scene, player = _open(app)
    player.frame()
    assert scene.walker.index == 0
    assert scene.status_text()[0] == progress.STARTS_AGAIN
    assert progress.aside_path(GAME).read_bytes() == b"{ this is not a place"


def test_the_setup_screen_offers_learn_to_play_for_the_chosen_game(app):
    app.settings.anim_speed, app.settings.reduced_motion = 4.0, True
    app.stack.reset(MenuScene(app))
    setup = app.stack.push(SetupScene(app))
    ids = [g.id for g in setup.games]
    setup._pick_game(ids.index(GAME))
    player = guided.Player(app, keys=True)
    player.press(lambda t: t.label == "Learn to play", "Learn to play")
    top = app.stack.top
    assert isinstance(top, TutorialScene) and top.script.game_id == GAME


def test_the_chooser_lists_every_game_with_a_guided_game(app):
    app.stack.reset(MenuScene(app))
    chooser = app.stack.push(TutorialChooser(app))
    assert [s.game_id for s in chooser.scripts] == list(registry.ids())
    assert all(state == "new" for _, _, state in chooser.rows)
    labels = [t.label for t in chooser.focusables()]
    for gid in registry.ids():
        assert f"Start: {registry.get(gid).title}" in labels


def test_hint_is_for_free_play_only(app):
    from courier.scenes.tutorial import NO_HINT

    scene, player = _open(app)
    _to_lit_step(scene, player)
    player.key(pygame.K_h)
    assert scene.status_text()[0] == NO_HINT and scene.hint_job is None
    while not (scene.walker.step.play and scene.seat == LEARNER):
        player.turn(scene)
    player.frame()
    assert scene.buttons["hint"].enabled
    player.key(pygame.K_h)
    assert scene.hint_job is not None or scene.hint_pending is not None or scene.current_hint() is not None


def test_escape_drops_the_focus_then_opens_the_game_menu_which_keeps_the_place(app):
    from courier.scenes.choice_dialog import ChoiceDialog

    scene, player = _open(app)
    _to_lit_step(scene, player)
    log = list(scene.match.log)
    for _ in range(5):  # a half-made choice, then the focus, then the game menu
        if app.stack.top is not scene:
            break
        player.key(pygame.K_ESCAPE)
    assert scene.match.log == log
    menu = app.stack.top
    assert isinstance(menu, ChoiceDialog)
    labels = [t.label for t in menu.focusables()]
    assert "Save" not in labels and "Leave to the title screen" in labels
