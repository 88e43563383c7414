"""Doorstep Dash strangers: a driver counts points scored, the parcels in the van and how far
their doors are, the bonus cards in hand, and the turn a failed test would cost.

The parcels are counted along one round of the town: from the van to the nearest door, from
there to the next nearest, and so on, each worth its house's points less a little for every turn
of driving before it (a die gives 3.5 squares a turn). A van with room and the right to claim
also counts a share of the best cards on the face-up row, less the drive back to the warehouse.

A drive is judged before it is made, by the rules of the tests rather than by a die the view
does not know: ending in a hazard zone or on a rival's trap costs what a failed test costs
(a lost turn, or a bonus card) times the chance of failing, after the blue cards it would be
worth playing. The die of a roll is never guessed: rolling is what one does when there is
nothing better to do first (claim, set a trap).

``steady`` fears a lost turn twice as much, values blue cards as insurance, prefers near doors
(a steeper fall with distance), and never sets a trap.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from courier.rules.base import Action, GameRules
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash.config import BLUE, RED
from courier.rules.doorstep_dash.state import HIDDEN
from courier.strangers.common import after, best

STYLES = {
    # share a parcel keeps per turn of driving to it; what a lost turn costs; a blue and a red
    # card's worth; the share of the row counted as a reason to go back; a trap set on the road
    "greedy": dict(keep=0.93, lost_turn=3.0, blue=0.6, red=0.35, lure=0.5, trap=0.6),
    "steady": dict(keep=0.86, lost_turn=6.0, blue=1.0, red=0.2, lure=0.4, trap=None),
}

#: squares a die gives a turn, on average
PER_TURN = 3.5


def _points(cfg: Any, board: Any, house: str, average: float) -> float:
    h = board.houses.get(house)
    if h is None:
        return average
    return float(cfg.colour_points.get(h.colour, 0))


def _average(cfg: Any, board: Any) -> float:
    pts = [cfg.colour_points.get(h.colour, 0) for h in board.houses.values()]
    return sum(pts) / max(1, len(pts))


def worth(state: Any, seat: int, board: Any, style: dict) -> float:
    cfg = state.config
    p = state.players[seat]
    avg = _average(cfg, board)
    value = float(p.score)
    blues = sum(1 for b in p.bonus if b == BLUE)
    reds = sum(1 for b in p.bonus if b == RED)
    unknown = len(p.bonus) - blues - reds
    value += style["blue"] * blues + style["red"] * reds + 0.5 * (style["blue"] + style["red"]) * unknown
    if p.skip_next:
        value -= style["lost_turn"]
    if p.trap is not None and style["trap"] is not None:
        value += style["trap"]
    pend = state.pending
    if pend is not None and pend.seat == seat and pend.kind == "test":
        short = pend.target - pend.roll - pend.boost
        need = -(-short // cfg.blue_bonus)
        cost = style["lost_turn"] if pend.source != "trap" else min(style["lost_turn"], style["blue"])
        if need <= blues:
            cost = min(cost, need * style["blue"])
        value -= cost
    # the parcels, along one round of the town
    value += sum(avg * 0.5 for h in p.hand if h not in board.houses)
    tour, here = _tour(cfg, board, p.pos, [h for h in p.hand if h in board.houses], style, avg)
    value += tour
    room = cfg.hand_limit - len(p.hand)
    home = board.distance(p.pos, board.warehouse)
    if room > 0 and (p.may_claim or not p.hand) and (state.row or state.deck):
        # what a claim at the warehouse would bring, counted from there, for a share
        trip = board.distance(here, board.warehouse)  # after the round of the doors
        known = [h for h in state.row if h in board.houses]
        if state.row:
            picks = sorted(known, key=lambda h: -_points(cfg, board, h, avg))[:room]
            fetched, _ = _tour(cfg, board, board.warehouse, picks, style, avg)
            fetched += avg * style["keep"] ** 3 * max(0, min(room, len(state.row)) - len(picks))
        else:
            fetched = avg * style["keep"] ** 3 * min(room, cfg.row_size)
        value += style["lure"] * fetched * style["keep"] ** (trip / PER_TURN)
    if not state.row and not state.deck and not p.hand:
        value -= 0.05 * home  # the game ends when every van is home
    return value


def _tour(cfg: Any, board: Any, start: Any, houses: list, style: dict, avg: float) -> tuple[float, Any]:
    """The houses' points along one round from ``start`` (nearest door next), each kept by the
    share of a turn of driving before it; and the door the round ends at."""
    here, road, value = start, 0, 0.0
    left = list(houses)
    while left:
        nxt = min(left, key=lambda h: (board.distance(here, board.houses[h].entrance), h))
        door = board.houses[nxt].entrance
        road += board.distance(here, door)
        value += _points(cfg, board, nxt, avg) * style["keep"] ** (road / PER_TURN)
        left.remove(nxt)
        here = door
    return value, here


def _test_cost(cfg: Any, target: int, blues: int, style: dict, trap: bool, has_cards: bool) -> float:
    """Expected cost of a test needing ``target``: for each face, the cheaper of the blue cards
    that would save it and what failing costs."""
    sides = cfg.die_sides
    fail = style["lost_turn"]
    if trap and has_cards:
        fail = min(fail, style["blue"])  # a bonus card handed over (the cheaper kind, say a blue)
    total = 0.0
    for roll in range(1, sides + 1):
        short = target - roll
        if short <= 0:
            continue
        need = -(-short // cfg.blue_bonus)
        total += min(fail, need * style["blue"]) if need <= blues else fail
    return total / sides


def decide(style_name: str, game: GameRules, view: Any, seat: int, legal: Sequence[Action],
           rnd: random.Random) -> Action:
    style = STYLES[style_name]
    cfg = view.config
    board = game.board(cfg)
    now = worth(view, seat, board, style)
    me = view.players[seat]
    blues = sum(1 for b in me.bonus if b == BLUE)
    choices = list(legal)
    if style["trap"] is None:
        choices = [a for a in choices if not isinstance(a, A.SetTrap)] or choices

    def value(a: Action) -> float:
        if isinstance(a, A.Roll):
            # nothing to gain by waiting when there are parcels to take out or cards to fetch
            busy = bool(me.hand) or me.pos != board.warehouse
            return now + (0.05 if busy else -0.05)
        if isinstance(a, A.Move):
            trial = view.clone()
            p = trial.players[seat]
            p.pos = a.to
            trial.moved = True
            risk = 0.0
            trap = any(q.trap == a.to for i, q in enumerate(trial.players) if i != seat)
            if trap:
                risk = _test_cost(cfg, cfg.trap_test, blues, style, True, bool(me.bonus))
            elif a.to in board.hazard_at:
                risk = _test_cost(cfg, board.hazard_at[a.to].test, blues, style, False, bool(me.bonus))
            elif a.to in board.entrance_house and board.entrance_house[a.to] in p.hand:
                house = board.entrance_house[a.to]
                p.hand.remove(house)
                p.score += cfg.colour_points.get(board.houses[house].colour, 0)
                p.may_claim = True
                p.bonus.append(HIDDEN)
            return worth(trial, seat, board, style) - risk
        trial = after(game, view, a)
        return float("-inf") if trial is None else worth(trial, seat, board, style)

    return best(choices, value, rnd)
