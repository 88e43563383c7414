"""Build hook: ship the boards, sprites, fonts and rules documents inside the wheel.

All project metadata lives in pyproject.toml; this file only adds one step to ``build_py``.
In a checkout the app reads ``assets/`` and ``docs/rules/`` where they are; an installed wheel
has no checkout around it, so ``courier/resources.py`` looks for copies at
``courier/_assets`` and ``courier/_rulesdocs``. This hook puts them there at build time, so the
repository keeps one copy of every file.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent

#: source folder in the checkout -> folder inside the installed ``courier`` package
BUNDLED = {
    "assets": "_assets",
    "docs/rules": "_rulesdocs",
}
#: never shipped: editor backups and caches that may lie around in a working tree
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", ".*", "*~", "*.bak", "*.tmp")


class BuildPyWithAssets(build_py):
    """``build_py`` that also copies the data folders into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout's own folders
        for src, dest in BUNDLED.items():
            source = ROOT / src
            if not source.is_dir():
                raise SystemExit(f"cannot build Courier: the folder {src}/ is missing from the source tree")
            target = Path(self.build_lib) / "courier" / dest
            if target.exists():  # a reused build folder must not keep files deleted since
                shutil.rmtree(target)
            shutil.copytree(source, target, ignore=SKIP)


setup(
    cmdclass={"build_py": BuildPyWithAssets},
    # build/ holds the PyInstaller spec; keep setuptools' scratch files in one ignored folder of it
    options={"build": {"build_base": "build/_setuptools"}},
)
