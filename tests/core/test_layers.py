"""The code's layers point one way, checked by import-linter from the contracts in pyproject.toml.

The rules core imports nothing above it (nor pygame or pytmx); above it each layer imports only
what lies below (the layers are listed in pyproject.toml, top first). A second check shows the
contracts can fail: a copy of the package whose rules import the board catalogue is refused.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINT = Path(sys.executable).with_name("lint-imports")


def lint(cwd: Path) -> subprocess.CompletedProcess:
    assert LINT.exists(), "import-linter is part of the test extra: pip install -e .[test]"
    return subprocess.run([str(LINT), "--no-cache"], cwd=cwd, capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(cwd), "PATH": "/usr/bin:/bin"})


def test_every_layer_imports_only_what_lies_below_it() -> None:
    out = lint(ROOT)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert "0 broken" in out.stdout and "BROKEN" not in out.stdout


def test_a_rules_module_importing_the_catalogue_is_refused(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "courier", tmp_path / "courier", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    rng = tmp_path / "courier" / "rules" / "rng.py"
    rng.write_text(rng.read_text(encoding="utf-8") + "\nfrom courier import boards  # noqa: E402,F401\n",
                   encoding="utf-8")
    out = lint(tmp_path)
    assert out.returncode != 0 and "courier.rules is not allowed to import courier.boards" in out.stdout


def test_a_screen_importing_a_game_engine_is_refused(tmp_path: Path) -> None:
    """Screens ask a game's table (courier.rules.<game>.table), never its engine module."""
    shutil.copytree(ROOT / "courier", tmp_path / "courier", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    view = tmp_path / "courier" / "scenes" / "games" / "out_for_delivery" / "text.py"
    view.write_text(view.read_text(encoding="utf-8")
                    + "\nfrom courier.rules.out_for_delivery import engine  # noqa: E402,F401\n", encoding="utf-8")
    out = lint(tmp_path)
    assert out.returncode != 0
    assert "courier.scenes is not allowed to import courier.rules.out_for_delivery.engine" in out.stdout, out.stdout[-2000:]
