"""What happens in Next Day, one class per kind of event: what the log reads, what the
screens draw and the computer players learn. ``data`` gives the fields as the log and records
always had them (``kind`` names a class in records and tests)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from courier.rules.base import Event, absent, keyed


@dataclass(frozen=True, kw_only=True)
class Moved(Event):
    kind = "moved"
    seat: int
    vehicle: str
    path: list[str]
    cost: int


@dataclass(frozen=True, kw_only=True)
class AuctionWon(Event):
    kind = "auction_won"
    seat: int
    contract: int
    price: int
    changed_hands: bool
    challenger: int
    owner: int


@dataclass(frozen=True, kw_only=True)
class TurnEnded(Event):
    kind = "turn_ended"
    seat: int


@dataclass(frozen=True, kw_only=True)
class Declared(Event):
    kind = "declared"
    seat: int
    bonus: int
    parcels: int


@dataclass(frozen=True, kw_only=True)
class BlockageMoved(Event):
    kind = "blockage_moved"
    seat: int
    blockage: int
    from_: int = keyed('from')
    to: int
    cost: int


@dataclass(frozen=True, kw_only=True)
class Collected(Event):
    kind = "collected"
    seat: int
    vehicle: str
    contract: int
    place: str
    illegal: bool


@dataclass(frozen=True, kw_only=True)
class Delivered(Event):
    kind = "delivered"
    seat: int
    vehicle: str
    contract: int
    place: str
    amount: int


@dataclass(frozen=True, kw_only=True)
class Transferred(Event):
    kind = "transferred"
    seat: int
    from_: str = keyed('from')
    to: str
    contract: int
    place: str


@dataclass(frozen=True, kw_only=True)
class Bid(Event):
    kind = "bid"
    seat: int
    contract: int
    amount: int
    owner: int | None = absent()


@dataclass(frozen=True, kw_only=True)
class Completed(Event):
    kind = "completed"
    seat: int
    contract: int


@dataclass(frozen=True, kw_only=True)
class Passed(Event):
    kind = "passed"
    seat: int
    contract: int


@dataclass(frozen=True, kw_only=True)
class GameOver(Event):
    kind = "game_over"
    rounds: int


@dataclass(frozen=True, kw_only=True)
class Rolled(Event):
    kind = "rolled"
    reveals: bool = True
    value: int
    seat: int


@dataclass(frozen=True, kw_only=True)
class Contract(Event):
    kind = "contract"
    reveals: bool = True
    seat: int
    builder: int
    contract: int


@dataclass(frozen=True, kw_only=True)
class ContractsBuilt(Event):
    kind = "contracts_built"
    seat: int


#: every kind of event the game emits, for the conformance test and the screens' tables
EVENTS: tuple[type[Event], ...] = (
    Moved,
    AuctionWon,
    TurnEnded,
    Declared,
    BlockageMoved,
    Collected,
    Delivered,
    Transferred,
    Bid,
    Completed,
    Passed,
    GameOver,
    Rolled,
    Contract,
    ContractsBuilt,
)
