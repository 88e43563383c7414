"""A record of a long ``courier simulate`` comparison, kept game by game so it can be resumed.

A record is a text file of JSON lines: a header naming the comparison (game, seats, first seed,
options and a fingerprint of the computer players' code), then one line per finished game with its
index in the rotation. ``courier simulate ... --record FILE`` plays only the games the file does not
hold yet and appends each one as soon as it ends, so a comparison of hundreds of slow games can be
stopped at any time and carried on later; the summary covers every recorded game.

A record of another comparison, or made by different AI code, is refused rather than mixed in, and a
file that is not a record at all is never written to.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

MAGIC = "courier-simulate-record"


class RecordError(Exception):
    """A record file that cannot be used for this comparison; the message says why."""


#: code under ``courier/ai`` that never changes a move: the bench's positions, the rating fit, the
#: app's worker process and the reasons written after a decision
NOT_PLAYING = frozenset({"benchfig.py", "rating.py", "worker.py", "reasons"})


def fingerprint_files(game_id: str) -> list[Path]:
    """The files whose code decides ``game_id``'s simulated games: its rules, the search, its
    players and the outside yardsticks (not other games' players, nor code that never moves)."""
    from courier.rules import registry

    root = Path(__file__).resolve().parent
    others = {g.replace("-", "_") + ".py" for g in registry.ids() if g != game_id}
    files = [f for f in sorted((root / "ai").rglob("*.py"))
             if f.name not in others  # other games' players
             and f.name not in NOT_PLAYING and f.parent.name not in NOT_PLAYING]
    files += sorted((root / "rules" / game_id.replace("-", "_")).rglob("*.py"))
    files += [root / "rules" / "base.py", root / "rules" / "rng.py"]
    return [f for f in files if f.is_file()]


def ai_fingerprint(game_id: str) -> str:
    """A short hash of the code that decides the games: the computer players and the game's rules.
    Any change there makes earlier records a different comparison."""
    from courier import __version__

    root = Path(__file__).resolve().parent
    digest = hashlib.sha256(__version__.encode())
    for f in fingerprint_files(game_id):
        digest.update(f.relative_to(root).as_posix().encode())
        digest.update(f.read_bytes())
    return digest.hexdigest()[:16]


def header(game_id: str, seats: list[str], seed: int, options: dict[str, Any]) -> dict[str, Any]:
    return {"record": MAGIC, "game": game_id, "seats": list(seats), "seed": seed,
            "options": dict(options), "ai": ai_fingerprint(game_id)}


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
    for key in ("game", "seats", "seed", "options"):
        if head.get(key) != expected[key]:
            raise RecordError(f"{path} records another comparison ({key}: {head.get(key)!r}, "
                              f"here {expected[key]!r}); choose another file")
    if head.get("ai") != expected["ai"]:
        raise RecordError(f"{path} was recorded with different computer players (code changed since); "
                          "start a new record to compare the players as they are now")
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

