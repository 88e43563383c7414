"""The Next Day road map as plain data: places, road sections, starting blockages, distances.

Built once per process from a Tiled file (see docs/maps/next-day.md) and shared by every state.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from courier.rules.base import BoardError
from courier.rules.mapdata import (ClassSpec, MapData, MapObject, PropReader, PropSpec, check_map_properties,
                                   check_properties, did_you_mean, layer_hints, names_list)

GAME_ID = "next-day"
PLACE_KINDS = ("village", "town", "city")
BLOCKAGE_KINDS = ("diversion", "roadworks", "checkpoint")
SCENERY_KINDS = ("wood", "lake", "river")

#: The classes a county uses, with the properties the game reads (the Tiled project file is made
#: from these; docs/maps/next-day.md explains them).
MAP_CLASSES: tuple[ClassSpec, ...] = (
    ClassSpec("village", "object", "a village (entry cost 1): a point on layer 'places'", colour="#7a9a5a"),
    ClassSpec("town", "object", "a town (entry cost 2, a town card): a point on layer 'places'", colour="#3a6ea5"),
    ClassSpec("city", "object", "a city (entry cost 4): a point on layer 'places'", colour="#a53a3a"),
    ClassSpec("road", "object", "a road section: a polyline on layer 'roads' from one place to another", (
        PropSpec("from", "string", "the place at its start, if the line does not end on it", default=""),
        PropSpec("to", "string", "the place at its end, if the line does not end on it", default=""),
    ), colour="#606060"),
    ClassSpec("diversion", "object", "a starting diversion: a point on its road (layer 'blockages')", colour="#d03030"),
    ClassSpec("roadworks", "object", "starting roadworks: a point on its road (layer 'blockages')", colour="#e09020"),
    ClassSpec("checkpoint", "object", "a starting police checkpoint: a point on its road (layer 'blockages')",
              colour="#3050d0"),
    ClassSpec("wood", "object", "scenery: a wood (polygon on layer 'scenery')", colour="#2f6f3a"),
    ClassSpec("lake", "object", "scenery: a lake (polygon on layer 'scenery')", colour="#4a8ac0"),
    ClassSpec("river", "object", "scenery: a river (polyline on layer 'scenery')", colour="#4a8ac0"),
)
_SPECS = {c.name: c for c in MAP_CLASSES}
MAP_PROPERTIES = (
    PropSpec("game", "string", f"'{GAME_ID}'"),
    PropSpec("home", "string", "the city where vehicles start and the game ends", default="Kevingston"),
    PropSpec("title", "string", "the county's name", default=""),
    PropSpec("generator_seed", "int", "the seed tools/make_next_day_map.py used (information only)", default=0),
)
#: the layers the game reads (object layers; ``ground`` is an empty tile layer the game draws over)
MAP_LAYERS = ("places", "roads", "blockages", "scenery", "ground")
#: what each layer the county cannot do without holds, for the message when it is missing
NEEDED_LAYERS = {
    "places": "a point object of class village, town or city for each place",
    "roads": "a polyline of class 'road' for each road section between two places",
}
TOWN_CARDS = 36
SNAP = 24.0  # how far (map pixels) a road end may sit from its place
BLOCK_SNAP = 40.0  # how far a blockage may sit from its road


@dataclass(frozen=True)
class Place:
    name: str
    kind: str
    x: float
    y: float


@dataclass(frozen=True)
class Road:
    id: int
    a: str
    b: str
    points: tuple[tuple[float, float], ...]

    def other(self, place: str) -> str:
        return self.b if place == self.a else self.a

    @property
    def label(self) -> str:
        return f"{self.a}/{self.b}"

    def midpoint(self) -> tuple[float, float]:
        return point_along(self.points, 0.5)


@dataclass
class Board:
    source: str
    width: float
    height: float
    home: str
    places: dict[str, Place]
    roads: list[Road]
    start_blockages: list[tuple[str, int]]
    scenery: tuple[MapObject, ...] = ()
    adj: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    road_by_pair: dict[frozenset, int] = field(default_factory=dict)
    dist: dict[str, dict[str, int]] = field(default_factory=dict)
    #: cache: diversion roads elsewhere -> roads where one more diversion would cut the map
    _bridge_cache: dict[frozenset, frozenset] = field(default_factory=dict, repr=False)
    #: lookups derived from the board for the rules' hot paths (see tables.py), built on first use
    derived: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.adj = {n: [] for n in self.places}
        for r in self.roads:
            self.adj[r.a].append((r.b, r.id))
            self.adj[r.b].append((r.a, r.id))
            self.road_by_pair[frozenset((r.a, r.b))] = r.id
        self.dist = {n: self._bfs(n) for n in self.places}

    @property
    def towns(self) -> list[str]:
        return [p.name for p in self.places.values() if p.kind == "town"]

    def _bfs(self, start: str) -> dict[str, int]:
        seen = {start: 0}
        todo = deque([start])
        while todo:
            cur = todo.popleft()
            for nxt, _ in self.adj[cur]:
                if nxt not in seen:
                    seen[nxt] = seen[cur] + 1
                    todo.append(nxt)
        return seen

    def distance(self, a: str, b: str) -> int:
        """Road sections on the shortest route, blockages ignored (the price rule)."""
        return self.dist[a].get(b, 10**6)

    def road_between(self, a: str, b: str) -> int | None:
        return self.road_by_pair.get(frozenset((a, b)))

    def cut_roads(self, closed: frozenset[int]) -> frozenset[int]:
        """Roads whose closing (on top of ``closed``) would split the map in two: the bridges
        of the network without the closed roads. Cached, since diversions rarely move."""
        hit = self._bridge_cache.get(closed)
        if hit is None:
            hit = self._bridge_cache[closed] = frozenset(self._bridges(closed))
        return hit

    def connected_without(self, closed: frozenset[int] | set[int]) -> bool:
        return len(self.reached_from(next(iter(self.places)), closed)) == len(self.places)

    def reached_from(self, start: str, closed: frozenset[int] | set[int] = frozenset()) -> set[str]:
        """The places a vehicle at ``start`` can reach without using the ``closed`` roads."""
        seen = {start}
        todo = [start]
        while todo:
            cur = todo.pop()
            for nxt, rid in self.adj[cur]:
                if rid not in closed and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    def cut_off(self, closed: frozenset[int] | set[int] = frozenset()) -> tuple[str, list[str]]:
        """(a place, the places it cannot reach) with the ``closed`` roads shut: the place is home
        when home is on the map, else one in the largest piece, so the few stranded ones are named."""
        if self.home in self.places:
            start = self.home
        else:
            start = max(self.places, key=lambda p: len(self.reached_from(p, closed)))
        reached = self.reached_from(start, closed)
        return start, [p for p in self.places if p not in reached]

    def _bridges(self, closed: frozenset[int]) -> set[int]:
        order: dict[str, int] = {}
        low: dict[str, int] = {}
        out: set[int] = set()
        counter = 0
        for root in self.places:
            if root in order:
                continue
            order[root] = low[root] = counter
            counter += 1
            stack = [(root, -1, iter(self.adj[root]))]
            while stack:
                node, via, it = stack[-1]
                advanced = False
                for nxt, rid in it:
                    if rid in closed or rid == via:
                        continue
                    if nxt in order:
                        low[node] = min(low[node], order[nxt])
                    else:
                        order[nxt] = low[nxt] = counter
                        counter += 1
                        stack.append((nxt, rid, iter(self.adj[nxt])))
                        advanced = True
                        break
                if not advanced:
                    stack.pop()
                    if stack:
                        parent = stack[-1][0]
                        low[parent] = min(low[parent], low[node])
                        if low[node] > order[parent]:
                            out.add(via)
        return out


def point_along(points: tuple[tuple[float, float], ...], t: float) -> tuple[float, float]:
    """The point a fraction ``t`` of the way along a polyline."""
    lengths = [math.dist(points[i], points[i + 1]) for i in range(len(points) - 1)]
    total = sum(lengths) or 1.0
    goal = total * t
    for i, seg in enumerate(lengths):
        if goal <= seg or i == len(lengths) - 1:
            f = 0.0 if seg == 0 else min(1.0, goal / seg)
            (x1, y1), (x2, y2) = points[i], points[i + 1]
            return (x1 + (x2 - x1) * f, y1 + (y2 - y1) * f)
        goal -= seg
    return points[-1]


def distance_to_polyline(p: tuple[float, float], points: tuple[tuple[float, float], ...]) -> float:
    best = math.inf
    px, py = p
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        dx, dy = x2 - x1, y2 - y1
        seg = dx * dx + dy * dy
        t = 0.0 if seg == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / seg))
        best = min(best, math.hypot(px - (x1 + t * dx), py - (y1 + t * dy)))
    return best


def _nearest_place(places: dict[str, Place], pt: tuple[float, float]) -> tuple[str | None, float]:
    best, bd = None, math.inf
    for p in places.values():
        d = math.hypot(p.x - pt[0], p.y - pt[1])
        if d < bd:
            best, bd = p.name, d
    return best, bd


def _home_problem(home: str, named: bool, places: dict[str, Place]) -> str | None:
    """Why ``home`` cannot be the home city (None when it can), with the cities to choose from."""
    if home in places and places[home].kind == "city":
        return None
    cities = [p.name for p in places.values() if p.kind == "city"]
    choose = (f"the cities are {names_list(cities)}" if cities
              else "the map has no city yet: give one place the class 'city'")
    if not named:
        default = f"a {places[home].kind}" if home in places else "not on the map"
        return (f"the map has no 'home' property naming the city where vehicles start (the default, {home!r}, is "
                f"{default}); add a string property 'home' in Map > Map Properties: {choose}")
    if home not in places:
        guess = did_you_mean(home, places)
        hint = f" (did you mean '{guess}'?)" if guess else ""
        return f"map property 'home' is {home!r}, which names no place on the map{hint}; it must name a city: {choose}"
    return f"map property 'home' is {home!r}, which is a {places[home].kind}; it must name a city: {choose}"


def _cutting_diversions(board: Board, closed: set[int], placed: dict[int, MapObject]) -> str:
    """The message for starting diversions that split the county: which ones, and what they cut off."""
    alone = [rid for rid in sorted(closed) if not board.connected_without({rid})]
    culprits = alone or sorted(closed)
    start, stranded = board.cut_off(set(culprits))
    which = "; ".join(f"{placed[rid].describe()} on road {board.roads[rid].label}" for rid in culprits)
    if len(culprits) == 1:
        head = f"the starting diversion {which} cuts"
    else:
        head = f"the starting diversions {which} together cut"
    return (f"{head} {names_list(stranded)} off from {start}; move it to another road (a diversion may not "
            "cut the road network in two)")


def board_from_map(data: MapData) -> Board:
    """Read places, roads and blockages; every problem becomes one line naming the object."""
    problems: list[str] = []
    _require_layers(data)
    check_map_properties(data, MAP_LAYERS, MAP_PROPERTIES, GAME_ID, "Next Day maps", problems)
    _require_classes(data, problems)
    places = _read_places(data, problems)
    home = _read_home(data, places, problems)
    roads = _read_roads(data, places, problems)
    board = Board(data.source, float(data.pixel_size[0]), float(data.pixel_size[1]), home, places, roads, [],
                  tuple(data.objects("scenery")))
    if len(places) > 1 and data.objects("roads"):
        _check_connected(board, problems)
    _read_scenery(data, problems)
    used = _read_blockages(data, board, problems)
    closed = {rid for kind, rid in board.start_blockages if kind == "diversion"}
    if roads and not problems and not board.connected_without(closed):
        problems.append(_cutting_diversions(board, closed, used))
    if problems:
        raise BoardError(data.source, problems)
    return board


def _class_why(obj: MapObject) -> str:
    return "it has no class" if not obj.type else f"not {obj.type!r}"


def _require_layers(data: MapData) -> None:
    """Stop at once without 'places' or 'roads': every other check would only echo that."""
    missing = [name for name in NEEDED_LAYERS if name not in data.object_layers]
    if missing:
        hints = layer_hints(data, MAP_LAYERS)
        raise BoardError(data.source, hints + [
            f"this board has no '{name}' layer: a Next Day county needs an object layer '{name}' with "
            f"{NEEDED_LAYERS[name]} (docs/maps/next-day.md)" for name in missing
            if not any(f"did you mean '{name}'" in h for h in hints)])


def _require_classes(data: MapData, problems: list[str]) -> None:
    """Stop at once when no object has a class: the file lost them all (one line, not one per object)."""
    classless = [o for layer in data.object_layers.values() for o in layer if not o.type]
    if classless and len(classless) == sum(len(layer) for layer in data.object_layers.values()):
        raise BoardError(data.source, problems + [
            f"none of the {len(classless)} objects has a class (village, town, city, road, diversion ...): "
            "the game cannot tell places from roads. A map written with class=\"...\" (Tiled 1.9) loses "
            "its classes when saved by Tiled 1.8; restore the file from before that save, or set each "
            "object's Type again (docs/maps/next-day.md)"])


def _read_places(data: MapData, problems: list[str]) -> dict[str, Place]:
    """Layer 'places': villages, towns and cities by name."""
    places: dict[str, Place] = {}
    for obj in data.objects("places"):
        kind = obj.type.lower()
        if kind not in PLACE_KINDS:
            guess = did_you_mean(kind, PLACE_KINDS) if kind else None
            why = _class_why(obj) + (f" (did you mean '{guess}'?)" if obj.type and guess else "")
            problems.append(f"{obj.describe()}: class must be village, town or city, {why}")
            continue
        check_properties(obj.describe(), obj.properties, _SPECS[kind], problems)
        name = obj.name.strip()
        if not name:
            problems.append(f"{obj.describe()}: a place needs a name")
        elif "/" in name or "->" in name or name != obj.name:
            problems.append(f"{obj.describe()}: names may not contain '/' or '->' or edge spaces")
        elif name in places:
            problems.append(f"{obj.describe()}: a second place is called {name!r}")
        else:
            x, y = obj.center
            places[name] = Place(name, kind, x, y)
    if not places:
        problems.append("layer 'places' has no places")
    return places


def _read_home(data: MapData, places: dict[str, Place], problems: list[str]) -> str:
    """Map property 'home' (a city), then the count of towns the town cards need."""
    home_name = PropReader("the map", data.properties, problems).text(
        "home", default="Kevingston", want="name the city where vehicles start")
    home = home_name or ""
    if home_name is not None and places:
        home_problem = _home_problem(home, "home" in data.properties, places)
        if home_problem:
            problems.append(home_problem)
    towns = [p for p in places.values() if p.kind == "town"]
    if places and len(towns) != TOWN_CARDS:
        problems.append(f"the map has {len(towns)} towns; the {TOWN_CARDS} town cards need exactly {TOWN_CARDS}")
    return home


def _read_roads(data: MapData, places: dict[str, Place], problems: list[str]) -> list[Road]:
    """Layer 'roads': one polyline per road section, ending on (or naming) two different places."""
    roads: list[Road] = []
    pairs: set[frozenset] = set()
    if not data.objects("roads"):
        problems.append("layer 'roads' has no roads: draw a polyline of class 'road' for each road section "
                        "between two places (docs/maps/next-day.md)")
    for obj in data.objects("roads"):
        if obj.type.lower() != "road":
            problems.append(f"{obj.describe()}: objects on layer 'roads' must have class 'road', {_class_why(obj)}")
            continue
        check_properties(obj.describe(), obj.properties, _SPECS["road"], problems)
        pts = obj.points
        if not pts or len(pts) < 2:
            problems.append(f"{obj.describe()}: a road must be a polyline of at least two points")
            continue
        a, b = (_road_end(obj, prop, pt, places, problems) for prop, pt in (("from", pts[0]), ("to", pts[-1])))
        if a is None or b is None or a not in places or b not in places:
            continue
        if a == b:
            problems.append(f"{obj.describe()}: a road must join two different places (both ends at {a})")
            continue
        key = frozenset((a, b))
        if key in pairs:
            problems.append(f"{obj.describe()}: {a} and {b} are already joined by another road")
            continue
        pairs.add(key)
        roads.append(Road(len(roads), a, b, tuple(pts)))
    return roads


def _road_end(obj: MapObject, prop: str, pt: tuple[float, float], places: dict[str, Place],
              problems: list[str]) -> str | None:
    """The place at one end of a road: named by its 'from'/'to' property, else the place it ends on."""
    named = str(obj.properties.get(prop, "")).strip()
    if named:
        if named not in places:
            guess = did_you_mean(named, places)
            hint = f"; did you mean '{guess}'?" if guess else ""
            problems.append(f"{obj.describe()}: property '{prop}' is {named!r}, which names no place{hint}")
        return named
    near, d = _nearest_place(places, pt)
    if near is None or d > SNAP:
        problems.append(f"{obj.describe()}: its {'start' if prop == 'from' else 'end'} at "
                        f"({pt[0]:.0f}, {pt[1]:.0f}) is not on a place (within {SNAP:g} pixels)")
        return None
    return near


def _check_connected(board: Board, problems: list[str]) -> None:
    """Every place can be reached from home (or from the largest piece) by road."""
    start, stranded = board.cut_off()
    if stranded:
        problems.append(f"the road network is in more than one piece: {names_list(stranded)} cannot be "
                        f"reached from {start}; join every place to the others by roads")


def _read_scenery(data: MapData, problems: list[str]) -> None:
    """Layer 'scenery': woods, lakes and rivers (drawing only; the objects go to the board as they are)."""
    for obj in data.objects("scenery"):
        if obj.type.lower() in _SPECS and obj.type.lower() in SCENERY_KINDS:
            check_properties(obj.describe(), obj.properties, _SPECS[obj.type.lower()], problems)
        else:
            problems.append(f"{obj.describe()}: scenery must have class wood, lake or river, {_class_why(obj)}")


def _read_blockages(data: MapData, board: Board, problems: list[str]) -> dict[int, MapObject]:
    """Layer 'blockages': each starting blockage on the road it sits on (at most one per road), added
    to ``board.start_blockages``; returns road id -> the object, for the messages."""
    used: dict[int, MapObject] = {}
    for obj in data.objects("blockages"):
        kind = obj.type.lower()
        if kind not in BLOCKAGE_KINDS:
            problems.append(f"{obj.describe()}: class must be diversion, roadworks or checkpoint, {_class_why(obj)}")
            continue
        check_properties(obj.describe(), obj.properties, _SPECS[kind], problems)
        if not board.roads:
            continue  # the missing roads are reported once, not once per blockage
        best, bd = None, math.inf
        for r in board.roads:
            d = distance_to_polyline(obj.center, r.points)
            if d < bd:
                best, bd = r, d
        if best is None or bd > BLOCK_SNAP:
            problems.append(f"{obj.describe()}: it is not on a road")
            continue
        if best.id in used:
            problems.append(f"{obj.describe()}: road {best.label} already has a blockage "
                            f"({used[best.id].describe()})")
            continue
        used[best.id] = obj
        board.start_blockages.append((kind, best.id))
    return used
