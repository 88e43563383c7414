"""Who acts, what is allowed and why not: the one gate for Out For Delivery actions."""

from __future__ import annotations

from courier.rules.base import Action, IllegalAction
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.config import ITEMS, WEATHERS, OfdConfig, halves
from courier.rules.out_for_delivery.costs import _has_parcel, handling_cost, here_cost, step_cost
from courier.rules.out_for_delivery.state import OfdState, Player
from courier.rules.out_for_delivery.tables import tables


# -- who acts ------------------------------------------------------------------------------
def to_act(state: OfdState) -> list[int]:
    if state.phase == "over":
        return []
    if state.phase == "answer" and state.offer is not None:
        return [state.offer.partner]
    return [state.current]


# -- checking ------------------------------------------------------------------------------
def _thing_problem(cfg: OfdConfig, p: Player, thing: str, who: str) -> str | None:
    if not isinstance(thing, str):
        return "a trade names a parcel, an item, some gold or nothing"
    try:
        A.parse_thing(thing)
    except IllegalAction as exc:
        return str(exc)
    if thing == "nothing":
        return None
    kind, _, value = thing.partition(":")
    if kind == "parcel":
        d, s = A.parse_parcel(value)
        return None if _has_parcel(p, d, s) else f"{who} no parcel for city {d} on square {s + 1}"
    if kind == "item":
        return None if value in p.items else f"{who} no {ITEMS[value].name}"
    n = int(value)  # gold is one thing: any whole amount the giver holds
    return None if p.gold >= n else f"{who} only {p.gold} gold"


def _parcel_delta(thing_in: str, thing_out: str) -> int:
    return (thing_in.startswith("parcel:")) - (thing_out.startswith("parcel:"))


def check(cfg: OfdConfig, board: Board, state: OfdState, a: Action) -> str | None:
    """Why ``a`` is not allowed now, in words for the player; None when it is allowed."""
    if state.phase == "over":
        return "the game is over"
    if a.seat not in to_act(state):
        return "it is not your turn"
    me = state.players[a.seat]
    ph = state.phase
    if ph == "start":
        if not isinstance(a, A.StartCity):
            return "first choose the city you start in"
        if not 1 <= a.city <= 6:
            return "cities are numbered 1 to 6"
        if any(p.cell in board.city(a.city).cells for p in state.players):
            return f"someone already starts in {board.city(a.city).name}"
        return None
    if ph == "answer":
        return None if isinstance(a, (A.Accept, A.Decline)) else "answer the trade offer first"
    if ph == "roll":
        return None if isinstance(a, A.Roll) else "roll for movement points first"
    if isinstance(a, A.EndTurn):
        return None
    if isinstance(a, (A.Roll, A.StartCity, A.Accept, A.Decline)):
        return "that is not something to do now"
    number = board.city_of[me.cell]
    if isinstance(a, (A.Move, A.BoatMove, A.Fly)):
        if not 0 <= a.cell < len(board.terrain):
            return "there is no such tile"
        if a.text_cell and a.text_cell != board.cell_text(a.cell):
            return f"tile {a.text_cell} is not tile {board.cell_text(a.cell)}"
    if isinstance(a, A.Move):
        if a.cell == me.cell:
            return "you are already there"
        if board.terrain[a.cell] not in ("road", "city", "mountain", "river"):
            return "couriers stay on roads and in cities"
        dist, _ = tables(board).reach(state, a.seat, state.mp)
        return None if a.cell in dist else "you cannot reach that tile with the movement points you have left"
    if isinstance(a, A.BoatMove):
        if "portable_boat" not in me.items:
            return "you have no portable boat"
        if board.terrain[a.cell] != "river" or a.cell not in board.neighbours[me.cell]:
            return "the boat takes you onto a river crossing next to you"
        cost = step_cost(board, state, a.seat, a.cell, boat=True)
        return None if cost is not None and cost <= state.mp else "not enough movement points"
    if isinstance(a, A.Fly):
        if "airplane_ticket" not in me.items:
            return "you have no airplane ticket"
        if not number:
            return "you can only fly from a city"
        target = board.city_of[a.cell]
        if not target or target == number:
            return "fly to a tile of another city"
        return None if state.mp >= halves(cfg.plane_cost_mp) else "flying takes 1 MP"
    if isinstance(a, (A.Pickup, A.Deliver)):
        if state.obstacle == "holiday":
            return "it is a holiday: no pick-ups or deliveries this round"
        if handling_cost(board, state, a.seat) > state.mp:
            return "not enough movement points"
        if isinstance(a, A.Pickup):
            if not number or board.city(number).pickup != me.cell:
                return "parcels are picked up on a city's pick-up tile"
            if a.dest not in state.waiting[number - 1]:
                return f"no parcel for city {a.dest} is waiting here"
            if len(me.parcels) >= cfg.max_carried:
                return f"you already carry {cfg.max_carried} parcels"
            return None
        if not number or board.city(number).delivery != me.cell or a.dest != number:
            return "a parcel is delivered on the delivery tile of its own city"
        return None if _has_parcel(me, a.dest, a.square) else "you have no such parcel"
    if isinstance(a, (A.Buy, A.Sell)):
        if not number:
            return "items are bought and sold in cities"
        if here_cost(board, state, a.seat) > state.mp:
            return "not enough movement points"
        if isinstance(a, A.Buy):
            if state.bought:
                return "you already bought an item this turn"
            price = cfg.item_price(state.obstacle)
            return None if me.gold >= price else f"an item costs {price} gold"
        if state.sold:
            return "you already sold an item this turn"
        return None if a.item in me.items else "you do not have that item"
    if isinstance(a, A.UseItem):
        info = ITEMS.get(a.item)
        if info is None or a.item not in me.items:
            return "you do not have that item"
        if info.kind == "mp":
            return None
        if info.kind == "weather":
            fam = info.weather
            if (fam == "rain" and state.umbrella) or (fam == "snow" and state.snow_shoes):
                return f"your {info.name.lower()} is already in use this turn"
            if not any(WEATHERS[w].family == fam for w in state.weather):
                return f"there is no {fam} anywhere this round"
            return None
        return f"the {info.name} is used by its own action"
    if isinstance(a, A.Steal):
        if "ski_mask" not in me.items:
            return "you have no ski mask"
        if not 0 <= a.victim < len(state.players) or a.victim == a.seat:
            return "no such player"
        victim = state.players[a.victim]
        if victim.cell != me.cell:
            return "you can only rob a player on your tile"
        if state.mp < halves(cfg.mask_cost_mp):
            return "the ski mask takes 1 MP"
        if len(me.parcels) >= cfg.max_carried:
            return f"you already carry {cfg.max_carried} parcels"
        return None if _has_parcel(victim, a.dest, a.square) else "they have no such parcel"
    if isinstance(a, A.Offer):
        if state.traded:
            return "you already made a trade offer this turn"
        if not 0 <= a.partner < len(state.players) or a.partner == a.seat:
            return "no such player"
        other = state.players[a.partner]
        if other.cell != me.cell:
            return "you can only trade with a player on your tile"
        if here_cost(board, state, a.seat) > state.mp:
            return "not enough movement points"
        if a.give == "nothing" and a.get == "nothing":
            return "a trade needs something to change hands"
        if a.give.startswith("gold:") and a.get.startswith("gold:"):
            return "swapping gold for gold is no trade"
        why = _thing_problem(cfg, me, a.give, "you have") or _thing_problem(cfg, other, a.get, "they have")
        if why:
            return why
        if len(me.parcels) + _parcel_delta(a.get, a.give) > cfg.max_carried:
            return f"you would carry more than {cfg.max_carried} parcels"
        if len(other.parcels) + _parcel_delta(a.give, a.get) > cfg.max_carried:
            return f"they would carry more than {cfg.max_carried} parcels"
        return None
    return "unknown action"


def _things(cfg: OfdConfig, p: Player) -> list[str]:
    out = sorted({f"parcel:{x.dest}@{x.square + 1}" for x in p.parcels})
    out += [f"item:{i}" for i in sorted(set(p.items))]
    golds = [g for g in cfg.trade_gold_steps if p.gold >= g]
    if p.gold > 0 and p.gold not in golds:
        golds.append(p.gold)  # the whole purse; any other amount may be offered too
    out += [f"gold:{g}" for g in golds]
    return out + ["nothing"]


def legal_actions(cfg: OfdConfig, board: Board, state: OfdState, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    me = state.players[seat]
    ph = state.phase
    if ph == "start":
        taken = {board.city_of[p.cell] for p in state.players if p.cell >= 0}
        return [A.StartCity(seat, n) for n in range(1, 7) if n not in taken]
    tab = tables(board)
    sh = tab.shared
    if ph == "roll":
        return [sh(A.Roll, seat)]
    if ph == "answer":
        return [sh(A.Accept, seat), sh(A.Decline, seat)]
    dist, _ = tab.reach(state, seat, state.mp)
    moves = tab.moves(seat)
    here = me.cell
    out: list[Action] = [moves[c] for c in sorted(dist) if c != here]
    number = board.city_of[me.cell]
    candidates: list[Action] = []
    if "portable_boat" in me.items:
        candidates += [A.BoatMove(seat, c, board.cell_text(c)) for c in board.neighbours[me.cell] if board.terrain[c] == "river"]
    if "airplane_ticket" in me.items and number:
        candidates += [A.Fly(seat, c, board.cell_text(c)) for city in board.cities if city.number != number for c in sorted(city.cells)]
    if number:
        candidates += [sh(A.Pickup, seat, d) for d in sorted(set(state.waiting[number - 1]))]
        candidates += [sh(A.Deliver, seat, x.dest, x.square) for x in me.parcels if x.dest == number]
        candidates.append(sh(A.Buy, seat))
        candidates += [sh(A.Sell, seat, i) for i in sorted(set(me.items))]
    candidates += [sh(A.UseItem, seat, i) for i in sorted(set(me.items)) if ITEMS[i].kind in ("mp", "weather")]
    others = [j for j, p in enumerate(state.players) if j != seat and p.cell == me.cell]
    if others and "ski_mask" in me.items:
        candidates += [A.Steal(seat, j, x.dest, x.square) for j in others for x in state.players[j].parcels]
    if others and not state.traded:
        mine = _things(cfg, me)
        for j in others:
            for give in mine:
                for get in _things(cfg, state.players[j]):
                    candidates.append(A.Offer(seat, j, give, get))
    seen: set[Action] = set()
    for a in candidates:
        if a not in seen and check(cfg, board, state, a) is None:
            seen.add(a)
            out.append(a)
    out.append(sh(A.EndTurn, seat))
    return out


