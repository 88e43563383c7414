"""What happens in Out For Delivery, one class per kind of event: what the log reads, what the
screens draw and the computer players learn. ``data`` gives the fields as the log and records
always had them (``kind`` names a class in records and tests)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from courier.rules.base import Event, absent, keyed


@dataclass(frozen=True, kw_only=True)
class ParcelsAdvanced(Event):
    kind = "parcels_advanced"
    round: int
    moved: list[dict[str, Any]]
    lost: list[dict[str, Any]]


@dataclass(frozen=True, kw_only=True)
class Obstacle(Event):
    kind = "obstacle"
    reveals: bool = True
    dice: list[int]
    obstacle: str


@dataclass(frozen=True, kw_only=True)
class ParcelsGenerated(Event):
    kind = "parcels_generated"
    reveals: bool = True
    cities: dict[str, list[int]]


@dataclass(frozen=True, kw_only=True)
class Weather(Event):
    kind = "weather"
    reveals: bool = True
    region: int
    dice: list[int]
    weather: str


@dataclass(frozen=True, kw_only=True)
class Started(Event):
    kind = "started"
    seat: int
    city: int
    cell: int


@dataclass(frozen=True, kw_only=True)
class Rolled(Event):
    kind = "rolled"
    reveals: bool = True
    seat: int
    dice: list[int]
    mp: int


@dataclass(frozen=True, kw_only=True)
class Moved(Event):
    kind = "moved"
    seat: int
    path: list[list[int]]
    cost: float
    item: str | None = absent()


@dataclass(frozen=True, kw_only=True)
class Flew(Event):
    kind = "flew"
    seat: int
    path: list[list[int]]
    cost: float
    item: str


@dataclass(frozen=True, kw_only=True)
class PickedUp(Event):
    kind = "picked_up"
    seat: int
    city: int
    dest: int
    cell: list[int]


@dataclass(frozen=True, kw_only=True)
class Delivered(Event):
    kind = "delivered"
    seat: int
    dest: int
    square: int
    gold: int
    cell: list[int]


@dataclass(frozen=True, kw_only=True)
class Bought(Event):
    kind = "bought"
    reveals: bool = True
    seat: int
    dice: list[int]
    item: str
    gold: int


@dataclass(frozen=True, kw_only=True)
class Sold(Event):
    kind = "sold"
    seat: int
    item: str
    gold: int


@dataclass(frozen=True, kw_only=True)
class Used(Event):
    kind = "used"
    seat: int
    item: str


@dataclass(frozen=True, kw_only=True)
class Stole(Event):
    kind = "stole"
    seat: int
    victim: int
    dest: int
    square: int


@dataclass(frozen=True, kw_only=True)
class Offered(Event):
    kind = "offered"
    seat: int
    partner: int
    give: str
    get: str


@dataclass(frozen=True, kw_only=True)
class Traded(Event):
    kind = "traded"
    seat: int
    partner: int
    give: str
    get: str


@dataclass(frozen=True, kw_only=True)
class TurnEnded(Event):
    kind = "turn_ended"
    seat: int


@dataclass(frozen=True, kw_only=True)
class ItemRolled(Event):
    kind = "item_rolled"
    reveals: bool = True
    seat: int
    dice: list[int]
    item: str


@dataclass(frozen=True, kw_only=True)
class Declined(Event):
    kind = "declined"
    seat: int
    partner: int


@dataclass(frozen=True, kw_only=True)
class GameOver(Event):
    kind = "game_over"
    scores: list[int]


#: every kind of event the game emits, for the conformance test and the screens' tables
EVENTS: tuple[type[Event], ...] = (
    ParcelsAdvanced,
    Obstacle,
    ParcelsGenerated,
    Weather,
    Started,
    Rolled,
    Moved,
    Flew,
    PickedUp,
    Delivered,
    Bought,
    Sold,
    Used,
    Stole,
    Offered,
    Traded,
    TurnEnded,
    ItemRolled,
    Declined,
    GameOver,
)
