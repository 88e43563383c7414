"""Seeded positions of every game, on a board a person plays by keys: the keyboard tests that must
hold "in every state" (every key the hint line names answers, Tab never stops on a greyed
control, the turn's main action is one key away) run over these.

A position is a seed and a depth: that many moves of random legal play (every seat, the person's
too), then on until the person must decide. The same seed and depth give the same position, so a
test can press a key on a fresh board of the position each time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from courier.match import Match, SeatSpec
from courier.scenes.board import BoardScene
from courier.scenes.handoff import HandoffScene
from courier.ui import theme

#: (game, seats, match options): every game, Next Day from its set-up and from quick contracts
TABLES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("next-day", 3, {}),
    ("next-day", 3, {"quick_setup": True}),
    ("doorstep-dash", 2, {}),
    ("package-pandemonium", 2, {}),
    ("package-pandemonium", 1, {}),
    ("out-for-delivery", 2, {}),
)
#: (seed, depth) pairs: the opening, then positions further on
SPOTS = ((1, 0), (2, 7), (3, 25), (4, 60))
HUMAN = 0


@dataclass(frozen=True)
class Position:
    game_id: str
    players: int
    seed: int
    depth: int
    options: tuple[tuple[str, Any], ...] = field(default=())
    #: stop only where the person may make a move of this kind (its class name), never made on the way
    until: str | None = None

    def __str__(self) -> str:
        extra = "".join(f"-{k}" for k, _ in self.options) + (f"-until-{self.until}" if self.until else "")
        return f"{self.game_id}{extra}-{self.players}p-seed{self.seed}-depth{self.depth}"

    def match(self) -> Match | None:
        """The match at this position (None when random play ended the game first)."""
        seats = [SeatSpec(f"P{i + 1}", theme.PLAYER_COLOURS[i][1], "ai" if i else "human", "easy")
                 for i in range(self.players)]
        m = Match.new(self.game_id, seats, seed=self.seed, **dict(self.options))
        rng = random.Random(self.seed * 7919 + self.depth)
        for step in range(self.depth + 2000):
            if m.is_over():
                return None
            seat = m.to_act()[0]
            legal = m.legal(seat)
            if step >= self.depth and m.human_to_act() == HUMAN:
                if self.until is None or any(type(a).__name__ == self.until for a in m.legal(HUMAN)):
                    return m
            if seat == HUMAN and self.until is not None:
                legal = [a for a in legal if type(a).__name__ != self.until] or legal
            m.submit(rng.choice(legal))
        return None


def positions() -> list[Position]:
    return [Position(g, n, seed, depth, tuple(sorted(opts.items())))
            for g, n, opts in TABLES for seed, depth in SPOTS]


def board_at(app, pos: Position) -> BoardScene | None:
    """A board scene on ``app`` at ``pos``, the person's decision on screen, nothing moving."""
    m = pos.match()
    if m is None:
        return None
    while app.stack.top is not None:
        app.stack.pop()
    board = app.stack.push(BoardScene(app, m, autosave=False, show_scoring=False, ai_pause=0.0))
    for _ in range(400):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            top._continue()
        elif top is board and board.seat == HUMAN and not board.view.animating():
            app.frame(1 / 60, [])
            return board
        app.frame(0.05, [])
    raise AssertionError(f"{pos}: the person never got the board")
