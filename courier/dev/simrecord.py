"""A record of a long ``courier simulate`` comparison, kept game by game so it can be resumed.

A record is a text file of JSON lines: a header naming the comparison (game, seats, first seed,
options and the players' behaviour key, see ``courier.dev.behaviour``), then one line per finished game with its
index in the rotation. ``courier simulate ... --record FILE`` plays only the games the file does not
hold yet and appends each one as soon as it ends, so a comparison of hundreds of slow games can be
stopped at any time and carried on later; the summary covers every recorded game.

Every record's games are dealt with the rules' first seeding (``courier.dev.simulate.SEEDING``); a
header naming another (``"seeding"``) is refused. A record of another comparison, or made by
players that decide differently now, is refused rather than mixed in, and a file that is not a record at all is never written to. A change to the code that
keeps every decision (a docstring, a refactor) keeps the records.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from courier.rules.rng import OFFSET

MAGIC = "courier-simulate-record"


class RecordError(Exception):
    """A record file that cannot be used for this comparison; the message says why."""


#: how a record's deals take their seeds: spread far apart (every record begun now), or the first
#: seed plus the deal's number (records begun before; their header names no scheme)
SPREAD, CONSECUTIVE = "spread", "consecutive"


def header(game_id: str, seats: list[str], seed: int, options: dict[str, Any], seeds: str = SPREAD) -> dict[str, Any]:
    from courier.dev.behaviour import behaviour_key

    head = {"record": MAGIC, "game": game_id, "seats": list(seats), "seed": seed,
            "options": dict(options), "behaviour": behaviour_key(game_id, seats, options)}
    if seeds != CONSECUTIVE:
        head["seeds"] = seeds  # an old record's header stays byte for byte what it was
    return head


def seeds_of(path: Path) -> str:
    """The seed scheme of the record at ``path``: what its header says (none: consecutive, the
    old way); a record not begun yet, or not readable as one, takes the new way (``load`` then
    says what is wrong with it)."""
    try:
        with open(path, encoding="utf-8") as f:
            head = json.loads(f.readline())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return SPREAD
    if not isinstance(head, dict) or head.get("record") != MAGIC:
        return SPREAD
    return str(head.get("seeds", CONSECUTIVE))


def load(path: Path, expected: dict[str, Any]) -> tuple[dict[int, dict[str, Any]], int]:
    """The games already in ``path`` by index, and how many damaged lines were skipped (a game
    cut off mid-write). A missing file holds no games. RecordError if it records something else."""
    if not path.exists():
        return {}, 0
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"cannot read {path}: {exc}") from exc
    lines = text.splitlines()
    if not text.strip():
        return {}, 0  # an empty file (made beforehand) is a record not yet begun
    try:
        head = json.loads(lines[0]) if lines else None
    except json.JSONDecodeError:
        head = None
    if not isinstance(head, dict) or head.get("record") != MAGIC:
        raise RecordError(f"{path} is not a simulation record; choose another file (it was left as it is)")
    if head.get("seeds", CONSECUTIVE) != expected.get("seeds", CONSECUTIVE):
        raise RecordError(f"{path} deals its games from other seeds; choose another file")
    if head.get("seeding", OFFSET) != expected.get("seeding", OFFSET):  # (every record so far: the first)
        raise RecordError(f"{path} deals its games from their seeds another way (seeding {head.get('seeding')!r}); "
                          "choose another file")
    for key in ("game", "seats", "seed", "options"):
        if head.get(key) != expected[key]:
            raise RecordError(f"{path} records another comparison ({key}: {head.get(key)!r}, "
                              f"here {expected[key]!r}); choose another file")
    if head.get("behaviour") != expected["behaviour"]:
        raise RecordError(f"{path} was recorded with computer players that decide differently now (their "
                          "moves on the probe positions changed); start a new record to compare the players "
                          "as they are now")
    games: dict[int, dict[str, Any]] = {}
    damaged = 0
    for line in lines[1:]:
        try:
            row = json.loads(line)
            games[int(row["index"])] = row
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            damaged += 1
    return games, damaged


class Appender:
    """Appends finished games to a record, each line flushed to disk before the next game."""

    def __init__(self, path: Path, head: dict[str, Any]) -> None:
        new = not path.exists() or path.stat().st_size == 0
        self._file = open(path, "a", encoding="utf-8")
        if new:
            self._write(head)
        elif not path.read_bytes().endswith(b"\n"):
            self._file.write("\n")  # a line cut off mid-write stays a damaged line of its own

    def _write(self, row: dict[str, Any]) -> None:
        self._file.write(json.dumps(row, separators=(",", ":")) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def add(self, index: int, result: dict[str, Any]) -> None:
        self._write({"index": index, **result})

    def close(self) -> None:
        self._file.close()



def stale(paths: list[Path]) -> list[Path]:
    """The records among ``paths`` whose players decide differently now: the ones to make again."""
    from courier.dev.behaviour import behaviour_key

    out = []
    for path in paths:
        try:
            head = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
        except (OSError, ValueError, IndexError):
            out.append(path)
            continue
        if not isinstance(head, dict) or head.get("record") != MAGIC:
            continue
        if head.get("behaviour") != behaviour_key(head["game"], head["seats"], head.get("options") or {}):
            out.append(path)
    return out
