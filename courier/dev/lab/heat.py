"""Where play happens: visits, pick-ups and deliveries per place, drawn on the board's own picture.

A game's events already say where things happened (a move's path, the place or cell of a
collection or a delivery); ``locations`` reads them, per game, into counts by place. The picture
is the board's Tiled map drawn from its own tiles (pytmx with Pillow, no window needed).
"""

from __future__ import annotations

import io
import json
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable

#: what a report draws: (key, title)
LAYERS = (("visit", "Visits"), ("pickup", "Pick-ups"), ("delivery", "Deliveries"))

#: game id -> event kind -> (what it counts, field holding the place(s), True when a path)
WHERE: dict[str, dict[str, tuple[str, str, bool]]] = {
    "next-day": {"moved": ("visit", "path", True), "collected": ("pickup", "place", False),
                 "delivered": ("delivery", "place", False)},
    "doorstep-dash": {"moved": ("visit", "path", True), "delivered": ("delivery", "cell", False)},
    "out-for-delivery": {"moved": ("visit", "path", True), "picked_up": ("pickup", "cell", False),
                         "delivered": ("delivery", "cell", False)},
    "package-pandemonium": {"moved": ("visit", "path", True), "picked": ("pickup", "cell", False),
                            "dropped": ("delivery", "cell", False), "deposited": ("delivery", "cell", False)},
}


def _key(loc: Any) -> str:
    return loc if isinstance(loc, str) else json.dumps(loc, separators=(",", ":"))


def locations(game_id: str, kind: str, data: dict[str, Any], into: dict[str, dict[str, int]]) -> None:
    """Add the places of one event to ``into`` (what -> place -> count)."""
    spec = WHERE.get(game_id, {}).get(kind)
    if spec is None:
        return
    what, field, is_path = spec
    value = data.get(field)
    if value is None:
        return
    for loc in (value[1:] if is_path else [value]):  # a path starts where the piece already stood
        k = _key(loc)
        bucket = into.setdefault(what, {})
        bucket[k] = bucket.get(k, 0) + 1


def _pixel(game_id: str, board: Any, tile: tuple[int, int]) -> Callable[[str], tuple[float, float] | None]:
    tw, th = tile

    def at(key: str) -> tuple[float, float] | None:
        if game_id == "next-day":
            place = board.places.get(key)
            return (place.x, place.y) if place is not None else None
        loc = json.loads(key)
        if isinstance(loc, list) and len(loc) == 2:
            return ((loc[0] + 0.5) * tw, (loc[1] + 0.5) * th)
        if isinstance(loc, int):  # Package Pandemonium: cells of the 5x5 city, row by row
            return ((loc % 5 + 0.5) * tw, (loc // 5 + 0.5) * th)
        return None

    return at


def map_file(game: Any, key: str) -> Path | None:
    from courier import resources
    from courier.rules.mapdata import locate_board

    if key in game.maps:
        return resources.asset("maps", game.maps[key])
    found = locate_board(game.id, key)
    return Path(found) if found else None


_PICTURES: dict[str, tuple[Any, tuple[int, int]]] = {}


def picture(path: Path) -> tuple[Any, tuple[int, int]]:
    """(the board as a Pillow image, (tile width, tile height)), drawn from the map's own tiles."""
    if str(path) in _PICTURES:
        return _PICTURES[str(path)]
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pytmx
    from PIL import Image

    def loader(filename: str, colorkey: Any = None, **kwargs: Any) -> Callable[..., Any]:
        sheet = Image.open(filename).convert("RGBA")

        def load(rect: Any = None, flags: Any = None) -> Any:
            tile = sheet.crop((rect[0], rect[1], rect[0] + rect[2], rect[1] + rect[3])) if rect else sheet
            if flags is not None:
                if getattr(flags, "flipped_horizontally", False):
                    tile = tile.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
                if getattr(flags, "flipped_vertically", False):
                    tile = tile.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
            return tile

        return load

    tmx = pytmx.TiledMap(str(path), image_loader=loader)
    tw, th = tmx.tilewidth, tmx.tileheight
    canvas = Image.new("RGBA", (tmx.width * tw, tmx.height * th), (245, 240, 228, 255))
    for layer in tmx.visible_layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            for x, y, image in layer.tiles():
                canvas.alpha_composite(image, (x * tw, y * th + th - image.size[1]))
        elif isinstance(layer, pytmx.TiledImageLayer) and layer.image is not None:
            canvas.alpha_composite(layer.image, (int(getattr(layer, "offsetx", 0) or 0), int(getattr(layer, "offsety", 0) or 0)))
    _PICTURES[str(path)] = (canvas, (tw, th))
    return canvas, (tw, th)


def totals(records: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Per place, the mean count per game of each kind of event."""
    out: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for r in records:
        for what, places in r.get("where", {}).items():
            for k, c in places.items():
                out[what][k] += c
    n = max(1, len(records))
    return {w: {k: c / n for k, c in places.items()} for w, places in out.items()}


def tops(groups: list[list[dict[str, Any]]]) -> dict[str, float]:
    """The largest per-game count of each kind of event at any place over several arms' games: the
    top of that measure's one colour scale, so every arm's panel of it reads alike."""
    out: dict[str, float] = {}
    for records in groups:
        for what, places in totals(records).items():
            out[what] = max([out.get(what, 0.0)] + list(places.values()))
    return out


def chart(game: Any, config: Any, name: str, records: list[dict[str, Any]], top: dict[str, float] | None = None,
          figure: bool = False) -> Any:
    """Three panels (visits, pick-ups, deliveries) of one arm on the board's picture; None when
    the board's picture cannot be drawn. Each measure's colours and sizes run from zero to
    ``top[measure]`` (shared by every arm's chart; this arm's own largest count without it), so a
    place at 5.2 and one at 5.8 look nearly alike, as they are. ``figure=True``: the figure itself."""
    path = map_file(game, config.map)
    if path is None or not path.exists():
        return None
    try:
        image, tile = picture(path)
    except Exception:  # a board whose tiles cannot be read: the report goes on without its heat-map
        return None
    from courier.dev.lab.charts import _plt, _png

    at = _pixel(game.id, game.board(config), tile)
    counts = totals(records)
    layers = [(k, t) for k, t in LAYERS if counts.get(k)]
    if not layers:
        return None
    plt = _plt()
    from matplotlib.colors import Normalize

    w, h = image.size
    fig, axes = plt.subplots(1, len(layers), figsize=(4.6 * len(layers), 4.6 * h / w + 0.7), squeeze=False)
    board = game.board(config)
    # a board of places joined by roads (Next Day): its roads are drawn, as the board view does
    roads = [r.points for r in getattr(board, "roads", []) or [] if len(getattr(r, "points", ()) or ()) >= 2]
    for ax, (key, title) in zip(axes[0], layers):
        ax.imshow(image, alpha=0.55)
        for pts in roads:
            ax.plot([p[0] for p in pts], [p[1] for p in pts], color="#8a7f70", linewidth=0.8, zorder=1)
        pts = [(xy, c) for k, c in counts[key].items() if (xy := at(k)) is not None]
        if pts:
            most = max([c for _, c in pts] + [(top or {}).get(key, 0.0)])
            xs, ys = [p[0][0] for p in pts], [p[0][1] for p in pts]
            cs = [p[1] for p in pts]
            sc = ax.scatter(xs, ys, s=[30 + 400 * c / most for c in cs], c=cs, cmap="inferno_r", alpha=0.75,
                            edgecolors="#222", linewidths=0.4, norm=Normalize(vmin=0.0, vmax=most))
            fig.colorbar(sc, ax=ax, fraction=0.035, pad=0.02, label="per game")
        ax.set_title(f"{title}: {name}", fontsize=9)
        ax.set_axis_off()
    fig.tight_layout()
    return fig if figure else _png(fig)
