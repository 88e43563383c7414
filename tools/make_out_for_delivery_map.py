"""Generate the Out For Delivery board ("Six Cities"): the .tmx map, its .tsx tileset and PNG.

Run from the repository root:  python -m tools.make_out_for_delivery_map
The output is committed; the script is kept so the board can be regenerated or varied.
The map opens in Tiled (orthogonal, CSV layers, relative paths); conventions are in
docs/maps/out-for-delivery.md.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tools.board_files import BoardFiles  # noqa: E402


OUT = Path(__file__).resolve().parent.parent / "assets" / "maps"
W, H, T = 30, 21, 32
NAME = "out_for_delivery"

# tile id -> (terrain class, look)
TILES = [
    ("offroad", "plain"),
    ("offroad", "forest"),
    ("offroad", "hills"),
    ("offroad", "peaks"),
    ("offroad", "water"),
    ("road", "road"),
    ("city", "city"),
    ("mountain", "mountain"),
    ("river", "river"),
]
TID = {look: i for i, (_, look) in enumerate(TILES)}

REGIONS = [("Westmarch", 0, 10), ("Riverlands", 10, 10), ("Eastreach", 20, 10)]
# number, name, colour, region, top-left tile (cities are 2x2: pick-up top-left, delivery bottom-right)
CITIES = [
    (1, "Ravensmoor", "#b8332a", "Westmarch", (3, 3)),
    (2, "Saltmarsh", "#d49a1c", "Westmarch", (3, 15)),
    (3, "Kingsbridge", "#2f7d3a", "Riverlands", (14, 4)),
    (4, "Millhaven", "#1d7f8f", "Riverlands", (13, 15)),
    (5, "Thornwick", "#2d4f9e", "Eastreach", (25, 3)),
    (6, "Eastwatch", "#7c3f8e", "Eastreach", (25, 15)),
]
# roads as waypoint polylines (straight runs between points)
ROADS = [
    [(4, 5), (4, 14)],  # Ravensmoor - Saltmarsh over the Grey Fells
    [(5, 3), (13, 3), (14, 3)],  # Ravensmoor - Kingsbridge over the river
    [(8, 3), (8, 16)],  # the long way round the fells
    [(5, 16), (12, 16)],  # Saltmarsh - Millhaven over the river
    [(8, 10), (14, 10)],  # the middle ford
    [(14, 6), (14, 14)],  # Kingsbridge - Millhaven
    [(16, 4), (24, 4)],  # Kingsbridge - Thornwick through the Dragon's Teeth
    [(15, 16), (18, 16), (18, 18), (24, 18), (24, 16)],  # Millhaven - Eastwatch round the south
    [(25, 5), (25, 14)],  # Thornwick - Eastwatch
    [(17, 4), (17, 9), (22, 9), (22, 11), (25, 11)],  # the high pass
]


# names written on the map: (text, centre x, centre y in tiles, angle)
LABELS = [
    ("Grey Fells", 2.0, 7.4, 0),
    ("The Dragon's Teeth", 20.0, 14.6, 0),
    ("The Wend", 10.5, 19.0, 90),
    ("Mirror Lake", 3.5, 19.5, 0),
    ("The Narrow Sea", 28.9, 10.0, 90),
]


def river_cells() -> set[tuple[int, int]]:
    cells = set()
    for y in range(H):
        x = 10 if y < 7 else (11 if y <= 12 else 10)
        cells.add((x, y))
        if y in (7, 13):
            cells.add((10, y) if y == 7 else (11, y))
    return cells


def ridge_cells() -> set[tuple[int, int]]:
    cells = {(x, y) for x in range(0, 8) for y in (8, 9, 10) if not (x < 2 and y == 10)}
    cells |= {(x, y) for x in (19, 20, 21) for y in range(0, 14) if not (y > 11 and x == 21)}
    return cells


def road_cells() -> set[tuple[int, int]]:
    out = set()
    for road in ROADS:
        for (x0, y0), (x1, y1) in zip(road, road[1:]):
            if x0 == x1:
                for y in range(min(y0, y1), max(y0, y1) + 1):
                    out.add((x0, y))
            else:
                for x in range(min(x0, x1), max(x0, x1) + 1):
                    out.add((x, y0))
    return out


def build_grid() -> list[list[int]]:
    rnd = random.Random(3)
    river, ridge, roads = river_cells(), ridge_cells(), road_cells()
    city = {(x + dx, y + dy) for *_, (x, y) in CITIES for dx in (0, 1) for dy in (0, 1)}
    grid = [[TID["plain"]] * W for _ in range(H)]
    for y in range(H):
        for x in range(W):
            c = (x, y)
            if c in city:
                grid[y][x] = TID["city"]
            elif c in roads and c in river:
                grid[y][x] = TID["river"]
            elif c in roads and c in ridge:
                grid[y][x] = TID["mountain"]
            elif c in roads:
                grid[y][x] = TID["road"]
            elif c in river or x >= 28 or (x >= 27 and 7 <= y <= 12) or (2 <= x <= 5 and 18 <= y <= 20):
                grid[y][x] = TID["water"]
            elif c in ridge:
                grid[y][x] = TID["peaks"]
            else:
                near_ridge = any((x + dx, y + dy) in ridge for dx in (-1, 0, 1) for dy in (-1, 0, 1))
                r = rnd.random()
                if near_ridge and r < 0.6:
                    grid[y][x] = TID["hills"]
                elif (5 <= x <= 9 and 11 <= y <= 14) or (15 <= x <= 18 and 11 <= y <= 14) or (22 <= x <= 24 and 0 <= y <= 2):
                    grid[y][x] = TID["forest"] if r < 0.75 else TID["plain"]
                elif r < 0.12:
                    grid[y][x] = TID["forest"]
                elif r < 0.18:
                    grid[y][x] = TID["hills"]
    return grid


def draw_tileset(path: Path, files: BoardFiles) -> None:
    pygame.init()
    surf = pygame.Surface((T * len(TILES), T))
    paper = (236, 222, 188)
    ink = (92, 70, 48)
    for i, (terrain, look) in enumerate(TILES):
        r = pygame.Rect(i * T, 0, T, T)
        surf.fill(paper, r)
        cx, cy = r.center
        if look == "forest":
            for ox, oy in ((-7, 2), (6, -4), (4, 8)):
                pygame.draw.circle(surf, (110, 130, 80), (cx + ox, cy + oy - 3), 5)
                pygame.draw.line(surf, ink, (cx + ox, cy + oy + 2), (cx + ox, cy + oy + 6), 2)
        elif look == "hills":
            pygame.draw.arc(surf, ink, (r.x + 4, cy - 4, 14, 12), 0.2, 2.9, 2)
            pygame.draw.arc(surf, ink, (r.x + 14, cy, 14, 12), 0.2, 2.9, 2)
        elif look == "peaks":
            pygame.draw.polygon(surf, (150, 130, 110), [(r.x + 4, r.bottom - 6), (cx, r.y + 5), (r.right - 4, r.bottom - 6)])
            pygame.draw.lines(surf, ink, False, [(r.x + 4, r.bottom - 6), (cx, r.y + 5), (r.right - 4, r.bottom - 6)], 2)
        elif look == "water":
            surf.fill((150, 180, 190), r)
            for oy in (9, 20):
                pygame.draw.arc(surf, (90, 120, 140), (r.x + 6, r.y + oy, 10, 6), 0, 3.1, 1)
                pygame.draw.arc(surf, (90, 120, 140), (r.x + 16, r.y + oy, 10, 6), 0, 3.1, 1)
        elif terrain in ("road", "mountain", "river"):
            if terrain == "mountain":
                surf.fill((222, 170, 150), r)
                pygame.draw.polygon(surf, (150, 110, 90), [(r.x + 3, r.bottom - 4), (r.x + 10, r.y + 8), (r.x + 17, r.bottom - 4)])
            if terrain == "river":
                surf.fill((150, 180, 190), r)
                surf.fill((222, 170, 150), r.inflate(-4, -12))
            pygame.draw.rect(surf, (176, 134, 88), r.inflate(-20, -20))
            pygame.draw.rect(surf, ink, r.inflate(-20, -20), 1)
        elif terrain == "city":
            surf.fill((214, 196, 160), r)
            pygame.draw.rect(surf, ink, r.inflate(-8, -8), 2)
            pygame.draw.polygon(surf, (170, 90, 70), [(r.x + 8, cy), (cx, r.y + 8), (r.right - 8, cy)])
    files.image(path, surf)


def tsx() -> str:
    tiles = []
    for i, (terrain, look) in enumerate(TILES):
        tiles.append(
            f'  <tile id="{i}" type="{terrain}">\n   <properties>\n    <property name="look" value="{look}"/>\n'
            f"   </properties>\n  </tile>"
        )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<tileset version="1.10" tiledversion="1.10.2" name="{NAME}_tiles" tilewidth="{T}" tileheight="{T}" '
        f'tilecount="{len(TILES)}" columns="{len(TILES)}">\n'
        f' <image source="{NAME}_tiles.png" width="{T * len(TILES)}" height="{T}"/>\n' + "\n".join(tiles) + "\n</tileset>\n"
    )


def tmx(grid: list[list[int]]) -> str:
    csv = ",\n".join(",".join(str(v + 1) for v in row) for row in grid)
    objs = []
    oid = 1

    def obj(cls: str, name: str, x: float, y: float, w: float, h: float, props: dict) -> None:
        nonlocal oid
        p = "".join(
            f'    <property name="{k}" type="{"int" if isinstance(v, int) else "string"}" value="{v}"/>\n'
            for k, v in props.items()
        )
        pr = f"   <properties>\n{p}   </properties>\n" if props else ""
        objs.append(f'  <object id="{oid}" name="{name}" type="{cls}" x="{x}" y="{y}" width="{w}" height="{h}">\n{pr}  </object>')
        oid += 1

    for name, x0, w in REGIONS:
        obj("region", name, x0 * T, 0, w * T, H * T, {})
    for text, cx, cy, angle in LABELS:
        obj("label", text, (cx - 2) * T, (cy - 0.5) * T, 4 * T, T, {"angle": angle} if angle else {})
    for number, name, colour, region, (x, y) in CITIES:
        obj("city", name, x * T, y * T, 2 * T, 2 * T, {"number": number, "colour": colour, "region": region})
        obj("pickup", f"{name} pick-up", x * T, y * T, T, T, {"city": number})
        obj("delivery", f"{name} delivery", (x + 1) * T, (y + 1) * T, T, T, {"city": number})
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="{W}" height="{H}" '
        f'tilewidth="{T}" tileheight="{T}" infinite="0" nextlayerid="3" nextobjectid="{oid}">\n'
        ' <properties>\n  <property name="game" value="out-for-delivery"/>\n  <property name="title" value="The Six Cities"/>\n </properties>\n'
        f' <tileset firstgid="1" source="{NAME}_tiles.tsx"/>\n'
        f' <layer id="1" name="terrain" width="{W}" height="{H}">\n  <data encoding="csv">\n{csv}\n  </data>\n </layer>\n'
        ' <objectgroup id="2" name="places">\n' + "\n".join(objs) + "\n </objectgroup>\n</map>\n"
    )


def main() -> None:
    files = BoardFiles()
    draw_tileset(OUT / f"{NAME}_tiles.png", files)
    files.text(OUT / f"{NAME}_tiles.tsx", tsx())
    files.text(OUT / f"{NAME}.tmx", tmx(build_grid()))
    if files.commit():
        raise SystemExit(1)
    print(f"wrote {NAME}.tmx, {NAME}_tiles.tsx, {NAME}_tiles.png to {OUT}")


if __name__ == "__main__":
    main()
