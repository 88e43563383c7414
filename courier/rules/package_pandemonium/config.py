"""Every number of Package Pandemonium in one validated place (defaults from the rulebook and
our rulings), so a designer can retune the game without touching the rules code."""

from __future__ import annotations

from pydantic import Field

from courier.rules.base import GameConfig
from courier.rules.package_pandemonium import content


class PandemoniumConfig(GameConfig):
    players: int = Field(2, ge=1, le=3)
    map: str = ""

    def default_seat_names(self) -> list[str]:
        """A lone player is the solo driver; with three, the third seat drives the Rogue (the
        computer's Rogue and rival van of a solo game are vans, not seats: they have no name here)."""
        if self.players == 1:
            return ["Solo driver"]
        names = ["Player 1", "Player 2"]
        return names + ["Rogue player"] if self.players == 3 else names

    rounds: int = Field(16, ge=1, le=16)  # one per priority card
    route_steps: int = 3
    long_route_steps: int = 4
    cubes_per_player: int = 6
    van_capacity: int = 5
    rogue_player_capacity: int = 4
    battery_max: int = 3
    rogue_steps: int = 3

    low_points: int = 1
    high_points: int = 5
    defuse_points: int = 10
    stolen_multiplier: int = 2  # the 3-player Rogue scores stolen packages this many times over

    recharge_low_cost: int = 2  # full base recharge: this many low packages ...
    recharge_high_cost: int = 1  # ... or this many high ones

    bomb_rounds: int = 5
    missions_each: int = 2

    pool_low: int = 40
    pool_high: int = 12
    start_low: int = 6
    start_high: int = 2

    #: priority cards that give +1 sat-nav charge when revealed / that allow a 4-step route
    battery_cards: tuple[int, ...] = (5, 10, 15)
    long_route_cards: tuple[int, ...] = (14, 16)

    locations: tuple[str, ...] = content.LOCATIONS
    companies: dict[str, tuple[str, str]] = Field(default_factory=lambda: dict(content.COMPANIES))
    missions: dict[str, tuple[str, int]] = Field(default_factory=lambda: dict(content.MISSIONS))
    spawn_cards: tuple[tuple[tuple[str, str], ...], ...] = content.SPAWN_CARDS
