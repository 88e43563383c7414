"""How the log and labels speak of a seat: by the name typed at set-up, else "Player N"."""

from __future__ import annotations

from courier.rules.next_day.config import NextDayConfig


def who(cfg: NextDayConfig, seat: int) -> str:
    """The name players know ``seat`` by, from ``GameRules.seat_name`` so every text agrees."""
    from courier.rules.next_day.game import GAME  # late: the game module imports the engine

    return GAME.seat_name(cfg, seat)
