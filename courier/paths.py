"""Where Courier keeps its own files: saves, settings, logs, and the players' boards folder.

Everything the app writes lives in these folders and nowhere else. ``COURIER_HOME`` puts them
all under one folder (tests and portable installs use it); otherwise the platform's usual places
from platformdirs are used (no vendor folder on Windows). Folders are created on first use.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import platformdirs

APP_NAME = "Courier"
HOME_ENV = "COURIER_HOME"


def _home() -> Path | None:
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value).expanduser().resolve() if value else None


def _ready(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    """Per-user data (the saves live below it)."""
    home = _home()
    if home is not None:
        return _ready(home / "data")
    return _ready(Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)))


def saves_dir() -> Path:
    return _ready(data_dir() / "saves")


def boards_dir() -> Path:
    """The players' own boards: every ``.tmx`` here is listed on the set-up screen."""
    return _ready(data_dir() / "boards")


def config_dir() -> Path:
    """Per-user settings."""
    home = _home()
    if home is not None:
        return _ready(home / "config")
    return _ready(Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)))


def log_dir() -> Path:
    home = _home()
    if home is not None:
        return _ready(home / "logs")
    return _ready(Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)))


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that a reader sees the old file or the new one, never half.

    Writes a temporary file in the same folder, flushes it to disk, then ``os.replace``s it over
    the target. On any OSError the temporary file is removed, the old file is left as it was,
    and the error is raised again for the caller to explain.
    """
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        raise
    _sync_dir(path.parent)


def _sync_dir(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it (best effort)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
