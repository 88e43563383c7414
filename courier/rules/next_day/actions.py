"""Next Day's actions: small frozen values with a text form that ``parse_action`` turns back.

Set-up actions carry the seat in their text (``"p2 pair Ugley>Duck Street"``) because every
seat builds at once; play actions belong to the one seat to act (``"van Ugley->Sheepwash"``).
Each class's ``text`` is its text form as data (see courier.rules.codec).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from courier.rules.base import Action, IllegalAction
from courier.rules.codec import Choice, Codec, Field, Joined, Seat


@dataclass(frozen=True)
class SetupAction(Action):
    """Set-up actions name their seat in their text (``"p2 ..."``): every seat builds at once."""


@dataclass(frozen=True)
class Pair(SetupAction):
    """Make a contract from two cards: parcels wait at ``pickup`` for ``dropoff``."""

    text = "{seat:seat} pair {pickup:pickup}>{dropoff:dropoff}"
    pickup: str
    dropoff: str


@dataclass(frozen=True)
class Unpair(SetupAction):
    text = "{seat:seat} unpair {pickup:rest}"
    pickup: str


@dataclass(frozen=True)
class AddParcel(SetupAction):
    text = "{seat:seat} parcel+ {pickup:rest}"
    pickup: str


@dataclass(frozen=True)
class RemoveParcel(SetupAction):
    text = "{seat:seat} parcel- {pickup:rest}"
    pickup: str


@dataclass(frozen=True)
class ClearDrafts(SetupAction):
    text = "{seat:seat} clear"


@dataclass(frozen=True)
class DealRandomly(SetupAction):
    """Fill in the rest of the contracts at random (the "deal randomly" button)."""

    text = "{seat:seat} deal randomly"


@dataclass(frozen=True)
class FinishSetup(SetupAction):
    text = "{seat:seat} contracts done"


@dataclass(frozen=True)
class Drive(Action):
    text = "{vehicle:vehicle} {path:route}"
    vehicle: str
    path: tuple[str, ...]  # places from the start (included) to the destination

    @property
    def dest(self) -> str:
        return self.path[-1]


@dataclass(frozen=True)
class Collect(Action):
    text = "{vehicle:vehicle} collect c{contract:int}"
    vehicle: str
    contract: int


@dataclass(frozen=True)
class Deliver(Action):
    text = "{vehicle:vehicle} deliver c{contract:int}"
    vehicle: str
    contract: int


@dataclass(frozen=True)
class Transfer(Action):
    """Hand one parcel from ``vehicle`` to the player's other vehicle in the same place."""

    text = "{vehicle:vehicle} transfer c{contract:int}"
    vehicle: str
    contract: int


@dataclass(frozen=True)
class StartBid(Action):
    """Challenge for another player's contract from its collection town with a first bid."""

    text = "{vehicle:vehicle} bid {amount:int} for c{contract:int}"
    vehicle: str
    contract: int
    amount: int


@dataclass(frozen=True)
class Bid(Action):
    text = "bid {amount:int}"
    amount: int


@dataclass(frozen=True)
class Pass(Action):
    text = "pass"


@dataclass(frozen=True)
class MoveBlockage(Action):
    text = "move b{blockage:int} to {label:road}"
    blockage: int
    road: int
    #: the road's readable name, for the text form only (not compared: the road id says which)
    label: str = field(default="", compare=False)


@dataclass(frozen=True)
class EndTurn(Action):
    text = "end turn"


@dataclass(frozen=True)
class Declare(Action):
    text = "declare end"


class RoadField(Field):
    """A road section by its label (``"Ugley/Sheepwash"``); the game hands in ``road_by_label``."""

    pattern = r".+"

    def read(self, text: str, name: str, ctx: Mapping[str, Any]) -> dict[str, Any]:
        found = ctx["road_by_label"](text)
        if found is None:
            raise IllegalAction(f"No road section called {text!r}")
        road, label = found
        return {"road": road, name: label}


class Pickup(Field):
    """A contract's collection town in ``pair A>B``: everything up to the first ``>``."""

    pattern = r"[^>]*"


class Dropoff(Field):
    """Its delivery town: the rest of the text."""

    pattern = r".*"


CODEC = Codec(
    "Next Day",
    [Pair, Unpair, AddParcel, RemoveParcel, ClearDrafts, DealRandomly, FinishSetup,
     EndTurn, Declare, Pass, Bid, MoveBlockage, Collect, Deliver, Transfer, StartBid, Drive],
    fields={"seat": Seat(), "pickup": Pickup(), "dropoff": Dropoff(),
            "vehicle": Choice({"van": "van", "bike": "bike"}), "route": Joined("->", pattern=r".+->.+"),
            "road": RoadField()},
    unknown="Not an action of Next Day: {text!r}",
    tidy=str.strip,
)


def parse(text: str, seat: int, road_by_label: Callable[[str], tuple[int, str] | None]) -> Action:
    """The action written as ``text``; ``seat`` is who acts when the text names no seat."""
    return CODEC.parse(text, seat, road_by_label=road_by_label)
