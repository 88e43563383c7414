"""Outside yardsticks: simple players written from the rulebooks, apart from our own players.

Our levels are compared with each other all the time; these players say how strong the ladder is
against someone else. They may use only the public rules API (``view``, ``legal_actions``,
``apply`` on a clone of their own view, ``scores``) and what their view shows; they never import
the heuristics or the search, so a weakness both share cannot hide.

Every game has two: ``greedy`` tries each legal action on a copy of its view and keeps the one its
own position value likes best; ``rush`` heads for the nearest thing that scores and cashes in as
soon as it can. Ties are broken with the decision's RNG, so a seed fixes every choice.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Sequence

from courier.rules import registry
from courier.rules.base import Action, GameRules
from courier.rules.rng import Rng

KINDS = ("greedy", "rush")

#: a position value: (game, state after the action, seat) -> higher is better for seat
Value = Callable[[GameRules, Any, int], float]


def is_yardstick(level: str) -> bool:
    return level in KINDS


def make_yardstick(game_id: str, kind: str) -> "OnePly":
    """The ``kind`` yardstick of ``game_id``; ValueError for an unknown kind or game."""
    if kind not in KINDS:
        raise ValueError(f"unknown yardstick {kind!r}; yardsticks: {', '.join(KINDS)}")
    module = registry.part(game_id, "yardsticks")
    if module is None:
        raise ValueError(f"no yardsticks for {game_id!r}")
    return importlib.import_module(module).make(kind)


class OnePly:
    """Score every legal action by the position it leaves on a copy of the view.

    ``value`` judges a position for a seat; ``special`` may settle a decision outright (set-up,
    secret choices the value cannot tell apart); ``candidates`` may thin a long list first.
    """

    def __init__(self, kind: str, value: Value) -> None:
        self.level = kind
        self.value = value

    def special(self, game: GameRules, view: Any, seat: int, legal: list[Action], rng: Rng) -> Action | None:
        return None

    def candidates(self, game: GameRules, view: Any, seat: int, legal: list[Action]) -> list[Action]:
        return legal

    def choose(self, game: GameRules, view: Any, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        picked = self.special(game, view, seat, legal, rng)
        if picked is not None:
            return picked
        best: list[Action] = []
        top = float("-inf")
        for action in self.candidates(game, view, seat, legal):
            trial = view.clone()
            try:
                game.apply(trial, action)
            except Exception:  # a view may lack what some actions need; such actions are skipped
                continue
            v = self.value(game, trial, seat)
            if v > top + 1e-9:
                top, best = v, [action]
            elif v > top - 1e-9:
                best.append(action)
        if not best:
            return rng.choice(legal)
        return best[0] if len(best) == 1 else rng.choice(best)
