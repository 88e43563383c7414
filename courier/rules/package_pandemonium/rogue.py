"""The Rogue: its possible routes, the priority list that limits the round winner's choice
(2 players), the solo hunting policy, and thefts from route cubes."""

from __future__ import annotations

from courier.rules.package_pandemonium.board import Board
from courier.rules.package_pandemonium.state import (
    AUTO, BOMB, DRIVER, HIGH, LOW, ROGUE_PLAYER, STOLEN_HIGH, STOLEN_LOW, PState, Van,
)

VALUE = {LOW: 1, HIGH: 5, STOLEN_LOW: 1, STOLEN_HIGH: 5, BOMB: 0}


def simple_paths(board: Board, start: int, max_steps: int) -> list[tuple[tuple[str, ...], tuple[int, ...]]]:
    """Every route of 1..max_steps steps that never enters a tile twice (nor its start)."""
    out: list[tuple[tuple[str, ...], tuple[int, ...]]] = []

    def walk(cell: int, dirs: tuple[str, ...], cells: tuple[int, ...]) -> None:
        if dirs:
            out.append((dirs, cells))
        if len(dirs) == max_steps:
            return
        for d, nxt in board.moves[cell]:
            if nxt != start and nxt not in cells:
                walk(nxt, dirs + (d,), cells + (nxt,))

    walk(start, (), ())
    return out


def stealable(van: Van) -> list[str]:
    return [k for k in van.cargo if k != BOMB]


def best_stealable(van: Van) -> str | None:
    """The package the Rogue takes: the most valuable one, never the exploding package."""
    best = None
    for k in van.cargo:
        if k != BOMB and (best is None or VALUE[k] > VALUE[best]):
            best = k
    return best


def tile_value(tile: list[str]) -> int:
    return max((VALUE[k] for k in tile if k != BOMB), default=0)


def rogue_choices(state: PState, board: Board, mover: int, controller: int, steps: int) -> list[tuple[str, ...]]:
    """Routes the round winner may give the Rogue, following its priority list.

    1. the most valuable package lying on a tile within reach, closest first: go straight to it;
    2. else the opponent van carrying the most valuable package: end as close to it as possible;
    3. else any route.
    """
    rogue = state.vans[mover]
    paths = simple_paths(board, rogue.pos, steps)
    if not paths:
        return [()]
    dist = board.dist[rogue.pos]
    best_v, best_d, targets = 0, 99, set()
    for cell in range(len(state.tiles)):
        d = dist[cell]
        if not 1 <= d <= steps:
            continue
        v = tile_value(state.tiles[cell])
        if v == 0:
            continue
        if v > best_v or (v == best_v and d < best_d):
            best_v, best_d, targets = v, d, {cell}
        elif v == best_v and d == best_d:
            targets.add(cell)
    if targets:
        return [dirs for dirs, cells in paths if len(dirs) == best_d and cells[-1] in targets]
    opponents = [v for v in state.vans if v.role in (DRIVER, ROGUE_PLAYER) and v.seat != controller and v.pos >= 0]
    top = max((VALUE[k] for v in opponents for k in stealable(v)), default=0)
    if top:
        aims = [v.pos for v in opponents if any(VALUE[k] == top for k in stealable(v))]
        def gap(cells: tuple[int, ...]) -> int:
            return min(board.dist[cells[-1]][a] for a in aims)
        closest = min(gap(cells) for _, cells in paths)
        return [dirs for dirs, cells in paths if gap(cells) == closest]
    return [dirs for dirs, _ in paths]


def hunt_route(state: PState, board: Board, mover: int, steps: int) -> tuple[str, ...]:
    """The solo-mode policy of the Rogue and the AI driver: chase the solo player's van and rob its
    route, grabbing packages on the way when that is about as good."""
    rogue = state.vans[mover]
    prey = state.vans[0]
    paths = simple_paths(board, rogue.pos, steps)
    if not paths:
        return ()
    loot = sorted((VALUE[k] for k in stealable(prey)), reverse=True)
    prey_cubes = set(prey.cubes)
    best, best_score = paths[0][0], -1e9
    for dirs, cells in paths:
        hits = sum(1 for c in cells if c in prey_cubes)
        theft = sum(loot[:hits])
        pick = sum(VALUE[k] for c in cells for k in state.tiles[c] if k == HIGH)
        near = board.dist[cells[-1]][prey.pos] if prey.pos >= 0 else 0
        score = 3.0 * theft + pick - (1.5 if loot else 0.5) * near - 0.01 * len(dirs)
        if score > best_score:
            best, best_score = dirs, score
    return best


def thief_room(thief: Van) -> bool:
    return thief.role == AUTO or len(thief.cargo) < thief.capacity


def victims_at(state: PState, thief_index: int, cell: int) -> list[int]:
    """Vans whose route cubes lie on ``cell`` and who have something the thief may take."""
    thief = state.vans[thief_index]
    out = []
    for i, v in enumerate(state.vans):
        if i == thief_index or v.role not in (DRIVER, ROGUE_PLAYER) or v.seat < 0:
            continue
        if thief.role == AUTO and state.players == 1 and v.seat != 0:
            continue
        if cell in v.cubes and stealable(v):
            out.append(i)
    return out


def rogue_rule_text(state: PState, board: Board, mover: int, controller: int, steps: int) -> str:
    """Why the round winner's Rogue route is limited, in the player's words."""
    rogue = state.vans[mover]
    dist = board.dist[rogue.pos]
    reach = [c for c in range(len(state.tiles)) if 1 <= dist[c] <= steps and tile_value(state.tiles[c])]
    if reach:
        top = max(tile_value(state.tiles[c]) for c in reach)
        near = min((c for c in reach if tile_value(state.tiles[c]) == top), key=lambda c: dist[c])
        kind = "high-value" if top > 1 else "low-value"
        return (f"The Rogue's priority list: first the nearest {kind} package on the map, so it must "
                f"drive straight to {state.locations[near]} ({dist[near]} step(s)).")
    opponents = [v for v in state.vans if v.role in (DRIVER, ROGUE_PLAYER) and v.seat != controller and stealable(v)]
    if opponents:
        names = " or ".join(v.name for v in opponents)
        return (f"The Rogue's priority list: no package in reach, so it must end as close as it can to "
                f"{names}'s van.")
    return "The Rogue may go anywhere within 3 steps."
