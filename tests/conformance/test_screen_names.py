"""Names that say one thing (a reader must not meet two modules of one name in one click, nor
three names for one thing): every game's screen keeps the same files, none of them called
``board`` (the rules' board is ``courier.rules.<game>.board``), and every GameView holds the
view the rules gave it as ``seen``."""

from __future__ import annotations

import ast
import pathlib

import pytest

from courier.rules import registry

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = ROOT / "courier" / "scenes" / "games"
#: the files every game's screen is made of, each with one role (see each module's docstring)
ROLES = {"__init__.py", "anim.py", "dialogs.py", "mapart.py", "panel.py", "paths.py", "pieces.py", "text.py", "view.py"}


def _package(game_id: str) -> pathlib.Path:
    return GAMES / registry.package(game_id).rsplit(".", 1)[-1]


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_game_screen_has_the_same_files_and_none_is_called_board(game_id: str) -> None:
    names = {p.name for p in _package(game_id).glob("*.py")}
    assert "board.py" not in names, "the pieces over the map live in pieces.py; board.py is the rules' board"
    assert ROLES <= names, f"{game_id} lacks {sorted(ROLES - names)}"


def _attributes_of_self(tree: ast.AST) -> set[str]:
    return {n.attr for n in ast.walk(tree)
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self"}


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_game_view_holds_the_rules_view_as_seen(game_id: str) -> None:
    tree = ast.parse((_package(game_id) / "view.py").read_text(encoding="utf-8"))
    attrs = _attributes_of_self(tree)
    assert "seen" in attrs
    assert not attrs & {"v", "state", "view"}, f"{game_id}'s view keeps the rules' view under another name"
    show = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "show")
    assert [a.arg for a in show.args.args[:2]] == ["self", "seen"]
