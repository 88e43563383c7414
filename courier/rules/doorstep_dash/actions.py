"""Doorstep Dash actions: small frozen values with a readable text form that parses back.

Each class's ``text`` is its text form as data (see courier.rules.codec): ``"move 12,7"``,
``"keep Ash Lane + Elm Row"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from courier.rules.base import Action, IllegalAction
from courier.rules.codec import Choice, Codec, Field, Joined

Cell = tuple[int, int]


class CellField(Field):
    """A space as ``col,row``."""

    pattern = r".+"

    def write(self, action: Action, name: str) -> str:
        cell = getattr(action, name)
        return f"{cell[0]},{cell[1]}"

    def value(self, text: str, ctx: Mapping[str, Any]) -> Cell:
        a, _, b = text.partition(",")
        try:
            return (int(a), int(b))
        except ValueError:
            raise IllegalAction(f"'{ctx['text']}': a move names a space as col,row (e.g. 'move 12,7')") from None


@dataclass(frozen=True)
class Keep(Action):
    """Opening: keep these of the cards looked at (the rest go under the deck)."""

    text = "keep {cards:cards}"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Roll(Action):
    text = "roll"


@dataclass(frozen=True)
class Move(Action):
    """Drive to ``to``; the rules pick the route (a fixed choice among equal ones)."""

    text = "move {to:cell}"
    to: Cell


@dataclass(frozen=True)
class Claim(Action):
    """At the warehouse: take these cards from the face-up row."""

    text = "claim {cards:cards}"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class SetTrap(Action):
    text = "set trap"


@dataclass(frozen=True)
class RemoveTrap(Action):
    text = "remove trap"


@dataclass(frozen=True)
class PlayBlue(Action):
    """Add a blue card to the test roll just made."""

    text = "play blue"


@dataclass(frozen=True)
class Accept(Action):
    """Take the test result as it stands."""

    text = "accept"


@dataclass(frozen=True)
class Give(Action):
    """After a failed trap test: hand the trap's owner a bonus card of this kind."""

    text = "give {kind:bonus}"
    kind: str


@dataclass(frozen=True)
class Discard(Action):
    """Over the bonus-card limit: discard one of this kind."""

    text = "discard {kind:bonus}"
    kind: str


@dataclass(frozen=True)
class GiveUp(Action):
    """At the warehouse once no cards are left to claim: hand back undeliverable cards."""

    text = "give up cards"


@dataclass(frozen=True)
class EndTurn(Action):
    text = "end turn"


CODEC = Codec(
    "Doorstep Dash",
    [Roll, SetTrap, RemoveTrap, PlayBlue, Accept, GiveUp, EndTurn, Move, Keep, Claim, Give, Discard],
    fields={"cell": CellField(), "cards": Joined(" + ", item=str.strip),
            "bonus": Choice({"blue": "blue", "red": "red"})},
    unknown="'{text}' is not a Doorstep Dash action",
)


def parse(text: str, seat: int) -> Action:
    """The action of ``seat`` whose text form is ``text``."""
    return CODEC.parse(text, seat)
