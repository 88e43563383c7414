"""What Doorstep Dash's screens ask the rules: the drives the roll allows and why a trap cannot
be set (see :mod:`courier.rules.table`)."""

from __future__ import annotations

from dataclasses import dataclass

from courier.rules.doorstep_dash import engine
from courier.rules.doorstep_dash.board import Board, Cell
from courier.rules.doorstep_dash.config import DoorstepConfig
from courier.rules.doorstep_dash.state import DashState
from courier.rules.table import Table


@dataclass(frozen=True)
class DashTable(Table[DoorstepConfig, DashState, Board]):
    """Doorstep Dash asked about the position ``seen``."""

    game_id = "doorstep-dash"

    def drives(self) -> dict[Cell, list[Cell]]:
        """Where the current player's van may drive on the roll: end space -> the spaces passed
        on the way there (shared with the rules: do not change it)."""
        return engine.current_moves(self.seen, self.board)

    def trap_problem(self, seat: int) -> str:
        """Why ``seat`` cannot set a trap now, in the rules' words ('' when it can)."""
        return engine.trap_problem(self.cfg, self.seen, self.board, seat)
