"""What would the computer do here? The move the Normal rule-of-thumb player would make for a
person, with the reason the game log would give for it.

A hint is worked out from the person's own view and legal moves only, never from the whole
state: what they cannot see (the others' hands, missions, a card chosen in secret, the deck, the
dice to come) cannot change it. Its tie-breaking draws come from the position's public count of
moves, not from the game's seed. The rule-of-thumb player answers in a few milliseconds, so a
hint costs no more than a computer's move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from courier.ai import reasons
from courier.ai.base import make_bot
from courier.rules.base import Action, GameRules
from courier.rules.rng import Rng

#: the player whose move a hint shows
LEVEL = "heuristic-normal"


@dataclass(frozen=True)
class Suggestion:
    """The move suggested and why (None when the game's writer has nothing safe to say)."""

    action: Action
    reason: str | None


def hint_rng(n_actions: int, seat: int) -> Rng:
    """The hint's draws: from what everyone can count (moves so far, the seat), not the seed."""
    return Rng(n_actions * 64 + seat + 1)


def suggest(game_id: str, game: GameRules, view: Any, seat: int, legal: Sequence[Action],
            n_actions: int) -> Suggestion:
    """The Normal rule-of-thumb player's move for ``seat`` from ``view`` (the seat's own view),
    among ``legal``, and its reason. Raises ValueError when there is nothing to choose from."""
    legal = list(legal)
    if not legal:
        raise ValueError("no legal move to suggest")
    bot = make_bot(game_id, LEVEL)
    own = view.clone() if hasattr(view, "clone") else view
    action = legal[0] if len(legal) == 1 else bot.choose(game, own, seat, legal, hint_rng(n_actions, seat))
    reason = reasons.explain(game_id, game, view, seat, action, bot, voice="you", own=True) \
        if len(legal) > 1 else None
    return Suggestion(action, reason)
