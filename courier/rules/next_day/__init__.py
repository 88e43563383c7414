"""Next Day: the diceless contract game (3-4 players). Registers itself on import."""

from courier.rules import registry
from courier.rules.next_day.game import GAME, NextDay

registry.register(GAME)

__all__ = ["GAME", "NextDay"]
