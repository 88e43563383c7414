"""Whether a save can really be opened: the whole check, remembered per file.

Listing a save only reads and decodes it. Loading it also replays its moves from the seed and
proves that they give the saved position (``save_read.prove``), and only that finds a save whose
JSON still reads well but whose moves or position were damaged (a bit flipped on disk). This
module runs that whole check (for the Load screen on a worker thread, ``BackgroundCheck``) and
remembers what it found while the file and its board stay as they were: the verdict depends on
both, so both are its key. Lists mark a save the check refused as damaged, and no save is ever
written over a file the check refuses (``saves._holder``).
"""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from typing import Any

from courier.saves.format import SaveError
from courier.saves.read import BoardProblem, _read, board_now, board_ref, prove

log = logging.getLogger("courier.saves")

#: what is found about a file (its verdict, its listing) is remembered only once the file has not
#: changed for this many seconds: file times are coarse, so a file rewritten within the same tick
#: could otherwise look unchanged
SETTLED_SECONDS = 2.0

Stamp = tuple[int, int, int]
#: path -> (file stamp, board the save names, what that board was, verdict: None = opens, else why not)
_VERDICTS: dict[Path, tuple[Stamp, Any, Any, str | None]] = {}
#: saves opened on the board whose proof runs there: path -> (file stamp, board, board then, check)
_OPENED: dict[Path, tuple[Stamp, Any, Any, Any]] = {}


def file_stamp(path: Path) -> Stamp | None:
    """What identifies this version of the file: size, modification time, inode."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ino)


def _settled(stamp: Stamp) -> bool:
    return time.time() - stamp[1] / 1e9 > SETTLED_SECONDS


def known(path: Path) -> tuple[bool, str | None]:
    """(True, verdict) when the whole check of this very file, on its board as it is now, has
    run (here, or as the proof of a save opened on the board); (False, None) otherwise."""
    path = Path(path)
    stamp = file_stamp(path)
    if stamp is None:
        return False, None
    found = _VERDICTS.get(path)
    if found is not None and found[0] == stamp and board_now(found[1]) == found[2]:
        return True, found[3]
    opened = _OPENED.get(path)
    if opened is not None and opened[0] == stamp and opened[3].done() and board_now(opened[1]) == opened[2]:
        try:
            opened[3].result()
            verdict = None
        except Exception as exc:  # RestoreError: its message is the player's
            verdict = str(exc)
        _remember(path, stamp, opened[1], opened[2], verdict)
        _OPENED.pop(path, None)
        return True, verdict
    return False, None


def _remember(path: Path, stamp: Stamp, ref: Any, board: Any, verdict: str | None) -> None:
    if _settled(stamp):
        _VERDICTS[path] = (stamp, ref, board, verdict)
    else:
        _VERDICTS.pop(path, None)


def verdict(path: Path) -> str | None:
    """None if the save in ``path`` opens, else the message saying why not; the whole check runs
    only when this file on its current board has not been checked yet. Never raises."""
    path = Path(path)
    is_known, found = known(path)
    if is_known:
        return found
    stamp = file_stamp(path)
    ref, found = _check(path)
    if stamp is not None and stamp == file_stamp(path):
        _remember(path, stamp, ref, board_now(ref), found)
    return found


def _check(path: Path) -> tuple[Any, str | None]:
    """(the board the save names, None or why it cannot be opened)."""
    try:
        parsed = _read(path)
    except BoardProblem as exc:
        return exc.board, str(exc)
    except SaveError as exc:
        return None, str(exc)
    ref = board_ref(parsed.save)
    try:
        prove(parsed, path)
    except SaveError as exc:
        return ref, str(exc)
    return ref, None


def opened(path: Path, stamp: Stamp | None, ref: Any, check: Any) -> None:
    """A save read at ``stamp`` is being proven on the board (``check``: a ``LogCheck``); its
    outcome is the whole check's verdict on that file, so nobody needs to run it again."""
    if stamp is not None and check is not None:
        _OPENED[Path(path)] = (stamp, ref, board_now(ref), check)


def forget(path: Path) -> None:
    """The file was deleted or written by us: what was known about it no longer holds."""
    _VERDICTS.pop(Path(path), None)
    _OPENED.pop(Path(path), None)


class BackgroundCheck:
    """The whole check of several saves on one worker thread, in the order given; the window takes
    the verdicts as they come (``take``) and keeps drawing meanwhile. Only reads files."""

    def __init__(self, paths: list[Path]) -> None:
        self._todo = [Path(p) for p in paths]
        self._found: dict[Path, str | None] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="courier-save-check", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            for path in self._todo:
                if self._stop.is_set():
                    break
                try:
                    found = verdict(path)
                except Exception:  # never: verdict catches all; a listing must not die of it
                    log.exception("checking %s failed", path.name)
                    continue
                with self._lock:
                    self._found[path] = found
                time.sleep(0.001)  # let the window's thread draw between two files
        finally:
            self._done.set()

    def take(self) -> dict[Path, str | None]:
        """The verdicts found since the last call: path -> None (opens) or why it cannot be opened."""
        with self._lock:
            found, self._found = self._found, {}
        return found

    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def stop(self) -> None:
        """Check no further file (the one being checked is finished)."""
        self._stop.set()
