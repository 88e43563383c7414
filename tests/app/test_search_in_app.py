"""The search player as players meet it: set-up levels, thinking in the worker process while the
board keeps drawing, leaving mid-thought, and carrying on if the worker fails."""

from __future__ import annotations

import pytest

from courier.ai import base, worker
from courier.ai.search import SearchBot
from courier.match import AiJob, Match, SeatSpec
from courier.rules import registry
from courier.scenes.board import BoardScene
from courier.ui import theme

C = [c for _, c in theme.PLAYER_COLOURS]

pytestmark = pytest.mark.search_levels


@pytest.fixture(autouse=True, scope="module")
def _stop_worker():
    yield
    worker.shutdown()


def test_the_setup_levels_are_the_search_player() -> None:
    assert base.LEVELS_USE_SEARCH
    for game_id in registry.ids():
        for level in base.LEVELS:
            assert isinstance(base.make_bot(game_id, level), SearchBot)
            assert base.resolve_level(level) == f"search-{level}"
    assert base.resolve_level("heuristic") == "heuristic-normal"
    with pytest.raises(ValueError):
        base.resolve_level("grandmaster")


def _first_real_choice(match: Match) -> int:
    """Play the match (rule of thumb) until a computer seat has more than one legal action."""
    for _ in range(500):
        seat = match.ai_to_act()
        assert seat is not None
        if len(match.legal(seat)) > 1:
            return seat
        match.submit(match.legal(seat)[0])
    raise AssertionError("no real choice reached")


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_search_seat_thinks_in_the_worker_process(game_id: str) -> None:
    game = registry.get(game_id)
    n = game.min_players if game.min_players > 1 else 2
    seats = [SeatSpec(f"Bot {i + 1}", C[i], "ai", "easy") for i in range(n)]
    match = Match.new(game_id, seats, seed=11)
    seat = _first_real_choice(match)
    job = match.start_ai(seat)
    assert isinstance(job, worker.ProcessJob)
    assert job.wait(120)
    assert job.result() in match.legal(seat)
    assert match.is_current(job)
    # a seat with one legal action, or the rule-of-thumb fallback, answers in a thread
    fallback = match.start_ai(seat, search=False)
    assert isinstance(fallback, AiJob) and fallback.wait(60) and fallback.result() in match.legal(seat)


def test_the_board_draws_while_the_search_thinks_and_the_game_goes_on(app, drive) -> None:
    seats = [SeatSpec("Ann", C[0], "ai", "normal"), SeatSpec("Bob", C[1], "ai", "easy")]
    match = Match.new("out-for-delivery", seats, seed=5)
    board = app.stack.push(BoardScene(app, match, ai_pause=0.0, autosave=False))
    frames_while_thinking = 0
    process_jobs = 0
    for _ in range(20000):
        if len(match.log) >= 12:
            break
        if isinstance(board.job, worker.ProcessJob):
            process_jobs += 1 if board.job.done() else 0
            if not board.job.done():
                frames_while_thinking += 1
                if frames_while_thinking == 3:
                    drive.shot("search-thinking")
                    assert "thinking" in board.status_text()[0]
        drive.frame(dt=0.05)
        import time

        time.sleep(0.001)
    assert len(match.log) >= 12, "the computer players kept moving"
    assert frames_while_thinking > 0, "frames were drawn while the worker process thought"


_FLAT_OUT = """
import time
from courier.ai import worker
from courier.app import App
from courier.match import Match, SeatSpec
from courier.scenes.board import BoardScene
from courier.settings import Settings
from courier.ui import theme

app = App(Settings(), size=(1280, 720), fullscreen=False, persist_settings=False)
seats = [SeatSpec(f"Bot {i + 1}", theme.PLAYER_COLOURS[i][1], "ai", "easy") for i in range(4)]
match = Match.new("doorstep-dash", seats, seed=1)
app.stack.push(BoardScene(app, match, ai_pause=0.0, autosave=False, show_scoring=False))
deadline = time.perf_counter() + 20.0
while len(match.log) < 6 and time.perf_counter() < deadline:
    app.frame(1 / 60, [])
print("moves", len(match.log))
worker.shutdown()
"""


def test_the_game_goes_on_when_frames_are_drawn_flat_out(courier_home) -> None:
    """No pause between frames (a fast machine with the frame cap off, or the frame benchmark):
    the frame loop reads the worker's answer itself, so the answer cannot wait behind the drawing.
    (A watcher thread woken by the pipe could wait for the interpreter lock until the loop paused.)
    Its own interpreter, as a player's game has: the test runner's threads hide the stall."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", COURIER_HOME=str(courier_home))
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", _FLAT_OUT], cwd=root, env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    moves = int(out.stdout.split("moves")[-1])
    assert moves >= 6, f"only {moves} moves in 20 s of frames drawn back to back"


def test_leaving_the_board_stops_the_thinking(app, drive) -> None:
    seats = [SeatSpec("Ann", C[0], "ai", "hard"), SeatSpec("Bob", C[1], "ai", "hard")]
    match = Match.new("doorstep-dash", seats, seed=2)
    _first_real_choice(match)
    board = app.stack.push(BoardScene(app, match, ai_pause=0.0, autosave=False))
    drive.run_until(lambda: isinstance(board.job, worker.ProcessJob))
    job = board.job
    app.stack.pop()  # back to the menu mid-thought
    assert job.cancelled and board.job is None
    with pytest.raises(RuntimeError):
        job.result()


def test_a_failed_search_falls_back_to_the_rule_of_thumb_player(app, drive, monkeypatch) -> None:
    def broken(*args, **kwargs):
        return worker.ThreadJob(args[5], 0, _raise, kwargs.get("position", 0))

    def _raise(cancelled):
        raise RuntimeError("the computer player stopped without an answer")

    monkeypatch.setattr(worker, "start_decision", broken)
    seats = [SeatSpec("Ann", C[0], "ai", "normal"), SeatSpec("Bob", C[1], "ai", "normal")]
    match = Match.new("out-for-delivery", seats, seed=8)
    _first_real_choice(match)
    before = len(match.log)
    board = app.stack.push(BoardScene(app, match, ai_pause=0.0, autosave=False))
    drive.run_until(lambda: len(match.log) >= before + 3)
    assert not isinstance(app.stack.top, type(None)) and app.stack.top is board


def test_the_fallback_player_is_the_rule_of_thumb_one_at_the_same_level() -> None:
    assert base.rule_of_thumb("hard") == "heuristic-hard"
    assert base.rule_of_thumb("search-easy") == "heuristic-easy"
    assert base.rule_of_thumb("heuristic") == "heuristic-normal"
    assert base.rule_of_thumb("random") == "random"
