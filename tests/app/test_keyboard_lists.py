"""Up and Down move the focus in every menu and list dialog: the game menu, "Quit Courier?", the
pass screen's leave card. A dialog that keeps every event from the screen under it must still let
the shared keyboard model have the arrows it does not use itself."""

from __future__ import annotations

import pygame
import pytest

from courier.match import Match, SeatSpec
from courier.scenes.board import BoardScene
from courier.scenes.choice_dialog import ask_quit, game_menu
from courier.scenes.handoff import HandoffScene
from courier.scenes.menu import MenuScene
from courier.ui import theme
from tests.app.keys import KeyDriver

C = [c for _, c in theme.PLAYER_COLOURS]


def _game_menu(app):
    seats = [SeatSpec("P1", C[0], "human")] + [SeatSpec(f"P{i + 1}", C[i], "ai", "easy") for i in (1, 2)]
    board = app.stack.push(BoardScene(app, Match.new("next-day", seats, seed=2, quick_setup=True), autosave=False,
                                      show_scoring=False))
    KeyDriver(app).frame()
    return game_menu(app, board)


def _quit(app):
    app.stack.push(MenuScene(app))
    return ask_quit(app)


def _leave_card(app):
    pass_screen = app.stack.push(HandoffScene(app, "Ann", C[0], lambda: None, on_menu=lambda: None,
                                              on_save=lambda: None, on_quit=lambda: None))
    pass_screen._open_leave()
    return pass_screen


@pytest.mark.parametrize("opening", [_game_menu, _quit, _leave_card], ids=["game menu", "quit", "pass screen leave"])
def test_up_and_down_walk_every_answer_of_a_menu(app, opening):
    """From the first answer, Down reaches each answer below in turn and Up comes back the same way
    (the answers are a column: the order on screen is the order of the walk)."""
    dialog = opening(app)
    keys = KeyDriver(app)
    keys.frame()
    assert keys.scene is dialog
    column = sorted((t for t in dialog.focusables() if t.enabled), key=lambda t: t.rect.top)
    assert len(column) >= 2
    if keys.focused() is None:
        keys.key(pygame.K_DOWN)  # the first press shows the ring on the first answer
    assert keys.focused().id == column[0].id
    for want in column[1:]:
        keys.key(pygame.K_DOWN)
        assert keys.focused() is not None and keys.focused().id == want.id, [t.label for t in column]
    for want in reversed(column[:-1]):
        keys.key(pygame.K_UP)
        assert keys.focused().id == want.id
    assert keys.scene is dialog  # nothing was chosen by walking


def _column_walk(keys: KeyDriver, zone: str = "dialog") -> None:
    """Down from the top answer of ``zone`` reaches another answer below, and Up comes back."""
    column = sorted((t for t in keys.targets() if t.zone == zone and t.enabled), key=lambda t: t.rect.top)
    assert len(column) >= 2 and column[-1].rect.top > column[0].rect.top
    keys.tab_to(lambda t: t.id == column[0].id, "the top answer")
    keys.key(pygame.K_DOWN)
    below = keys.focused()
    assert below.zone == zone and below.rect.top > column[0].rect.top
    keys.key(pygame.K_UP)
    assert keys.focused().id == column[0].id


def test_up_and_down_walk_a_games_list_of_answers(app):
    """A game's own prompt beside the board (Package Pandemonium's companies) is a list too."""
    from tests.package_pandemonium.layout_states import new_match, person_in, play_until

    board = app.stack.push(BoardScene(app, play_until(new_match(), person_in("company")), autosave=False))
    keys = KeyDriver(app)
    keys.frame()
    assert board.seat == 0
    _column_walk(keys)
