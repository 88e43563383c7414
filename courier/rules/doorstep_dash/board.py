"""The town board: road spaces on a square grid, houses with entrances, hazard and green zones.

Built once per process from plain Tiled data (see docs/maps/doorstep-dash.md) and shared by every
state; the rules and the AI read distances and neighbours from here, never from the state.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from courier.rules.base import BoardError
from courier.rules.doorstep_dash import config as C
from courier.rules.mapdata import (ClassSpec, MapData, MapObject, PropReader, PropSpec, check_map_properties,
                                   check_properties, require_size)

Cell = tuple[int, int]  # (col, row)

SPACE_CLASSES = {"road", "entrance", "warehouse", "hazard", "park"}
GROUND_CLASSES = ("grass", "lawn", "tree", "water", "house", "depot")
ZONE_CLASSES = ("hazard", "park", "green", "warehouse")
GAME_ID = "doorstep-dash"

#: The classes a town uses, with the properties the game reads (the Tiled project file is made
#: from these; docs/maps/doorstep-dash.md explains them).
MAP_CLASSES: tuple[ClassSpec, ...] = (
    ClassSpec("house", "object", "a house: its footprint rectangle on layer 'houses'", (
        PropSpec("colour", "string", "blue (1 point), green (2), yellow (4) or red (6)", default="blue",
                 choices=tuple(C.COLOUR_POINTS), enum="house_colour"),
        PropSpec("entrance", "string", "col,row of the road square at its door (an 'entrance' tile)"),
        PropSpec("number", "int", "the number on its roof and card; unique, from 1"),
    ), colour="#c05a46"),
    ClassSpec("hazard", "object", "a hazard zone on layer 'zones' (2-5 road squares)", (
        PropSpec("test", "int", f"the roll needed to pass, {C.HAZARD_TESTS[0]}-{C.HAZARD_TESTS[1]}"),
    ), colour="#e6b428"),
    ClassSpec("park", "object", "a park on layer 'zones' (a green zone)", colour="#6fae5a"),
    ClassSpec("green", "object", "the warehouse's green zone on layer 'zones'", colour="#8fd07a"),
    ClassSpec("warehouse", "object", "the warehouse building on layer 'zones' (drawing only)", colour="#d2783c"),
    *(ClassSpec(k, "tile", f"a road-layer square: {d}") for k, d in (
        ("road", "a road space"), ("entrance", "a house's door step"), ("warehouse", "the warehouse space"),
        ("hazard", "a road space inside a hazard zone"), ("park", "a path inside a park"))),
    *(ClassSpec(k, "tile", "ground-layer scenery (drawing only)") for k in GROUND_CLASSES),
)
_SPECS = {c.name: c for c in MAP_CLASSES if c.use == "object"}
_ZONE_SPECS = {name: spec for name, spec in _SPECS.items() if name in ZONE_CLASSES}
#: the layers the game reads: tile layers 'ground' and 'roads', object layers 'houses' and 'zones'
MAP_LAYERS = ("ground", "roads", "houses", "zones")
MAP_PROPERTIES = (
    PropSpec("game", "string", f"'{GAME_ID}'"),
    PropSpec("title", "string", "the town's name", default=""),
)


@dataclass(frozen=True)
class House:
    name: str
    number: int
    colour: str
    entrance: Cell
    #: footprint in cells: (col, row, width, height)
    rect: tuple[int, int, int, int]


@dataclass(frozen=True)
class Zone:
    name: str
    kind: str  # "hazard", "park" or "green"
    cells: frozenset[Cell]
    #: a hazard's test value (0 for green zones)
    test: int = 0
    #: outline in cells for drawing: (col, row, width, height) of the bounding box
    bounds: tuple[float, float, float, float] = (0, 0, 0, 0)


@dataclass
class Board:
    source: str
    width: int
    height: int
    spaces: frozenset[Cell]
    neighbours: dict[Cell, tuple[Cell, ...]]
    warehouse: Cell
    houses: dict[str, House]
    entrance_house: dict[Cell, str]
    hazards: list[Zone]
    hazard_at: dict[Cell, Zone]
    greens: list[Zone]
    green_cells: frozenset[Cell]
    #: decoration from the ground layer, cell -> tile class (grass, tree, water, lawn, ...)
    decor: dict[Cell, str] = field(default_factory=dict)
    #: the warehouse building's footprint in cells, for drawing
    depot_rect: tuple[int, int, int, int] | None = None
    _dist: dict[Cell, dict[Cell, int]] = field(default_factory=dict, repr=False)
    #: drives already worked out: (start, steps, stops) -> routes (read-only, shared)
    move_cache: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    #: (start, steps) -> the walks every drive of that length from there is made of (moves.py)
    walks: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    #: space -> the house nearest to it (see nearest_house), filled as asked
    nearest_cache: dict[Cell, str] = field(default_factory=dict, repr=False, compare=False)

    def distances_from(self, cell: Cell) -> dict[Cell, int]:
        """Road distance from ``cell`` to every space (cached: the board is shared)."""
        got = self._dist.get(cell)
        if got is None:
            got = {cell: 0}
            queue = deque([cell])
            while queue:
                cur = queue.popleft()
                d = got[cur] + 1
                for nb in self.neighbours[cur]:
                    if nb not in got:
                        got[nb] = d
                        queue.append(nb)
            self._dist[cell] = got
        return got

    def distance(self, a: Cell, b: Cell) -> int:
        got = self._dist.get(b)  # the common case, without a second call (asked millions of times)
        return (got if got is not None else self.distances_from(b))[a]

    def trap_forbidden(self, cell: Cell) -> str | None:
        """Why a trap may not go on ``cell``, or None when it may."""
        if cell in self.entrance_house:
            return "traps cannot go on a house entrance"
        if cell in self.hazard_at:
            return "traps cannot go in a hazard zone"
        if cell in self.green_cells or cell == self.warehouse:
            return "traps cannot go in a green zone"
        return None

    def cell_name(self, cell: Cell) -> str:
        if cell == self.warehouse:
            return "the warehouse"
        if cell in self.entrance_house:
            return self.entrance_house[cell]
        if cell in self.hazard_at:
            return self.hazard_at[cell].name
        for zone in self.greens:
            if cell in zone.cells and zone.kind == "park":
                return zone.name
        return f"the road by {self.nearest_house(cell)}"

    def nearest_house(self, cell: Cell) -> str:
        """The house whose front door is closest (as the crow flies), to name a stretch of road.

        Worked out once per space (every drive's log line asks)."""
        got = self.nearest_cache.get(cell)
        if got is None:
            best = min(self.houses.values(),
                       key=lambda h: (abs(h.entrance[0] - cell[0]) + abs(h.entrance[1] - cell[1]), h.number))
            got = self.nearest_cache[cell] = best.name
        return got


def parse_cell(text: Any) -> Cell | None:
    try:
        a, b = str(text).split(",")
        return (int(a.strip()), int(b.strip()))
    except (ValueError, AttributeError):
        return None


def _point_in_polygon(x: float, y: float, pts: tuple[tuple[float, float], ...]) -> bool:
    inside = False
    j = len(pts) - 1
    for i in range(len(pts)):
        xi, yi = pts[i]
        xj, yj = pts[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / ((yj - yi) or 1e-9) + xi:
            inside = not inside
        j = i
    return inside


def _object_cells(obj: MapObject, data: MapData) -> tuple[set[Cell], tuple[float, float, float, float]]:
    """Cells whose centre lies inside a rectangle or polygon object, and its bounds in cells."""
    tw, th = data.tile_width, data.tile_height
    cells: set[Cell] = set()
    if obj.points:
        xs = [p[0] for p in obj.points]
        ys = [p[1] for p in obj.points]
        x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    else:
        x0, y0, x1, y1 = obj.x, obj.y, obj.x + obj.width, obj.y + obj.height
    for r in range(max(0, int(y0 // th)), min(data.height, int(y1 // th) + 1)):
        for c in range(max(0, int(x0 // tw)), min(data.width, int(x1 // tw) + 1)):
            cx, cy = (c + 0.5) * tw, (r + 0.5) * th
            if obj.points:
                if _point_in_polygon(cx, cy, obj.points):
                    cells.add((c, r))
            elif x0 <= cx <= x1 and y0 <= cy <= y1:
                cells.add((c, r))
    return cells, (x0 / tw, y0 / th, (x1 - x0) / tw, (y1 - y0) / th)


def board_from_map(data: MapData) -> Board:
    """Check a Tiled town for every Doorstep Dash problem and build the board."""
    problems: list[str] = []
    require_size(data)
    check_map_properties(data, MAP_LAYERS, MAP_PROPERTIES, GAME_ID, "Doorstep Dash maps", problems)
    if data.tile_width != data.tile_height:
        problems.append("tiles must be square (the board is a square grid)")
    roads = _read_roads(data, problems)
    houses = _read_houses(data, roads, problems)
    zones = _read_zones(data, roads, houses, problems)
    decor = _read_ground(data, problems)
    board = Board(
        source=data.source,
        width=data.width,
        height=data.height,
        spaces=frozenset(roads.spaces),
        neighbours=_neighbours(roads.spaces),
        warehouse=roads.warehouse,
        houses=houses.houses,
        entrance_house=houses.entrance_house,
        hazards=zones.hazards,
        hazard_at=zones.hazard_at,
        greens=zones.greens,
        green_cells=frozenset(zones.green_cells),
        decor=decor,
        depot_rect=zones.depot_rect,
    )
    _check_connected(board, roads, problems)
    if problems:
        raise BoardError(data.source, problems)
    return board


@dataclass
class _Roads:
    """Tile layer 'roads' as read: the spaces, each one's tile class, the warehouse tiles."""

    spaces: set[Cell] = field(default_factory=set)
    tile_class: dict[Cell, str] = field(default_factory=dict)
    warehouses: list[Cell] = field(default_factory=list)

    @property
    def warehouse(self) -> Cell:
        return self.warehouses[0] if self.warehouses else (0, 0)


@dataclass
class _Houses:
    houses: dict[str, House] = field(default_factory=dict)
    entrance_house: dict[Cell, str] = field(default_factory=dict)


@dataclass
class _Zones:
    hazards: list[Zone] = field(default_factory=list)
    hazard_at: dict[Cell, Zone] = field(default_factory=dict)
    greens: list[Zone] = field(default_factory=list)
    green_cells: set[Cell] = field(default_factory=set)
    depot_rect: tuple[int, int, int, int] | None = None


def _check_tile_properties(layer_name: str, grid: Any, problems: list[str]) -> None:
    """Tile classes in this game have no properties: name any, once per class and name."""
    seen: set[tuple[str, str]] = set()
    for r, row in enumerate(grid):
        for c, tile in enumerate(row):
            for name in tile or ():
                kind = str(tile.get("type", ""))
                if name != "type" and (kind, name) not in seen:
                    seen.add((kind, name))
                    problems.append(f"tile class '{kind}' (first at {c},{r} of layer '{layer_name}'): property "
                                    f"'{name}' is not one the game reads; Doorstep Dash tiles have no properties")


def _read_roads(data: MapData, problems: list[str]) -> _Roads:
    """Tile layer 'roads': the road spaces and the one warehouse space (the layer is a must)."""
    layer = data.tile_layers.get("roads")
    if layer is None:
        raise BoardError(data.source, problems + ["there is no tile layer called 'roads' (the road spaces)"])
    _check_tile_properties("roads", layer.grid, problems)
    roads = _Roads()
    for r, row in enumerate(layer.grid):
        for c, tile in enumerate(row):
            if not tile:
                continue
            kind = str(tile.get("type", ""))
            if kind not in SPACE_CLASSES:
                problems.append(f"tile at {c},{r} of layer 'roads' has class {kind!r}; use one of {sorted(SPACE_CLASSES)}")
                continue
            roads.spaces.add((c, r))
            roads.tile_class[(c, r)] = kind
            if kind == "warehouse":
                roads.warehouses.append((c, r))
    if len(roads.warehouses) != 1:
        shown = ", ".join(f"{c},{r}" for c, r in roads.warehouses[:6])
        problems.append(f"the 'roads' layer needs exactly one 'warehouse' tile, found {len(roads.warehouses)}"
                        + (f" (at {shown})" if shown else ""))
    return roads


def _neighbours(spaces: set[Cell]) -> dict[Cell, tuple[Cell, ...]]:
    """The road spaces next to each road space (north, east, south, west)."""
    return {(c, r): tuple(n for n in ((c, r - 1), (c + 1, r), (c, r + 1), (c - 1, r)) if n in spaces)
            for c, r in spaces}


def _read_houses(data: MapData, roads: _Roads, problems: list[str]) -> _Houses:
    """Object layer 'houses': each house with its colour, number and entrance (a road square)."""
    got = _Houses()
    numbers: dict[int, str] = {}
    house_objects = 0
    tw = data.tile_width
    for obj in data.objects("houses"):
        if obj.type != "house":
            problems.append(f"{obj.describe()}: class is {obj.type!r}, expected 'house'")
            continue
        house_objects += 1
        props = check_properties(obj.describe(), obj.properties, _SPECS["house"], problems)
        name = obj.name.strip()
        if not name or " + " in name:
            problems.append(f"{obj.describe()}: a house needs a name (without ' + ')")
            continue
        if name in got.houses:
            problems.append(f"{obj.describe()}: two houses are called '{name}'")
            continue
        colour = props.choice("colour", C.COLOUR_POINTS, default="blue")
        number = props.integer("number", 1)
        ent = _read_entrance(obj, props, roads, got.entrance_house, problems)
        if number is not None:
            if number in numbers:
                problems.append(f"{obj.describe()}: house number {number} is also used by '{numbers[number]}'")
            else:
                numbers[number] = name
        if ent is None or number is None or colour is None or not tw:
            continue
        rect = (int(obj.x // tw), int(obj.y // tw), max(1, round(obj.width / tw)), max(1, round(obj.height / tw)))
        got.houses[name] = House(name, number, colour, ent, rect)
        got.entrance_house.setdefault(ent, name)
    for cell, kind in roads.tile_class.items():
        if kind == "entrance" and cell not in got.entrance_house:
            problems.append(f"entrance tile at {cell[0]},{cell[1]} of layer 'roads' belongs to no house object "
                            "(a house's 'entrance' names its door step)")
    if house_objects < C.MIN_HOUSES:
        problems.append(f"the town has {house_objects} houses; it needs at least {C.MIN_HOUSES}")
    return got


def _read_entrance(obj: MapObject, props: PropReader, roads: _Roads, entrance_house: dict[Cell, str],
                   problems: list[str]) -> Cell | None:
    """A house's 'entrance' property: an 'entrance' road square no other house uses."""
    ent_text = props.text("entrance", want="give the 'col,row' of the road square at its door")
    ent = parse_cell(ent_text) if ent_text is not None else None
    if ent_text is not None and ent is None:
        problems.append(f"{obj.describe()}: property 'entrance' is '{ent_text}'; write it as 'col,row' "
                        "of a road square, like '4,7'")
    if ent is not None:
        if ent not in roads.spaces:
            problems.append(f"{obj.describe()}: entrance {ent[0]},{ent[1]} is not a road space")
        elif roads.tile_class.get(ent) != "entrance":
            problems.append(f"{obj.describe()}: the tile at its entrance {ent[0]},{ent[1]} should have class 'entrance'")
        if ent in entrance_house:
            problems.append(f"{obj.describe()}: entrance {ent[0]},{ent[1]} is shared with '{entrance_house[ent]}'")
    return ent


def _read_zones(data: MapData, roads: _Roads, houses: _Houses, problems: list[str]) -> _Zones:
    """Object layer 'zones': hazard zones (with their test), parks, the green zone, the warehouse."""
    zones = _Zones()
    for obj in data.objects("zones"):
        cells, bounds = _object_cells(obj, data)
        road_cells = frozenset(cells & roads.spaces)
        if obj.type not in _ZONE_SPECS:
            problems.append(f"{obj.describe()}: class {obj.type!r} is not hazard, park, green or warehouse")
            continue
        props = check_properties(obj.describe(), obj.properties, _ZONE_SPECS[obj.type], problems)
        if obj.type == "hazard":
            _read_hazard(obj, props, road_cells, bounds, roads, houses, zones, problems)
        elif obj.type in ("park", "green"):
            zone = Zone(obj.name or ("Park" if obj.type == "park" else "Green"), obj.type, road_cells, 0, bounds)
            zones.greens.append(zone)
            zones.green_cells |= road_cells
        else:  # the warehouse building
            left, top, right, bottom = (int(round(v)) for v in bounds)
            zones.depot_rect = (left, top, right, bottom)
    if len(zones.hazards) < C.MIN_HAZARDS:
        problems.append(f"the town has {len(zones.hazards)} hazard zones (layer 'zones', class 'hazard'); "
                        f"it needs at least {C.MIN_HAZARDS}")
    parks = sum(1 for z in zones.greens if z.kind == "park")
    if parks < C.MIN_PARKS:
        problems.append(f"the town has {parks} park zones (layer 'zones', class 'park'); "
                        f"it needs at least {C.MIN_PARKS}")
    if roads.warehouses and not any(roads.warehouse in z.cells for z in zones.greens if z.kind == "green"):
        problems.append("the warehouse must lie inside a 'green' zone")
    for cell in zones.green_cells & set(zones.hazard_at):
        problems.append(f"space {cell[0]},{cell[1]} is in both a green zone and hazard '{zones.hazard_at[cell].name}'")
    return zones


def _read_hazard(obj: MapObject, props: PropReader, road_cells: frozenset[Cell],
                 bounds: tuple[float, float, float, float], roads: _Roads, houses: _Houses, zones: _Zones,
                 problems: list[str]) -> None:
    """One hazard zone: its test, 2-5 road spaces, none shared with another hazard, a door or the warehouse."""
    test = props.integer("test", *C.HAZARD_TESTS)
    if test is None:
        test = 0
    lo, hi = C.HAZARD_SPACES
    if not lo <= len(road_cells) <= hi:
        problems.append(f"{obj.describe()}: a hazard zone covers {lo}-{hi} road spaces, this one {len(road_cells)}")
    zone = Zone(obj.name or f"Hazard {len(zones.hazards) + 1}", "hazard", road_cells, test, bounds)
    for cell in road_cells:
        if cell in zones.hazard_at:
            problems.append(f"{obj.describe()}: overlaps hazard '{zones.hazard_at[cell].name}' at {cell[0]},{cell[1]}")
        if cell in houses.entrance_house:
            problems.append(f"{obj.describe()}: covers the entrance of '{houses.entrance_house[cell]}'")
        if cell == roads.warehouse:
            problems.append(f"{obj.describe()}: covers the warehouse")
        zones.hazard_at[cell] = zone
    zones.hazards.append(zone)


def _read_ground(data: MapData, problems: list[str]) -> dict[Cell, str]:
    """Tile layer 'ground': scenery under the roads, cell -> tile class (drawing only)."""
    decor: dict[Cell, str] = {}
    ground = data.tile_layers.get("ground")
    if ground is not None:
        _check_tile_properties("ground", ground.grid, problems)
        for r, row in enumerate(ground.grid):
            for c, tile in enumerate(row):
                if tile:
                    decor[(c, r)] = str(tile.get("type", ""))
    return decor


def _check_connected(board: Board, roads: _Roads, problems: list[str]) -> None:
    """Every road space can be reached from the warehouse."""
    if roads.warehouses and roads.spaces:
        reach = board.distances_from(roads.warehouse)
        lost = sorted(roads.spaces - set(reach))
        if lost:
            shown = ", ".join(f"{c},{r}" for c, r in lost[:8])
            problems.append(f"{len(lost)} road spaces cannot be reached from the warehouse: {shown}")
