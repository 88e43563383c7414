"""Save files: versioned JSON written atomically, read without ever being changed.

A save holds everything needed to carry on: the game id and version, the config, the seats, the
seed, the action log and the state (with its RNG). Old formats are brought up to date by a chain
of upgrade steps (``UPGRADES``). A file that cannot be read for any reason (damaged, cut short,
not a Courier save, a game this version does not know, made by a newer version) is reported with
a message a player can read and is never written to: saving into its slot is refused, and the
autosave moves to a free name instead.

Every game has an identity (``Match.match_id``) kept in its saves and its own autosave file
(``auto-<game>-<identity>.json``), so no game in progress is ever replaced by another. A save
the player names keeps that name inside the file; the file name is made from it safely.
"""

from __future__ import annotations

import base64
import errno
import json
import logging
import re
import time
import traceback
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from courier import paths
from courier.match import Match, RestoreError, SeatSpec, clean_text
from courier.save_folder import (  # noqa: F401  (part of this module's interface)
    AUTO_SLOT,
    MAX_NAME,
    MAX_THUMB_CHARS,
    MAX_THUMB_SIDE,
    STALE_TEMP_SECONDS,
    clean_name,
    clean_stale_temps,
    is_device_name,
    name_stem,
    thumbnail_bytes,
)
from courier.rules import registry
from courier.save_checks import clean_options, too_deep, unlike_tuning
from courier.rules.base import ConfigError

log = logging.getLogger(__name__)

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
    #: the name the player gave the save ("" for autosaves and older files)
    name: str = ""
    #: the game's identity; "" in files written before it existed
    match_id: str = ""
    #: per seat, True when the computer plays it (parallel to ``players``)
    computer: list[bool] = field(default_factory=list)
    #: a small PNG of the board, size-checked (it may still fail to decode: draw it in a try)
    thumbnail: bytes | None = None

    @property
    def is_autosave(self) -> bool:
        return self.slot == AUTO_SLOT or self.slot.startswith(f"{AUTO_SLOT}-")

    @property
    def title(self) -> str:
        """What the save is called in lists: the player's name for it, else what kind of save it is."""
        if self.name:
            return self.name
        if self.is_autosave:
            return "Autosave"
        if self.slot.startswith("slot-") and self.slot[5:].isdigit():
            return f"Slot {self.slot[5:]}"
        return self.slot

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
    if too_deep(data):
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
    board_problem = _board_problem(save)
    if board_problem:
        raise SaveError(board_problem)
    try:
        config = game.make_config(**clean_options(save.config))
    except (ConfigError, TypeError, ValueError) as exc:
        log.warning("settings of %s are not valid: %s", path.name, _clip(exc))
        raise SaveError(f"The game settings in this save are not valid for {game.title}.") from None
    unlike = unlike_tuning(game, config, same_version=save.game_version == game.version)
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


def _clip(exc: BaseException, limit: int = 300) -> str:
    """An exception for the log file, cut short (a damaged file can make messages megabytes long)."""
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= limit else text[:limit] + "..."


def _log_failure(what: str, exc: BaseException) -> None:
    """Write an unexpected failure with its traceback to the log file, bounded in size."""
    trace = "".join(traceback.format_exception(exc))
    log.error("%s: %s", what, trace if len(trace) <= 20_000 else trace[:10_000] + "\n...\n" + trace[-10_000:])


def _board_problem(save: SaveFile) -> str | None:
    """A save played on a board that is gone or has changed since cannot go on (old saves name no hash)."""
    from courier import boards

    try:
        return boards.saved_board_problem(save.game_id, save.config.get("map"), save.board_title, save.board_hash)
    except Exception:  # finding boards must never stop a save from being read; make_config decides then
        log.exception("board of a save could not be looked up")
        return None


def _board_fields(match: Match) -> dict[str, str]:
    from courier import boards

    try:
        return boards.save_fields(match.game_id, getattr(match.config, "map", ""))
    except Exception:  # a save is written even when its board cannot be looked at
        log.exception("board of a match could not be looked up")
        return {}


def load_match(path: Path) -> Match:
    """The match saved in ``path``, its log replayed and the saved state proven against it.
    Never writes the file. SaveError (a short message for the player) for anything else."""
    parsed = _read(Path(path))
    s = parsed.save
    try:
        match = Match.restore(s.game_id, parsed.config, parsed.seats, s.seed, s.log, parsed.state)
    except RestoreError as exc:
        raise SaveError(str(exc)) from None
    except Exception as exc:  # never crash the load screen, whatever the file holds
        _log_failure(f"could not restore {path}", exc)
        raise SaveError("The game in this save could not be set up again.") from None
    if _ID_RE.fullmatch(s.match_id):
        match.match_id = s.match_id  # the same game again: its autosave stays its own file
    return match


def open_match(path: Path) -> Match:
    """The match saved in ``path``, ready to draw at once: read and checked as ``load_match``
    does, its position checked to be one the board can show and the rules can continue, while
    the log is replayed and proven against the saved state on a worker thread (``match.check``;
    see ``Match.settle_check``). No move can be made until that proof has passed; if it fails,
    ``settle_check`` raises RestoreError with the message ``load_match`` would have given.
    Never writes the file. SaveError (a short message for the player) for anything found now."""
    parsed = _read(Path(path))
    s = parsed.save
    try:
        proof_state = parsed.game.state_from_dict(parsed.config, s.state)  # the worker's own copy
        try:
            match = Match.opened(s.game_id, parsed.config, parsed.seats, s.seed, s.log, parsed.state, proof_state)
        except RestoreError:
            # a position the board cannot show: refused now, with the message the whole check gives
            # (a move the rules refuse is named before the position is judged, as in load_match)
            match = Match.restore(s.game_id, parsed.config, parsed.seats, s.seed, s.log, proof_state)
    except RestoreError as exc:
        raise SaveError(str(exc)) from None
    except Exception as exc:  # never crash the load screen, whatever the file holds
        _log_failure(f"could not open {path}", exc)
        raise SaveError("The game in this save could not be set up again.") from None
    if _ID_RE.fullmatch(s.match_id):
        match.match_id = s.match_id
    return match


def _entry(path: Path) -> SaveEntry:
    try:
        parsed = _read(path)
        s = parsed.save
        entry = SaveEntry(
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
        _describe(entry, parsed)
        return entry
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


def _describe(entry: SaveEntry, parsed: _Parsed) -> None:
    """The listing fields of the writing side: name, identity, who is a computer, the picture."""
    s = parsed.save
    entry.name = clean_name(s.name)
    entry.match_id = s.match_id if _ID_RE.fullmatch(s.match_id) else ""
    entry.computer = [seat.is_ai for seat in parsed.seats]
    entry.thumbnail = thumbnail_bytes(s.thumbnail)


def _finished(parsed: _Parsed) -> bool:
    try:
        return bool(parsed.game.is_over(parsed.state))
    except Exception:
        return False


#: a file is listed from memory only once it has not changed for this many seconds (file times
#: are coarse: a file rewritten within the same tick could otherwise look unchanged)
SETTLED_SECONDS = 2.0
#: listings of settled files: path -> ((size, mtime_ns, inode), entry)
_LISTED: dict[Path, tuple[tuple[int, int, int], SaveEntry]] = {}


def _listed(path: Path) -> SaveEntry:
    """``_entry(path)``, remembered while the file stays as it was: the menu lists the saves each
    time it shows, and reading a long game's save in full takes a while."""
    try:
        st = path.stat()
    except OSError:
        return _entry(path)
    stamp = (st.st_size, st.st_mtime_ns, st.st_ino)
    known = _LISTED.get(path)
    if known is not None and known[0] == stamp:
        return known[1]
    entry = _entry(path)
    if time.time() - st.st_mtime > SETTLED_SECONDS:
        _LISTED[path] = (stamp, entry)
    else:
        _LISTED.pop(path, None)
    return entry


def list_saves() -> list[SaveEntry]:
    """Every ``*.json`` in the saves folder, newest first; unreadable ones with ok=False."""
    try:
        folder = paths.saves_dir()
        clean_stale_temps(folder)
        files = [p for p in folder.glob(f"*{SUFFIX}") if p.is_file()]
    except OSError as exc:
        log.warning("cannot look in the saves folder: %s", exc)
        return []
    entries = [_listed(p) for p in files]
    for gone in set(_LISTED) - set(files):
        _LISTED.pop(gone, None)

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


# -- names, pictures, leftovers (see ``save_folder``) --------------------------------------------


def free_slot(name: str) -> str:
    """A file name for a new save called ``name`` that no file in the saves folder has yet."""
    folder = paths.saves_dir()
    stem = name_stem(name)
    for n in range(1, 10_000):
        slot = stem if n == 1 else f"{stem}-{n}"
        if not (folder / f"{slot}{SUFFIX}").exists():
            return slot
    raise SaveError("There are too many saves with this name; choose another name.")


def _thumbnail_text(png: bytes | None) -> str:
    if not png:
        return ""
    text = base64.b64encode(png).decode("ascii")
    if thumbnail_bytes(text) is None:
        log.warning("board picture left out of the save (%d bytes, not a small PNG)", len(png))
        return ""
    return text


# -- writing ---------------------------------------------------------------------------------


def slot_path(slot: str) -> Path:
    """The file of ``slot``; SaveError unless the whole of ``slot`` is a plain file name."""
    if not isinstance(slot, str) or not _SLOT_RE.fullmatch(slot) or is_device_name(slot):
        raise SaveError(f"{slot!r} cannot be used as a save file name (letters, digits, spaces, - and _ only).")
    return paths.saves_dir() / f"{slot}{SUFFIX}"


def to_save_file(match: Match, *, name: str = "", thumbnail: bytes | None = None) -> SaveFile:
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
        match_id=_match_id(match),
        name=clean_name(name),
        thumbnail=_thumbnail_text(thumbnail),
        **_board_fields(match),
    )


def _match_id(match: Match) -> str:
    mid = getattr(match, "match_id", "")
    return mid if isinstance(mid, str) and _ID_RE.fullmatch(mid) else ""


#: files this process wrote and knows to be good: path -> (size, mtime_ns, match_id)
_WRITTEN: dict[Path, tuple[int, int, str]] = {}


def _holder(path: Path) -> str | None:
    """Who a save file belongs to: None if there is no file, ``"?"`` if it cannot be read (not
    ours to replace), else its game's identity ("" for an older file without one)."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    known = _WRITTEN.get(path)
    if known is not None and known[:2] == (st.st_size, st.st_mtime_ns):
        return known[2]
    try:
        parsed = _read(path)
    except Exception:  # SaveError or anything stranger: not ours to replace
        return "?"
    mid = parsed.save.match_id
    return mid if _ID_RE.fullmatch(mid) else ""


def _ours_or_free(path: Path) -> bool:
    """True if ``path`` may be (over)written: absent, or a save this version can read."""
    return _holder(path) != "?"


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


class SaveExists(SaveError):
    """The file asked for holds another game's save and replacing it was not allowed."""


def save_match(match: Match, slot: str, *, name: str = "", thumbnail: bytes | None = None,
               replace: bool = True) -> Path:
    """Write ``match`` to ``slot`` atomically and return the path.

    ``name`` is the name the player gave the save (kept inside the file, shown by Load);
    ``thumbnail`` a small PNG of the board. Never replaces a file this version cannot read;
    with ``replace=False`` also refuses (``SaveExists``) a save of another game. On a full disk
    or any other OSError raises SaveError and leaves the old file as it was.
    """
    try:
        path = slot_path(slot)
        clean_stale_temps(path.parent)
        holder = _holder(path)
    except OSError as exc:
        raise SaveError(_explain(exc, "the saves folder")) from exc
    if holder == "?":
        raise SaveError(f"The slot {slot!r} holds a file this version cannot read; it is kept as it is. Choose another name.")
    mid = _match_id(match)
    if holder is not None and not replace and not (mid and holder == mid):
        raise SaveExists("A save of another game already has this name.")
    try:
        data = to_save_file(match, name=name, thumbnail=thumbnail).model_dump_json().encode("utf-8")
    except Exception as exc:  # a ruleset that cannot write its state: tell the player, keep playing
        log.exception("could not turn the match into save data")
        raise SaveError(f"The game could not be saved: its position could not be written down ({exc}).") from exc
    try:
        paths.write_atomic(path, data)
        st = path.stat()
    except OSError as exc:
        raise SaveError(_explain(exc, path.parent)) from exc
    _WRITTEN[path] = (st.st_size, st.st_mtime_ns, mid)
    return path


def autosave_slot(match: Match) -> str:
    """The first autosave name of this game: ``auto-<game>-<identity>``."""
    mid = _match_id(match) or "game"
    return f"{AUTO_SLOT}-{name_stem(match.game_id, 24)}-{mid}"


def is_own_autosave(match: Match, path: Path) -> bool:
    """``path`` is (one of) this game's own autosave file(s)."""
    base = autosave_slot(match)
    stem = Path(path).stem
    return stem == base or (stem.startswith(f"{base}-") and stem[len(base) + 1:].isdigit())


def autosave(match: Match, thumbnail: bytes | None = None) -> Path:
    """Save to this game's own autosave file, ``auto-<game>-<identity>.json``.

    Every unfinished game keeps its own autosave, so starting another game never touches it;
    when the game ends the file stays as its record. If the file cannot be read or holds a
    different game, ``-2``, ``-3`` ... are used instead: neither is ever replaced.
    """
    base = autosave_slot(match)
    mid = _match_id(match)
    for n in range(1, 100):
        slot = base if n == 1 else f"{base}-{n}"
        try:
            holder = _holder(slot_path(slot))
        except OSError as exc:
            raise SaveError(_explain(exc, "the saves folder")) from exc
        if holder is None or (mid and holder == mid):
            return save_match(match, slot, thumbnail=thumbnail, replace=False)
    raise SaveError("The game could not be autosaved: too many files are in its way in the saves folder.")


def play_on_from(match: Match, path: Path) -> bool:
    """Call when ``match`` was opened from ``path`` to be played on. A game opened from a save
    of itself that is older than its autosave (a named save made earlier) gets a new identity,
    so playing on from the older position never replaces the autosave that is further along.
    Opened from its autosave, or from a save at least as new (saved, then the window closed),
    it plays on in its own autosave. True if the identity changed."""
    from courier.match import new_match_id

    if is_own_autosave(match, path):
        return False
    try:
        opened = Path(path).stat().st_mtime_ns
        autosaves = [p.stat().st_mtime_ns for p in paths.saves_dir().glob(f"{autosave_slot(match)}*{SUFFIX}")
                     if is_own_autosave(match, p)]
    except OSError:  # cannot tell: the safe side is a game of its own
        opened, autosaves = 0, [1]
    if not autosaves or max(autosaves) <= opened:
        return False
    match.match_id = new_match_id()
    return True


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
