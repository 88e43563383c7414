"""Checks of a Tiled file's raw XML before pytmx reads it.

pytmx trusts its input: a number that is not a number, a missing tileset or a layer shorter than
the map ends in an exception that names neither the object nor the property. Everything pytmx
would stumble on, and every Tiled feature Courier does not read (templates, infinite maps, Zstandard
layers, rotated objects, JSON maps), is found here first and reported in a designer's words, with
the fix. Only problems that stop the file from being read are listed here; what a game needs from
the board is checked by its ``board_from_map``.
"""

from __future__ import annotations

import base64
import binascii
import gzip
import math
import re
import zlib
import xml.etree.ElementTree as ET
from pathlib import Path, PureWindowsPath

from courier.rules.mapdata import one_line

#: property types Courier reads (Tiled's "object" type is an object id, read as a whole number)
PROPERTY_TYPES = ("string", "int", "float", "bool", "color", "file", "object")
#: fields pytmx keeps on each element itself: a custom property of the same name cannot be read
RESERVED_OBJECT_NAMES = frozenset({
    "id", "name", "type", "class", "x", "y", "width", "height", "rotation", "gid", "visible",
    "template", "parent", "properties", "points", "closed", "image", "custom_types",
})
RESERVED_LAYER_NAMES = frozenset({
    "id", "name", "width", "height", "opacity", "visible", "offsetx", "offsety", "parent", "properties",
    "data", "color", "draworder", "custom_types", "class", "source", "trans", "image", "gid",
})
RESERVED_MAP_NAMES = frozenset({
    "version", "tiledversion", "orientation", "renderorder", "width", "height", "tilewidth", "tileheight",
    "infinite", "nextlayerid", "nextobjectid", "background_color", "filename", "layers", "tilesets",
    "properties", "hexsidelength", "staggeraxis", "staggerindex", "images", "objects_by_id",
    "objects_by_name", "custom_types", "custom_property_filename", "gidmap", "imagemap", "tiledgidmap",
    "maxgid", "layernames", "tile_properties", "image_loader", "invert_y", "load_all_tiles", "optional_gids",
})
RESERVED_TILESET_NAMES = frozenset({
    "columns", "firstgid", "height", "margin", "name", "offset", "parent", "properties", "source", "spacing",
    "tilecount", "tiledversion", "tileheight", "tilewidth", "trans", "version", "width",
})


def _reserved() -> dict[str, frozenset[str]]:
    """Every name pytmx refuses as a custom property: its fields and its classes' own attributes."""
    from pytmx import pytmx

    def names(*classes: str) -> frozenset[str]:
        return frozenset(n for c in classes for n in dir(getattr(pytmx, c, object)))

    return {
        "map": RESERVED_MAP_NAMES | names("TiledMap"),
        "object": RESERVED_OBJECT_NAMES | names("TiledObject"),
        "layer": RESERVED_LAYER_NAMES | names("TiledTileLayer", "TiledObjectGroup", "TiledImageLayer",
                                              "TiledGroupLayer"),
        "tileset": RESERVED_TILESET_NAMES | names("TiledTileset"),
    }


MAX_GID = 0x1FFFFFFF  # below Tiled's flip flags
MAX_SIZE = 1000  # tiles (or pixels per tile) per side: larger is surely a typo

SAVE_AS_TMX = ("Courier reads Tiled's XML maps: open it in Tiled and use File > Save As with "
               "'Tiled map files (*.tmx)'")
LAYER_FORMAT_FIX = ("in Tiled set Map > Map Properties > Tile Layer Format to CSV "
                    "(or Base64 uncompressed, zlib or gzip) and save")


def _number(text: str | None) -> float | None:
    try:
        value = float(text) if text is not None else None
    except ValueError:
        return None
    return value if value is not None and math.isfinite(value) else None


def _whole(text: str | None) -> int | None:
    """A whole number written as Tiled writes one (pytmx reads these with int(), which takes no '3.0')."""
    if text is None or not re.fullmatch(r"\s*[+-]?[0-9]{1,12}\s*", text):
        return None
    return int(text)


class Preflight:
    """Collects the problems of one file; ``where`` prefixes say which layer, object or tileset."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problems: list[str] = []
        self.tile_count = 0  # gids 1..tile_count exist in the tilesets
        self.reserved = _reserved()

    def add(self, text: str) -> None:
        self.problems.append(one_line(text, 400))

    # -- the whole map ---------------------------------------------------------------------
    def check_map(self, root: ET.Element) -> None:
        if root.tag != "map":
            self.add(f"this is not a Tiled map: its top element is <{root.tag}>, not <map>")
            return
        if root.get("infinite", "0").strip() not in ("0", ""):
            self.add("the map is infinite, which Courier cannot read: in Tiled untick Map > Map Properties > "
                     "Infinite (boards have a fixed size) and save")
        orientation = root.get("orientation", "orthogonal")
        if orientation != "orthogonal":
            self.add(f"the map's orientation is '{orientation}'; boards must be orthogonal "
                     "(Map > Map Properties > Orientation)")
        size = {}
        for attr in ("width", "height", "tilewidth", "tileheight"):
            value, problem = size_problem(root, attr)
            if problem:
                self.add(problem)
            size[attr] = value
        self.check_properties(root, "the map", self.reserved["map"])
        for ts in root.findall("tileset"):
            self.check_tileset(ts)
        width, height = size["width"], size["height"]
        for layer in root.iter("layer"):
            self.check_tile_layer(layer, width, height)
        for group in root.iter("objectgroup"):
            self.check_object_layer(group)
        for layer in root.iter("imagelayer"):
            where = f"image layer '{layer.get('name', '')}'"
            self.check_properties(layer, where, self.reserved["layer"])
            for image in layer.findall("image"):
                if image.get("source"):
                    self.check_relative(image.get("source", ""), where, "picture")
        for group in root.iter("group"):
            self.check_properties(group, f"group layer '{group.get('name', '')}'", self.reserved["layer"])

    # -- properties ------------------------------------------------------------------------
    def check_properties(self, node: ET.Element, where: str, reserved: frozenset[str]) -> None:
        seen: set[str] = set()
        for props in node.findall("properties"):
            for prop in props.findall("property"):
                name = prop.get("name")
                if not name or not name.strip():
                    self.add(f"{where}: a custom property has no name")
                    continue
                if name in seen:
                    self.add(f"{where}: property '{name}' is set twice")
                seen.add(name)
                if name in reserved:
                    self.add(f"{where}: property '{name}' has the name of one of Tiled's own fields; rename it")
                kind = prop.get("type", "string")
                value = prop.get("value")
                if value is None:
                    value = prop.text or ""
                if kind == "class":
                    self.add(f"{where}: property '{name}' is of a custom class type; Courier reads only "
                             "string, int, float and bool properties")
                elif kind not in PROPERTY_TYPES:
                    self.add(f"{where}: property '{name}' has type '{kind}', which Courier does not read; "
                             "use string, int, float or bool")
                elif kind in ("int", "object") and _whole(value) is None:
                    shown = "empty" if not value.strip() else f"'{one_line(value)}'"
                    self.add(f"{where}: property '{name}' is an int property but holds {shown}; "
                             "give it a whole number")
                elif kind == "float" and _number(value) is None:
                    shown = "empty" if not value.strip() else f"'{one_line(value)}'"
                    self.add(f"{where}: property '{name}' is a float property but holds {shown}; give it a number")
                elif kind == "bool" and value.strip().lower() not in ("true", "false", "1", "0", ""):
                    self.add(f"{where}: property '{name}' is a bool property but holds '{one_line(value)}'; "
                             "use true or false")

    # -- tilesets --------------------------------------------------------------------------
    def check_tileset(self, node: ET.Element) -> None:
        first = _whole(node.get("firstgid"))
        source = node.get("source")
        where = f"tileset '{source or node.get('name', '')}'"
        if first is None or not 0 < first <= MAX_GID:
            self.add(f"{where}: its 'firstgid' is {node.get('firstgid')!r}; it must be a whole number above 0")
            first = None
        base = self.path.parent
        if source:
            if not source.lower().endswith(".tsx"):
                self.add(f"{where}: tilesets must be Tiled .tsx files (in Tiled: File > Export As... > "
                         "'Tiled tileset files (*.tsx)'), not '{source}'")
                return
            self.check_relative(source, where, "tileset file")  # reported, and read all the same
            file = base / source
            if not file.is_file():
                self.add(f"{where}: the tileset file '{source}' is missing (looked for it next to the map)")
                return
            try:
                node = ET.parse(file).getroot()
            except (ET.ParseError, OSError, ValueError) as exc:
                self.add(f"{where}: the tileset file '{source}' cannot be read: {exc}")
                return
            if node.tag != "tileset":
                self.add(f"{where}: the file '{source}' is not a Tiled tileset")
                return
            base = file.parent
        where = f"tileset '{node.get('name') or source or ''}'"
        self.check_properties(node, where, self.reserved["tileset"])
        for attr in ("tilewidth", "tileheight"):
            value = _whole(node.get(attr))
            if value is None or not 0 < value <= MAX_SIZE:
                self.add(f"{where}: its '{attr}' is {node.get(attr)!r}; it must be a whole number above 0")
        for attr in ("spacing", "margin", "columns", "tilecount"):
            if node.get(attr) is not None and (_whole(node.get(attr)) is None or _whole(node.get(attr)) < 0):
                self.add(f"{where}: its '{attr}' is {node.get(attr)!r}; it must be a whole number")
        count = _whole(node.get("tilecount")) or 0
        images = node.findall("image")
        for image in images:
            self.check_image(image, base, where)
            for attr in ("width", "height"):
                if image.get(attr) is not None and _whole(image.get(attr)) is None:
                    self.add(f"{where}: its image's '{attr}' is {image.get(attr)!r}; it must be a whole number")
        for tile in node.findall("tile"):
            tid = _whole(tile.get("id"))
            if tid is None or tid < 0:
                self.add(f"{where}: a tile has id {tile.get('id')!r}; it must be a whole number")
                continue
            count = max(count, tid + 1)
            twhere = f"{where}, tile {tid}"
            if tile.get("probability") is not None and _number(tile.get("probability")) is None:
                self.add(f"{twhere}: its probability {tile.get('probability')!r} is not a number")
            self.check_properties(tile, twhere, frozenset({"id", "type", "class", "width", "height", "frames",
                                                          "source", "trans", "probability", "colliders"}))
            for image in tile.findall("image"):
                self.check_image(image, base, twhere)
            for frame in tile.iter("frame"):
                if _whole(frame.get("tileid")) is None or _whole(frame.get("duration")) is None:
                    self.add(f"{twhere}: an animation frame needs whole-number 'tileid' and 'duration'")
            for group in tile.findall("objectgroup"):
                for obj in group.iter("object"):
                    self.check_object_numbers(obj, f"{twhere}, collision shape")
        if first is not None:
            self.tile_count = max(self.tile_count, first + count - 1)

    def check_relative(self, source: str, where: str, what: str) -> bool:
        """A file a board uses must be named relative to the board (docs/maps.md): an absolute path
        works only on the computer it was made on. False (and reported) when it is absolute; the
        file is still read when it is there, so the problems that follow are its own."""
        if not (Path(source).is_absolute() or PureWindowsPath(source).is_absolute()
                or re.match(r"[A-Za-z]:[\\/]", source)):
            return True
        name = PureWindowsPath(source).name
        self.add(f"{where}: the {what} is given by an absolute path ('{one_line(source, 120)}'), which works only on "
                 f"this computer; put '{name}' next to the map (or in a folder beside it) and in Tiled pick it "
                 "again from there, so the file names it by a relative path")
        return False

    def check_image(self, image: ET.Element, base: Path, where: str) -> None:
        src = image.get("source")
        if not src:
            self.add(f"{where}: an image has no file name")
        elif not self.check_relative(src, where, "image"):
            pass  # reported once; whether it is there is not asked of a path for another computer
        elif not (base / src).is_file():
            self.add(f"{where}: the image '{src}' is missing (looked for it next to the tileset)")

    # -- tile layers -----------------------------------------------------------------------
    def check_tile_layer(self, layer: ET.Element, width: int | None, height: int | None) -> None:
        where = f"tile layer '{layer.get('name', '')}'"
        self.check_properties(layer, where, self.reserved["layer"])
        for attr, want in (("width", width), ("height", height)):
            got = _whole(layer.get(attr))
            if layer.get(attr) is not None and got is None:
                self.add(f"{where}: its '{attr}' is {layer.get(attr)!r}; it must be a whole number")
            elif got is not None and want is not None and got != want:
                self.add(f"{where}: it is {attr} {got} but the map is {attr} {want}; "
                         "in Tiled use Map > Resize Map so layer and map agree")
        data = layer.find("data")
        if data is None:
            self.add(f"{where}: it has no tile data")
            return
        if data.find("chunk") is not None:
            self.add(f"{where}: its tiles are stored in chunks (an infinite map); untick Map > Map Properties "
                     "> Infinite and save")
            return
        encoding = data.get("encoding")
        compression = data.get("compression")
        if compression == "zstd":
            self.add(f"{where}: it is compressed with Zstandard, which Courier cannot read; {LAYER_FORMAT_FIX}")
            return
        if encoding not in (None, "csv", "base64"):
            self.add(f"{where}: its tile data uses the encoding '{encoding}', which Courier cannot read; "
                     f"{LAYER_FORMAT_FIX}")
            return
        if compression not in (None, "", "zlib", "gzip") or (compression and encoding != "base64"):
            self.add(f"{where}: its tile data uses the compression '{compression}', which Courier cannot read; "
                     f"{LAYER_FORMAT_FIX}")
            return
        gids = self.layer_gids(data, encoding, compression, where)
        if gids is None or width is None or height is None:
            return
        if len(gids) != width * height:
            self.add(f"{where}: it holds {len(gids)} tiles but a {width} x {height} map needs {width * height}; "
                     "in Tiled use Map > Resize Map, or save the map again")
            return
        for i, raw in enumerate(gids):
            gid = raw & MAX_GID
            if gid and gid > self.tile_count:
                self.add(f"{where}: the tile at {i % width},{i // width} is tile number {gid}, "
                         "which is in no tileset of the map")
                return

    def layer_gids(self, data: ET.Element, encoding: str | None, compression: str | None,
                   where: str) -> list[int] | None:
        text = (data.text or "").strip()
        if encoding is None:
            out = []
            for tile in data.findall("tile"):
                gid = _whole(tile.get("gid", "0"))
                if gid is None or not 0 <= gid < 2**32:
                    self.add(f"{where}: a tile has gid {tile.get('gid')!r}; it must be a whole number")
                    return None
                out.append(gid)
            return out
        if encoding == "csv":
            out = []
            for n, part in enumerate(text.split(",") if text else []):
                part = part.strip()
                if not re.fullmatch(r"[0-9]{1,10}", part) or int(part) >= 2**32:
                    self.add(f"{where}: entry {n + 1} of its CSV tile data is '{one_line(part)}', not a tile number")
                    return None
                out.append(int(part))
            return out
        try:
            raw = base64.b64decode(text.encode("ascii"), validate=False)
            if compression == "zlib":
                raw = zlib.decompress(raw)
            elif compression == "gzip":
                raw = gzip.decompress(raw)
        except (binascii.Error, ValueError, zlib.error, OSError, EOFError, UnicodeEncodeError):
            self.add(f"{where}: its base64 tile data is damaged; save the map again in Tiled")
            return None
        if len(raw) % 4:
            self.add(f"{where}: its base64 tile data is damaged (not whole tile numbers); save the map again in Tiled")
            return None
        return [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4)]

    # -- objects ---------------------------------------------------------------------------
    def check_object_layer(self, group: ET.Element) -> None:
        lname = group.get("name", "")
        self.check_properties(group, f"object layer '{lname}'", self.reserved["layer"])
        for obj in group.findall("object"):
            label = f"'{one_line(obj.get('name', ''))}'" if obj.get("name") else f"#{obj.get('id', '?')}"
            where = f"object {label} (id {obj.get('id', '?')}, layer '{lname}')"
            if _whole(obj.get("id")) is None:
                self.add(f"{where}: its id {obj.get('id')!r} is not a whole number")
            if obj.get("template"):
                self.add(f"{where}: it is an instance of the template '{obj.get('template')}', which Courier "
                         "cannot read; select it in Tiled and use Detach Template (right-click menu), then save")
            rotation = _number(obj.get("rotation", "0"))
            if rotation is not None and rotation % 360:
                self.add(f"{where}: it is rotated by {rotation:g} degrees; Courier reads shapes unrotated: "
                         "set its Rotation to 0 (draw a polygon for a slanted shape)")
            self.check_object_numbers(obj, where)
            self.check_properties(obj, where, self.reserved["object"])

    def check_object_numbers(self, obj: ET.Element, where: str) -> None:
        for attr in ("x", "y", "width", "height", "rotation"):
            text = obj.get(attr)
            if text is not None and _number(text) is None:
                self.add(f"{where}: its '{attr}' is '{text}', not a number")
        if obj.get("gid") is not None:
            gid = _whole(obj.get("gid"))
            if gid is None or gid < 0 or gid & MAX_GID > self.tile_count:
                self.add(f"{where}: it shows tile number {obj.get('gid')!r}, which is in no tileset of the map")
        for shape in ("polyline", "polygon"):
            for node in obj.findall(shape):
                pairs = (node.get("points") or "").split()
                ok = bool(pairs)
                for pair in pairs:
                    xy = pair.split(",")
                    if len(xy) != 2 or _number(xy[0]) is None or _number(xy[1]) is None:
                        ok = False
                if not ok:
                    self.add(f"{where}: its {shape} points {node.get('points')!r} are not pairs of numbers")


def size_problem(root: ET.Element, attr: str) -> tuple[int | None, str | None]:
    """(the map's ``attr`` as a whole number or None, the problem with it or None)."""
    value = _whole(root.get(attr))
    if value is None or not 0 < value <= MAX_SIZE:
        return value, (f"the map's '{attr}' is {root.get(attr)!r}; it must be a whole number from 1 to "
                       f"{MAX_SIZE} (Map > Map Properties)")
    return value, None


def header_problems(path: Path) -> list[str]:
    """What the map's own start tag says is wrong with its size, read before the rest of the file:
    a map thousands of tiles wide is refused at once instead of after reading millions of tiles.
    Empty when the size is fine or the start tag cannot be read (the full read reports that)."""
    try:
        for _event, elem in ET.iterparse(path, events=("start",)):
            if elem.tag != "map":
                return []
            return [p for attr in ("width", "height", "tilewidth", "tileheight")
                    if (p := size_problem(elem, attr)[1]) is not None and (_whole(elem.get(attr)) or 0) > MAX_SIZE]
    except (ET.ParseError, OSError, ValueError):
        return []
    return []


def preflight(path: Path, root: ET.Element) -> list[str]:
    """Problems that would stop ``path`` (already parsed as ``root``) from being read; empty if none."""
    check = Preflight(path)
    check.check_map(root)
    return check.problems
