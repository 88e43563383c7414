"""Timing and motion, as a player perceives them (measured on the frames and the table's clock):
- Settings' "wait for a key after each computer move": every computer move stays on the board,
  the status line saying what it was, until a key or a click on the board; that key does nothing
  else; in hot-seat the pass screen comes only after it;
- Reduced motion keeps the computer's pace readable (each of its moves stays a calm moment on the
  board) and stops every pulse: a board waiting for the person is the same picture frame after frame;
- nothing on any game's board flashes more than three times a second (WCAG 2.3.1), counted on
  the frames of computer turns played with every animation on.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from courier.match import Match, SeatSpec
from courier.scenes.board import BoardScene
from courier.scenes.handoff import HandoffScene
from courier.ui import motion, theme

GAMES = {"next-day": 3, "doorstep-dash": 2, "package-pandemonium": 2, "out-for-delivery": 2}
COLOURS = [c for _, c in theme.PLAYER_COLOURS]


def _seats(*kinds: str) -> list[SeatSpec]:
    return [SeatSpec(f"P{i + 1}", COLOURS[i], k, "easy") for i, k in enumerate(kinds)]


def _app(courier_home, **settings: Any):
    from courier.app import App
    from courier.settings import Settings

    return App(Settings(**settings), size=(1280, 720), fullscreen=False)


def _key(key: int, text: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0)


def _settle(app, board: BoardScene, frames: int = 4000, dt: float = 0.05, until=None) -> None:
    for _ in range(frames):
        if until is not None and until():
            return
        if board.job is not None:
            board.job.wait(5)
        app.frame(dt, [])
    if until is not None:
        raise AssertionError("never came")


def _to_my_turn(app, board: BoardScene) -> None:
    _settle(app, board, until=lambda: board.seat is not None and not board.view.animating() and board.job is None)


# -- wait for a key after each computer move -------------------------------------------------------
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_computer_move_waits_for_a_key_and_the_key_does_nothing_else(courier_home, game_id):
    app = _app(courier_home, pause_after_ai=True)
    try:
        match = Match.new(game_id, _seats(*(("ai",) * GAMES[game_id])), seed=5)
        board = app.stack.push(BoardScene(app, match, autosave=False))
        _settle(app, board, until=lambda: board.waiting_after is not None)
        moves = len(match.events)
        for _ in range(200):  # ten seconds: nothing moves on by itself
            app.frame(0.05, [])
        assert len(match.events) == moves and board.waiting_after is not None
        words = board.status_text()[0]
        assert "Press a key" in words and board.log_box.entries[-1].text.rstrip(".") in words
        focus_before = board.focus_ring.active
        app.frame(1 / 60, [_key(pygame.K_RETURN)])
        assert board.waiting_after is None
        assert len(match.events) == moves and board.focus_ring.active == focus_before  # Enter did only that
        _settle(app, board, until=lambda: len(match.events) > moves or match.is_over())
    finally:
        pygame.display.quit()


def test_in_hot_seat_the_pass_screen_comes_after_the_computer_move_is_seen(courier_home):
    app = _app(courier_home, pause_after_ai=True)
    try:
        match = Match.new("package-pandemonium", _seats("human", "human", "ai"), seed=3)
        board = app.stack.push(BoardScene(app, match, autosave=False))
        for _ in range(2000):
            if board.waiting_after is not None:
                break
            if isinstance(app.stack.top, HandoffScene):
                app.stack.top._continue()
            elif board.seat is not None and board.seat in match.to_act() and not board.view.animating():
                board.submit(match.legal(board.seat)[0])
            if board.job is not None:
                board.job.wait(5)
            app.frame(0.05, [])
        assert board.waiting_after is not None, "no computer move came"
        for _ in range(100):
            app.frame(0.05, [])
        assert app.stack.top is board  # no pass screen over a move not yet seen
        app.frame(1 / 60, [_key(pygame.K_SPACE, " ")])
        assert board.waiting_after is None
    finally:
        pygame.display.quit()


# -- reduced motion: a calm pace, nothing pulsing ----------------------------------------------------
def _gaps(app, board: BoardScene, match: Match, moves: int) -> list[float]:
    """Seconds on the table's clock between one computer move and the next."""
    clock, times, seen = 0.0, [], len(match.events)
    dt = 1 / 60
    while len(times) < moves and not match.is_over():
        if board.job is not None:
            board.job.wait(5)
        app.frame(dt, [])
        clock += dt
        if len(match.events) != seen:
            seen = len(match.events)
            times.append(clock)
        assert clock < 600
    return [b - a for a, b in zip(times, times[1:])]


@pytest.mark.parametrize("game_id", ["next-day", "out-for-delivery"])
def test_reduced_motion_keeps_each_computer_move_on_the_board_a_calm_moment(courier_home, game_id):
    app = _app(courier_home, reduced_motion=True)
    try:
        match = Match.new(game_id, _seats(*(("ai",) * GAMES[game_id])), seed=5)
        board = app.stack.push(BoardScene(app, match, autosave=False))
        gaps = _gaps(app, board, match, 8)
        assert min(gaps) >= 0.7, gaps
    finally:
        pygame.display.quit()


def _still(app, board: BoardScene) -> bool:
    """Whether the board is the same picture over a second of frames."""
    app.frame(1 / 60, [])
    first = pygame.image.tobytes(app.screen, "RGB")
    for _ in range(4):
        pygame.time.wait(90)  # pulses that follow the wall clock move on too
        for _ in range(4):
            app.frame(1 / 60, [])
        if pygame.image.tobytes(app.screen, "RGB") != first:
            return False
    return True


@pytest.mark.parametrize("reduced", [True, False], ids=["reduced", "full"])
def test_under_reduced_motion_nothing_pulses_while_the_person_thinks(courier_home, reduced):
    """With every motion on, some game's board pulses while waiting (so the check can fail);
    under Reduced motion none does."""
    stills = {}
    for game_id, n in GAMES.items():
        app = _app(courier_home, reduced_motion=reduced)
        try:
            match = Match.new(game_id, _seats("human", *(("ai",) * (n - 1))), seed=5)
            board = app.stack.push(BoardScene(app, match, autosave=False))
            _to_my_turn(app, board)
            stills[game_id] = _still(app, board)
        finally:
            pygame.display.quit()
    if reduced:
        assert all(stills.values()), stills
    else:
        assert not all(stills.values()), stills


def test_no_pulse_may_beat_faster_than_three_a_second():
    with pytest.raises(ValueError):
        motion.pulse(0.0, 4.0)
    assert 0.0 <= motion.pulse(0.3, 1.0) <= 1.0


# -- no flashing above three a second --------------------------------------------------------------
def test_the_flash_counter_sees_a_blink_and_passes_a_steady_screen():
    from tests.app import flashes

    fps = 30
    blink = [[1.0 if (i // 3) % 2 else 0.05] * 2000 for i in range(fps * 2)]  # 5 flashes a second, everywhere
    assert not flashes.judge(blink, fps).ok
    slow = [[1.0 if (i // 10) % 2 else 0.05] * 2000 for i in range(fps * 2)]  # 1.5 a second
    assert flashes.judge(slow, fps).ok
    assert flashes.judge([[0.5] * 2000] * fps, fps).ok


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_board_flashes_more_than_three_times_a_second(courier_home, game_id, monkeypatch):
    """Computers' turns with every animation on, at the fastest animation speed, watched at 30
    frames a second (the pulses follow the same clock)."""
    from tests.app import flashes

    fps = 30
    clock = [0.0]
    monkeypatch.setattr(motion, "now", lambda: clock[0])
    app = _app(courier_home, anim_speed=4.0)
    try:
        match = Match.new(game_id, _seats(*(("ai",) * GAMES[game_id])), seed=5)
        board = app.stack.push(BoardScene(app, match, autosave=False))
        frames = []
        for _ in range(fps * 12):
            if board.job is not None:
                board.job.wait(5)
            app.frame(1 / fps, [])
            clock[0] += 1 / fps
            frames.append(flashes.luminances(app.screen))
        verdict = flashes.judge(frames, fps)
        print(f"{game_id}: most flashes a second in one place {verdict.most_in_a_cell:g}, "
              f"biggest area above three a second {verdict.worst_area} px (limit {flashes.AREA})")
        assert verdict.ok, verdict
    finally:
        pygame.display.quit()
