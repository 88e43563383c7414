"""Doorstep Dash inside the real board scene: a person's turn by clicks, and an all-computer game
played through to the scoring screen."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from courier.match import Match, SeatSpec
from courier.rules.doorstep_dash import actions as A
from courier.ui import theme

SHOTS = Path(__file__).resolve().parents[1] / "_screenshots"
C = [c for _, c in theme.PLAYER_COLOURS]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "home"))
    from courier.app import App
    from courier.settings import Settings

    a = App(Settings(anim_speed=4.0), size=(1280, 720), fullscreen=False)
    yield a
    while a.stack.top is not None:
        a.stack.pop()
    pygame.display.quit()


def frames(app, cond, limit=20000, dt=0.1, events=None):
    for _ in range(limit):
        if cond():
            return
        app.frame(dt, events or [])
        time.sleep(0.0005)  # let the computer player's thread run
    raise AssertionError("condition not reached")


def click(app, pos):
    pos = (int(pos[0]), int(pos[1]))
    app.frame(0.016, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                      pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def shot(app, name):
    SHOTS.mkdir(exist_ok=True)
    app.screenshot(SHOTS / f"doorstep-dash-app-{name}.png")


def test_person_plays_by_clicks(app):
    from courier.scenes.board import BoardScene

    seats = [SeatSpec("Ann", C[0], "human"), SeatSpec("Bea", C[1], "ai", "normal"), SeatSpec("Cal", C[2], "ai", "hard")]
    match = Match.new("doorstep-dash", seats, seed=4)
    board = app.stack.push(BoardScene(app, match, ai_pause=0.0))
    view = board.view
    frames(app, lambda: board.seat == 0 and isinstance(match.legal(0)[0], A.Keep))
    shot(app, "opening")
    keep = next(b for b in view.buttons if b.label.startswith("Keep"))
    click(app, keep.rect.center)
    assert len(match.state.players[0].hand) == 5
    frames(app, lambda: board.seat == 0 and any(isinstance(a, A.Roll) for a in match.legal(0)))
    shot(app, "your-turn")
    roll = next(b for b in view.buttons if b.label.startswith("Roll"))
    click(app, roll.rect.center)
    assert match.state.rolled > 0
    frames(app, lambda: not view.animating() and bool(view.moves))
    target = sorted(view.moves)[-1]
    centre = view.centre(target)
    app.frame(0.016, [pygame.event.Event(pygame.MOUSEMOTION, pos=(int(centre[0]), int(centre[1])), rel=(0, 0),
                                         buttons=(0, 0, 0))])
    shot(app, "choose-drive")
    click(app, centre)
    assert match.state.players[0].pos == target or match.state.pending is not None
    frames(app, lambda: not view.animating(), limit=400)


def test_ai_game_to_scoring(app):
    from courier.scenes.board import BoardScene
    from courier.scenes.scoring import ScoringScene

    app.settings.reduced_motion = True
    seats = [SeatSpec(n, C[i], "ai", lv) for i, (n, lv) in enumerate((("Ann", "easy"), ("Bea", "hard")))]
    match = Match.new("doorstep-dash", seats, seed=8)
    board = app.stack.push(BoardScene(app, match, ai_pause=0.0))
    board.view.ctx.reduced_motion = True
    seen_mid = False

    def done():
        nonlocal seen_mid
        if not seen_mid and match.state.round >= 20:
            shot(app, "midgame")
            seen_mid = True
        return isinstance(app.stack.top, ScoringScene)

    frames(app, done, limit=60000, dt=0.05)
    assert match.is_over() and match.state.ended == "done"
    scoring = app.stack.top
    assert set(scoring.winners) == set(match.game.winners(match.state))
    app.frame(1.0, [])
    shot(app, "scoring")
