"""The Out For Delivery board: a square grid of terrain, six cities in three regions.

Built once per process from plain Tiled data (see docs/maps/out-for-delivery.md) and shared by
every state. Cells are numbered ``y * width + x``; the text form of a cell is ``"x,y"``.
"""

from __future__ import annotations

from dataclasses import dataclass

from courier.rules.base import BoardError
from courier.rules.mapdata import (ClassSpec, MapData, MapObject, PropReader, PropSpec, check_map_properties,
                                   classed_objects, did_you_mean, require_size, tile_properties)

TERRAINS = ("road", "city", "mountain", "river", "offroad")
PASSABLE = frozenset({"road", "city", "mountain", "river"})
GAME_ID = "out-for-delivery"
CITY_COUNT = 6
REGION_COUNT = 3
LOOKS = ("plain", "forest", "hills", "peaks", "water", "road", "city", "mountain", "river")

_LOOK = PropSpec("look", "string", "how the tile is drawn (plain, forest, hills, peaks, water); "
                 "empty: as its class", default="")
#: The classes a board uses, with the properties the game reads (the Tiled project file is made
#: from these; docs/maps/out-for-delivery.md explains them).
MAP_CLASSES: tuple[ClassSpec, ...] = (
    ClassSpec("region", "object", "a weather region: a rectangle; its name is the region's name", colour="#909090"),
    ClassSpec("city", "object", "a city: a rectangle over its city tiles", (
        PropSpec("number", "int", f"1-{CITY_COUNT}: what a die roll names; unique"),
        PropSpec("colour", "color", "the city's colour, like #b8332a"),
        PropSpec("region", "string", "the name of the region object it lies in"),
    ), colour="#b8332a"),
    ClassSpec("pickup", "object", "where a city's parcels wait: one tile inside the city", (
        PropSpec("city", "int", f"the city's number, 1-{CITY_COUNT}"),), colour="#2f7d3a"),
    ClassSpec("delivery", "object", "where parcels for a city are delivered: one tile inside the city", (
        PropSpec("city", "int", f"the city's number, 1-{CITY_COUNT}"),), colour="#2d4f9e"),
    ClassSpec("label", "object", "a name lettered on the map (its centre is used); drawing only", (
        PropSpec("angle", "int", "degrees, counter-clockwise", default=0),), colour="#404040"),
    *(ClassSpec(t, "tile", f"terrain: {d}", (_LOOK,)) for t, d in (
        ("road", "a road"), ("city", "a city tile"), ("mountain", "a mountain pass (rough)"),
        ("river", "a river crossing (rough)"), ("offroad", "not enterable"))),
)
_SPECS = {c.name: c for c in MAP_CLASSES if c.use == "object"}
_TILE_SPECS = {c.name: c for c in MAP_CLASSES if c.use == "tile"}
#: the layers the game reads by name (its objects may stand on any object layer)
MAP_LAYERS = ("terrain",)
MAP_PROPERTIES = (
    PropSpec("game", "string", f"'{GAME_ID}'"),
    PropSpec("title", "string", "the board's name", default=""),
)


@dataclass(frozen=True)
class City:
    number: int  # 1..6, what a die roll names
    name: str
    colour: tuple[int, int, int]
    region: int  # index into Board.regions
    cells: frozenset[int]
    pickup: int
    delivery: int


@dataclass(frozen=True)
class Region:
    index: int
    name: str
    x: int  # tile rectangle, for drawing
    y: int
    w: int
    h: int


@dataclass(frozen=True)
class Label:
    """A name written on the map (a mountain range, a river, a sea): drawing only."""

    text: str
    x: float  # centre, in tiles
    y: float
    angle: int = 0  # degrees, counter-clockwise


@dataclass(frozen=True)
class Board:
    source: str
    width: int
    height: int
    terrain: tuple[str, ...]
    look: tuple[str, ...]  # drawing hint for each cell (forest, hills, water, ...)
    region_of: tuple[int, ...]  # -1 outside every region
    city_of: tuple[int, ...]  # city number or 0
    neighbours: tuple[tuple[int, ...], ...]  # passable orthogonal neighbours of passable cells
    cities: tuple[City, ...]  # index = number - 1
    regions: tuple[Region, ...]
    title: str = ""
    labels: tuple[Label, ...] = ()

    def xy(self, cell: int) -> tuple[int, int]:
        return cell % self.width, cell // self.width

    def cell(self, x: int, y: int) -> int:
        return y * self.width + x

    def city(self, number: int) -> City:
        return self.cities[number - 1]

    def cell_text(self, cell: int) -> str:
        x, y = self.xy(cell)
        return f"{x},{y}"

    def parse_cell(self, text: str) -> int:
        try:
            xs, ys = text.split(",")
            x, y = int(xs), int(ys)
        except ValueError:
            raise ValueError(f"{text!r} is not a tile (write it as x,y)") from None
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise ValueError(f"tile {text} is off the board")
        return self.cell(x, y)

    def place_name(self, cell: int) -> str:
        """Words for a tile in log lines: the city it belongs to, or its terrain."""
        number = self.city_of[cell]
        if number:
            c = self.city(number)
            if cell == c.pickup:
                return f"{c.name} pick-up"
            if cell == c.delivery:
                return f"{c.name} delivery"
            return c.name
        t = self.terrain[cell]
        return {"mountain": "a mountain pass", "river": "a river crossing"}.get(t, "the road")


def _colour(text: object) -> tuple[int, int, int] | None:
    s = str(text).strip().lstrip("#")
    if len(s) == 8:  # Tiled writes #AARRGGBB
        s = s[2:]
    if len(s) != 6:
        return None
    try:
        return (int(s[0:2], 16), int(s[2:4], 16), int(s[4:6], 16))
    except ValueError:
        return None


def _cells_in(data: MapData, x: float, y: float, w: float, h: float) -> list[int]:
    tw, th = data.tile_width, data.tile_height
    out = []
    for row in range(data.height):
        cy = (row + 0.5) * th
        if not y <= cy < y + h:
            continue
        for col in range(data.width):
            cx = (col + 0.5) * tw
            if x <= cx < x + w:
                out.append(row * data.width + col)
    return out


def _point_cell(data: MapData, x: float, y: float, w: float, h: float) -> int | None:
    """The tile an object marks: its centre (a point object marks the tile it sits in)."""
    px, py = x + w / 2, y + h / 2
    col, row = int(px // data.tile_width), int(py // data.tile_height)
    if 0 <= col < data.width and 0 <= row < data.height:
        return row * data.width + col
    return None


def board_from_map(data: MapData) -> Board:
    """Check a Tiled map for everything the game needs; BoardError lists every problem."""
    problems: list[str] = []
    require_size(data)
    check_map_properties(data, MAP_LAYERS, MAP_PROPERTIES, GAME_ID, "Out For Delivery maps", problems, wrong="not")
    terrain, look = _read_terrain(data, problems)
    objects = list(classed_objects(data, _SPECS, problems))
    regions, region_of = _read_regions(data, objects, problems)
    markers = _read_markers(data, objects, problems)
    cities, city_of = _read_cities(data, objects, terrain, regions, region_of, markers, problems)
    _check_cities(data, terrain, regions, cities, city_of, problems)
    neighbours = _neighbours(data, terrain, region_of, problems)
    if not problems:
        _check_connected(cities, neighbours, problems)
    labels = _read_labels(data, objects, problems)
    if problems:
        raise BoardError(data.source, problems)
    return Board(
        source=data.source,
        width=data.width,
        height=data.height,
        terrain=tuple(terrain),
        look=tuple(look),
        region_of=tuple(region_of),
        city_of=tuple(city_of),
        neighbours=tuple(neighbours),
        cities=tuple(cities[i] for i in range(1, CITY_COUNT + 1)),
        regions=tuple(regions),
        title=str(data.properties.get("title", "")),
        labels=tuple(labels),
    )


def _read_terrain(data: MapData, problems: list[str]) -> tuple[list[str], list[str]]:
    """Layer 'terrain': each tile's class and look (offroad and plain where the layer has none)."""
    n = data.width * data.height
    terrain = ["offroad"] * n
    look = ["plain"] * n
    layer = data.tile_layers.get("terrain")
    if layer is None:
        problems.append("there is no tile layer called 'terrain'")
        return terrain, look
    tile_kinds: set[tuple[str, tuple[str, ...]]] = set()
    for row in range(data.height):
        for col in range(data.width):
            tile = layer.grid[row][col]
            i = row * data.width + col
            if tile is None:
                problems.append(f"terrain tile {col},{row} is empty (every tile needs a terrain)")
                continue
            t = str(tile.get("type", ""))
            if t not in TERRAINS:
                problems.append(f"terrain tile {col},{row} has class {t!r}; use one of {', '.join(TERRAINS)}")
                continue
            if (t, tuple(tile)) not in tile_kinds:  # each different tile once, not on every square
                tile_kinds.add((t, tuple(tile)))
                tile_properties(t, f"{col},{row}", "terrain", tile, _TILE_SPECS[t], problems)
            terrain[i] = t
            look[i] = str(tile.get("look") or t)
    return terrain, look


Objects = list[tuple[MapObject, PropReader]]


def _read_regions(data: MapData, objects: Objects, problems: list[str]) -> tuple[list[Region], list[int]]:
    """'region' objects: the weather regions and, per tile, the region it lies in (-1: none)."""
    regions: list[Region] = []
    region_of = [-1] * (data.width * data.height)
    tw, th = data.tile_width, data.tile_height
    for obj, _ in objects:
        if obj.type != "region":
            continue
        if not obj.name:
            problems.append(f"{obj.describe()}: a region needs a name")
            continue
        if any(r.name == obj.name for r in regions):
            problems.append(f"{obj.describe()}: two regions are called '{obj.name}'")
            continue
        idx = len(regions)
        regions.append(Region(idx, obj.name, int(obj.x // tw), int(obj.y // th), int(round(obj.width / tw)),
                              int(round(obj.height / th))))
        for c in _cells_in(data, obj.x, obj.y, obj.width, obj.height):
            if region_of[c] != -1:
                problems.append(f"{obj.describe()}: tile {c % data.width},{c // data.width} is already in region "
                                f"'{regions[region_of[c]].name}'")
            region_of[c] = idx
    if len(regions) != REGION_COUNT:
        problems.append(f"the map has {len(regions)} region objects; it needs {REGION_COUNT}")
    return regions, region_of


def _read_markers(data: MapData, objects: Objects, problems: list[str]) -> dict[str, dict[int, list[int]]]:
    """'pickup' and 'delivery' objects: kind -> city number -> the tiles marked for it."""
    markers: dict[str, dict[int, list[int]]] = {"pickup": {}, "delivery": {}}
    for obj, props in objects:
        if obj.type not in markers:
            continue
        number = props.integer("city", 1, CITY_COUNT)
        cell = _point_cell(data, obj.x, obj.y, obj.width, obj.height)
        if number is None:
            pass
        elif cell is None:
            problems.append(f"{obj.describe()}: it is off the map")
        else:
            markers[obj.type].setdefault(number, []).append(cell)
    return markers


def _read_cities(data: MapData, objects: Objects, terrain: list[str], regions: list[Region], region_of: list[int],
                 markers: dict[str, dict[int, list[int]]], problems: list[str]) -> tuple[dict[int, City], list[int]]:
    """'city' objects: the cities by number, and per tile the city it belongs to (0: none)."""
    region_index = {r.name: r.index for r in regions}
    cities: dict[int, City] = {}
    numbers_seen: dict[int, str] = {}
    city_of = [0] * (data.width * data.height)
    for obj, props in objects:
        if obj.type != "city":
            continue
        number = props.integer("number", 1, CITY_COUNT)
        colour_text = props.text("colour", want="give a colour like #aa3322")
        colour = _colour(colour_text) if colour_text is not None else None
        rname = props.text("region", want="give the name of the region object the city lies in")
        bad = number is None or colour is None or rname is None
        if number is not None and number in numbers_seen:
            problems.append(f"{obj.describe()}: city number {number} is used twice (also by {numbers_seen[number]})")
            bad = True
        elif number is not None:
            numbers_seen[number] = obj.describe()
        if colour_text is not None and colour is None:
            problems.append(f"{obj.describe()}: property 'colour' is '{colour_text}'; give a colour like #aa3322")
        if rname is not None and rname not in region_index:
            guess = did_you_mean(rname, region_index)
            hint = f"did you mean '{guess}'?" if guess else f"regions: {', '.join(region_index) or 'none'}"
            problems.append(f"{obj.describe()}: property 'region' is '{rname}', which names no region object; {hint}")
            bad = True
        cells = _cells_in(data, obj.x, obj.y, obj.width, obj.height)
        if not cells:
            problems.append(f"{obj.describe()}: the city rectangle covers no tile")
            bad = True
        for c in cells:
            if terrain[c] != "city":
                problems.append(f"{obj.describe()}: tile {c % data.width},{c // data.width} inside it is not city terrain")
                bad = True
            elif rname in region_index and region_of[c] != region_index[rname]:
                problems.append(f"{obj.describe()}: tile {c % data.width},{c // data.width} is outside region {rname!r}")
                bad = True
        if bad:
            continue
        assert number is not None and colour is not None and rname is not None
        pick = markers["pickup"].get(number, [])
        dele = markers["delivery"].get(number, [])
        for kind, found in (("pickup", pick), ("delivery", dele)):
            if len(found) != 1:
                problems.append(f"{obj.describe()}: city {number} needs exactly one {kind} tile, the map has {len(found)}")
                bad = True
            elif found[0] not in cells:
                problems.append(f"{obj.describe()}: the {kind} tile of city {number} is not inside the city")
                bad = True
        if bad:
            continue
        cities[number] = City(number, obj.name or f"City {number}", colour, region_index[rname], frozenset(cells),
                              pick[0], dele[0])
        for c in cells:
            city_of[c] = number
    return cities, city_of


def _check_cities(data: MapData, terrain: list[str], regions: list[Region], cities: dict[int, City],
                  city_of: list[int], problems: list[str]) -> None:
    """Every city tile in a city object, cities 1-6 all there, two in each region."""
    for c in range(len(terrain)):
        if terrain[c] == "city" and not city_of[c] and not problems:
            problems.append(f"tile {c % data.width},{c // data.width} is city terrain outside every city object")
    missing = [str(i) for i in range(1, CITY_COUNT + 1) if i not in cities]
    if missing:
        problems.append(f"the map needs cities numbered 1-6; missing or broken: {', '.join(missing)}")
    for r in regions:
        count = sum(1 for c in cities.values() if c.region == r.index)
        if count != 2:
            problems.append(f"region '{r.name}' holds {count} cities; each region holds 2")


def _neighbours(data: MapData, terrain: list[str], region_of: list[int],
                problems: list[str]) -> list[tuple[int, ...]]:
    """The passable tiles next to each passable tile; a passable tile must lie in a region."""
    w, h = data.width, data.height
    neighbours: list[tuple[int, ...]] = []
    for c in range(len(terrain)):
        if terrain[c] not in PASSABLE:
            neighbours.append(())
            continue
        if region_of[c] == -1:
            problems.append(f"tile {c % w},{c // w} ({terrain[c]}) lies outside every region")
        x, y = c % w, c // w
        out = []
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nx, ny = x + dx, y + dy
            if 0 <= nx < w and 0 <= ny < h and terrain[ny * w + nx] in PASSABLE:
                out.append(ny * w + nx)
        neighbours.append(tuple(out))
    return neighbours


def _check_connected(cities: dict[int, City], neighbours: list[tuple[int, ...]], problems: list[str]) -> None:
    """Every city's pick-up can be reached by road from city 1's."""
    start = cities[1].pickup
    seen = {start}
    todo = [start]
    while todo:
        c = todo.pop()
        for nb in neighbours[c]:
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    for city in cities.values():
        if city.pickup not in seen:
            problems.append(f"city {city.number} ({city.name}) cannot be reached by road from city 1")


def _read_labels(data: MapData, objects: Objects, problems: list[str]) -> list[Label]:
    """'label' objects: names lettered on the map (drawing only)."""
    labels = []
    for obj, props in objects:
        if obj.type != "label":
            continue
        angle = props.integer("angle", default=0)
        if not obj.name:
            problems.append(f"{obj.describe()}: a label needs a name (its text)")
            continue
        if angle is None:
            continue
        cx, cy = obj.center
        labels.append(Label(obj.name, cx / data.tile_width, cy / data.tile_height, angle))
    return labels
