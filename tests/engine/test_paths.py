"""File locations: COURIER_HOME puts everything under one folder; nothing is written elsewhere."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from courier import paths

ROOT = Path(__file__).resolve().parents[2]


def test_courier_home_holds_every_folder(courier_home: Path) -> None:
    folders = [paths.data_dir(), paths.saves_dir(), paths.config_dir(), paths.log_dir()]
    for folder in folders:
        assert folder.is_dir()
        assert folder.is_relative_to(courier_home)
    assert len(set(folders)) == 4


def _env(tmp: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_") and k != "COURIER_HOME"}
    env.update(
        HOME=str(tmp / "home"),
        XDG_DATA_HOME=str(tmp / "xdg-data"),
        XDG_CONFIG_HOME=str(tmp / "xdg-config"),
        XDG_STATE_HOME=str(tmp / "xdg-state"),
        XDG_CACHE_HOME=str(tmp / "xdg-cache"),
        PYTHONDONTWRITEBYTECODE="1",
        PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests" / "engine")]),
    )
    env.update(extra)
    return env


SCRIPT = """
import fakegame
from courier import paths, saves
from courier.match import Match, SeatSpec
from courier.settings import Settings, load_settings, save_settings
m = Match.new(fakegame.GAME_ID, [SeatSpec("A", (1, 2, 3)), SeatSpec("B", (3, 2, 1), "ai", "random")], seed=1)
m.submit(fakegame.Pass(0))
saves.save_match(m, "one"); saves.autosave(m); saves.list_saves(); saves.latest_save()
save_settings(Settings(volume=0.5)); load_settings()
(paths.log_dir() / "courier.log").write_text("log")
print(paths.data_dir()); print(paths.config_dir()); print(paths.log_dir())
"""


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


def test_nothing_is_written_outside_courier_home(tmp_path: Path) -> None:
    home = tmp_path / "courier-home-sub"
    work = tmp_path / "cwd"
    work.mkdir()
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=_env(tmp_path, COURIER_HOME=str(home)), cwd=work,
        capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 0, out.stderr
    for line in out.stdout.split():
        assert Path(line).is_relative_to(home)
    written = _files(tmp_path)
    assert written and all(p.is_relative_to(home) for p in written), written
    names = {p.name for p in written}
    assert {"one.json", "settings.json", "courier.log"} <= names
    assert any(n.startswith("auto-") and n.endswith(".json") for n in names)  # the game's own autosave


def test_platform_folders_without_courier_home(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=_env(tmp_path), cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    data, config, logs = (Path(p) for p in out.stdout.split())
    if sys.platform.startswith("linux"):
        assert data == tmp_path / "xdg-data" / "Courier"
        assert config == tmp_path / "xdg-config" / "Courier"
        assert logs.is_relative_to(tmp_path / "xdg-state" / "Courier")
    for folder in (data, config, logs):
        assert "Courier" in folder.parts
    assert (data / "saves" / "one.json").is_file()
    assert all(any(p.is_relative_to(f) for f in (data, config, logs)) for p in _files(tmp_path))
