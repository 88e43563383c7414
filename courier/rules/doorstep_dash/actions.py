"""Doorstep Dash actions: small frozen values with a readable text form that parses back."""

from __future__ import annotations

from dataclasses import dataclass

from courier.rules.base import Action, IllegalAction

Cell = tuple[int, int]


@dataclass(frozen=True)
class Keep(Action):
    """Opening: keep these of the cards looked at (the rest go under the deck)."""

    cards: tuple[str, ...]

    def to_text(self) -> str:
        return "keep " + " + ".join(self.cards)


@dataclass(frozen=True)
class Roll(Action):
    def to_text(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Move(Action):
    """Drive to ``to``; the rules pick the route (a fixed choice among equal ones)."""

    to: Cell

    def to_text(self) -> str:
        return f"move {self.to[0]},{self.to[1]}"


@dataclass(frozen=True)
class Claim(Action):
    """At the warehouse: take these cards from the face-up row."""

    cards: tuple[str, ...]

    def to_text(self) -> str:
        return "claim " + " + ".join(self.cards)


@dataclass(frozen=True)
class SetTrap(Action):
    def to_text(self) -> str:
        return "set trap"


@dataclass(frozen=True)
class RemoveTrap(Action):
    def to_text(self) -> str:
        return "remove trap"


@dataclass(frozen=True)
class PlayBlue(Action):
    """Add a blue card to the test roll just made."""

    def to_text(self) -> str:
        return "play blue"


@dataclass(frozen=True)
class Accept(Action):
    """Take the test result as it stands."""

    def to_text(self) -> str:
        return "accept"


@dataclass(frozen=True)
class Give(Action):
    """After a failed trap test: hand the trap's owner a bonus card of this kind."""

    kind: str

    def to_text(self) -> str:
        return f"give {self.kind}"


@dataclass(frozen=True)
class Discard(Action):
    """Over the bonus-card limit: discard one of this kind."""

    kind: str

    def to_text(self) -> str:
        return f"discard {self.kind}"


@dataclass(frozen=True)
class GiveUp(Action):
    """At the warehouse once no cards are left to claim: hand back undeliverable cards."""

    def to_text(self) -> str:
        return "give up cards"


@dataclass(frozen=True)
class EndTurn(Action):
    def to_text(self) -> str:
        return "end turn"


_SIMPLE = {
    "roll": Roll,
    "set trap": SetTrap,
    "remove trap": RemoveTrap,
    "play blue": PlayBlue,
    "accept": Accept,
    "give up cards": GiveUp,
    "end turn": EndTurn,
}


def parse(text: str, seat: int) -> Action:
    """The action of ``seat`` whose text form is ``text``."""
    t = " ".join(text.strip().split())
    if t in _SIMPLE:
        return _SIMPLE[t](seat)
    head, _, rest = t.partition(" ")
    if head == "move":
        a, sep, b = rest.partition(",")
        try:
            return Move(seat, (int(a), int(b)))
        except ValueError:
            raise IllegalAction(f"'{text}': a move names a space as col,row (e.g. 'move 12,7')") from None
    if head in ("keep", "claim") and rest:
        cards = tuple(c.strip() for c in rest.split(" + "))
        return (Keep if head == "keep" else Claim)(seat, cards)
    if head in ("give", "discard") and rest in ("blue", "red"):
        return (Give if head == "give" else Discard)(seat, rest)
    raise IllegalAction(f"'{text}' is not a Doorstep Dash action")
