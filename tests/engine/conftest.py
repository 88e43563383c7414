"""Every engine test runs with its own COURIER_HOME, so nothing touches the real user folders."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import fakegame  # noqa: E402  (registers the test game)


@pytest.fixture(autouse=True)
def courier_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "courier-home"
    monkeypatch.setenv("COURIER_HOME", str(home))
    return home


@pytest.fixture
def fake_game():
    return fakegame.GAME
