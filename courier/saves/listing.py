"""The saves folder as the load screen and the menu see it: one ``SaveEntry`` per file, newest
first, unreadable files listed with the reason, and listings of unchanged files remembered.

A game in progress is often in two files at one position: its autosave and the save the player
named (saved, then left the game). ``one_row_each`` lists them as one row, and
``games_in_progress`` counts games by their identity, not by files."""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from courier import paths
from courier.match import clean_text
from courier.saves.folder import (
    AUTO_SLOT,
    clean_name,
    clean_stale_temps,
    thumbnail_bytes,
)
from courier.saves.format import (
    _ID_RE,
    LABEL_LIMIT,
    SUFFIX,
    SaveError,
    _log_failure,
    log,
)
from courier.saves import verdicts as save_verdicts
from courier.saves.read import BoardProblem, _Parsed, _read, board_now, board_ref


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
    #: the file reads well but the whole check (its moves replayed) refused it: ok is False,
    #: ``error`` says why, and what it read (name, game, players) is kept to show which save it is
    damaged: bool = False
    #: what the position is made of (game, settings, seats, seed, moves), as a digest: two files
    #: with the same one load the same game at the same point ("" when the file does not read)
    position: str = ""
    #: other files holding this very position, shown as this one row (see ``one_row_each``)
    same_as: tuple[Path, ...] = ()

    @property
    def is_autosave(self) -> bool:
        return self.slot == AUTO_SLOT or self.slot.startswith(f"{AUTO_SLOT}-")

    @property
    def title(self) -> str:
        """What the save is called in lists: the player's name for it, else what kind of save it is."""
        if self.name:
            return self.name
        if self.is_autosave:
            # autosaves pile up, one per game: who plays and how far it went tell them apart
            return " – ".join(p for p in ("Autosave", ", ".join(self.players), short_turn(self.turn_label)) if p)
        if self.slot.startswith("slot-") and self.slot[5:].isdigit():
            return f"Slot {self.slot[5:]}"
        return self.slot

    @property
    def saved_at_text(self) -> str:
        """Local date and time for the list, e.g. ``2026-11-21 14:05`` (see ``date_text``)."""
        if self.saved_at is None:
            return ""
        return date_text(self.saved_at)

    @property
    def saved_at_seconds(self) -> str:
        """``saved_at_text`` to the second, to tell apart saves made within one minute."""
        if self.saved_at is None:
            return ""
        return date_text(self.saved_at, seconds=True)


def short_turn(label: str) -> str:
    """The round part of a turn label: ``"Round 7 - Ann to move"`` -> ``"Round 7"``."""
    return label.split(" - ")[0].split(":")[0].strip()


def _wall(when: datetime, seconds: bool = False) -> str:
    """``when`` as it reads on its own clock (no conversion, so nothing can leave the calendar)."""
    text = f"{when.year:04d}-{when.month:02d}-{when.day:02d} {when.hour:02d}:{when.minute:02d}"
    return f"{text}:{when.second:02d}" if seconds else text


def _local_offset(when: datetime) -> timedelta:
    """The local zone's offset from UTC at ``when``, or now when the zone cannot say for that
    date (the platform's clock functions stop short of year 1 and year 9999)."""
    for moment in (when, None):
        try:
            local = (moment.astimezone() if moment is not None else datetime.now().astimezone()).utcoffset()
        except (OverflowError, ValueError, OSError):
            continue
        if local is not None:
            return local
    return timedelta(0)


def date_text(when: datetime, offset: timedelta | None = None, *, seconds: bool = False) -> str:
    """``when`` (naive means UTC) as ``YYYY-MM-DD HH:MM`` at ``offset`` from UTC (default: the
    local zone). Total: a date that the offset would push past year 1 or 9999 is shown as saved,
    on its own clock, rather than raising (a file may carry any date a datetime can hold)."""
    if when.tzinfo is None or when.utcoffset() is None:
        when = when.replace(tzinfo=timezone.utc)
    if offset is None:
        offset = _local_offset(when)
    try:
        return _wall(when.astimezone(timezone(offset)), seconds)
    except (OverflowError, ValueError):
        return _wall(when, seconds)


def _entry(path: Path) -> tuple[SaveEntry, tuple[str, str] | None]:
    """The listing of ``path`` and the board its verdict depends on (None: no board named)."""
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
        return entry, board_ref(s)
    except BoardProblem as exc:
        return SaveEntry(path=path, slot=path.stem, ok=False, error=str(exc)), exc.board
    except SaveError as exc:
        return SaveEntry(path=path, slot=path.stem, ok=False, error=str(exc)), None
    except Exception as exc:  # a listing never crashes on a strange file
        _log_failure(f"could not list {path}", exc)
        return SaveEntry(path=path, slot=path.stem, ok=False, error="This save is damaged and cannot be opened."), None


def _listed_date(saved_at: datetime) -> datetime | None:
    """The save time, a naive one read as UTC; None (no date shown) only when even sorting by it
    fails. A strange date alone does not make a save unusable, and ``date_text`` prints any."""
    when = saved_at if saved_at.utcoffset() is not None else saved_at.replace(tzinfo=timezone.utc)
    try:
        when.timestamp()
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
    entry.position = position_of(s)


def position_of(save: Any) -> str:
    """The digest of what makes a saved game's position: replayed from it, two saves with the
    same digest are the same game at the same point, whatever their names, times or identities."""
    parts = [save.game_id, save.config, save.seats, save.seed, save.log]
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def _finished(parsed: _Parsed) -> bool:
    try:
        return bool(parsed.game.is_over(parsed.state))
    except Exception:
        return False


#: a file is listed from memory only once it has not changed for this long (see save_verdicts)
SETTLED_SECONDS = save_verdicts.SETTLED_SECONDS
#: listings of settled files: path -> ((size, mtime_ns, inode), board named, that board then, entry)
_LISTED: dict[Path, tuple[tuple[int, int, int], Any, Any, SaveEntry]] = {}


def _listed(path: Path) -> SaveEntry:
    """``_entry(path)``, remembered while the file and its board stay as they were (the menu
    lists the saves each time it shows, and reading a long game's save in full takes a while);
    a board put back in the boards folder, taken out or changed is seen at the next listing.
    A save the whole check has refused (``save_verdicts``) is marked damaged."""
    try:
        st = path.stat()
    except OSError:
        return _entry(path)[0]
    stamp = (st.st_size, st.st_mtime_ns, st.st_ino)
    known = _LISTED.get(path)
    if known is not None and known[0] == stamp and board_now(known[1]) == known[2]:
        return _with_verdict(known[3])
    entry, ref = _entry(path)
    if time.time() - st.st_mtime > SETTLED_SECONDS:
        _LISTED[path] = (stamp, ref, board_now(ref), entry)
    else:
        _LISTED.pop(path, None)
    return _with_verdict(entry)


def _with_verdict(entry: SaveEntry) -> SaveEntry:
    """``entry`` marked damaged when the whole check of its file has run and refused it."""
    if not entry.ok:
        return entry
    is_known, why = save_verdicts.known(entry.path)
    return damaged(entry, why) if is_known and why else entry


def damaged(entry: SaveEntry, why: str) -> SaveEntry:
    """A copy of ``entry`` saying it cannot be opened, and why; what it showed is kept."""
    return replace(entry, ok=False, error=why, damaged=True)


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
    entries.sort(key=_order, reverse=True)
    return entries


def _order(e: SaveEntry) -> float:
    """Where a save goes in the list, newest first: its date, else its file's."""
    if e.saved_at is not None:
        return e.saved_at.timestamp()
    try:
        return e.path.stat().st_mtime
    except OSError:
        return 0.0


def one_row_each(entries: list[SaveEntry]) -> list[SaveEntry]:
    """``entries`` with no autosave listed beside another row of the very same game at the same
    point: an autosave of a position a named save holds (saved, then the game was left) is folded
    into that save's row (the name is what the player looks for), and of two autosaves of one
    position only the newest is shown. The row is dated by the newest file it stands for and
    knows the others (``same_as``). Named saves are each their own row (the player made each
    one), and files that do not read are listed as they are."""
    shown_at: dict[str, SaveEntry] = {}
    for e in entries:
        if e.ok and e.position:
            best = shown_at.get(e.position)
            if best is None or (best.is_autosave and not e.is_autosave) or (
                    best.is_autosave == e.is_autosave and _order(e) > _order(best)):
                shown_at[e.position] = e
    folded: dict[Path, list[SaveEntry]] = {}
    out: list[SaveEntry] = []
    for e in entries:
        host = shown_at.get(e.position) if e.ok and e.position else None
        if host is not None and host is not e and e.is_autosave:
            folded.setdefault(host.path, []).append(e)
        else:
            out.append(e)
    for i, e in enumerate(out):
        more = folded.get(e.path)
        if more:
            newest = max([e, *more], key=_order)
            out[i] = replace(e, saved_at=newest.saved_at, same_as=tuple(m.path for m in more))
    out.sort(key=_order, reverse=True)
    return out


def game_of(e: SaveEntry) -> str:
    """Which game a row belongs to: its identity, or the file itself for a save made before
    games had one."""
    return e.match_id or f"file:{e.path}"


def games_in_progress(entries: list[SaveEntry], besides: SaveEntry | None = None) -> int:
    """How many different games still in progress ``entries`` hold (a game's named saves and its
    autosave count once), not counting the game of ``besides``."""
    games = {game_of(e) for e in entries if e.ok and not e.finished}
    if besides is not None:
        games.discard(game_of(besides))
    return len(games)


def latest_save(entries: list[SaveEntry] | None = None) -> SaveEntry | None:
    """The newest readable save of a game still in progress, for "Continue" (a finished game is
    there to look back on from Load, not to continue). ``entries``: a ``list_saves()`` already made."""
    return next((e for e in (list_saves() if entries is None else entries) if e.ok and not e.finished), None)
