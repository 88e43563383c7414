"""Legal actions and their effects: set-up choices, priority cards, routes, the Rogue, thefts,
and the end of each round (exploding package, package spawn)."""

from __future__ import annotations

from courier.rules.base import Action, Event, IllegalAction
from courier.rules.package_pandemonium import actions as A
from courier.rules.package_pandemonium import events as E
from courier.rules.package_pandemonium import flow
from courier.rules.package_pandemonium import rogue as R
from courier.rules.package_pandemonium.board import DIRS, Board
from courier.rules.package_pandemonium.config import PandemoniumConfig
from courier.rules.package_pandemonium.routes import RouteKey, route_tables
from courier.rules.rng import Rng
from courier.rules.package_pandemonium.state import (
    a_package,
    AUTO, BASE, BOMB, COMPANY, DEFEND, DRIVER, HIGH, LOW, ORDER, OVER, PACKAGE_NAMES, PRIORITY,
    ROGUE, ROGUE_PLAYER, ROUTE, STOLEN_HIGH, STOLEN_LOW, PState, Van,
)

CORNERS = {0: 1, 4: 2, 20: 4, 24: 8}
PLAIN = {STOLEN_LOW: LOW, STOLEN_HIGH: HIGH}

#: id(config) -> (config, its Engine): one Engine (and its route caches) per config and board
_ENGINES: dict[int, tuple[PandemoniumConfig, "Engine"]] = {}


# -- the engine protocol (courier.rules.base.Engine): states carry their Engine ------------------
def engine_for(cfg: PandemoniumConfig, board: Board) -> "Engine":
    """The Engine shared by every state of ``cfg`` (made on first use)."""
    hit = _ENGINES.get(id(cfg))
    if hit is None or hit[0] is not cfg:
        hit = _ENGINES[id(cfg)] = (cfg, Engine(cfg, board))
    return hit[1]


def engine_of(cfg: PandemoniumConfig) -> "Engine":
    """The Engine made for ``cfg`` when its game began or was loaded (see engine_for)."""
    hit = _ENGINES.get(id(cfg))
    if hit is None or hit[0] is not cfg:
        # a copy of a state (copy.deepcopy) carries a copy of its config: the same game, so the
        # same engine, kept under the copy too
        same = next((e for c, e in _ENGINES.values() if c == cfg), None)
        if same is None:
            raise LookupError("no engine was made for this config; begin or load the game first")
        hit = _ENGINES[id(cfg)] = (cfg, same)
    return hit[1]


def new_state(cfg: PandemoniumConfig, board: Board, seed: int) -> tuple[PState, list[Event]]:
    s = flow.new_game(cfg, board, seed)
    engine_for(cfg, board)
    s.config = cfg
    return s, []


def to_act(state: PState) -> list[int]:
    return state.eng.to_act(state)


def legal_actions(cfg: PandemoniumConfig, board: Board, state: PState, seat: int) -> list[Action]:
    return state.eng.legal(state, seat)


def apply(cfg: PandemoniumConfig, board: Board, state: PState, action: Action) -> list[Event]:
    return state.eng.apply(state, action)


def view(cfg: PandemoniumConfig, state: PState, seat: int | None) -> PState:
    """Others' priority choice and missions, the mission deck, the spawn deck's order and the dice
    to come are hidden."""
    v = state.clone()
    v.rng = Rng(0)
    v.mission_deck = ["hidden"] * len(state.mission_deck)
    v.spawn_deck.sort()  # which cards are left is public; their order is not
    for van in v.vans:
        if van.seat != seat or seat is None:
            if van.choice > 0:
                van.choice = -1
            van.missions = ["hidden"] * len(van.missions)
    return v


class Engine:
    """The rules proper, for one config and board (both shared by every state)."""

    def __init__(self, cfg: PandemoniumConfig, board: Board) -> None:
        self.cfg = cfg
        self.board = board
        #: per-map tables (steps, bridges, reach) and the route lists shared by every config
        self.routes = route_tables(board)
        self.step_to = self.routes.step_to
        self._drive_lists: dict[tuple[int, RouteKey], tuple[Action, ...]] = {}
        self._drives_of: dict[int, dict[tuple[str, ...], A.Drive]] = {}  # seat -> route -> action
        #: immutable actions, made once and shared by every list that offers them
        self._actions: dict[tuple, Action] = {}

    def __deepcopy__(self, memo: dict) -> "Engine":
        """Shared, never copied: a state's copy keeps the config, the board and their caches."""
        return self

    # -- who acts ------------------------------------------------------------------------
    def current_van(self, s: PState) -> int:
        return s.order[s.order_index]

    def to_act(self, s: PState) -> list[int]:
        if s.phase in (BASE, COMPANY):
            return [s.setup_order[s.setup_index]]
        if s.phase == PRIORITY:
            return [v.seat for v in s.vans if v.seat >= 0 and v.choice == 0]
        if s.phase in (ORDER, ROGUE):
            return [s.chooser]
        if s.phase == ROUTE:
            return [s.vans[self.current_van(s)].seat]
        if s.phase == DEFEND:
            return [s.vans[s.victims[0]].seat]
        return []

    def name(self, s: PState, vi: int) -> str:
        return s.vans[vi].name

    # -- route helpers -----------------------------------------------------------------------
    def step_problem(self, s: PState, van: Van, d: str, battery: int | None = None) -> str | None:
        """Why ``van`` may not take one step ``d`` now, or None when it may."""
        nxt = self.step_to[van.pos].get(d)
        if nxt is None:
            return self.board.blocked_reason(van.pos, d)
        if nxt in van.cubes and (van.battery if battery is None else battery) < 1:
            return (f"Your own route already crosses {s.locations[nxt]}: that costs 1 sat-nav charge "
                    "and your battery is empty.")
        return None

    def steps_left(self, s: PState) -> int:
        return s.steps_allowed - s.steps_taken

    def open_steps(self, van: Van) -> list[str]:
        """The single steps the map and the battery allow ``van`` now (in compass order)."""
        cubes = van.cubes
        if van.battery >= 1:
            return list(self.step_to[van.pos])
        return [d for d, nxt in self.step_to[van.pos].items() if nxt not in cubes]

    def can_step(self, s: PState, van: Van) -> bool:
        return self.steps_left(s) > 0 and bool(self.open_steps(van))

    def drive_problem(self, s: PState, van: Van, dirs: tuple[str, ...]) -> str | None:
        """Why a whole route is refused (checked step by step, battery and charging included)."""
        if len(dirs) > self.steps_left(s):
            return f"Only {self.steps_left(s)} step(s) are left on this route."
        pos, battery, cubes, charged = van.pos, van.battery, set(van.cubes), van.charged_round == s.round
        for i, d in enumerate(dirs):
            nxt = self.step_to[pos].get(d)
            if nxt is None:
                return f"Step {i + 1}: {self.board.blocked_reason(pos, d)}"
            if nxt in cubes:
                if battery < 1:
                    return (f"Step {i + 1}: your own route already crosses {s.locations[nxt]} and the "
                            "sat nav has no charge left.")
                battery -= 1
            if nxt in self.board.electric and not charged and battery < van.battery_max:
                battery, charged = battery + 1, True
            cubes.add(nxt)
            pos = nxt
        return None

    def drive_cost(self, s: PState, van: Van, dirs: tuple[str, ...]) -> int:
        """Sat-nav charges a route spends on crossing its own cubes."""
        pos, cubes, cost = van.pos, set(van.cubes), 0
        for d in dirs:
            nxt = self.board.move(pos, d)
            if nxt is None:
                break
            cost += nxt in cubes
            cubes.add(nxt)
            pos = nxt
        return cost

    def drives(self, s: PState, van: Van) -> list[tuple[str, ...]]:
        """Every route of two or more steps the van may drive now, depth first in compass order."""
        return list(self.routes.routes(self._route_key(s, van)))

    def _route_key(self, s: PState, van: Van) -> RouteKey:
        return self.routes.key(van.pos, s.steps_allowed - s.steps_taken, van.battery, van.battery_max,
                               van.cubes, van.charged_round == s.round)

    def drive_actions(self, s: PState, van: Van, seat: int) -> tuple[Action, ...]:
        """``Drive`` actions for every route of ``drives``, made once per seat and start."""
        key = self._route_key(s, van)
        got = self._drive_lists.get((seat, key))
        if got is None:
            made = self._drives_of.setdefault(seat, {})
            got = tuple(made.get(p) or made.setdefault(p, A.Drive(seat, p)) for p in self.routes.routes(key))
            if len(self._drive_lists) > 50_000:
                self._drive_lists.clear()
            self._drive_lists[(seat, key)] = got
        return got

    def shared(self, cls: type, seat: int, *args: object) -> Action:
        """The action ``cls(seat, *args)``, made once: actions are immutable values."""
        key = (cls, seat) + args
        got = self._actions.get(key)
        if got is None:
            got = self._actions[key] = cls(seat, *args)
        return got

    # -- legal actions ----------------------------------------------------------------------
    def legal(self, s: PState, seat: int) -> list[Action]:
        if seat not in self.to_act(s):
            return []
        if s.phase == BASE:
            taken = {v.base for v in s.vans}
            return [self.shared(A.PlaceBase, seat, c) for c in self.board.base_options if c not in taken]
        if s.phase == COMPANY:
            chosen = {v.company for v in s.vans}
            return [self.shared(A.ChooseCompany, seat, c) for c in self.cfg.companies if c not in chosen]
        if s.phase == PRIORITY:
            return [self.shared(A.PlayPriority, seat, c) for c in s.vans[seat].hand]
        if s.phase == ORDER:
            return [self.shared(A.ChooseOrder, seat, True), self.shared(A.ChooseOrder, seat, False)]
        if s.phase == ROGUE:
            return [A.RogueRoute(seat, p) for p in R.rogue_choices(s, self.board, s.mover, seat, self.cfg.rogue_steps)]
        if s.phase == DEFEND:
            return [self.shared(A.Defend, seat, True), self.shared(A.Defend, seat, False)]
        if s.phase == ROUTE:
            return self.route_actions(s, seat)
        return []

    def route_actions(self, s: PState, seat: int) -> list[Action]:
        van = s.vans[self.current_van(s)]
        shared = self.shared
        open_steps = self.open_steps(van) if self.steps_left(s) > 0 else []
        out: list[Action] = [shared(A.Step, seat, d) for d in open_steps]
        if open_steps:
            out += self.drive_actions(s, van, seat)
        if (s.steps_taken == 0 and van.company == "express" and not van.express_used
                and s.steps_allowed < self.cfg.long_route_steps):
            out.append(shared(A.UseExpress, seat))
        if s.steps_taken > 0:
            out += self.tile_actions(s, van, seat)
        finished = not open_steps
        if finished and van.pos == van.base and not s.recharged and van.battery < van.battery_max:
            if van.banked_low + van.banked_stolen_low >= self.cfg.recharge_low_cost:
                out.append(shared(A.Recharge, seat, LOW))
            if van.banked_high + van.banked_stolen_high >= self.cfg.recharge_high_cost:
                out.append(shared(A.Recharge, seat, HIGH))
        if finished:
            out.append(shared(A.EndRoute, seat))
        return out

    def tile_actions(self, s: PState, van: Van, seat: int) -> list[Action]:
        out: list[Action] = []
        tile = s.tiles[van.pos]
        cargo = van.cargo
        if tile and len(cargo) < van.capacity:
            for k in (HIGH, LOW, BOMB):
                if k in tile and k not in s.dropped:
                    out.append(self.shared(A.Take, seat, k))
        if cargo:
            for k in (HIGH, STOLEN_HIGH, LOW, STOLEN_LOW):
                if k in cargo and k not in s.took:
                    out.append(self.shared(A.Drop, seat, k))
            if BOMB in cargo:
                for other in self.bomb_receivers(s, van):
                    out.append(self.shared(A.PassBomb, seat, other.seat))
        return out

    def bomb_receivers(self, s: PState, van: Van) -> list[Van]:
        """Other players whose route cubes lie on this tile (never an automated Rogue)."""
        return [v for v in s.vans if v is not van and v.seat >= 0 and v.role in (DRIVER, ROGUE_PLAYER)
                and van.pos in v.cubes and len(v.cargo) < v.capacity]

    # -- apply -----------------------------------------------------------------------------
    def apply(self, s: PState, a: Action) -> list[Event]:
        if s.phase == OVER:
            raise IllegalAction("The game is over.")
        if a.seat not in self.to_act(s):
            who = s.vans[a.seat].name if 0 <= a.seat < s.players else f"p{a.seat + 1}"
            raise IllegalAction(f"It is not {who}'s move now.")
        kinds = PHASE_ACTIONS.get(s.phase, ())
        if not isinstance(a, kinds):
            raise IllegalAction(_wrong_phase(s.phase, a))
        ev: list[Event] = []
        if isinstance(a, A.PlaceBase):
            flow.place_base(self, s, a, ev)
        elif isinstance(a, A.ChooseCompany):
            flow.choose_company(self, s, a, ev)
        elif isinstance(a, A.PlayPriority):
            flow.play_priority(self, s, a, ev)
        elif isinstance(a, A.ChooseOrder) and s.phase == ORDER:
            flow.choose_order(self, s, a, ev)
        elif isinstance(a, A.RogueRoute) and s.phase == ROGUE:
            flow.rogue_route(self, s, a, ev)
        elif isinstance(a, A.Defend) and s.phase == DEFEND:
            flow.defend(self, s, a, ev)
        elif s.phase == ROUTE and isinstance(a, (A.Step, A.Drive, A.Take, A.Drop, A.PassBomb,
                                                   A.Recharge, A.EndRoute, A.UseExpress)):
            self.route_action(s, a, ev)
        else:
            need = _PHASE_NEEDS.get(s.phase)
            raise IllegalAction(f"Not now: {need}." if need else f"'{a.to_text()}' cannot be played now.")
        return ev

    def route_action(self, s: PState, a: Action, ev: list[Event]) -> None:
        vi = self.current_van(s)
        van = s.vans[vi]
        if isinstance(a, A.Step):
            if a.direction not in DIRS:
                raise IllegalAction(f"{a.direction!r} is not a direction; steps go N, E, S or W.")
            if self.steps_left(s) <= 0:
                raise IllegalAction("This route has no steps left: end the route.")
            reason = self.step_problem(s, van, a.direction)
            if reason:
                raise IllegalAction(reason)
            self.step(s, vi, a.direction, ev)
        elif isinstance(a, A.Drive):
            if len(a.directions) < 2 or any(d not in DIRS for d in a.directions):
                raise IllegalAction("A drive is two or more steps, each N, E, S or W (one step is a 'step').")
            reason = self.drive_problem(s, van, a.directions)
            if reason:
                raise IllegalAction(reason)
            self.drive_on(s, vi, list(a.directions), ev)
        elif isinstance(a, A.UseExpress):
            if a not in self.route_actions(s, a.seat):
                raise IllegalAction("The express route can only be used once, before the first step.")
            van.express_used = True
            s.steps_allowed = self.cfg.long_route_steps
            self.free_cubes(van, s.steps_allowed)
            ev.append(E.Express(text=f"{van.name} uses the express route: 4 steps this round.", van=vi))
        elif isinstance(a, A.Take):
            if not s.steps_taken or a not in self.tile_actions(s, van, a.seat):
                raise IllegalAction("There is no such package to take here, or the van is full.")
            s.tiles[van.pos].remove(a.kind)
            van.cargo.append(a.kind)
            s.took.append(a.kind)
            if a.kind == BOMB:
                van.bomb_timer = self.cfg.bomb_rounds
            ev.append(E.Picked(text=f"{van.name} picks up {a_package(a.kind)}.", van=vi, cell=van.pos, kinds=[a.kind]))
            self.note_full(van)
            if van.pos == van.base:
                self.deposit(s, vi, ev)
        elif isinstance(a, A.Drop):
            if a not in (self.tile_actions(s, van, a.seat) if s.steps_taken else []):
                raise IllegalAction("You cannot drop that here (the exploding package never leaves the van).")
            van.cargo.remove(a.kind)
            s.tiles[van.pos].append(PLAIN.get(a.kind, a.kind))
            s.dropped.append(PLAIN.get(a.kind, a.kind))
            ev.append(E.Dropped(text=f"{van.name} leaves {a_package(a.kind)} at {s.locations[van.pos]}.", van=vi, cell=van.pos, kinds=[a.kind]))
        elif isinstance(a, A.PassBomb):
            if a not in (self.tile_actions(s, van, a.seat) if s.steps_taken else []):
                raise IllegalAction("You can only pass the exploding package where your route crosses "
                                    "another player's route, to a van with room.")
            other = s.vans[a.to_seat]
            van.cargo.remove(BOMB)
            other.cargo.append(BOMB)
            other.bomb_timer, van.bomb_timer = van.bomb_timer, 0
            ev.append(E.BombPassed(text=f"{van.name} hands the exploding package to {other.name} "
                            f"({other.bomb_timer} round(s) left).", van=vi, to=a.to_seat, cell=van.pos))
        elif isinstance(a, A.Recharge):
            if a not in self.route_actions(s, a.seat):
                raise IllegalAction("Recharging needs the route to end at your base, a battery that is not "
                                    "full and 2 low or 1 high packages banked.")
            self.recharge(s, van, a.kind, ev)
        elif isinstance(a, A.EndRoute):
            if self.can_step(s, van):
                raise IllegalAction(f"The route needs {self.steps_left(s)} more step(s) first: a route is "
                                    f"{s.steps_allowed} step(s), fewer only when no step is open.")
            flow.next_route(self, s, ev)

    def drive_on(self, s: PState, vi: int, dirs: list[str], ev: list[Event]) -> None:
        """Drive the steps in order; a theft answer (3-player Rogue) pauses the rest until given."""
        while dirs:
            self.step(s, vi, dirs.pop(0), ev)
            if s.phase != ROUTE:
                s.drive_rest = dirs
                return
        s.drive_rest = []

    def free_cubes(self, van: Van, steps: int) -> None:
        """Pick up the oldest cubes so that ``steps`` new ones can be placed."""
        while van.cubes and len(van.cubes) + steps > self.cfg.cubes_per_player:
            van.cubes.pop(0)

    def note_full(self, van: Van) -> None:
        if len(van.cargo) >= van.capacity:
            van.full_once = True

    def step(self, s: PState, vi: int, d: str, ev: list[Event]) -> None:
        van = s.vans[vi]
        start = van.pos
        nxt = self.step_to[start][d]
        cost = 0
        if nxt in van.cubes:
            cost = 1
            van.battery -= 1
        van.pos = nxt
        van.cubes.append(nxt)
        s.route.append(nxt)
        s.steps_taken += 1
        s.took, s.dropped = [], []
        if (start, nxt) in self.routes.bridge_steps:
            van.bridges_crossed += 1
        van.corners |= CORNERS.get(nxt, 0)
        text = f"{van.name} drives to {s.locations[nxt]}"
        ev.append(E.Moved(text=text + (" (1 sat-nav charge to cross own route)." if cost else "."), van=vi, seat=van.seat, path=[start, nxt], battery=cost))
        if nxt in self.board.electric and van.charged_round != s.round and van.battery < van.battery_max:
            van.battery += 1
            van.charged_round = s.round
            ev.append(E.Charged(text=f"{van.name} tops up the sat nav at the charging point.", van=vi, cell=nxt, amount=1))
        self.auto_take(s, vi, ev)
        if nxt == van.base:
            self.deposit(s, vi, ev)
        if van.role == ROGUE_PLAYER:
            s.mover = vi
            s.victims = R.victims_at(s, vi, nxt)
            flow.settle_thefts(self, s, ev)

    def auto_take(self, s: PState, vi: int, ev: list[Event]) -> None:
        """Packages are picked up on the way (most valuable first) while there is room."""
        van = s.vans[vi]
        tile = s.tiles[van.pos]
        got: list[str] = []
        solo_hunter = van.role == AUTO and s.players == 1  # solo Rogues only stop for high value
        for k in ((HIGH,) if solo_hunter else (HIGH, LOW)):
            while k in tile and (van.role == AUTO or len(van.cargo) < van.capacity):
                tile.remove(k)
                van.cargo.append(k)
                got.append(k)
        if got:
            ev.append(E.Picked(text=f"{van.name} picks up {describe(got)} at {s.locations[van.pos]}.", van=vi, cell=van.pos, kinds=got))
            self.note_full(van)

    def deposit(self, s: PState, vi: int, ev: list[Event]) -> None:
        van = s.vans[vi]
        if not van.cargo or van.role == AUTO:
            return
        kinds = van.cargo[:]
        for k in kinds:
            if k == LOW:
                van.banked_low += 1
            elif k == HIGH:
                van.banked_high += 1
            elif k == STOLEN_LOW:
                van.banked_stolen_low += 1
            elif k == STOLEN_HIGH:
                van.banked_stolen_high += 1
        van.cargo.clear()
        if van.last_unload_round != s.round:
            van.last_unload_round = s.round
            van.unload_rounds += 1
        ev.append(E.Deposited(text=f"{van.name} unloads {describe(kinds)} at base.", van=vi, cell=van.pos, kinds=kinds))
        if BOMB in kinds:
            van.defused += 1
            van.bomb_timer = 0
            ev.append(E.Defused(text=f"{van.name} defuses the exploding package: +{self.cfg.defuse_points} "
                            "points at the end.", van=vi, cell=van.pos))

    def recharge(self, s: PState, van: Van, kind: str, ev: list[Event]) -> None:
        if kind == LOW:
            for _ in range(self.cfg.recharge_low_cost):
                if van.banked_low:
                    van.banked_low -= 1
                else:
                    van.banked_stolen_low -= 1
                s.pool_low += 1
            paid = f"{self.cfg.recharge_low_cost} low-value packages"
        else:
            for _ in range(self.cfg.recharge_high_cost):
                if van.banked_high:
                    van.banked_high -= 1
                else:
                    van.banked_stolen_high -= 1
                s.pool_high += 1
            paid = "a high-value package"
        van.battery = van.battery_max
        van.base_recharges += 1
        s.recharged = True
        ev.append(E.Recharged(text=f"{van.name} pays {paid} from the base for a full sat nav.", van=s.vans.index(van), cell=van.pos, package=kind))


#: the actions each phase accepts; anything else is refused before the state is touched
PHASE_ACTIONS: dict[str, tuple[type, ...]] = {
    BASE: (A.PlaceBase,),
    COMPANY: (A.ChooseCompany,),
    PRIORITY: (A.PlayPriority,),
    ORDER: (A.ChooseOrder,),
    ROUTE: (A.Step, A.Drive, A.Take, A.Drop, A.PassBomb, A.Recharge, A.EndRoute, A.UseExpress),
    ROGUE: (A.RogueRoute,),
    DEFEND: (A.Defend,),
}
#: when each kind of action belongs, for the refusal text
ACTION_TIME = {
    A.PlaceBase: "Bases are placed at the start of the game",
    A.ChooseCompany: "Company cards are chosen at the start of the game",
    A.PlayPriority: "Priority cards are chosen at the start of the round",
    A.ChooseOrder: "The order is chosen once the priority cards are shown",
    A.RogueRoute: "The Rogue is steered after every route",
    A.Defend: "A theft is answered when the Rogue reaches your route",
}


def _wrong_phase(phase: str, a: Action) -> str:
    """'Priority cards are chosen at the start of the round, not during routes.'"""
    route_kinds = PHASE_ACTIONS[ROUTE]
    if not isinstance(a, route_kinds) and type(a) not in ACTION_TIME:
        return "That is not an action of Package Pandemonium."
    when = ACTION_TIME.get(type(a), "Steps, packages and the end of a route are for your own route")
    now = {BASE: "while bases are placed", COMPANY: "while companies are chosen",
           PRIORITY: "while priority cards are chosen", ORDER: "while the order is chosen",
           ROUTE: "during routes", ROGUE: "while the Rogue moves", DEFEND: "while a theft is answered"}
    return f"{when}, not {now.get(phase, 'now')}."


def describe(kinds: list[str]) -> str:
    """'2 low-value packages and the exploding package' for log lines."""
    low = sum(1 for k in kinds if k in (LOW, STOLEN_LOW))
    high = sum(1 for k in kinds if k in (HIGH, STOLEN_HIGH))
    parts = []
    if high:
        parts.append(f"{high} high-value package" + ("s" if high > 1 else ""))
    if low:
        parts.append(f"{low} low-value package" + ("s" if low > 1 else ""))
    if BOMB in kinds:
        parts.append("the exploding package")
    return " and ".join(parts) or "nothing"


#: what each phase waits for, said when an action of another phase is tried
_PHASE_NEEDS = {
    "base": "every base goes on the board first",
    "company": "company cards are chosen first",
    "priority": "a priority card is played first",
    "order": "the lowest card chooses to drive first or second",
    "route": "a route is being driven",
    "rogue": "the round's winner plans the Rogue's route",
    "defend": "the Rogue's theft is answered first",
}
