"""Next Day's actions: small frozen values with a text form that ``parse_action`` turns back.

Set-up actions carry the seat in their text (``"p2 pair Ugley>Duck Street"``) because every
seat builds at once; play actions belong to the one seat to act (``"van Ugley->Sheepwash"``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from courier.rules.base import Action, IllegalAction


@dataclass(frozen=True)
class SetupAction(Action):
    def to_text(self) -> str:
        return f"p{self.seat + 1} {self.body()}"

    def body(self) -> str:  # pragma: no cover - overridden
        raise NotImplementedError


@dataclass(frozen=True)
class Pair(SetupAction):
    """Make a contract from two cards: parcels wait at ``pickup`` for ``dropoff``."""

    pickup: str
    dropoff: str

    def body(self) -> str:
        return f"pair {self.pickup}>{self.dropoff}"


@dataclass(frozen=True)
class Unpair(SetupAction):
    pickup: str

    def body(self) -> str:
        return f"unpair {self.pickup}"


@dataclass(frozen=True)
class AddParcel(SetupAction):
    pickup: str

    def body(self) -> str:
        return f"parcel+ {self.pickup}"


@dataclass(frozen=True)
class RemoveParcel(SetupAction):
    pickup: str

    def body(self) -> str:
        return f"parcel- {self.pickup}"


@dataclass(frozen=True)
class ClearDrafts(SetupAction):
    def body(self) -> str:
        return "clear"


@dataclass(frozen=True)
class DealRandomly(SetupAction):
    """Fill in the rest of the contracts at random (the "deal randomly" button)."""

    def body(self) -> str:
        return "deal randomly"


@dataclass(frozen=True)
class FinishSetup(SetupAction):
    def body(self) -> str:
        return "contracts done"


@dataclass(frozen=True)
class Drive(Action):
    vehicle: str
    path: tuple[str, ...]  # places from the start (included) to the destination

    def to_text(self) -> str:
        return f"{self.vehicle} {'->'.join(self.path)}"

    @property
    def dest(self) -> str:
        return self.path[-1]


@dataclass(frozen=True)
class Collect(Action):
    vehicle: str
    contract: int

    def to_text(self) -> str:
        return f"{self.vehicle} collect c{self.contract}"


@dataclass(frozen=True)
class Deliver(Action):
    vehicle: str
    contract: int

    def to_text(self) -> str:
        return f"{self.vehicle} deliver c{self.contract}"


@dataclass(frozen=True)
class Transfer(Action):
    """Hand one parcel from ``vehicle`` to the player's other vehicle in the same place."""

    vehicle: str
    contract: int

    def to_text(self) -> str:
        return f"{self.vehicle} transfer c{self.contract}"


@dataclass(frozen=True)
class StartBid(Action):
    """Challenge for another player's contract from its collection town with a first bid."""

    vehicle: str
    contract: int
    amount: int

    def to_text(self) -> str:
        return f"{self.vehicle} bid {self.amount} for c{self.contract}"


@dataclass(frozen=True)
class Bid(Action):
    amount: int

    def to_text(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True)
class Pass(Action):
    def to_text(self) -> str:
        return "pass"


@dataclass(frozen=True)
class MoveBlockage(Action):
    blockage: int
    road: int
    #: the road's readable name, for the text form only (not compared: the road id says which)
    label: str = field(default="", compare=False)

    def to_text(self) -> str:
        return f"move b{self.blockage} to {self.label}"


@dataclass(frozen=True)
class EndTurn(Action):
    def to_text(self) -> str:
        return "end turn"


@dataclass(frozen=True)
class Declare(Action):
    def to_text(self) -> str:
        return "declare end"


_SETUP = re.compile(r"^p(\d+) (.*)$")


def parse(text: str, seat: int, road_by_label) -> Action:
    """The action written as ``text``; ``seat`` is who acts when the text names no seat."""
    text = text.strip()
    m = _SETUP.match(text)
    if m:
        s, body = int(m.group(1)) - 1, m.group(2)
        if body.startswith("pair ") and ">" in body:
            a, b = body[5:].split(">", 1)
            return Pair(s, a, b)
        for prefix, cls in (("unpair ", Unpair), ("parcel+ ", AddParcel), ("parcel- ", RemoveParcel)):
            if body.startswith(prefix):
                return cls(s, body[len(prefix):])
        simple = {"clear": ClearDrafts, "deal randomly": DealRandomly, "contracts done": FinishSetup}
        if body in simple:
            return simple[body](s)
        raise IllegalAction(f"Not a set-up action: {text!r}")
    if text == "end turn":
        return EndTurn(seat)
    if text == "declare end":
        return Declare(seat)
    if text == "pass":
        return Pass(seat)
    if m := re.match(r"^bid (\d+)$", text):
        return Bid(seat, int(m.group(1)))
    if m := re.match(r"^move b(\d+) to (.+)$", text):
        found = road_by_label(m.group(2))
        if found is None:
            raise IllegalAction(f"No road section called {m.group(2)!r}")
        road, label = found
        return MoveBlockage(seat, int(m.group(1)), road, label)
    if m := re.match(r"^(van|bike) (collect|deliver|transfer) c(\d+)$", text):
        cls = {"collect": Collect, "deliver": Deliver, "transfer": Transfer}[m.group(2)]
        return cls(seat, m.group(1), int(m.group(3)))
    if m := re.match(r"^(van|bike) bid (\d+) for c(\d+)$", text):
        return StartBid(seat, m.group(1), int(m.group(3)), int(m.group(2)))
    if m := re.match(r"^(van|bike) (.+->.+)$", text):
        return Drive(seat, m.group(1), tuple(m.group(2).split("->")))
    raise IllegalAction(f"Not an action of Next Day: {text!r}")
