"""Everything that changes during a game of Next Day, as plain dataclasses.

``clone()`` is written by hand (the AI copies states often); equality is dataclass equality, so
save -> load -> equal can be asserted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from courier.rules.next_day.config import NextDayConfig
from courier.rules.rng import Rng

VEHICLES = ("van", "bike")
FRESH, MOVING, DONE = "fresh", "moving", "done"


@dataclass(slots=True)
class Contract:
    """A pair of town cards: parcels wait at ``pickup`` and earn ``price`` each at ``dropoff``."""

    id: int
    owner: int
    pickup: str
    dropoff: str
    price: int
    parcels: int
    waiting: int
    delivered: int = 0
    done: bool = False

    def clone(self) -> "Contract":
        return Contract(self.id, self.owner, self.pickup, self.dropoff, self.price, self.parcels,
                        self.waiting, self.delivered, self.done)


@dataclass(slots=True)
class Draft:
    """A contract a seat is still building for the next seat (hidden until finished)."""

    pickup: str
    dropoff: str
    parcels: int = 1

    def clone(self) -> "Draft":
        return Draft(self.pickup, self.dropoff, self.parcels)


@dataclass(slots=True)
class Vehicle:
    kind: str  # "van" or "bike"
    place: str
    #: contract id of each parcel carried
    cargo: list[int] = field(default_factory=list)
    used: int = 0  # movement units spent this turn
    steps: int = 0  # road sections driven this turn
    status: str = FRESH  # fresh: not moved yet; moving: may go on; done: its move is over

    def clone(self) -> "Vehicle":
        return Vehicle(self.kind, self.place, list(self.cargo), self.used, self.steps, self.status)


@dataclass(slots=True)
class PlayerState:
    credits: int
    vehicles: list[Vehicle]
    hand: list[str] = field(default_factory=list)
    drafts: list[Draft] = field(default_factory=list)
    built: bool = False
    discards: list[str] = field(default_factory=list)
    delivered: int = 0  # parcels this player has delivered (the end bonus counts them)

    def clone(self) -> "PlayerState":
        return PlayerState(self.credits, [v.clone() for v in self.vehicles], list(self.hand),
                           [d.clone() for d in self.drafts], self.built, list(self.discards), self.delivered)

    def vehicle(self, kind: str) -> Vehicle:
        return self.vehicles[VEHICLES.index(kind)]


@dataclass(slots=True)
class Blockage:
    id: int
    kind: str  # diversion, roadworks, checkpoint
    road: int

    def clone(self) -> "Blockage":
        return Blockage(self.id, self.kind, self.road)


@dataclass(slots=True)
class Auction:
    """A reverse auction for the rest of a contract: bids alternate challenger, owner, ..."""

    contract: int
    challenger: int
    owner: int
    vehicle: str
    #: [seat, amount] in order; the last one is the lowest
    bids: list[list[int]] = field(default_factory=list)
    to_bid: int = 0

    def clone(self) -> "Auction":
        return Auction(self.contract, self.challenger, self.owner, self.vehicle,
                       [list(b) for b in self.bids], self.to_bid)

    @property
    def lowest(self) -> int:
        return self.bids[-1][1]


@dataclass(slots=True)
class NextDayState:
    players: list[PlayerState]
    contracts: list[Contract]
    blockages: list[Blockage]
    rng: Rng
    phase: str = "setup"  # setup, play, over
    current: int = 0
    first: int = 0
    round: int = 1
    auction: Auction | None = None
    #: contracts already auctioned this turn (one auction per contract per turn)
    auctioned: list[int] = field(default_factory=list)
    declared_by: int = -1
    bonus: int = 0
    end_reason: str = ""  # "declared" or "round limit"
    #: the match's config (not saved with the state, not compared; set by the game)
    config: NextDayConfig = field(default=cast(NextDayConfig, None), init=False, compare=False, repr=False)

    def clone(self) -> "NextDayState":
        out = NextDayState(
            [p.clone() for p in self.players],
            [c.clone() for c in self.contracts],
            [b.clone() for b in self.blockages],
            self.rng.clone(),
            self.phase,
            self.current,
            self.first,
            self.round,
            self.auction.clone() if self.auction else None,
            list(self.auctioned),
            self.declared_by,
            self.bonus,
            self.end_reason,
        )
        out.config = self.config
        return out

    # -- small queries the engine, AI and view share ------------------------------------------
    def in_transit(self, contract_id: int) -> int:
        return sum(v.cargo.count(contract_id) for p in self.players for v in p.vehicles)

    def open_contracts(self, seat: int) -> list[Contract]:
        return [c for c in self.contracts if c.owner == seat and not c.done]

    def vehicles_at(self, place: str) -> int:
        return sum(1 for p in self.players for v in p.vehicles if v.place == place)

    def blockage_on(self, road: int) -> Blockage | None:
        for b in self.blockages:
            if b.road == road:
                return b
        return None
