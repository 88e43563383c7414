"""What changes during a game of Out For Delivery, as plain dataclasses.

Everything is public in this game (parcel boards, gold and items are on the table); only the
RNG is private, so the dice cannot be predicted from a view. ``clone`` is written by hand
because bots copy states thousands of times.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from courier.rules.out_for_delivery.config import OfdConfig
from courier.rules.rng import Rng


@dataclass(frozen=True, slots=True)
class Parcel:
    """A parcel on a player's parcel board: where it must go and which square it sits on (0 = left).

    Frozen, so clones share parcels; advancing a parcel replaces it.
    """

    dest: int
    square: int

    def label(self) -> str:
        return f"{self.dest}@{self.square + 1}"


@dataclass(slots=True)
class Player:
    cell: int = -1  # -1 before the start city is chosen
    gold: int = 0
    items: list[str] = field(default_factory=list)
    parcels: list[Parcel] = field(default_factory=list)
    delivered: int = 0

    def clone(self) -> "Player":
        return Player(self.cell, self.gold, self.items[:], self.parcels[:], self.delivered)


@dataclass(frozen=True, slots=True)
class Offer:
    """A trade proposal waiting for the partner's answer. ``give``/``get`` are thing texts."""

    seat: int
    partner: int
    give: str
    get: str


@dataclass(slots=True)
class OfdState:
    players: list[Player]
    #: parcels waiting at each city's pick-up tile, index = city number - 1, values = destinations
    waiting: list[list[int]]
    rng: Rng
    phase: str = "start"  # start (choose city), roll, act, answer (trade partner), over
    current: int = 0
    round: int = 0
    mp: int = 0  # movement points left this turn, in half points
    weather: list[str] = field(default_factory=list)  # per region
    obstacle: str = "none"
    bought: bool = False
    sold: bool = False
    traded: bool = False  # made this turn's one trade offer
    umbrella: bool = False
    snow_shoes: bool = False
    offer: Offer | None = None
    delivered_total: int = 0
    lost_total: int = 0  # parcels that fell off a parcel board
    generated_total: int = 0
    last_dice: list[int] = field(default_factory=list)  # the turn's movement roll, for display
    #: the game's config (static, shared; not saved and not compared)
    config: OfdConfig = field(default=cast(OfdConfig, None), init=False, compare=False, repr=False)

    def clone(self) -> "OfdState":
        """A copy sharing nothing mutable (parcels and offers are frozen, so they are shared)."""
        c = OfdState([p.clone() for p in self.players], [w[:] for w in self.waiting], self.rng.clone(),
                     self.phase, self.current, self.round, self.mp, self.weather[:], self.obstacle, self.bought,
                     self.sold, self.traded, self.umbrella, self.snow_shoes, self.offer, self.delivered_total,
                     self.lost_total, self.generated_total, self.last_dice[:])
        c.config = self.config
        return c

    def parcels_in_play(self) -> int:
        return sum(len(w) for w in self.waiting) + sum(len(p.parcels) for p in self.players)
