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
