"""No way out of a game or its results sits on Enter: on every screen around the board, an Enter
or Space pressed as the first thing after the screen opens (one still on its way from the last
move, a key pressed twice) leaves the player on that screen, starts no game, writes over or
deletes no save and quits nothing. A rematch, a load, a new game stay a choice: Tab to it (or
click it), then Enter.

Over every such screen: the title screen, the New game screen, Load, the scores (both pages) of
every game and after a guided game, and the final board behind them.
"""

from __future__ import annotations

import os
import time
from typing import Callable

import pygame
import pytest

from courier import paths, saves
from courier.scenes.base import Scene
from courier.scenes.board import BoardScene
from courier.scenes.load import LoadScene
from courier.scenes.menu import MenuScene
from courier.scenes.scoring import FinalBoardScene, ScoringScene
from courier.scenes.setup import SetupScene
from tests.app import shell_states
from tests.app.keys import KeyDriver
from tests.app.shell_states import GAMES

KEYS = {"Enter": pygame.K_RETURN, "keypad Enter": pygame.K_KP_ENTER, "Space": pygame.K_SPACE}


def _scores(gid: str, n: int, page: str = "scores", guided: bool = False) -> Callable[[object], Scene]:
    def make(app) -> Scene:
        scene = ScoringScene(app, shell_states.finished(gid, n), guided=object() if guided else None)  # type: ignore[arg-type]
        scene.show(page)
        return scene
    return make


SCREENS: dict[str, Callable[[object], Scene]] = {
    "title": MenuScene,
    "new game": SetupScene,
    "load": LoadScene,
    **{f"scores {gid}": _scores(gid, n) for gid, n in GAMES},
    **{f"statistics {gid}": _scores(gid, n, "stats") for gid, n in GAMES[:2]},
    "scores after a guided game": _scores("doorstep-dash", 4, guided=True),
    "final board": lambda app: FinalBoardScene(app, shell_states.finished("out-for-delivery", 4)),
}


@pytest.fixture
def keys(app) -> KeyDriver:
    return KeyDriver(app)


def _folder() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in paths.saves_dir().iterdir()}


@pytest.mark.parametrize("key", list(KEYS), ids=list(KEYS))
@pytest.mark.parametrize("screen", list(SCREENS), ids=list(SCREENS))
def test_enter_or_space_first_thing_after_a_screen_opens_keeps_the_player_there(app, drive, screen, key):
    shell_states.several_saves()  # games to continue, finished ones, a file that does not read
    old = time.time() - 3600
    os.utime(saves.slot_path("broken"), (old, old))  # the newest row is a game Enter could open
    app.stack.reset(MenuScene(app))
    scene = app.stack.push(SCREENS[screen](app))
    drive.frame()
    before, stack = _folder(), list(app.stack.scenes)
    app.running = True
    drive.key(KEYS[key])
    drive.frame()
    assert app.stack.top is scene, f"{key} on the {screen} screen left it for {type(app.stack.top).__name__}"
    assert list(app.stack.scenes) == stack
    assert not any(isinstance(s, BoardScene) and not isinstance(s, FinalBoardScene) for s in app.stack.scenes)
    assert _folder() == before, "a save was written, replaced or deleted"
    assert app.running


def test_a_rematch_is_one_deliberate_choice_away(app, keys):
    """From the scores, Enter twice still shows the scores; Tab to Rematch and Enter plays again."""
    match = shell_states.finished("doorstep-dash", 4)
    scoring = app.stack.push(ScoringScene(app, match))
    keys.frame()
    keys.key(pygame.K_RETURN)
    keys.key(pygame.K_RETURN)
    assert app.stack.top is scoring
    keys.choose_label("Rematch")
    board = app.stack.top
    assert isinstance(board, BoardScene) and board.match is not match and not board.match.is_over()


def test_load_shows_what_enter_would_open_then_opens_it(app, drive, fake_views):
    from tests.app.test_load_screen import a_match

    m = a_match(3)
    saves.autosave(m)
    load = app.stack.push(LoadScene(app))
    drive.frame()
    drive.key(pygame.K_RETURN)
    assert app.stack.top is load and load.focus_ring.active and "Enter again" in load.message[0]
    drive.key(pygame.K_RETURN)
    board = app.stack.top
    assert isinstance(board, BoardScene) and board.match.match_id == m.match_id
