"""Every number of Next Day in one place, so a designer can change the game without code."""

from __future__ import annotations

from pydantic import Field

from courier.rules.base import GameConfig


class NextDayConfig(GameConfig):
    """Defaults follow the rulebook and our rulings (see docs/rules/next-day.md)."""

    players: int = 4
    map: str = "kevingston"
    #: contracts each seat builds for the next seat, by player count
    contracts_per_seat: dict[int, int] = Field(default_factory=lambda: {3: 6, 4: 4})
    #: parcels spread over those contracts, by player count
    parcels_per_seat: dict[int, int] = Field(default_factory=lambda: {3: 11, 4: 8})
    start_credits: int = 100
    price_per_step: int = 5
    price_floor: int = 20
    move_units: int = 10
    entry_cost: dict[str, int] = Field(default_factory=lambda: {"village": 1, "town": 2, "city": 4})
    congestion_cost: int = 2
    capacity: dict[str, int] = Field(default_factory=lambda: {"van": 2, "bike": 1})
    #: parcels a vehicle may carry beyond its capacity (an illegal load)
    overload: int = 1
    blockage_move_cost: dict[str, int] = Field(
        default_factory=lambda: {"diversion": 60, "roadworks": 30, "checkpoint": 30}
    )
    declare_bonus_per_parcel: int = 5
    home: str = "Kevingston"
    #: lowest whole-credit bid allowed in an auction
    min_bid: int = 1
    #: safety net: the game stops after this many full rounds, with no bonus
    round_limit: int = Field(default=60, ge=1)
    #: skip the set-up phase: every seat's contracts are built at random
    quick_setup: bool = False
    #: the rules version this game is played under (``NextDay.version`` for a new game; a game
    #: saved under earlier rules keeps them): 1 = before a route back through its own start
    #: stopped paying congestion for the moving vehicle itself
    rules_version: int = Field(default=2, ge=1, le=2)

    def contracts(self) -> int:
        return self.contracts_per_seat[self.players]

    def parcels(self) -> int:
        return self.parcels_per_seat[self.players]
