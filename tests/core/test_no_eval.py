"""No code is made from text on the paths a file comes in by: a save, the settings, a board.

Those paths read what anyone may have written, so none of their modules may call ``eval``,
``exec`` or ``compile`` (nor hold on to them under another name): a writer or reader is built
from closures and ``operator``. The modules are found by following the imports (at the top of a
module and inside its functions) from where each path starts, so a module that joins a path later
is checked without being listed here. Read as syntax trees, not text: a docstring that names
``eval`` is no call, and ``re.compile`` is not the built-in.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "courier"

#: where each path starts: reading a save, the settings, a board file
STARTS = ("courier.saves", "courier.settings", "courier.boards", "courier.rules")
#: the built-ins that turn text into code
FORBIDDEN = frozenset({"eval", "exec", "compile"})


def _file_of(module: str) -> Path | None:
    parts = module.split(".")
    if parts[0] != "courier":
        return None
    base = ROOT.joinpath(*parts)
    for path in (base / "__init__.py", base.with_suffix(".py")):
        if path.is_file():
            return path
    return None


def _imports(module: str, tree: ast.AST, is_package: bool) -> set[str]:
    """Every courier module ``tree`` imports, wherever in it the import stands."""
    out: set[str] = set()
    here = module.split(".") if is_package else module.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(here[:len(here) - node.level + 1])
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            out.add(source)  # (a package's own __init__ runs; its other modules only if named)
            out.update(f"{source}.{alias.name}" for alias in node.names)  # ``from pkg import module``
    return {m for m in out if m.split(".")[0] == "courier"}


def _whole(module: str) -> bool:
    """A package whose every module is on a path: a start, or a package inside one."""
    return any(module == s or module.startswith(s + ".") for s in STARTS)


@functools.lru_cache(maxsize=1)
def path_modules() -> dict[str, Path]:
    """The courier modules on the save, settings and board paths (and the rules they build)."""
    found: dict[str, Path] = {}
    todo = list(STARTS)
    while todo:
        module = todo.pop()
        path = _file_of(module)
        if path is None or module in found:
            continue
        found[module] = path
        if path.name == "__init__.py" and _whole(module):  # every module of it is on the path
            todo += [f"{module}.{p.stem}" for p in path.parent.glob("*.py") if p.stem != "__init__"]
            todo += [f"{module}.{p.parent.name}" for p in path.parent.glob("*/__init__.py")]
        todo += _imports(module, ast.parse(path.read_text(encoding="utf-8")), path.name == "__init__.py")
    return found


def code_from_text(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, name) of every use of a built-in that runs text as code: called, or taken as a value
    (``run = eval``), or fetched from ``builtins``."""
    hits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in FORBIDDEN and isinstance(node.ctx, ast.Load):
            hits.append((node.lineno, node.id))
        elif (isinstance(node, ast.Attribute) and node.attr in FORBIDDEN and isinstance(node.value, ast.Name)
              and node.value.id in ("builtins", "__builtins__")):
            hits.append((node.lineno, f"{node.value.id}.{node.attr}"))
    return hits


def test_the_paths_cover_the_modules_that_read_files() -> None:
    modules = path_modules()
    for wanted in ("courier.saves.read", "courier.saves.format", "courier.settings", "courier.boards",
                   "courier.rules.codec", "courier.rules.serial", "courier.rules.mapdata", "courier.match",
                   "courier.paths", "courier.rules.next_day.actions"):
        assert wanted in modules, wanted
    assert len(modules) > 40


@pytest.mark.parametrize("module", sorted(path_modules()))
def test_no_module_on_a_file_path_runs_text_as_code(module: str) -> None:
    path = path_modules()[module]
    hits = code_from_text(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
    assert not hits, f"{path.relative_to(ROOT)} runs text as code: " + ", ".join(f"line {n}: {w}" for n, w in hits)


@pytest.mark.parametrize("source", [
    "x = eval('1')", "exec(text)", "code = compile(text, 'f', 'exec')", "run = eval",
    "import builtins\nbuiltins.exec('1')",
])
def test_the_check_sees_each_way_of_running_text(source: str) -> None:
    assert code_from_text(ast.parse(source))


@pytest.mark.parametrize("source", [
    "import re\nre.compile('a')", "'''eval(x) in a docstring'''", "# exec(x)", "def f(evaluate): return evaluate",
    "obj.eval()",
])
def test_the_check_passes_what_is_not_running_text(source: str) -> None:
    assert not code_from_text(ast.parse(source))
