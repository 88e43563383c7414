"""Why a vehicle cannot drive where a player clicked: its move is over (and what ended it), or
the place is out of its reach. The view says this instead of letting a click do nothing."""

from __future__ import annotations

from courier.rules.next_day.board import Board
from courier.rules.next_day.config import NextDayConfig
from courier.rules.next_day.movement import reachable
from courier.rules.next_day.state import DONE, FRESH, NextDayState


def move_over_reason(state: NextDayState, cfg: NextDayConfig, seat: int, kind: str) -> str | None:
    """Why the vehicle cannot drive any more this turn, in a player's words (None while it can)."""
    v = state.players[seat].vehicle(kind)
    if v.status != DONE:
        return None
    if v.used >= cfg.move_units:
        return f"Your {kind} has used all its movement this turn."
    other = next(o for o in state.players[seat].vehicles if o is not v)
    if other.status == FRESH:
        return f"Your {kind}'s move is over: collecting or delivering ends it."
    return f"Your {kind}'s move is over: it collected or delivered, or your {other.kind} drove."


def drive_refusal(state: NextDayState, board: Board, cfg: NextDayConfig, seat: int, kind: str,
                  dest: str) -> str | None:
    """Why the vehicle cannot drive to ``dest`` now (None when it can): the view shows this on a
    click that is not a drive, so the player learns the reason rather than seeing nothing happen."""
    if state.phase != "play" or state.auction is not None or state.current != seat:
        return "It is not your turn to drive."
    over = move_over_reason(state, cfg, seat, kind)
    if over:
        return over
    v = state.players[seat].vehicle(kind)
    if dest == v.place:
        return f"Your {kind} is already at {dest}."
    if dest in reachable(state, board, cfg, seat, kind):
        return None
    left = cfg.move_units - v.used
    return f"{dest} is out of your {kind}'s reach: {left} movement unit{'s' if left != 1 else ''} left this turn."
