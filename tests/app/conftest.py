"""Shell tests: a headless window, a temp COURIER_HOME, synthetic input and screenshots."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

import pygame
import pytest

from courier.scenes import games as game_views
from tests.app import fake_game

SHOTS = Path(__file__).resolve().parent.parent / "_screenshots"


@pytest.fixture(autouse=True)
def courier_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "courier-home"
    monkeypatch.setenv("COURIER_HOME", str(home))
    return home


@pytest.fixture
def fake_views(monkeypatch: pytest.MonkeyPatch) -> str:
    """Let make_view find the test game's view."""
    monkeypatch.setitem(game_views.VIEWS, fake_game.GAME_ID, "tests.app.fake_game")
    return fake_game.GAME_ID


@pytest.fixture
def app(courier_home: Path):
    from courier.app import App
    from courier.settings import Settings

    a = App(Settings(), size=(1280, 720), fullscreen=False)
    yield a
    while a.stack.top is not None:
        a.stack.pop()
    pygame.display.quit()


class Driver:
    """Sends synthetic input to the app and runs frames."""

    def __init__(self, app) -> None:
        self.app = app

    def frame(self, events: list | None = None, dt: float = 1 / 60) -> None:
        self.app.frame(dt, events or [])

    def move(self, pos: tuple[int, int]) -> None:
        self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])

    def click(self, pos: tuple[int, int]) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                    pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])

    def click_button(self, scene, label: str) -> None:
        """Click the widget of ``scene`` whose text is ``label``."""
        for w in scene.ui.widgets:
            if getattr(w, "text", None) == label:
                assert w.enabled, f"button {label!r} is disabled"
                self.click(w.rect.center)
                return
        raise AssertionError(f"no button {label!r} in {type(scene).__name__}")

    def key(self, key: int, mod: int = 0, text: str = "") -> None:
        self.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)])

    def type(self, text: str) -> None:
        self.frame([pygame.event.Event(pygame.TEXTINPUT, text=text)])

    def wheel(self, y: int) -> None:
        self.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))])

    def run_until(self, cond: Callable[[], bool], frames: int = 20000, dt: float = 0.05) -> None:
        """Run frames (with a large dt so animations pass fast) until ``cond`` holds."""
        for _ in range(frames):
            if cond():
                return
            self.frame(dt=dt)
            time.sleep(0.0005)  # let a computer player's worker thread run
        raise AssertionError("condition not reached")

    def shot(self, name: str) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        return self.app.screenshot(SHOTS / f"app-{name}.png")


@pytest.fixture
def drive(app) -> Driver:
    return Driver(app)
