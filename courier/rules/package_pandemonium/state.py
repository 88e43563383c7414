"""What changes during a game of Package Pandemonium: vans, packages on tiles, decks, phase.

Plain dataclasses, so equality works for save -> load -> equal, with a hand-written ``clone``
because the AI copies states thousands of times per decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, cast

from courier.rules.package_pandemonium.config import PandemoniumConfig
from courier.rules.rng import Rng

if TYPE_CHECKING:
    from courier.rules.package_pandemonium.engine import Engine

#: courier.rules.package_pandemonium.engine.engine_of, once a state has asked for its engine
_engine_of: "Callable[[PandemoniumConfig], Engine] | None" = None

#: package tokens: on tiles and in vans ("SL"/"SH" are packages the 3-player Rogue stole)
LOW, HIGH, BOMB, STOLEN_LOW, STOLEN_HIGH = "L", "H", "B", "SL", "SH"
PACKAGE_NAMES = {LOW: "low-value package", HIGH: "high-value package", BOMB: "exploding package",
                 STOLEN_LOW: "stolen low-value package", STOLEN_HIGH: "stolen high-value package"}



def a_package(kind: str) -> str:
    """The package's name with its article: "a low-value package", "an exploding package"."""
    name = PACKAGE_NAMES[kind]
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


#: van roles
DRIVER, ROGUE_PLAYER, AUTO = "driver", "rogue", "auto"
#: the automated vans' names (role AUTO): the Rogue, and the solo game's rival driver
ROGUE_NAME, RIVAL_NAME = "The Rogue", "Rival driver"

#: phases
BASE, COMPANY, PRIORITY, ORDER, ROUTE, ROGUE, DEFEND, OVER = (
    "base", "company", "priority", "order", "route", "rogue", "defend", "over")


@dataclass
class Van:
    """One van on the board: a player's, the 3-player Rogue's, or an automated one."""

    role: str
    seat: int  # -1 for an automated van
    name: str
    base: int  # -1 until placed
    pos: int
    capacity: int
    battery: int
    battery_max: int
    cubes: list[int] = field(default_factory=list)  # oldest first
    cargo: list[str] = field(default_factory=list)
    company: str = ""
    banked_low: int = 0
    banked_high: int = 0
    banked_stolen_low: int = 0
    banked_stolen_high: int = 0
    defused: int = 0
    missions: list[str] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)  # priority cards still to play
    choice: int = 0  # secret priority choice this round (0 none; -1 hidden in a view)
    revealed: int = 0  # card shown this round
    bomb_timer: int = 0
    # what the missions look at
    lost: int = 0
    protected: int = 0
    corners: int = 0  # bit mask of the corner tiles driven through
    unload_rounds: int = 0
    last_unload_round: int = 0
    full_once: bool = False
    bridges_crossed: int = 0
    base_recharges: int = 0
    express_used: bool = False
    insurance_used: bool = False
    charged_round: int = 0  # last round an electric-drive tile charged the sat nav

    def clone(self) -> "Van":
        v = Van.__new__(Van)
        v.__dict__.update(self.__dict__)
        v.cubes = self.cubes[:]
        v.cargo = self.cargo[:]
        v.missions = self.missions[:]
        v.hand = self.hand[:]
        return v


@dataclass
class PState:
    rng: Rng
    players: int
    round: int = 1
    phase: str = BASE
    locations: list[str] = field(default_factory=list)  # location name per tile
    tiles: list[list[str]] = field(default_factory=list)  # packages lying on each tile
    pool_low: int = 0
    pool_high: int = 0
    vans: list[Van] = field(default_factory=list)
    setup_roll: list[int] = field(default_factory=list)  # the set-up die per seat
    setup_order: list[int] = field(default_factory=list)  # seats in the order they place/choose
    setup_index: int = 0
    chooser: int = -1  # seat that won the round (lowest card)
    last_chooser: int = -1
    order: list[int] = field(default_factory=list)  # van indices, in route order this round
    order_index: int = 0
    steps_taken: int = 0
    steps_allowed: int = 0
    route: list[int] = field(default_factory=list)  # tiles entered on this route
    took: list[str] = field(default_factory=list)  # kinds taken on this tile visit
    dropped: list[str] = field(default_factory=list)  # kinds dropped on this tile visit
    recharged: bool = False
    drive_rest: list[str] = field(default_factory=list)  # steps of a drive a theft answer interrupted
    mover: int = -1  # van index of the Rogue moving now
    rogue_path: list[int] = field(default_factory=list)  # tiles still to enter
    rogue_queue: list[int] = field(default_factory=list)  # automated vans still to move
    victims: list[int] = field(default_factory=list)  # van indices to answer a theft, in order
    spawn_deck: list[int] = field(default_factory=list)  # indices into config.spawn_cards
    last_spawn: int = -1
    mission_deck: list[str] = field(default_factory=list)
    #: the game's config (shared, never saved: state_from_dict is given it; not compared)
    config: PandemoniumConfig = field(default=cast(PandemoniumConfig, None), init=False, compare=False, repr=False)

    @property
    def eng(self) -> "Engine":
        """The rules engine of this state's config (its board and route caches), for the rules and
        the computer players; screens ask their table instead."""
        global _engine_of
        if _engine_of is None:  # found once: the engine module imports this one
            from courier.rules.package_pandemonium.engine import engine_of
            _engine_of = engine_of
        return _engine_of(self.config)

    def clone(self) -> "PState":
        s = PState.__new__(PState)
        s.__dict__.update(self.__dict__)
        s.rng = self.rng.clone()
        s.locations = self.locations  # never changes after set-up
        s.tiles = [t[:] for t in self.tiles]
        s.vans = [v.clone() for v in self.vans]
        s.setup_roll = self.setup_roll[:]
        s.setup_order = self.setup_order[:]
        s.order = self.order[:]
        s.route = self.route[:]
        s.took = self.took[:]
        s.dropped = self.dropped[:]
        s.rogue_path = self.rogue_path[:]
        s.drive_rest = self.drive_rest[:]
        s.rogue_queue = self.rogue_queue[:]
        s.victims = self.victims[:]
        s.spawn_deck = self.spawn_deck[:]
        s.mission_deck = self.mission_deck[:]
        return s
