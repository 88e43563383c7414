"""Play-phase rules of Next Day: legal actions and their effects, auctions, the end of the game."""

from __future__ import annotations

from courier.rules.base import Event, IllegalAction
from courier.rules.next_day import actions as A
from courier.rules.next_day import events as E
from courier.rules.next_day import setup
from courier.rules.next_day.board import Board
from courier.rules.next_day.config import NextDayConfig
from courier.rules.next_day.movement import (blockage_cost, blockage_refusal, blockage_stops, crowded, layout,
                                             search_lists)
from courier.rules.next_day.state import (DONE, FRESH, MOVING, VEHICLES, Auction, Blockage, Contract, NextDayState,
                                         PlayerState, Vehicle)
from courier.rules.next_day.tables import RoadTables, made, memo, tables
from courier.rules.rng import Rng


def new_state(cfg: NextDayConfig, board: Board, seed: int) -> tuple[NextDayState, list[Event]]:
    """Everyone at home with the starting credits and the board's blockages, cards dealt for
    set-up (or, with quick set-up, every seat's contracts built at random)."""
    players = [PlayerState(cfg.start_credits, [Vehicle("van", board.home), Vehicle("bike", board.home)])
               for _ in range(cfg.players)]
    blockages = [Blockage(i, kind, road) for i, (kind, road) in enumerate(board.start_blockages)]
    state = NextDayState(players, [], blockages, Rng(seed, seeding=cfg.seeding))
    state.config = cfg
    setup.deal(state, board, cfg)
    events: list[Event] = []
    if cfg.quick_setup:
        for seat in range(cfg.players):
            events += apply(cfg, board, state, A.DealRandomly(seat))
            events += apply(cfg, board, state, A.FinishSetup(seat))
    return state, events


def to_act(state: NextDayState) -> list[int]:
    if state.phase == "setup":
        return [i for i, p in enumerate(state.players) if not p.built]
    if state.phase == "play":
        return [state.auction.to_bid] if state.auction else [state.current]
    return []


def view(cfg: NextDayConfig, state: NextDayState, seat: int | None) -> NextDayState:
    """Only set-up hides anything: others' hands and half-built contracts, and the RNG."""
    out = state.clone()
    out.rng = Rng(0)
    if state.phase == "setup":
        for i, p in enumerate(out.players):
            if i != seat:
                p.hand = ["?"] * len(p.hand)
                p.drafts = []
    return out


def can_declare(state: NextDayState, board: Board, seat: int) -> bool:
    p = state.players[seat]
    return not state.open_contracts(seat) and all(v.place == board.home for v in p.vehicles)


def room(cfg: NextDayConfig, v: Vehicle) -> int:
    """Parcels ``v`` can still take, counting the one allowed beyond its capacity."""
    return cfg.capacity[v.kind] + cfg.overload - len(v.cargo)


def biddable(state: NextDayState, seat: int, place: str) -> list[int]:
    """Contracts of other players collectable at ``place`` that ``seat`` may bid for now."""
    return [c.id for c in state.contracts
            if c.owner != seat and not c.done and c.pickup == place and c.waiting > 0
            and state.in_transit(c.id) == 0 and c.id not in state.auctioned]


def legal_actions(cfg: NextDayConfig, board: Board, state: NextDayState, seat: int) -> list[A.Action]:
    phase = state.phase
    if phase == "setup":
        # (setup.legal offers nothing to a seat that has finished: to_act without making its list)
        return setup.legal(state, board, cfg, seat) if 0 <= seat < len(state.players) else []
    if phase != "play":
        return []
    auction = state.auction
    if auction is not None:
        return list(_auction_answers(board, cfg, seat, auction.lowest)) if seat == auction.to_bid else []
    if seat != state.current:
        return []
    p = state.players[seat]
    vehicles = p.vehicles
    here = (vehicles[0].place, vehicles[1].place)
    out: list[A.Action] = []
    contracts = state.contracts
    # my open contracts, and others' waiting where a vehicle is (the ones a bid may be for): one
    # pass over the contracts
    mine: list[Contract] = []
    rivals: list[Contract] = []
    auctioned = state.auctioned
    for c in contracts:
        if c.done:
            continue
        if c.owner == seat:
            mine.append(c)
        elif c.waiting > 0 and c.pickup in here and c.id not in auctioned:
            rivals.append(c)
    t = tables(board, cfg)
    cost_in = crowded(state, t, cfg)
    where = layout(state)
    for i, kind in enumerate(VEHICLES):
        v = vehicles[i]
        place = v.place
        if mine:
            space = room(cfg, v) > 0
            for c in mine:
                if c.dropoff == place and c.id in v.cargo:
                    out.append(made(board, A.Deliver, seat, kind, c.id))
                if c.pickup == place and c.waiting > 0 and space:
                    out.append(made(board, A.Collect, seat, kind, c.id))
        if v.cargo:
            other = vehicles[1 - i]
            if other.place == place and room(cfg, other) > 0:
                out += [made(board, A.Transfer, seat, kind, cid) for cid in sorted(set(v.cargo))]
        for c in rivals:
            if c.pickup == place and state.in_transit(c.id) == 0:
                out += _opening_bids(board, cfg, seat, kind, c.id, c.price)
        if v.status != DONE:
            found, _, route_to = search_lists(state, t, cfg, v, cost_in, where)
            if found:
                out += _drives(board, t, seat, kind, route_to)
    if state.blockages and p.credits >= min(cfg.blockage_move_cost.values()):
        out += _affordable_blockage_moves(state, board, cfg, seat)
    if not mine and can_declare(state, board, seat):
        out.append(made(board, A.Declare, seat))
    out.append(made(board, A.EndTurn, seat))
    return out


def _affordable_blockage_moves(state: NextDayState, board: Board, cfg: NextDayConfig,
                               seat: int) -> tuple[A.Action, ...]:
    """Every blockage move ``seat`` can pay for: the same tests as blockage_refusal, done once per
    blockage rather than per road.

    The list (hundreds of moves, about 40 us to filter) depends only on the seat, where each
    blockage stands and which of them the seat can pay for, which change rarely, while a player
    with credits to spare is offered it at every position: so it is kept under that key.
    """
    credits = state.players[seat].credits
    costs = cfg.blockage_move_cost
    key = (seat, tuple([(b.id, b.road, b.kind, credits >= costs[b.kind]) for b in state.blockages]))
    store = memo(board, "affordable blockage moves", 200)
    got = store.get(key)
    if got is None:
        got = store[key] = tuple(_filtered_blockage_moves(state, board, cfg, seat, credits))
    return got


def _filtered_blockage_moves(state: NextDayState, board: Board, cfg: NextDayConfig, seat: int,
                             credits: int) -> list[A.Action]:
    taken = {b.road for b in state.blockages}
    out: list[A.Action] = []
    for blk in state.blockages:
        if credits < blockage_cost(cfg, blk.kind):
            continue
        cuts: frozenset[int] = frozenset()
        if blk.kind == "diversion":
            cuts = board.cut_roads(frozenset(b.road for b in state.blockages
                                             if b.kind == "diversion" and b.id != blk.id))
        out += [a for road, a in _blockage_moves(board, seat, blk.id) if road not in taken and road not in cuts]
    return out


# -- the long families of legal actions, made once and handed out again (see tables.memo) -------
def _drives(board: Board, t: RoadTables, seat: int, kind: str, route_to: list[int]) -> list[A.Action]:
    """One drive per place reached by movement.search_lists, in the order of the places' names.

    ``route_to`` holds a route number (see RoadTables.route_path) per place by number, and 0 for
    a place not reached, so ``filter`` gives the routes in the order of the names at C speed,
    with no sorting. Drives are kept by route number, so one made before is handed out again
    without building its path; the lookups run in bulk at C speed, and only a route missing
    from them (a KeyError) has its drives made."""
    made = memo(board, ("drive", seat, kind))
    try:
        return list(map(made.__getitem__, filter(None, route_to)))
    except KeyError:  # routes this vehicle has not been offered before
        for route in filter(None, route_to):
            if route not in made:
                made[route] = A.Drive(seat, kind, t.route_path(route))
        return list(map(made.__getitem__, filter(None, route_to)))


def _opening_bids(board: Board, cfg: NextDayConfig, seat: int, kind: str, cid: int, price: int) -> tuple[A.Action, ...]:
    """Every first bid for contract ``cid`` below its price, highest first."""
    made = memo(board, "start bid")
    key = (seat, kind, cid, price, cfg.min_bid)
    got = made.get(key)
    if got is None:
        got = made[key] = tuple(A.StartBid(seat, kind, cid, x) for x in range(price - 1, cfg.min_bid - 1, -1))
    return got


def _auction_answers(board: Board, cfg: NextDayConfig, seat: int, lowest: int) -> tuple[A.Action, ...]:
    """Pass, then every bid below the lowest so far, highest first."""
    made = memo(board, "bid")
    key = (seat, lowest, cfg.min_bid)
    got = made.get(key)
    if got is None:
        got = made[key] = (A.Pass(seat),) + tuple(A.Bid(seat, x) for x in range(lowest - 1, cfg.min_bid - 1, -1))
    return got


def _blockage_moves(board: Board, seat: int, blockage: int) -> tuple[tuple[int, A.Action], ...]:
    """(road id, moving ``blockage`` there) for every road, in the board's order."""
    made = memo(board, "move blockage")
    key = (seat, blockage)
    got = made.get(key)
    if got is None:
        got = made[key] = tuple((r.id, A.MoveBlockage(seat, blockage, r.id, r.label)) for r in board.roads)
    return got


def _stop(v: Vehicle) -> None:
    """A collection, delivery, transfer or bid ends a move that has begun."""
    if v.status == MOVING:
        v.status = DONE


def apply(cfg: NextDayConfig, board: Board, state: NextDayState, action: A.Action) -> list[Event]:
    if state.phase == "over":
        raise IllegalAction("The game is over.")
    if state.phase == "setup":
        return setup.apply(state, board, cfg, action)
    seat = action.seat
    auction = state.auction
    if state.phase != "play" or seat != (state.current if auction is None else auction.to_bid):
        raise IllegalAction("It is not your turn.")  # (the seat to_act gives, asked without a list)
    if type(action) is A.Drive and auction is None:  # the commonest action, straight to its check
        kind = action.vehicle
        if kind not in VEHICLES:
            raise IllegalAction("That is not an action of Next Day.")
        return _drive(state, board, cfg, seat, state.players[seat].vehicles[VEHICLES.index(kind)], action.path)
    if isinstance(action, A.SetupAction):
        raise IllegalAction("Contracts are built during set-up, not during play.")
    if state.auction is not None:
        return _auction_reply(state, cfg, action)
    if isinstance(action, (A.Bid, A.Pass)):
        raise IllegalAction("There is no auction to bid in: start one with a vehicle at a rival's collection town.")
    p = state.players[seat]
    if isinstance(action, A.EndTurn):
        return _end_turn(state, cfg)
    if isinstance(action, A.Declare):
        if not can_declare(state, board, seat):
            raise IllegalAction(f"You can declare the end only with no contracts left and both vehicles in {board.home}.")
        state.bonus = cfg.declare_bonus_per_parcel * p.delivered
        p.credits += state.bonus
        state.phase, state.declared_by, state.end_reason = "over", seat, "declared"
        return [E.Declared(text=f"{cfg.seat_name(seat)} declares the end and earns a bonus of {state.bonus}.", seat=seat, bonus=state.bonus, parcels=p.delivered)]
    if isinstance(action, A.MoveBlockage):
        why = blockage_refusal(state, board, cfg, seat, action.blockage, action.road)
        if why:
            raise IllegalAction(why)
        if action.label and action.label != board.roads[action.road].label:
            raise IllegalAction(f"Road section {action.road} is {board.roads[action.road].label}, not {action.label}.")
        blk = state.blockages[action.blockage]
        cost = blockage_cost(cfg, blk.kind)
        p.credits -= cost
        old, blk.road = blk.road, action.road
        r = board.roads[action.road]
        return [E.BlockageMoved(text=f"{cfg.seat_name(seat)} pays {cost} to move a {blk.kind} to {r.a} - {r.b}.", seat=seat, blockage=blk.id, from_=old, to=action.road, cost=cost)]
    kind = getattr(action, "vehicle", "")
    if kind not in VEHICLES:
        raise IllegalAction("That is not an action of Next Day.")
    v = p.vehicle(kind)
    if isinstance(action, A.Drive):
        return _drive(state, board, cfg, seat, v, action.path)
    if isinstance(action, A.Collect):
        c = _own_contract(state, seat, action.contract)
        if c.pickup != v.place or c.waiting <= 0:
            raise IllegalAction(f"No parcels for that contract wait where your {kind} is.")
        if room(cfg, v) <= 0:
            raise IllegalAction(f"Your {kind} is full, even counting one parcel over the limit.")
        c.waiting -= 1
        v.cargo.append(c.id)
        _stop(v)
        illegal = len(v.cargo) > cfg.capacity[kind]
        return [E.Collected(text=f"{cfg.seat_name(seat)}'s {kind} collects a parcel at {v.place} for {c.dropoff}"
                      + (" (an illegal load!)" if illegal else "") + ".", seat=seat, vehicle=kind, contract=c.id, place=v.place, illegal=illegal)]
    if isinstance(action, A.Deliver):
        c = _own_contract(state, seat, action.contract)
        if c.dropoff != v.place or c.id not in v.cargo:
            raise IllegalAction(f"Your {kind} has no parcel to deliver here for that contract.")
        v.cargo.remove(c.id)
        c.delivered += 1
        p.credits += c.price
        p.delivered += 1
        _stop(v)
        events: list[Event] = [E.Delivered(text=f"{cfg.seat_name(seat)}'s {kind} delivers a parcel to {c.dropoff} for {c.price}.", seat=seat, vehicle=kind, contract=c.id, place=v.place, amount=c.price)]
        if c.waiting == 0 and state.in_transit(c.id) == 0:
            c.done = True
            events.append(E.Completed(text=f"Contract {c.pickup} to {c.dropoff} is complete.", seat=seat, contract=c.id))
        return events
    if isinstance(action, A.Transfer):
        other = p.vehicle("bike" if kind == "van" else "van")
        if other.place != v.place:
            raise IllegalAction("Both vehicles must be in the same place to swap parcels.")
        if action.contract not in v.cargo:
            raise IllegalAction(f"Your {kind} carries no parcel of that contract.")
        if room(cfg, other) <= 0:
            raise IllegalAction(f"Your {other.kind} has no room.")
        v.cargo.remove(action.contract)
        other.cargo.append(action.contract)
        _stop(v)
        _stop(other)
        return [E.Transferred(text=f"{cfg.seat_name(seat)} moves a parcel from the {kind} to the {other.kind}.", seat=seat, from_=kind, to=other.kind, contract=action.contract, place=v.place)]
    if isinstance(action, A.StartBid):
        if action.contract not in biddable(state, seat, v.place):
            raise IllegalAction("You can bid only at the collection town of another player's contract "
                                "with none of its parcels on the road, once per contract a turn.")
        c = state.contracts[action.contract]
        if not cfg.min_bid <= action.amount < c.price:
            raise IllegalAction(f"The first bid must be below the price of {c.price} (and at least {cfg.min_bid}).")
        _stop(v)
        state.auctioned.append(c.id)
        state.auction = Auction(c.id, seat, c.owner, kind, [[seat, action.amount]], c.owner)
        return [E.Bid(text=f"{cfg.seat_name(seat)} bids {action.amount} for {c.pickup} to {c.dropoff}.", seat=seat, contract=c.id, amount=action.amount, owner=c.owner)]
    raise IllegalAction("That is not an action of Next Day.")


def _own_contract(state: NextDayState, seat: int, cid: int):
    if not 0 <= cid < len(state.contracts) or state.contracts[cid].owner != seat or state.contracts[cid].done:
        raise IllegalAction("That is not one of your open contracts.")
    return state.contracts[cid]


def _drive(state: NextDayState, board: Board, cfg: NextDayConfig, seat: int, v: Vehicle,
           path: tuple[str, ...]) -> list[Event]:
    """Check the whole route step by step before anything changes, then move ``v``."""
    if v.status == DONE:
        raise IllegalAction(f"Your {v.kind} has finished its move this turn.")
    if len(path) < 2 or path[0] != v.place:
        raise IllegalAction(f"A route must start where your {v.kind} is ({v.place}).")
    t = tables(board, cfg)
    blockage_at: dict[int, str] = {}
    for b in state.blockages:
        blockage_at.setdefault(b.road, b.kind)
    # congestion: every other vehicle counts where it stands; v has left wherever it drives back to
    others = [w.place for q in state.players for w in q.vehicles if w is not v]
    if cfg.rules_version < 2:  # the rules before version 2: v jammed its own way back to its start
        others.append(v.place)
    number, road_of, places, entry = t.number, t.road_of, board.places, t.entry
    units, jam, van = cfg.move_units, cfg.congestion_cost, v.kind == "van"
    used, steps, status = v.used, v.steps, v.status
    spent = 0
    here = path[0]
    for there in path[1:]:
        if there not in places:
            raise IllegalAction(f"There is no place called {there!r}.")
        first = steps == 0
        road = road_of.get((here, there))
        if road is None:
            raise IllegalAction(f"There is no road from {here} to {there}.")
        blk = blockage_at.get(road)
        if blk is not None:
            why = blockage_stops(blk, cfg, v, here, there, first)
            if why:
                raise IllegalAction(why)
        if status == DONE or used >= units and not first:
            raise IllegalAction(f"Your {v.kind} has no movement left to reach {there}.")
        cost = entry[number[there]] + jam * others.count(there)
        if van and blk == "roadworks":
            cost = max(cost, units - used)
            status = DONE
        elif not first and used + cost > units:
            raise IllegalAction(f"Entering {there} costs {cost} units; only {units - used} are left.")
        used, steps, spent, here = used + cost, steps + 1, spent + cost, there
        if used >= units:
            status = DONE
    if v.status == FRESH:
        for other in state.players[seat].vehicles:
            if other is not v and other.status == MOVING:
                other.status = DONE
    v.place, v.used, v.steps = here, used, steps
    v.status = DONE if status == DONE else MOVING
    return [E.Moved(text=f"{cfg.seat_name(seat)}'s {v.kind} drives to {v.place} ({spent} units).", seat=seat, vehicle=v.kind, path=list(path), cost=spent)]


def _auction_reply(state: NextDayState, cfg: NextDayConfig, action: A.Action) -> list[Event]:
    auc = state.auction
    assert auc is not None
    seat = action.seat
    c = state.contracts[auc.contract]
    if isinstance(action, A.Bid):
        if not cfg.min_bid <= action.amount < auc.lowest:
            raise IllegalAction(f"A bid must be below {auc.lowest} (and at least {cfg.min_bid}).")
        auc.bids.append([seat, action.amount])
        events: list[Event] = [E.Bid(text=f"{cfg.seat_name(seat)} bids {action.amount}.", seat=seat, contract=c.id, amount=action.amount)]
        if len(auc.bids) >= 4:
            return events + _settle(state, cfg)
        auc.to_bid = auc.owner if seat == auc.challenger else auc.challenger
        return events
    if isinstance(action, A.Pass):
        return [E.Passed(text=f"{cfg.seat_name(seat)} passes.", seat=seat, contract=c.id)] + _settle(state, cfg)
    raise IllegalAction("Bid lower or pass: the auction must be settled first.")


def _settle(state: NextDayState, cfg: NextDayConfig) -> list[Event]:
    auc = state.auction
    assert auc is not None
    c = state.contracts[auc.contract]
    winner, price = auc.bids[-1]
    c.price = price
    c.owner = winner
    state.auction = None
    took = winner == auc.challenger
    text = (f"{cfg.seat_name(winner)} takes over {c.pickup} to {c.dropoff} at {price} a parcel." if took
            else f"{cfg.seat_name(winner)} keeps {c.pickup} to {c.dropoff}, now at {price} a parcel.")
    return [E.AuctionWon(text=text, seat=winner, contract=c.id, price=price, changed_hands=took, challenger=auc.challenger, owner=auc.owner)]


def _end_turn(state: NextDayState, cfg: NextDayConfig) -> list[Event]:
    nxt = (state.current + 1) % cfg.players
    events: list[Event] = [E.TurnEnded(text=f"{cfg.seat_name(state.current)} ends their turn.", seat=state.current)]
    if nxt == state.first:
        if state.round >= cfg.round_limit:
            state.phase, state.end_reason = "over", "round limit"
            return events + [E.GameOver(text=f"The game stops after {cfg.round_limit} rounds, without a bonus.", rounds=cfg.round_limit)]
        state.round += 1
    state.current = nxt
    state.auctioned = []
    for v in state.players[nxt].vehicles:
        v.used, v.steps, v.status = 0, 0, FRESH
    return events
