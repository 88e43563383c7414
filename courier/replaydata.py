"""Any recorded game, step by step: a lab game, a save (finished or not), a match in memory.

A replay is the seed, the config and the action log as texts; every position is rebuilt by the
rules themselves (``parse_action`` + ``apply``), so what the viewer shows is exactly what was
played. No pygame here: the viewer scene (``courier.scenes.replay``) draws it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from courier.rules import registry
from courier.rules.base import Event, GameRules
from courier.words import counted


class ReplayError(Exception):
    """A file or game that cannot be replayed; the message is for the person who asked."""


@dataclass
class ReplaySeat:
    name: str
    kind: str = "ai"  # "human" or "ai"
    level: str = ""


@dataclass
class Replay:
    """A game to step through. ``states[k]`` is the position after ``k`` actions; ``events[k]``
    what the ``k``-th action (1-based) caused; ``texts[k - 1]`` its text form."""

    game: GameRules
    config: Any
    seed: int
    texts: list[str]
    seats: list[ReplaySeat]
    title: str = ""
    #: which game this is (a lab game's name and seed, a save's name), shown under the title
    subtitle: str = ""
    states: list[Any] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)
    #: the seat that took each action (``actors[k - 1]`` for action ``k``)
    actors: list[int] = field(default_factory=list)
    #: set when the log stopped replaying part-way (the steps before it are kept)
    problem: str = ""

    def __post_init__(self) -> None:
        if not self.states:
            self._build()

    def _build(self) -> None:
        game = self.game
        state = game.new_game(self.config, self.seed)
        self.states = [_copy(game, self.config, state)]
        self.events = [[]]
        self.actors = []
        for i, text in enumerate(self.texts):
            try:
                action = game.parse_action(state, text)
                events = list(game.apply(state, action))
            except Exception as exc:  # a log that no longer replays: show what did
                self.problem = f"move {i + 1} ({text!r}) cannot be replayed: {exc}"
                self.texts = self.texts[:i]
                break
            self.states.append(_copy(game, self.config, state))
            self.events.append(events)
            self.actors.append(int(getattr(action, "seat", -1)))

    @property
    def secrets_open(self) -> bool:
        """Whether a seat's own view may be shown: only once the game is over (or has nothing
        hidden). An unfinished game may be carried on, so its hands and plans stay secret."""
        return not self.game.has_hidden_info or bool(self.game.is_over(self.states[-1]))

    @property
    def steps(self) -> int:
        """Number of actions (the last position is ``states[steps]``)."""
        return len(self.states) - 1

    def state(self, step: int) -> Any:
        return self.states[max(0, min(step, self.steps))]

    def view(self, step: int, seat: int | None) -> Any:
        """What ``seat`` could see after ``step`` actions (None: public information only); only
        the public view while the game is unfinished (see ``secrets_open``)."""
        return self.game.view(self.state(step), seat if self.secrets_open else None)

    def line(self, step: int, viewer: int | None = None) -> str:
        """The log line for action ``step`` (1-based): what happened, in the game's words.

        The events' texts are what every player reads at the table. An action that tells the
        table nothing (a secret choice) is shown as its move text only to its own seat's
        ``viewer``; to anyone else it is a secret move."""
        if step <= 0:
            return "The game is set up."
        evs = self.events[step]
        text = counted(" ".join(e.text for e in evs if e.text)) if evs else ""
        if text:
            return text
        actor = self.actors[step - 1] if step - 1 < len(self.actors) else -1
        if self.game.has_hidden_info and (viewer != actor or not self.secrets_open):
            return f"{self.seat_label(actor)} makes a secret move."
        return self.texts[step - 1]

    def seat_label(self, seat: int) -> str:
        if 0 <= seat < len(self.seats):
            return self.seats[seat].name
        return f"Seat {seat + 1}"


def _copy(game: GameRules, config: Any, state: Any) -> Any:
    if hasattr(state, "clone"):
        return state.clone()
    return game.state_from_dict(config, game.state_to_dict(state))


# -- sources ------------------------------------------------------------------------------------

def from_match(match: Any) -> Replay:
    """The game of a match (e.g. the one just finished), from its seed and log."""
    seats = [ReplaySeat(s.name, s.kind, s.level if s.is_ai else "") for s in match.seats]
    return Replay(match.game, match.config, match.seed, list(match.log), seats, title=match.game.title)


def from_save(path: Path) -> Replay:
    from courier.saves import SaveError, load_match

    try:
        match = load_match(Path(path))
    except SaveError as exc:
        raise ReplayError(f"cannot open {path}: {exc}") from None
    if not match.replay_ok:
        raise ReplayError(f"the moves in {Path(path).name} no longer replay from the start (it was made by an "
                          "older version of the game); open it from Load to carry on instead")
    replay = from_match(match)
    replay.subtitle = f"save {Path(path).stem}"
    return replay


def lab_records(path: Path) -> list[dict[str, Any]]:
    from courier.dev.lab.runner import ResultsError, read_results

    try:
        head, rows, _ = read_results(Path(path))
    except ResultsError as exc:
        raise ReplayError(str(exc)) from None
    if head is None:
        raise ReplayError(f"{path} holds no games")
    return rows


def pick_record(rows: list[dict[str, Any]], which: str | None, source: str = "") -> dict[str, Any]:
    """The game named ``which`` (a report's name such as ``baseline#17``, or a seed)."""
    if not rows:
        raise ReplayError(f"{source} holds no games")
    if which is None:
        if len(rows) == 1:
            return rows[0]
        names = ", ".join(r.get("name", "?") for r in rows[:8])
        raise ReplayError(f"{source} holds {len(rows)} games; choose one with --game (e.g. {names}...)")
    hits = [r for r in rows if r.get("name") == which]
    if not hits and which.strip().lstrip("-").isdigit():
        hits = [r for r in rows if r.get("seed") == int(which)]
    hits.sort(key=lambda r: (str(r.get("arm")), int(r.get("index", 0))))
    if not hits:
        raise ReplayError(f"{source} has no game {which!r}; give a name from the report (e.g. "
                          f"{rows[0].get('name', '?')}) or a seed")
    if len(hits) > 1:
        names = ", ".join(r.get("name", "?") for r in hits[:12])
        raise ReplayError(f"seed {which} was played {len(hits)} times (each seat order, each variant): "
                          f"{names}; give one of these names")
    return hits[0]


def from_lab(path: Path, which: str | None = None) -> Replay:
    """A game of a lab results file (``which``: its name in the report, or its seed)."""
    row = pick_record(lab_records(path), which, str(path))
    return from_record(row)


def from_record(row: dict[str, Any]) -> Replay:
    from courier.dev.lab.play import SEEDING  # a lab game was dealt with the lab's seeding

    try:
        game = registry.get(row["game"])
        seats = row["seats"]
        config = game.make_config(players=len(seats), **{**row.get("options", {}), "seeding": SEEDING})
    except Exception as exc:
        raise ReplayError(f"this game cannot be set up again: {exc}") from None
    names = [ReplaySeat(game.seat_name(config, i), "ai", kind) for i, kind in enumerate(seats)]
    subtitle = f"{row.get('name', 'lab game')}, seed {row['seed']}, seats {' / '.join(_short(k) for k in seats)}"
    return Replay(game, config, int(row["seed"]), list(row.get("log", [])), names, title=game.title,
                  subtitle=subtitle)


def _short(kind: str) -> str:
    """``heuristic-normal`` -> ``normal``; ``ai-hard`` -> ``hard``; ``random`` stays."""
    return kind.split("-", 1)[1] if "-" in kind else kind


def load_replay(path: Path, which: str | None = None) -> Replay:
    """A lab results file or a save file, told apart by their first line."""
    path = Path(path)
    try:
        with open(path, encoding="utf-8") as f:
            first = f.readline()
    except FileNotFoundError:
        raise ReplayError(f"there is no file {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ReplayError(f"cannot read {path}: {exc}") from None
    try:
        head = json.loads(first)
    except json.JSONDecodeError:
        head = None
    if isinstance(head, dict) and head.get("lab"):
        return from_lab(path, which)
    return from_save(path)
