"""A board's own picture, as its designer painted it in Tiled, and small pictures of any board.

The picture of a board is its visible **image layers** and the visible **tile layers marked as
picture** (a layer named ``picture`` or with the bool layer property ``picture`` set), drawn in
file order with the tilesets' images. The layers a game reads as data (``ground``, ``roads``,
``terrain``, ``city``) are not part of it unless marked: the games draw those in their own look.
Boards without a picture keep the game's drawn look.

Pictures are cached by file and modification time; a file that cannot be drawn gives None (and
the game's own look), never an exception on a player's screen.
"""

from __future__ import annotations

import logging
import os
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pygame

log = logging.getLogger(__name__)

_cache: dict[tuple[str, str, Any], pygame.Surface | None] = {}


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def _truthy(value: str | None) -> bool:
    return str(value).strip().lower() in ("true", "1", "yes")


def _marked(layer: ET.Element) -> bool:
    if layer.get("name", "").strip().lower() == "picture":
        return True
    for prop in layer.findall("properties/property"):
        if prop.get("name") == "picture":
            return _truthy(prop.get("value", prop.text))
    return False


def has_picture(path: str | Path) -> bool:
    """True when the board file carries its own picture (read cheaply, without drawing it)."""
    try:
        root = ET.parse(path).getroot()
    except (ET.ParseError, OSError):
        return False
    for layer in root.iter():
        if layer.tag == "imagelayer" and layer.find("image") is not None and layer.get("visible", "1") != "0":
            return True
        if layer.tag == "layer" and layer.get("visible", "1") != "0" and _marked(layer):
            return True
    return False


def _image_loader(filename: str, colorkey: Any, **_kw: Any) -> Any:
    """pytmx image loader that needs no display mode (tests and thumbnails run without one)."""
    image = pygame.image.load(filename)
    if colorkey:
        image.set_colorkey(pygame.Color(f"#{str(colorkey).lstrip('#')}"))

    def load(rect: Any = None, flags: Any = None) -> pygame.Surface:
        tile = image.subsurface(pygame.Rect(rect)).copy() if rect else image.copy()
        if flags:
            if getattr(flags, "flipped_diagonally", False):
                tile = pygame.transform.flip(pygame.transform.rotate(tile, 270), True, False)
            if getattr(flags, "flipped_horizontally", False) or getattr(flags, "flipped_vertically", False):
                tile = pygame.transform.flip(tile, bool(flags.flipped_horizontally), bool(flags.flipped_vertically))
        return tile

    return load


def _render(path: Path, everything: bool) -> pygame.Surface | None:
    """Draw the picture layers (or, with ``everything``, every tile and image layer) in file order.

    Image layers are read straight from the file (pytmx's reading of them is unreliable); tile
    layers are drawn with the tiles pytmx cut from their tilesets.
    """
    import pytmx

    logging.getLogger("pytmx").setLevel(logging.CRITICAL)
    root = ET.parse(path).getroot()
    tw, th = int(root.get("tilewidth", "0")), int(root.get("tileheight", "0"))
    width, height = int(root.get("width", "0")), int(root.get("height", "0"))
    if tw < 1 or th < 1 or width < 1 or height < 1:
        return None
    surf = pygame.Surface((width * tw, height * th), pygame.SRCALPHA)
    tmx: Any = None
    drew = False
    for node in root.iter():
        if node.tag not in ("layer", "imagelayer") or node.get("visible", "1") == "0":
            continue
        alpha = float(node.get("opacity", "1") or 1)
        offset = (int(float(node.get("offsetx", "0") or 0)), int(float(node.get("offsety", "0") or 0)))
        if node.tag == "imagelayer":
            image = node.find("image")
            if image is None or not image.get("source"):
                continue
            img = pygame.image.load(str(path.parent / image.get("source", "")))
        elif everything or _marked(node):
            if tmx is None:
                tmx = pytmx.TiledMap(str(path), image_loader=_image_loader)
            try:
                layer = tmx.get_layer_by_name(node.get("name", ""))
            except ValueError:
                continue
            if not isinstance(layer, pytmx.TiledTileLayer):
                continue
            img = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            for x, y, tile in layer.tiles():
                img.blit(tile, (x * tw, y * th + th - tile.get_height()))
        else:
            continue
        if alpha < 1.0:
            img = img.convert_alpha() if pygame.display.get_surface() is not None else img
            img.set_alpha(round(alpha * 255))
        surf.blit(img, offset)
        drew = True
    return surf if drew else None


def _cached(path: Path, kind: str, make: Any) -> pygame.Surface | None:
    key = (os.path.abspath(path), kind, _stamp(path))
    if key not in _cache:
        try:
            _cache[key] = make()
        except Exception as exc:  # a picture that cannot be drawn: the game's own look instead
            log.warning("board picture of %s could not be drawn: %s", path, exc)
            _cache[key] = None
    return _cache[key]


def picture(path: str | Path) -> pygame.Surface | None:
    """The board's own picture at the map's pixel size, or None when it has none."""
    path = Path(path)
    if not has_picture(path):
        return None
    return _cached(path, "picture", lambda: _render(path, everything=False))


def draw_picture(surface: pygame.Surface, path: str | Path | None, rect: pygame.Rect) -> bool:
    """Draw the board's own picture scaled into ``rect`` (the board rect its view computed).

    Returns False, drawing nothing, for a board without one: the view then draws its usual look.
    """
    if path is None:
        return False
    img = picture(path)
    if img is None or rect.width < 1 or rect.height < 1:
        return False
    key = (os.path.abspath(path), f"scaled{rect.size}", _stamp(Path(path)))
    scaled = _cache.get(key)
    if scaled is None:
        scaled = _cache[key] = pygame.transform.smoothscale(img, rect.size)
    surface.blit(scaled, rect.topleft)
    return True


# -- small pictures for the board chooser --------------------------------------------------------------

_OBJECT_INK = (70, 64, 58)


def _sketch(path: Path) -> pygame.Surface | None:
    """Every tile layer and image layer, and the objects' outlines: any board, roughly as Tiled shows it."""
    from courier.boards.tiled import read_map

    base = _render(path, everything=True)
    data = read_map(path)
    size = data.pixel_size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((232, 224, 204))
    if base is not None:
        surf.blit(base, (0, 0))
    line = max(2, size[0] // 200)
    for objects in data.object_layers.values():
        for obj in objects:
            if obj.points and len(obj.points) > 1:
                pygame.draw.lines(surf, _OBJECT_INK, False, obj.points, line)
            elif obj.width and obj.height:
                pygame.draw.rect(surf, _OBJECT_INK, pygame.Rect(obj.x, obj.y, obj.width, obj.height), line)
            else:
                pygame.draw.circle(surf, _OBJECT_INK, (int(obj.x), int(obj.y)), line * 3)
    return surf


def thumbnail(path: str | Path, box: tuple[int, int]) -> pygame.Surface | None:
    """A small picture of the board fitted into ``box``: its own picture, else a sketch of its layers."""
    from courier.ui.thumbnail import fit

    path = Path(path)

    def make() -> pygame.Surface | None:
        img = picture(path) or _sketch(path)
        if img is None:
            return None
        return pygame.transform.smoothscale(img, fit(img.get_size(), box))

    return _cached(path, f"thumb{box}", make)
