"""Facts derived once per board, and what positions can share, so legal moves are cheap to list.

Random play and the computer players ask for the reachable tiles of a position several times
(listing the moves, checking the chosen one, carrying it out). The cheapest costs depend only on
a few things: the start tile, the movement points left and the *cost profile* (this round's
weather per region, the obstacle, climbing gear, an umbrella or snow shoes in use). Results are
cached under exactly those keys, so a state changed by hand can never read a stale answer.
Everything handed out from here is shared: callers must not change it.
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery.config import WEATHERS

if TYPE_CHECKING:
    from courier.rules.base import Action
    from courier.rules.out_for_delivery.board import Board
    from courier.rules.out_for_delivery.state import OfdState

#: (weather per region, obstacle, climbing gear, umbrella in use, snow shoes in use)
Profile = tuple[tuple[str, ...], str, bool, bool, bool]
#: (step cost per region, obstacle, climbing gear): all that step costs depend on
StepKey = tuple[tuple[int, ...], str, bool]
#: cheapest cost to each reachable tile, and the tile each is reached from
Reach = tuple[dict[int, int], dict[int, int]]

_MAX_CACHED = 2048


def terrain_cost(terrain: str, base: int, obstacle: str, gear: bool, boat: bool = False) -> int | None:
    """Cost in half MP to enter a tile of ``terrain`` where a step costs ``base``; None if shut.

    The one statement of the terrain rules (rough terrain, riots, rock slides, bridge works).
    """
    if terrain == "road":
        return base
    if terrain == "city":
        return base * 2 if obstacle == "town_riots" else base
    if terrain == "mountain":
        if gear:
            return base
        return None if obstacle == "rock_slide" else base * 2
    if terrain == "river":
        if boat:
            return base
        return None if obstacle == "bridge_construction" else base * 2
    return None


def weather_dmc(weather: str, umbrella: bool, snow_shoes: bool) -> int:
    """Default movement cost of ``weather`` in half MP for a courier with these items in use."""
    w = WEATHERS[weather]
    if (w.family == "rain" and umbrella) or (w.family == "snow" and snow_shoes):
        return 2
    return w.dmc_halves


class BoardTables:
    """Static tables of one board plus caches keyed by everything their answers depend on."""

    def __init__(self, board: "Board") -> None:
        self.board = board
        n = board.width * board.height
        self.cell_text: tuple[str, ...] = tuple(board.cell_text(c) for c in range(n))
        self.neighbours = board.neighbours
        #: cost tables; there are few (step costs x events x gear), so they are never dropped
        self._by_steps: dict[StepKey, list[int | None]] = {}
        self._by_profile: dict[Profile, list[int | None]] = {}
        # each tile entered by a step is one of a few kinds (terrain, region): cost tables are
        # made per kind, then spread over the tiles
        kinds: dict[tuple[str, int], int] = {}
        for c, nbs in enumerate(board.neighbours):
            if nbs:
                kinds.setdefault((board.terrain[c], board.region_of[c]), len(kinds))
        self._kinds: tuple[tuple[str, int], ...] = tuple(kinds)
        self._kind_of: tuple[int, ...] = tuple(
            kinds[(board.terrain[c], board.region_of[c])] if nbs else len(kinds)
            for c, nbs in enumerate(board.neighbours))
        self._reach: dict[tuple[int, int | None, Profile], Reach] = {}
        self._moves: dict[int, list[A.Move]] = {}
        self._actions: dict[tuple, "Action"] = {}

    def profile(self, state: "OfdState", seat: int) -> Profile:
        mine = seat == state.current
        return (tuple(state.weather), state.obstacle, "climbing_gear" in state.players[seat].items,
                mine and state.umbrella, mine and state.snow_shoes)

    def costs(self, profile: Profile) -> list[int | None]:
        """Cost to enter each tile under ``profile`` (None: it cannot be entered this round).
        Profiles whose weathers cost the same (with the same event and gear) share one table."""
        got = self._by_profile.get(profile)
        if got is None:
            weather, obstacle, gear, umbrella, snow_shoes = profile
            if weather:
                dmcs = tuple(weather_dmc(w, umbrella, snow_shoes) for w in weather)
            else:
                dmcs = (weather_dmc("cloudy", umbrella, snow_shoes),) * len(self.board.regions)
            steps = (dmcs, obstacle, gear)
            got = self._by_steps.get(steps)
            if got is None:
                kinds = [terrain_cost(t, dmcs[r], obstacle, gear) for t, r in self._kinds] + [None]
                got = self._by_steps[steps] = [kinds[k] for k in self._kind_of]
            if len(self._by_profile) >= _MAX_CACHED:
                self._by_profile.clear()
            self._by_profile[profile] = got
        return got

    def reach(self, state: "OfdState", seat: int, limit: int | None) -> Reach:
        """Cheapest costs from ``seat``'s tile (within ``limit``) and each tile's predecessor.

        The search is the one ``costs.distances`` always made (same order, same ties), so paths
        and the order of the answers are unchanged; only repeats are served from the cache.
        """
        profile = self.profile(state, seat)
        start = state.players[seat].cell
        key = (start, limit, profile)
        got = self._reach.get(key)
        if got is not None:
            return got
        cost_of = self.costs(profile)
        neighbours = self.neighbours
        lim = (1 << 30) if limit is None else limit
        dist = {start: 0}
        prev: dict[int, int] = {}
        heap = [(0, start)]
        pop, push, get = heapq.heappop, heapq.heappush, dist.get
        while heap:
            d, c = pop(heap)
            if d > dist[c]:
                continue
            for nb in neighbours[c]:
                cost = cost_of[nb]
                if cost is None:
                    continue
                nd = d + cost
                if nd <= lim and nd < get(nb, lim + 1):
                    dist[nb] = nd
                    prev[nb] = c
                    push(heap, (nd, nb))
        got = (dist, prev)
        if len(self._reach) >= _MAX_CACHED:
            self._reach.clear()
        self._reach[key] = got
        return got

    def moves(self, seat: int) -> list[A.Move]:
        """``seat``'s (immutable, shared) action of travelling to each tile, indexed by tile."""
        got = self._moves.get(seat)
        if got is None:
            got = self._moves[seat] = [A.Move(seat, c, t) for c, t in enumerate(self.cell_text)]
        return got

    def shared(self, cls: type, seat: int, *args: object) -> "Action":
        """The action ``cls(seat, *args)``, made once: actions are immutable values."""
        key = (cls, seat) + args
        got = self._actions.get(key)
        if got is None:
            got = self._actions[key] = cls(seat, *args)
        return got


_TABLES: dict[int, BoardTables] = {}


def tables(board: "Board") -> BoardTables:
    """The tables of ``board``, built on first use (boards are built once per process)."""
    got = _TABLES.get(id(board))
    if got is None or got.board is not board:
        got = _TABLES[id(board)] = BoardTables(board)
    return got
