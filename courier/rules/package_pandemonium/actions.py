"""Package Pandemonium's actions and their text forms ("p1 step N", "p2 priority 7").

Every text starts with the seat ("p1" is the first seat) because priority cards are chosen by
several seats at once, so the text alone must say who acts. Each class's ``text`` is its text
form as data (see courier.rules.codec).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from courier.rules.base import Action, IllegalAction
from courier.rules.codec import Choice, Codec, Field, Joined, Seat, whole
from courier.rules.package_pandemonium.board import DIRS, cell_name, parse_cell

KIND_WORDS = {"L": "low", "H": "high", "B": "bomb", "SL": "stolen-low", "SH": "stolen-high"}
WORD_KINDS = {v: k for k, v in KIND_WORDS.items()}


@dataclass(frozen=True)
class PlaceBase(Action):
    text = "{seat:seat} base {cell:cell}"
    cell: int


@dataclass(frozen=True)
class ChooseCompany(Action):
    text = "{seat:seat} company {company:word}"
    company: str


@dataclass(frozen=True)
class PlayPriority(Action):
    text = "{seat:seat} priority {card:card}"
    card: int


@dataclass(frozen=True)
class ChooseOrder(Action):
    text = "{seat:seat} go {first:order}"
    first: bool


@dataclass(frozen=True)
class UseExpress(Action):
    text = "{seat:seat} express"


@dataclass(frozen=True)
class Step(Action):
    text = "{seat:seat} step {direction:dir}"
    direction: str


@dataclass(frozen=True)
class Drive(Action):
    """Several steps at once, taking what fits on the way (a convenience for whole routes)."""

    text = "{seat:seat} drive {directions:route}"
    directions: tuple[str, ...]


@dataclass(frozen=True)
class Take(Action):
    text = "{seat:seat} take {kind:package}"
    kind: str


@dataclass(frozen=True)
class Drop(Action):
    text = "{seat:seat} drop {kind:package}"
    kind: str


@dataclass(frozen=True)
class PassBomb(Action):
    text = "{seat:seat} pass bomb to {to_seat:seat}"
    to_seat: int


@dataclass(frozen=True)
class Recharge(Action):
    text = "{seat:seat} recharge {kind:payment}"
    kind: str  # "L" (pay low packages) or "H" (pay one high)


@dataclass(frozen=True)
class EndRoute(Action):
    text = "{seat:seat} end route"


@dataclass(frozen=True)
class RogueRoute(Action):
    """The round winner steers the automated Rogue (2 players)."""

    text = "{seat:seat} rogue {directions:rogue_route}"
    directions: tuple[str, ...]


@dataclass(frozen=True)
class Defend(Action):
    """Answer to a theft: spend a sat-nav charge to keep the package, or let it go."""

    text = "{seat:seat} {protect:answer}"
    protect: bool


def _dirs(text: str) -> tuple[str, ...]:
    parts = tuple(p.strip().upper() for p in text.split(",") if p.strip())
    if not parts or any(p not in DIRS for p in parts):
        raise IllegalAction(f"{text!r} is not a route; write directions like N,E,E")
    return parts


class CellField(Field):
    """A tile by its name, ``A1`` to ``E5``."""

    def write(self, action: Action, name: str) -> str:
        return cell_name(getattr(action, name))

    def value(self, text: str, ctx: Mapping[str, Any]) -> int:
        return parse_cell(text)


class DirField(Field):
    """One compass step, in either case."""

    def value(self, text: str, ctx: Mapping[str, Any]) -> str:
        if text.upper() not in DIRS:
            raise IllegalAction(f"{text!r} is not a direction (N, E, S or W)")
        return text.upper()


class RouteField(Joined):
    """Steps joined by commas (``N,E,E``); ``stay`` for none where a route may be empty."""

    def __init__(self, empty: str | None = None) -> None:
        super().__init__(",", pattern=r"\S+", empty=empty)

    def value(self, text: str, ctx: Mapping[str, Any]) -> tuple[str, ...]:
        return () if self.empty is not None and text == self.empty else _dirs(text)


class PriorityField(Field):
    def value(self, text: str, ctx: Mapping[str, Any]) -> int:
        if not whole(text):
            raise IllegalAction(f"{text!r} is not a priority card (1 to 16)")
        return int(text)


CODEC = Codec(
    "Package Pandemonium",
    [PlaceBase, ChooseCompany, PlayPriority, ChooseOrder, UseExpress, Step, Drive, Take, Drop, PassBomb,
     Recharge, EndRoute, RogueRoute, Defend],
    fields={"seat": Seat(any_case=True, from_one=True), "cell": CellField(), "card": PriorityField(),
            "order": Choice({True: "first", False: "second"}), "dir": DirField(), "route": RouteField(),
            "rogue_route": RouteField(empty="stay"), "package": Choice(KIND_WORDS),
            "payment": Choice(KIND_WORDS, accept=("low", "high")),
            "answer": Choice({True: "protect", False: "let go"})},
    unknown="{text!r} is not a Package Pandemonium action",
    any_case=True,
)


def parse(text: str) -> Action:
    """The action written as ``text`` (the inverse of ``to_text``)."""
    return CODEC.parse(text)
