"""Set-up, the start of each round, and carrying out actions in Out For Delivery.

The gate that says what is allowed is in ``checks``; costs and paths are in ``costs``. Both are
re-exported here so callers can use ``engine.*`` for everything.
"""

from __future__ import annotations

from courier.rules.base import Action, Event, IllegalAction
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery import events as E
from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.checks import check, legal_actions, to_act
from courier.rules.out_for_delivery.config import ITEMS, OBSTACLES, WEATHERS, OfdConfig, halves
from courier.rules.out_for_delivery.costs import (
    _take_parcel,
    distances,
    dmc,
    handling_cost,
    here_cost,
    parcel_value,
    path_to,
    step_cost,
    wealth,
)
from courier.rules.out_for_delivery.state import Offer as PendingOffer
from courier.rules.out_for_delivery.state import OfdState, Parcel, Player
from courier.rules.out_for_delivery.tables import tables
from courier.rules.rng import Rng

__all__ = [
    "apply", "check", "distances", "dmc", "handling_cost", "here_cost", "legal_actions", "new_state",
    "parcel_value", "path_to", "start_round", "step_cost", "thing_words", "to_act", "view", "wealth",
]


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


def new_state(cfg: OfdConfig, board: Board, seed: int) -> tuple[OfdState, list[Event]]:
    """Every courier with the starting gold, parcels waiting in every city; round 1 not begun."""
    rng = Rng(seed, seeding=cfg.seeding)
    state = OfdState(
        players=[Player(gold=cfg.start_gold) for _ in range(cfg.players)],
        waiting=[[] for _ in range(6)],
        rng=rng,
        weather=["cloudy"] * len(board.regions),
    )
    state.config = cfg
    generate_parcels(cfg, rng, state, cfg.setup_min_per_city)
    return state, []


def view(cfg: OfdConfig, state: OfdState, seat: int | None) -> OfdState:
    """Everything is on the table in this game except the dice to come: the RNG is replaced."""
    v = state.clone()
    v.rng = Rng(0x5EED)
    return v


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
        text += " " + "; ".join(f"{cfg.seat_name(x['seat'])}'s parcel for {board.city(x['dest']).name} fell off (-{cfg.fall_off_penalty} gold)" for x in lost)
    ev.append(E.ParcelsAdvanced(text=text, round=state.round, moved=moves, lost=lost))
    if state.round > 1 and (state.round - 1) % cfg.generation_every == 0:
        made = generate_parcels(cfg, state.rng, state, 0)
        total = sum(len(v) for v in made.values())
        ev.append(E.ParcelsGenerated(text=f"{total} new parcel waits in the cities." if total == 1 else f"{total} new parcels wait in the cities.", cities={str(k): v for k, v in made.items()}))
    regions = []
    for r in board.regions:
        dice, w = _roll_table(state.rng, cfg.weather_table)
        state.weather[r.index] = w
        regions.append({"region": r.index, "dice": dice, "weather": w})
        info = WEATHERS[w]
        ev.append(E.Weather(text=f"{r.name}: {info.name} (rolled {sum(dice)}), {info.dmc_halves / 2:g} MP a step.", region=r.index, dice=dice, weather=w))
    dice, ob = _roll_table(state.rng, cfg.obstacle_table)
    state.obstacle = ob
    ev.append(E.Obstacle(text=f"Event (rolled {sum(dice)}): {OBSTACLES[ob].name}. {OBSTACLES[ob].text}", dice=dice, obstacle=ob))
    _new_turn(state, 0)
    return ev


# -- applying ------------------------------------------------------------------------------
def apply(cfg: OfdConfig, board: Board, state: OfdState, action: Action) -> list[Event]:
    a = action
    why = check(cfg, board, state, a)
    if why is not None:
        raise IllegalAction(why)
    seat = a.seat
    me = state.players[seat]
    name = cfg.seat_name(seat)
    if isinstance(a, A.StartCity):
        city = board.city(a.city)
        me.cell = city.pickup
        ev: list[Event] = [E.Started(text=f"{name} starts in {city.name}.", seat=seat, city=a.city, cell=me.cell)]
        for _ in range(cfg.start_items):
            dice, item = _roll_table(state.rng, cfg.item_table)
            me.items.append(item)
            ev.append(E.ItemRolled(text=f"{name} rolls {sum(dice)} and gets {article(ITEMS[item].name)}.", seat=seat, dice=dice, item=item))
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
        return [E.Rolled(text=f"{name} rolls {dice[0]}+{dice[1]} = {sum(dice)} movement points.", seat=seat, dice=dice, mp=sum(dice))]
    if isinstance(a, A.Move):
        dist, prev = tables(board).reach(state, seat, state.mp)
        path = path_to(prev, me.cell, a.cell)
        cost = dist[a.cell]
        state.mp -= cost
        me.cell = a.cell
        return [E.Moved(text=f"{name} travels to {board.place_name(a.cell)} ({cost / 2:g} MP).", seat=seat, path=[list(board.xy(c)) for c in path], cost=cost / 2)]
    if isinstance(a, A.BoatMove):
        cost = step_cost(board, state, seat, a.cell, boat=True) or 0
        me.items.remove("portable_boat")
        state.mp -= cost
        start = me.cell
        me.cell = a.cell
        return [E.Moved(text=f"{name} rows across the river ({cost / 2:g} MP); the boat is used up.", seat=seat, path=[list(board.xy(start)), list(board.xy(a.cell))], cost=cost / 2, item="portable_boat")]
    if isinstance(a, A.Fly):
        me.items.remove("airplane_ticket")
        state.mp -= halves(cfg.plane_cost_mp)
        start = me.cell
        me.cell = a.cell
        return [E.Flew(text=f"{name} flies to {board.place_name(a.cell)}.", seat=seat, path=[list(board.xy(start)), list(board.xy(a.cell))], cost=cfg.plane_cost_mp, item="airplane_ticket")]
    if isinstance(a, A.Pickup):
        number = board.city_of[me.cell]
        state.mp -= handling_cost(board, state, seat)
        state.waiting[number - 1].remove(a.dest)
        me.parcels.append(Parcel(a.dest, 0))
        return [E.PickedUp(text=f"{name} picks up a parcel for {board.city(a.dest).name}.", seat=seat, city=number, dest=a.dest, cell=list(board.xy(me.cell)))]
    if isinstance(a, A.Deliver):
        state.mp -= handling_cost(board, state, seat)
        _take_parcel(me, a.dest, a.square)
        value = parcel_value(cfg, state, a.square)
        me.gold += value
        me.delivered += 1
        state.delivered_total += 1
        extra = " (happy customer)" if state.obstacle == "happy_customer" else ""
        return [E.Delivered(text=f"{name} delivers to {board.city(a.dest).name} for {value} gold{extra}. {state.delivered_total}/{cfg.deliveries_to_end} delivered.", seat=seat, dest=a.dest, square=a.square, gold=value, cell=list(board.xy(me.cell)))]
    if isinstance(a, A.Buy):
        price = cfg.item_price(state.obstacle)
        state.mp -= here_cost(board, state, seat)
        me.gold -= price
        state.bought = True
        dice, item = _roll_table(state.rng, cfg.item_table)
        me.items.append(item)
        return [E.Bought(text=f"{name} buys an item for {price} gold: rolls {sum(dice)}, {article(ITEMS[item].name)}.", seat=seat, dice=dice, item=item, gold=-price)]
    if isinstance(a, A.Sell):
        price = cfg.sale_price(state.obstacle)
        state.mp -= here_cost(board, state, seat)
        me.items.remove(a.item)
        me.gold += price
        state.sold = True
        return [E.Sold(text=f"{name} sells {article(ITEMS[a.item].name)} for {price} gold.", seat=seat, item=a.item, gold=price)]
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
        return [E.Used(text=text, seat=seat, item=a.item)]
    if isinstance(a, A.Steal):
        me.items.remove("ski_mask")
        state.mp -= halves(cfg.mask_cost_mp)
        parcel = _take_parcel(state.players[a.victim], a.dest, a.square)
        me.parcels.append(parcel)
        return [E.Stole(text=f"{name} pulls on a ski mask and takes {cfg.seat_name(a.victim)}'s parcel for {board.city(a.dest).name}.", seat=seat, victim=a.victim, dest=a.dest, square=a.square)]
    if isinstance(a, A.Offer):
        state.mp -= here_cost(board, state, seat)
        state.offer = PendingOffer(seat, a.partner, a.give, a.get)
        state.phase = "answer"
        state.traded = True  # one offer a turn, taken or not
        return [E.Offered(text=f"{name} offers {cfg.seat_name(a.partner)} {thing_words(board, a.give)} for {thing_words(board, a.get)}.", seat=seat, partner=a.partner, give=a.give, get=a.get)]
    if isinstance(a, (A.Accept, A.Decline)):
        offer = state.offer
        assert offer is not None
        state.offer = None
        state.phase = "act"
        if isinstance(a, A.Decline):
            return [E.Declined(text=f"{name} turns the trade down.", seat=seat, partner=offer.seat)]
        giver, taker = state.players[offer.seat], state.players[offer.partner]
        _move_thing(giver, taker, offer.give)
        _move_thing(taker, giver, offer.get)
        return [E.Traded(text=f"{name} accepts: {cfg.seat_name(offer.seat)} gives {thing_words(board, offer.give)} for {thing_words(board, offer.get)}.", seat=offer.seat, partner=offer.partner, give=offer.give, get=offer.get)]
    if isinstance(a, A.EndTurn):
        ev = [E.TurnEnded(text=f"{name} ends the turn.", seat=seat)]
        if seat + 1 < len(state.players):
            _new_turn(state, seat + 1)
            return ev
        if state.delivered_total >= cfg.deliveries_to_end or state.round >= cfg.max_rounds:
            state.phase = "over"
            state.mp = 0
            why = f"{state.delivered_total} parcels delivered" if state.delivered_total >= cfg.deliveries_to_end else f"round {state.round} was the last"
            ev.append(E.GameOver(text=f"The game is over: {why}.", scores=[wealth(cfg, p) for p in state.players]))
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
