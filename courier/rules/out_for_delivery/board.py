"""The Out For Delivery board: a square grid of terrain, six cities in three regions.

Built once per process from plain Tiled data (see docs/maps/out-for-delivery.md) and shared by
every state. Cells are numbered ``y * width + x``; the text form of a cell is ``"x,y"``.
"""

from __future__ import annotations

from dataclasses import dataclass

from courier.rules.base import BoardError
from courier.rules.mapdata import ClassSpec, MapData, PropReader, PropSpec, check_properties, did_you_mean, layer_hints

TERRAINS = ("road", "city", "mountain", "river", "offroad")
PASSABLE = frozenset({"road", "city", "mountain", "river"})
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
    PropSpec("game", "string", "'out-for-delivery'"),
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
    if min(data.width, data.height, data.tile_width, data.tile_height) <= 0:
        raise BoardError(data.source, ["the map and its tiles must have a size above 0 (Map > Map Properties)"])
    problems += layer_hints(data, MAP_LAYERS)
    PropReader("the map", data.properties, problems).unknown([p.name for p in MAP_PROPERTIES], "Out For Delivery maps")
    if data.properties.get("game") not in (None, "out-for-delivery"):
        problems.append(f"map property 'game' is {data.properties.get('game')!r}, not 'out-for-delivery'")
    layer = data.tile_layers.get("terrain")
    n = data.width * data.height
    terrain = ["offroad"] * n
    look = ["plain"] * n
    tile_kinds: set[tuple[str, tuple[str, ...]]] = set()
    if layer is None:
        problems.append("there is no tile layer called 'terrain'")
    else:
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
                if (t, tuple(tile)) not in tile_kinds:
                    tile_kinds.add((t, tuple(tile)))
                    where = f"tile class '{t}' (first at {col},{row} of layer 'terrain')"
                    check_properties(where, {k: v for k, v in tile.items() if k != "type"},
                                     _TILE_SPECS[t], problems)
                terrain[i] = t
                look[i] = str(tile.get("look") or t)

    objects = [o for layer_objs in data.object_layers.values() for o in layer_objs]
    readers: dict[int, PropReader] = {}
    for obj in objects:
        if obj.type in _SPECS:
            readers[id(obj)] = check_properties(obj.describe(), obj.properties, _SPECS[obj.type], problems)
        else:
            guess = did_you_mean(obj.type, _SPECS) if obj.type else None
            hint = f"did you mean '{guess}'?" if guess else f"use one of {', '.join(_SPECS)}"
            why = "it has no class" if not obj.type else f"its class {obj.type!r} is not one the game reads"
            problems.append(f"{obj.describe()}: {why}; {hint}")
    regions: list[Region] = []
    region_of = [-1] * n
    for obj in objects:
        if obj.type != "region":
            continue
        if not obj.name:
            problems.append(f"{obj.describe()}: a region needs a name")
            continue
        if any(r.name == obj.name for r in regions):
            problems.append(f"{obj.describe()}: two regions are called '{obj.name}'")
            continue
        idx = len(regions)
        tw, th = data.tile_width, data.tile_height
        regions.append(Region(idx, obj.name, int(obj.x // tw), int(obj.y // th), int(round(obj.width / tw)), int(round(obj.height / th))))
        for c in _cells_in(data, obj.x, obj.y, obj.width, obj.height):
            if region_of[c] != -1:
                problems.append(f"{obj.describe()}: tile {c % data.width},{c // data.width} is already in region '{regions[region_of[c]].name}'")
            region_of[c] = idx
    if len(regions) != REGION_COUNT:
        problems.append(f"the map has {len(regions)} region objects; it needs {REGION_COUNT}")
    region_index = {r.name: r.index for r in regions}

    markers: dict[str, dict[int, list[int]]] = {"pickup": {}, "delivery": {}}
    for obj in objects:
        if obj.type not in markers:
            continue
        number = readers[id(obj)].integer("city", 1, CITY_COUNT)
        cell = _point_cell(data, obj.x, obj.y, obj.width, obj.height)
        if number is None:
            pass
        elif cell is None:
            problems.append(f"{obj.describe()}: it is off the map")
        else:
            markers[obj.type].setdefault(number, []).append(cell)

    cities: dict[int, City] = {}
    numbers_seen: dict[int, str] = {}
    city_of = [0] * n
    for obj in objects:
        if obj.type != "city":
            continue
        props = readers[id(obj)]
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
        cities[number] = City(number, obj.name or f"City {number}", colour, region_index[rname], frozenset(cells), pick[0], dele[0])
        for c in cells:
            city_of[c] = number
    for c in range(n):
        if terrain[c] == "city" and not city_of[c] and not problems:
            problems.append(f"tile {c % data.width},{c // data.width} is city terrain outside every city object")
    missing = [str(i) for i in range(1, CITY_COUNT + 1) if i not in cities]
    if missing:
        problems.append(f"the map needs cities numbered 1-6; missing or broken: {', '.join(missing)}")
    for r in regions:
        count = sum(1 for c in cities.values() if c.region == r.index)
        if count != 2:
            problems.append(f"region '{r.name}' holds {count} cities; each region holds 2")

    w, h = data.width, data.height
    neighbours: list[tuple[int, ...]] = []
    for c in range(n):
        if terrain[c] not in PASSABLE:
            neighbours.append(())
            continue
        if region_of[c] == -1 and layer is not None:
            problems.append(f"tile {c % w},{c // w} ({terrain[c]}) lies outside every region")
        x, y = c % w, c // w
        out = []
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nx, ny = x + dx, y + dy
            if 0 <= nx < w and 0 <= ny < h and terrain[ny * w + nx] in PASSABLE:
                out.append(ny * w + nx)
        neighbours.append(tuple(out))

    if not problems:
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
    labels = []
    for obj in objects:
        if obj.type != "label":
            continue
        angle = readers[id(obj)].integer("angle", default=0)
        if not obj.name:
            problems.append(f"{obj.describe()}: a label needs a name (its text)")
            continue
        if angle is None:
            continue
        cx, cy = obj.center
        labels.append(Label(obj.name, cx / data.tile_width, cy / data.tile_height, angle))
    if problems:
        raise BoardError(data.source, problems)
    return Board(
        source=data.source,
        width=w,
        height=h,
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
