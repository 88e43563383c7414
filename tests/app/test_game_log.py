"""The game log on a real board: it survives every window size and interface scale (same entries,
same entry at the top, still following the newest line), wraps long lines instead of cutting
them, and shows a computer player's reasons on hover, on a click and by keyboard."""

from __future__ import annotations

import re

import pygame
import pytest

from courier.match import Match, SeatSpec, reason_of
from courier.rules.base import UntypedEvent
from courier.scenes.board import BoardScene
from courier.scenes.board_log import GameLog
from courier.ui import draw, theme
from tests.app.keys import KeyDriver
from tests.app.layout_matrix import SIZES, check

C = [c for _, c in theme.PLAYER_COLOURS]


def played_match(moves: int = 60, seed: int = 4) -> Match:
    """Out For Delivery between two people, with ``moves`` made for them by the rule-of-thumb
    player through the match (so the computer's reasons come with them). Dealt with the first
    seeding: the tests read what this seed's game holds."""
    seats = [SeatSpec("Ann", C[0], "human"), SeatSpec("Bob", C[1], "human")]
    m = Match.new("out-for-delivery", seats, seed=seed, seeding=0)
    for _ in range(moves):
        job = m.start_ai(m.to_act()[0], search=False)
        job.wait()
        m.submit(job.result())
    return m


def resize(app, size: tuple[int, int]) -> None:
    """What a player's resize does: a new window surface, then the resize event."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.frame(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
    assert app.screen.get_size() == size


def texts(log: GameLog) -> list[str]:
    return [e.text for e in log.entries]


def top_entry(log: GameLog) -> str:
    off = log.scroll.offset
    return next(e.text for e in log.entries if e.top + e.height > off)


@pytest.fixture
def board(app):
    match = played_match()
    scene = app.stack.push(BoardScene(app, match, autosave=False))
    app.frame(1 / 60, [])
    return scene


def test_resizing_keeps_entries_and_follows_the_newest(app, board):
    log = board.log_box
    before = texts(log)
    assert len(before) == len(board.match.events) > 20
    assert log.scroll.max_offset > 0 and log.following()
    for size in (*SIZES, (1280, 720), (1024, 600)):
        resize(app, size)
        assert texts(log) == before, f"entries changed at {size}"
        assert log.following() and log.scroll.offset == log.scroll.max_offset, size
        # wrapped for the new width: every line fits the text column
        width = log._text_width()
        assert all(draw.font(14).size(line)[0] <= width for e in log.entries for line in e.lines)
    # new events are still followed after all that resizing
    m = board.match
    for _ in range(4):
        seat = m.to_act()[0]
        board.submit(m.legal(seat)[-1])
        app.frame(1 / 60, [])
    assert len(log.entries) == len(m.events) > len(before)
    assert log.following() and log.scroll.offset == log.scroll.max_offset


def test_resizing_keeps_the_entry_at_the_top(app, board, drive):
    log = board.log_box
    drive.move(log.scroll.rect.center)
    for _ in range(4):
        drive.wheel(1)  # scroll up, away from the newest line
    assert not log.following()
    top = top_entry(log)
    for size in (*SIZES, (1280, 720)):
        resize(app, size)
        assert top_entry(log) == top, f"the top entry changed at {size}"
        assert not log.following()
    # a new event does not pull back down a reader who scrolled up to read
    m = board.match
    board.submit(m.legal(m.to_act()[0])[-1])
    app.frame(1 / 60, [])
    assert top_entry(log) == top


def test_an_interface_scale_change_keeps_the_log(app, board):
    log = board.log_box
    before = texts(log)
    lines = sum(len(e.lines) for e in log.entries)
    app.settings.ui_scale = 1.5
    app.resize_stack()
    assert theme.ui_scale() == pytest.approx(1.5)
    assert texts(log) == before and log.following()
    assert sum(len(e.lines) for e in log.entries) > lines  # bigger text, same width: more lines
    assert log.scroll.rect.top - log.rect.top == theme.px(32)  # the header grows with the scale
    app.settings.ui_scale = 0.0
    app.resize_stack()


def test_a_long_entry_is_wrapped_never_cut():
    log = GameLog()
    log.layout(pygame.Rect(0, 0, 240, 300))
    long = ("Ann drives the long way round " * 12 + "Supercalifragilisticexpialidociousvillage-on-the-marsh").strip()
    log.sync([UntypedEvent("moved", long, {"seat": 0})], [SeatSpec("Ann", C[0])])
    (entry,) = log.entries
    assert len(entry.lines) > 5
    assert "".join(entry.lines).replace(" ", "") == long.replace(" ", "")
    assert all(draw.font(14).size(line)[0] <= log._text_width() for line in entry.lines)
    assert not any("…" in line for line in entry.lines)


def test_reasons_on_hover_click_and_enter(app, board, drive):
    log = board.log_box
    with_reason = [e for e in log.entries if e.reason]
    assert with_reason, "the computer's moves came with no reason"
    assert all(e.reason == reason_of(ev) for e, ev in zip(log.entries, board.match.events))
    entry = with_reason[-1]
    log.show_entry(entry)
    spot = log._visible(entry).center
    # hover: the tooltip reads the reason
    drive.move(spot)
    assert board.tooltip_at(spot) == f"Why: {entry.reason}"
    # click: the reason opens under the line, and closes again
    height = entry.height
    drive.click(spot)
    assert entry.expanded and entry.height > height
    # open, the reason is read under the line: no tooltip repeats it over the words
    assert board.tooltip_at(spot) is None
    assert board.pointer_tooltip(spot) is None
    drive.shot("log-reason-open")
    drive.click(log._visible(entry).center)
    assert not entry.expanded and entry.height == height
    assert board.tooltip_at(log._visible(entry).center) == f"Why: {entry.reason}"
    # keyboard: the line is a panel target whose label reads the reason; Enter opens it
    keys = KeyDriver(app)
    target = keys.tab_to(lambda t: t.zone == "panel" and t.label == entry.label(), "the log line")
    assert entry.reason in target.label
    keys.key(pygame.K_RETURN)
    assert entry.expanded
    keys.key(pygame.K_RETURN)
    assert not entry.expanded


def test_a_line_without_reason_is_no_target_and_has_no_tooltip(app, board):
    log = board.log_box
    plain = next(e for e in reversed(log.entries) if not e.reason)
    log.show_entry(plain)
    spot = log._visible(plain).center
    assert log.tooltip(spot) is None
    assert all(t.label != plain.text for t in log.targets())


@pytest.mark.parametrize("size", SIZES)
def test_the_log_with_an_open_reason_fits_every_size(app, board, size):
    resize(app, size)
    log = board.log_box
    entry = [e for e in log.entries if e.reason][-1]
    log.toggle(entry)
    log.show_entry(entry)
    app.frame(1 / 60, [])
    problems = [p for p in check(app, "game-log-reason") if _about_the_log(p, log)]
    assert problems == [], "\n".join(problems)
    view = log.scroll.rect
    assert all(pygame.Rect(view).contains(t.rect) for t in log.targets())


def _about_the_log(problem: str, log: GameLog) -> bool:
    """A problem between the log's own lines or targets (the game's panel above it is checked by
    the game's own layout tests)."""
    words = {e.text for e in log.entries} | {x for e in log.entries for x in e.lines + e.reason_lines}
    words |= {t.label for t in log.targets()} | {"Game log"}
    quoted = [a or b for a, b in re.findall(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"", problem)]
    named = [q for q in quoted if not q.startswith("game-log-reason")]
    return bool(named) and all(q in words for q in named)


@pytest.mark.parametrize("level", ["heuristic-normal", "easy"])
def test_computer_seats_on_the_board_bring_their_reasons(app, drive, level):
    """Rule-of-thumb players answer in a thread, the search player in the worker process: both
    bring a reason with their move, and the board's log shows it."""
    from courier.ai import worker

    seats = [SeatSpec("Ann", C[0], "ai", level), SeatSpec("Bob", C[1], "ai", level)]
    match = Match.new("doorstep-dash", seats, seed=6)
    board = app.stack.push(BoardScene(app, match, autosave=False, ai_pause=0.0))
    try:
        drive.run_until(lambda: sum(1 for e in board.log_box.entries if e.reason) >= 3, frames=4000)
    finally:
        board._cancel_job()
        worker.shutdown()
    shown = [e for e in board.log_box.entries if e.reason]
    assert all(e.reason == match.reasons[i] for i, e in zip(sorted(match.reasons), shown))
    assert all(e.reason and "\n" not in e.reason for e in shown)


def test_counts_in_the_log_read_as_words(app):
    """The rules write a contract as "2 parcel(s) at 30 each"; the log and the replay never show
    the "(s)": one parcel is "1 parcel", two are "2 parcels"."""
    from courier import replaydata
    from courier.rules.next_day import actions as A

    seats = [SeatSpec(n, C[i], "human") for i, n in enumerate(("Ann", "Bob", "Cy"))]
    m = Match.new("next-day", seats, seed=3)
    for seat in range(3):
        m.submit(A.DealRandomly(seat))
        m.submit(A.FinishSetup(seat))
    raw = [e.text for e in m.events if e.kind == "contract"]
    assert any("(s)" in t for t in raw)  # what the rules say, so this test can fail
    scene = app.stack.push(BoardScene(app, m, autosave=False))
    app.frame(1 / 60, [])
    shown = [t for t in texts(scene.log_box) if " at " in t and " each" in t]
    assert len(shown) == len(raw)
    assert not any("(s)" in t for t in texts(scene.log_box))
    assert all(re.search(r"\b1 parcel at|\b([02-9]|\d\d+) parcels at", t) for t in shown)
    replay = replaydata.from_match(m)
    lines = [replay.line(k) for k in range(replay.steps + 1)]
    assert any(" parcel at " in t or " parcels at " in t for t in lines)
    assert not any("(s)" in t for t in lines)


def test_a_key_puts_away_the_resting_pointers_tooltip(app, board, monkeypatch):
    """The pointer rests on a button (here the one a player just pressed to end the set-up, now
    another button); the player goes on by keys: its tooltip goes, and comes back when the mouse
    moves."""
    import courier.scenes.board as board_module

    shown: list[str] = []
    monkeypatch.setattr(board_module, "draw_tooltip", lambda surface, text, pos, *a, **k: shown.append(text))
    rules = board.buttons["rules"].rect.center
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=rules, rel=(1, 1), buttons=(0, 0, 0))])
    app.frame(1 / 60, [])
    assert shown, "hovering the Rules button shows its tooltip"
    shown.clear()
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F9, mod=0, unicode="", scancode=0)])
    app.frame(1 / 60, [])
    assert shown == []
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=rules, rel=(1, 1), buttons=(0, 0, 0))])
    app.frame(1 / 60, [])
    assert shown
