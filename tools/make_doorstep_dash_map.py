"""Build the Doorstep Dash town board (Tiled files) from a short description of its streets.

Run from the repository root:  python -m tools.make_doorstep_dash_map
Writes assets/maps/doorstep_dash_town.tmx, doorstep_dash_tiles.tsx and doorstep_dash_tiles.png.
The output is committed; edit it in Tiled directly or change this script and run it again.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

from tools.board_files import BoardFiles

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "maps"

FILES = BoardFiles()
W, H, T = 32, 22, 32  # map size in tiles, tile size in pixels

# tileset: index -> (class, colour for the Tiled preview image)
TILES = [
    ("grass", (150, 190, 110)),
    ("road", (120, 118, 112)),
    ("entrance", (196, 170, 120)),
    ("warehouse", (210, 120, 60)),
    ("hazard", (230, 180, 40)),
    ("park", (176, 156, 110)),
    ("house", (190, 90, 70)),
    ("tree", (60, 120, 60)),
    ("water", (90, 150, 200)),
    ("lawn", (170, 210, 130)),
    ("depot", (160, 100, 70)),
]
GID = {name: i + 1 for i, (name, _) in enumerate(TILES)}

# streets: horizontal (row, first col, last col) and vertical (col, first row, last row)
H_ROADS = [(1, 1, 30), (6, 1, 8), (6, 16, 30), (11, 1, 30), (16, 1, 30), (20, 1, 30), (14, 1, 8), (3, 24, 30)]
V_ROADS = [(1, 1, 20), (8, 1, 20), (16, 1, 20), (24, 1, 20), (30, 1, 20), (12, 1, 16), (20, 6, 11), (4, 16, 20)]
WAREHOUSE = (16, 11)
GREEN = (13, 8, 7, 6)  # col, row, w, h of the warehouse's green zone
DEPOT = (17, 8, 3, 2)  # the warehouse building
PARKS = [("Meadow Park", (9, 2, 7, 8)), ("Pond Gardens", (2, 12, 6, 4))]
POND = [(3, 12), (4, 12), (3, 13), (4, 13), (5, 13)]
STREAM = [(27, r) for r in range(12, 22)]
HAZARDS = [
    ("Roadworks", 4, (9, 1, 3, 1)),
    ("Ford", 5, (26, 16, 3, 1)),
    ("Loose Geese", 3, (8, 12, 1, 2)),
    ("School Run", 4, (25, 6, 4, 1)),
    ("Steep Hill", 6, (30, 7, 1, 3)),
    ("Market Day", 3, (17, 16, 3, 1)),
    ("Fallen Tree", 5, (1, 17, 1, 2)),
]
NAMES = [
    "Ivy Cottage", "Rose Villa", "The Old Forge", "Mill House", "Lark Rise", "Willow End",
    "Orchard Lodge", "Badger Sett", "Kettle Cottage", "Fern Hollow", "Pump House", "Clock House",
    "Bramble Nook", "Foxglove", "The Rectory", "Swan Lodge", "Hazel Barn", "Plum Tree House",
    "Owl's Rest", "Honey Cottage", "Riverside", "Pinecroft", "Meadow View", "Bell House",
    "Thimble Cottage", "The Granary", "Copper Beech", "Weaver's Cottage", "Tinker's Den",
    "Blackberry Barn", "Puddle Lane", "Hilltop Farm",
]


def roads() -> set[tuple[int, int]]:
    cells = set()
    for r, c0, c1 in H_ROADS:
        cells |= {(c, r) for c in range(c0, c1 + 1)}
    for c, r0, r1 in V_ROADS:
        cells |= {(c, r) for r in range(r0, r1 + 1)}
    return cells


def in_rect(cell, rect) -> bool:
    c, r = cell
    x, y, w, h = rect
    return x <= c < x + w and y <= r < y + h


def plan():
    """Decide every cell and house; deterministic."""
    road = roads()
    hazard_cells = {cell for _, _, rect in HAZARDS for cell in road if in_rect(cell, rect)}
    blocked = set(road) | set(POND) | set(STREAM)
    for _, rect in PARKS:
        blocked |= {(c, r) for c in range(rect[0], rect[0] + rect[2]) for r in range(rect[1], rect[1] + rect[3])}
    blocked |= {(c, r) for c in range(GREEN[0], GREEN[0] + GREEN[2]) for r in range(GREEN[1], GREEN[1] + GREEN[3])}
    houses = []
    entrances = set()
    # candidate 2x2 footprints (or 2x1 in narrow blocks) with a door onto a road
    cands = []
    for r in range(1, H - 1):
        for c in range(1, W - 1):
            for w, h in ((2, 2), (2, 1), (1, 2)):
                foot = {(c + i, r + j) for i in range(w) for j in range(h)}
                if foot & blocked or any(not (0 < x < W - 1 and 0 < y < H - 1) for x, y in foot):
                    continue
                doors = [(c, r - 1), (c + w - 1, r + h), (c - 1, r + h - 1), (c + w, r)]
                for d in doors:
                    if d in road and d not in hazard_cells and not in_rect(d, GREEN):
                        cands.append(((c, r, w, h), d))
                        break
    cands.sort(key=lambda t: (-(t[0][2] * t[0][3]), (t[0][1] * 7 + t[0][0] * 13) % 17, t[0][1], t[0][0]))
    taken: set[tuple[int, int]] = set()
    for rect, door in cands:
        c, r, w, h = rect
        halo = {(c + i, r + j) for i in range(-1, w + 1) for j in range(-1, h + 1)}
        foot = {(c + i, r + j) for i in range(w) for j in range(h)}
        if halo & taken or door in entrances:
            continue
        near_door = {(door[0] + dx, door[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
        if near_door & entrances:
            continue
        houses.append((rect, door))
        taken |= foot
        entrances.add(door)
        if len(houses) == len(NAMES):
            break
    # colours by driving distance from the warehouse: far out pays more
    dist = bfs(road, WAREHOUSE)
    order = sorted(range(len(houses)), key=lambda i: (dist[houses[i][1]], houses[i][1]))
    n = len(order)
    colour = {}
    for rank, i in enumerate(order):
        frac = rank / max(1, n - 1)
        if rank >= n - 4:
            colour[i] = "red"
        elif frac > 0.7 and rank % 2 == 0 or frac > 0.8:
            colour[i] = "yellow"
        elif rank % 3 == 1 or frac > 0.55 and rank % 2:
            colour[i] = "green"
        else:
            colour[i] = "blue"
    return road, hazard_cells, houses, colour, taken


def bfs(cells, start):
    from collections import deque

    dist = {start: 0}
    q = deque([start])
    while q:
        c, r = q.popleft()
        for nb in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
            if nb in cells and nb not in dist:
                dist[nb] = dist[(c, r)] + 1
                q.append(nb)
    return dist


def tree_spots(road, taken):
    spots = set()
    for _, rect in PARKS:
        for c in range(rect[0], rect[0] + rect[2]):
            for r in range(rect[1], rect[1] + rect[3]):
                if (c, r) not in road and (c, r) not in POND and (c * 5 + r * 3) % 4 == 0:
                    spots.add((c, r))
    for c in range(W):
        for r in range(H):
            cell = (c, r)
            edge = c in (0, W - 1) or r in (0, H - 1)
            free = cell not in road and cell not in taken and cell not in STREAM and not in_rect(cell, GREEN)
            if free and ((edge and (c + 2 * r) % 3 == 0) or (not edge and (c * 7 + r * 11) % 9 == 0)):
                spots.add(cell)
    return spots


def write_tileset() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    cols = 4
    rows = (len(TILES) + cols - 1) // cols
    img = pygame.Surface((cols * T, rows * T))
    img.fill((0, 0, 0))
    for i, (name, col) in enumerate(TILES):
        rect = pygame.Rect((i % cols) * T, (i // cols) * T, T, T)
        pygame.draw.rect(img, col, rect)
        if name in ("road", "entrance", "hazard", "park", "warehouse"):
            pygame.draw.line(img, (235, 230, 210), rect.midleft, rect.midright, 2)
        if name == "tree":
            pygame.draw.circle(img, (40, 90, 40), rect.center, T // 3)
        if name == "house":
            pygame.draw.polygon(img, (120, 50, 40), [rect.bottomleft, rect.midtop, rect.bottomright])
    FILES.image(OUT / "doorstep_dash_tiles.png", img)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.10" tiledversion="1.10.2" name="doorstep_dash_tiles" tilewidth="{T}" '
        f'tileheight="{T}" tilecount="{len(TILES)}" columns="{cols}">',
        f' <image source="doorstep_dash_tiles.png" width="{cols * T}" height="{rows * T}"/>',
    ]
    for i, (name, _) in enumerate(TILES):
        lines.append(f' <tile id="{i}" type="{name}"/>')
    lines.append("</tileset>")
    FILES.text(OUT / "doorstep_dash_tiles.tsx", "\n".join(lines) + "\n")


def csv(grid) -> str:
    return "\n" + ",\n".join(",".join(str(v) for v in row) for row in grid) + "\n"


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    write_tileset()
    road, hazard_cells, houses, colour, taken = plan()
    trees = tree_spots(road, taken)
    ground = [[GID["grass"]] * W for _ in range(H)]
    for c in range(GREEN[0], GREEN[0] + GREEN[2]):
        for r in range(GREEN[1], GREEN[1] + GREEN[3]):
            ground[r][c] = GID["lawn"]
    for _, rect in PARKS:
        for c in range(rect[0], rect[0] + rect[2]):
            for r in range(rect[1], rect[1] + rect[3]):
                ground[r][c] = GID["lawn"]
    for c, r in trees:
        ground[r][c] = GID["tree"]
    for c, r in POND + STREAM:
        ground[r][c] = GID["water"]
    for c, r in taken:
        ground[r][c] = GID["house"]
    for c in range(DEPOT[0], DEPOT[0] + DEPOT[2]):
        for r in range(DEPOT[1], DEPOT[1] + DEPOT[3]):
            ground[r][c] = GID["depot"]
    doors = {door for _, door in houses}
    park_cells = {cell for cell in road for _, rect in PARKS if in_rect(cell, rect)}
    top = [[0] * W for _ in range(H)]
    for c, r in road:
        kind = "road"
        if (c, r) == WAREHOUSE:
            kind = "warehouse"
        elif (c, r) in doors:
            kind = "entrance"
        elif (c, r) in hazard_cells:
            kind = "hazard"
        elif (c, r) in park_cells:
            kind = "park"
        top[r][c] = GID[kind]

    objs: list[str] = []
    oid = 1

    def obj(name: str, cls: str, rect, props: dict) -> str:
        nonlocal oid
        x, y, w, h = rect
        int_attr = ' type="int"'
        p = "".join(
            f'\n    <property name="{k}"{int_attr if isinstance(v, int) else ""} value={quoteattr(str(v))}/>'
            for k, v in props.items()
        )
        body = f"\n   <properties>{p}\n   </properties>\n  " if props else ""
        text = (f'  <object id="{oid}" name={quoteattr(name)} type="{cls}" x="{x * T}" y="{y * T}" '
                f'width="{w * T}" height="{h * T}">{body}</object>' if body else
                f'  <object id="{oid}" name={quoteattr(name)} type="{cls}" x="{x * T}" y="{y * T}" '
                f'width="{w * T}" height="{h * T}"/>')
        oid += 1
        return text

    house_objs = []
    for i, (rect, door) in enumerate(sorted(houses, key=lambda h: (h[0][1], h[0][0]))):
        idx = houses.index((rect, door))
        house_objs.append(obj(NAMES[i], "house", rect, {"colour": colour[idx], "entrance": f"{door[0]},{door[1]}",
                                                         "number": i + 1}))
    zone_objs = [obj("Warehouse Green", "green", GREEN, {}), obj("Warehouse", "warehouse", DEPOT, {})]
    for name, rect in PARKS:
        zone_objs.append(obj(name, "park", rect, {}))
    for name, test, rect in HAZARDS:
        zone_objs.append(obj(name, "hazard", rect, {"test": test}))

    tmx = f'''<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="{W}" height="{H}" tilewidth="{T}" tileheight="{T}" infinite="0" nextlayerid="5" nextobjectid="{oid}">
 <properties>
  <property name="game" value="doorstep-dash"/>
  <property name="title" value="Bramblecombe"/>
 </properties>
 <tileset firstgid="1" source="doorstep_dash_tiles.tsx"/>
 <layer id="1" name="ground" width="{W}" height="{H}">
  <data encoding="csv">{csv(ground)}</data>
 </layer>
 <layer id="2" name="roads" width="{W}" height="{H}">
  <data encoding="csv">{csv(top)}</data>
 </layer>
 <objectgroup id="3" name="houses">
{chr(10).join(house_objs)}
 </objectgroup>
 <objectgroup id="4" name="zones">
{chr(10).join(zone_objs)}
 </objectgroup>
</map>
'''
    FILES.text(OUT / "doorstep_dash_town.tmx", tmx)
    if FILES.commit():
        return 1
    counts = {k: sum(1 for v in colour.values() if v == k) for k in ("blue", "green", "yellow", "red")}
    print(f"wrote {len(houses)} houses {counts}, {len(road)} road spaces")
    return 0


if __name__ == "__main__":
    sys.exit(main())
