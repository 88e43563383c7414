"""Next Day strangers: a firm counts its credits and what its open contracts will still pay.

A parcel in a vehicle is worth its price, less a little for every turn of driving to its
delivery town (about five road sections a turn); a parcel still waiting is worth its price less
the drive of the nearest vehicle with room to its collection town and on to its delivery town,
and counts for less than one on board. With no contracts left, the vehicles head home, and the
end is declared when the bonus puts the firm ahead of every rival (everything in this game is on
the table once play starts). The game has no dice, so a move is tried on a copy of the view and
its position counted exactly.

Contracts for the neighbour are made as cheap as the cards allow (the closest pairs: a short
contract pays the floor price), with the spare parcels on the cheapest one. Blockages are left
where they stand (they cost credits and help everyone). An auction is joined only for a contract
worth its drive; the owner of a contract underbids to keep it while the price stays worth having.

``steady`` never carries an illegal load (checkpoints cannot stop it), starts no auctions, and
spreads the neighbour's parcels evenly.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from courier.rules.base import Action, GameRules
from courier.rules.next_day import actions as A
from courier.dev.strangers.common import after, best

STYLES = {
    # share a parcel keeps per turn of driving; share of a waiting parcel counted; the lowest
    # price a challenger bids down to, and an owner keeps a contract at; overloading allowed
    "greedy": dict(keep=0.9, waiting=0.8, challenge=14, defend=8, overload=True, bids=True,
                   pile=True),
    "steady": dict(keep=0.85, waiting=0.7, challenge=0, defend=10, overload=False, bids=False,
                   pile=False),
}

#: road sections a vehicle drives in a turn, about (10 units; villages 1, towns 2, cities 4)
PER_TURN = 5.0


def worth(state: Any, seat: int, board: Any, style: dict) -> float:
    cfg = state.config
    me = state.players[seat]
    value = float(me.credits)
    if state.phase == "over":
        return value + (state.bonus if state.declared_by == seat else 0)
    mine = {c.id: c for c in state.contracts if c.owner == seat and not c.done}
    keep = style["keep"]
    for v in me.vehicles:
        here, road = v.place, 0
        left = [cid for cid in v.cargo if cid in mine]
        while left:
            cid = min(left, key=lambda k: (board.distance(here, mine[k].dropoff), k))
            road += board.distance(here, mine[cid].dropoff)
            value += mine[cid].price * keep ** (road / PER_TURN)
            here = mine[cid].dropoff
            left.remove(cid)
    rooms = [(v.place, cfg.capacity[v.kind] + (cfg.overload if style["overload"] else 0) - len(v.cargo))
             for v in me.vehicles]
    for c in mine.values():
        if c.waiting <= 0:
            continue
        near = min((board.distance(place, c.pickup) for place, space in rooms if space > 0),
                   default=min(board.distance(v.place, c.pickup) for v in me.vehicles) + PER_TURN)
        road = near + board.distance(c.pickup, c.dropoff)
        value += style["waiting"] * c.waiting * c.price * keep ** (road / PER_TURN)
    if not mine:
        value -= 0.5 * sum(board.distance(v.place, cfg.home) for v in me.vehicles)
    auc = state.auction
    if auc is not None:
        c = state.contracts[auc.contract]
        worth_it = c.waiting * auc.lowest * keep ** (board.distance(c.pickup, c.dropoff) / PER_TURN)
        if auc.bids and auc.bids[-1][0] == seat and c.owner != seat:
            value += 0.5 * style["waiting"] * worth_it  # may yet win it
    return value


def _setup(style: dict, view: Any, seat: int, legal: Sequence[Action], board: Any, rnd: random.Random) -> Action:
    """The neighbour's contracts: the closest pairs first, then the spare parcels."""
    pairs = [a for a in legal if isinstance(a, A.Pair)]
    if pairs:
        return best(pairs, lambda a: -board.distance(a.pickup, a.dropoff), rnd)
    adds = [a for a in legal if isinstance(a, A.AddParcel)]
    if adds:
        drafts = {d.pickup: d for d in view.players[seat].drafts}
        if style["pile"]:
            return best(adds, lambda a: -board.distance(a.pickup, drafts[a.pickup].dropoff), rnd)
        return best(adds, lambda a: -drafts[a.pickup].parcels, rnd)
    done = [a for a in legal if isinstance(a, (A.FinishSetup, A.DealRandomly))]
    return done[0] if done else rnd.choice(list(legal))


def _auction(style: dict, view: Any, seat: int, legal: Sequence[Action], board: Any) -> Action:
    auc = view.auction
    floor = style["defend"] if seat == auc.owner else style["challenge"]
    lowest = auc.lowest
    if seat != auc.owner and not style["bids"]:
        floor = lowest  # never goes lower
    for a in legal:
        if isinstance(a, A.Bid) and a.amount == lowest - 1 and a.amount >= max(floor, 1):
            return a
    return next(a for a in legal if isinstance(a, A.Pass))


def decide(style_name: str, game: GameRules, view: Any, seat: int, legal: Sequence[Action],
           rnd: random.Random) -> Action:
    style = STYLES[style_name]
    cfg = view.config
    board = game.board(cfg)
    if view.phase == "setup":
        return _setup(style, view, seat, legal, board, rnd)
    if view.auction is not None:
        return _auction(style, view, seat, legal, board)
    me = view.players[seat]
    choices = []
    for a in legal:
        if isinstance(a, A.MoveBlockage):
            continue
        if isinstance(a, A.StartBid):
            c = view.contracts[a.contract]
            if not style["bids"] or a.amount != c.price - 1 or a.amount < style["challenge"]:
                continue
        if isinstance(a, A.Collect) and not style["overload"]:
            v = me.vehicle(a.vehicle)
            if len(v.cargo) >= cfg.capacity[v.kind]:
                continue
        if isinstance(a, A.Declare):
            rivals = max(p.credits for i, p in enumerate(view.players) if i != seat)
            bonus = cfg.declare_bonus_per_parcel * me.delivered
            if me.credits + bonus <= rivals and view.round < cfg.round_limit - 5:
                continue
            return a
        choices.append(a)

    def value(a: Action) -> float:
        trial = after(game, view, a)
        if trial is None:
            return float("-inf")
        if isinstance(a, A.StartBid):
            c = view.contracts[a.contract]
            drive = board.distance(c.pickup, c.dropoff) / PER_TURN
            return worth(view, seat, board, style) + 0.3 * c.waiting * a.amount * style["keep"] ** drive
        return worth(trial, seat, board, style)

    return best(choices, value, rnd)
