"""Pure rules cores: no pygame, no pytmx, deterministic from a seed."""

from courier.rules.base import Action, BoardError, ConfigError, Event, GameConfig, GameRules, IllegalAction
from courier.rules.rng import Rng

__all__ = ["Action", "BoardError", "ConfigError", "Event", "GameConfig", "GameRules", "IllegalAction", "Rng"]
