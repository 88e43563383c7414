"""Legal actions and their effects for Out For Delivery.

One gate: :func:`check` says why an action is refused (or None), :func:`legal_actions` lists the
actions that pass it, :func:`apply` carries one out and returns the events to animate.
Movement points are half points throughout (see config.halves).
"""

from __future__ import annotations

import heapq

from courier.rules.base import Action, Event, IllegalAction
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.config import ITEMS, OBSTACLES, WEATHERS, OfdConfig, halves
from courier.rules.out_for_delivery.state import Offer as PendingOffer
from courier.rules.out_for_delivery.state import OfdState, Parcel, Player
from courier.rules.rng import Rng

MP_ITEMS = tuple(i.id for i in ITEMS.values() if i.kind == "mp")


# -- costs ---------------------------------------------------------------------------------
def dmc(state: OfdState, seat: int, region: int) -> int:
    """Default movement cost in ``region`` for ``seat`` this turn, in half MP."""
    w = WEATHERS[state.weather[region]] if state.weather else WEATHERS["cloudy"]
    if seat == state.current and ((w.family == "rain" and state.umbrella) or (w.family == "snow" and state.snow_shoes)):
        return 2
    return w.dmc_halves


def step_cost(board: Board, state: OfdState, seat: int, cell: int, boat: bool = False) -> int | None:
    """Cost in half MP to enter ``cell``; None when it cannot be entered this round."""
    t = board.terrain[cell]
    base = dmc(state, seat, board.region_of[cell])
    items = state.players[seat].items
    if t == "road":
        return base
    if t == "city":
        return base * 2 if state.obstacle == "town_riots" else base
    if t == "mountain":
        if "climbing_gear" in items:
            return base
        return None if state.obstacle == "rock_slide" else base * 2
    if t == "river":
        if boat:
            return base
        return None if state.obstacle == "bridge_construction" else base * 2
    return None


def here_cost(board: Board, state: OfdState, seat: int) -> int:
    """What a pick-up, delivery, purchase, sale or trade costs where ``seat`` stands."""
    return dmc(state, seat, board.region_of[state.players[seat].cell])


def handling_cost(board: Board, state: OfdState, seat: int) -> int:
    return 0 if state.obstacle == "election_day" else here_cost(board, state, seat)


def distances(board: Board, state: OfdState, seat: int, limit: int | None = None) -> tuple[dict[int, int], dict[int, int]]:
    """Cheapest cost from ``seat``'s tile to every tile (within ``limit``), and each tile's predecessor."""
    start = state.players[seat].cell
    dist = {start: 0}
    prev: dict[int, int] = {}
    heap = [(0, start)]
    cache: dict[int, int | None] = {}
    while heap:
        d, c = heapq.heappop(heap)
        if d > dist.get(c, 1 << 30):
            continue
        for nb in board.neighbours[c]:
            cost = cache.get(nb, -1)
            if cost == -1:
                cost = cache[nb] = step_cost(board, state, seat, nb)
            if cost is None:
                continue
            nd = d + cost
            if limit is not None and nd > limit:
                continue
            if nd < dist.get(nb, 1 << 30):
                dist[nb] = nd
                prev[nb] = c
                heapq.heappush(heap, (nd, nb))
    return dist, prev


def path_to(prev: dict[int, int], start: int, goal: int) -> list[int]:
    path = [goal]
    while path[-1] != start:
        path.append(prev[path[-1]])
    path.reverse()
    return path


def parcel_value(cfg: OfdConfig, state: OfdState, square: int) -> int:
    """Gold a delivery pays from ``square`` this round (happy customers pay one square further left)."""
    if state.obstacle == "happy_customer":
        square = max(0, square - 1)
    return cfg.parcel_board[square]


def wealth(cfg: OfdConfig, p: Player) -> int:
    return p.gold + cfg.item_worth * len(p.items) - cfg.undelivered_penalty * len(p.parcels)


def _has_parcel(p: Player, dest: int, square: int) -> bool:
    return any(x.dest == dest and x.square == square for x in p.parcels)


def _take_parcel(p: Player, dest: int, square: int) -> Parcel:
    for i, x in enumerate(p.parcels):
        if x.dest == dest and x.square == square:
            return p.parcels.pop(i)
    raise IllegalAction("that parcel is not on the board")


# -- who acts ------------------------------------------------------------------------------
def to_act(state: OfdState) -> list[int]:
    if state.phase == "over":
        return []
    if state.phase == "answer" and state.offer is not None:
        return [state.offer.partner]
    return [state.current]


# -- checking ------------------------------------------------------------------------------
def _thing_problem(cfg: OfdConfig, p: Player, thing: str, who: str) -> str | None:
    if thing == "nothing":
        return None
    kind, _, value = thing.partition(":")
    if kind == "parcel":
        d, s = A.parse_parcel(value)
        return None if _has_parcel(p, d, s) else f"{who} no parcel for city {d} on square {s + 1}"
    if kind == "item":
        return None if value in p.items else f"{who} no {ITEMS[value].name}"
    n = int(value)
    if n not in cfg.trade_gold_steps:
        return f"gold is traded in amounts of {', '.join(map(str, cfg.trade_gold_steps))}"
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
    if isinstance(a, A.Move):
        if a.cell == me.cell:
            return "you are already there"
        if board.terrain[a.cell] not in ("road", "city", "mountain", "river"):
            return "couriers stay on roads and in cities"
        dist, _ = distances(board, state, a.seat, state.mp)
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
    out += [f"gold:{g}" for g in cfg.trade_gold_steps if p.gold >= g]
    return out + ["nothing"]


def legal_actions(cfg: OfdConfig, board: Board, state: OfdState, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    me = state.players[seat]
    ph = state.phase
    if ph == "start":
        taken = {board.city_of[p.cell] for p in state.players if p.cell >= 0}
        return [A.StartCity(seat, n) for n in range(1, 7) if n not in taken]
    if ph == "roll":
        return [A.Roll(seat)]
    if ph == "answer":
        return [A.Accept(seat), A.Decline(seat)]
    out: list[Action] = []
    dist, _ = distances(board, state, seat, state.mp)
    for c in sorted(dist):
        if c != me.cell:
            out.append(A.Move(seat, c, board.cell_text(c)))
    number = board.city_of[me.cell]
    candidates: list[Action] = []
    if "portable_boat" in me.items:
        candidates += [A.BoatMove(seat, c, board.cell_text(c)) for c in board.neighbours[me.cell] if board.terrain[c] == "river"]
    if "airplane_ticket" in me.items and number:
        candidates += [A.Fly(seat, c, board.cell_text(c)) for city in board.cities if city.number != number for c in sorted(city.cells)]
    if number:
        candidates += [A.Pickup(seat, d) for d in sorted(set(state.waiting[number - 1]))]
        candidates += [A.Deliver(seat, x.dest, x.square) for x in me.parcels if x.dest == number]
        candidates.append(A.Buy(seat))
        candidates += [A.Sell(seat, i) for i in sorted(set(me.items))]
    candidates += [A.UseItem(seat, i) for i in sorted(set(me.items)) if ITEMS[i].kind in ("mp", "weather")]
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
    out.append(A.EndTurn(seat))
    return out


# -- set-up and rounds -----------------------------------------------------------------------
def generate_parcels(cfg: OfdConfig, rng: Rng, state: OfdState, minimum: int) -> dict[int, list[int]]:
    """Roll new parcels for every city: one die halved (rounded down), each destination by a die."""
    made: dict[int, list[int]] = {}
    for number in range(1, 7):
        count = max(minimum, rng.die() // 2)
        dests = []
        for _ in range(count):
            d = rng.die()
            while d == number:  # a parcel never goes to the city it starts in
                d = rng.die()
            dests.append(d)
        state.waiting[number - 1].extend(dests)
        state.generated_total += count
        made[number] = dests
    return made


def new_game(cfg: OfdConfig, board: Board, seed: int) -> OfdState:
    rng = Rng(seed)
    state = OfdState(
        players=[Player(gold=cfg.start_gold) for _ in range(cfg.players)],
        waiting=[[] for _ in range(6)],
        rng=rng,
        weather=["cloudy"] * len(board.regions),
    )
    state.config = cfg
    generate_parcels(cfg, rng, state, cfg.setup_min_per_city)
    return state


def _roll_table(rng: Rng, table: dict[int, str]) -> tuple[list[int], str]:
    dice = rng.dice(2)
    return dice, table[sum(dice)]


def _new_turn(state: OfdState, seat: int) -> None:
    state.current = seat
    state.phase = "roll"
    state.mp = 0
    state.bought = state.sold = state.traded = state.umbrella = state.snow_shoes = False
    state.last_dice = []


def start_round(cfg: OfdConfig, board: Board, state: OfdState) -> list[Event]:
    state.round += 1
    ev: list[Event] = []
    moves, lost = [], []
    for seat, p in enumerate(state.players):
        kept = []
        for x in p.parcels:
            x = Parcel(x.dest, x.square + 1)
            if x.square >= len(cfg.parcel_board):
                p.gold -= cfg.fall_off_penalty
                state.lost_total += 1
                lost.append({"seat": seat, "dest": x.dest, "gold": -cfg.fall_off_penalty})
            else:
                kept.append(x)
                moves.append({"seat": seat, "dest": x.dest, "square": x.square})
        p.parcels = kept
    text = f"Round {state.round} begins: parcels move one square right."
    if lost:
        text += " " + "; ".join(f"Courier {x['seat'] + 1}'s parcel for {board.city(x['dest']).name} fell off (-{cfg.fall_off_penalty} gold)" for x in lost)
    ev.append(Event("parcels_advanced", text, {"round": state.round, "moved": moves, "lost": lost}))
    if state.round > 1 and (state.round - 1) % cfg.generation_every == 0:
        made = generate_parcels(cfg, state.rng, state, 0)
        total = sum(len(v) for v in made.values())
        ev.append(Event("parcels_generated", f"{total} new parcels wait in the cities.", {"cities": {str(k): v for k, v in made.items()}}, reveals=True))
    regions = []
    for r in board.regions:
        dice, w = _roll_table(state.rng, cfg.weather_table)
        state.weather[r.index] = w
        regions.append({"region": r.index, "dice": dice, "weather": w})
        info = WEATHERS[w]
        ev.append(Event("weather", f"{r.name}: {info.name} (rolled {sum(dice)}), {info.dmc_halves / 2:g} MP a step.", {"region": r.index, "dice": dice, "weather": w}, reveals=True))
    dice, ob = _roll_table(state.rng, cfg.obstacle_table)
    state.obstacle = ob
    ev.append(Event("obstacle", f"Event (rolled {sum(dice)}): {OBSTACLES[ob].name}. {OBSTACLES[ob].text}", {"dice": dice, "obstacle": ob}, reveals=True))
    _new_turn(state, 0)
    return ev


# -- applying ------------------------------------------------------------------------------
def apply(cfg: OfdConfig, board: Board, state: OfdState, a: Action) -> list[Event]:
    why = check(cfg, board, state, a)
    if why is not None:
        raise IllegalAction(why)
    seat = a.seat
    me = state.players[seat]
    name = f"Courier {seat + 1}"
    if isinstance(a, A.StartCity):
        city = board.city(a.city)
        me.cell = city.pickup
        ev = [Event("started", f"{name} starts in {city.name}.", {"seat": seat, "city": a.city, "cell": me.cell})]
        for _ in range(cfg.start_items):
            dice, item = _roll_table(state.rng, cfg.item_table)
            me.items.append(item)
            ev.append(Event("item_rolled", f"{name} rolls {sum(dice)} and gets {article(ITEMS[item].name)}.", {"seat": seat, "dice": dice, "item": item}, reveals=True))
        if seat + 1 < len(state.players):
            state.current = seat + 1
        else:
            ev += start_round(cfg, board, state)
        return ev
    if isinstance(a, A.Roll):
        dice = state.rng.dice(2)
        state.mp = halves(sum(dice))
        state.last_dice = dice
        state.phase = "act"
        return [Event("rolled", f"{name} rolls {dice[0]}+{dice[1]} = {sum(dice)} movement points.", {"seat": seat, "dice": dice, "mp": sum(dice)}, reveals=True)]
    if isinstance(a, A.Move):
        dist, prev = distances(board, state, seat, state.mp)
        path = path_to(prev, me.cell, a.cell)
        cost = dist[a.cell]
        state.mp -= cost
        me.cell = a.cell
        return [Event("moved", f"{name} travels to {board.place_name(a.cell)} ({cost / 2:g} MP).", {"seat": seat, "path": [list(board.xy(c)) for c in path], "cost": cost / 2})]
    if isinstance(a, A.BoatMove):
        cost = step_cost(board, state, seat, a.cell, boat=True) or 0
        me.items.remove("portable_boat")
        state.mp -= cost
        start = me.cell
        me.cell = a.cell
        return [Event("moved", f"{name} rows across the river ({cost / 2:g} MP); the boat is used up.", {"seat": seat, "path": [list(board.xy(start)), list(board.xy(a.cell))], "cost": cost / 2, "item": "portable_boat"})]
    if isinstance(a, A.Fly):
        me.items.remove("airplane_ticket")
        state.mp -= halves(cfg.plane_cost_mp)
        start = me.cell
        me.cell = a.cell
        return [Event("flew", f"{name} flies to {board.place_name(a.cell)}.", {"seat": seat, "path": [list(board.xy(start)), list(board.xy(a.cell))], "cost": cfg.plane_cost_mp, "item": "airplane_ticket"})]
    if isinstance(a, A.Pickup):
        number = board.city_of[me.cell]
        state.mp -= handling_cost(board, state, seat)
        state.waiting[number - 1].remove(a.dest)
        me.parcels.append(Parcel(a.dest, 0))
        return [Event("picked_up", f"{name} picks up a parcel for {board.city(a.dest).name}.", {"seat": seat, "city": number, "dest": a.dest, "cell": list(board.xy(me.cell))})]
    if isinstance(a, A.Deliver):
        state.mp -= handling_cost(board, state, seat)
        _take_parcel(me, a.dest, a.square)
        value = parcel_value(cfg, state, a.square)
        me.gold += value
        me.delivered += 1
        state.delivered_total += 1
        extra = " (happy customer)" if state.obstacle == "happy_customer" else ""
        return [Event("delivered", f"{name} delivers to {board.city(a.dest).name} for {value} gold{extra}. {state.delivered_total}/{cfg.deliveries_to_end} delivered.", {"seat": seat, "dest": a.dest, "square": a.square, "gold": value, "cell": list(board.xy(me.cell))})]
    if isinstance(a, A.Buy):
        price = cfg.item_price(state.obstacle)
        state.mp -= here_cost(board, state, seat)
        me.gold -= price
        state.bought = True
        dice, item = _roll_table(state.rng, cfg.item_table)
        me.items.append(item)
        return [Event("bought", f"{name} buys an item for {price} gold: rolls {sum(dice)}, {article(ITEMS[item].name)}.", {"seat": seat, "dice": dice, "item": item, "gold": -price}, reveals=True)]
    if isinstance(a, A.Sell):
        price = cfg.sale_price(state.obstacle)
        state.mp -= here_cost(board, state, seat)
        me.items.remove(a.item)
        me.gold += price
        state.sold = True
        return [Event("sold", f"{name} sells {article(ITEMS[a.item].name)} for {price} gold.", {"seat": seat, "item": a.item, "gold": price})]
    if isinstance(a, A.UseItem):
        info = ITEMS[a.item]
        me.items.remove(a.item)
        if info.kind == "mp":
            state.mp += halves(info.mp)
            text = f"{name} has {article(info.name)}: +{info.mp} MP."
        elif info.weather == "rain":
            state.umbrella = True
            text = f"{name} opens an umbrella: rain costs them 1 MP a step this turn."
        else:
            state.snow_shoes = True
            text = f"{name} straps on snow shoes: snow costs them 1 MP a step this turn."
        return [Event("used", text, {"seat": seat, "item": a.item})]
    if isinstance(a, A.Steal):
        me.items.remove("ski_mask")
        state.mp -= halves(cfg.mask_cost_mp)
        parcel = _take_parcel(state.players[a.victim], a.dest, a.square)
        me.parcels.append(parcel)
        return [Event("stole", f"{name} pulls on a ski mask and takes Courier {a.victim + 1}'s parcel for {board.city(a.dest).name}.", {"seat": seat, "victim": a.victim, "dest": a.dest, "square": a.square})]
    if isinstance(a, A.Offer):
        state.mp -= here_cost(board, state, seat)
        state.offer = PendingOffer(seat, a.partner, a.give, a.get)
        state.phase = "answer"
        state.traded = True  # one offer a turn, taken or not
        return [Event("offered", f"{name} offers Courier {a.partner + 1} {thing_words(board, a.give)} for {thing_words(board, a.get)}.", {"seat": seat, "partner": a.partner, "give": a.give, "get": a.get})]
    if isinstance(a, (A.Accept, A.Decline)):
        offer = state.offer
        assert offer is not None
        state.offer = None
        state.phase = "act"
        if isinstance(a, A.Decline):
            return [Event("declined", f"Courier {seat + 1} turns the trade down.", {"seat": seat, "partner": offer.seat})]
        giver, taker = state.players[offer.seat], state.players[offer.partner]
        _move_thing(giver, taker, offer.give)
        _move_thing(taker, giver, offer.get)
        return [Event("traded", f"Courier {seat + 1} accepts: Courier {offer.seat + 1} gives {thing_words(board, offer.give)} for {thing_words(board, offer.get)}.", {"seat": offer.seat, "partner": offer.partner, "give": offer.give, "get": offer.get})]
    if isinstance(a, A.EndTurn):
        ev = [Event("turn_ended", f"{name} ends the turn.", {"seat": seat})]
        if seat + 1 < len(state.players):
            _new_turn(state, seat + 1)
            return ev
        if state.delivered_total >= cfg.deliveries_to_end or state.round >= cfg.max_rounds:
            state.phase = "over"
            state.mp = 0
            why = f"{state.delivered_total} parcels delivered" if state.delivered_total >= cfg.deliveries_to_end else f"round {state.round} was the last"
            ev.append(Event("game_over", f"The game is over: {why}.", {"scores": [wealth(cfg, p) for p in state.players]}))
            return ev
        return ev + start_round(cfg, board, state)
    raise IllegalAction("unknown action")  # pragma: no cover - check() refuses it first


def _move_thing(src: Player, dst: Player, thing: str) -> None:
    if thing == "nothing":
        return
    kind, _, value = thing.partition(":")
    if kind == "parcel":
        d, s = A.parse_parcel(value)
        dst.parcels.append(_take_parcel(src, d, s))  # it keeps its square
    elif kind == "item":
        src.items.remove(value)
        dst.items.append(value)
    else:
        src.gold -= int(value)
        dst.gold += int(value)


def thing_words(board: Board, thing: str) -> str:
    """A trade thing in words for the log and the trade dialog."""
    if thing == "nothing":
        return "nothing"
    kind, _, value = thing.partition(":")
    if kind == "parcel":
        d, s = A.parse_parcel(value)
        return f"a parcel for {board.city(d).name} (square {s + 1})"
    if kind == "item":
        return article(ITEMS[value].name)
    return f"{value} gold"


def article(name: str) -> str:
    """'a Coffee', 'an Umbrella'."""
    return f"{'an' if name[0].lower() in 'aeiou' else 'a'} {name}"
