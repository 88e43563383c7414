"""Every module of courier/ has its place in the layer contract (pyproject.toml).

import-linter checks the imports between the layers it is given, and says nothing of a module in
none of them: such a module may import anything, and anything may import it. So a new module
must be given its layer when it is written. A module is placed when the layers name it or a
package holding it; a package split between layers (as ``courier.dev`` is) is placed when each
of its parts is, and holds no code of its own to import anything (only its docstring).
"""

from __future__ import annotations

import ast
import shutil
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: run by ``python -m courier``; the package's own ``__init__`` holds the version alone
NOT_A_LAYER = {"__init__"}


def layer_entries(pyproject: Path) -> dict[str, bool]:
    """The module names the layers contract names, each with whether it is optional (written in
    brackets: a place kept for a package still to come)."""
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["importlinter"]
    layers = [c for c in config["contracts"] if c["type"] == "layers"]
    assert len(layers) == 1, "one layers contract names the whole package"
    entries = {}
    for layer in layers[0]["layers"]:
        for name in (n.strip() for n in layer.split("|")):
            entries[name.strip("()")] = name.startswith("(")
    return entries


def layer_names(pyproject: Path) -> set[str]:
    return set(layer_entries(pyproject))


def _imports_anything(init: Path) -> bool:
    tree = ast.parse(init.read_text(encoding="utf-8"))
    return any(isinstance(node, (ast.Import, ast.ImportFrom)) for node in ast.walk(tree))


def unplaced(package: Path, named: set[str], dotted: str = "courier") -> list[str]:
    """The modules under ``package`` (dotted name ``dotted``) that no layer places, and the split
    packages whose ``__init__`` imports something (its imports would be in no layer)."""
    out = []
    for child in sorted(package.iterdir()):
        if child.name.startswith((".", "_")) and child.name != "__main__.py":
            continue
        if child.is_dir() and (child / "__init__.py").is_file():
            name = f"{dotted}.{child.name}"
        elif child.suffix == ".py":
            name = f"{dotted}.{child.stem}"
        else:
            continue  # data beside the code (report.html), not a module
        if child.stem in NOT_A_LAYER or name in named:
            continue
        if child.is_dir() and any(n.startswith(name + ".") for n in named):
            if _imports_anything(child / "__init__.py"):
                out.append(f"{name} (split between layers, but its __init__ imports)")
            out += unplaced(child, named, name)
            continue
        out.append(name)
    return out


def test_every_module_of_courier_is_in_a_layer() -> None:
    missing = unplaced(ROOT / "courier", layer_names(ROOT / "pyproject.toml"))
    assert not missing, f"give these modules their layer in pyproject.toml: {missing}"


def test_a_new_module_in_no_layer_is_found(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "courier", tmp_path / "courier", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "courier" / "postage.py").write_text('"""A new module of the game."""\n', encoding="utf-8")
    (tmp_path / "courier" / "dev" / "stopwatch.py").write_text('"""A new tool."""\n', encoding="utf-8")
    (tmp_path / "courier" / "stamps").mkdir()
    (tmp_path / "courier" / "stamps" / "__init__.py").write_text("", encoding="utf-8")
    named = layer_names(ROOT / "pyproject.toml")
    assert unplaced(tmp_path / "courier", named) == ["courier.dev.stopwatch", "courier.postage", "courier.stamps"]
    # a split package whose __init__ imports is refused too: those imports would be in no layer
    init = tmp_path / "courier" / "dev" / "__init__.py"
    init.write_text("from courier.dev import simulate  # noqa: F401\n", encoding="utf-8")
    assert "courier.dev (split between layers, but its __init__ imports)" in unplaced(tmp_path / "courier", named)


def test_the_layers_name_no_module_that_is_not_there() -> None:
    """A name left behind by a move would hide the module's new place (import-linter refuses a
    missing layer too, but not one in brackets, kept for a package still to come)."""
    for name, optional in layer_entries(ROOT / "pyproject.toml").items():
        path = ROOT / Path(*name.split("."))
        assert optional or path.with_suffix(".py").is_file() or (path / "__init__.py").is_file(), name
