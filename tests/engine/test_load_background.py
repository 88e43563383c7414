"""Opening a save draws at once while its log is proven on a worker thread.

The guarantees of ``load_match`` stay: a refused move or a state that differs from the replay
refuses the save with the same message; only now it happens after the first frame, and no move,
undo or computer decision is taken before the proof has passed.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

from courier import saves
from courier.match import CHECKING_MESSAGE, Match, RestoreError, SeatSpec
from courier.rules.base import IllegalAction
from courier.rules.rng import Rng

GAME = "next-day"


def _played(moves: int, seats: list[SeatSpec] | None = None, seed: int = 3) -> Match:
    seats = seats or [SeatSpec("Ann", (200, 60, 60), "human"), SeatSpec("Robo", (60, 60, 200), "ai", "easy"),
                      SeatSpec("Kit", (60, 200, 60), "ai", "easy")]
    m = Match.new(GAME, seats, seed=seed)
    rng = Rng(seed)
    while len(m.log) < moves and not m.is_over():
        m.submit(rng.choice(m.legal(min(m.to_act()))))
    return m


def _finished() -> Match:
    return _played(100_000, [SeatSpec(f"C{i}", (90, 90, 90), "ai", "random") for i in range(3)])


def _edit(path: Path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The log check waits for this event, so a test sees the match while it is being checked."""
    gate = threading.Event()
    real = Match.restore.__func__  # type: ignore[attr-defined]

    def slow(cls, *args, **kwargs):
        assert gate.wait(30)
        return real(cls, *args, **kwargs)

    monkeypatch.setattr(Match, "restore", classmethod(slow))
    return gate


@pytest.mark.parametrize("make", [lambda: _played(40), _finished], ids=["mid-game", "finished"])
def test_an_opened_save_ends_as_a_loaded_one(make) -> None:
    m = make()
    path = saves.save_match(m, "slot")
    loaded = saves.load_match(path)
    opened = saves.open_match(path)
    assert opened.settle_check(timeout=30)
    assert opened.check is None
    game = opened.game
    assert game.state_to_dict(opened.state) == game.state_to_dict(loaded.state)
    assert opened.log == loaded.log == m.log
    assert opened.events == loaded.events
    assert opened.can_undo() == loaded.can_undo()
    assert opened.match_id == loaded.match_id


def test_nothing_is_played_before_the_check_passes(held: threading.Event) -> None:
    m = _played(30)
    while m.human_to_act() is None:  # stop where the person is to move
        m.submit(m.legal(min(m.to_act()))[0])
    path = saves.save_match(m, "slot")
    opened = saves.open_match(path)
    seat = opened.human_to_act()
    assert seat is not None and opened.check is not None
    assert not opened.settle_check()
    action = opened.legal(seat)[0]
    with pytest.raises(IllegalAction, match="still being checked"):
        opened.submit(action)
    assert opened.log == m.log  # the refused move changed nothing
    assert not opened.can_undo() and not opened.undo() and not opened.redo()
    with pytest.raises(ValueError):
        opened.start_ai(seat)
    held.set()
    assert opened.settle_check(timeout=30)
    opened.submit(action)
    assert opened.log == [*m.log, action.to_text()]
    assert opened.can_undo()


def _refusal(path: Path) -> str:
    with pytest.raises(saves.SaveError) as refused:
        saves.load_match(path)
    return str(refused.value)


def test_a_refused_move_is_found_after_opening() -> None:
    path = saves.save_match(_played(40), "slot")
    _edit(path, lambda d: d["log"].__setitem__(5, "fly to the moon"))
    expected = _refusal(path)
    assert "move" in expected
    opened = saves.open_match(path)  # the saved position itself is fine: it opens
    with pytest.raises(RestoreError) as refused:
        opened.settle_check(timeout=30)
    assert str(refused.value) == expected
    assert opened.check is not None  # and it stays unplayable
    with pytest.raises(IllegalAction):
        opened.submit(opened.legal(min(opened.to_act()))[0])


def test_a_state_unlike_its_log_is_found_after_opening() -> None:
    path = saves.save_match(_played(40), "slot")
    _edit(path, lambda d: d["log"].pop())  # one move short: the saved state is ahead of its log
    expected = _refusal(path)
    assert "does not match" in expected
    opened = saves.open_match(path)
    with pytest.raises(RestoreError, match="does not match"):
        opened.settle_check(timeout=30)


def test_an_unreadable_save_is_refused_at_once() -> None:
    path = saves.save_match(_played(10), "slot")
    _edit(path, lambda d: d.__setitem__("state", {"nonsense": 1}))
    with pytest.raises(saves.SaveError):
        saves.open_match(path)


# -- the board ---------------------------------------------------------------------------------------


@pytest.fixture
def app(courier_home: Path):
    import pygame

    from courier.app import App
    from courier.settings import Settings

    a = App(Settings(), size=(1280, 720), fullscreen=False)
    yield a
    while a.stack.top is not None:
        a.stack.pop()
    pygame.display.quit()


def _frames_until(app, done, limit: int = 3000) -> None:
    for _ in range(limit):
        app.frame(1 / 60, [])
        if done():
            return
        time.sleep(0.0005)  # the real loop waits for its frame: the check's thread gets its turn
    raise AssertionError("the board never got there")


def test_the_board_draws_first_and_plays_after_the_check(app, held: threading.Event) -> None:
    from courier.scenes.board import BoardScene
    from courier.scenes.load import open_save

    m = _played(30)
    while m.human_to_act() is None:
        m.submit(m.legal(min(m.to_act()))[0])
    path = saves.save_match(m, "slot")
    assert open_save(app, path, on_error=pytest.fail)
    board = app.stack.top
    assert isinstance(board, BoardScene)
    for _ in range(3):
        app.frame(1 / 60, [])  # frames are drawn while the check waits
    assert app.frames == 3 and app.last_error is None
    assert board.status_text()[0] == "Checking the save…"
    assert board.seat is None and board.job is None
    assert not board.buttons["save"].enabled and not board.buttons["undo"].enabled
    seat = m.human_to_act()
    assert not board.submit(board.match.legal(seat)[0])
    assert board.flash is not None and board.flash[0] == CHECKING_MESSAGE
    assert board.match.log == m.log
    held.set()
    _frames_until(app, lambda: board.seat == seat)
    assert board.match.check is None
    assert board.submit(board.match.legal(seat)[0])
    assert len(board.match.log) == len(m.log) + 1


def test_a_board_whose_save_fails_the_check_goes_back_to_the_list(app) -> None:
    from courier.scenes.board import BoardScene
    from courier.scenes.load import LoadScene, open_save

    path = saves.save_match(_played(40), "slot")
    _edit(path, lambda d: d["log"].__setitem__(5, "fly to the moon"))
    expected = _refusal(path)
    before = path.read_bytes()
    assert open_save(app, path, on_error=pytest.fail)
    assert isinstance(app.stack.top, BoardScene)
    app.frame(1 / 60, [])
    _frames_until(app, lambda: isinstance(app.stack.top, LoadScene))
    assert app.stack.top.message is not None and app.stack.top.message[0] == expected
    assert app.last_error is None
    assert path.read_bytes() == before  # nothing written over it
    assert [p.name for p in path.parent.iterdir() if p.suffix == ".json"] == [path.name]  # no autosave of it


# -- the same verdict as load_match, on damaged real saves ------------------------------------------


def _verdict_by_loading(path: Path) -> tuple[str, object]:
    try:
        m = saves.load_match(path)
    except saves.SaveError as exc:
        return "refused", str(exc)
    return "plays", m.game.state_to_dict(m.state)


def _verdict_by_opening(path: Path) -> tuple[str, object]:
    try:
        m = saves.open_match(path)
    except saves.SaveError as exc:
        return "refused", str(exc)
    try:
        assert m.settle_check(timeout=60), "the check did not finish"
    except RestoreError as exc:
        return "refused", str(exc)
    return "plays", m.game.state_to_dict(m.state)


@pytest.mark.slow
def test_opening_and_loading_agree_on_damaged_saves(tmp_path: Path) -> None:
    """Real saves of every game with their log or state damaged (the fuzzer's own damage): opening
    refuses exactly what loading refuses, with the same message, and plays on from the same
    position otherwise."""
    from courier.dev import save_damage as sd

    rng = Rng(17)
    bases = sd.build_corpus(points=(1.0,))  # finished games: the longest logs
    damaged: list[tuple[str, bytes]] = [(b.name, b.raw()) for b in bases]
    for b in bases:
        damaged += list(sd.log_values(b, rng))[-6:]  # the edits of real moves
        damaged += list(sd.state_values(b, 3, rng))
    damaged += list(sd.swapped_states(bases))[:8]
    verdicts = set()
    for i, (label, content) in enumerate(damaged):
        path = tmp_path / f"case{i}.json"
        path.write_bytes(content)
        loading = _verdict_by_loading(path)
        assert _verdict_by_opening(path) == loading, label
        verdicts.add(loading[0])
    assert verdicts == {"refused", "plays"}
