"""Doorstep Dash: why a computer driver moves, claims, sets a trap or spends a bonus card.

Destination cards in hand and bonus cards are secret, and so is where a driver is heading. A
reason therefore names only what the move itself shows: a delivery it makes (the log names it
anyway), the warehouse and the face-up row, hazards and traps on the board, counts of cards. And
since a reason only comes with a real choice, moves that are a choice only for some hands of
bonus cards get none: its mere presence would tell.
"""

from __future__ import annotations

from courier.ai.reasons import Facts, listed, plural
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash.state import DashState


def reason(f: Facts) -> str | None:
    s: DashState = f.before
    a = f.action
    board = f.game.board(s.config)
    me = s.players[f.seat]
    name = lambda seat: f.game.seat_name(s.config, seat)  # noqa: E731
    if isinstance(a, A.Keep):
        shown = len(s.opening_draw)
        if len(a.cards) >= shown:
            return f"keeps all {plural(shown, 'card')} of ‹its› opening draw: each is worth its trip"
        return (f"keeps {len(a.cards)} of {plural(shown, 'card')}: the others lie too far out for what "
                "they pay, and a van back sooner has first pick of the row")
    if isinstance(a, A.Claim):
        pts = _points(s, board, a.cards)
        return f"claims {listed(list(a.cards))} from the row: {plural(pts, 'point')} to be earned"
    if isinstance(a, A.Move):
        return _move(f, s, board, a)
    if isinstance(a, A.SetTrap):
        rivals = [name(i) for i, p in enumerate(s.players)
                  if i != f.seat and 1 <= board.distance(p.pos, me.pos) <= s.config.die_sides]
        if rivals:
            return f"sets a trap here: {listed(rivals)} can reach this square with one roll"
        return "sets a trap on the way to the warehouse, where every van must come back"
    if isinstance(a, A.RemoveTrap):
        if me.trap is not None and not any(
                i != f.seat and board.distance(p.pos, me.trap) <= s.config.die_sides for i, p in enumerate(s.players)):
            return "lifts ‹its› trap: no rival is within one roll of it"
        return None
    if isinstance(a, A.PlayBlue) and s.pending is not None:
        p = s.pending
        what = "the trap" if p.source == "trap" else p.source
        return f"adds a blue card to the roll of {p.roll + p.boost}: {what} needs {p.target}"
    if (isinstance(a, A.EndTurn) and not me.hand and me.pos == board.warehouse and s.row and s.deck
            and not s.claimed):
        # an empty van passing up the row: a choice for any driver, so naming it tells nothing
        left, them = ("the last card", "it") if len(s.row) == 1 else (f"the last {len(s.row)} cards", "them")
        return (f"waits at the warehouse and leaves {left} in the row: taking {them} would lay out a "
                "fresh row, and the next van home would have first pick of it")
    # Accepting a failed roll, discarding one kind or the other, giving a card and ending a turn
    # otherwise get no reason: the match gives reasons only where there was a choice, and these are
    # choices only for a driver holding certain bonus cards (a blue card, both kinds, a red card to
    # trap).
    if isinstance(a, A.GiveUp):
        left = max(0, s.config.max_rounds - s.round)
        return (f"hands back {plural(len(me.hand), 'card')}: too far to deliver in the "
                f"{plural(left, 'round')} left")
    return None


def _points(s: DashState, board, cards) -> int:
    """What ``cards`` score delivered."""
    return sum(s.config.colour_points.get(board.houses[c].colour, 0) for c in cards if c in board.houses)


def _move(f: Facts, s: DashState, board, a: A.Move) -> str | None:
    me = s.players[f.seat]
    after = f.after()
    if after is not None:
        new = after.players[f.seat].delivered[len(me.delivered):]
        if new:
            house = board.houses.get(new[0])
            pts = s.config.colour_points.get(house.colour, 0) if house else 0
            return f"delivers to {new[0]}: {plural(pts, 'point')}"
    trap = next((i for i, p in enumerate(s.players) if i != f.seat and p.trap == a.to), None)
    if trap is not None:
        return f"risks {f.game.seat_name(s.config, trap)}'s trap (needs {s.config.trap_test}) for the shorter way"
    zone = board.hazard_at.get(a.to)
    if zone is not None:
        return f"risks {zone.name} (needs {zone.test}) for the shorter way"
    if a.to == board.warehouse:
        if s.row:
            pts = _points(s, board, s.row)
            return (f"back to the warehouse for first pick of the row: {plural(len(s.row), 'card')} "
                    f"worth {plural(pts, 'point')}")
        return "home to the warehouse"
    rolled = s.rolled
    avoided = [z.name for z in board.hazards
               if any(board.distance(me.pos, c) <= rolled for c in getattr(z, "cells", ()))]
    if avoided:
        return f"drives on, clear of {listed(sorted(set(avoided))[:2])}"
    return None
