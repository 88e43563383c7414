"""The pass-the-device screen is no trap: the table can leave it without anyone showing a turn.

Esc (or its Menu button) turns the card into "Leave the game?" with Back, Save under a name, Main
menu and Quit Courier; every way out saves the game first, and none of them shows the board of the
person the device was passing to.
"""

from __future__ import annotations

import pygame
import pytest

from courier import saves
from courier.match import Match, SeatSpec
from courier.scenes.board import BoardScene
from courier.scenes.handoff import HandoffScene
from courier.scenes.menu import MenuScene
from courier.scenes.save_dialog import SaveDialog
from courier.ui import theme

GAMES = ["doorstep-dash", "package-pandemonium", "next-day"]


def _table(game_id: str) -> list[SeatSpec]:
    n = 3 if game_id == "next-day" else 2
    names = ["Ann", "Bea", "Cal"]
    return [SeatSpec(names[i], theme.PLAYER_COLOURS[i][1], "human") for i in range(n)]


def _at_pass_screen(app, drive, game_id: str) -> BoardScene:
    board = BoardScene(app, Match.new(game_id, _table(game_id), seed=4))
    app.stack.push(board)
    drive.run_until(lambda: isinstance(app.stack.top, HandoffScene), frames=400)
    return board


def _leave_button(scene: HandoffScene, label: str):
    return next(b for b in scene.leave_buttons if b.text == label)


@pytest.mark.parametrize("game_id", GAMES)
def test_esc_opens_the_leave_card_and_esc_again_comes_back(app, drive, game_id: str) -> None:
    board = _at_pass_screen(app, drive, game_id)
    handoff = app.stack.top
    drive.key(pygame.K_ESCAPE)
    assert app.stack.top is handoff and handoff.leaving
    assert [b.text for b in handoff.leave_buttons] == ["Back to the game", "Save under a name", "Main menu",
                                                       "Quit Courier"]
    drive.key(pygame.K_RETURN)  # Enter without the ring on a button reveals nothing here
    assert app.stack.top is handoff and board.seat is None
    drive.key(pygame.K_ESCAPE)
    assert app.stack.top is handoff and not handoff.leaving
    drive.key(pygame.K_RETURN)  # on the pass card Enter is "I am ...: show my turn"
    assert app.stack.top is board and board.seat is not None


@pytest.mark.parametrize("game_id", GAMES)
def test_main_menu_from_the_pass_screen_saves_and_shows_no_turn(app, drive, game_id: str) -> None:
    board = _at_pass_screen(app, drive, game_id)
    handoff = app.stack.top
    moves = len(board.match.log)
    drive.key(pygame.K_ESCAPE)
    drive.click(_leave_button(handoff, "Main menu").rect.center)
    assert isinstance(app.stack.top, MenuScene)
    assert board.seat is None and board.looking() is None  # nobody's turn was ever shown
    entry = next(e for e in saves.list_saves() if e.ok)
    assert entry.game_id == game_id
    assert len(saves.load_match(entry.path).log) == moves


def test_quit_from_the_pass_screen_saves_and_closes(app, drive) -> None:
    board = _at_pass_screen(app, drive, "doorstep-dash")
    handoff = app.stack.top
    drive.key(pygame.K_ESCAPE)
    drive.click(_leave_button(handoff, "Quit Courier").rect.center)
    assert not app.running and board.seat is None
    assert any(e.ok and e.game_id == "doorstep-dash" for e in saves.list_saves())


def test_save_under_a_name_opens_over_the_pass_screen(app, drive) -> None:
    board = _at_pass_screen(app, drive, "package-pandemonium")
    handoff = app.stack.top
    drive.key(pygame.K_ESCAPE)
    drive.click(_leave_button(handoff, "Save under a name").rect.center)
    assert isinstance(app.stack.top, SaveDialog)
    app.stack.pop()
    assert app.stack.top is handoff and board.seat is None


def test_the_keyboard_reaches_every_way_out(app, drive) -> None:
    _at_pass_screen(app, drive, "doorstep-dash")
    handoff = app.stack.top
    assert [t.key for t in handoff.focusables()] == [("handoff", "go"), ("handoff", "menu")]
    drive.key(pygame.K_ESCAPE)
    labels = [t.label for t in handoff.focusables()]
    assert labels == ["Back to the game", "Save under a name", "Main menu", "Quit Courier"]
