"""The courier command: version, play with frames and a screenshot, check-map, measure_frames."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from courier import __version__, cli
from tests.app.conftest import SHOTS
from tests.app.test_flow import need_view


def _env(home: Path) -> dict[str, str]:
    return dict(os.environ, COURIER_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def test_version(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["--version"])
    assert exc.value.code == 0
    assert __version__ in capsys.readouterr().out


def test_menu_runs_headless_and_saves_the_last_frame(courier_home):
    shot = SHOTS / "app-cli-menu.png"
    shot.unlink(missing_ok=True)
    r = subprocess.run([sys.executable, "-m", "courier", "--frames", "3", "--screenshot", str(shot)],
                       env=_env(courier_home), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert shot.is_file() and shot.stat().st_size > 10_000


def test_play_goes_straight_to_a_board(courier_home):
    need_view("doorstep-dash")
    shot = SHOTS / "app-cli-play.png"
    shot.unlink(missing_ok=True)
    r = subprocess.run([sys.executable, "-m", "courier", "play", "doorstep-dash", "--seat", "ai-easy", "--seat", "ai-easy",
                        "--seed", "4", "--frames", "30", "--screenshot", str(shot)],
                       env=_env(courier_home), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert shot.is_file()


def test_play_refuses_an_unknown_game(capsys):
    assert cli.main(["play", "no-such-game", "--frames", "1"]) == 2
    assert "no game called" in capsys.readouterr().err


def test_seat_specs_fill_the_table():
    need_view("doorstep-dash")
    seats = cli.seat_specs("doorstep-dash", 3, ["human"])
    assert [s.kind for s in seats] == ["human", "ai", "ai"]
    assert len({s.colour for s in seats}) == 3
    seats = cli.seat_specs("doorstep-dash", None, ["ai-hard", "ai-easy"])
    assert [(s.kind, s.level) for s in seats] == [("ai", "hard"), ("ai", "easy")]


def test_check_map_reports_problems_and_exit_code(tmp_path, capsys):
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map><broken", encoding="utf-8")
    assert cli.main(["check-map", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "bad.tmx" in out
    from courier import resources

    maps = sorted(resources.asset("maps").glob("*.tmx"))
    if maps:
        assert cli.main(["check-map", str(maps[0])]) in (0, 1)


def test_measure_frames_gives_one_time_per_frame(courier_home, fake_views):
    from courier.app import measure_frames

    times = measure_frames(fake_views, 40)
    assert len(times) == 40 and all(t > 0 for t in times)


def test_load_opens_a_save_straight_away(courier_home):
    from courier import saves
    from courier.match import Match, SeatSpec

    match = Match.new("doorstep-dash", [SeatSpec("Ann", (0, 114, 178), "ai", "easy"),
                                        SeatSpec("Bob", (230, 159, 0), "ai", "easy")], seed=3)
    for _ in range(6):
        seat = match.to_act()[0]
        match.submit(match.legal(seat)[0])
    path = saves.save_match(match, "slot-1")
    before = path.read_bytes()
    shot = courier_home / "loaded.png"
    r = subprocess.run([sys.executable, "-m", "courier", "--load", str(path), "--frames", "3", "--screenshot", str(shot)],
                       env={**os.environ, "COURIER_HOME": str(courier_home)}, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert shot.is_file() and shot.stat().st_size > 10_000
    assert path.read_bytes() == before  # opening a save never rewrites it


def test_load_refuses_a_broken_save_with_a_message(courier_home, tmp_path, capsys):
    bad = tmp_path / "broken.json"
    bad.write_text("{ not json")
    assert cli.main(["--load", str(bad), "--frames", "1"]) == 2
    assert "broken.json" in capsys.readouterr().err
    assert bad.read_text() == "{ not json"


def test_bench_takes_its_own_options_through_the_courier_command(monkeypatch):
    from courier.dev import bench

    seen = {}
    monkeypatch.setattr(bench, "run", lambda *a, **kw: seen.update(args=a, kw=kw))
    assert cli.main(["bench", "--rules", "--seconds", "0.5", "--game", "next-day"]) == 0
    assert seen["kw"]["rules_only"] is True and seen["args"][0] == ["next-day"] and seen["args"][2] == 0.5
