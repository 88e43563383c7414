"""Where a guided game was left, per game, so the learner can leave and come back.

One small JSON file per game, ``data_dir()/tutorials/<game>.json``, written whole or not at all
(``paths.write_atomic``): the step file's digest, the step showing, the moves made within it,
the match's log of move texts, and whether the guided game was ever played to its end. Resuming
replays the log from the script's seed (``walk.replayed``), so nothing but the moves is kept.

A file that cannot be read, or no longer fits the script (the script was rewritten, a move is
refused), is never overwritten: it is moved aside as ``<game>.unreadable.json`` and the learner
is told in plain words that the guided game starts again.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

from courier import paths
from courier.match import RestoreError
from courier.tutorial.script import Script
from courier.tutorial.walk import LEARNER_NAME, Walker, make_match, replayed

log = logging.getLogger(__name__)

#: what the learner reads when their place could not be kept
STARTS_AGAIN = "Your place in this guided game could not be read, so it starts again from the first step."
CHANGED = "This guided game has changed since you last played it, so it starts again from the first step."


@dataclass
class Progress:
    """What the file holds: a place in the script (``step`` None: none kept) and ``done``."""

    digest: str = ""
    step: int | None = None
    within: int = 0
    log: list[str] = field(default_factory=list)
    done: bool = False

    def to_json(self) -> bytes:
        data = {"digest": self.digest, "step": self.step, "within": self.within, "log": list(self.log),
                "done": self.done}
        return (json.dumps(data, indent=1) + "\n").encode("utf-8")


class Unreadable(ValueError):
    """A progress file that cannot be used; the message is for the learner."""


def folder() -> Path:
    path = paths.data_dir() / "tutorials"
    path.mkdir(parents=True, exist_ok=True)
    return path


def path_for(game_id: str) -> Path:
    return folder() / f"{game_id}.json"


def aside_path(game_id: str) -> Path:
    return folder() / f"{game_id}.unreadable.json"


def _parse(raw: bytes) -> Progress:
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise Unreadable(STARTS_AGAIN) from None
    if not isinstance(data, dict):
        raise Unreadable(STARTS_AGAIN)
    step, within, moves = data.get("step"), data.get("within", 0), data.get("log", [])
    ok = ((step is None or (isinstance(step, int) and not isinstance(step, bool) and step >= 0))
          and isinstance(within, int) and not isinstance(within, bool) and within >= 0
          and isinstance(moves, list) and all(isinstance(t, str) for t in moves)
          and isinstance(data.get("digest", ""), str) and isinstance(data.get("done", False), bool))
    if not ok:
        raise Unreadable(STARTS_AGAIN)
    return Progress(digest=data.get("digest", ""), step=step, within=within, log=list(moves),
                    done=data.get("done", False))


def _move_aside(game_id: str) -> None:
    """Keep a file we could not use beside the new one, never over it."""
    try:
        path_for(game_id).replace(aside_path(game_id))
    except OSError as exc:
        log.warning("could not move the guided game's place aside: %s", exc)


def read(game_id: str) -> Progress:
    """The file as it is (an empty Progress when there is none); Unreadable if it is damaged."""
    path = path_for(game_id)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Progress()
    except OSError:
        raise Unreadable(STARTS_AGAIN) from None
    return _parse(raw)


def peek(game_id: str) -> Progress:
    """The file for the chooser: a damaged one reads as nothing kept (it is moved aside when the
    guided game is opened, with the learner told)."""
    try:
        return read(game_id)
    except Unreadable:
        return Progress()


def place(script: Script) -> int | None:
    """The step a kept place would resume at (None: nothing to resume for this script)."""
    p = peek(script.game_id)
    if p.step is None or p.digest != script.digest or p.step >= len(script.steps):
        return None
    return p.step


def is_done(game_id: str) -> bool:
    return peek(game_id).done


def resume(script: Script, learner_name: str = LEARNER_NAME) -> tuple[Walker, str | None]:
    """The guided game where it was left (or from the start), and a message for the learner when
    the kept place could not be used (the file is then moved aside, never overwritten)."""
    gid = script.game_id

    def fresh() -> Walker:
        return Walker(script, make_match(script, learner_name))

    try:
        p = read(gid)
    except Unreadable as exc:
        _move_aside(gid)
        return fresh(), str(exc)
    if p.step is None:
        return fresh(), None
    if p.digest != script.digest or p.step > len(script.steps):
        _move_aside(gid)
        return fresh(), CHANGED
    try:
        match = replayed(script, p.log, learner_name)
    except RestoreError:
        _move_aside(gid)
        return fresh(), CHANGED
    step = script.steps[p.step] if p.step < len(script.steps) else None
    if step is not None and step.do and p.within >= len(step.do):
        _move_aside(gid)
        return fresh(), CHANGED
    return Walker(script, match, p.step, p.within if step is not None and step.do else 0), None


def save(walker: Walker) -> str | None:
    """Keep the walker's place; a message if it could not be written (the game goes on)."""
    gid = walker.script.game_id
    done = peek(gid).done
    p = Progress(digest=walker.script.digest, step=walker.index, within=walker.within,
                 log=list(walker.match.log), done=done)
    return _write(gid, p)


def finish(script: Script) -> str | None:
    """The guided game was played to its end: no place is kept, and it counts as done."""
    return _write(script.game_id, Progress(digest=script.digest, done=True))


def start_over(game_id: str) -> str | None:
    """Forget the place kept (a game played to its end stays done)."""
    if not path_for(game_id).exists():
        return None
    return _write(game_id, Progress(done=peek(game_id).done))


def _write(game_id: str, p: Progress) -> str | None:
    try:
        paths.write_atomic(path_for(game_id), p.to_json())
    except OSError as exc:
        log.warning("could not keep the guided game's place: %s", exc)
        return "Your place in the guided game could not be kept on this computer."
    return None
