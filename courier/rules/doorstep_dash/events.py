"""What happens in Doorstep Dash, one class per kind of event: what the log reads, what the
screens draw and the computer players learn. ``data`` gives the fields as the log and records
always had them (``kind`` names a class in records and tests)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from courier.rules.base import Event, absent, keyed


@dataclass(frozen=True, kw_only=True)
class First(Event):
    kind = "first"
    reveals: bool = True
    seat: int
    rolls: list[list[int]]


@dataclass(frozen=True, kw_only=True)
class Kept(Event):
    kind = "kept"
    seat: int
    count: int


@dataclass(frozen=True, kw_only=True)
class Row(Event):
    kind = "row"
    reveals: bool = True
    cards: list[str]


@dataclass(frozen=True, kw_only=True)
class Moved(Event):
    kind = "moved"
    seat: int
    path: list[list[int]]


@dataclass(frozen=True, kw_only=True)
class TestRoll(Event):
    __test__ = False  # a pytest file that imports it must not take it for a test class
    kind = "test roll"
    reveals: bool = True
    seat: int
    value: int
    target: int
    source: str


@dataclass(frozen=True, kw_only=True)
class BluePlayed(Event):
    kind = "blue played"
    seat: int
    value: int
    boost: int
    target: int


@dataclass(frozen=True, kw_only=True)
class Gave(Event):
    kind = "gave"
    seat: int
    to: int


@dataclass(frozen=True, kw_only=True)
class Delivered(Event):
    kind = "delivered"
    seat: int
    house: str
    points: int
    cell: list[int]
    colour: str


@dataclass(frozen=True, kw_only=True)
class BonusDrawn(Event):
    kind = "bonus drawn"
    reveals: bool = True
    seat: int


@dataclass(frozen=True, kw_only=True)
class Claimed(Event):
    kind = "claimed"
    seat: int
    cards: list[str]


@dataclass(frozen=True, kw_only=True)
class Turn(Event):
    kind = "turn"
    seat: int
    round: int


@dataclass(frozen=True, kw_only=True)
class TrapSprung(Event):
    kind = "trap sprung"
    seat: int
    owner: int
    cell: list[int]


@dataclass(frozen=True, kw_only=True)
class TestPassed(Event):
    __test__ = False  # a pytest file that imports it must not take it for a test class
    kind = "test passed"
    seat: int
    passed: bool
    value: int
    target: int
    source: str


@dataclass(frozen=True, kw_only=True)
class TestFailed(Event):
    __test__ = False  # a pytest file that imports it must not take it for a test class
    kind = "test failed"
    seat: int
    passed: bool
    value: int
    target: int
    source: str


@dataclass(frozen=True, kw_only=True)
class Discarded(Event):
    kind = "discarded"
    seat: int
    bonus_kind: str = keyed('kind')


@dataclass(frozen=True, kw_only=True)
class Reshuffled(Event):
    kind = "reshuffled"
    reveals: bool = True


@dataclass(frozen=True, kw_only=True)
class Skipped(Event):
    kind = "skipped"
    seat: int


@dataclass(frozen=True, kw_only=True)
class GameOver(Event):
    kind = "game_over"


@dataclass(frozen=True, kw_only=True)
class Rolled(Event):
    kind = "rolled"
    reveals: bool = True
    seat: int
    value: int
    ends: list[list[int]]


@dataclass(frozen=True, kw_only=True)
class TrapSet(Event):
    kind = "trap set"
    seat: int
    cell: list[int]
    old: list[int] | None


@dataclass(frozen=True, kw_only=True)
class TrapRemoved(Event):
    kind = "trap removed"
    seat: int
    cell: list[int]


@dataclass(frozen=True, kw_only=True)
class GaveUp(Event):
    kind = "gave up"
    reveals: bool = True
    seat: int
    cards: list[str]


#: every kind of event the game emits, for the conformance test and the screens' tables
EVENTS: tuple[type[Event], ...] = (
    First,
    Kept,
    Row,
    Moved,
    TestRoll,
    BluePlayed,
    Gave,
    Delivered,
    BonusDrawn,
    Claimed,
    Turn,
    TrapSprung,
    TestPassed,
    TestFailed,
    Discarded,
    Reshuffled,
    Skipped,
    GameOver,
    Rolled,
    TrapSet,
    TrapRemoved,
    GaveUp,
)
