"""The player's preferences, kept in ``settings.json`` in the config folder.

A settings file that cannot be read never stops the game: defaults are used, the player is told,
and the bad file is moved aside (``settings.json.unreadable-<time>``) so nothing of it is lost.
"""

from __future__ import annotations

import json
import logging
import stat
import time
from pathlib import Path

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from courier import paths

FILE_NAME = "settings.json"
#: a settings file is a few hundred bytes; anything past this is not one
MAX_BYTES = 1024 * 1024

log = logging.getLogger(__name__)


class SeatChoice(BaseModel):
    """One seat as it was last set up: what the set-up screen offers again next time."""

    model_config = ConfigDict(extra="ignore")

    name: str = Field("", max_length=16)
    colour: int = Field(0, ge=0, le=63)
    kind: Literal["human", "ai"] = "human"
    level: Literal["easy", "normal", "hard"] = "normal"


class SetupChoice(BaseModel):
    """A game's last set-up: how many played, who, on which map, with which options."""

    model_config = ConfigDict(extra="ignore")

    players: int = Field(2, ge=1, le=6)
    seats: list[SeatChoice] = Field(default_factory=list, max_length=6)
    map: str | None = Field(None, max_length=80)
    toggles: dict[str, bool] = Field(default_factory=dict)


class Settings(BaseModel):
    """What a player can change on the settings screen."""

    # unknown keys (from a newer version) are ignored rather than making the file unreadable
    model_config = ConfigDict(extra="ignore", validate_assignment=True)

    window_width: int = Field(1280, ge=640, le=7680)
    window_height: int = Field(720, ge=480, le=4320)
    fullscreen: bool = False
    volume: float = Field(0.8, ge=0.0, le=1.0)
    #: multiplies animation speed: 0.25 slow .. 4 fast
    anim_speed: float = Field(1.0, ge=0.25, le=4.0)
    #: no travel, tumbling dice or pulsing highlights: results show at once, and each computer
    #: move stays a calm moment on the board before the next
    reduced_motion: bool = False
    #: after each computer move the table waits for a key (or a click on the board), so every
    #: move can be read and followed at the player's own pace
    pause_after_ai: bool = False
    #: the board's "What would you do?" hint (playing alone against computers)
    hints: bool = True
    #: interface size: 0 follows the window; otherwise a factor on that (1.25 = a quarter bigger)
    ui_scale: float = Field(0.0, ge=0.0, le=2.0)
    #: game id -> the last set-up started for it (a bad entry is forgotten, never a bad file)
    last_setup: dict[str, SetupChoice] = Field(default_factory=dict)

    @field_validator("last_setup", mode="before")
    @classmethod
    def _keep_good_setups(cls, value: Any) -> Any:
        """A remembered set-up is a convenience: one that does not read is dropped on its own."""
        if not isinstance(value, dict):
            return {}
        out = {}
        for game_id, choice in value.items():
            if isinstance(choice, SetupChoice):
                out[str(game_id)] = choice
                continue
            try:
                out[str(game_id)] = SetupChoice.model_validate(choice)
            except ValidationError:
                continue
        return out


def settings_path() -> Path:
    return paths.config_dir() / FILE_NAME


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings, or defaults and a message saying why the file could not be used.

    Never raises: whatever the file holds (deep nesting, wrong types, binary, a huge file, a
    folder or a pipe where the file should be), the game starts with defaults.
    """
    try:
        path = settings_path()
        st = path.stat()
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        return Settings(), f"Could not read the settings file ({exc.strerror or 'error'}); using the defaults."
    try:
        if not stat.S_ISREG(st.st_mode):
            raise _Unusable("not a file")
        if st.st_size > MAX_BYTES:
            raise _Unusable("far too large")
        return _parse(path.read_bytes()), None
    except OSError as exc:  # a file that is there but cannot be read is left where it is
        log.warning("settings file not readable: %s", exc)
        return Settings(), f"Could not read the settings file ({exc.strerror or 'error'}); using the defaults."
    except Exception as exc:  # JSON, UTF-8 and validation errors; RecursionError from deep nesting ...
        reason = _reason(exc)
    kept = _move_aside(path)
    if kept is None:
        return Settings(), f"The settings file was unreadable ({reason}); using the defaults."
    return Settings(), f"The settings file was unreadable ({reason}); using the defaults. The old file was kept as {kept.name}."


class _Unusable(ValueError):
    """A settings file that is not worth reading; the message says why."""


def _parse(raw: bytes) -> Settings:
    return Settings.model_validate(json.loads(raw.decode("utf-8")))


def save_settings(s: Settings) -> None:
    """Write the settings atomically; a bad file already there is moved aside first."""
    path = settings_path()
    if path.exists() and not _readable(path) and _move_aside(path) is None:
        raise OSError(f"the unreadable {FILE_NAME} could not be moved aside, so it was left as it is")
    data = json.dumps(s.model_dump(), indent=2, sort_keys=True).encode("utf-8") + b"\n"
    paths.write_atomic(path, data)


def _readable(path: Path) -> bool:
    try:
        st = path.stat()
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_BYTES:
            return False
        _parse(path.read_bytes())
    except Exception:  # anything at all: the file is not usable settings
        return False
    return True


def _reason(exc: Exception) -> str:
    if isinstance(exc, _Unusable):
        return str(exc)
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        where = str(first["loc"][0]) if first["loc"] and first["loc"][0] in Settings.model_fields else "file"
        return f"{where}: {first['msg'][:80]}"
    if isinstance(exc, UnicodeDecodeError):
        return "not text"
    if isinstance(exc, RecursionError):
        return "nested far too deeply"
    return "not valid settings data"


def _move_aside(path: Path) -> Path | None:
    """Rename the bad file to a name no other file has; never overwrite anything."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        suffix = f".unreadable-{stamp}" + (f"-{n}" if n else "")
        target = path.with_name(path.name + suffix)
        if target.exists():
            continue
        try:
            # os.link + unlink would be strictly no-clobber; a rename after the exists() check is
            # enough here (one process owns the settings folder)
            path.rename(target)
        except OSError:
            return None
        return target
    return None
