"""End-of-game statistics: each player's score round by round, and a few figures per game.

Statistics are a pure function of the game as recorded: (game, config, seed, action log). The
log is replayed with the rules core; each game's ``courier.rules.<game>.stats.statistics`` counts
its figures from the events the actions returned (``Event.kind`` / ``data``), and the score series
is ``game.scores(state)`` each time a round ends (a game whose rules score something only at the
end, such as secret missions, gives its ``stats.running_scores(state)`` for the rounds before).
A finished game's save holds seed and log, so a loaded game gives exactly the same statistics
without storing them.

They are meant for a finished game, when nothing is secret any more; the figures still count
public facts wherever the game allows it.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from courier.rules import registry
from courier.rules.base import Event, GameConfig, GameRules

#: the label of the series' first point: the scores before the first round is played
START = "Start"
#: the label of the last point of a game that keeps no rounds
END = "End"


@dataclass(frozen=True)
class GameStats:
    """What the scoring screen's statistics show.

    ``figures[seat]`` maps a figure's name to its number, the same names in the same order for
    every seat. ``rounds`` labels the points of the score series (``"Start"``, ``"1"``, ``"2"``,
    ...); ``scores[seat][k]`` is that seat's score at point ``k``: at the end of that round, and
    for the last point the score now (the final score of a finished game).
    """

    figures: list[dict[str, float]]
    rounds: list[str]
    scores: list[list[float]]
    #: what the score is called in this game ("Credits", "Wealth", ...), for the chart's axis
    score_name: str = "Score"

    def names(self) -> list[str]:
        """The figures' names, in the order the game gives them."""
        return list(self.figures[0]) if self.figures else []


@dataclass
class Step:
    """One action of the log: who took it and what it made happen."""

    seat: int
    text: str
    events: list[Event]


@dataclass
class Played:
    """A game replayed from its log: every action with its events, the scores at the end of each
    round, and the state it ends in. What each game's ``statistics`` is given."""

    game: GameRules
    config: GameConfig
    seats: int
    steps: list[Step] = field(default_factory=list)
    rounds: list[str] = field(default_factory=list)
    #: per seat, one score per label of ``rounds``
    scores: list[list[float]] = field(default_factory=list)
    final: Any = None

    @property
    def over(self) -> bool:
        return bool(self.game.is_over(self.final))

    def events(self) -> Iterator[Event]:
        """Every event of the game, in order."""
        for step in self.steps:
            yield from step.events

    def blank(self, names: Sequence[str]) -> list[dict[str, float]]:
        """One tally per seat with every figure at 0, in the order of ``names``."""
        return [dict.fromkeys(names, 0) for _ in range(self.seats)]

    def result(self, figures: list[dict[str, float]], score_name: str = "Score") -> GameStats:
        return GameStats(figures=figures, rounds=list(self.rounds), scores=[list(s) for s in self.scores],
                         score_name=score_name)


def _round_of(state: Any) -> int:
    """The round the game is in (every ruleset keeps it as ``state.round``)."""
    return int(getattr(state, "round", 0))


def replay(game: GameRules, config: GameConfig, seed: int, log: Sequence[str],
           running: Callable[[Any], Sequence[float]] | None = None) -> Played:
    """Replay ``log`` from ``seed``, noting each action's events and the scores at every round's
    end: ``running(state)`` while the game goes on (default ``game.scores``), ``game.scores`` once
    it is over. ValueError (IllegalAction) if the log holds a move the rules refuse."""
    state = game.new_game(config, seed)
    played = Played(game, config, config.players)
    score = running or game.scores

    def scores_now() -> list[float]:
        return [float(v) for v in (game.scores(state) if game.is_over(state) else score(state))]

    start = scores_now()
    points: list[list[float]] = []
    labels: list[str] = []
    current = _round_of(state)
    unclosed = False  # actions taken since the last point of the series

    def close(label_round: int) -> None:
        nonlocal start
        now = scores_now()
        if label_round >= 1:
            labels.append(str(label_round))
            points.append(now)
        elif game.is_over(state):  # a game without rounds: one point for its end
            labels.append(END)
            points.append(now)
        else:  # a set-up before round 1 (choosing start cities): still the start
            start = now

    for text in log:
        action = game.parse_action(state, text)
        events = list(game.apply(state, action))
        played.steps.append(Step(action.seat, text, events))
        unclosed = True
        now = _round_of(state)
        if now != current:
            close(current)
            for skipped in range(current + 1, now):  # rounds in which every turn was lost
                close(skipped)
            current, unclosed = now, False
        if unclosed and game.is_over(state):
            close(current)
            unclosed = False
    if unclosed:  # a game still going: its last point is the round in progress, as it stands
        close(current)
    played.final = state
    played.rounds = [START] + labels
    series = [start] + points
    seats = len(start)
    played.seats = seats
    played.scores = [[p[i] for p in series] for i in range(seats)]
    return played


def _figures_module(game_id: str) -> Any:
    """The game's ``stats`` module; None for a game that counts no figures (only its scores)."""
    try:
        name = registry.package(game_id) + ".stats"
    except KeyError:  # registered by hand (a test's game), not one of the packaged games
        return None
    return importlib.import_module(name) if importlib.util.find_spec(name) is not None else None


def statistics(game_id: str, config: GameConfig, seed: int, log: Sequence[str]) -> GameStats:
    """The statistics of the game ``game_id`` played with ``config`` from ``seed`` through ``log``.
    ValueError (IllegalAction) if the log holds a move the rules refuse."""
    game = registry.get(game_id)
    module = _figures_module(game_id)
    played = replay(game, config, seed, log, getattr(module, "running_scores", None))
    if module is None:
        return played.result(played.blank(()))
    return module.statistics(played)
