"""Doorstep Dash's board scene fits every window size: the layout check at 1024x600, 1280x720,
1920x1080 and 2560x1440 in the first turn, mid-game with each prompt open, with a full hand and an
empty one, and at the end; zero problems each. The pictures are kept under
``tests/_screenshots/layout/`` (``dd-<state>-<size>.png``) for people to look at."""

from __future__ import annotations

from typing import Callable

import pytest

from courier.match import Match
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash.state import Pending
from courier.scenes.board import BoardScene
from tests.app import layout_matrix as lm
from tests.doorstep_dash.scenes import kinds, play_until


def _me(m: Match) -> bool:
    return 0 in m.to_act()


def _hand(m: Match) -> list[str]:
    return m.state.players[0].hand


def _with_pending(kind: str) -> Callable[[], Match]:
    """A rolled turn, then a prompt the rules would open (a trap's owner asks for a card, or too
    many bonus cards), set on the state as the rules set it."""

    def make() -> Match:
        m = play_until(lambda m: _me(m) and A.Roll in kinds(m) and len(_hand(m)) >= 2, seed=5)
        p = m.state.players[0]
        p.bonus[:] = ["blue", "red", "blue"]
        m.state.pending = Pending(kind, 0, owner=1, source="trap" if kind == "give" else "")
        assert {type(a) for a in m.legal(0)} == {A.Give if kind == "give" else A.Discard}
        return m

    return make


STATES: dict[str, Callable[[], Match]] = {
    "first-turn": lambda: play_until(lambda m: _me(m) and A.Keep in kinds(m), seed=3),
    "roll": lambda: play_until(lambda m: _me(m) and A.Roll in kinds(m) and len(_hand(m)) >= 2, seed=3),
    "drive": lambda: play_until(lambda m: _me(m) and A.Move in kinds(m), seed=3),
    "test-prompt": lambda: play_until(lambda m: _me(m) and A.Accept in kinds(m), seed=3),
    "give-prompt": _with_pending("give"),
    "discard-prompt": _with_pending("discard"),
    "claim": lambda: play_until(lambda m: _me(m) and sum(isinstance(a, A.Claim) for a in m.legal(0)) > 1, seed=3),
    "set-trap": lambda: play_until(lambda m: _me(m) and A.SetTrap in kinds(m) and A.EndTurn in kinds(m), seed=4),
    "full-hand": lambda: play_until(lambda m: _me(m) and A.Roll in kinds(m)
                                    and len(_hand(m)) == m.config.hand_limit, seed=2, players=2),
    "empty-hand": lambda: play_until(lambda m: _me(m) and A.Roll in kinds(m) and not _hand(m)
                                     and m.state.round > 1, seed=6, players=3),
    "end": lambda: play_until(lambda m: m.is_over(), seed=3),
}


def _log_lines(board: BoardScene) -> list[str]:
    return [e.text for e in board.match.events]


def _problems(board: BoardScene, app, name: str) -> list[str]:
    out = []
    for p in lm.check(app, f"dd-{name}"):
        # the game log draws its scrolled lines clipped to its box, and the audit hears the hidden
        # ones too: an overlap with a line of the log that is outside the log is not on screen
        parts = [t for t in p.split("'")[1::2] if len(t) >= 12]
        if " overlap at " in p and any(part in line for line in _log_lines(board) for part in parts):
            continue
        out.append(p)
    return out


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "courier-home"))


@pytest.fixture(autouse=True)
def _rule_of_thumb(monkeypatch):
    from courier.ai import base

    monkeypatch.setattr(base, "LEVELS_USE_SEARCH", False)


@pytest.mark.parametrize("state", list(STATES))
def test_every_size_has_no_layout_problem(state):
    problems: list[str] = []
    for size in lm.SIZES:
        match = STATES[state]()
        app = lm.open_app(size)
        try:
            board = app.stack.push(BoardScene(app, match, autosave=False, show_scoring=False))
            for _ in range(200):
                app.frame(0.05, [])
                if not board.view.animating():
                    break
            if state != "end":
                assert board.seat == 0, "the person at the device may act"
                assert board.focusables(), "the keyboard reaches something"
            problems += _problems(board, app, state)
        finally:
            lm.close_app(app)
    assert not problems, "\n".join(problems)
