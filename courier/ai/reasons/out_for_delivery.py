"""Out For Delivery: why a computer courier travels, picks up, delivers, trades or shops.

Nothing in this game is hidden (parcels, gold and items lie open), so a reason may name cities,
parcels and their worth. The destination a move serves is the public goal it brings nearest: a
carried parcel's delivery tile, or a pick-up tile with parcels waiting.
"""

from __future__ import annotations

from courier.ai.out_for_delivery_plan import opening_take, static_distances
from courier.ai.reasons import Facts, plural
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery.config import ITEMS
from courier.rules.out_for_delivery.preview import preview_move
from courier.rules.out_for_delivery.state import OfdState


def _worth(s: OfdState, square: int) -> int:
    board = s.config.parcel_board
    return board[square] if 0 <= square < len(board) else 0


def _thing(s: OfdState, thing: str) -> str:
    kind, _, value = thing.partition(":")
    if kind == "gold":
        return f"{value} gold"
    if kind == "item":
        info = ITEMS.get(value)
        return f"the {info.name.lower()}" if info else "an item"
    if kind == "parcel":
        return "a parcel"
    return "nothing"


def reason(f: Facts) -> str | None:
    s: OfdState = f.before
    a = f.action
    board = f.game.board(s.config)
    me = s.players[f.seat]
    if isinstance(a, A.StartCity):
        city = board.city(a.city)
        here = len(s.waiting[a.city - 1])
        if f.level == "easy":
            return f"starts in {city.name}: {plural(here, 'parcel')} waiting there"
        # the normal and hard couriers start where the waiting parcels pay, not where most wait
        good = len(opening_take(s.config, board, s, a.city))
        if good:
            return (f"starts in {city.name}: {plural(good, 'parcel')} waiting there "
                    f"{'goes to a city' if good == 1 else 'go to cities'} near enough to pay well")
        return f"starts in {city.name}: no city's waiting parcels would pay well yet"
    if isinstance(a, A.Deliver):
        city = board.city(a.dest)
        return f"the parcel for {city.name} pays {_worth(s, a.square)} gold now, less with every turn it waits"
    if isinstance(a, A.Pickup):
        city = board.city(a.dest)
        same = sum(1 for p in me.parcels if p.dest == a.dest)
        tail = f"; with {plural(same, 'parcel')} for there aboard already, one trip delivers both" if same else ""
        return f"a parcel for {city.name} pays {_worth(s, 0)} gold if delivered soon{tail}"
    if isinstance(a, A.Steal):
        victim = f.game.seat_name(s.config, a.victim)
        city = board.city(a.dest).name
        return f"takes {victim}'s parcel for {city} with the ski mask: worth {_worth(s, a.square)} gold"
    if isinstance(a, A.Offer):
        partner = f.game.seat_name(s.config, a.partner)
        return f"offers {partner} {_thing(s, a.give)} for {_thing(s, a.get)}: worth more to ‹it› than what ‹it› would give"
    if isinstance(a, (A.Accept, A.Decline)) and s.offer is not None:
        got, given = _thing(s, s.offer.give), _thing(s, s.offer.get)
        if isinstance(a, A.Accept):
            return f"accepts: {got} is worth more to ‹it› than {given}"
        return f"declines: {given} is worth more to ‹it› than {got}"
    if isinstance(a, A.Buy):
        return f"buys an item at {s.config.item_price(s.obstacle)} gold: cheap enough to be worth carrying"
    if isinstance(a, A.Sell):
        info = ITEMS.get(a.item)
        return f"sells the {info.name.lower() if info else 'item'}: of ‹its› items, the one of least use"
    if isinstance(a, A.UseItem):
        info = ITEMS.get(a.item)
        return f"uses the {info.name.lower() if info else 'item'}: it brings a delivery within reach"
    if isinstance(a, (A.Move, A.BoatMove, A.Fly)):
        return _travel(f, s, board, a.cell)
    if isinstance(a, A.EndTurn):
        return "ends ‹its› turn: no move this turn gets ‹it› closer to a parcel worth having"
    return None


def _travel(f: Facts, s: OfdState, board, dest: int) -> str | None:
    me = s.players[f.seat]
    goals: dict[int, str] = {}
    for p in me.parcels:
        city = board.city(p.dest)
        goals.setdefault(city.delivery, f"delivers the parcel for {city.name}, worth {_worth(s, p.square)} gold now")
    if len(me.parcels) < s.config.max_carried:
        for city in board.cities:
            waiting = s.waiting[city.number - 1]
            if waiting and city.pickup not in goals:
                goals[city.pickup] = f"{plural(len(waiting), 'parcel')} waiting at {city.name}"
    if not goals:
        return None
    start = me.cell
    sd = static_distances(board)  # cloudy-weather costs from every pick-up and delivery tile

    def d(cell: int, goal: int) -> int:
        return sd[goal].get(cell, 1 << 30)

    def progress(cell: int) -> int:
        return d(dest, cell) - d(start, cell)

    best = min(progress(c) for c in goals)
    # a carried parcel's delivery first among goals the move serves about as well (a city's
    # pick-up and delivery tiles lie side by side)
    carried = {board.city(p.dest).delivery for p in me.parcels}
    target = min((c for c in goals if progress(c) <= best + 2),
                 key=lambda c: (c not in carried, progress(c), d(dest, c), c))
    if d(dest, target) >= d(start, target):
        return None
    if dest == target:
        # the rules' own preview of the move (the one its tile's label shows): arriving with too
        # few movement points for the job there means doing it next turn, and the sentence says so
        pv = preview_move(s.config, board, s, f.seat, dest) if s.current == f.seat else None
        if pv is not None and pv.warning:
            number = board.city_of[dest]
            if dest in carried:
                job = f"to deliver the parcel for {board.city(number).name} next turn"
            else:
                job = f"to pick up one of the {plural(len(s.waiting[number - 1]), 'parcel')} waiting there next turn"
            what = "deliver" if dest in carried else "pick up"
            return (f"goes to {board.place_name(target)}, {job}: this move leaves too few MP to "
                    f"{what} on arrival")
        return f"goes to {board.place_name(target)}: {goals[target]}"
    return f"heads for {board.place_name(target)}: {goals[target]}"
