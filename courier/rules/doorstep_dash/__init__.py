"""Doorstep Dash: delivery vans, a town of houses, hazards and traps (2-4 players)."""

from courier.rules import registry
from courier.rules.doorstep_dash.game import GAME, DoorstepDash

registry.register(GAME)

__all__ = ["GAME", "DoorstepDash"]
