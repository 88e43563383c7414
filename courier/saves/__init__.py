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
import logging
import weakref
from datetime import datetime, timezone
from pathlib import Path

from courier import paths
from courier.match import Match, RestoreError
from courier.saves.folder import (  # noqa: F401  (part of this module's interface)
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
from courier.saves.format import (  # noqa: F401  (part of this module's interface)
    _ID_RE,
    _SLOT_RE,
    APP_MARK,
    FORMAT_VERSION,
    LABEL_LIMIT,
    MAX_BYTES,
    MAX_SEATS,
    SUFFIX,
    UPGRADES,
    SaveError,
    SaveFile,
    _clip,
    _log_failure,
    _upgrade,
)
from courier.saves.listing import SETTLED_SECONDS, SaveEntry, latest_save, list_saves  # noqa: F401
from courier.saves import verdicts as save_verdicts
from courier.saves.read import _Parsed, _read, board_ref, prove  # noqa: F401

log = logging.getLogger(__name__)


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
    path = Path(path)
    return prove(_read(path), path)


def open_match(path: Path) -> Match:
    """The match saved in ``path``, ready to draw at once: read and checked as ``load_match``
    does, its position checked to be one the board can show and the rules can continue, while
    the log is replayed and proven against the saved state on a worker thread (``match.check``;
    see ``Match.settle_check``). No move can be made until that proof has passed; if it fails,
    ``settle_check`` raises RestoreError with the message ``load_match`` would have given.
    Never writes the file. SaveError (a short message for the player) for anything found now."""
    path = Path(path)
    stamp = save_verdicts.file_stamp(path)
    parsed = _read(path)
    s = parsed.save
    try:
        proof_state = parsed.game.state_from_dict(parsed.config, s.state)  # the worker's own copy
        try:
            match = Match.opened(s.game_id, parsed.config, parsed.seats, s.seed, s.log, parsed.state, proof_state,
                                 also=parsed.also)
        except RestoreError:
            # a position the board cannot show: refused now, with the message the whole check gives
            # (a move the rules refuse is named before the position is judged, as in load_match)
            match = Match.restore_any(s.game_id, [parsed.config, *parsed.also], parsed.seats, s.seed, s.log,
                                      proof_state)
    except RestoreError as exc:
        raise SaveError(str(exc)) from None
    except Exception as exc:  # never crash the load screen, whatever the file holds
        _log_failure(f"could not open {path}", exc)
        raise SaveError("The game in this save could not be set up again.") from None
    if _ID_RE.fullmatch(s.match_id):
        match.match_id = s.match_id
    save_verdicts.opened(path, stamp, board_ref(s), match.check)  # its proof is the file's verdict too
    return match


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


def clock() -> datetime:
    """The time a save is stamped with (UTC): the one place saves read the clock, so a test can
    hand in its own and order saves without waiting."""
    return datetime.now(timezone.utc)


def to_save_file(match: Match, *, name: str = "", thumbnail: bytes | None = None) -> SaveFile:
    return SaveFile(
        game_id=match.game_id,
        game_version=match.game.version_of(match.config),  # a game begun under earlier rules keeps them
        config=match.config.model_dump(mode="json"),
        seats=[s.to_dict() for s in match.seats],
        seed=match.seed,
        log=list(match.log),
        state=match.game.state_to_dict(match.state),
        saved_at=clock(),
        turn_label=match.turn_label(),
        match_id=_match_id(match),
        name=clean_name(name),
        thumbnail=_thumbnail_text(thumbnail),
        **_board_fields(match),
    )


def _match_id(match: Match) -> str:
    """The identity ``match`` is saved under; a game opened to be a game of its own takes its
    new one here, at its first save after its first move (see ``play_on_from``)."""
    unmoved = _UNMOVED.get(match)
    if unmoved is not None and unmoved[0] != tuple(match.log):
        from courier.match import new_match_id

        match.match_id = new_match_id()
        del _UNMOVED[match]
    mid = getattr(match, "match_id", "")
    return mid if isinstance(mid, str) and _ID_RE.fullmatch(mid) else ""


#: files this process wrote and knows to be good: path -> (size, mtime_ns, match_id)
_WRITTEN: dict[Path, tuple[int, int, str]] = {}


def _holder(path: Path) -> str | None:
    """Who a save file belongs to: None if there is no file, ``"?"`` if it cannot be loaded (not
    ours to replace: it does not read, or its moves do not prove its position, however well it
    reads), else its game's identity ("" for an older file without one)."""
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
    if save_verdicts.verdict(path) is not None:  # reads well, yet cannot be loaded
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
    ``thumbnail`` a small PNG of the board. Never replaces a file that cannot be loaded;
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
        raise SaveError(f"The slot {slot!r} holds a file that cannot be loaded (it is damaged or this version cannot "
                        "read it); it is kept as it is. Choose another name.")
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
    save_verdicts.forget(path)
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
    different game, ``-2``, ``-3`` ... are used instead: neither is ever replaced. A game opened
    to be one of its own that has not moved yet writes nothing (see ``play_on_from``) and gets
    the file it was opened from back (unless that file has gone: then it takes its own identity).
    """
    unmoved = _UNMOVED.get(match)
    if unmoved is not None and unmoved[0] == tuple(match.log):
        if unmoved[1].exists():
            return unmoved[1]  # opened to be a game of its own and not moved: its file holds it already
        from courier.match import new_match_id

        match.match_id = new_match_id()  # that file has gone: this position is kept under its own name
        del _UNMOVED[match]
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
    """Call when ``match`` was opened from ``path`` to be played on. Which game it plays on in is
    decided by position, not by the files' times: when every autosave of its game holds a point
    this position has reached or passed (the same moves, or fewer of them), it is that game and
    plays on in its autosave. When an autosave of its game went further, or elsewhere (a named
    save made earlier, then the game went on), playing on from here would replace that autosave:
    it becomes a game of its own, with a new identity, as soon as it moves (``_match_id``). Until
    then it is still that game at a point ``path`` holds: it writes no autosave (no second copy
    of the position appears) and a save named there is one more save of that game. An autosave
    that cannot be read is taken as one that went further. True if it will be a game of its own."""
    if is_own_autosave(match, path):
        return False
    try:
        autosaves = [p for p in paths.saves_dir().glob(f"{autosave_slot(match)}*{SUFFIX}") if is_own_autosave(match, p)]
    except OSError:  # cannot tell: the safe side is a game of its own
        autosaves = [Path("?")]
    if all(_reached(match.log, p) for p in autosaves):
        return False
    _UNMOVED[match] = (tuple(match.log), Path(path))
    return True


def _reached(moves: list[str], autosave_path: Path) -> bool:
    """The moves held by ``autosave_path`` are ``moves`` or a beginning of them."""
    try:
        held = _read(autosave_path).save.log
    except Exception:  # SaveError or anything stranger: not known to be behind
        return False
    return len(held) <= len(moves) and list(moves[:len(held)]) == list(held)


#: games opened to become games of their own (``play_on_from``) that have not moved since:
#: their moves then, and the file holding that position
_UNMOVED: "weakref.WeakKeyDictionary[Match, tuple[tuple[str, ...], Path]]" = weakref.WeakKeyDictionary()


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
    save_verdicts.forget(path)
