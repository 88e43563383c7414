"""Facts derived once per map card, and the routes positions can share, so legal moves are
cheap to list.

Random play and the computer players list every route of a van from every position. A route
list depends on little: the start tile, the steps left, and (only when the battery could run
out) the van's cubes within reach, its charge and whether an electric-drive tile in reach may
still top it up. Route lists are cached under exactly that key, so a state changed by hand can
never read a stale answer. Everything handed out from here is shared: callers must not change it.
"""

from __future__ import annotations

from courier.rules.package_pandemonium.board import Board, edge

#: what a route list depends on: (start, steps left) when the battery cannot run out, else
#: (start, steps left, battery, cubes in reach as a bit mask[, battery size while it may charge])
RouteKey = tuple[int, ...]

_MAX_CACHED = 50_000


class RouteTables:
    """Static tables of one map card plus the route lists walked from it so far."""

    def __init__(self, board: Board) -> None:
        self.board = board
        #: step_to[cell][direction] -> next cell, for the steps the map allows (compass order)
        self.step_to: tuple[dict[str, int], ...] = tuple(dict(m) for m in board.moves)
        #: (from, to) steps that cross a bridge
        self.bridge_steps: frozenset[tuple[int, int]] = frozenset(
            (a, b) for a in range(len(board.moves)) for _, b in board.moves[a] if edge(a, b) in board.bridges)
        #: near[cell][n]: bit mask of the tiles at most n steps from cell
        self.near: tuple[tuple[int, ...], ...] = tuple(_rings(row) for row in board.dist)
        self.electric_mask = sum(1 << c for c in board.electric)
        #: exits[cell]: (direction, next cell, its bit, whether it is an electric-drive tile)
        self.exits: tuple[tuple[tuple[str, int, int, bool], ...], ...] = tuple(
            tuple((d, nxt, 1 << nxt, nxt in board.electric) for d, nxt in moves) for moves in board.moves)
        self._routes: dict[RouteKey, tuple[tuple[str, ...], ...]] = {}

    def key(self, pos: int, left: int, battery: int, battery_max: int, cubes: list[int],
            charged: bool) -> RouteKey:
        """Exactly what the routes from here depend on, so that equal keys share one answer.

        A battery holding a charge for every step left makes every walk affordable; otherwise
        only the cubes within reach matter, and the battery size only while an electric-drive
        tile in reach can still charge the van this round (``charged``: it already did).
        """
        if left < 2 or battery >= left:
            return (pos, left)
        near = self.near[pos][min(left, len(self.near[pos]) - 1)]
        mask = 0
        for c in cubes:
            mask |= 1 << c
        mask &= near
        if near & self.electric_mask and not charged:
            return (pos, left, battery, mask, battery_max)
        return (pos, left, battery, mask)

    def routes(self, key: RouteKey) -> tuple[tuple[str, ...], ...]:
        """Every route of two or more steps for ``key``, depth first in compass order: each step
        onto one of the van's own cubes (those placed on this route included) costs a charge,
        and the first electric-drive tile entered adds one while the battery is not full."""
        got = self._routes.get(key)
        if got is not None:
            return got
        pos, left = key[0], key[1]
        if len(key) == 2:  # every walk is affordable
            battery, cubes, battery_max, charged = left, 0, left, True
        else:
            battery, cubes = key[2], key[3]
            battery_max, charged = (key[4], False) if len(key) == 5 else (0, True)
        out: list[tuple[str, ...]] = []
        exits = self.exits

        def walk(pos: int, battery: int, cubes: int, charged: bool, dirs: tuple[str, ...]) -> None:
            if len(dirs) >= 2:
                out.append(dirs)
            if len(dirs) == left:
                return
            for d, nxt, bit, plug in exits[pos]:
                b = battery
                if cubes & bit:
                    if b < 1:
                        continue
                    b -= 1
                ch = charged
                if plug and not ch and b < battery_max:
                    b, ch = b + 1, True
                walk(nxt, b, cubes | bit, ch, dirs + (d,))

        if left >= 2:
            walk(pos, battery, cubes, charged, ())
        got = tuple(out)
        if len(self._routes) >= _MAX_CACHED:
            self._routes.clear()
        self._routes[key] = got
        return got


def _rings(dist: tuple[int, ...]) -> tuple[int, ...]:
    """Bit masks of the tiles within 0, 1, 2, ... steps, from one row of the distance table."""
    masks = [0] * len(dist)
    for c, d in enumerate(dist):
        if d < len(masks):
            masks[d] |= 1 << c
    for n in range(1, len(masks)):
        masks[n] |= masks[n - 1]
    return tuple(masks)


_TABLES: dict[int, RouteTables] = {}


def route_tables(board: Board) -> RouteTables:
    """The tables of ``board``, built on first use (boards are built once per process)."""
    got = _TABLES.get(id(board))
    if got is None or got.board is not board:
        got = _TABLES[id(board)] = RouteTables(board)
    return got
