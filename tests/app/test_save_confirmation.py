"""A save says it was saved, and what: on the board's status line when the board is under the
dialog, and on the dialog's own card when the save was made from a screen that hides the board
(the pass screen's menu in a hot-seat game), for a moment; the key that closes that card does
nothing on the screen under it."""

from __future__ import annotations

import pygame
import pytest

from courier import saves
from courier.scenes.board import BoardScene
from courier.scenes.handoff import HandoffScene
from courier.scenes.save_dialog import SAVED_SECONDS, SaveDialog, saved_words
from tests.app import layout_matrix
from tests.app.shell_states import Backdrop
from tests.app.test_load_screen import a_match
from tests.app.test_scoring_stats import drawn_texts as drawn


def name_it(drive, dialog: SaveDialog, name: str) -> None:
    drive.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    drive.type(name)
    drive.key(pygame.K_RETURN)


def test_saved_from_the_pass_screen_the_card_says_what_was_saved(app, drive, fake_views):
    match = a_match(2, moves=2)
    app.stack.push(Backdrop(app))
    shown = []
    handoff = app.stack.push(HandoffScene(app, "Bo", (40, 90, 200), lambda: shown.append("turn"),
                                          on_save=lambda: None, on_menu=lambda: None))
    dialog = app.stack.push(SaveDialog(app, match, on_saved=lambda msg: None))
    drive.frame()
    name_it(drive, dialog, "Evening")
    assert [e.name for e in saves.list_saves() if e.name] == ["Evening"]
    words = " ".join(drawn(app))
    assert "Saved" in words and "“Evening”" in words, words
    drive.shot("save-confirmed-over-pass-screen")
    drive.key(pygame.K_RETURN)  # closes the card, and only that: nobody's turn is shown
    assert app.stack.top is handoff and shown == []
    # left alone, the card goes by itself
    dialog = app.stack.push(SaveDialog(app, match))
    drive.frame()
    name_it(drive, dialog, "Later")
    assert app.stack.top is dialog and dialog.saved is not None
    for _ in range(int(SAVED_SECONDS / 0.1) + 2):
        drive.frame(dt=0.1)
    assert app.stack.top is handoff and shown == []


def test_saved_on_the_board_its_status_line_says_what_was_saved(app, drive, fake_views):
    match = a_match(2, moves=2)
    board = app.stack.push(BoardScene(app, match))
    drive.frame()
    drive.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    name_it(drive, app.stack.top, "Evening")
    assert app.stack.top is board
    text = board.status_text()[0]
    assert "Saved as “Evening”" in text and "Load" in text


@pytest.mark.parametrize("size", layout_matrix.SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_saved_card_fits_every_window(courier_home, size, fake_views):
    app = layout_matrix.open_app(size)
    try:
        app.stack.push(Backdrop(app))
        dialog = app.stack.push(SaveDialog(app, a_match(2, moves=2)))
        dialog._confirm_saved(saved_words("A long evening name for the kitchen table game", dialog.match))
        app.frame(1 / 60, [])
        assert layout_matrix.check(app, "save-confirmed") == []
    finally:
        layout_matrix.close_app(app)
