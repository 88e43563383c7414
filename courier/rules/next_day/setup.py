"""The set-up phase: dealing the town cards and building contracts for the next seat.

Every seat builds at once (``to_act`` lists all who are not finished); what a seat is building
stays hidden from the others until everyone is done and the contracts are handed over.
"""

from __future__ import annotations

from courier.rules.base import Event, IllegalAction
from courier.rules.next_day import actions as A
from courier.rules.next_day import events as E
from courier.rules.next_day.board import Board
from courier.rules.next_day.config import NextDayConfig
from courier.rules.next_day.state import Contract, Draft, NextDayState
from courier.rules.next_day.tables import made, memo
from courier.rules.rng import Rng


def price_for(board: Board, cfg: NextDayConfig, pickup: str, dropoff: str) -> int:
    """Credits per parcel: 5 per road section of the shortest route, blockages ignored, at least 20."""
    return max(cfg.price_floor, cfg.price_per_step * board.distance(pickup, dropoff))


def deal(state: NextDayState, board: Board, cfg: NextDayConfig) -> None:
    cards = sorted(board.towns)
    state.rng.shuffle(cards)
    each = len(cards) // cfg.players
    for i, p in enumerate(state.players):
        p.hand = sorted(cards[i * each:(i + 1) * each])


def free_cards(state: NextDayState, seat: int) -> list[str]:
    p = state.players[seat]
    used: set[str] = set()
    for d in p.drafts:  # (a plain loop: set-up lists ask at every position, and drafts are few)
        used.add(d.pickup)
        used.add(d.dropoff)
    return [c for c in p.hand if c not in used]


def legal(state: NextDayState, board: Board, cfg: NextDayConfig, seat: int) -> list[A.Action]:
    p = state.players[seat]
    if p.built:
        return []
    n, total = cfg.contracts(), cfg.parcels()
    drafts = p.drafts
    out: list[A.Action] = []
    placed = sum([d.parcels for d in drafts])
    if len(drafts) < n and placed < total:
        out += _pairs(board, seat, tuple(free_cards(state, seat)))
    if drafts:
        spare = placed < total
        store = memo(board, "draft actions")
        for d in drafts:
            unpair, add, remove = store.get((seat, d.pickup)) or _draft_actions(board, seat, d.pickup)
            out.append(unpair)
            if spare:
                out.append(add)
            if d.parcels > 1:
                out.append(remove)
        out.append(made(board, A.ClearDrafts, seat))
    complete = len(drafts) == n and placed == total
    out.append(made(board, A.FinishSetup if complete else A.DealRandomly, seat))
    return out


def _draft_actions(board: Board, seat: int, pickup: str) -> tuple[A.Action, A.Action, A.Action]:
    """Unpair, add a parcel to and take one off the contract from ``pickup`` (made once)."""
    store = memo(board, "draft actions")
    key = (seat, pickup)
    got = store.get(key)
    if got is None:
        got = store[key] = (A.Unpair(seat, pickup), A.AddParcel(seat, pickup), A.RemoveParcel(seat, pickup))
    return got


def _pairs(board: Board, seat: int, free: tuple[str, ...]) -> tuple[A.Action, ...]:
    """Every contract ``seat`` could make from its ``free`` cards, listed once per set of free
    cards; each pair is made once per seat and town (see tables.memo)."""
    hands = memo(board, "pairs of a hand", 1_000)
    key = (seat, free)
    got = hands.get(key)
    if got is None:
        pairs = memo(board, ("pairs", seat))
        rows = [pairs.get(a) or pairs.setdefault(a, {}) for a in free]
        for a, row in zip(free, rows):
            for b in free:
                if b != a and b not in row:
                    row[b] = A.Pair(seat, a, b)
        got = hands[key] = tuple([row[b] for a, row in zip(free, rows) for b in free if b != a])
    return got


def fill_randomly(p_drafts: list[Draft], free: list[str], cfg: NextDayConfig, rng: Rng) -> None:
    """Complete a seat's drafts at random: pair the spare cards, then spread the parcels left."""
    free = list(free)
    rng.shuffle(free)
    while len(p_drafts) < cfg.contracts() and len(free) >= 2:
        p_drafts.append(Draft(free.pop(), free.pop(), 1))
    # too many parcels already placed can only happen if a player over-filled fewer contracts
    while sum(d.parcels for d in p_drafts) > cfg.parcels():
        d = max(p_drafts, key=lambda x: x.parcels)
        d.parcels -= 1
    while sum(d.parcels for d in p_drafts) < cfg.parcels():
        rng.choice(p_drafts).parcels += 1


def apply(state: NextDayState, board: Board, cfg: NextDayConfig, action: A.Action) -> list[Event]:
    seat = action.seat
    if state.phase != "setup":
        raise IllegalAction("The contracts have already been set up.")
    if not 0 <= seat < cfg.players:
        raise IllegalAction("There is no such seat.")
    p = state.players[seat]
    if p.built:
        raise IllegalAction("You have already finished your contracts.")
    n, total = cfg.contracts(), cfg.parcels()
    placed = sum([d.parcels for d in p.drafts])
    if isinstance(action, A.Pair):
        free = free_cards(state, seat)
        if action.pickup == action.dropoff:
            raise IllegalAction("A contract needs two different towns.")
        if action.pickup not in free or action.dropoff not in free:
            raise IllegalAction("Both towns must be unused cards in your hand.")
        if len(p.drafts) >= n:
            raise IllegalAction(f"You already have {n} contracts.")
        if placed >= total:
            raise IllegalAction("Every parcel is placed; take one off a contract first.")
        p.drafts.append(Draft(action.pickup, action.dropoff, 1))
    elif isinstance(action, (A.Unpair, A.AddParcel, A.RemoveParcel)):
        d = {x.pickup: x for x in p.drafts}.get(action.pickup)
        if d is None:
            raise IllegalAction(f"You have no contract from {action.pickup}.")
        if isinstance(action, A.Unpair):
            p.drafts.remove(d)
        elif isinstance(action, A.AddParcel):
            if placed >= total:
                raise IllegalAction(f"All {total} parcels are already placed.")
            d.parcels += 1
        else:
            if d.parcels <= 1:
                raise IllegalAction("Every contract needs at least one parcel.")
            d.parcels -= 1
    elif isinstance(action, A.ClearDrafts):
        if not p.drafts:
            raise IllegalAction("You have no contracts to clear.")
        p.drafts.clear()
    elif isinstance(action, A.DealRandomly):
        if len(p.drafts) == n and placed == total:
            raise IllegalAction("Your contracts are complete: there is nothing left to deal.")
        fill_randomly(p.drafts, free_cards(state, seat), cfg, state.rng)
    elif isinstance(action, A.FinishSetup):
        if len(p.drafts) != n or placed != total:
            raise IllegalAction(f"Make {n} contracts carrying {total} parcels in all before you finish.")
        p.built = True
        events: list[Event] = [E.ContractsBuilt(text=f"{cfg.seat_name(seat)} has finished their contracts.", seat=seat)]
        if all(q.built for q in state.players):
            events += hand_over(state, board, cfg)
        return events
    else:
        raise IllegalAction("That is not something to do during set-up.")
    return []


def hand_over(state: NextDayState, board: Board, cfg: NextDayConfig) -> list[Event]:
    """Everyone is done: contracts go to the next seat, parcels to their towns, a die picks who starts."""
    events: list[Event] = []
    for seat, p in enumerate(state.players):
        to = (seat + 1) % cfg.players
        for d in p.drafts:
            price = price_for(board, cfg, d.pickup, d.dropoff)
            c = Contract(len(state.contracts), to, d.pickup, d.dropoff, price, d.parcels, d.parcels)
            state.contracts.append(c)
            events.append(E.Contract(text=f"{d.pickup} to {d.dropoff}: {d.parcels} parcel(s) at {price} each", seat=to, builder=seat, contract=c.id))
        used = {d.pickup for d in p.drafts} | {d.dropoff for d in p.drafts}
        p.discards = [c for c in p.hand if c not in used]
        p.hand = []
        p.drafts = []
    roll = state.rng.die(6)
    while roll > cfg.players:
        roll = state.rng.die(6)
    state.first = state.current = roll - 1
    state.phase = "play"
    state.round = 1
    events.append(E.Rolled(text=f"The die shows {roll}: {cfg.seat_name(roll - 1)} starts.", value=roll, seat=roll - 1))
    return events
