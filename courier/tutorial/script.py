"""A guided game's step file: what it holds and the checks it must pass before it is shown.

The file is TOML, one per game (``docs/rules/<game>-tutorial.toml``)::

    seed = 11                 # the table's seed: the same deal every time
    seeding = 0               # how the seed deals (optional; 0, the first seeding, is every file's)
    computers = 1             # computer players beside the learner (seat 0)
    names = ["Robin"]         # the computers' names (optional)
    minutes = 12              # about how long it takes a newcomer (shown on the chooser)
    [options]                 # the game's options for this table (a shorter game, say)
    rounds = 6

    [[step]]
    say = "Deliver more packages than your rival. Press Next to begin."

    [[step]]
    say = "Choose where your depot stands: click the lit square."
    do = "p1 base C1"         # the move this step teaches (or a list of moves, in order)

    [[step]]
    say = "Robin set a trap by Owl's Rest."
    look = ["Owl's Rest", "Robin's trap"]   # what the step is about, lit with "Look here"

    [[step]]
    say = "You know enough now: play on to the end."
    play = true               # any legal move, until the game is over

A step says at most two sentences. ``do`` moves are the learner's action texts exactly as the
game writes them. Steps after the ``play`` step are read once the game is over.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from courier import resources
from courier.rules.rng import OFFSET, SEEDINGS

#: the computers of a guided game: the Easy rule-of-thumb player, quick and always the same
LEVEL = "heuristic-easy"
#: a step's words: at most this many sentences
MAX_SENTENCES = 2


class ScriptError(ValueError):
    """A step file that cannot be used, with the reason in plain words."""


@dataclass(frozen=True)
class Step:
    """One step: what it says and what it waits for."""

    say: str
    #: the moves this step asks for, in order (empty: a step to read, or free play)
    do: tuple[str, ...] = ()
    #: True: the learner plays any legal move until the game is over
    play: bool = False
    #: for a step to read: the part of the screen it is about ("board" or "panel"), lit while it shows
    point: str | None = None
    #: what the step points at by name (a place, a player's piece, a part of the panel such as
    #: "event"), each lit with "Look here" while the step shows; the names are the view's
    #: (``GameView.parts``)
    look: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return "do" if self.do else ("play" if self.play else "read")


@dataclass(frozen=True)
class Script:
    game_id: str
    seed: int
    computers: int
    names: tuple[str, ...]
    options: dict[str, Any]
    steps: tuple[Step, ...]
    minutes: int
    #: a digest of the file: progress kept for another version of the script is not resumed
    digest: str = field(default="", compare=False)
    #: how ``seed`` deals the table (``courier.rules.rng``): the first seeding unless the file
    #: names another, so each step file's deal (whose cards and places its steps name) stays put
    seeding: int = OFFSET

    @property
    def players(self) -> int:
        return 1 + self.computers

    def play_index(self) -> int | None:
        return next((i for i, s in enumerate(self.steps) if s.play), None)


def path_for(game_id: str) -> Path:
    return resources.tutorial_doc(game_id)


def games_with_tutorials(game_ids: list[str]) -> list[str]:
    """The games among ``game_ids`` that have a step file."""
    return [g for g in game_ids if path_for(g).is_file()]


def sentences(text: str) -> int:
    """How many sentences ``text`` has (a full stop, ! or ? followed by a space or the end)."""
    return len([s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s])


def parse(game_id: str, text: str) -> Script:
    """A script from the file's text; ScriptError says what is wrong."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScriptError(f"{game_id}: the step file is not valid TOML ({exc})") from None
    steps_data = data.get("step")
    if not isinstance(steps_data, list) or not steps_data:
        raise ScriptError(f"{game_id}: the step file has no [[step]] entries")
    steps = []
    for i, raw in enumerate(steps_data, 1):
        steps.append(_step(game_id, i, raw))
    plays = [i for i, s in enumerate(steps) if s.play]
    if len(plays) > 1:
        raise ScriptError(f"{game_id}: only one step may be free play (steps {', '.join(str(i + 1) for i in plays)} are)")
    if plays and any(s.do for s in steps[plays[0] + 1:]):
        raise ScriptError(f"{game_id}: steps after free play can only be read (the game is over then)")
    names = data.get("names", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ScriptError(f"{game_id}: names must be a list of words, such as [\"Robin\"]")
    computers = _whole(game_id, data, "computers", 1)
    if computers < 1:
        raise ScriptError(f"{game_id}: a guided game needs at least one computer player")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ScriptError(f"{game_id}: [options] must be a table of the game's options")
    if "seeding" in options:
        raise ScriptError(f"{game_id}: name the seeding at the top of the file (seeding = 0), not among the options")
    seeding = _whole(game_id, data, "seeding", OFFSET)
    if seeding not in SEEDINGS:
        raise ScriptError(f"{game_id}: seeding must be one of {', '.join(map(str, SEEDINGS))}, not {seeding}")
    return Script(
        game_id=game_id,
        seed=_whole(game_id, data, "seed", 1),
        computers=computers,
        names=tuple(names),
        options=dict(options),
        steps=tuple(steps),
        minutes=_whole(game_id, data, "minutes", 12),
        digest=hashlib.sha256(text.encode("utf-8")).hexdigest()[:16],
        seeding=seeding,
    )


def _whole(game_id: str, data: dict, key: str, default: int) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScriptError(f"{game_id}: {key} must be a whole number, not {value!r}")
    return value


def _step(game_id: str, i: int, raw: Any) -> Step:
    if not isinstance(raw, dict):
        raise ScriptError(f"{game_id}: step {i} is not a table")
    unknown = set(raw) - {"say", "do", "play", "point", "look"}
    if unknown:
        raise ScriptError(f"{game_id}: step {i} has unknown keys: {', '.join(sorted(unknown))}")
    say = raw.get("say", "")
    if not isinstance(say, str):
        raise ScriptError(f"{game_id}: step {i}'s say must be words in quotes, not {say!r}")
    say = say.strip()
    if not say:
        raise ScriptError(f"{game_id}: step {i} says nothing")
    if sentences(say) > MAX_SENTENCES:
        raise ScriptError(f"{game_id}: step {i} says more than {MAX_SENTENCES} sentences: {say!r}")
    do = raw.get("do", [])
    if isinstance(do, str):
        do = (do,)
    elif isinstance(do, list) and all(isinstance(x, str) and x.strip() for x in do):
        do = tuple(do)
    else:
        raise ScriptError(f"{game_id}: step {i}'s do must be a move, or a list of moves, in quotes")
    if any(not x.strip() for x in do):
        raise ScriptError(f"{game_id}: step {i} asks for an empty move")
    play = raw.get("play", False)
    if not isinstance(play, bool):
        raise ScriptError(f"{game_id}: step {i}'s play must be true or false, not {play!r}")
    if do and play:
        raise ScriptError(f"{game_id}: step {i} both asks for moves and lets the learner play freely")
    point = raw.get("point")
    if point is not None and point not in ("board", "panel"):
        raise ScriptError(f"{game_id}: step {i}'s point must be \"board\" or \"panel\", not {point!r}")
    look = raw.get("look", [])
    if isinstance(look, str):
        look = [look]
    if not isinstance(look, list) or not all(isinstance(x, str) and x.strip() for x in look):
        raise ScriptError(f"{game_id}: step {i}'s look must be a name, or a list of names, in quotes")
    if look and point is not None:
        raise ScriptError(f"{game_id}: step {i} both points at a whole area and looks at named things")
    return Step(say=say, do=do, play=play, point=point, look=tuple(x.strip() for x in look))


def load(game_id: str) -> Script:
    """The game's script; ScriptError if it is missing or broken."""
    path = path_for(game_id)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        raise ScriptError(f"{game_id}: no guided game is written yet") from None
    return parse(game_id, text)
