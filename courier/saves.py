"""Save files: versioned JSON written atomically, read without ever being changed.

A save holds everything needed to carry on: the game id and version, the config, the seats, the
seed, the action log and the state (with its RNG). Old formats are brought up to date by a chain
of upgrade steps (``UPGRADES``). A file that cannot be read for any reason (damaged, cut short,
not a Courier save, a game this version does not know, made by a newer version) is reported with
a message a player can read and is never written to: saving into its slot is refused, and the
autosave moves to a free slot instead.
"""

from __future__ import annotations

import errno
import json
import logging
import math
import re
import traceback
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, ValidationError

from courier import paths
from courier.match import NAME_LIMIT, Match, RestoreError, SeatSpec, clean_text
from courier.rules import registry
from courier.rules.base import ConfigError

log = logging.getLogger(__name__)

FORMAT_VERSION = 1
APP_MARK = "courier"
AUTO_SLOT = "auto"
SUFFIX = ".json"
#: real saves are 2-30 KB; past this a file is not read at all (so it cannot stall the list)
MAX_BYTES = 4 * 1024 * 1024
#: more seats than any game has
MAX_SEATS = 16
#: the settings a player chooses at set-up (with the game's toggles); the others are tuning knobs
_CHOSEN = frozenset({"players", "map", "names"})
KNOB_SCALE = 10
KNOB_FLOOR = 1000
#: deepest nesting of lists and objects a save may have (real ones stay under 10)
MAX_DEPTH = 64
#: longest turn label kept for the save list
LABEL_LIMIT = 120
_SLOT_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _-]{0,63}$")


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


# -- reading ---------------------------------------------------------------------------------


@dataclass
class SaveEntry:
    """One file in the saves folder as the load screen lists it."""

    path: Path
    slot: str
    ok: bool
    error: str | None = None
    game_id: str = ""
    game_title: str = ""
    saved_at: datetime | None = None
    turn_label: str = ""
    players: list[str] = field(default_factory=list)
    #: the game in this save has ended (the menu may prefer not to "Continue" into a scoring screen)
    finished: bool = False

    @property
    def saved_at_text(self) -> str:
        """Local date and time for the list, e.g. ``2026-11-21 14:05``."""
        if self.saved_at is None:
            return ""
        return self.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")


@dataclass
class _Parsed:
    save: SaveFile
    game: Any
    config: Any
    seats: list[SeatSpec]
    state: Any


def _read(path: Path) -> _Parsed:
    """Decode, upgrade and check a save file completely; SaveError with a message otherwise.

    Everything a screen shows from the file is checked or cleaned here (seat names, colours and
    levels, the seat count, the settings); the state is only decoded: ``load_match`` then proves
    it against the log. Never raises anything but SaveError, and never writes.
    """
    try:
        return _read_checked(path)
    except SaveError:
        raise
    except Exception as exc:  # RecursionError, MemoryError, a ruleset tripping over odd data ...
        _log_failure(f"could not read {path}", exc)
        raise SaveError("This save is damaged and cannot be opened.") from None


def _read_checked(path: Path) -> _Parsed:
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise SaveError("This file is far too large to be a Courier save.")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError("The save file is no longer there.") from None
    except OSError as exc:
        raise SaveError(f"The save file could not be read ({clean_text(exc.strerror or 'error', 60)}).") from None
    if not raw.strip():
        raise SaveError("The save file is empty.")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError("This is not a Courier save file.") from None
    except (ValueError, RecursionError):
        if raw.lstrip()[:1] == b"{":
            raise SaveError("The save file is damaged or was cut short.") from None
        raise SaveError("This is not a Courier save file.") from None
    if _too_deep(data):
        raise SaveError("The save file is damaged (it is nested far too deeply).")
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate ("\ud800"): no screen or file can take it
        raise SaveError("The save file is damaged (it holds broken text).") from None
    data = _upgrade(data)
    if isinstance(data.get("seats"), list) and len(data["seats"]) > MAX_SEATS:
        raise SaveError(f"The save lists {len(data['seats'])} seats; no game has that many.")
    try:
        save = SaveFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]["loc"]
        where = first[0] if first and first[0] in SaveFile.model_fields else ""
        raise SaveError(f"The save file is damaged ({where or 'its layout'} is missing or wrong).") from None
    try:
        game = registry.get(save.game_id)
    except KeyError:
        raise SaveError("This save is for a game this version of Courier does not have.") from None
    except Exception as exc:  # a game module that fails to load
        _log_failure(f"game {clean_text(save.game_id, 40)} could not be loaded", exc)
        raise SaveError("The game of this save could not be loaded.") from None
    if save.game_version > game.version:
        raise SaveError(f"This save was made by a newer version of {game.title}. Update Courier to open it.")
    try:
        config = game.make_config(**_clean_options(save.config))
    except (ConfigError, TypeError, ValueError) as exc:
        log.warning("settings of %s are not valid: %s", path.name, _clip(exc))
        raise SaveError(f"The game settings in this save are not valid for {game.title}.") from None
    unlike = _unlike_tuning(game, config, same_version=save.game_version == game.version)
    if unlike:
        log.warning("settings of %s: %s is not this version's", path.name, unlike)
        raise SaveError(f"This save uses settings for {game.title} that this version of Courier does not offer.")
    seats = []
    for i, raw_seat in enumerate(save.seats):
        try:
            seat = SeatSpec.from_dict(raw_seat)
        except ValueError as exc:
            raise SaveError(f"Seat {i + 1} in this save is damaged: {exc}.") from None
        if not seat.name.strip():
            seat.name = f"Player {i + 1}"
        seats.append(seat)
        if len(seats) > config.players:
            break
    if len(seats) != config.players:
        raise SaveError(f"The save lists {len(save.seats)} seats for a {config.players}-player game.")
    try:
        state = game.state_from_dict(config, save.state)
    except Exception as exc:  # any failure inside a ruleset's decoder means a bad file
        log.warning("state of %s could not be decoded: %s", path.name, _clip(exc))
        old = " (it was made by an older version of the game)" if save.game_version < game.version else ""
        raise SaveError(f"The game position in this save could not be read{old}.") from None
    return _Parsed(save=save, game=game, config=config, seats=seats, state=state)


def _clean_options(options: dict[str, Any]) -> dict[str, Any]:
    """The saved settings with the players' names cleaned as seat names are (they are drawn)."""
    names = options.get("names")
    if isinstance(names, (list, tuple)) and all(isinstance(n, str) for n in names):
        options = {**options, "names": tuple(clean_text(n, NAME_LIMIT) for n in names)}
    return options


def _unlike_tuning(game: Any, config: Any, same_version: bool) -> str | None:
    """The first tuning knob (a setting the player does not choose at set-up) that this version
    cannot vouch for, or None. The set-up screen only ever saves the defaults, so a save of this
    game version must carry exactly them: a value it never offered (a 0 that a panel divides by,
    a step count that makes the rules search for minutes) is damage, not a choice. A save of an
    older game version may carry that version's defaults, so there the knobs need only be shaped
    like today's (see ``_like``)."""
    default = game.make_config(players=config.players, map=config.map)
    chosen = _CHOSEN | {name for name, *_ in getattr(game, "toggles", ())}
    for name in type(config).model_fields:
        if name in chosen:
            continue
        value, wanted = getattr(config, name), getattr(default, name)
        if not (value == wanted if same_version else _like(value, wanted)):
            return name
    return None


def _like(value: Any, default: Any) -> bool:
    """The same names, keys and lengths as ``default`` (the rules look them up), numbers of the
    same sign at most ``KNOB_SCALE`` times as large (or ``KNOB_FLOOR``), switches as switches."""
    if isinstance(default, bool) or default is None:
        return type(value) is type(default)
    if isinstance(default, (int, float)):
        if isinstance(value, bool) or not isinstance(value, int if isinstance(default, int) else (int, float)):
            return False
        bound = max(KNOB_FLOOR, abs(default) * KNOB_SCALE)
        return math.isfinite(value) and abs(value) <= bound and (value >= 0 or default < 0)
    if isinstance(default, dict):
        return isinstance(value, dict) and value.keys() == default.keys() and all(_like(value[k], default[k]) for k in default)
    if isinstance(default, (list, tuple)):
        return isinstance(value, (list, tuple)) and len(value) == len(default) and all(map(_like, value, default))
    return bool(value == default)


def _too_deep(data: Any) -> bool:
    """True if lists and objects nest deeper than MAX_DEPTH (level by level, without recursion:
    later readers recurse, and a RecursionError deep inside a ruleset helps nobody)."""
    level = [data] if isinstance(data, (dict, list)) else []
    for _ in range(MAX_DEPTH):
        if not level:
            return False
        level = [
            v
            for item in level
            for v in (item.values() if isinstance(item, dict) else item)
            if isinstance(v, (dict, list))
        ]
    return bool(level)


def _clip(exc: BaseException, limit: int = 300) -> str:
    """An exception for the log file, cut short (a damaged file can make messages megabytes long)."""
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= limit else text[:limit] + "..."


def _log_failure(what: str, exc: BaseException) -> None:
    """Write an unexpected failure with its traceback to the log file, bounded in size."""
    trace = "".join(traceback.format_exception(exc))
    log.error("%s: %s", what, trace if len(trace) <= 20_000 else trace[:10_000] + "\n...\n" + trace[-10_000:])


def load_match(path: Path) -> Match:
    """The match saved in ``path``, its log replayed and the saved state proven against it.
    Never writes the file. SaveError (a short message for the player) for anything else."""
    parsed = _read(Path(path))
    s = parsed.save
    try:
        return Match.restore(s.game_id, parsed.config, parsed.seats, s.seed, s.log, parsed.state)
    except RestoreError as exc:
        raise SaveError(str(exc)) from None
    except Exception as exc:  # never crash the load screen, whatever the file holds
        _log_failure(f"could not restore {path}", exc)
        raise SaveError("The game in this save could not be set up again.") from None


def _entry(path: Path) -> SaveEntry:
    try:
        parsed = _read(path)
        s = parsed.save
        return SaveEntry(
            path=path,
            slot=path.stem,
            ok=True,
            game_id=s.game_id,
            game_title=parsed.game.title,
            saved_at=_listed_date(s.saved_at),
            turn_label=clean_text(s.turn_label, LABEL_LIMIT),
            players=[seat.name for seat in parsed.seats],
            finished=_finished(parsed),
        )
    except SaveError as exc:
        return SaveEntry(path=path, slot=path.stem, ok=False, error=str(exc))
    except Exception as exc:  # a listing never crashes on a strange file
        _log_failure(f"could not list {path}", exc)
        return SaveEntry(path=path, slot=path.stem, ok=False, error="This save is damaged and cannot be opened.")


def _listed_date(saved_at: datetime) -> datetime | None:
    """The save time in UTC, or None (no date shown) for one the list cannot sort or print
    (year 1 or 9999 near a time-zone edge): a strange date alone does not make a save unusable."""
    when = saved_at if saved_at.tzinfo else saved_at.replace(tzinfo=timezone.utc)
    try:
        when.timestamp()
        when.astimezone()
    except (OverflowError, ValueError, OSError):
        return None
    return when


def _finished(parsed: _Parsed) -> bool:
    try:
        return bool(parsed.game.is_over(parsed.state))
    except Exception:
        return False


def list_saves() -> list[SaveEntry]:
    """Every ``*.json`` in the saves folder, newest first; unreadable ones with ok=False."""
    try:
        files = [p for p in paths.saves_dir().glob(f"*{SUFFIX}") if p.is_file()]
    except OSError as exc:
        log.warning("cannot look in the saves folder: %s", exc)
        return []
    entries = [_entry(p) for p in files]

    def key(e: SaveEntry) -> float:
        if e.saved_at is not None:
            return e.saved_at.timestamp()
        try:
            return e.path.stat().st_mtime
        except OSError:
            return 0.0

    entries.sort(key=key, reverse=True)
    return entries


def latest_save(entries: list[SaveEntry] | None = None) -> SaveEntry | None:
    """The newest readable save of a game still in progress, for "Continue" (a finished game is
    there to look back on from Load, not to continue). ``entries``: a ``list_saves()`` already made."""
    return next((e for e in (list_saves() if entries is None else entries) if e.ok and not e.finished), None)


# -- writing ---------------------------------------------------------------------------------


def slot_path(slot: str) -> Path:
    if not _SLOT_RE.match(slot):
        raise SaveError(f"{slot!r} cannot be used as a save name (letters, digits, spaces, - and _ only).")
    return paths.saves_dir() / f"{slot}{SUFFIX}"


def to_save_file(match: Match) -> SaveFile:
    return SaveFile(
        game_id=match.game_id,
        game_version=match.game.version,
        config=match.config.model_dump(mode="json"),
        seats=[s.to_dict() for s in match.seats],
        seed=match.seed,
        log=list(match.log),
        state=match.game.state_to_dict(match.state),
        saved_at=datetime.now(timezone.utc),
        turn_label=match.turn_label(),
    )


#: files this process wrote and knows to be good: path -> (size, mtime_ns)
_WRITTEN: dict[Path, tuple[int, int]] = {}


def _ours_or_free(path: Path) -> bool:
    """True if ``path`` may be (over)written: absent, or a save this version can read."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return True
    if _WRITTEN.get(path) == (st.st_size, st.st_mtime_ns):
        return True
    try:
        _read(path)
    except Exception:  # SaveError or anything stranger: not ours to replace
        return False
    return True


def _explain(exc: OSError, folder: Path | str) -> str:
    if exc.errno == errno.ENOSPC:
        why = "the disk is full"
    elif exc.errno in (errno.EACCES, errno.EPERM):
        why = f"there is no permission to write in {folder}"
    elif exc.errno == errno.EROFS:
        why = "the disk is read-only"
    else:
        why = exc.strerror or str(exc)
    return f"The game could not be saved: {why}. Any earlier save in this slot is unchanged."


def save_match(match: Match, slot: str) -> Path:
    """Write ``match`` to ``slot`` atomically and return the path.

    Refuses (SaveError) to replace a file in that slot that this version cannot read; on a full
    disk or any other OSError raises SaveError and leaves the old file as it was.
    """
    try:
        path = slot_path(slot)
        free = _ours_or_free(path)
    except OSError as exc:
        raise SaveError(_explain(exc, "the saves folder")) from exc
    if not free:
        raise SaveError(f"The slot {slot!r} holds a file this version cannot read; it is kept as it is. Choose another name.")
    try:
        data = to_save_file(match).model_dump_json().encode("utf-8")
    except Exception as exc:  # a ruleset that cannot write its state: tell the player, keep playing
        log.exception("could not turn the match into save data")
        raise SaveError(f"The game could not be saved: its position could not be written down ({exc}).") from exc
    try:
        paths.write_atomic(path, data)
        st = path.stat()
    except OSError as exc:
        raise SaveError(_explain(exc, path.parent)) from exc
    _WRITTEN[path] = (st.st_size, st.st_mtime_ns)
    return path


def autosave(match: Match) -> Path:
    """Save to the autosave slot; if an unreadable file sits there, use ``auto-2``, ``auto-3`` ..."""
    slot = AUTO_SLOT
    for n in range(2, 100):
        if _ours_or_free(slot_path(slot)):
            break
        slot = f"{AUTO_SLOT}-{n}"
    return save_match(match, slot)


def delete_save(path: Path) -> None:
    """Remove a save the player chose to delete (only files in the saves folder)."""
    path = Path(path)
    folder = paths.saves_dir().resolve()
    if path.resolve().parent != folder or path.suffix != SUFFIX:
        raise SaveError("Only files in the saves folder can be deleted here.")
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        raise SaveError(f"The save could not be deleted ({exc.strerror or exc}).") from exc
    _WRITTEN.pop(path, None)
