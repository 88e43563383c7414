"""What Next Day's screens ask the rules: where a vehicle may drive and why not, why a blockage
may not be moved, what a contract would pay (see :mod:`courier.rules.table`)."""

from __future__ import annotations

from dataclasses import dataclass

from courier.rules.next_day import actions as A
from courier.rules.next_day import setup
from courier.rules.next_day.board import Board
from courier.rules.next_day.config import NextDayConfig
from courier.rules.next_day.explain import drive_refusal, move_over_reason
from courier.rules.next_day.movement import OFF_TURN, Reach, blockage_refusal, blockage_turn, reachable
from courier.rules.next_day.state import NextDayState
from courier.rules.table import Table


@dataclass(frozen=True)
class NextDayTable(Table[NextDayConfig, NextDayState, Board]):
    """Next Day asked about the position ``seen``."""

    game_id = "next-day"

    def reachable(self, seat: int, vehicle: str) -> dict[str, Reach]:
        """The places ``seat``'s ``vehicle`` may drive to now, with what each costs."""
        return reachable(self.seen, self.board, self.cfg, seat, vehicle)

    def drive_refusal(self, seat: int, vehicle: str, dest: str) -> str | None:
        """Why ``seat``'s ``vehicle`` may not drive to ``dest`` (None: it may)."""
        return drive_refusal(self.seen, self.board, self.cfg, seat, vehicle, dest)

    def move_over_reason(self, seat: int, vehicle: str) -> str | None:
        """Why ``seat``'s ``vehicle`` may not move at all now (None: it may)."""
        return move_over_reason(self.seen, self.cfg, seat, vehicle)

    def stuck_reason(self, seat: int, vehicle: str) -> str:
        """Why ``seat``'s ``vehicle`` can reach no place now, for a screen that rings none."""
        return (self.move_over_reason(seat, vehicle)
                or f"Your {vehicle} cannot get anywhere from here this turn.")

    def blockage_refusal(self, seat: int, blockage: int, road: int) -> str | None:
        """Why ``seat`` may not move ``blockage`` onto ``road`` now (None: it may)."""
        return blockage_refusal(self.seen, self.board, self.cfg, seat, blockage, road)

    def why_no_blockage(self, seat: int | None) -> str:
        """Why ``seat`` may move no blockage at all now: the rules' refusal of the cheapest
        blockage to the first free road section (out of turn: that it is not their turn)."""
        s = self.seen
        if seat is None or not blockage_turn(s, seat):
            return OFF_TURN
        for b in sorted(s.blockages, key=lambda b: self.cfg.blockage_move_cost[b.kind]):
            for r in self.board.roads:
                if not s.blockage_on(r.id):
                    why = self.refusal(A.MoveBlockage(seat, b.id, r.id, r.label))
                    if why:
                        return why
                    break
        return "No blockage can be moved now."

    def price_for(self, pickup: str, dropoff: str) -> int:
        """What a contract from ``pickup`` to ``dropoff`` pays."""
        return setup.price_for(self.board, self.cfg, pickup, dropoff)
