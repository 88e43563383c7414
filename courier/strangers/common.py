"""What every stranger shares: the seat object the simulator asks, and the one-ply look.

A stranger decides from the view its seat is given, never the full state: it copies that view,
tries each legal action on the copy through the rules' own ``apply``, and values the position it
leads to with its game's count of what a seat holds. Ties are broken by a ``random.Random`` seeded
from the decision's own randomness, so the same seed plays the same game.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from courier.rules.base import Action, GameRules


def tie_breaker(rng: Any) -> random.Random:
    """A ``random.Random`` fixed by the decision's randomness (a rules ``Rng`` or a plain seed)."""
    if hasattr(rng, "next_u64"):
        return random.Random(rng.next_u64())
    if isinstance(rng, random.Random):
        return random.Random(rng.getrandbits(64))
    return random.Random(rng)


def copy_of(state: Any) -> Any:
    return state.clone()


def after(game: GameRules, view: Any, action: Action) -> Any | None:
    """The view with ``action`` carried out on a copy; None when the view cannot play it (a view
    may lack what the full state has)."""
    trial = copy_of(view)
    try:
        game.apply(trial, action)
    except Exception:  # the rules refuse it on the view, or the view lacks a secret it needs
        return None
    return trial


def best(actions: Sequence[Action], value: Callable[[Action], float], rnd: random.Random,
         slack: float = 1e-9) -> Action:
    """The action of highest ``value``; a tie is broken by ``rnd``."""
    scored = [(value(a), a) for a in actions]
    top = max(v for v, _ in scored)
    tied = [a for v, a in scored if v >= top - slack]
    return tied[0] if len(tied) == 1 else rnd.choice(tied)


class Stranger:
    """One seat of a stranger style for one game; ``choose`` is what the simulator calls."""

    def __init__(self, game_id: str, style: str, decide: Callable[..., Action]) -> None:
        self.game_id = game_id
        self.style = style
        self.level = f"stranger-{style}"
        self._decide = decide

    def choose(self, game: GameRules, view: Any, seat: int, legal: Sequence[Action], rng: Any) -> Action:
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        rnd = tie_breaker(rng)
        action = self._decide(self.style, game, view, seat, legal, rnd)
        return action if action in legal else rnd.choice(legal)

    def __repr__(self) -> str:
        return f"Stranger({self.game_id!r}, {self.style!r})"
