"""What changes during a game of Doorstep Dash. Plain dataclasses, cheap to clone and compare."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from courier.rules.doorstep_dash.config import DoorstepConfig
from courier.rules.rng import Rng

Cell = tuple[int, int]

#: placeholder for a card a seat may not see
HIDDEN = "?"


@dataclass
class Player:
    pos: Cell
    #: destination cards held (house names)
    hand: list[str] = field(default_factory=list)
    #: bonus cards held ("blue" / "red")
    bonus: list[str] = field(default_factory=list)
    score: int = 0
    #: houses delivered to, in order
    delivered: list[str] = field(default_factory=list)
    trap: Cell | None = None
    skip_next: bool = False
    #: False after a claim until the next delivery (deliver before claiming again)
    may_claim: bool = True

    def clone(self) -> "Player":
        return Player(self.pos, self.hand[:], self.bonus[:], self.score, self.delivered[:], self.trap,
                      self.skip_next, self.may_claim)


@dataclass
class Pending:
    """A decision the rules wait for: a test to boost or accept, a card to give or discard."""

    kind: str  # "test", "give", "discard"
    seat: int
    #: tests: what the die showed, what blue cards added, the target, and the cause
    roll: int = 0
    boost: int = 0
    target: int = 0
    source: str = ""  # "trap" or a hazard zone's name
    #: trap tests: the trap's owner (receives a card on a failure)
    owner: int = -1

    def clone(self) -> "Pending":
        return Pending(self.kind, self.seat, self.roll, self.boost, self.target, self.source, self.owner)


@dataclass
class DashState:
    players: list[Player]
    rng: Rng
    phase: str = "opening"  # "opening", "turn", "over"
    current: int = 0
    first: int = 0
    #: the die rolls that picked the first player (one list per roll-off)
    first_rolls: list[list[int]] = field(default_factory=list)
    round: int = 1
    deck: list[str] = field(default_factory=list)
    row: list[str] = field(default_factory=list)
    bonus_deck: list[str] = field(default_factory=list)
    bonus_discard: list[str] = field(default_factory=list)
    #: destination cards given up at the end
    returned: list[str] = field(default_factory=list)
    #: the opening cards the current player is choosing from
    opening_draw: list[str] = field(default_factory=list)
    #: how many players have made their opening keep
    openings_done: int = 0
    #: this turn: the die value (0 before the roll), and what has been done
    rolled: int = 0
    moved: bool = False
    claimed: bool = False
    trapped: bool = False
    pending: Pending | None = None
    #: why the game ended: "" (still going), "done" or "rounds"
    ended: str = ""
    #: the game's config (shared, never saved: state_from_dict is given it)
    config: DoorstepConfig = field(default=cast(DoorstepConfig, None), init=False, compare=False, repr=False)

    def clone(self) -> "DashState":
        s = DashState.__new__(DashState)
        s.players = [p.clone() for p in self.players]
        s.rng = Rng(state=self.rng.state)
        s.phase = self.phase
        s.current = self.current
        s.first = self.first
        s.first_rolls = [r[:] for r in self.first_rolls]
        s.round = self.round
        s.deck = self.deck[:]
        s.row = self.row[:]
        s.bonus_deck = self.bonus_deck[:]
        s.bonus_discard = self.bonus_discard[:]
        s.returned = self.returned[:]
        s.opening_draw = self.opening_draw[:]
        s.openings_done = self.openings_done
        s.rolled = self.rolled
        s.moved = self.moved
        s.claimed = self.claimed
        s.trapped = self.trapped
        s.pending = self.pending.clone() if self.pending else None
        s.ended = self.ended
        s.config = self.config
        return s

    @property
    def me(self) -> Player:
        return self.players[self.current]

    def describe(self) -> dict[str, Any]:  # pragma: no cover - debugging aid
        return {"phase": self.phase, "current": self.current, "round": self.round}
