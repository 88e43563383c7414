"""Where a van may end a drive: exactly the die's count of spaces, never a space twice.

A drive may stop early on one of ``stops`` (the warehouse, entrances of houses on your cards).
If the roads allow no drive of the full count (a dead end), the van goes as far as it can.
Each end space comes with one route: the shortest, first found in north-east-south-west order,
so the same roll always animates the same way.
"""

from __future__ import annotations

from courier.rules.doorstep_dash.board import Board, Cell


def move_options(board: Board, start: Cell, steps: int, stops: set[Cell]) -> dict[Cell, list[Cell]]:
    """End space -> route (the spaces entered, in order, the start excluded)."""
    if steps <= 0:
        return {}
    by_len: dict[int, dict[Cell, list[Cell]]] = {}
    early: dict[Cell, list[Cell]] = {}
    nbrs = board.neighbours
    path: list[Cell] = []
    seen = {start}

    def walk(cell: Cell) -> None:
        depth = len(path)
        if depth:
            if depth == steps or depth not in by_len or cell not in by_len[depth]:
                by_len.setdefault(depth, {}).setdefault(cell, path[:])
            if depth < steps and cell in stops:
                old = early.get(cell)
                if old is None or len(old) > depth:
                    early[cell] = path[:]
        if depth == steps:
            return
        for nb in nbrs[cell]:
            if nb not in seen:
                seen.add(nb)
                path.append(nb)
                walk(nb)
                path.pop()
                seen.discard(nb)

    walk(start)
    if not by_len:
        return {}
    full = by_len.get(steps) or by_len[max(by_len)]
    out = dict(full)
    for cell, route in early.items():
        if cell not in out or len(route) < len(out[cell]):
            out[cell] = route
    return out
