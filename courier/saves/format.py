"""The save file's format: what a save holds (``SaveFile``), how older layouts are brought up to
date (``UPGRADES``), the limits a file must keep to, and ``SaveError``, whose message a player reads.
``courier.saves`` reads and writes files in this format."""

from __future__ import annotations

import logging
import re
import traceback
from datetime import datetime, timezone
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, field_validator

from courier.rules.rng import OFFSET

log = logging.getLogger("courier.saves")

FORMAT_VERSION = 1
APP_MARK = "courier"
SUFFIX = ".json"
#: real saves are 2-30 KB; past this a file is not read at all (so it cannot stall the list)
MAX_BYTES = 4 * 1024 * 1024
#: more seats than any game has
MAX_SEATS = 16
#: longest turn label kept for the save list
LABEL_LIMIT = 120
#: a file name (without ``.json``) a save may have; matched against the whole name
#: (no space at the end: Windows drops it, so "a " and "a" would be one file)
_SLOT_RE = re.compile(r"[A-Za-z0-9]([A-Za-z0-9 _-]{0,62}[A-Za-z0-9_-])?")
#: a game identity as it may appear in a file name
_ID_RE = re.compile(r"[0-9a-z]{4,32}")


class SaveError(Exception):
    """A save that cannot be written or read; ``str()`` is a message for the player."""


class SaveFile(BaseModel):
    """The file format (version ``FORMAT_VERSION``).

    Unknown keys are ignored, so a later build that adds an optional field without changing the
    layout stays readable; any change to the meaning of a field bumps ``FORMAT_VERSION``.
    """

    model_config = ConfigDict(extra="ignore")

    app: str = APP_MARK
    format_version: int = FORMAT_VERSION
    game_id: str
    game_version: int
    config: dict[str, Any]
    seats: list[dict[str, Any]]
    seed: int
    log: list[str]
    #: ``game.state_to_dict(state)``, RNG state included
    state: dict[str, Any]
    saved_at: datetime
    turn_label: str = ""
    #: the game's identity (``Match.match_id``): "" in files written before it existed
    match_id: str = ""
    #: the name the player gave this save; "" for an autosave
    name: str = ""
    #: a small picture of the board (PNG, base64); "" when there is none
    thumbnail: str = ""
    #: the board played on (its key is ``config["map"]``): title and content hash; "" in older files
    board_title: str = ""
    board_hash: str = ""

    @field_validator("config", mode="after")
    @classmethod
    def _first_seeding(cls, value: dict[str, Any]) -> dict[str, Any]:
        """Settings saved before games named their seeding (``config["seeding"]``) were dealt with
        the first one: so they are read, and the log replays exactly as it was played."""
        return value if "seeding" in value else {**value, "seeding": OFFSET}

    @field_validator("match_id", "name", "thumbnail", "board_title", "board_hash", mode="before")
    @classmethod
    def _optional_text(cls, value: Any) -> str:
        """These fields only describe the save: a wrong value is dropped, never a reason to refuse it."""
        return value if isinstance(value, str) else ""


# -- upgrades -------------------------------------------------------------------------------


def _upgrade_0_to_1(data: dict[str, Any]) -> dict[str, Any]:
    """Format 0, the layout before files carried a version:

    ``{"game", "options", "players": [{"name", "colour", "ai": level or null}], "seed",
    "actions", "state", "time": seconds since 1970}``. It had no game version (read as 1)
    and no turn label.
    """
    seats = []
    for p in data["players"]:
        level = p.get("ai")
        seats.append(
            {"name": p["name"], "colour": list(p["colour"]), "kind": "ai" if level else "human", "level": level or "normal"}
        )
    options = dict(data.get("options") or {})
    options.setdefault("players", len(seats))
    return {
        "app": APP_MARK,
        "format_version": 1,
        "game_id": data["game"],
        "game_version": 1,
        "config": options,
        "seats": seats,
        "seed": data["seed"],
        "log": list(data["actions"]),
        "state": data["state"],
        "saved_at": datetime.fromtimestamp(float(data.get("time", 0)), tz=timezone.utc).isoformat(),
        "turn_label": "",
    }


#: format N -> N+1; ``_upgrade`` applies them in a chain up to FORMAT_VERSION
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _upgrade_0_to_1}


def _format_of(data: Any) -> int:
    """The format version of decoded JSON; SaveError if it is not a Courier save at all."""
    if not isinstance(data, dict):
        raise SaveError("This is not a Courier save file.")
    if "format_version" in data:
        version = data["format_version"]
        if data.get("app") != APP_MARK or not isinstance(version, int) or isinstance(version, bool):
            raise SaveError("This is not a Courier save file.")
        return version
    if {"game", "seed", "actions", "players", "state"} <= data.keys():
        return 0
    raise SaveError("This is not a Courier save file.")


def _upgrade(data: dict[str, Any]) -> dict[str, Any]:
    version = _format_of(data)
    if version > FORMAT_VERSION:
        raise SaveError("This save was made by a newer version of Courier. Update Courier to open it.")
    if version < 0:
        raise SaveError("This is not a Courier save file.")
    while version < FORMAT_VERSION:
        try:
            data = UPGRADES[version](data)
        except Exception as exc:  # any failure of an old layout's reader means a damaged file
            log.warning("format %d save cannot be upgraded: %s", version, _clip(exc))
            raise SaveError("This save, from an older version of Courier, is damaged and cannot be brought up to date.") from None
        version += 1
    return data


def _clip(exc: BaseException, limit: int = 300) -> str:
    """An exception for the log file, cut short (a damaged file can make messages megabytes long)."""
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= limit else text[:limit] + "..."


def _log_failure(what: str, exc: BaseException) -> None:
    """Write an unexpected failure with its traceback to the log file, bounded in size."""
    trace = "".join(traceback.format_exception(exc))
    log.error("%s: %s", what, trace if len(trace) <= 20_000 else trace[:10_000] + "\n...\n" + trace[-10_000:])
