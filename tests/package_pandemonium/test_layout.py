"""Package Pandemonium's board scene fits every window size: the layout check (controls inside
the window and their panel, no two overlapping, no text cut without a way to read it whole)
at 1024x600, 1280x720, 1920x1080 and 2560x1440, in every kind of position the game has: set-up
(base, company), the priority hand full, nearly empty and spent, drive first or second, a route being
planned, the Rogue being steered, the theft answer, three players, solo and the end of the day.
Also that nothing of the player's (hand, prompt, missions) ever covers a tile of the board.
Pictures: tests/_screenshots/layout/pp-*.png."""

from __future__ import annotations

import re

import pygame
import pytest

from courier.rules.package_pandemonium.board import SIZE
from courier.scenes.board import BoardScene
from courier.ui import draw
from tests.app import layout_matrix as lm
from tests.package_pandemonium.layout_states import new_match, person_in, play_until, theft_match


def _states():
    """name -> a function giving a match in that position (and an optional touch on the view)."""
    def plan(view) -> None:
        for d in "NESW":
            if view._step_problem(d) is None:
                view._add_step(d)
                break

    return {
        "base": (lambda: play_until(new_match(), person_in("base")), None),
        "company": (lambda: play_until(new_match(), person_in("company")), None),
        "hand-full": (lambda: play_until(new_match(), person_in("priority")), None),
        "hand-last": (lambda: play_until(new_match(seed=4), person_in("priority", 16), low_cards=False), None),
        "hand-empty": (lambda: play_until(new_match(seed=4), person_in("route", 16)), None),
        "order": (lambda: play_until(new_match(), person_in("order")), None),
        "route": (lambda: play_until(new_match(), person_in("route", 2)), plan),
        "rogue": (lambda: play_until(new_match(), person_in("rogue", 2)), plan),
        "theft": (theft_match, None),
        "3p-route": (lambda: play_until(new_match(3, map="Harbour Loop"), person_in("route", 5)), None),
        "solo-route": (lambda: play_until(new_match(1, map="Canal Quarter"), person_in("route", 7)), None),
        "over": (lambda: play_until(new_match(seed=6), lambda m: m.is_over()), None),
    }


STATES = _states()


@pytest.fixture(scope="module")
def matches():
    """Each position is played once and shown at every size (a match is only read here)."""
    return {name: make() for name, (make, _) in STATES.items()}


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "home"))


def _covers_board(board: BoardScene) -> list[str]:
    """Anything of the player's drawn over a tile of the grid."""
    v = board.view
    grid = v.geo.grid
    out = []
    rects = [("hand card", r) for r, _ in v.hand_rects]
    if v.prompt is not None:
        rects.append(("prompt", v.prompt.rect))
    if v.missions_rect is not None:
        rects.append(("missions", v.missions_rect))
    rects.append(("tray", v.geo.tray))
    for what, r in rects:
        if r.colliderect(grid):
            out.append(f"{what} at {tuple(r)} covers the board {tuple(grid)}")
    if not v.board_rect.contains(grid):
        out.append(f"the grid {tuple(grid)} leaves the board area {tuple(v.board_rect)}")
    return out


def _quiet_host(board: BoardScene) -> None:
    """Leave out what the host writes around the game (the game log's lines and the turn label
    in the top bar): the host's own tests check those; here only this game's parts are judged."""
    board.log_box.draw_content = lambda surface: None
    board._draw_top_bar = lambda surface: board.ui.draw(surface)


def _ours(board: BoardScene, problems: list[str], caption: str | None = None) -> list[str]:
    """The problems in this game's part of the window (its board area and panel, where this
    view draws); the host's top bar, game log and status line are checked by the host's tests.
    With ``caption``, the focus ring's caption laid over the screen may cover other text."""
    mine = []
    parts = [board.view.board_rect, board.view.panel_rect]
    for p in problems:
        spot = re.findall(r"at \((-?\d+), (-?\d+), (\d+), (\d+)\)", p)
        if spot and not any(pygame.Rect(*map(int, spot[-1])).colliderect(r) for r in parts):
            continue
        if caption is not None and " overlap " in p and any(t and (t in caption or caption in t) for t in re.findall(r"'([^']*)'", p)):
            continue
        mine.append(p)
    return mine


def _status_fits(board: BoardScene, name: str) -> list[str]:
    """The hint this view gives the status line is read whole there (it names the keys)."""
    text, _ = board.status_text()
    room = board.board_rect.width - 50
    width = draw.font(16).size(text)[0]
    return [] if width <= room else [f"{name}: the status line {text!r} is {width}px in {room}px"]


@pytest.mark.parametrize("size", lm.SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_position_fits_the_window(size, matches):
    app = lm.open_app(size)
    problems: list[str] = []
    try:
        for name, (_, touch) in STATES.items():
            m = matches[name]
            board = app.stack.push(BoardScene(app, m, autosave=False, show_scoring=False))
            _quiet_host(board)
            if touch is not None:
                touch(board.view)
                board.view._rebuild()
            assert board.seat is not None or name == "over", name
            problems += _ours(board, lm.check(app, f"pp-{name}"))
            problems += [f"pp-{name} at {size}: {p}" for p in _covers_board(board)]
            problems += _status_fits(board, f"pp-{name} at {size}")
            # the keyboard's ring and its caption on the first target fit as well
            if board.focusables():
                first = board.focus_ring.step(board.focusables(), 1)
                problems += _ours(board, lm.check(app, f"pp-{name}-focus"), first.label)
            app.stack.pop()
    finally:
        lm.close_app(app)
    assert not problems, "\n".join(problems)


def test_the_hand_never_covers_the_board_even_in_a_tall_window(matches):
    """A window taller than wide docks the tray under the board instead of beside it."""
    app = lm.open_app((1024, 600))
    try:
        board = app.stack.push(BoardScene(app, matches["hand-full"], autosave=False))
        board.view.layout(pygame.Rect(0, 58, 520, 700), pygame.Rect(530, 66, 300, 400))
        v = board.view
        assert not v.geo.tray_beside and v.geo.grid.width == v.geo.tile * SIZE
        assert len(v.hand_rects) == 16 and not _covers_board(board)
        assert all(v.geo.tray.contains(r) for r, _ in v.hand_rects)
    finally:
        lm.close_app(app)
