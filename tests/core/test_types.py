"""mypy over the rules core and the screens' kit (``courier/rules``, ``courier/ui``: the files the
``[tool.mypy]`` table in pyproject.toml names), with no error allowed.

What they import from elsewhere is read for its types without its own errors being reported. A
``# type: ignore`` that is no longer needed is an error too, so they do not pile up. A second
check shows the run can fail: a copy with a wrong type planted in each folder is refused.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def mypy(cwd: Path) -> subprocess.CompletedProcess:
    assert importlib.util.find_spec("mypy"), "mypy is part of the test extra: pip install -e .[test]"
    # the files come from pyproject.toml; the cache beside them makes a second run take seconds
    # (a copy starts with none: another run may be writing the checkout's as it is copied)
    return subprocess.run([sys.executable, "-m", "mypy"], cwd=cwd, capture_output=True, text=True, timeout=600)


def test_the_checked_folders_are_the_rules_and_the_kit() -> None:
    files = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]["files"]
    assert {"courier/rules", "courier/ui"} <= set(files)


def test_the_rules_and_the_kit_type_check() -> None:
    out = mypy(ROOT)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert out.stdout.startswith("Success: no issues found")


def test_a_wrong_type_is_refused(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "courier", tmp_path / "courier", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    for module in ("rules/rng.py", "ui/theme.py"):
        path = tmp_path / "courier" / module
        path.write_text(path.read_text(encoding="utf-8") + '\n\ndef _planted() -> int:\n    return "seven"\n',
                        encoding="utf-8")
    out = mypy(tmp_path)
    assert out.returncode == 1, out.stdout[-3000:] + out.stderr[-2000:]
    for module in ("rules/rng.py", "ui/theme.py"):
        assert f'courier/{module}' in out.stdout and 'Incompatible return value type (got "str", expected "int")' \
            in out.stdout, out.stdout[-3000:]
