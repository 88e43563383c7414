"""run.py hands its options on to ``courier`` as its docstring and the README promise."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from courier import cli

ROOT = Path(__file__).resolve().parent.parent


def _run_py():
    spec = importlib.util.spec_from_file_location("courier_run_py", ROOT / "run.py")
    mod = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize(("rest", "want"), [
    ([], []),
    (["--fullscreen"], ["--fullscreen"]),
    (["--load", "game.json"], ["--load", "game.json"]),
    (["next-day", "--seat", "human", "--seat", "ai-hard", "--seat", "ai-normal"],
     ["play", "next-day", "--seat", "human", "--seat", "ai-hard", "--seat", "ai-normal"]),
    (["out-for-delivery", "--fullscreen"], ["play", "out-for-delivery", "--fullscreen"]),
    (["play", "doorstep-dash"], ["play", "doorstep-dash"]),
    (["check-map", "a.tmx"], ["check-map", "a.tmx"]),
])
def test_run_py_builds_the_courier_command_line(rest, want):
    assert _run_py().courier_args(rest) == want


@pytest.mark.parametrize("rest", [
    ["--fullscreen"],
    ["next-day", "--seat", "human", "--seat", "ai-hard", "--seat", "ai-normal"],
    ["next-day", "--seat", "human", "--seat", "ai-hard", "--seat", "ai-normal", "--fullscreen"],
    ["doorstep-dash", "--players", "3", "--seed", "5", "--windowed"],
])
def test_every_passed_line_parses_as_a_courier_command(rest):
    args = cli.build_parser().parse_args(_run_py().courier_args(rest))
    if rest[0] != "--fullscreen":
        assert args.command == "play" and args.game == rest[0]
    want = False if "--windowed" in rest else (True if "--fullscreen" in rest else None)
    assert cli._fullscreen(args) is want


def test_readme_play_examples_parse_through_run_py():
    """Every ``courier play ...`` line in the README is also a valid ``run.py play ...`` line."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = [seg.split("`")[0] for seg in text.split("`courier play ")[1:]]
    assert lines, "the README shows how to start a game straight away"
    for line in lines:
        args = cli.build_parser().parse_args(_run_py().courier_args(line.split()))
        assert args.command == "play"


def test_fullscreen_wins_over_the_setting_and_windowed_over_both():
    p = cli.build_parser()
    assert cli._fullscreen(p.parse_args(["--fullscreen"])) is True
    assert cli._fullscreen(p.parse_args(["play", "next-day", "--fullscreen"])) is True
    assert cli._fullscreen(p.parse_args(["--fullscreen", "--windowed"])) is False
    assert cli._fullscreen(p.parse_args([])) is None
    assert cli._fullscreen(p.parse_args(["--frames", "3"])) is False


def test_readme_run_py_examples_parse():
    """Every ``python3 run.py play ...`` line in the README becomes a valid courier command."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = [seg.split("`")[0].split("\n")[0] for seg in text.split("run.py play")[1:]]
    assert any("--fullscreen" in line for line in lines) and any("next-day" in line for line in lines)
    for line in lines:
        words = [w for w in line.split() if w != "..."]
        args = cli.build_parser().parse_args(_run_py().courier_args(words))
        assert args.command in (None, "play")


# -- the first run says one line, not pip's and the sound system's noise ----------------------------
def _fake_env(mod, tmp_path, monkeypatch, *, fail: bool = False) -> list[list[str]]:
    """run.py pointed at an empty folder, with venv and pip stood in for: pip writes its noise."""
    import subprocess
    import sys as _sys

    venv_dir = tmp_path / ".venv"
    bin_dir = venv_dir / "bin"
    monkeypatch.setattr(mod, "ROOT", tmp_path)
    monkeypatch.setattr(mod, "VENV", venv_dir)
    monkeypatch.setattr(mod, "BIN", bin_dir)
    monkeypatch.setattr(mod, "PY", bin_dir / "python")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")

    class Builder:
        def __init__(self, **kw) -> None:
            pass

        def create(self, path) -> None:
            bin_dir.mkdir(parents=True)
            (bin_dir / "python").write_text("")

    monkeypatch.setattr(mod.venv, "EnvBuilder", Builder)
    calls: list[list[str]] = []

    def run(cmd, **kw):
        calls.append(list(cmd))
        out = kw.get("stdout")
        assert out not in (None, _sys.stdout), "pip's output goes to the log, not the terminal"
        out.write("Collecting pygame-ce\nWARNING: Location 'file:///x' is ignored\n")
        out.flush()
        code = 1 if fail and "-e" in cmd else 0
        if kw.get("check") and code:
            raise subprocess.CalledProcessError(code, cmd)
        return subprocess.CompletedProcess(cmd, code)

    monkeypatch.setattr(mod.subprocess, "run", run)
    return calls


def test_the_first_run_prints_one_line_and_keeps_pips_output_in_a_log(tmp_path, monkeypatch, capsys):
    mod = _run_py()
    calls = _fake_env(mod, tmp_path, monkeypatch)
    mod.ensure_env("")
    out = capsys.readouterr()
    assert out.out.strip().splitlines() == ["Setting up Courier (first run, about a minute)..."]
    assert "Collecting" not in out.out + out.err and "WARNING" not in out.out + out.err
    assert calls and "Collecting pygame-ce" in (tmp_path / ".venv" / "setup.log").read_text()
    mod.ensure_env("")  # set up already: nothing said at all
    assert capsys.readouterr().out == ""


def test_a_failed_set_up_shows_the_log(tmp_path, monkeypatch, capsys):
    mod = _run_py()
    _fake_env(mod, tmp_path, monkeypatch, fail=True)
    with pytest.raises(SystemExit) as stop:
        mod.ensure_env("")
    assert stop.value.code not in (0, None)
    out = capsys.readouterr()
    said = out.out + out.err + str(stop.value.code)  # sys.exit's message is printed on the way out
    assert "Collecting pygame-ce" in said and "setup.log" in said


def test_the_sound_systems_start_up_noise_stays_out_of_the_terminal(monkeypatch, capfd):
    """ALSA writes its complaints straight to the process's stderr when there is no sound card;
    they are kept out while the mixer starts (the game plays silently and says so in its log)."""
    import os

    import pygame

    from courier.ui import sound

    def noisy_init(*args, **kw):
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", noisy_init)
    s = sound.Sounds()
    assert not s.enabled
    os.write(2, b"after\n")  # stderr works again afterwards
    err = capfd.readouterr().err
    assert "ALSA lib" not in err and "after" in err
