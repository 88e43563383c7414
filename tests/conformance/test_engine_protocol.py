"""Every game's engine module keeps one protocol (courier.rules.base.Engine): the same functions
with the same parameters in the same order; and every game names its seats through its config,
so no engine module needs to import its game (no late imports, no cycles)."""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

from courier.rules import registry
from courier.rules.base import Engine

ROOT = Path(__file__).resolve().parents[2]
PROTOCOL = [name for name, member in vars(Engine).items()
            if inspect.isfunction(member) and not name.startswith("_")]


def _parameters(function) -> list[str]:
    return [p for p in inspect.signature(function).parameters if p != "self"]


def test_the_protocol_names_the_five_functions() -> None:
    assert PROTOCOL == ["new_state", "to_act", "legal_actions", "apply", "view"]


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_engine_module_matches_the_protocol(game_id: str) -> None:
    module = importlib.import_module(registry.package(game_id) + ".engine")
    for name in PROTOCOL:
        function = getattr(module, name, None)
        assert callable(function), f"{module.__name__} has no {name}"
        assert _parameters(function) == _parameters(getattr(Engine, name)), f"{module.__name__}.{name}"


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_new_state_from_the_engine_is_the_games_new_game(game_id: str) -> None:
    game = registry.get(game_id)
    cfg = game.make_config(players=game.min_players + (1 if game.max_players > game.min_players else 0))
    module = importlib.import_module(registry.package(game_id) + ".engine")
    state, events = module.new_state(cfg, game.board(cfg), 7)
    assert isinstance(events, list)
    assert game.state_to_dict(state) == game.state_to_dict(game.new_game(cfg, 7))
    seat = module.to_act(state)[0]
    assert module.legal_actions(cfg, game.board(cfg), state, seat) == game.legal_actions(state, seat)


@pytest.mark.parametrize("game_id", registry.ids())
def test_seat_names_come_from_the_config(game_id: str) -> None:
    game = registry.get(game_id)
    players = game.max_players
    plain = game.make_config(players=players)
    assert game.seat_names(plain) == plain.default_seat_names()
    assert [game.seat_name(plain, i) for i in range(players)] == plain.default_seat_names()
    typed = ("Ann", " ", *[f"P{i}" for i in range(2, players)])[:players]
    named = game.make_config(players=players, names=typed)
    assert named.seat_name(0) == "Ann"
    if players > 1:
        assert named.seat_name(1) == plain.seat_name(1), "a blank name falls back to the default"
    assert named.seat_name(players + 3) == f"Player {players + 4}"
    for fewer in range(game.min_players, players + 1):  # default names are kept: each count its own
        config = game.make_config(players=fewer)
        assert [config.seat_name(i) for i in range(fewer)] * 2 == config.default_seat_names() * 2


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_shipped_board_is_built_once_and_shared(game_id: str) -> None:
    game = registry.get(game_id)
    for key in game.maps:
        config = game.make_config(players=game.max_players, map=key)
        assert game.board(config) is game.board(config.model_copy())


def _modules(game_id: str) -> list[str]:
    package = registry.package(game_id)
    folder = ROOT / Path(*package.split("."))
    return [f"{package}.{p.stem}" for p in sorted(folder.glob("*.py")) if p.stem != "__init__"]


@pytest.mark.parametrize("game_id", registry.ids())
def test_no_rules_module_imports_its_game_inside_a_function(game_id: str) -> None:
    for name in _modules(game_id):
        path = ROOT / Path(*name.split(".")).with_suffix(".py")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.ImportFrom) and (node.module or "").endswith(".game"):
                    pytest.fail(f"{name}.{fn.name} imports {node.module} late")


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_rules_module_imports_alone(game_id: str) -> None:
    """In a fresh interpreter each, so an import cycle cannot hide behind an earlier import."""
    code = "import importlib, sys\nfor m in sys.argv[1:]:\n    importlib.import_module(m)\n"
    for name in _modules(game_id):
        out = subprocess.run([sys.executable, "-c", code, name], cwd=ROOT, capture_output=True, text=True,
                             timeout=120)
        assert out.returncode == 0, f"{name}: {out.stderr[-400:]}"
