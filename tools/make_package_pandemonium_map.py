"""Write Package Pandemonium's map cards (Tiled .tmx), their tileset (.tsx) and its picture.

    .venv/bin/python -m tools.make_package_pandemonium_map

Each map card is described below in a few lines: terrain letters per row, water runs along tile
edges, bridges, the Rogue's base, van and cubes, and the starting packages. Tiles are written as
(row, column) with (0, 0) the top-left tile. See docs/maps/package-pandemonium.md.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tools.board_files import BoardFiles  # noqa: E402


FILES = BoardFiles()

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "assets" / "maps"
T = 128
TILESET = "package_pandemonium_city"
TERRAIN_IDS = {"b": 0, "p": 1, "z": 2, "e": 3}  # block, park, plaza, electric
TERRAIN_NAMES = ("block", "park", "plaza", "electric")

# water: ("h", k, c0, c1) runs along the line between rows k-1 and k, from column c0 to c1 inclusive;
#        ("v", k, r0, r1) runs between columns k-1 and k, rows r0..r1.
# bridges: ((r, c), (r2, c2)) pairs of tiles the bridge joins.
CARDS = {
    "riverside": dict(
        name="Riverside",
        terrain=["pbbzb", "bbbbb", "ebbbb", "bzbbe", "bbpbb"],
        water=[("h", 3, 0, 4)],
        bridges=[((2, 1), (3, 1)), ((2, 3), (3, 3))],
        rogue_base=(0, 2), rogue_van=(1, 2), rogue_cubes=[(0, 1), (1, 1), (1, 2)],
        low=[(1, 1), (1, 3), (2, 1), (2, 3), (3, 2), (3, 3)], high=[(2, 2), (3, 1)],
    ),
    "canal": dict(
        name="Canal Quarter",
        terrain=["bbpbb", "bebbb", "bbzbb", "pbbbe", "bbbbb"],
        water=[("v", 2, 0, 4), ("h", 3, 3, 4)],
        bridges=[((1, 1), (1, 2)), ((4, 1), (4, 2)), ((2, 4), (3, 4))],
        rogue_base=(4, 4), rogue_van=(3, 3), rogue_cubes=[(4, 3), (3, 3), (3, 2)],
        low=[(1, 1), (1, 3), (2, 2), (3, 1), (3, 3), (2, 3)], high=[(1, 2), (3, 2)],
    ),
    "bridges": dict(
        name="Twin Bridges",
        terrain=["bbzbp", "bbbeb", "pbbbb", "bebbb", "bbzbb"],
        water=[("v", 3, 0, 2), ("h", 3, 0, 2)],
        bridges=[((1, 2), (1, 3)), ((2, 1), (3, 1))],
        rogue_base=(2, 4), rogue_van=(2, 3), rogue_cubes=[(1, 4), (2, 4), (2, 3)],
        low=[(1, 1), (1, 2), (2, 2), (3, 2), (3, 3), (1, 3)], high=[(2, 1), (3, 1)],
    ),
    "harbour": dict(
        name="Harbour Loop",
        terrain=["bbbbe", "bzbbb", "bbpbb", "ebbbb", "zbbpb"],
        water=[("h", 4, 0, 3), ("v", 2, 1, 2)],
        bridges=[((3, 1), (4, 1)), ((2, 1), (2, 2))],
        rogue_base=(2, 0), rogue_van=(2, 1), rogue_cubes=[(1, 0), (2, 0), (2, 1)],
        low=[(1, 1), (1, 2), (2, 3), (3, 2), (3, 3), (4, 0)], high=[(1, 3), (3, 1)],
    ),
}


def draw_tileset() -> None:
    """A flat city-block picture for each terrain, so the map looks right in Tiled."""

    surf = pygame.Surface((T * 4, T))
    road, kerb = (92, 92, 98), (170, 166, 156)
    for i, kind in enumerate(TERRAIN_NAMES):
        r = pygame.Rect(i * T, 0, T, T)
        surf.fill(road, r)
        inner = r.inflate(-20, -20)
        colour = {"block": (214, 196, 168), "park": (128, 178, 108), "plaza": (222, 214, 196),
                  "electric": (200, 210, 226)}[kind]
        pygame.draw.rect(surf, kerb, inner.inflate(6, 6), border_radius=10)
        pygame.draw.rect(surf, colour, inner, border_radius=8)
        if kind == "block":
            for j, (dx, dy) in enumerate(((12, 12), (58, 14), (14, 60), (60, 58))):
                pygame.draw.rect(surf, (178, 92, 70) if j % 2 else (150, 110, 86),
                                 (inner.x + dx, inner.y + dy, 36, 34), border_radius=3)
        elif kind == "park":
            for dx, dy in ((24, 26), (70, 40), (38, 70), (80, 78)):
                pygame.draw.circle(surf, (70, 130, 70), (inner.x + dx, inner.y + dy), 14)
        elif kind == "plaza":
            pygame.draw.circle(surf, (120, 170, 210), inner.center, 18)
        else:
            cx, cy = inner.center
            pygame.draw.polygon(surf, (250, 200, 40),
                                [(cx + 6, cy - 34), (cx - 16, cy + 4), (cx, cy + 4), (cx - 6, cy + 34),
                                 (cx + 16, cy - 4), (cx, cy - 4)])
    FILES.image(MAPS / f"{TILESET}.png", surf)


def tileset_xml() -> str:
    tiles = []
    for i, kind in enumerate(TERRAIN_NAMES):
        props = ('\n  <properties>\n   <property name="electric" type="bool" value="true"/>\n  </properties>\n '
                 if kind == "electric" else "")
        tiles.append(f' <tile id="{i}" type="{kind}">{props}</tile>' if props else f' <tile id="{i}" type="{kind}"/>')
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<tileset version="1.8" tiledversion="1.8.2" name="{TILESET}" tilewidth="{T}" tileheight="{T}" '
        f'tilecount="4" columns="4">\n'
        f' <image source="{TILESET}.png" width="{T * 4}" height="{T}"/>\n' + "\n".join(tiles) + "\n</tileset>\n"
    )


def _centre(rc: tuple[int, int], dx: float = 0.5, dy: float = 0.5) -> tuple[float, float]:
    r, c = rc
    return ((c + dx) * T, (r + dy) * T)


def map_xml(key: str, card: dict) -> str:
    csv = ",\n".join(",".join(str(TERRAIN_IDS[ch] + 1) for ch in row) for row in card["terrain"])
    objs: list[str] = []
    oid = 1

    def obj(kind: str, name: str, x: float, y: float, w: float = 0, h: float = 0, extra: str = "",
            props: str = "") -> None:
        nonlocal oid
        size = f' width="{w:g}" height="{h:g}"' if w or h else ""
        body = f"\n   <properties>\n{props}   </properties>\n  " if props else ""
        inner = f"{body}{extra}" if (body or extra) else ""
        if inner:
            objs.append(f'  <object id="{oid}" name="{name}" type="{kind}" x="{x:g}" y="{y:g}"{size}>{inner}</object>')
        else:
            objs.append(f'  <object id="{oid}" name="{name}" type="{kind}" x="{x:g}" y="{y:g}"{size}/>')
        oid += 1

    water_objs_start = len(objs)
    for i, (axis, k, a, b) in enumerate(card["water"]):
        if axis == "h":
            x0, y0, pts = a * T, k * T, f"0,0 {(b - a + 1) * T},0"
        else:
            x0, y0, pts = k * T, a * T, f"0,0 0,{(b - a + 1) * T}"
        obj("water", f"water {i + 1}", x0, y0, extra=f'<polyline points="{pts}"/>')
    water = objs[water_objs_start:]
    del objs[water_objs_start:]
    for i, (p, q) in enumerate(card["bridges"]):
        (x1, y1), (x2, y2) = _centre(p), _centre(q)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        horizontal = y1 == y2  # tiles side by side: the bridge runs east-west
        w, h = (56, 28) if horizontal else (28, 56)
        obj("bridge", f"bridge {i + 1}", mx - w / 2, my - h / 2, w, h)
    bridges = objs[:]
    objs.clear()
    x, y = _centre(card["rogue_base"], 0.1, 0.1)
    obj("rogue_base", "Rogue base", x, y, T * 0.8, T * 0.8)
    x, y = _centre(card["rogue_van"])
    obj("rogue_van", "Rogue van", x, y)
    for i, rc in enumerate(card["rogue_cubes"]):
        x, y = _centre(rc, 0.3 + 0.1 * i, 0.75)
        obj("rogue_cube", f"Rogue cube {i + 1}", x, y)
    for value in ("low", "high"):
        for i, rc in enumerate(card[value]):
            x, y = _centre(rc, 0.7 if value == "low" else 0.5, 0.3)
            obj("package", f"{value} package {i + 1}", x, y,
                props=f'    <property name="value" value="{value}"/>\n')
    pieces = objs[:]
    layers = (
        f' <layer id="1" name="city" width="5" height="5">\n  <data encoding="csv">\n{csv}\n</data>\n </layer>\n'
        f' <objectgroup id="2" name="water">\n' + "\n".join(water) + "\n </objectgroup>\n"
        f' <objectgroup id="3" name="bridges">\n' + "\n".join(bridges) + "\n </objectgroup>\n"
        f' <objectgroup id="4" name="pieces">\n' + "\n".join(pieces) + "\n </objectgroup>\n"
    )
    total = len(water) + len(bridges) + len(pieces)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
        f'width="5" height="5" tilewidth="{T}" tileheight="{T}" infinite="0" nextlayerid="5" '
        f'nextobjectid="{total + 1}">\n'
        ' <properties>\n'
        '  <property name="game" value="package-pandemonium"/>\n'
        f'  <property name="name" value="{card["name"]}"/>\n'
        ' </properties>\n'
        f' <tileset firstgid="1" source="{TILESET}.tsx"/>\n' + layers + "</map>\n"
    )


def main() -> int:
    draw_tileset()
    FILES.text(MAPS / f"{TILESET}.tsx", tileset_xml())
    for key, card in CARDS.items():
        FILES.text(MAPS / f"package_pandemonium_{key}.tmx", map_xml(key, card))
    if FILES.commit():
        return 1
    from courier.boards.tiled import read_map
    from courier.rules.package_pandemonium.board import board_from_map

    for key in CARDS:
        board = board_from_map(read_map(MAPS / f"package_pandemonium_{key}.tmx"))
        print(f"{board.name}: {len(board.base_options)} base tiles, {len(board.bridges)} bridges, "
              f"{len(board.water)} water edges")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
