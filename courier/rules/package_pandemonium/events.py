"""What happens in Package Pandemonium, one class per kind of event: what the log reads, what the
screens draw and the computer players learn. ``data`` gives the fields as the log and records
always had them (``kind`` names a class in records and tests)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from courier.rules.base import Event, absent, keyed


@dataclass(frozen=True, kw_only=True)
class Moved(Event):
    kind = "moved"
    van: int
    seat: int
    path: list[int]
    battery: int


@dataclass(frozen=True, kw_only=True)
class Deposited(Event):
    kind = "deposited"
    van: int
    cell: int
    kinds: list[str]


@dataclass(frozen=True, kw_only=True)
class Recharged(Event):
    kind = "recharged"
    van: int
    cell: int
    package: str = keyed('kind')


@dataclass(frozen=True, kw_only=True)
class Charged(Event):
    kind = "charged"
    van: int
    amount: int
    cell: int | None = absent()


@dataclass(frozen=True, kw_only=True)
class Picked(Event):
    kind = "picked"
    van: int
    cell: int
    kinds: list[str]


@dataclass(frozen=True, kw_only=True)
class Defused(Event):
    kind = "defused"
    van: int
    cell: int


@dataclass(frozen=True, kw_only=True)
class Express(Event):
    kind = "express"
    van: int


@dataclass(frozen=True, kw_only=True)
class Dropped(Event):
    kind = "dropped"
    van: int
    cell: int
    kinds: list[str]


@dataclass(frozen=True, kw_only=True)
class BombPassed(Event):
    kind = "bomb_passed"
    van: int
    to: int
    cell: int


@dataclass(frozen=True, kw_only=True)
class Base(Event):
    kind = "base"
    van: int
    cell: int


@dataclass(frozen=True, kw_only=True)
class Company(Event):
    kind = "company"
    van: int
    company: str


@dataclass(frozen=True, kw_only=True)
class Chosen(Event):
    kind = "chosen"
    seat: int


@dataclass(frozen=True, kw_only=True)
class Revealed(Event):
    kind = "revealed"
    reveals: bool = True
    cards: dict[int, int]


@dataclass(frozen=True, kw_only=True)
class Winner(Event):
    kind = "winner"
    seat: int


@dataclass(frozen=True, kw_only=True)
class Order(Event):
    kind = "order"
    order: list[int]


@dataclass(frozen=True, kw_only=True)
class RouteDone(Event):
    kind = "route_done"
    van: int


@dataclass(frozen=True, kw_only=True)
class Stolen(Event):
    kind = "stolen"
    thief: int
    victim: int
    cell: int
    package: str = keyed('kind')


@dataclass(frozen=True, kw_only=True)
class Round(Event):
    kind = "round"
    round: int


@dataclass(frozen=True, kw_only=True)
class Spawned(Event):
    kind = "spawned"
    reveals: bool = True
    card: int
    placements: list[list[int]]


@dataclass(frozen=True, kw_only=True)
class RogueTurn(Event):
    kind = "rogue_turn"
    seat: int


@dataclass(frozen=True, kw_only=True)
class Insured(Event):
    kind = "insured"
    thief: int
    victim: int
    cell: int
    package: str = keyed('kind')


@dataclass(frozen=True, kw_only=True)
class Protected(Event):
    kind = "protected"
    victim: int
    thief: int
    cell: int


@dataclass(frozen=True, kw_only=True)
class Exploded(Event):
    kind = "exploded"
    van: int
    cell: int
    kinds: list[str]


@dataclass(frozen=True, kw_only=True)
class GameOver(Event):
    kind = "game_over"


@dataclass(frozen=True, kw_only=True)
class Threat(Event):
    kind = "threat"
    thief: int
    victim: int


@dataclass(frozen=True, kw_only=True)
class Ticking(Event):
    kind = "ticking"
    van: int
    left: int


#: every kind of event the game emits, for the conformance test and the screens' tables
EVENTS: tuple[type[Event], ...] = (
    Moved,
    Deposited,
    Recharged,
    Charged,
    Picked,
    Defused,
    Express,
    Dropped,
    BombPassed,
    Base,
    Company,
    Chosen,
    Revealed,
    Winner,
    Order,
    RouteDone,
    Stolen,
    Round,
    Spawned,
    RogueTurn,
    Insured,
    Protected,
    Exploded,
    GameOver,
    Threat,
    Ticking,
)
