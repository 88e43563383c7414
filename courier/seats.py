"""Seat kinds: the one place that turns a seat kind (``ai-hard``, ``out-greedy``,
``stranger-steady``) into the player that decides for it.

Our own computer players and the gauntlet's outside styles are made by ``courier.ai.base``; the
held-out strangers (``courier.strangers``) are made here, so that the strangers' package never
needs to know about ours.
"""

from __future__ import annotations

from typing import Any

from courier import strangers
from courier.ai.base import KINDS_HELP as _KINDS_HELP

#: what ``--seat`` accepts, for help and error texts
KINDS_HELP = f"{_KINDS_HELP}, or a held-out stranger: {', '.join(strangers.LEVELS)}"


def seat_level(kind: str) -> str:
    """The player level a seat kind names (a stranger's kind is its own level); ValueError for
    a kind nobody plays."""
    if strangers.is_stranger(kind):
        return kind
    from courier.ai.base import seat_level as ours

    try:
        return ours(kind)
    except ValueError as exc:
        raise ValueError(f"{exc}, or a held-out stranger: {', '.join(strangers.LEVELS)}") from None


def make_player(game_id: str, level: str) -> Any:
    """The player of ``level`` for ``game_id``: a stranger, or one of ``courier.ai.base``'s."""
    if strangers.is_stranger(level):
        return strangers.make_stranger(game_id, level)
    from courier.ai.base import make_bot

    return make_bot(game_id, level)
