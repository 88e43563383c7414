"""Out For Delivery actions: small frozen values with a text form that round-trips.

Seats are written 1-based in text (``p2``); tiles as ``x,y``; a parcel on a board as
``dest@square`` with squares counted 1-10 from the left, as printed on the parcel board.
Trade things are ``parcel:3@5``, ``item:coffee``, ``gold:150`` (any whole amount) or ``nothing``.
Each class's ``text`` is its text form as data (see courier.rules.codec).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from courier.rules.base import Action, IllegalAction
from courier.rules.codec import Codec, Field, Number, Seat, whole
from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.config import ITEMS


@dataclass(frozen=True)
class StartCity(Action):
    text = "start {city:int}"
    city: int


@dataclass(frozen=True)
class Roll(Action):
    text = "roll"


@dataclass(frozen=True)
class Move(Action):
    """Travel the cheapest way to ``cell`` (the rules pick the path and charge its cost)."""

    text = "move {text_cell:tile}"
    cell: int
    #: the tile as written (x,y), for the text form only; not compared, the cell says which
    text_cell: str = field(default="", compare=False)


@dataclass(frozen=True)
class BoatMove(Action):
    """Step onto an adjacent river tile using the portable boat."""

    text = "boat {text_cell:tile}"
    cell: int
    #: the tile as written (x,y), for the text form only; not compared, the cell says which
    text_cell: str = field(default="", compare=False)


@dataclass(frozen=True)
class Fly(Action):
    """Use an airplane ticket to reach another city's tile."""

    text = "fly {text_cell:tile}"
    cell: int
    #: the tile as written (x,y), for the text form only; not compared, the cell says which
    text_cell: str = field(default="", compare=False)


@dataclass(frozen=True)
class Pickup(Action):
    text = "pickup {dest:int}"
    dest: int


@dataclass(frozen=True)
class Deliver(Action):
    text = "deliver {dest:parcel}"
    dest: int
    square: int  # 0-based


@dataclass(frozen=True)
class Buy(Action):
    text = "buy"


@dataclass(frozen=True)
class Sell(Action):
    text = "sell {item:word}"
    item: str


@dataclass(frozen=True)
class UseItem(Action):
    """Use an item that acts on its own (MP bonus, umbrella, snow shoes)."""

    text = "use {item:word}"
    item: str


@dataclass(frozen=True)
class Steal(Action):
    """Ski mask: take one parcel from a player on the same tile."""

    text = "steal {victim:seat} {dest:parcel}"
    victim: int
    dest: int
    square: int


@dataclass(frozen=True)
class Offer(Action):
    text = "offer {partner:seat} give {give:thing} get {get:thing}"
    partner: int
    give: str
    get: str


@dataclass(frozen=True)
class Accept(Action):
    text = "accept"


@dataclass(frozen=True)
class Decline(Action):
    text = "decline"


@dataclass(frozen=True)
class EndTurn(Action):
    text = "end"


def parcel_text(dest: int, square: int) -> str:
    return f"{dest}@{square + 1}"


def parse_parcel(text: str) -> tuple[int, int]:
    d, at, s = text.partition("@")
    if not (at and whole(d) and whole(s)):
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
        if not whole(value) or int(value) <= 0 or str(int(value)) != value:
            raise IllegalAction(f"{text!r}: gold must be a whole number of at least 1 (like gold:150)")
    else:
        raise IllegalAction(f"{text!r} is not something to trade (parcel:3@5, item:coffee, gold:50, nothing)")
    return text


class TileField(Field):
    """A tile written ``x,y``; read on the board the game hands in (``board``), which gives both
    the cell and its text as written back."""

    def read(self, text: str, name: str, ctx: Mapping[str, Any]) -> dict[str, Any]:
        board = ctx["board"]
        cell = board.parse_cell(text)  # ValueError with the reason, made an IllegalAction
        return {"cell": cell, name: board.cell_text(cell)}


class ParcelField(Field):
    """A parcel on a board, ``dest@square`` with squares counted from 1 (fields dest, square)."""

    def write(self, action: Action, name: str) -> str:
        assert isinstance(action, (Deliver, Steal)), "a parcel is a field of Deliver and Steal"
        return parcel_text(action.dest, action.square)

    def read(self, text: str, name: str, ctx: Mapping[str, Any]) -> dict[str, Any]:
        dest, square = parse_parcel(text)
        return {"dest": dest, "square": square}


class WholeNumber(Number):
    """A number; anything else is refused with the verb that wanted it."""

    pattern = r"\S+"

    def value(self, text: str, ctx: Mapping[str, Any]) -> int:
        if not whole(text):
            raise IllegalAction(f"'{ctx['text'].split()[0]}' needs a number")
        return int(text)


class ThingField(Field):
    def value(self, text: str, ctx: Mapping[str, Any]) -> str:
        return parse_thing(text)


CODEC = Codec(
    "Out For Delivery",
    [Roll, EndTurn, Buy, Accept, Decline, StartCity, Pickup, Move, BoatMove, Fly, Deliver, Sell, UseItem,
     Steal, Offer],
    fields={"int": WholeNumber(), "tile": TileField(), "parcel": ParcelField(), "seat": Seat(),
            "thing": ThingField()},
    unknown="cannot understand {text!r}",
)


def parse(text: str, seat: int, board: Board) -> Action:
    """The action ``text`` means for ``seat``; IllegalAction if it means nothing."""
    if not text.split():
        raise IllegalAction("empty action")
    return CODEC.parse(text, seat, board=board)
