"""Out For Delivery actions: small frozen values with a text form that round-trips.

Seats are written 1-based in text (``p2``); tiles as ``x,y``; a parcel on a board as
``dest@square`` with squares counted 1-10 from the left, as printed on the parcel board.
Trade things are ``parcel:3@5``, ``item:coffee``, ``gold:150`` (any whole amount) or ``nothing``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from courier.rules.base import Action, IllegalAction
from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.config import ITEMS


@dataclass(frozen=True)
class StartCity(Action):
    city: int

    def to_text(self) -> str:
        return f"start {self.city}"


@dataclass(frozen=True)
class Roll(Action):
    def to_text(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Move(Action):
    """Travel the cheapest way to ``cell`` (the rules pick the path and charge its cost)."""

    cell: int
    #: the tile as written (x,y), for the text form only; not compared, the cell says which
    text_cell: str = field(default="", compare=False)

    def to_text(self) -> str:
        return f"move {self.text_cell}"


@dataclass(frozen=True)
class BoatMove(Action):
    """Step onto an adjacent river tile using the portable boat."""

    cell: int
    #: the tile as written (x,y), for the text form only; not compared, the cell says which
    text_cell: str = field(default="", compare=False)

    def to_text(self) -> str:
        return f"boat {self.text_cell}"


@dataclass(frozen=True)
class Fly(Action):
    """Use an airplane ticket to reach another city's tile."""

    cell: int
    #: the tile as written (x,y), for the text form only; not compared, the cell says which
    text_cell: str = field(default="", compare=False)

    def to_text(self) -> str:
        return f"fly {self.text_cell}"


@dataclass(frozen=True)
class Pickup(Action):
    dest: int

    def to_text(self) -> str:
        return f"pickup {self.dest}"


@dataclass(frozen=True)
class Deliver(Action):
    dest: int
    square: int  # 0-based

    def to_text(self) -> str:
        return f"deliver {self.dest}@{self.square + 1}"


@dataclass(frozen=True)
class Buy(Action):
    def to_text(self) -> str:
        return "buy"


@dataclass(frozen=True)
class Sell(Action):
    item: str

    def to_text(self) -> str:
        return f"sell {self.item}"


@dataclass(frozen=True)
class UseItem(Action):
    """Use an item that acts on its own (MP bonus, umbrella, snow shoes)."""

    item: str

    def to_text(self) -> str:
        return f"use {self.item}"


@dataclass(frozen=True)
class Steal(Action):
    """Ski mask: take one parcel from a player on the same tile."""

    victim: int
    dest: int
    square: int

    def to_text(self) -> str:
        return f"steal p{self.victim + 1} {self.dest}@{self.square + 1}"


@dataclass(frozen=True)
class Offer(Action):
    partner: int
    give: str
    get: str

    def to_text(self) -> str:
        return f"offer p{self.partner + 1} give {self.give} get {self.get}"


@dataclass(frozen=True)
class Accept(Action):
    def to_text(self) -> str:
        return "accept"


@dataclass(frozen=True)
class Decline(Action):
    def to_text(self) -> str:
        return "decline"


@dataclass(frozen=True)
class EndTurn(Action):
    def to_text(self) -> str:
        return "end"


def parcel_text(dest: int, square: int) -> str:
    return f"{dest}@{square + 1}"


def _whole(text: str) -> bool:
    """Plain digits 0-9 only (``str.isdigit`` also accepts '²', which ``int`` refuses)."""
    return text.isascii() and text.isdigit()


def parse_parcel(text: str) -> tuple[int, int]:
    d, at, s = text.partition("@")
    if not (at and _whole(d) and _whole(s)):
        raise IllegalAction(f"{text!r} is not a parcel (write destination@square, like 3@5)")
    dest, square = int(d), int(s) - 1
    if not 1 <= dest <= 6 or not 0 <= square <= 9 or parcel_text(dest, square) != text:
        raise IllegalAction(f"{text!r} is not a parcel on a parcel board")
    return dest, square


def parse_thing(text: str) -> str:
    """Check a trade thing's text and return it unchanged."""
    if text == "nothing":
        return text
    kind, _, value = text.partition(":")
    if kind == "parcel":
        parse_parcel(value)
    elif kind == "item":
        if value not in ITEMS:
            raise IllegalAction(f"there is no item called {value!r}")
    elif kind == "gold":
        if not _whole(value) or int(value) <= 0 or str(int(value)) != value:
            raise IllegalAction(f"{text!r}: gold must be a whole number of at least 1 (like gold:150)")
    else:
        raise IllegalAction(f"{text!r} is not something to trade (parcel:3@5, item:coffee, gold:50, nothing)")
    return text


def _seat(text: str) -> int:
    if not (text.startswith("p") and _whole(text[1:])):
        raise IllegalAction(f"{text!r} is not a player (write p1, p2, ...)")
    return int(text[1:]) - 1


def parse(text: str, seat: int, board: Board) -> Action:
    """The action ``text`` means for ``seat``; IllegalAction if it means nothing."""
    words = text.split()
    if not words:
        raise IllegalAction("empty action")
    verb, args = words[0], words[1:]

    def cell(i: int) -> tuple[int, str]:
        if len(args) <= i:
            raise IllegalAction(f"'{verb}' needs a tile (x,y)")
        try:
            c = board.parse_cell(args[i])
            return c, board.cell_text(c)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None

    def number(i: int) -> int:
        if len(args) <= i or not _whole(args[i]):
            raise IllegalAction(f"'{verb}' needs a number")
        return int(args[i])

    if verb == "roll" and not args:
        return Roll(seat)
    if verb == "end" and not args:
        return EndTurn(seat)
    if verb == "buy" and not args:
        return Buy(seat)
    if verb == "accept" and not args:
        return Accept(seat)
    if verb == "decline" and not args:
        return Decline(seat)
    if verb == "start" and len(args) == 1:
        return StartCity(seat, number(0))
    if verb == "pickup" and len(args) == 1:
        return Pickup(seat, number(0))
    if verb in ("move", "boat", "fly") and len(args) == 1:
        c, t = cell(0)
        return {"move": Move, "boat": BoatMove, "fly": Fly}[verb](seat, c, t)
    if verb == "deliver" and len(args) == 1:
        d, s = parse_parcel(args[0])
        return Deliver(seat, d, s)
    if verb in ("sell", "use") and len(args) == 1:
        return (Sell if verb == "sell" else UseItem)(seat, args[0])
    if verb == "steal" and len(args) == 2:
        d, s = parse_parcel(args[1])
        return Steal(seat, _seat(args[0]), d, s)
    if verb == "offer" and len(args) == 5 and args[1] == "give" and args[3] == "get":
        return Offer(seat, _seat(args[0]), parse_thing(args[2]), parse_thing(args[4]))
    raise IllegalAction(f"cannot understand {text!r}")
