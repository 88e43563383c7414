"""What every computer player looks like, and how seats name them.

A bot gets the rules, the seat's ``view`` (hidden information already removed), the seat and the
legal actions, plus its own RNG; it returns one of the legal actions. It must not read anything
else, so hot-seat secrets stay secret and the same inputs give the same decision.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol, Sequence

from courier.rules.base import Action, GameRules
from courier.rules.rng import Rng

LEVELS = ("easy", "normal", "hard")


class Bot(Protocol):
    level: str

    def choose(self, game: GameRules, view: Any, seat: int, legal: Sequence[Action], rng: Rng) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions: the fuzzer's player."""

    level = "random"

    def choose(self, game: GameRules, view: Any, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        return rng.choice(list(legal))


#: game id -> module with ``make_bot(level) -> Bot`` (the game's own heuristic player)
_HEURISTICS = {
    "next-day": "courier.ai.next_day",
    "doorstep-dash": "courier.ai.doorstep_dash",
    "package-pandemonium": "courier.ai.package_pandemonium",
    "out-for-delivery": "courier.ai.out_for_delivery",
}


def make_bot(game_id: str, level: str = "normal") -> Bot:
    """The computer player for ``game_id`` at ``level`` (easy, normal, hard, or random)."""
    if level == "random":
        return RandomBot()
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; levels: {', '.join(LEVELS)}")
    module = importlib.import_module(_HEURISTICS[game_id])
    return module.make_bot(level)
