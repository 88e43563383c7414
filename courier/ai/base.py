"""What every computer player looks like, and how seats name them.

A bot gets the rules, the seat's ``view`` (hidden information already removed), the seat and the
legal actions, plus its own RNG; it returns one of the legal actions. It must not read anything
else, so hot-seat secrets stay secret and the same inputs give the same decision.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol, Sequence, TypeVar

from courier.rules import registry
from courier.rules.base import Action, GameRules
from courier.rules.rng import Rng

LEVELS = ("easy", "normal", "hard")

K = TypeVar("K", bound=Action)


def all_of(kind: type[K], legal: Sequence[Action]) -> list[K]:
    """``legal`` as actions of one ``kind``, where the rules offer that kind alone (the bases to
    choose from, the cards to keep, the Rogue's routes...), so that a player reads their fields
    checked; a TypeError if one is of another kind."""
    out = [a for a in legal if isinstance(a, kind)]
    if len(out) != len(legal):
        raise TypeError(f"not every action offered is a {kind.__name__}")
    return out


class Bot(Protocol):
    level: str

    def choose(self, game: GameRules, view: Any, seat: int, legal: Sequence[Action], rng: Rng) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions: the fuzzer's player."""

    level = "random"

    def choose(self, game: GameRules, view: Any, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        return rng.choice(list(legal))


def _heuristics(game_id: str) -> str:
    """The module with ``make_bot(level) -> Bot`` (the game's own heuristic player), as the
    game's parts name it (``courier.rules.registry``); KeyError if it has none."""
    module = registry.part(game_id, "players")
    if module is None:
        raise KeyError(game_id)
    return module


#: True: ``easy``/``normal``/``hard`` are the search player (what the setup screen's levels should
#: mean). Kept False until the games' own tests ask for ``heuristic-<level>`` explicitly: they play
#: dozens of whole games with these names and the search thinks up to a second per move.
LEVELS_USE_SEARCH = True


def heuristic_bot(game_id: str, level: str = "normal") -> Bot:
    """The game's own rule-of-thumb player (also the search player's rollout policy)."""
    module = importlib.import_module(_heuristics(game_id))
    return module.make_bot(level)


def resolve_level(level: str) -> str:
    """The concrete player a level name stands for now: ``search-hard``, ``heuristic-easy``,
    ``random``... (``easy``/``normal``/``hard`` follow ``LEVELS_USE_SEARCH``). ValueError if unknown."""
    if level in ("random", "greedy", "rush"):
        return level
    if level in LEVELS:
        return ("search-" if LEVELS_USE_SEARCH else "heuristic-") + level
    kind, _, rest = level.partition("-")
    if kind == "heuristic" and rest in LEVELS + ("",):
        return f"heuristic-{rest or 'normal'}"
    if kind == "search" and rest in LEVELS:
        return level
    raise ValueError(f"unknown AI level {level!r}; levels: {', '.join(LEVELS)}, heuristic, search-LEVEL, random, "
                     "greedy, rush")


def rule_of_thumb(level: str) -> str:
    """The rule-of-thumb player standing in for ``level`` (the search levels' fallback)."""
    kind, _, strength = resolve_level(level).partition("-")
    return f"heuristic-{strength}" if kind == "search" else resolve_level(level)


def uses_search(level: str) -> bool:
    """True if a seat at ``level`` is the search player (it then thinks in the worker process)."""
    try:
        return resolve_level(level).startswith("search-")
    except ValueError:
        return False


KINDS_HELP = ("ai-easy, ai-normal, ai-hard, heuristic (or heuristic-easy/-normal/-hard), random, "
              "an outside yardstick: greedy, rush, or an outside style of the gauntlet: out-greedy, out-rush, "
              "out-planner, out-denier, out-gambler, out-human")


def seat_level(kind: str) -> str:
    """The ``make_bot`` level for a ``courier simulate`` seat kind; ValueError for an unknown kind."""
    from courier.dev.gauntlet import LEVELS as OUTSIDE

    if kind.startswith("ai-") and kind[3:] in ("easy", "normal", "hard"):
        return "search-" + kind[3:]
    if kind in ("random", "heuristic", "greedy", "rush") or kind in ("heuristic-easy", "heuristic-normal", "heuristic-hard"):
        return kind
    if kind in OUTSIDE:
        return kind
    raise ValueError(f"unknown seat kind {kind!r}; use {KINDS_HELP}")


def make_bot(game_id: str, level: str = "normal") -> Bot:
    """The computer player for ``game_id`` at ``level``.

    ``search-easy``/``search-normal``/``search-hard`` are the search player; ``heuristic`` (or
    ``heuristic-easy`` etc.) the game's own rule-of-thumb player; ``easy``/``normal``/``hard``
    are one or the other (see ``LEVELS_USE_SEARCH``); ``random`` picks uniformly; ``greedy`` and
    ``rush`` are the outside yardsticks (``courier.ai.yardsticks``), written apart from our players.
    """
    if level.startswith("out-"):  # the gauntlet's outside styles, written apart from our players
        from courier.dev.gauntlet import make_outsider

        return make_outsider(game_id, level)
    level = resolve_level(level)
    if level == "random":
        return RandomBot()
    if level in ("greedy", "rush"):
        from courier.ai.yardsticks import make_yardstick

        return make_yardstick(game_id, level)
    kind, _, strength = level.partition("-")
    if kind == "search":
        _heuristics(game_id)  # KeyError for a game without a player of its own
        from courier.ai.search import SearchBot

        return SearchBot(game_id, strength)
    return heuristic_bot(game_id, strength)


def has_player(game_id: str) -> bool:
    """True if ``game_id`` has its own computer player (and so the search player too)."""
    return registry.part(game_id, "players") is not None
