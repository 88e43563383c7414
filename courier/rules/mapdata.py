"""Plain board data read from a Tiled file, for the rules cores.

``courier.boards.tiled`` fills these with pytmx; the rules only see the plain values here. Coordinates are
in pixels of the Tiled map, as Tiled shows them; tile layers are indexed ``grid[row][col]``.

Every game's ``board_from_map`` (``courier/rules/<game>/board.py``) reads alike: the checks all four
make come from here (``require_size``, ``check_map_properties``, ``classed_objects``,
``tile_properties``), then one ``_read_<layer>`` per Tiled layer or object class adds its problems,
``_check_<what>`` functions check the board as a whole (``_check_connected``), and one
``BoardError`` lists every problem.
"""

from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Protocol

from courier.rules.base import BoardError


@dataclass(frozen=True)
class MapObject:
    id: int
    name: str
    type: str  # Tiled's "class" (or "type" in older files)
    x: float
    y: float
    width: float = 0.0
    height: float = 0.0
    #: absolute points for polylines/polygons, else None
    points: tuple[tuple[float, float], ...] | None = None
    properties: dict[str, Any] = field(default_factory=dict)
    layer: str = ""

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.width / 2, self.y + self.height / 2)

    def describe(self) -> str:
        label = f"'{one_line(self.name)}'" if self.name else f"#{self.id}"
        return f"object {label} (id {self.id}, layer '{self.layer}')"


@dataclass(frozen=True)
class TileLayer:
    name: str
    #: grid[row][col] -> the tile's class and properties as a dict (``{"type": ..., ...}``) or None
    grid: tuple[tuple[dict[str, Any] | None, ...], ...]
    properties: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MapData:
    source: str  # the file's path as given, for messages
    width: int  # in tiles
    height: int
    tile_width: int
    tile_height: int
    properties: dict[str, Any]
    tile_layers: dict[str, TileLayer]
    object_layers: dict[str, tuple[MapObject, ...]]

    @property
    def pixel_size(self) -> tuple[int, int]:
        return (self.width * self.tile_width, self.height * self.tile_height)

    def objects(self, layer: str) -> tuple[MapObject, ...]:
        return self.object_layers.get(layer, ())


class BoardSource(Protocol):
    """Where the rules get boards from. The rules define it and never import one: the layer above
    hands it in (``courier.boards.install()`` does for the app, every command and worker)."""

    def locate(self, game_id: str, key: str) -> str | None:
        """The file of a game's board ``key`` (a shipped name or a path), None when there is none."""

    def load(self, filename: str) -> MapData:
        """The board file ``filename`` (a shipped name under assets/maps, or a path) as plain data."""


_source: BoardSource | None = None


def use_source(source: BoardSource) -> None:
    """Hand the rules the place boards come from (replacing any earlier one)."""
    global _source
    if source is not _source:
        _source = source
        load_map_data.cache_clear()


def has_source() -> bool:
    return _source is not None


def _current() -> BoardSource:
    if _source is None:
        raise BoardError("boards", ["no board source was handed to the rules: call courier.boards.install() "
                                    "(or mapdata.use_source) before starting a game"])
    return _source


@functools.lru_cache(maxsize=32)
def load_map_data(filename: str, stamp: Any = None) -> MapData:
    """The board file ``filename`` (under assets/maps, or an absolute path) as plain data; cached.

    ``stamp`` (the file's modification time and size) makes an edited file read again.
    """
    return _current().load(filename)


def locate_board(game_id: str, key: str) -> str | None:
    """The file of a game's board ``key`` (a shipped name or a path), None when there is none."""
    return _current().locate(game_id, key)


def file_stamp(path: str) -> tuple[int, int] | None:
    """(modification time, size) of a board file, so a board edited in Tiled is read again."""
    import os

    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


# -- what a board's classes look like, and typed reads of their properties -----------------------


@dataclass(frozen=True)
class PropSpec:
    """One custom property a class of object or tile reads, as the Tiled project file offers it."""

    name: str
    kind: str  # "string", "int", "float" or "bool" (what Tiled calls the property's type)
    doc: str
    #: the value Tiled fills in for a new object; Tiled leaves it out of the file until changed,
    #: so the reader treats a missing property as this value (None: it must be filled in)
    default: Any = None
    #: allowed values of a text property (Tiled offers them as a drop-down list)
    choices: tuple[str, ...] = ()
    #: the name of that list in the project file
    enum: str = ""


@dataclass(frozen=True)
class ClassSpec:
    """A class a board uses for objects or tiles, with the properties it reads."""

    name: str
    use: str  # "object" or "tile"
    doc: str
    props: tuple[PropSpec, ...] = ()
    colour: str = "#a0a0a4"  # how Tiled tints objects of this class

    def prop(self, name: str) -> PropSpec | None:
        return next((p for p in self.props if p.name == name), None)


def one_line(text: str, limit: int = 60) -> str:
    """Text from a file made fit for one message line: no line breaks, not too long."""
    text = " ".join(str(text).splitlines())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def shown(value: Any) -> str:
    """A property value as a designer typed it, quoted when it is text."""
    return f"'{one_line(value)}'" if isinstance(value, str) else one_line(str(value))


def did_you_mean(word: str, known: Iterable[str]) -> str | None:
    """The known name ``word`` was probably meant to be: other casing or a close spelling."""
    known = list(known)
    for k in known:
        if k.casefold() == word.casefold():
            return k
    close = difflib.get_close_matches(word.casefold(), [k.casefold() for k in known], n=1, cutoff=0.7)
    if close:
        return next(k for k in known if k.casefold() == close[0])
    return None


class PropReader:
    """Typed reads of one object's (or tile's) custom properties that never raise.

    A missing, empty or wrong value adds one readable line to ``problems`` naming the object and
    the property, and the read returns None, so one bad value never stops the rest of the checks.
    """

    def __init__(self, where: str, props: dict[str, Any], problems: list[str]) -> None:
        self.where = where
        self.props = props
        self.problems = problems

    def _bad(self, name: str, found: str, want: str) -> None:
        self.problems.append(f"{self.where}: property '{name}' {found}; {want}")

    def _raw(self, name: str, default: Any, want: str) -> tuple[bool, Any]:
        """(present, value); a missing property without a default is reported."""
        if name in self.props:
            return True, self.props[name]
        if default is not None:
            return False, default
        self._bad(name, "is missing", want)
        return False, None

    def text(self, name: str, *, default: str | None = None, want: str = "give it a value") -> str | None:
        present, value = self._raw(name, default, want)
        if value is None:
            return None
        value = str(value).strip()
        if not value:
            self._bad(name, "is empty", want)
            return None
        return value

    def integer(self, name: str, lo: int | None = None, hi: int | None = None, *,
                default: int | None = None) -> int | None:
        want = "it must be a whole number"
        if lo is not None and hi is not None:
            want += f" from {lo} to {hi}"
        elif lo is not None:
            want += f" of at least {lo}"
        present, value = self._raw(name, default, want)
        if value is None:
            return None
        number: int | None = None
        if isinstance(value, bool):
            number = None
        elif isinstance(value, int):
            number = value
        elif isinstance(value, float) and value.is_integer():
            number = int(value)
        elif isinstance(value, str) and re.fullmatch(r"[+-]?[0-9]{1,11}", value.strip()):
            number = int(value.strip())
        if number is None:
            self._bad(name, "is empty" if str(value).strip() == "" else f"is {shown(value)}", want)
            return None
        if (lo is not None and number < lo) or (hi is not None and number > hi):
            self._bad(name, f"is {number}", want)
            return None
        return number

    def choice(self, name: str, choices: Iterable[str], *, default: str | None = None) -> str | None:
        choices = tuple(choices)
        want = f"it must be one of {', '.join(choices)}"
        present, value = self._raw(name, default, want)
        if value is None:
            return None
        text = str(value).strip()
        if text in choices:
            return text
        guess = did_you_mean(text, choices) if text else None
        self._bad(name, "is empty" if not text else f"is {shown(value)}",
                  f"did you mean '{guess}'?" if guess else want)
        return None

    def boolean(self, name: str, *, default: bool = False) -> bool | None:
        value = self.props.get(name, default)
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("true", "1", "yes"):
            return True
        if text in ("false", "0", "no", ""):
            return False
        self._bad(name, f"is {shown(value)}", "it must be true or false (a bool property)")
        return None

    def unknown(self, known: Iterable[str], what: str) -> None:
        """Report property names the reader does not use: a misspelling silently does nothing."""
        known = tuple(known)
        unused = [k for k in known if k not in self.props]  # never suggest a name the object already has
        for name in self.props:
            if name in known:
                continue
            guess = did_you_mean(name, unused)
            if guess:
                hint = f"did you mean '{guess}'?"
            elif known:
                hint = f"{what} use {', '.join(repr(k) for k in known)}"
            else:
                hint = f"{what} have no properties"
            self.problems.append(f"{self.where}: property '{name}' is not one the game reads; {hint}")


def layer_hints(data: MapData, known: Iterable[str]) -> list[str]:
    """'did you mean' for layers the game does not read whose name is close to one it needs but
    cannot find (``Places`` for ``places``): layer names must match exactly, and a near miss would
    otherwise show up only as the game's complaint that the layer is missing."""
    known = tuple(known)
    present = [*data.tile_layers, *data.object_layers]
    missing = [k for k in known if k not in present]
    out = []
    for name in present:
        if name in known:
            continue
        guess = did_you_mean(name, missing)
        if guess:
            out.append(f"layer '{one_line(name)}' is not a layer the game reads; did you mean '{guess}'? "
                       "Layer names must match exactly, small letters included: rename it in Tiled's Layers panel")
    return out


def names_list(names: Iterable[str], limit: int = 8) -> str:
    """'A, B and C' (at most ``limit`` names, then 'and N more') for a message."""
    names = [one_line(n) for n in names]
    if len(names) > limit:
        return ", ".join(names[:limit]) + f" and {len(names) - limit} more"
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def check_properties(where: str, props: dict[str, Any], spec: ClassSpec, problems: list[str]) -> PropReader:
    """A reader for an object of class ``spec`` that has already reported unknown property names."""
    reader = PropReader(where, props, problems)
    reader.unknown([p.name for p in spec.props], f"{spec.name} {'objects' if spec.use == 'object' else 'tiles'}")
    return reader


# -- the checks every game's board makes, in the same words -------------------------------------


def require_size(data: MapData, what: str = "the map and its tiles") -> None:
    """Stop at once when the map or its tiles have no size: every position would divide by it."""
    if min(data.width, data.height, data.tile_width, data.tile_height) <= 0:
        raise BoardError(data.source, [f"{what} must have a size above 0 (Map > Map Properties)"])


def check_map_properties(data: MapData, layers: Iterable[str], properties: Iterable[PropSpec], game_id: str,
                         maps: str, problems: list[str], *, wrong: str = "expected") -> None:
    """The checks of the map as a whole: layer names close to one the game reads, map properties it
    does not read (``maps`` names the game's boards in that message), and a board of another game."""
    problems += layer_hints(data, layers)
    PropReader("the map", data.properties, problems).unknown([p.name for p in properties], maps)
    game = data.properties.get("game")
    if game not in (None, game_id):
        problems.append(f"map property 'game' is {game!r}, {wrong} '{game_id}'")


def class_problem(obj: MapObject, known: Iterable[str]) -> str:
    """The line for an object whose class the game does not read, with the class likeliest meant."""
    known = tuple(known)
    guess = did_you_mean(obj.type, known) if obj.type else None
    hint = f"did you mean '{guess}'?" if guess else f"use one of {', '.join(known)}"
    why = "it has no class" if not obj.type else f"its class {obj.type!r} is not one the game reads"
    return f"{obj.describe()}: {why}; {hint}"


def classed_objects(data: MapData, specs: dict[str, ClassSpec],
                    problems: list[str]) -> Iterator[tuple[MapObject, PropReader]]:
    """Every object of every layer whose class is one of ``specs``, with a reader for its properties
    (unknown property names already reported); an object of any other class is reported instead.
    Lazy, so a reader's problems follow each object's own in the order of the file."""
    for objs in data.object_layers.values():
        for obj in objs:
            if obj.type in specs:
                yield obj, check_properties(obj.describe(), obj.properties, specs[obj.type], problems)
            else:
                problems.append(class_problem(obj, specs))


def tile_properties(kind: str, at: str, layer: str, tile: dict[str, Any], spec: ClassSpec,
                    problems: list[str]) -> PropReader:
    """A reader for the properties of a tile of class ``kind`` (first painted at ``at``), named as
    the designer sees it in Tiled: a tile's properties belong to its class in the tileset."""
    where = f"tile class '{kind}' (first at {at} of layer '{layer}')"
    return check_properties(where, {k: v for k, v in tile.items() if k != "type"}, spec, problems)
