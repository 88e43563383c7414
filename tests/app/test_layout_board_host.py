"""The board scene's frame at every window size: the layout check finds nothing wrong.

The host's parts (top bar, side panel, game log, status line, thinking pill, tooltips) are
checked with the test game in the states a player meets, at 1024x600, 1280x720, 1920x1080 and
2560x1440; the board area must never be covered by them. Each real game's first position is
checked too: problems in the host's parts fail the test, problems inside a game's own board or
panel are written to ``tests/_screenshots/layout/board-host-game-problems.txt`` (each game's
own layout tests own those).
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from courier.match import Match, SeatSpec
from courier.scenes.board import BoardScene
from courier.ui import draw, theme
from tests.app import layout_matrix
from tests.app.layout_matrix import SIZES

C = [c for _, c in theme.PLAYER_COLOURS]
LONG_NAME = "Wilhelmina Featherstonehaugh-Cholmondeley"


def _seats(*kinds: str, names: tuple[str, ...] = ()) -> list[SeatSpec]:
    return [SeatSpec(names[i] if i < len(names) else f"P{i + 1}", C[i], k, "easy") for i, k in enumerate(kinds)]


@pytest.fixture(autouse=True)
def _design_scale_after():
    """Opening a window sets the interface scale for the process: give the next tests theirs."""
    old = theme.ui_scale()
    yield
    theme.set_ui_scale(old)


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def sized_app(request, courier_home):
    app = layout_matrix.open_app(request.param)
    yield app
    layout_matrix.close_app(app)


def _frame(app, events=(), dt: float = 1 / 60) -> None:
    app.frame(dt, list(events))


def _key(app, key: int, mod: int = 0) -> None:
    _frame(app, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)])


def _host_parts(board: BoardScene) -> list[pygame.Rect]:
    w, _ = board.size
    return [pygame.Rect(0, 0, w, board.top_bar), board.status_rect(), pygame.Rect(board.log_box.rect)]


def _assert_board_uncovered(board: BoardScene) -> None:
    """No host part lies over the board area, and the view's board sits inside it."""
    for part in _host_parts(board):
        assert not part.colliderect(board.board_rect), (tuple(part), tuple(board.board_rect))
    assert board.board_rect.contains(board.view.board_rect)
    assert not board.view.panel_rect.colliderect(board.board_rect)
    w, h = board.size
    assert pygame.Rect(0, 0, w, h).contains(board.panel_rect)
    assert pygame.Rect(0, 0, w, h).contains(board.log_box.rect)
    assert board.log_box.rect.top >= board.panel_rect.bottom


def _check(app, name: str) -> list[str]:
    problems = layout_matrix.check(app, name)
    return problems


# -- the test game: every state of the frame -----------------------------------------------------------
def test_the_frame_fits_at_every_size(sized_app, fake_views):
    app = sized_app
    match = Match.new(fake_views, _seats("human", "ai", names=(LONG_NAME,)), seed=2)
    board = app.stack.push(BoardScene(app, match, autosave=False))
    _frame(app)
    assert board.seat == 0
    _assert_board_uncovered(board)
    w, h = app.size
    # the frame grows with the window: the side panel is about 27% of it, never under 300 design px
    side = w - board.board_rect.width
    assert side >= theme.px(300) and abs(side - 0.27 * w) <= max(theme.px(80), 0.05 * w)
    assert board.top_bar == theme.px(58) and board.status_bar == theme.px(40)
    for b in board.buttons.values():
        assert b.rect.top >= 0 and b.rect.bottom <= board.top_bar and b.rect.right <= w
    problems = _check(app, "board-host")

    # the focus ring on the top bar, with its caption and the keys named in the status line
    _key(app, pygame.K_TAB)
    assert board.focus_ring.active
    problems += _check(app, "board-host-ring")

    # a long message wraps to two lines, or is shortened and readable whole by pointing there
    board.say("Nothing to take back: no move of yours since the last roll, draw or secret. " * 6)
    _frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))])
    problems += _check(app, "board-host-long-message")
    assert board._status().cut
    assert board.tooltip_at(board.status_rect().center).startswith("Nothing to take back")

    # the computer thinks (the pill, beside a message still showing, then alone)
    board.job = _Thinking(1)
    board.say("Move taken back. " * 8)
    _frame(app)
    problems += _check(app, "board-host-thinking-message")
    pill = board._pill_rect()
    assert board.status_rect().contains(pill) and not pill.colliderect(board.board_rect)
    assert all(ln.pos[0] + (ln.max_width or 0) <= pill.left for ln in board._status().lines)
    board.flash = None
    _frame(app)
    problems += _check(app, "board-host-thinking")
    board.job = None
    assert not problems, "\n".join(problems)


def test_a_long_computer_name_in_the_thinking_pill(sized_app, fake_views):
    app = sized_app
    name = LONG_NAME + " the Third, Duchess of Little Snoring"
    match = Match.new(fake_views, _seats("human", "ai", names=("P1", name)), seed=2)
    board = app.stack.push(BoardScene(app, match, autosave=False))
    _frame(app)
    board.job = _Thinking(1)
    board.say("Move taken back.")
    _frame(app)
    problems = _check(app, "board-host-thinking-long-name")
    pill = board._pill_rect()
    assert board.status_rect().contains(pill)
    board.job = None
    assert not problems, "\n".join(problems)


class _Thinking:
    """A computer player that never finishes (the pill stays up while the frame is checked)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def done(self) -> bool:
        return False

    def cancel(self) -> None:
        pass


def test_a_tooltip_stays_in_the_window_at_every_size(sized_app, fake_views):
    app = sized_app
    match = Match.new(fake_views, _seats("human", "ai"), seed=2)
    board = app.stack.push(BoardScene(app, match, autosave=False))
    _frame(app)
    menu = board.buttons["menu"]
    at = (menu.rect.right - 2, menu.rect.centery)
    _frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))])
    audit = draw.start_audit()
    try:
        app.stack.draw(app.screen)
    finally:
        draw.stop_audit()
    tip = [r for _, r, t in audit.covers if t.startswith("Back to the title")]
    assert tip, "the Menu button's tooltip is drawn"
    window = app.screen.get_rect()
    assert all(window.contains(r) for r in tip)
    w, h = app.size
    layout_matrix.layout_check.save(app.screen, layout_matrix.SHOTS / f"board-host-tooltip-{w}x{h}.png")


def test_resizing_keeps_the_frame_whole(app, drive, fake_views):
    match = Match.new(fake_views, _seats("human", "ai"), seed=2)
    board = app.stack.push(BoardScene(app, match, autosave=False))
    drive.frame()
    for size in ((1024, 600), (2560, 1440), (1280, 720)):
        app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        drive.frame([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
        assert board.size == size and board.top_bar == theme.px(58)
        _assert_board_uncovered(board)
        assert not layout_matrix.layout_check.check(app.stack, app.screen)


# -- the real games' first positions --------------------------------------------------------------------
GAMES = {"next-day": 3, "doorstep-dash": 2, "package-pandemonium": 2, "out-for-delivery": 2}
GAME_PROBLEMS = layout_matrix.SHOTS / "board-host-game-problems.txt"
_AT = re.compile(r"at \((-?\d+), (-?\d+), (-?\d+), (-?\d+)\)")


def _where(problem: str, audit: draw.TextAudit | None) -> list[pygame.Rect]:
    rects = [pygame.Rect(*map(int, m)) for m in _AT.findall(problem)]
    if not rects and audit is not None:
        rects = [pygame.Rect(r) for _, r, whole, _ in audit.cuts if repr(whole) in problem]
    return rects


def _split(board: BoardScene, problems: list[str], audit) -> tuple[list[str], list[str]]:
    """(the host's problems, the game's): a problem touching a host part is the host's."""
    host, game = [], []
    parts = _host_parts(board)
    for p in problems:
        rects = _where(p, audit)
        if not rects or any(r.colliderect(part) for r in rects for part in parts):
            host.append(p)
        else:
            game.append(p)
    return host, game


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_games_first_position_leaves_the_host_whole(game_id, courier_home, monkeypatch):
    audits: list[draw.TextAudit] = []
    start = draw.start_audit

    def keep() -> draw.TextAudit:
        audits.append(start())
        return audits[-1]

    monkeypatch.setattr(draw, "start_audit", keep)
    host_problems: list[str] = []
    game_problems: list[str] = []
    for size in SIZES:
        app = layout_matrix.open_app(size)
        try:
            kinds = ("human",) + ("ai",) * (GAMES[game_id] - 1)
            match = Match.new(game_id, _seats(*kinds), seed=3)
            board = app.stack.push(BoardScene(app, match, autosave=False))
            _frame(app)
            _assert_board_uncovered(board)
            host, game = _split(board, layout_matrix.check(app, f"board-{game_id}"), audits[-1])
            _key(app, pygame.K_TAB)
            host2, game2 = _split(board, layout_matrix.check(app, f"board-{game_id}-ring"), audits[-1])
            host_problems += host + host2
            game_problems += game + game2
        finally:
            layout_matrix.close_app(app)
    _record(game_id, game_problems)
    assert not host_problems, "\n".join(host_problems)


def _record(game_id: str, problems: list[str]) -> None:
    GAME_PROBLEMS.parent.mkdir(parents=True, exist_ok=True)
    lines = GAME_PROBLEMS.read_text().splitlines() if GAME_PROBLEMS.exists() else []
    lines = [ln for ln in lines if not ln.startswith(f"board-{game_id}")] + problems
    Path(GAME_PROBLEMS).write_text("\n".join(lines) + "\n")


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)], ids=["1280x720", "1024x600"])
def test_a_big_interface_scale_on_a_small_window_still_fits(size, courier_home, fake_views, monkeypatch):
    """The player's scale setting doubles everything: the frame still fits, and a title with no
    room left is shortened and readable whole by pointing at it."""
    from courier.app import App
    from courier.settings import Settings
    from tests.app import fake_game

    title = "Parcel Race: the Grand Tour of Every Depot in the County"
    monkeypatch.setattr(fake_game.ParcelRace, "title", title)
    app = App(Settings(ui_scale=2.0), size=size, fullscreen=False)
    try:
        assert theme.ui_scale() == theme.scale_for(size, 2.0) >= 1.6
        match = Match.new(fake_views, _seats("human", "ai", names=(LONG_NAME,)), seed=2)
        board = app.stack.push(BoardScene(app, match, autosave=False))
        _frame(app)
        _assert_board_uncovered(board)
        problems = _check(app, "board-host-scale-2x")
        _key(app, pygame.K_TAB)
        problems += _check(app, "board-host-scale-2x-ring")
        assert not problems, "\n".join(problems)
        assert board.tooltip_at((theme.px(30), board.top_bar // 2)) == title
    finally:
        layout_matrix.close_app(app)


def test_the_finished_board_fits(sized_app, fake_views):
    """Looking at the final board: greyed Save and Undo, the game-over line, the whole log."""
    import time

    app = sized_app
    match = Match.new(fake_views, _seats("ai", "ai"), seed=4, length=3)
    board = app.stack.push(BoardScene(app, match, autosave=False, ai_pause=0.0, show_scoring=False))
    for _ in range(3000):
        if board.finished:
            break
        _frame(app, dt=0.05)
        time.sleep(0.0005)
    assert board.finished and board.status_text()[0] == "The game is over."
    assert not board.buttons["save"].enabled and not board.buttons["undo"].enabled
    problems = _check(app, "board-host-over")
    _key(app, pygame.K_TAB)
    problems += _check(app, "board-host-over-ring")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_hint_on_show_leaves_the_frame_whole(game_id, courier_home, monkeypatch):
    """H at 1024x600 and 1920x1080: the Hint button fits the top bar, the lit control's ring and
    tag stay in the window, the status line names the move (whole on pointing when shortened)."""
    from tests.app import test_hints

    audits: list[draw.TextAudit] = []
    start = draw.start_audit

    def keep() -> draw.TextAudit:
        audits.append(start())
        return audits[-1]

    monkeypatch.setattr(draw, "start_audit", keep)
    host_problems: list[str] = []
    for size in ((1024, 600), (1920, 1080)):
        app = layout_matrix.open_app(size)
        try:
            board = test_hints._open(app, game_id)
            hint = test_hints._to_hint_with_path(app, board, 1)
            _frame(app)
            w, _ = board.size
            hint_button = board.buttons["hint"]
            assert hint_button.enabled and hint_button.rect.bottom <= board.top_bar and hint_button.rect.right <= w
            assert not any(hint_button.rect.colliderect(b.rect) for k, b in board.buttons.items() if k != "hint")
            _assert_board_uncovered(board)
            host, _game = _split(board, layout_matrix.check(app, f"board-{game_id}-hint"), audits[-1])
            host_problems += host
            lit = hint.target(board.view.focusables())
            assert lit is not None and pygame.Rect((0, 0), size).contains(lit.rect)
            text = board.status_text()[0]
            assert text.startswith("Hint: ")
            if board._status().cut:
                assert board.tooltip_at(board.status_rect().center) == text
        finally:
            layout_matrix.close_app(app)
    assert not host_problems, "\n".join(host_problems)
