"""Package Pandemonium's actions and their text forms ("p1 step N", "p2 priority 7").

Every text starts with the seat ("p1" is the first seat) because priority cards are chosen by
several seats at once, so the text alone must say who acts.
"""

from __future__ import annotations

from dataclasses import dataclass

from courier.rules.base import Action, IllegalAction
from courier.rules.package_pandemonium.board import DIRS, cell_name, parse_cell

KIND_WORDS = {"L": "low", "H": "high", "B": "bomb", "SL": "stolen-low", "SH": "stolen-high"}
WORD_KINDS = {v: k for k, v in KIND_WORDS.items()}


def _who(seat: int) -> str:
    return f"p{seat + 1}"


@dataclass(frozen=True)
class PlaceBase(Action):
    cell: int

    def to_text(self) -> str:
        return f"{_who(self.seat)} base {cell_name(self.cell)}"


@dataclass(frozen=True)
class ChooseCompany(Action):
    company: str

    def to_text(self) -> str:
        return f"{_who(self.seat)} company {self.company}"


@dataclass(frozen=True)
class PlayPriority(Action):
    card: int

    def to_text(self) -> str:
        return f"{_who(self.seat)} priority {self.card}"


@dataclass(frozen=True)
class ChooseOrder(Action):
    first: bool

    def to_text(self) -> str:
        return f"{_who(self.seat)} go {'first' if self.first else 'second'}"


@dataclass(frozen=True)
class UseExpress(Action):
    def to_text(self) -> str:
        return f"{_who(self.seat)} express"


@dataclass(frozen=True)
class Step(Action):
    direction: str

    def to_text(self) -> str:
        return f"{_who(self.seat)} step {self.direction}"


@dataclass(frozen=True)
class Drive(Action):
    """Several steps at once, taking what fits on the way (a convenience for whole routes)."""

    directions: tuple[str, ...]

    def to_text(self) -> str:
        return f"{_who(self.seat)} drive {','.join(self.directions)}"


@dataclass(frozen=True)
class Take(Action):
    kind: str

    def to_text(self) -> str:
        return f"{_who(self.seat)} take {KIND_WORDS[self.kind]}"


@dataclass(frozen=True)
class Drop(Action):
    kind: str

    def to_text(self) -> str:
        return f"{_who(self.seat)} drop {KIND_WORDS[self.kind]}"


@dataclass(frozen=True)
class PassBomb(Action):
    to_seat: int

    def to_text(self) -> str:
        return f"{_who(self.seat)} pass bomb to {_who(self.to_seat)}"


@dataclass(frozen=True)
class Recharge(Action):
    kind: str  # "L" (pay low packages) or "H" (pay one high)

    def to_text(self) -> str:
        return f"{_who(self.seat)} recharge {KIND_WORDS[self.kind]}"


@dataclass(frozen=True)
class EndRoute(Action):
    def to_text(self) -> str:
        return f"{_who(self.seat)} end route"


@dataclass(frozen=True)
class RogueRoute(Action):
    """The round winner steers the automated Rogue (2 players)."""

    directions: tuple[str, ...]

    def to_text(self) -> str:
        return f"{_who(self.seat)} rogue {','.join(self.directions) or 'stay'}"


@dataclass(frozen=True)
class Defend(Action):
    """Answer to a theft: spend a sat-nav charge to keep the package, or let it go."""

    protect: bool

    def to_text(self) -> str:
        return f"{_who(self.seat)} {'protect' if self.protect else 'let go'}"


def _dirs(text: str) -> tuple[str, ...]:
    parts = tuple(p.strip().upper() for p in text.split(",") if p.strip())
    if not parts or any(p not in DIRS for p in parts):
        raise IllegalAction(f"{text!r} is not a route; write directions like N,E,E")
    return parts


def _whole(text: str) -> bool:
    """Plain digits 0-9 only (``str.isdigit`` also accepts '²', which ``int`` refuses)."""
    return text.isascii() and text.isdigit()


def _seat(word: str) -> int:
    if len(word) < 2 or word[0].lower() != "p" or not _whole(word[1:]) or int(word[1:]) < 1:
        raise IllegalAction(f"{word!r} is not a seat; seats are p1, p2, p3")
    return int(word[1:]) - 1


def parse(text: str) -> Action:
    """The action written as ``text`` (the inverse of ``to_text``)."""
    words = text.strip().split()
    if len(words) < 2:
        raise IllegalAction(f"{text!r} is not a Package Pandemonium action")
    seat = _seat(words[0])
    verb, rest = words[1].lower(), words[2:]
    arg = " ".join(rest)
    try:
        if verb == "base" and len(rest) == 1:
            return PlaceBase(seat, parse_cell(rest[0]))
        if verb == "company" and len(rest) == 1:
            return ChooseCompany(seat, rest[0])
        if verb == "priority" and len(rest) == 1 and _whole(rest[0]):
            return PlayPriority(seat, int(rest[0]))
        if verb == "go" and arg in ("first", "second"):
            return ChooseOrder(seat, arg == "first")
        if verb == "express" and not rest:
            return UseExpress(seat)
        if verb == "step" and len(rest) == 1 and rest[0].upper() in DIRS:
            return Step(seat, rest[0].upper())
        if verb == "drive" and len(rest) == 1:
            return Drive(seat, _dirs(rest[0]))
        if verb in ("take", "drop") and arg in WORD_KINDS:
            return (Take if verb == "take" else Drop)(seat, WORD_KINDS[arg])
        if verb == "pass" and len(rest) == 3 and rest[:2] == ["bomb", "to"]:
            return PassBomb(seat, _seat(rest[2]))
        if verb == "recharge" and arg in ("low", "high"):
            return Recharge(seat, WORD_KINDS[arg])
        if verb == "end" and arg == "route":
            return EndRoute(seat)
        if verb == "rogue" and len(rest) == 1:
            return RogueRoute(seat, () if rest[0] == "stay" else _dirs(rest[0]))
        if verb == "protect" and not rest:
            return Defend(seat, True)
        if verb == "let" and arg == "go":
            return Defend(seat, False)
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None
    raise IllegalAction(f"{text!r} is not a Package Pandemonium action")
