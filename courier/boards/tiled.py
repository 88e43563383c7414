"""The one adapter from Tiled files to plain board data (see docs/maps.md for the conventions).

pytmx reads the file; this module checks the generic structure and hands back
:class:`courier.rules.mapdata.MapData`. Each ruleset's ``board_from_map`` then checks what its game
needs. Every problem becomes one line naming the file, the object and what is wrong.
"""

from __future__ import annotations

import logging
import os
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from courier import resources
from courier.boards import tmxcheck
from courier.rules import mapdata
from courier.rules.base import BoardError
from courier.rules.mapdata import MapData, MapObject, TileLayer

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _plain(props: dict[str, Any] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in (props or {}).items():
        out[str(k)] = v if isinstance(v, (bool, int, float, str)) else str(v)
    return out


def _object_type(obj: Any) -> str:
    """The object's class: Tiled 1.8 and 1.10+ write ``type``, Tiled 1.9 wrote ``class``."""
    for attr in ("type", "class", "class_"):
        val = getattr(obj, attr, None)
        if isinstance(val, str) and val:
            return val
    return ""


#: what pytmx puts beside a tile's custom properties: the tile's own fields, not the designer's
_TILE_FIELDS = ("id", "width", "height", "frames", "probability", "source", "trans", "colliders", "terrain",
                "path", "x", "y", "class")


def _tile_props(raw: dict[str, Any] | None) -> dict[str, Any]:
    props = _plain(raw)
    kind = props.pop("type", "") or props.get("class", "") or ""
    for key in _TILE_FIELDS:
        props.pop(key, None)
    props["type"] = str(kind)
    return props


def _looks_like_json(path: Path) -> bool:
    if path.suffix.lower() in (".tmj", ".json"):
        return True
    try:
        with path.open("rb") as fh:
            head = fh.read(64).lstrip(b"\xef\xbb\xbf \t\r\n")
    except OSError:
        return False
    return head[:1] in (b"{", b"[")


def read_map(path: str | Path) -> MapData:
    """Read one Tiled .tmx file into plain data; BoardError lists what is wrong with it.

    Messages name the file as it was given (``source``), so a designer sees the path they typed.
    """
    source = str(path)
    path = Path(path)
    if not path.is_file():
        raise BoardError(source, ["file not found" if not path.exists() else "this is a folder, not a board file"])
    if _looks_like_json(path):
        raise BoardError(source, [f"this is a Tiled JSON map; {tmxcheck.SAVE_AS_TMX}"])
    too_big = tmxcheck.header_problems(path)
    if too_big:
        raise BoardError(source, too_big)
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as exc:
        raise BoardError(source, [f"not a readable Tiled file (the XML is broken: {exc}); "
                                  "open it in Tiled and save it again, or restore it"]) from None
    except (OSError, ValueError) as exc:
        raise BoardError(source, [f"the file cannot be read: {exc}"]) from None
    problems = tmxcheck.preflight(path, root)
    if problems:
        raise BoardError(source, problems)

    logging.getLogger("pytmx").setLevel(logging.CRITICAL)
    import pytmx

    try:
        tmx = pytmx.TiledMap(str(path), load_all_tiles=False)
        return _convert(source, tmx, pytmx)
    except BoardError:
        raise
    except Exception as exc:  # anything the checks above missed: still one readable line
        raise BoardError(source, [f"Courier could not read this map ({type(exc).__name__}: {exc}); open it in "
                                  "Tiled, check the object or layer named above, and save it again"]) from None


def _convert(source: str, tmx: Any, pytmx: Any) -> MapData:
    problems: list[str] = []
    tile_layers: dict[str, TileLayer] = {}
    object_layers: dict[str, tuple[MapObject, ...]] = {}
    seen_ids: dict[int, str] = {}
    tile_cache: dict[int, dict[str, Any]] = {}
    for layer in tmx.layers:
        lname = getattr(layer, "name", "") or ""
        if isinstance(layer, pytmx.TiledTileLayer):
            if lname in tile_layers:
                problems.append(f"two tile layers are called '{lname}'; rename one")
            rows = []
            for y in range(tmx.height):
                row: list[dict[str, Any] | None] = []
                for x in range(tmx.width):
                    gid = layer.data[y][x]
                    if not gid:
                        row.append(None)
                        continue
                    if gid not in tile_cache:
                        tile_cache[gid] = _tile_props(tmx.get_tile_properties_by_gid(gid))
                    row.append(dict(tile_cache[gid]))
                rows.append(tuple(row))
            tile_layers[lname] = TileLayer(lname, tuple(rows), _plain(layer.properties))
        elif isinstance(layer, pytmx.TiledObjectGroup):
            if lname in object_layers:
                problems.append(f"two object layers are called '{lname}'; rename one")
            objs = []
            for obj in layer:
                label = f"'{obj.name}'" if obj.name else f"#{obj.id}"
                where = f"object {label} (id {obj.id}, layer '{lname}')"
                if obj.id in seen_ids:
                    problems.append(f"{where}: its id is also used by {seen_ids[obj.id]}; give one of them a "
                                    "new id (copying objects in the file by hand can do this)")
                seen_ids.setdefault(obj.id, where)
                points = None
                if getattr(obj, "points", None):
                    points = tuple((float(px), float(py)) for px, py in obj.points)
                objs.append(
                    MapObject(
                        id=int(obj.id),
                        name=obj.name or "",
                        type=_object_type(obj),
                        x=float(obj.x),
                        y=float(obj.y),
                        width=float(obj.width or 0),
                        height=float(obj.height or 0),
                        points=points,
                        properties=_plain(obj.properties),
                        layer=lname,
                    )
                )
            object_layers[lname] = tuple(objs)
    if problems:
        raise BoardError(source, problems)
    return MapData(
        source=source,
        width=int(tmx.width),
        height=int(tmx.height),
        tile_width=int(tmx.tilewidth),
        tile_height=int(tmx.tileheight),
        properties=_plain(tmx.properties),
        tile_layers=tile_layers,
        object_layers=object_layers,
    )


def load_bundled(filename: str) -> MapData:
    """A board shipped in assets/maps."""
    return read_map(resources.asset("maps", filename))


def summary(exc: BoardError, shown: int = 2) -> str:
    """A board problem for a player's screen: which file, how many problems, how to list them, the first.

    The screen may show only the start of it, so the file and the way to see everything come first.
    """
    count = len(exc.problems)
    first = "; ".join(mapdata.one_line(p, 160) for p in exc.problems[:shown])
    more = f"; and {count - shown} more" if count > shown else ""
    noun = "problem" if count == 1 else "problems"
    return (f"The board {Path(exc.source).name} cannot be played ({count} {noun}; "
            f"'courier check-map {exc.source}' lists them): {first}{more}")


def problem_lines(exc: BoardError) -> list[str]:
    """One printed line per problem, even when a value from the file holds a line break."""
    return [f"{exc.source}: {mapdata.one_line(p, 400)}" for p in exc.problems]


def _other_game(data: MapData, named: str) -> Any:
    """The one other game whose checks this board passes (a card saved with the wrong 'game'), or None."""
    import dataclasses

    from courier.rules import registry

    fits = []
    for gid in registry.ids():
        if gid == named:
            continue
        other = registry.get(gid)
        try:
            other.board_from_map(dataclasses.replace(data, properties={**data.properties, "game": gid}))
        except Exception:  # noqa: BLE001 - any refusal means "not this game's board"
            continue
        fits.append(other)
    return fits[0] if len(fits) == 1 else None


def check_map(path: str | Path) -> list[str]:
    """Every problem with a board file, as readable lines (empty when the board is fine).

    The map's ``game`` property names the ruleset whose checks apply. Never raises: whatever is
    wrong with the file becomes a line naming it.
    """
    from courier.rules import registry

    source = str(path)
    try:
        data = read_map(path)
    except BoardError as exc:
        return problem_lines(exc)
    game_id = data.properties.get("game")
    games = ", ".join(registry.ids())
    if game_id is not None and not isinstance(game_id, str):
        kind = {bool: "bool", int: "int", float: "float"}.get(type(game_id), type(game_id).__name__)
        return [f"{source}: the map's 'game' property is a {kind} property; it must be a string property "
                f"naming the game (in Map > Map Properties remove it and add a string property 'game'): one of {games}"]
    if not isinstance(game_id, str) or not game_id.strip():
        return [f"{source}: the map has no 'game' property naming its game; add a string property 'game' "
                f"in Map > Map Properties with one of: {games}"]
    try:
        game = registry.get(game_id.strip())
    except KeyError:
        guess = mapdata.did_you_mean(game_id.strip(), registry.ids())
        hint = f"did you mean '{guess}'?" if guess else f"use one of: {games}"
        return [f"{source}: the map's 'game' property is '{game_id}', which is no game; {hint}"]
    try:
        game.board_from_map(data)
    except BoardError as exc:
        other = _other_game(data, game.id)
        if other is not None:
            return [f"{source}: this is a {other.title} board (it passes every {other.title} check) but its 'game' "
                    f"property says '{game.id}'; set 'game' to '{other.id}' in Map > Map Properties"]
        return problem_lines(exc)
    except Exception as exc:  # a gap in a game's checks must not hide the rest from the designer
        return [f"{source}: the {game.title} checks stopped at an unexpected problem "
                f"({type(exc).__name__}: {exc}); please report it with this file"]
    return []
