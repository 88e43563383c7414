"""What a screen may ask the rules about the position it shows: the one way to ask.

A screen holds the rules' view of the game (``seen``) for the seat looking at it. Whatever it
needs to know beyond what it draws (who is to act, what this seat may do, why not, what it
costs) it asks a *table*: the game's own subclass of :class:`Table`, built by
``GameRules.table(config, seen, seat)``, with the config and board typed for that game. The
table answers from the rules core alone; a screen never imports a game's ``engine`` module
(an import contract in pyproject.toml says so), so every rule and every refusal sentence
lives in the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from courier.rules import registry
from courier.rules.base import Action, GameConfig, GameRules

C = TypeVar("C", bound=GameConfig)
S = TypeVar("S")
B = TypeVar("B")
T = TypeVar("T", bound="Table[Any, Any, Any]")

#: the rules' answer to a press they have no more particular refusal for
NOT_YOUR_MOVE = "Not your move."
CANNOT_NOW = "That cannot be done now."


@dataclass(frozen=True)
class Table(Generic[C, S, B]):
    """The rules, asked about one position as one seat sees it (``seat`` None: a spectator).
    Cheap to make: a screen makes one for each position it is shown, and its helpers may make
    one from the config, board and view they were handed."""

    #: the game whose rules answer (each game's subclass names it)
    game_id: ClassVar[str]

    cfg: C
    board: B
    seen: S
    seat: int | None

    @classmethod
    def of(cls: type[T], cfg: C, seen: S, seat: int | None = None) -> T:
        """The table of ``seen`` under ``cfg`` on its board (built once per process)."""
        return cls(cfg, registry.get(cls.game_id).board(cfg), seen, seat)

    @property
    def game(self) -> GameRules[Any, Any]:
        return registry.get(self.game_id)

    def to_act(self) -> list[int]:
        """The seats that must act now (empty when the game is over)."""
        return self.game.to_act(self.seen)

    def my_turn(self) -> bool:
        """True when this seat is one of those to act."""
        return self.seat is not None and self.seat in self.to_act()

    def legal(self) -> list[Action]:
        """What this seat may do now (nothing for a spectator or out of turn)."""
        if self.seat is None or self.seat not in self.to_act():
            return []
        return self.game.legal_actions(self.seen, self.seat)

    def refusal(self, action: Action) -> str | None:
        """Why the rules would refuse ``action`` now, in the rules' words (None: they take it)."""
        return self.game.refusal(self.seen, action)

    def why_not(self, action: Action | None = None) -> str:
        """Why this seat cannot do ``action`` (or, with none, the move it asked for) now, in the
        rules' words: their refusal of it, else that it is not this seat's move, else that it
        cannot be done now. For a screen that must answer a refused press with a sentence."""
        said = self.refusal(action) if action is not None else None
        if said:
            return said
        return CANNOT_NOW if self.my_turn() else NOT_YOUR_MOVE

    def name(self, seat: int) -> str:
        """The name players know ``seat`` by."""
        return self.cfg.seat_name(seat)
