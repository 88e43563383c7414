"""The strangers are a held-out yardstick written from the rules alone: their package imports
only the rules (``courier.rules``), itself and the standard library. The check is shown to fail
on a stranger that imports one of our players."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import courier.strangers

PACKAGE = Path(courier.strangers.__file__).resolve().parent
ALLOWED = ("courier.rules", "courier.strangers")


def imported(source: str) -> list[str]:
    """Every module a source imports (relative imports are named inside the package)."""
    out: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                out.append("courier.strangers" + (f".{node.module}" if node.module else ""))
            else:
                out.append(node.module or "")
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                "import_module", "__import__"):
            arg = node.args[0] if node.args else None
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                out.append(arg.value)
            elif isinstance(arg, ast.JoinedStr):
                head = arg.values[0] if arg.values else None
                out.append(head.value.rstrip(".") if isinstance(head, ast.Constant) else "?")
            else:
                out.append("?")
    return out


def foreign(source: str) -> list[str]:
    """The imports of ``source`` that are neither the rules, the strangers nor the standard library."""
    bad = []
    for name in imported(source):
        top = name.split(".")[0]
        if name == "__future__" or (top in sys.stdlib_module_names and top != "courier"):
            continue
        if any(name == ok or name.startswith(ok + ".") for ok in ALLOWED):
            continue
        bad.append(name)
    return bad


def test_the_strangers_import_only_the_rules_and_the_standard_library() -> None:
    files = sorted(PACKAGE.glob("*.py"))
    assert len(files) >= 6  # the package, its common part and the four games
    for path in files:
        assert foreign(path.read_text(encoding="utf-8")) == [], path.name


def test_an_import_of_our_players_is_caught() -> None:
    for line in ("import courier.ai", "from courier.ai import base", "from courier import ai",
                 "from courier.gauntlet.common import Outsider", "import numpy",
                 "importlib.import_module('courier.ai.base')",
                 "importlib.import_module(f'courier.ai.{name}')"):
        assert foreign(line), line
    for line in ("import random", "from courier.rules import registry",
                 "from courier.strangers.common import best", "from . import common",
                 "importlib.import_module(f'courier.strangers.{name}')"):
        assert not foreign(line), line


def test_they_are_all_held_out() -> None:
    assert set(courier.strangers.HELD_OUT) == set(courier.strangers.LEVELS) == {"stranger-greedy", "stranger-steady"}
    doc = (courier.strangers.__doc__ or "").lower()
    assert "held out" in doc and "rules alone" in doc and "no player may be tuned" in doc
