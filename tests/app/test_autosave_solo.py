"""Autosave after every turn, also in a one-seat game where the seat to act never changes."""

from __future__ import annotations

from courier import saves
from courier.match import Match, SeatSpec
from courier.scenes.board import BoardScene
from courier.ui import theme


def test_solo_pandemonium_autosaves_as_rounds_pass(app, drive):
    app.settings.reduced_motion = True
    match = Match.new("package-pandemonium", [SeatSpec("Solo", theme.PLAYER_COLOURS[0][1], "ai", "easy")], seed=4)
    board = app.stack.push(BoardScene(app, match, ai_pause=0.0))
    start_label = match.turn_label()
    for _ in range(3000):
        if match.turn_label() != start_label and board.saved_turns >= 2:
            break
        app.stack.update(0.25)
        if board.job is not None and not board.job.done():
            board.job.wait(5)
    assert match.turn_label() != start_label
    assert board.saved_turns >= 2
    entry = saves.latest_save()
    assert entry is not None and entry.ok and entry.game_id == "package-pandemonium"
