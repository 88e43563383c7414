"""Doorstep Dash: why a computer driver moves, claims, sets a trap or spends a bonus card.

Destination cards in hand and bonus cards are secret, and so is where a driver is heading. A
reason therefore names only what the move itself shows: a delivery it makes (the log names it
anyway), the warehouse and the face-up row, hazards and traps on the board, counts of cards. And
since a reason only comes with a real choice, moves that are a choice only for some hands of
bonus cards get none: its mere presence would tell.

A hint is for the person alone, who may read their own cards (``Facts.mine``): there a reason may
name the houses on their cards and their bonus cards, and every hint gets one (``_yours``).
"""

from __future__ import annotations

from courier.ai.reasons import Facts, listed, plural
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash.config import BLUE, RED
from courier.rules.doorstep_dash.state import DashState


def reason(f: Facts) -> str | None:
    said = _public(f)
    if said is None and f.mine is not None:
        said = _yours(f)
    return said


def _public(f: Facts) -> str | None:
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
    if f.mine is not None:
        return None  # a hint says where the person's own cards send the van (``_yours``)
    rolled = s.rolled
    avoided = [z.name for z in board.hazards
               if any(board.distance(me.pos, c) <= rolled for c in getattr(z, "cells", ()))]
    if avoided:
        return f"drives on, clear of {listed(sorted(set(avoided))[:2])}"
    return None


def _next_house(board, mine: DashState, seat: int, cell) -> tuple[str, int] | None:
    """The house on the person's own cards nearest ``cell``, and how far it is."""
    hand = [h for h in mine.players[seat].hand if h in board.houses]
    if not hand:
        return None
    best = min(hand, key=lambda h: (board.distance(cell, board.houses[h].entrance), h))
    return best, board.distance(cell, board.houses[best].entrance)


def _goal(board, mine: DashState, seat: int, cell) -> str:
    """Where the person's van goes next from ``cell``, from their own cards."""
    nxt = _next_house(board, mine, seat, cell)
    if nxt is None:
        d = board.distance(cell, board.warehouse)
        return f"no card is left in ‹its› hand, and the warehouse is {plural(d, 'space')} away" if d else \
            "no card is left in ‹its› hand"
    house, d = nxt
    h = board.houses[house]
    pts = mine.config.colour_points.get(h.colour, 0)
    return f"#{h.number} {house}, on ‹its› card for {plural(pts, 'point')}, is {plural(d, 'space')} away"


def _yours(f: Facts) -> str | None:
    """A hint's reason where the log says nothing: from the person's own cards."""
    mine: DashState = f.mine
    a = f.action
    board = f.game.board(mine.config)
    me = mine.players[f.seat]
    if isinstance(a, A.Move):
        nxt = _next_house(board, mine, f.seat, a.to)
        if nxt is None:
            return f"heads back towards the warehouse: {_goal(board, mine, f.seat, me.pos)}"
        return f"heads on: from there {_goal(board, mine, f.seat, a.to)}"
    if isinstance(a, A.Roll):
        return f"rolls to drive on: {_goal(board, mine, f.seat, me.pos)}"
    if isinstance(a, A.EndTurn):
        if RED in me.bonus and not any(i != f.seat and 1 <= board.distance(p.pos, me.pos) <= mine.config.die_sides
                                        for i, p in enumerate(mine.players)):
            return "ends ‹its› turn without a trap: no rival is within one roll of this square"
        return f"ends ‹its› turn: nothing more to do here, and {_goal(board, mine, f.seat, me.pos)}"
    if isinstance(a, (A.Discard, A.Give)):
        verb = "discards" if isinstance(a, A.Discard) else "gives"
        blues, reds = me.bonus.count(BLUE), me.bonus.count(RED)
        if a.kind == RED:
            return (f"{verb} a red card: {plural(reds, 'red card')} in hand are more than one trap "
                    "needs, and blue cards help every test")
        return (f"{verb} a blue card: ‹its› {plural(reds, 'red card')} stay for traps, "
                f"with {plural(blues - 1, 'blue card')} still in hand")
    if isinstance(a, A.Accept) and mine.pending is not None:
        p = mine.pending
        need = p.target - p.roll - p.boost
        blues = me.bonus.count(BLUE)
        if blues * mine.config.blue_bonus < need:
            return f"accepts the roll: ‹its› {plural(blues, 'blue card')} cannot make up {need}"
        return f"accepts the roll: {need} more would cost more blue cards than the test is worth"
    return None
