"""The outside players' interface, and their independence from our own computer players."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from courier.dev.gauntlet import LEVELS, STYLES, make_outsider
from courier.rules import registry

PACKAGE = Path(__file__).resolve().parents[2] / "courier" / "dev" / "gauntlet"


def test_six_styles_with_their_level_names():
    assert STYLES == ("greedy", "rush", "planner", "denier", "gambler", "human")
    assert LEVELS == tuple(f"out-{s}" for s in STYLES)


@pytest.mark.parametrize("game_id", registry.ids())
@pytest.mark.parametrize("style", STYLES)
def test_make_outsider_names_its_level(game_id, style):
    p = make_outsider(game_id, style)
    assert p.level == f"out-{style}"
    assert make_outsider(game_id, f"out-{style}").level == p.level


def test_unknown_style_and_game_are_refused():
    with pytest.raises(ValueError, match="no outside style"):
        make_outsider("next-day", "clever")
    with pytest.raises(KeyError):
        make_outsider("chess", "greedy")


def test_every_game_has_a_module_named_as_its_rules():
    rules = Path(registry.get("next-day").__class__.__module__.replace(".", "/")).parts
    assert rules[:2] == ("courier", "rules")
    for game_id in registry.ids():
        module = type(registry.get(game_id)).__module__.split(".")[2]
        assert (PACKAGE / f"{module}.py").is_file(), module


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            out.append(node.module or "")
    return out


def test_outsiders_import_only_the_rules_and_the_standard_library():
    """They must stay independent of our own computer players: nothing but courier.rules,
    their own package and the standard library (checked on the source, every import)."""
    files = sorted(PACKAGE.glob("*.py"))
    assert len(files) >= 6
    for path in files:
        for name in _imports(path):
            top = name.split(".")[0]
            ok = (name == "courier.rules" or name.startswith("courier.rules.")
                  or name == "courier.dev.gauntlet" or name.startswith("courier.dev.gauntlet.")
                  or top == "__future__" or top in sys.stdlib_module_names)
            assert ok, f"{path.name} imports {name}"
        assert "courier.ai" not in path.read_text(encoding="utf-8"), path.name
