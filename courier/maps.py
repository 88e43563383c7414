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
    for attr in ("type", "class", "class_"):
        val = getattr(obj, attr, None)
        if isinstance(val, str) and val:
            return val
    return ""


def read_map(path: str | Path) -> MapData:
    """Read one Tiled .tmx file into plain data; BoardError lists what is wrong with it."""
    path = Path(path)
    name = path.name
    if not path.is_file():
        raise BoardError(name, [f"file not found ({path})"])
    try:
        ET.parse(path)
    except ET.ParseError as exc:
        raise BoardError(name, [f"not a readable Tiled file: {exc}"]) from None

    logging.getLogger("pytmx").setLevel(logging.CRITICAL)
    import pytmx

    try:
        tmx = pytmx.TiledMap(str(path), load_all_tiles=False)
    except Exception as exc:  # pytmx raises many kinds of error for bad files
        raise BoardError(name, [f"Tiled could not read this file: {exc}"]) from None

    problems: list[str] = []
    if tmx.orientation != "orthogonal":
        problems.append(f"map orientation is {tmx.orientation!r}; boards must be orthogonal")

    tile_layers: dict[str, TileLayer] = {}
    object_layers: dict[str, tuple[MapObject, ...]] = {}
    seen_ids: set[int] = set()
    for layer in tmx.layers:
        lname = getattr(layer, "name", "") or ""
        if isinstance(layer, pytmx.TiledTileLayer):
            if lname in tile_layers:
                problems.append(f"two tile layers are called '{lname}'")
            rows = []
            for y in range(tmx.height):
                row = []
                for x in range(tmx.width):
                    gid = layer.data[y][x]
                    if not gid:
                        row.append(None)
                        continue
                    props = _plain(tmx.get_tile_properties_by_gid(gid))
                    props.pop("id", None)
                    props.pop("width", None)
                    props.pop("height", None)
                    props.pop("frames", None)
                    props.setdefault("type", props.pop("class", "") or "")
                    row.append(props)
                rows.append(tuple(row))
            tile_layers[lname] = TileLayer(lname, tuple(rows), _plain(layer.properties))
        elif isinstance(layer, pytmx.TiledObjectGroup):
            if lname in object_layers:
                problems.append(f"two object layers are called '{lname}'")
            objs = []
            for obj in layer:
                if obj.id in seen_ids:
                    problems.append(f"object id {obj.id} is used twice")
                seen_ids.add(obj.id)
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
        raise BoardError(name, problems)
    return MapData(
        source=name,
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


mapdata.set_loader(load_bundled)


def check_map(path: str | Path) -> list[str]:
    """Every problem with a board file, as readable lines (empty when the board is fine).

    The map's ``game`` property names the ruleset whose checks apply.
    """
    from courier.rules import registry

    try:
        data = read_map(path)
    except BoardError as exc:
        return str(exc).splitlines()
    game_id = data.properties.get("game")
    if not game_id:
        return [f"{data.source}: the map has no 'game' property naming its game ({', '.join(registry.ids())})"]
    try:
        game = registry.get(str(game_id))
    except KeyError as exc:
        return [f"{data.source}: {exc.args[0]}"]
    try:
        game.board_from_map(data)
    except BoardError as exc:
        return str(exc).splitlines()
    return []
