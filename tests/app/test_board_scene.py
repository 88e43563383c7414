"""The board host with the test game: AI play to the end, handoff, undo, saving, scoring."""

from __future__ import annotations

import pygame

from courier import saves
from courier.match import Match, SeatSpec
from courier.scenes.board import BoardScene
from courier.scenes.handoff import HandoffScene
from courier.scenes.scoring import ScoringScene
from courier.ui import theme

C = [c for _, c in theme.PLAYER_COLOURS]


def seats(*kinds: str) -> list[SeatSpec]:
    out = []
    for i, k in enumerate(kinds):
        out.append(SeatSpec(f"P{i + 1}", C[i], "human" if k == "human" else "ai", "easy"))
    return out


def test_ai_seats_play_to_the_scoring_screen(app, drive, fake_views):
    match = Match.new(fake_views, seats("ai", "ai", "ai"), seed=3)
    board = app.stack.push(BoardScene(app, match))
    drive.run_until(lambda: board.job is not None)
    drive.shot("board-thinking")
    assert "thinking" in board.status_text()[0]
    drive.run_until(lambda: isinstance(app.stack.top, ScoringScene))
    assert match.is_over()
    scoring = app.stack.top
    assert set(scoring.winners) == set(match.game.winners(match.state))
    drive.frame(dt=1.0)
    drive.shot("scoring")
    # the game log lists every event, newest last
    assert board.log_box.entries and len(board.log_box.entries) == len(match.events)
    # autosaved along the way, finished: listed by Load, not offered by Continue
    newest = saves.list_saves()[0]
    assert newest.game_id == fake_views and newest.finished
    assert saves.latest_save() is None


def test_animations_finish_before_the_next_computer_move(app, drive, fake_views):
    match = Match.new(fake_views, seats("ai", "ai"), seed=5)
    board = app.stack.push(BoardScene(app, match, ai_pause=0.0))
    seen_busy_with_job = False
    for _ in range(3000):
        if board.view.animating() and board.job is not None:
            seen_busy_with_job = True
        if match.is_over():
            break
        drive.frame(dt=0.01)
        import time

        time.sleep(0.0005)
    assert not seen_busy_with_job


def test_handoff_between_two_people_hides_the_board(app, drive, fake_views):
    match = Match.new(fake_views, seats("human", "human"), seed=1)
    board = app.stack.push(BoardScene(app, match))
    drive.frame()
    top = app.stack.top
    assert isinstance(top, HandoffScene) and top.name == "P1"
    assert app.stack.visible() == [top]  # the board is not drawn under it
    drive.shot("handoff")
    assert 0 not in board.view.shown_seats  # seat 0's secrets were not shown before accepting
    drive.click_button(top, "I am P1: show my turn")
    assert app.stack.top is board and board.seat == 0
    drive.key(pygame.K_SPACE)  # roll
    assert len(match.log) == 1
    drive.run_until(lambda: isinstance(app.stack.top, HandoffScene))
    assert app.stack.top.name == "P2"
    assert 1 not in board.view.shown_seats
    drive.key(pygame.K_RETURN)
    assert board.seat == 1 and board.view.shown_seats[-1] == 1


def test_one_person_against_the_computer_needs_no_handoff(app, drive, fake_views):
    match = Match.new(fake_views, seats("human", "ai"), seed=2)
    board = app.stack.push(BoardScene(app, match))
    drive.frame()
    assert app.stack.top is board and board.seat == 0
    drive.move(board.board_rect.center)
    drive.shot("board")
    drive.key(pygame.K_w)  # wait: no reveal, so it can be taken back
    drive.run_until(lambda: board.seat == 0 and len(match.log) == 2)
    assert board.buttons["undo"].enabled
    drive.click_button(board, "Undo")
    assert match.log == [] and board.seat == 0
    assert len(board.log_box.entries) == 0


def test_illegal_input_out_of_turn_is_refused(app, drive, fake_views):
    match = Match.new(fake_views, seats("human", "ai"), seed=2)
    board = app.stack.push(BoardScene(app, match))
    drive.frame()
    drive.key(pygame.K_w)
    # while the computer acts, the view gets seat None and input does nothing
    assert board.seat is None
    used = board.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    assert not used and len(match.log) == 1


def test_save_dialog_writes_a_slot(app, drive, fake_views):
    match = Match.new(fake_views, seats("human", "ai"), seed=4)
    board = app.stack.push(BoardScene(app, match))
    drive.frame()
    drive.click_button(board, "Save")
    dialog = app.stack.top
    assert dialog is not board and not dialog.opaque
    drive.frame()
    drive.shot("save-dialog")
    drive.click_button(dialog, "Save")  # under the name it offers
    assert app.stack.top is board
    assert any(e.name.startswith(match.game.title) and e.ok for e in saves.list_saves())
    assert "Saved" in board.status_text()[0]


def test_menu_button_autosaves_and_continue_resumes(app, drive, fake_views):
    from courier.scenes.menu import MenuScene

    match = Match.new(fake_views, seats("human", "ai"), seed=6)
    board = app.stack.push(BoardScene(app, match))
    drive.frame()
    drive.key(pygame.K_w)
    drive.run_until(lambda: board.seat == 0)
    drive.click_button(board, "Menu")
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.buttons["continue"].enabled
    drive.frame()
    drive.shot("menu-with-continue")
    drive.click_button(menu, "Continue")
    resumed = app.stack.top
    assert isinstance(resumed, BoardScene) and resumed.match.log == match.log


def test_a_failing_scene_shows_the_error_screen(app, drive, fake_views):
    from courier.scenes.base import Scene
    from courier.scenes.error import ErrorScene
    from courier.scenes.menu import MenuScene

    class Broken(Scene):
        def update(self, dt: float) -> None:
            raise RuntimeError("the van fell off the map")

    app.stack.push(Broken(app))
    drive.frame()
    top = app.stack.top
    assert isinstance(top, ErrorScene) and "the van fell off the map" in top.message
    assert app.log_path is not None and "the van fell off the map" in app.log_path.read_text()
    drive.shot("error")
    drive.click_button(top, "Back to the menu")
    assert isinstance(app.stack.top, MenuScene)


def test_board_relayouts_on_resize(app, drive, fake_views):
    match = Match.new(fake_views, seats("human", "ai"), seed=2)
    board = app.stack.push(BoardScene(app, match))
    app.stack.resize((1600, 900))
    assert board.view.board_rect.width > 1000 and board.view.panel_rect.right <= 1600


def test_a_resized_window_relays_out_and_is_remembered(app, drive, fake_views):
    match = Match.new(fake_views, seats("human", "ai"), seed=2)
    board = app.stack.push(BoardScene(app, match))
    app.screen = pygame.display.set_mode((1400, 800), pygame.RESIZABLE)
    drive.frame([pygame.event.Event(pygame.VIDEORESIZE, size=(1400, 800), w=1400, h=800)])
    assert board.size == (1400, 800) and board.view.panel_rect.right <= 1400
    assert (app.settings.window_width, app.settings.window_height) == (1400, 800)


def test_play_again_keeps_the_seats_with_a_new_seed(app, drive, fake_views):
    match = Match.new(fake_views, seats("ai", "ai"), seed=8, length=3)
    board = app.stack.push(BoardScene(app, match, ai_pause=0.0))
    drive.run_until(lambda: isinstance(app.stack.top, ScoringScene))
    drive.click_button(app.stack.top, "Rematch")
    again = app.stack.top
    assert isinstance(again, BoardScene) and again is not board
    assert again.match.seats == match.seats and again.match.config == match.config
    assert again.match.seed != match.seed and again.match.log == []


def test_the_save_picture_is_drawn_at_the_design_scale(app, drive, fake_views, monkeypatch):
    """On a big window the board picture keeps the design scale (its labels keep their size to
    the board), and the window's own scale comes back after."""
    from courier.scenes.board_picture import board_picture
    from tests.app.fake_game import RaceView

    match = Match.new(fake_views, seats("human", "ai"), seed=2)
    board = app.stack.push(BoardScene(app, match, autosave=False))
    app.screen = pygame.display.set_mode((2560, 1440), pygame.RESIZABLE)
    drive.frame([pygame.event.Event(pygame.VIDEORESIZE, size=(2560, 1440), w=2560, h=1440)])
    assert theme.ui_scale() == 2.0
    scales: list[float] = []
    draw_board = RaceView.draw_board
    monkeypatch.setattr(RaceView, "draw_board", lambda self, s: (scales.append(theme.ui_scale()), draw_board(self, s)))
    png = board_picture(board, fresh=True)
    assert png and scales == [1.0] and theme.ui_scale() == 2.0
    drive.frame()
    assert scales[-1] == 2.0  # the window's board, at the window's scale
