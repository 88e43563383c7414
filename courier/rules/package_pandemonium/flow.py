"""The order of play: set-up, priority cards and their reveal, route order, the Rogue's move,
theft answers, and the end of a round (exploding package timer, package spawn, game end)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from courier.rules.base import Event, IllegalAction
from courier.rules.package_pandemonium import actions as A
from courier.rules.package_pandemonium import events as E
from courier.rules.package_pandemonium import rogue as R
from courier.rules.package_pandemonium.config import PandemoniumConfig
from courier.rules.package_pandemonium.board import Board, cell_name
from courier.rules.package_pandemonium.state import (
    a_package,
    AUTO, BASE, BOMB, COMPANY, DEFEND, DRIVER, HIGH, LOW, ORDER, OVER, PACKAGE_NAMES, PRIORITY,
    RIVAL_NAME, ROGUE, ROGUE_NAME, ROGUE_PLAYER, ROUTE, STOLEN_HIGH, STOLEN_LOW, PState, Van,
)
from courier.rules.rng import Rng

if TYPE_CHECKING:
    from courier.rules.package_pandemonium.engine import Engine

SEAT_NAMES = ("Red", "Green", "Rogue")


def new_game(cfg: PandemoniumConfig, board: Board, seed: int) -> PState:
    rng = Rng(seed, seeding=cfg.seeding)
    s = PState(rng=rng, players=cfg.players)
    locs = list(cfg.locations)
    rng.shuffle(locs)
    s.locations = locs
    s.tiles = [[] for _ in range(25)]
    s.pool_low, s.pool_high = cfg.pool_low, cfg.pool_high
    for cell, value in board.start_packages:
        s.tiles[cell].append(LOW if value == "low" else HIGH)
        if value == "low":
            s.pool_low -= 1
        else:
            s.pool_high -= 1
    hand = list(range(1, 17))
    for seat in range(cfg.players):
        name = cfg.seat_name(seat)
        if cfg.players == 3 and seat == 2:
            s.vans.append(Van(ROGUE_PLAYER, seat, name, board.rogue_base, board.rogue_van,
                              cfg.rogue_player_capacity, cfg.battery_max, cfg.battery_max,
                              cubes=list(board.rogue_cubes), hand=hand[:]))
        else:
            s.vans.append(Van(DRIVER, seat, name, -1, -1, cfg.van_capacity, cfg.battery_max,
                              cfg.battery_max, hand=hand[:]))
    if cfg.players <= 2:
        s.vans.append(Van(AUTO, -1, ROGUE_NAME, board.rogue_base, board.rogue_van, 99, 0, 0,
                          cubes=list(board.rogue_cubes)))
    if cfg.players == 1:
        s.vans.append(Van(AUTO, -1, RIVAL_NAME, -1, -1, 99, 0, 0))
    deck = list(cfg.missions)
    rng.shuffle(deck)
    for v in s.vans:
        if v.role == DRIVER:
            v.missions = [deck.pop() for _ in range(cfg.missions_each)]
    s.mission_deck = deck
    s.spawn_deck = list(range(len(cfg.spawn_cards)))
    rng.shuffle(s.spawn_deck)
    placers = [v.seat for v in s.vans if v.role == DRIVER]
    while True:
        rolls = [rng.die() for _ in placers]
        if len(set(rolls)) == len(rolls):
            break
    s.setup_roll = rolls
    s.setup_order = [seat for _, seat in sorted(zip(rolls, placers), reverse=True)]
    s.phase = BASE
    return s


def place_base(eng: "Engine", s: PState, a: A.PlaceBase, ev: list[Event]) -> None:
    if a not in eng.legal(s, a.seat):
        raise IllegalAction("Bases go on a free border tile, not on the Rogue base's side nor on a side "
                            "with a starting package.")
    van = s.vans[a.seat]
    van.base = van.pos = a.cell
    ev.append(E.Base(text=f"{van.name} sets up base at {s.locations[a.cell]} ({cell_name(a.cell)}).", van=a.seat, cell=a.cell))
    if s.players == 1:  # the rival driver takes the free base farthest from the player's
        rival = s.vans[2]
        spots = [c for c in eng.board.base_options if c != a.cell]
        spot = max(spots, key=lambda c: (eng.board.dist[a.cell][c], -c))
        rival.base = rival.pos = spot
        ev.append(E.Base(text=f"{rival.name} sets up at {s.locations[spot]}.", van=2, cell=spot))
    s.setup_index += 1
    if s.setup_index == len(s.setup_order):
        s.setup_index = 0
        s.phase = COMPANY


def choose_company(eng: "Engine", s: PState, a: A.ChooseCompany, ev: list[Event]) -> None:
    if a not in eng.legal(s, a.seat):
        raise IllegalAction("That company card is not available.")
    van = s.vans[a.seat]
    van.company = a.company
    if a.company == "big-van":
        van.capacity = eng.cfg.van_capacity + 1
    elif a.company == "long-life":
        van.battery_max = van.battery = eng.cfg.battery_max + 1
    company = eng.cfg.companies[a.company][0]
    ev.append(E.Company(text=f"{van.name} signs with {company}" + ("" if company.endswith(".") else "."), van=a.seat, company=a.company))
    s.setup_index += 1
    if s.setup_index == len(s.setup_order):
        s.phase = PRIORITY
        ev.append(E.Round(text=f"Round 1 of {eng.cfg.rounds}: choose a priority card.", round=1))


def play_priority(eng: "Engine", s: PState, a: A.PlayPriority, ev: list[Event]) -> None:
    van = s.vans[a.seat]
    if a.card not in van.hand:
        if not 1 <= a.card <= 16:
            raise IllegalAction(f"There is no priority card {a.card}: they run from 1 to 16.")
        raise IllegalAction(f"Priority card {a.card} has already been played.")
    van.choice = a.card
    ev.append(E.Chosen(text=f"{van.name} has chosen a priority card.", seat=a.seat))
    if any(v.seat >= 0 and v.choice == 0 for v in s.vans):
        return
    reveal(eng, s, ev)


def reveal(eng: "Engine", s: PState, ev: list[Event]) -> None:
    cards: dict[int, int] = {}
    for v in s.vans:
        if v.seat < 0:
            continue
        v.revealed = v.choice
        v.hand.remove(v.choice)
        v.choice = 0
        cards[v.seat] = v.revealed
    ev.append(E.Revealed(text="Priority cards: " + ", ".join(f"{s.vans[k].name} {c}" for k, c in cards.items()), cards=cards))
    for v in s.vans:
        if v.seat >= 0 and v.revealed in eng.cfg.battery_cards and v.battery < v.battery_max:
            v.battery += 1
            ev.append(E.Charged(text=f"{v.name}'s card {v.revealed} adds a sat-nav charge.", van=v.seat, amount=1))
    drivers = [v.seat for v in s.vans if v.role == DRIVER]
    if len(drivers) == 1:
        s.chooser = drivers[0]
        s.order = [drivers[0]]
        start_route(eng, s, ev)
        return
    low = min(cards[d] for d in drivers)
    tied = [d for d in drivers if cards[d] == low]
    if len(tied) == 1:
        s.chooser = tied[0]
    else:
        others = [d for d in tied if d != s.last_chooser]
        s.chooser = others[0] if s.last_chooser in tied and others else s.setup_order[0]
    s.phase = ORDER
    why = " (a tie: they did not choose last round)" if len(tied) > 1 else ""
    ev.append(E.Winner(text=f"{s.vans[s.chooser].name} wins the round{why} and picks the order.", seat=s.chooser))


def choose_order(eng: "Engine", s: PState, a: A.ChooseOrder, ev: list[Event]) -> None:
    other = [v.seat for v in s.vans if v.role == DRIVER and v.seat != a.seat]
    s.order = [a.seat] + other if a.first else other + [a.seat]
    s.order += [v.seat for v in s.vans if v.role == ROGUE_PLAYER]
    ev.append(E.Order(text=f"{s.vans[a.seat].name} goes {'first' if a.first else 'second'}.", order=s.order[:]))
    start_route(eng, s, ev)


def start_route(eng: "Engine", s: PState, ev: list[Event]) -> None:
    s.phase = ROUTE
    s.order_index = 0
    _begin(eng, s)


def _begin(eng: "Engine", s: PState) -> None:
    van = s.vans[s.order[s.order_index]]
    long = van.revealed in eng.cfg.long_route_cards
    s.steps_allowed = eng.cfg.long_route_steps if long else eng.cfg.route_steps
    s.steps_taken = 0
    s.route, s.took, s.dropped = [], [], []
    s.recharged = False
    eng.free_cubes(van, s.steps_allowed)


def next_route(eng: "Engine", s: PState, ev: list[Event]) -> None:
    van = s.vans[s.order[s.order_index]]
    ev.append(E.RouteDone(text=f"{van.name} parks at {s.locations[van.pos]}.", van=s.order[s.order_index]))
    s.order_index += 1
    if s.order_index < len(s.order):
        _begin(eng, s)
        return
    s.order_index = 0
    s.route = []
    autos = [i for i, v in enumerate(s.vans) if v.role == AUTO]
    if s.players == 2:
        s.phase = ROGUE
        s.mover = autos[0]
        ev.append(E.RogueTurn(text=f"{s.vans[s.chooser].name} steers the Rogue.", seat=s.chooser))
    elif s.players == 1:
        s.rogue_queue = autos
        s.rogue_path = []
        s.mover = -1
        s.phase = ROGUE
        run_rogue(eng, s, ev)
    else:
        end_round(eng, s, ev)


def rogue_route(eng: "Engine", s: PState, a: A.RogueRoute, ev: list[Event]) -> None:
    if a not in eng.legal(s, a.seat):
        raise IllegalAction(R.rogue_rule_text(s, eng.board, s.mover, a.seat, eng.cfg.rogue_steps))
    s.rogue_path = eng.board.route(s.vans[s.mover].pos, a.directions)
    s.rogue_queue = []
    run_rogue(eng, s, ev)


def run_rogue(eng: "Engine", s: PState, ev: list[Event]) -> None:
    """Drive the automated Rogue(s) along their routes, pausing when a victim must answer."""
    while True:
        while s.rogue_path:
            nxt = s.rogue_path.pop(0)
            van = s.vans[s.mover]
            start = van.pos
            van.pos = nxt
            van.cubes = (van.cubes + [nxt])[-3:]
            ev.append(E.Moved(text=f"{van.name} prowls to {s.locations[nxt]}.", van=s.mover, seat=-1, path=[start, nxt], battery=0))
            eng.auto_take(s, s.mover, ev)
            s.victims = R.victims_at(s, s.mover, nxt)
            if settle_thefts(eng, s, ev):
                return
        if not s.rogue_queue:
            break
        s.mover = s.rogue_queue.pop(0)
        van = s.vans[s.mover]
        dirs = R.hunt_route(s, eng.board, s.mover, eng.cfg.rogue_steps)
        s.rogue_path.extend(eng.board.route(van.pos, dirs))
    s.mover = -1
    end_round(eng, s, ev)


def settle_thefts(eng: "Engine", s: PState, ev: list[Event]) -> bool:
    """Take from each victim in turn; True when a victim with battery must answer first."""
    thief = s.vans[s.mover]
    while s.victims:
        victim = s.vans[s.victims[0]]
        if not R.stealable(victim) or not R.thief_room(thief):
            s.victims.pop(0)
            continue
        if victim.battery >= 1:
            s.phase = DEFEND
            kind = R.best_stealable(victim)
            ev.append(E.Threat(text=f"{thief.name} is about to take {victim.name}'s "
                            f"{PACKAGE_NAMES[kind or LOW]}.", thief=s.mover, victim=s.victims[0]))
            return True
        steal(eng, s, s.victims.pop(0), ev)
    return False


def steal(eng: "Engine", s: PState, vi: int, ev: list[Event]) -> None:
    thief, victim = s.vans[s.mover], s.vans[vi]
    kind = R.best_stealable(victim)
    assert kind is not None
    victim.cargo.remove(kind)
    if victim.company == "insured" and not victim.insurance_used:
        victim.insurance_used = True
        victim.cargo.append(kind)
        ev.append(E.Insured(text=f"{thief.name} grabs {victim.name}'s {PACKAGE_NAMES[kind]}, but the "
                        "insurance gets it back.", thief=s.mover, victim=vi, cell=thief.pos, package=kind))
        return
    victim.lost += 1
    plain = LOW if kind in (LOW, STOLEN_LOW) else HIGH
    thief.cargo.append((STOLEN_LOW if plain == LOW else STOLEN_HIGH) if thief.role == ROGUE_PLAYER else plain)
    ev.append(E.Stolen(text=f"{thief.name} steals {a_package(plain)} from {victim.name}!", thief=s.mover, victim=vi, cell=thief.pos, package=plain))


def defend(eng: "Engine", s: PState, a: A.Defend, ev: list[Event]) -> None:
    vi = s.victims.pop(0)
    victim = s.vans[vi]
    if a.protect:
        victim.battery -= 1
        victim.protected += 1
        ev.append(E.Protected(text=f"{victim.name}'s sat nav steers clear: nothing is taken.", victim=vi, thief=s.mover, cell=s.vans[s.mover].pos))
    else:
        steal(eng, s, vi, ev)
    if settle_thefts(eng, s, ev):
        return
    if s.vans[s.mover].role == AUTO:
        s.phase = ROGUE
        run_rogue(eng, s, ev)
    else:
        s.phase = ROUTE
        if s.drive_rest:
            eng.drive_on(s, s.mover, s.drive_rest[:], ev)


def end_round(eng: "Engine", s: PState, ev: list[Event]) -> None:
    cfg = eng.cfg
    for i, v in enumerate(s.vans):
        if BOMB not in v.cargo:
            continue
        v.bomb_timer -= 1
        if v.bomb_timer > 0:
            ev.append(E.Ticking(text=f"The exploding package in {v.name}'s van: {v.bomb_timer} round(s) left.", van=i, left=v.bomb_timer))
            continue
        lost = [k for k in v.cargo if k != BOMB]
        for k in lost:
            if k in (LOW, STOLEN_LOW):
                s.pool_low += 1
            else:
                s.pool_high += 1
        v.cargo.clear()
        v.bomb_timer = 0
        ev.append(E.Exploded(text=f"BOOM! The package in {v.name}'s van explodes and destroys "
                        f"{len(lost)} other package(s).", van=i, cell=v.pos, kinds=lost))
    s.last_chooser = s.chooser
    if s.round >= cfg.rounds:
        s.phase = OVER
        ev.append(E.GameOver(text="The day is done: final scores."))
        return
    spawn(eng, s, ev)
    s.round += 1
    s.phase = PRIORITY
    ev.append(E.Round(text=f"Round {s.round} of {cfg.rounds}: choose a priority card.", round=s.round))


def bomb_in_play(s: PState) -> bool:
    return any(BOMB in t for t in s.tiles) or any(BOMB in v.cargo for v in s.vans)


def spawn(eng: "Engine", s: PState, ev: list[Event]) -> None:
    if not s.spawn_deck:
        return
    card = s.spawn_deck.pop(0)
    s.last_spawn = card
    placed: list[list] = []
    for name, kind in eng.cfg.spawn_cards[card]:
        cell = s.locations.index(name)
        if kind == "bomb":
            if bomb_in_play(s):
                continue
            s.tiles[cell].append(BOMB)
            placed.append([cell, BOMB])
        elif kind == "high" and s.pool_high > 0:
            s.pool_high -= 1
            s.tiles[cell].append(HIGH)
            placed.append([cell, HIGH])
        elif kind == "low" and s.pool_low > 0:
            s.pool_low -= 1
            s.tiles[cell].append(LOW)
            placed.append([cell, LOW])
    where = ", ".join(f"{PACKAGE_NAMES[k]} at {s.locations[c]}" for c, k in placed) or "nothing (the pool is empty)"
    ev.append(E.Spawned(text=f"New packages: {where}.", card=card, placements=placed))
