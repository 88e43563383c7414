"""Generate the Kevingston board for Next Day (assets/maps/next_day_kevingston.tmx).

A county of villages, towns and cities on a jittered grid, joined by gently bent road sections,
with a river, woods and a lake for scenery. The seed is searched until the rulebook's worked
example holds (see docs/maps/next-day.md); the output is committed, so this runs only when the
board should change:

    .venv/bin/python -m tools.make_next_day_map
"""

from __future__ import annotations

import math
import random
from collections import deque
from pathlib import Path

from tools.board_files import BoardFiles

OUT = Path(__file__).resolve().parent.parent / "assets" / "maps" / "next_day_kevingston.tmx"
COLS, ROWS = 12, 8
TILE, MAP_W, MAP_H = 32, 60, 42
HOLES = COLS * ROWS - 74

CITIES = {"Kevingston": (0.5, 0.5), "Simonsbath": (0.1, 0.25), "Fobbing": (0.9, 0.72), "Puddinglake": (0.62, 0.08)}
EXAMPLE = [("Ugley", "Duck Street", 15), ("Olivers Battery", "Sheepwash", 4),
           ("Three Holes", "Wigtwizzle", 3), ("Braintree", "Two Gates", 9)]
TOWNS = [
    "Great Snoring", "Nether Wallop", "Westward Ho", "Mousehole", "Chipping Sodbury", "Much Wenlock",
    "Wetwang", "Giggleswick", "Blubberhouses", "Crackpot", "Barton in the Beans", "Shellow Bowells",
    "Pity Me", "Wyre Piddle", "Sandwich", "Cold Christmas", "Happy Bottom", "Loose", "Once Brewed",
    "Puddletown", "Tolpuddle", "Upper Slaughter", "Matching Tye", "Nempnett Thrubwell", "Catbrain",
    "Booze", "Mudford", "Great Bardfield",
]
VILLAGES = [
    "Roadwater", "Little Snoring", "Over Wallop", "Twice Brewed", "Lower Slaughter", "Beer", "Wool",
    "Ham", "Nasty", "No Place", "Ugthorpe", "Piddletrenthide", "Curry Mallet", "Sheepy Magna",
    "Sheepy Parva", "Toller Porcorum", "Ryme Intrinseca", "Plush", "Droop", "Wormelow Tump",
    "Foul End", "Wig", "Scratchy Bottom", "Lickey End", "Idle", "Pant", "Blackboys", "Muck", "Splatt",
    "Clench Common", "Knotty Ash", "Tiptoe", "Snodland", "Ogle",
]


def bfs(adj: dict, start) -> dict:
    seen = {start: 0}
    todo = deque([start])
    while todo:
        cur = todo.popleft()
        for nxt in adj[cur]:
            if nxt not in seen:
                seen[nxt] = seen[cur] + 1
                todo.append(nxt)
    return seen


def shortest_paths(adj: dict, a, b, dist: dict) -> list[list]:
    """All shortest routes from a to b (small graphs only)."""
    out: list[list] = []

    def walk(path):
        cur = path[-1]
        if cur == b:
            out.append(list(path))
            return
        for nxt in adj[cur]:
            if dist[a][nxt] == dist[a][cur] + 1 and dist[nxt].get(b, 99) == dist[cur][b] - 1:
                walk(path + [nxt])

    walk([a])
    return out


def connected(nodes, edges) -> bool:
    adj = {n: set() for n in nodes}
    for a, b in edges:
        adj[a].add(b)
        adj[b].add(a)
    start = next(iter(nodes))
    return len(bfs(adj, start)) == len(nodes)


def attempt(seed: int):
    rng = random.Random(seed)
    slots = [(c, r) for r in range(ROWS) for c in range(COLS)]
    centre = (COLS // 2, ROWS // 2)
    holes = set(rng.sample([s for s in slots if s != centre], HOLES))
    nodes = [s for s in slots if s not in holes]
    edges = set()
    for c, r in nodes:
        for dc, dr in ((1, 0), (0, 1)):
            o = (c + dc, r + dr)
            if o in nodes and rng.random() < 0.8:
                edges.add(((c, r), o))
    for c in range(COLS - 1):
        for r in range(ROWS - 1):
            if rng.random() < 0.3:
                a, b = ((c, r), (c + 1, r + 1)) if rng.random() < 0.5 else ((c + 1, r), (c, r + 1))
                if a in nodes and b in nodes:
                    edges.add((a, b))
    if not connected(nodes, edges):
        return None
    adj = {n: set() for n in nodes}
    for a, b in edges:
        adj[a].add(b)
        adj[b].add(a)
    if any(len(v) == 0 for v in adj.values()):
        return None
    dist = {n: bfs(adj, n) for n in nodes}
    names: dict = {}
    for city, (fx, fy) in CITIES.items():
        target = (fx * (COLS - 1), fy * (ROWS - 1))
        best = min((n for n in nodes if n not in names), key=lambda n: math.dist(n, target))
        names[best] = city
    free = [n for n in nodes if n not in names]
    rng.shuffle(free)
    blocked_edge = None
    for a_name, b_name, want in EXAMPLE:
        found = False
        for a in free:
            if a in names:
                continue
            for b in free:
                if b in names or b == a or dist[a][b] != want:
                    continue
                if want == 4:
                    routes = shortest_paths(adj, a, b, dist)
                    if len(routes) != 1:
                        continue
                    route = routes[0]
                    mid = (route[1], route[2])
                    rest = {e for e in edges if set(e) != set(mid)}
                    if not connected(nodes, rest):
                        continue
                    blocked_edge = mid
                names[a], names[b] = a_name, b_name
                found = True
                break
            if found:
                break
        if not found:
            return None
    # remaining towns spread out: farthest-point sampling from the named places
    towns = [n for n, nm in names.items() if nm not in CITIES]
    pool = [n for n in free if n not in names]
    for name in TOWNS:
        best = max(pool, key=lambda n: (min(dist[n][t] for t in towns + list(names)), rng.random()))
        pool.remove(best)
        names[best] = name
        towns.append(best)
    for node, name in zip(pool, VILLAGES):
        names[node] = name
    assert len(pool) == len(VILLAGES), (len(pool), len(VILLAGES))
    return rng, nodes, edges, holes, names, blocked_edge


def build(seed: int, rng, nodes, edges, holes, names, blocked_edge) -> str:
    sx = (MAP_W * TILE - 240) / (COLS - 1)
    sy = (MAP_H * TILE - 220) / (ROWS - 1)
    pos = {}
    for c, r in nodes:
        pos[(c, r)] = (120 + c * sx + rng.uniform(-38, 38), 105 + r * sy + rng.uniform(-34, 34))
    oid = [0]

    def nid() -> int:
        oid[0] += 1
        return oid[0]

    def pts(points, ox, oy) -> str:
        return " ".join(f"{x - ox:.1f},{y - oy:.1f}" for x, y in points)

    # scenery: woods and a lake in some holes, a river across the county
    scenery = []
    hole_list = sorted(holes)
    rng.shuffle(hole_list)
    for i, (c, r) in enumerate(hole_list[:9]):
        cx, cy = 120 + c * sx, 105 + r * sy
        kind = "lake" if i == 0 else "wood"
        rad = (70 if kind == "lake" else 58)
        blob = []
        for k in range(12):
            ang = k / 12 * math.tau
            rr = rad * rng.uniform(0.7, 1.05)
            blob.append((cx + math.cos(ang) * rr * 1.25, cy + math.sin(ang) * rr))
        label = {"lake": "Kevin Water", "wood": ""}[kind]
        scenery.append((kind, label, blob))
    river = []
    x = MAP_W * TILE * 0.36
    for k in range(15):
        y = -10 + k * (MAP_H * TILE + 20) / 14
        x += rng.uniform(-60, 60)
        river.append((x, y))
    scenery.append(("river", "River Kev", river))

    lines = []
    lines.append('<?xml version="1.0" encoding="UTF-8"?>')
    lines.append(f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
                 f'width="{MAP_W}" height="{MAP_H}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
                 f'nextlayerid="6" nextobjectid="@NEXT@">')
    lines.append(" <properties>")
    lines.append('  <property name="game" value="next-day"/>')
    lines.append('  <property name="home" value="Kevingston"/>')
    lines.append('  <property name="title" value="Kevingston and district"/>')
    lines.append(f'  <property name="generator_seed" type="int" value="{seed}"/>')
    lines.append(" </properties>")
    csv = ",\n".join(",".join("0" for _ in range(MAP_W)) for _ in range(MAP_H))
    lines.append(f' <layer id="1" name="ground" width="{MAP_W}" height="{MAP_H}">')
    lines.append(f'  <data encoding="csv">\n{csv}\n</data>')
    lines.append(" </layer>")
    lines.append(' <objectgroup id="2" name="scenery">')
    for kind, label, blob in scenery:
        ox, oy = blob[0]
        shape = "polyline" if kind == "river" else "polygon"
        lines.append(f'  <object id="{nid()}" name="{label}" type="{kind}" x="{ox:.1f}" y="{oy:.1f}">')
        lines.append(f'   <{shape} points="{pts(blob, ox, oy)}"/>')
        lines.append("  </object>")
    lines.append(" </objectgroup>")
    lines.append(' <objectgroup id="3" name="roads">')
    road_mid = {}
    for a, b in sorted(edges):
        (x1, y1), (x2, y2) = pos[a], pos[b]
        length = math.dist(pos[a], pos[b])
        nx, ny = -(y2 - y1) / length, (x2 - x1) / length
        bend = rng.uniform(-0.1, 0.1) * length
        mx, my = (x1 + x2) / 2 + nx * bend, (y1 + y2) / 2 + ny * bend
        road_mid[frozenset((a, b))] = (mx, my)
        lines.append(f'  <object id="{nid()}" name="{names[a]}/{names[b]}" type="road" x="{x1:.1f}" y="{y1:.1f}">')
        lines.append(f'   <polyline points="{pts([(x1, y1), (mx, my), (x2, y2)], x1, y1)}"/>')
        lines.append("  </object>")
    lines.append(" </objectgroup>")
    lines.append(' <objectgroup id="4" name="places">')
    for node in sorted(nodes, key=lambda n: names[n]):
        name = names[node]
        kind = "city" if name in CITIES else ("town" if name in TOWNS or name in sum(([a, b] for a, b, _ in EXAMPLE), []) else "village")
        x, y = pos[node]
        lines.append(f'  <object id="{nid()}" name="{name}" type="{kind}" x="{x:.1f}" y="{y:.1f}">')
        lines.append("   <point/>")
        lines.append("  </object>")
    lines.append(" </objectgroup>")
    # blockages: the worked example's diversion, then one more diversion, 3 roadworks, 2 checkpoints
    lines.append(' <objectgroup id="5" name="blockages">')
    chosen = [("diversion", frozenset(blocked_edge))]
    home = next(n for n, nm in names.items() if nm == "Kevingston")
    pool = [frozenset(e) for e in sorted(edges) if home not in e and frozenset(e) != chosen[0][1]]
    rng.shuffle(pool)
    for kind in ("diversion", "roadworks", "roadworks", "roadworks", "checkpoint", "checkpoint"):
        for e in pool:
            if any(e == c for _, c in chosen):
                continue
            if kind == "diversion":
                closed = {c for k, c in chosen if k == "diversion"} | {e}
                if not connected(nodes, {x for x in edges if frozenset(x) not in closed}):
                    continue
            chosen.append((kind, e))
            break
    for kind, e in chosen:
        x, y = road_mid[e]
        lines.append(f'  <object id="{nid()}" type="{kind}" x="{x:.1f}" y="{y:.1f}">')
        lines.append("   <point/>")
        lines.append("  </object>")
    lines.append(" </objectgroup>")
    lines.append("</map>")
    return "\n".join(lines).replace("@NEXT@", str(oid[0] + 1)) + "\n"


def main() -> None:
    for seed in range(1, 5000):
        got = attempt(seed)
        if got is not None:
            files = BoardFiles()
            files.text(OUT, build(seed, *got))
            if files.commit():
                raise SystemExit(1)
            print(f"seed {seed}: wrote {OUT.name}")
            return
    raise SystemExit("no seed gave the worked example")


if __name__ == "__main__":
    main()
