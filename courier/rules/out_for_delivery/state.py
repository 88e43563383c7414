"""What changes during a game of Out For Delivery, as plain dataclasses.

Everything is public in this game (parcel boards, gold and items are on the table); only the
RNG is private, so the dice cannot be predicted from a view. ``clone`` is written by hand
because bots copy states thousands of times.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from courier.rules.rng import Rng


@dataclass(frozen=True)
class Parcel:
    """A parcel on a player's parcel board: where it must go and which square it sits on (0 = left).

    Frozen, so clones share parcels; advancing a parcel replaces it.
    """

    dest: int
    square: int

    def label(self) -> str:
        return f"{self.dest}@{self.square + 1}"


@dataclass
class Player:
    cell: int = -1  # -1 before the start city is chosen
    gold: int = 0
    items: list[str] = field(default_factory=list)
    parcels: list[Parcel] = field(default_factory=list)
    delivered: int = 0

    def clone(self) -> "Player":
        c = object.__new__(Player)
        c.__dict__.update(self.__dict__)
        c.items = list(self.items)
        c.parcels = list(self.parcels)
        return c


@dataclass(frozen=True)
class Offer:
    """A trade proposal waiting for the partner's answer. ``give``/``get`` are thing texts."""

    seat: int
    partner: int
    give: str
    get: str


@dataclass
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
    config: Any = field(default=None, init=False, compare=False, repr=False)

    def clone(self) -> "OfdState":
        """A copy sharing nothing mutable (parcels and offers are frozen, so they are shared)."""
        c = object.__new__(OfdState)
        d = self.__dict__.copy()
        d["players"] = [p.clone() for p in self.players]
        d["waiting"] = [list(w) for w in self.waiting]
        d["rng"] = self.rng.clone()
        d["weather"] = list(self.weather)
        d["last_dice"] = list(self.last_dice)
        c.__dict__.update(d)
        return c

    def parcels_in_play(self) -> int:
        return sum(len(w) for w in self.waiting) + sum(len(p.parcels) for p in self.players)
