"""Where a van may end a drive: exactly the die's count of spaces, never a space twice.

A drive may stop early on one of ``stops`` (the warehouse, entrances of houses on your cards).
If the roads allow no drive of the full count (a dead end), the van goes as far as it can.
Each end space comes with one route: the shortest, first found in north-east-south-west order,
so the same roll always animates the same way.
"""

from __future__ import annotations

from courier.rules.doorstep_dash.board import Board, Cell


def move_options(board: Board, start: Cell, steps: int, stops: set[Cell] | frozenset[Cell]) -> dict[Cell, list[Cell]]:
    """End space -> route (the spaces entered, in order, the start excluded).

    The routes are shared with the board's cache: do not modify them.
    """
    if steps <= 0:
        return {}
    key = (start, steps)
    got = board.walks.get(key)
    if got is None:
        if len(board.walks) > 20000:
            board.walks.clear()
        got = board.walks[key] = _walk(board, start, steps)
    full, sooner = got
    out = dict(full)
    for cell, route in sooner.items():
        if cell in stops and (cell not in out or len(route) < len(out[cell])):
            out[cell] = route
    return out


def _walk(board: Board, start: Cell, steps: int) -> tuple[dict[Cell, list[Cell]], dict[Cell, list[Cell]]]:
    """Every route without repeats from ``start``, walked depth first (neighbours in north-east-
    south-west order, an explicit stack rather than recursion).

    Returns (first route found to each space at the longest length reached, up to ``steps``;
    first of the shortest routes found to each space passed on the way, before the last step):
    what ``move_options`` makes the drives of any hand of cards from.
    """
    nbrs = board.neighbours
    deepest = 0
    level: dict[Cell, list[Cell]] = {}
    sooner: dict[Cell, list[Cell]] = {}
    path: list[Cell] = []
    seen = {start}
    stack = [iter(nbrs[start])]
    while stack:
        for cell in stack[-1]:
            if cell not in seen:
                break
        else:
            stack.pop()
            if path:
                seen.discard(path.pop())
            continue
        seen.add(cell)
        path.append(cell)
        depth = len(path)
        if depth > deepest:
            deepest, level = depth, {}
        if depth == deepest and cell not in level:
            level[cell] = path[:]
        if depth < steps:
            old = sooner.get(cell)
            if old is None or len(old) > depth:
                sooner[cell] = path[:]
            stack.append(iter(nbrs[cell]))
        else:
            seen.discard(path.pop())
    return level, sooner
