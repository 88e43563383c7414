"""docs/install.md names the folders where Courier really keeps saves, settings, boards and logs."""

from __future__ import annotations

from pathlib import Path

import platformdirs.macos
import platformdirs.unix
import platformdirs.windows
import pytest

from courier import paths

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "install.md").read_text(encoding="utf-8")
HOME = "/home/player"
LOCAL = r"C:\Users\player\AppData\Local"


def _folders(dirs: platformdirs.api.PlatformDirsABC) -> dict[str, str]:
    """What courier/paths.py asks platformdirs for, on the system ``dirs`` describes."""
    data = dirs.user_data_dir
    return {
        "saves": f"{data}/saves",
        "boards": f"{data}/boards",
        "settings": dirs.user_config_dir,
        "log": dirs.user_log_dir,
    }


def _system(name: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.setenv("HOME", HOME)
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", lambda csidl: LOCAL if csidl == "CSIDL_LOCAL_APPDATA" else "?")
    cls = {"linux": platformdirs.unix.Unix, "macos": platformdirs.macos.MacOS, "windows": platformdirs.windows.Windows}[name]
    found = _folders(cls(paths.APP_NAME, appauthor=False))
    if name == "windows":
        return {k: v.replace(LOCAL, "%LOCALAPPDATA%").replace("/", "\\") for k, v in found.items()}
    return {k: v.replace(HOME, "~") for k, v in found.items()}


@pytest.mark.parametrize("system", ["windows", "macos", "linux"])
def test_every_folder_is_named(system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for what, folder in _system(system, monkeypatch).items():
        assert f"`{folder}`" in DOC, f"docs/install.md does not name the {what} folder on {system}: {folder}"


def test_the_table_is_read_from_these_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """courier/paths.py builds saves and boards under the data folder, as the table says."""
    monkeypatch.delenv(paths.HOME_ENV, raising=False)
    monkeypatch.setattr(paths.platformdirs, "user_data_dir", lambda *a, **k: str(tmp_path / "data"))
    assert paths.saves_dir() == tmp_path / "data" / "saves"
    assert paths.boards_dir() == tmp_path / "data" / "boards"


def test_first_start_on_each_system_is_explained() -> None:
    for words in ("More info", "Run anyway", "Open Anyway", "right-click", "add-to-menu.sh", "glibc 2.35"):
        assert words in DOC, words
