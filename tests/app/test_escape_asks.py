"""Escape never leaves a screen for good without asking: on the board it first backs out of what
the keyboard or a half-made choice holds, then opens the game menu (nothing is left until a
choice there says so); on the title screen it asks "Quit Courier?"."""

from __future__ import annotations

import pygame

from courier.match import Match, SeatSpec
from courier.scenes.board import BoardScene
from courier.scenes.choice_dialog import ChoiceDialog
from courier.scenes.menu import MenuScene
from courier.ui import theme
from tests.app.keys import KeyDriver

C = [c for _, c in theme.PLAYER_COLOURS]


def _board(app, game_id: str) -> tuple[BoardScene, KeyDriver]:
    seats = [SeatSpec("P1", C[0], "human"), SeatSpec("P2", C[1], "ai", "easy")]
    board = BoardScene(app, Match.new(game_id, seats, seed=2), autosave=False, show_scoring=False)
    app.stack.push(board)
    keys = KeyDriver(app)
    keys.frame()
    return board, keys


def test_escape_in_the_panel_backs_out_then_opens_the_game_menu(app, fake_views):
    board, keys = _board(app, fake_views)
    keys.key(pygame.K_TAB)  # the ring is on a control of the panel or the bar
    assert board.focus_ring.active
    keys.key(pygame.K_ESCAPE)
    assert app.stack.top is board and not board.focus_ring.active  # only the focus went
    keys.key(pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, ChoiceDialog) and board in app.stack  # asked, nothing left
    labels = [t.label for t in menu.focusables()]
    assert labels[0] == "Back to the game" and "Leave to the title screen" in labels
    assert keys.focused().label == "Back to the game"  # Enter at once changes nothing
    keys.key(pygame.K_ESCAPE)  # Escape answers "back to the game"
    assert app.stack.top is board
    keys.key(pygame.K_ESCAPE)
    keys.choose_label("Leave to the title screen")
    assert isinstance(app.stack.top, MenuScene)


def test_escape_on_the_title_screen_asks_before_quitting(app, drive):
    app.running = True  # as in the main loop
    menu = app.stack.push(MenuScene(app))
    drive.frame()
    drive.key(pygame.K_ESCAPE)
    ask = app.stack.top
    assert app.running and isinstance(ask, ChoiceDialog) and ask.title == "Quit Courier?"
    drive.key(pygame.K_ESCAPE)  # Escape again: stay
    assert app.running and app.stack.top is menu
    drive.key(pygame.K_ESCAPE)
    drive.click_button(app.stack.top, "Quit")
    assert not app.running
