"""Menu -> setup -> board -> scoring by synthetic clicks, computer players at every seat, for
every game whose board view exists (games still being written are skipped)."""

from __future__ import annotations

import importlib.util
import time

import pytest

from courier.rules import registry
from courier.scenes.board import BoardScene
from courier.scenes.games import VIEWS
from courier.scenes.handoff import HandoffScene
from courier.scenes.menu import MenuScene
from courier.scenes.scoring import ScoringScene
from courier.scenes.setup import KINDS, SetupScene
from courier.ui.widgets import Stepper

GAME_IDS = ["next-day", "doorstep-dash", "package-pandemonium", "out-for-delivery"]


def _playable(gid: str) -> bool:
    try:
        return importlib.util.find_spec(VIEWS[gid]) is not None and gid in registry.ids()
    except ModuleNotFoundError:
        return False


def need_view(gid: str) -> None:
    assert _playable(gid), f"{gid} has no board view"


def play_out(drive, board: BoardScene, limit: int = 40000) -> None:
    """Advance the board fast: updates every step, a full drawn frame every few steps."""
    app = board.app
    for i in range(limit):
        if not isinstance(app.stack.top, BoardScene) or app.stack.top is not board:
            return
        if i % 25 == 0:
            drive.frame(dt=0.25)
        else:
            app.stack.update(0.25)
        if board.job is not None and not board.job.done():
            board.job.wait(5)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("gid", GAME_IDS)
def test_menu_setup_board_scoring(app, drive, gid):
    need_view(gid)
    app.settings.reduced_motion = True  # animations end at once: the test is about the flow
    menu = app.stack.push(MenuScene(app))
    drive.frame()
    drive.click_button(menu, "New game")
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    game = registry.get(gid)
    drive.click_button(setup, game.title)
    assert setup.game is game
    # every seat a computer at the easy level
    def kind_steppers() -> list[Stepper]:
        # looked up afresh: changing a seat's kind may rebuild the widgets
        return [w for w in setup.ui.widgets if isinstance(w, Stepper) and w.options == [k[2] for k in KINDS]]

    assert len(kind_steppers()) == setup.players
    for seat in range(setup.players):
        for _ in range(len(KINDS)):
            k = kind_steppers()[seat]
            if k.index == 1:
                break
            drive.click((k.rect.right - 5, k.rect.centery))
        assert kind_steppers()[seat].index == 1
    drive.frame()
    drive.shot(f"setup-{gid}")
    drive.click_button(setup, "Start")
    board = app.stack.top
    assert isinstance(board, BoardScene) and board.match.game_id == gid
    assert all(s.is_ai and s.level == "easy" for s in board.match.seats)
    for _ in range(30):
        drive.frame(dt=0.05)
        time.sleep(0.002)
    drive.shot(f"board-{gid}")
    play_out(drive, board)
    scoring = app.stack.top
    assert isinstance(scoring, ScoringScene)
    assert board.match.is_over()
    assert scoring.winners == list(game.winners(board.match.state))
    drive.frame(dt=1.0)
    drive.shot(f"scoring-{gid}")
    drive.click_button(scoring, "Menu")
    assert isinstance(app.stack.top, MenuScene)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_two_people_get_the_pass_the_device_screen(app, drive, gid):
    from courier.match import Match, SeatSpec
    from courier.ui import theme

    need_view(gid)
    game = registry.get(gid)
    n = max(2, game.min_players)
    seats = [SeatSpec(f"Person {i + 1}", theme.PLAYER_COLOURS[i][1], "human" if i < 2 else "ai", "easy") for i in range(n)]
    match = Match.new(gid, seats, seed=11)
    board = app.stack.push(BoardScene(app, match))
    for _ in range(400):
        drive.frame(dt=0.1)
        if isinstance(app.stack.top, HandoffScene) or board.seat is not None:
            break
        if board.job is not None:
            board.job.wait(5)
    if game.has_hidden_info:
        assert isinstance(app.stack.top, HandoffScene)
        drive.shot(f"handoff-{gid}")
        drive.key(__import__("pygame").K_RETURN)
        assert app.stack.top is board and board.seat is not None
    else:
        assert board.seat is not None and app.stack.top is board
