"""The replay viewer: the positions it shows are the ones a direct replay reaches, from a lab game,
a save or a match; the controls, the log and the choice of whose secrets to show."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from courier.dev.lab.play import play_game
from courier.replaydata import ReplayError, from_record, load_replay
from courier.dev.lab.runner import RESULTS, run_study, tasks_for
from courier.rules import registry

SHOTS = Path(__file__).resolve().parent.parent / "_screenshots"


@pytest.fixture
def home(tmp_path, monkeypatch):
    h = tmp_path / "home"
    monkeypatch.setenv("COURIER_HOME", str(h))
    return h


@pytest.fixture
def app(home):
    from courier.app import App
    from courier.settings import Settings

    a = App(Settings(), size=(1280, 720), fullscreen=False)
    yield a
    while a.stack.top is not None:
        a.stack.pop()
    pygame.display.quit()


def direct_states(game, config, seed, texts):
    """The state after every action, replayed straight through the rules."""
    s = game.new_game(config, seed)
    out = [game.state_to_dict(s)]
    for t in texts:
        game.apply(s, game.parse_action(s, t))
        out.append(game.state_to_dict(s))
    return out


@pytest.fixture
def record(tiny):
    return play_game(tasks_for(tiny)[5])


def test_a_lab_game_replays_to_the_same_states(record):
    r = from_record(record)
    game = registry.get("package-pandemonium")
    assert r.steps == record["actions"] and not r.problem
    want = direct_states(game, r.config, record["seed"], record["log"])
    assert [game.state_to_dict(s) for s in r.states] == want
    assert r.config.van_capacity == 7  # the variant's settings come back with the game
    assert list(game.scores(r.state(r.steps))) == record["scores"]


def test_the_scene_steps_forward_and_back_to_the_replayed_states(app, record):
    from courier.scenes.replay import ReplayScene

    game = registry.get("package-pandemonium")
    scene = ReplayScene(app, from_record(record))
    app.stack.push(scene)
    want = direct_states(game, scene.replay.config, record["seed"], record["log"])
    for _ in range(5):
        scene.forward()
    assert scene.step == 5 and game.state_to_dict(scene.replay.state(scene.step)) == want[5]
    scene.back()
    scene.back()
    assert scene.step == 3 and game.state_to_dict(scene.replay.state(scene.step)) == want[3]
    scene.last()
    assert scene.step == len(record["log"]) and not scene.buttons["forward"].enabled
    scene.first()
    assert scene.step == 0 and not scene.buttons["back"].enabled
    # keys: Right, Right, End, Home
    for key in (pygame.K_RIGHT, pygame.K_RIGHT):
        app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])
    assert scene.step == 2
    # play runs on by itself at the chosen speed and stops at the end
    scene.speed_stepper.step(3)  # 8 moves a second
    scene.toggle_play()
    for _ in range(4000):
        app.frame(0.05, [])
        if not scene.playing:
            break
    assert scene.step == scene.replay.steps and not scene.playing
    app.screenshot(SHOTS / "lab-replay-end.png")


def test_clicking_a_log_line_jumps_there(app, record):
    from courier.scenes.replay import ReplayScene

    scene = ReplayScene(app, from_record(record))
    app.stack.push(scene)
    app.frame(1 / 60, [])
    k = 4
    y = scene.log_scroll.rect.top + 6 + scene._log_tops[k] - scene.log_scroll.offset + 3
    pos = (scene.log_scroll.rect.left + 30, y)
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                       pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    assert scene.step == k


def test_secrets_are_shown_only_by_choice(app):
    from courier.scenes.replay import ReplayScene

    # Next Day's contract building is secret: the log hides it unless that seat's view is chosen
    rec = play_game({"game": "next-day", "arm": "a", "index": 0, "name": "a#0", "seed": 2,
                     "seats": ["heuristic-easy"] * 3, "order": [0, 1, 2], "options": {}})
    scene = ReplayScene(app, from_record(rec))
    app.stack.push(scene)
    secret = next(k for k in range(1, scene.replay.steps + 1) if not scene.replay.events[k])
    actor = scene.replay.actors[secret - 1]
    assert "secret move" in scene.replay.line(secret, None)
    assert scene.replay.line(secret, actor) == rec["log"][secret - 1]
    scene.go(secret)
    scene.set_viewer(actor)
    assert scene.viewer == actor and rec["log"][secret - 1] in " ".join(scene._log_lines[secret])
    scene.set_viewer(None)
    assert "secret move" in " ".join(scene._log_lines[secret])
    app.frame(1 / 60, [])


def test_a_save_and_a_match_replay(app, home):
    from courier import saves
    from courier.match import Match, SeatSpec
    from courier.scenes.replay import ReplayScene

    seats = [SeatSpec("Ann", (200, 0, 0), "ai", "heuristic-easy"), SeatSpec("Bob", (0, 0, 200), "ai", "heuristic-easy")]
    m = Match.new("doorstep-dash", seats, seed=9)
    for _ in range(40):
        seat = m.to_act()[0]
        m.submit(m.bot_for(seat).choose(m.game, m.view(seat), seat, m.legal(seat), __import__("courier").match.bot_rng(9, len(m.log), seat)))
    path = saves.save_match(m, "replay-me")
    scene = ReplayScene.from_save(app, path)
    app.stack.push(scene)
    assert scene.replay.steps == 40 and scene.replay.seats[0].name == "Ann"
    assert m.game.state_to_dict(scene.replay.state(40)) == m.game.state_to_dict(m.state)
    again = ReplayScene.from_match(app, m)
    assert again.replay.texts == m.log
    scene.close()  # the only scene: back to the menu
    assert type(app.stack.top).__name__ == "MenuScene"


def test_files_that_cannot_be_replayed_say_why(tmp_path, tiny):
    with pytest.raises(ReplayError, match="no file"):
        load_replay(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json", encoding="utf-8")
    with pytest.raises(ReplayError, match="cannot open"):
        load_replay(bad)
    from courier.dev.lab.study import game_seed

    run_study(tiny, tmp_path, jobs=1)
    second = game_seed(11, 1)  # the study's second deal (its games 2 and 3, in both arms)
    with pytest.raises(ReplayError, match="played 4 times"):
        load_replay(tmp_path / RESULTS, str(second))
    with pytest.raises(ReplayError, match="no game 'nope#3'"):
        load_replay(tmp_path / RESULTS, "nope#3")
    assert load_replay(tmp_path / RESULTS, "big_vans#3").seed == second


def _env(home: Path) -> dict[str, str]:
    return dict(os.environ, COURIER_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def test_the_commands(tmp_path, home, tiny):
    from tests.lab.conftest import TINY

    study = tmp_path / "tiny.toml"
    study.write_text(TINY, encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(TINY.replace("van_capacity", "van_capacty"), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "courier", "lab", str(bad)], env=_env(home), capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 2 and "line 9" in r.stderr and "van_capacty" in r.stderr
    r = subprocess.run([sys.executable, "-m", "courier", "lab", str(study), "--jobs", "1", "--no-report"],
                       env=_env(home), capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    results = tmp_path / "tiny-lab" / RESULTS
    assert results.is_file() and "8/8 games" in r.stderr
    shot = SHOTS / "lab-cli-replay.png"
    shot.unlink(missing_ok=True)
    r = subprocess.run([sys.executable, "-m", "courier", "replay", str(results), "--game", "baseline#1", "--frames", "3",
                        "--screenshot", str(shot)], env=_env(home), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert shot.is_file()


def test_an_unfinished_hot_seat_save_replays_only_in_public(app, home):
    """An unfinished game can still be carried on: its replay shows nobody's hand or plans."""
    from courier import saves
    from courier.match import Match, SeatSpec
    from courier.scenes.replay import ReplayScene

    seats = [SeatSpec("Ann", (200, 0, 0), "human"), SeatSpec("Bea", (0, 0, 200), "human"),
             SeatSpec("Cal", (0, 150, 0), "ai", "heuristic-easy")]
    m = Match.new("next-day", seats, seed=5)
    for _ in range(12):  # part of the secret contract building
        seat = m.to_act()[0]
        m.submit(m.bot_for(seat).choose(m.game, m.view(seat), seat, m.legal(seat),
                                        __import__("courier").match.bot_rng(5, len(m.log), seat)))
    assert not m.is_over()
    scene = ReplayScene.from_save(app, saves.save_match(m, "half-played"))
    app.stack.push(scene)
    app.frame(1 / 60, [])
    replay = scene.replay
    assert not replay.secrets_open and not scene.viewer_stepper.enabled
    scene.set_viewer(1)
    assert scene.viewer is None
    for step in range(replay.steps + 1):
        for seat in range(3):
            assert m.game.state_to_dict(replay.view(step, seat)) == m.game.state_to_dict(replay.view(step, None))
    secret = [k for k in range(1, replay.steps + 1) if not replay.events[k]]
    assert secret and all("secret move" in replay.line(k, replay.actors[k - 1]) for k in secret)
