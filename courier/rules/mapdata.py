"""Plain board data read from a Tiled file, for the rules cores.

``courier.maps`` fills these with pytmx; the rules only see the plain values here. Coordinates are
in pixels of the Tiled map, as Tiled shows them; tile layers are indexed ``grid[row][col]``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Callable


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
        label = f"'{self.name}'" if self.name else f"#{self.id}"
        return f"object {label} (id {self.id}, layer '{self.layer}')"


@dataclass(frozen=True)
class TileLayer:
    name: str
    #: grid[row][col] -> the tile's class and properties as a dict (``{"type": ..., ...}``) or None
    grid: tuple[tuple[dict[str, Any] | None, ...], ...]
    properties: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MapData:
    source: str  # file name, for messages
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


#: Set by courier.maps on import; the rules call it through :func:`load_map_data`.
_loader: Callable[[str], MapData] | None = None


def set_loader(loader: Callable[[str], MapData]) -> None:
    global _loader
    _loader = loader
    load_map_data.cache_clear()


@functools.lru_cache(maxsize=32)
def load_map_data(filename: str) -> MapData:
    """The board file ``filename`` (under assets/maps) as plain data; cached.

    The Tiled reader lives outside the rules core (it pulls in pygame through pytmx), so it is
    imported here only when a board is first needed.
    """
    if _loader is None:
        import courier.maps  # noqa: F401  (registers the loader)
    assert _loader is not None
    return _loader(filename)
