"""The 5x5 city grid of one map card, read from plain Tiled data and checked.

Static facts (passable moves, water, bridges, distances, allowed base tiles) are computed once
per map and shared by every state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from courier.rules.base import BoardError
from courier.rules.mapdata import (ClassSpec, MapData, MapObject, PropSpec, check_map_properties, classed_objects,
                                   require_size, tile_properties)

GAME_ID = "package-pandemonium"
SIZE = 5
CELLS = SIZE * SIZE
DIRS: dict[str, tuple[int, int]] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
DIR_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
TERRAINS = ("block", "park", "plaza", "electric")
SIDES = ("N", "E", "S", "W")
PIECES = ("rogue_base", "rogue_van", "rogue_cube", "package")
#: what a map card holds: (class, how many)
PIECE_COUNTS = {"rogue_base": 1, "rogue_van": 1, "rogue_cube": 3}
PACKAGE_COUNTS = {"low": 6, "high": 2}

#: The classes a map card uses, with the properties the game reads (the Tiled project file is
#: made from these; docs/maps/package-pandemonium.md explains them).
MAP_CLASSES: tuple[ClassSpec, ...] = (
    ClassSpec("water", "object", "water: a polyline along tile edges", colour="#3a7cc0"),
    ClassSpec("bridge", "object", "a bridge: centred on the middle of a water edge", colour="#8a6a3a"),
    ClassSpec("rogue_base", "object", "the Rogue's base (a border tile)", colour="#8a2020"),
    ClassSpec("rogue_van", "object", "the Rogue van's starting tile", colour="#c03030"),
    ClassSpec("rogue_cube", "object", "one of the Rogue's 3 starting route cubes", colour="#e05050"),
    ClassSpec("package", "object", "a starting package on the tile under it", (
        PropSpec("value", "string", "low (1 point) or high (5 points)", default="low", choices=("low", "high"),
                 enum="package_value"),), colour="#c0a040"),
    *(ClassSpec(t, "tile", d, (PropSpec("electric", "bool", "a charging point", default=False),)) for t, d in (
        ("block", "a city block"), ("park", "a park (looks only)"), ("plaza", "a plaza (looks only)"),
        ("electric", "a charging point"))),
)
_SPECS = {c.name: c for c in MAP_CLASSES if c.use == "object"}
_TILE_SPECS = {c.name: c for c in MAP_CLASSES if c.use == "tile"}
#: the layers the game reads by name (its objects may stand on any object layer)
MAP_LAYERS = ("city",)
MAP_PROPERTIES = (
    PropSpec("game", "string", f"'{GAME_ID}'"),
    PropSpec("name", "string", "the card's name shown in menus", default=""),
)


def cell_name(cell: int) -> str:
    """'A1' is the top-left tile, 'E5' the bottom-right (column letter, row number)."""
    return f"{'ABCDE'[cell % SIZE]}{cell // SIZE + 1}"


def parse_cell(text: str) -> int:
    text = text.strip().upper()
    if len(text) != 2 or text[0] not in "ABCDE" or text[1] not in "12345":
        raise ValueError(f"{text!r} is not a tile (A1 to E5)")
    return (int(text[1]) - 1) * SIZE + "ABCDE".index(text[0])


def step_cell(cell: int, d: str) -> int | None:
    """The tile one step from ``cell`` in direction ``d``, or None off the grid."""
    dr, dc = DIRS[d]
    r, c = divmod(cell, SIZE)
    r, c = r + dr, c + dc
    if 0 <= r < SIZE and 0 <= c < SIZE:
        return r * SIZE + c
    return None


def sides_of(cell: int) -> tuple[str, ...]:
    """The grid sides a border tile lies on (two for a corner, none inside)."""
    r, c = divmod(cell, SIZE)
    out = []
    if r == 0:
        out.append("N")
    if c == SIZE - 1:
        out.append("E")
    if r == SIZE - 1:
        out.append("S")
    if c == 0:
        out.append("W")
    return tuple(out)


def edge(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class Board:
    name: str
    source: str
    terrain: tuple[str, ...]  # per cell
    water: frozenset[tuple[int, int]]  # edges with water (bridged or not)
    bridges: frozenset[tuple[int, int]]  # water edges that may be crossed
    electric: frozenset[int]
    rogue_base: int
    rogue_van: int
    rogue_cubes: tuple[int, ...]
    start_packages: tuple[tuple[int, str], ...]
    base_options: tuple[int, ...]
    #: moves[cell] = ((direction, next cell), ...) that are allowed by the map
    moves: tuple[tuple[tuple[str, int], ...], ...]
    #: dist[a][b]: fewest steps from a to b
    dist: tuple[tuple[int, ...], ...]

    def move(self, cell: int, d: str) -> int | None:
        for dd, nxt in self.moves[cell]:
            if dd == d:
                return nxt
        return None

    def route(self, cell: int, dirs: Iterable[str]) -> list[int]:
        """The cells a route of steps from ``cell`` passes, in order. Every step must be one the
        map allows, as in a route the legal actions offer."""
        cells = []
        for d in dirs:
            nxt = self.move(cell, d)
            if nxt is None:
                raise ValueError(f"the map has no step {d!r} from cell {cell}")
            cells.append(nxt)
            cell = nxt
        return cells

    def blocked_reason(self, cell: int, d: str) -> str | None:
        """Why the map forbids this step (off the grid, water), or None if the map allows it."""
        nxt = step_cell(cell, d)
        if nxt is None:
            return f"The city ends there: no road {DIR_NAMES[d]}."
        e = edge(cell, nxt)
        if e in self.water and e not in self.bridges:
            return "Water blocks that way and there is no bridge."
        return None


def _cell_at(data: MapData, x: float, y: float) -> int | None:
    c, r = int(x // data.tile_width), int(y // data.tile_height)
    if 0 <= c < SIZE and 0 <= r < SIZE:
        return r * SIZE + c
    return None


def _obj_cell(data: MapData, obj: MapObject) -> int | None:
    x, y = obj.center if obj.width or obj.height else (obj.x, obj.y)
    return _cell_at(data, x, y)


def _water_edges(data: MapData, obj: MapObject, problems: list[str]) -> list[tuple[int, int]]:
    """Unit tile edges covered by a water polyline drawn along grid lines."""
    tw, th = data.tile_width, data.tile_height
    pts = obj.points or ()
    if len(pts) < 2:
        problems.append(f"{obj.describe()}: water must be a polyline along tile edges")
        return []
    out: list[tuple[int, int]] = []
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        if abs(y1 - y2) < 1:  # horizontal: between rows k-1 and k
            k = round(y1 / th)
            if abs(k * th - y1) > 2 or not 0 < k < SIZE:
                problems.append(f"{obj.describe()}: a horizontal part is not on an inner tile edge (y={y1:g})")
                continue
            lo, hi = sorted((x1, x2))
            for c in range(SIZE):
                mid = (c + 0.5) * tw
                if lo < mid < hi:
                    out.append(edge((k - 1) * SIZE + c, k * SIZE + c))
        elif abs(x1 - x2) < 1:  # vertical: between columns k-1 and k
            k = round(x1 / tw)
            if abs(k * tw - x1) > 2 or not 0 < k < SIZE:
                problems.append(f"{obj.describe()}: a vertical part is not on an inner tile edge (x={x1:g})")
                continue
            lo, hi = sorted((y1, y2))
            for r in range(SIZE):
                mid = (r + 0.5) * th
                if lo < mid < hi:
                    out.append(edge(r * SIZE + k - 1, r * SIZE + k))
        else:
            problems.append(f"{obj.describe()}: water runs diagonally; draw it along tile edges")
    return out


def _edge_near(data: MapData, x: float, y: float) -> tuple[int, int] | None:
    """The inner tile edge whose midpoint is closest to (x, y), if within a quarter tile."""
    tw, th = data.tile_width, data.tile_height
    best, best_d = None, (min(tw, th) / 4) ** 2
    for cell in range(CELLS):
        r, c = divmod(cell, SIZE)
        for d in ("E", "S"):
            nxt = step_cell(cell, d)
            if nxt is None:
                continue
            mx, my = ((c + 1) * tw, (r + 0.5) * th) if d == "E" else ((c + 0.5) * tw, (r + 1) * th)
            dd = (mx - x) ** 2 + (my - y) ** 2
            if dd <= best_d:
                best, best_d = edge(cell, nxt), dd
    return best


def _distances(moves: tuple[tuple[tuple[str, int], ...], ...]) -> tuple[tuple[int, ...], ...]:
    far = 99
    rows = []
    for start in range(CELLS):
        d = [far] * CELLS
        d[start] = 0
        frontier = [start]
        while frontier:
            nxt = []
            for cell in frontier:
                for _, n in moves[cell]:
                    if d[n] == far:
                        d[n] = d[cell] + 1
                        nxt.append(n)
            frontier = nxt
        rows.append(tuple(d))
    return tuple(rows)


def _count_problem(what: str, want: int, got: list[MapObject]) -> str:
    """'the map needs exactly 1 ..., it has 2: object 'a' (id 3, ...), object 'b' (...)'."""
    text = f"the map needs exactly {want} {what}, it has {len(got)}"
    if got:
        shown = "; ".join(o.describe() for o in got[:8])
        text += f": {shown}" + ("; ..." if len(got) > 8 else "")
    return text


@dataclass
class _Pieces:
    """What the objects of a map card put where, as read (checked for counts afterwards)."""

    water: set[tuple[int, int]] = field(default_factory=set)
    bridges: list[MapObject] = field(default_factory=list)
    rogue_base: list[int] = field(default_factory=list)
    rogue_van: list[int] = field(default_factory=list)
    rogue_cubes: list[int] = field(default_factory=list)
    packages: list[tuple[int, str]] = field(default_factory=list)
    #: the objects of each counted class (and of each package value), for the count messages
    found: dict[str, list[MapObject]] = field(default_factory=lambda: {k: [] for k in (*PIECES, "low", "high")})


def board_from_map(data: MapData) -> Board:
    """Read a map card; every problem found becomes one line of the BoardError."""
    problems: list[str] = []
    if data.width != SIZE or data.height != SIZE:
        raise BoardError(data.source, [f"the map is {data.width}x{data.height} tiles; Package Pandemonium needs 5x5"])
    require_size(data, "the tiles")
    check_map_properties(data, MAP_LAYERS, MAP_PROPERTIES, GAME_ID, "Package Pandemonium maps", problems)
    terrain, electric = _read_city(data, problems)
    pieces = _read_pieces(data, problems)
    bridges = _read_bridges(data, pieces, problems)
    _check_counts(pieces, problems)
    if problems:
        raise BoardError(data.source, problems)
    moves = _moves(pieces.water, bridges)
    dist = _distances(moves)
    _check_connected(dist, problems)
    options = _base_options(pieces, problems)
    if problems:
        raise BoardError(data.source, problems)
    return Board(
        name=str(data.properties.get("name") or data.source),
        source=data.source,
        terrain=tuple(terrain),
        water=frozenset(pieces.water),
        bridges=frozenset(bridges),
        electric=frozenset(electric),
        rogue_base=pieces.rogue_base[0],
        rogue_van=pieces.rogue_van[0],
        rogue_cubes=tuple(pieces.rogue_cubes),
        start_packages=tuple(sorted(pieces.packages)),
        base_options=options,
        moves=moves,
        dist=dist,
    )


def _read_city(data: MapData, problems: list[str]) -> tuple[list[str], set[int]]:
    """Tile layer 'city': each tile's terrain, and the charging points."""
    terrain = ["block"] * CELLS
    electric: set[int] = set()
    layer = data.tile_layers.get("city")
    if layer is None:
        problems.append("there is no tile layer called 'city'")
        return terrain, electric
    tile_kinds: dict[tuple[str, tuple[tuple[str, str], ...]], bool | None] = {}
    for r, row in enumerate(layer.grid):
        for c, tile in enumerate(row):
            cell = r * SIZE + c
            if tile is None:
                problems.append(f"tile {cell_name(cell)} of layer 'city' is empty")
                continue
            kind = str(tile.get("type") or "block")
            if kind not in TERRAINS:
                problems.append(f"tile {cell_name(cell)} has class {kind!r}; use one of {', '.join(TERRAINS)}")
                kind = "block"
            terrain[cell] = kind
            # each different tile is checked once, not on every square it is painted on
            key = (kind, tuple(sorted((k, str(v)) for k, v in tile.items())))
            if key not in tile_kinds:
                tile_kinds[key] = tile_properties(kind, cell_name(cell), "city", tile, _TILE_SPECS[kind],
                                                  problems).boolean("electric")
            if kind == "electric" or tile_kinds[key]:
                electric.add(cell)
    return terrain, electric


def _read_pieces(data: MapData, problems: list[str]) -> _Pieces:
    """The objects on any layer: water, bridges, the Rogue's pieces and the starting packages."""
    pieces = _Pieces()
    for obj, props in classed_objects(data, _SPECS, problems):
        kind = obj.type
        if kind in pieces.found:
            pieces.found[kind].append(obj)
        if kind == "water":
            pieces.water.update(_water_edges(data, obj, problems))
            continue
        if kind == "bridge":
            pieces.bridges.append(obj)
            continue
        cell = _obj_cell(data, obj)
        if cell is None:
            problems.append(f"{obj.describe()}: lies outside the 5x5 grid")
            continue
        if kind == "rogue_base":
            pieces.rogue_base.append(cell)
        elif kind == "rogue_van":
            pieces.rogue_van.append(cell)
        elif kind == "rogue_cube":
            pieces.rogue_cubes.append(cell)
        elif kind == "package":
            value = props.choice("value", PACKAGE_COUNTS, default="low")
            if value is None:
                continue
            pieces.found[value].append(obj)
            pieces.packages.append((cell, value))
    return pieces


def _read_bridges(data: MapData, pieces: _Pieces, problems: list[str]) -> set[tuple[int, int]]:
    """The water edges the 'bridge' objects cross (read after all the water)."""
    bridges: set[tuple[int, int]] = set()
    for obj in pieces.bridges:
        x, y = obj.center if obj.width or obj.height else (obj.x, obj.y)
        e = _edge_near(data, x, y)
        if e is None:
            problems.append(f"{obj.describe()}: a bridge must sit on the middle of an inner tile edge")
        elif e not in pieces.water:
            problems.append(f"{obj.describe()}: the bridge between {cell_name(e[0])} and {cell_name(e[1])} "
                            "crosses no water")
        else:
            bridges.add(e)
    return bridges


def _check_counts(pieces: _Pieces, problems: list[str]) -> None:
    """One Rogue base (on the border), one Rogue van, three cubes, six low and two high packages."""
    for kind, want in PIECE_COUNTS.items():
        got = pieces.found[kind]
        if len(got) != want:
            problems.append(_count_problem(f"'{kind}' object{'s' if want != 1 else ''}", want, got))
    if len(pieces.rogue_base) == 1 and not sides_of(pieces.rogue_base[0]):
        problems.append(f"{pieces.found['rogue_base'][0].describe()}: the Rogue base at "
                        f"{cell_name(pieces.rogue_base[0])} must be on a border tile")
    for value, want in PACKAGE_COUNTS.items():
        got = pieces.found[value]
        if len(got) != want:
            problems.append(_count_problem(f"{value} packages ('package' objects with 'value' {value})", want, got))


def _moves(water: set[tuple[int, int]], bridges: set[tuple[int, int]]) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Per tile, the steps the map allows: on the grid, not across unbridged water."""
    moves = []
    for cell in range(CELLS):
        opts = []
        for d in DIRS:
            nxt = step_cell(cell, d)
            if nxt is None:
                continue
            e = edge(cell, nxt)
            if e in water and e not in bridges:
                continue
            opts.append((d, nxt))
        moves.append(tuple(opts))
    return tuple(moves)


def _check_connected(dist: tuple[tuple[int, ...], ...], problems: list[str]) -> None:
    """Every tile can be reached from A1."""
    if any(v >= 99 for v in dist[0]):
        cut = [cell_name(c) for c in range(CELLS) if dist[0][c] >= 99]
        problems.append(f"water cuts off {', '.join(cut)} from A1; add a bridge")


def _base_options(pieces: _Pieces, problems: list[str]) -> tuple[int, ...]:
    """The border tiles a player may start on: sides without the Rogue base or a starting package."""
    base = pieces.rogue_base[0]
    blocked_sides = set(sides_of(base))
    for cell, _ in pieces.packages:
        blocked_sides.update(sides_of(cell))
    options = tuple(c for c in range(CELLS) if sides_of(c) and not (set(sides_of(c)) & blocked_sides) and c != base)
    if len(options) < 2:
        problems.append("fewer than 2 border tiles are left for player bases (keep starting packages and "
                        "the Rogue base off at least one side)")
    return options
