"""Lookups derived once from the board and the config, so the rules' hot paths (the route search
behind every list of legal actions, checking a drive) index small tuples instead of rebuilding
sets, frozensets and dictionaries at every call.

Places get numbers in the order of their names, so a number compares the way its name does and
a search that breaks ties by place name gives the same routes with numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from courier.rules.next_day.board import Board
from courier.rules.next_day.config import NextDayConfig


#: how many spelt-out routes the tables keep before starting afresh (a few MB at most)
PATHS_LIMIT = 20_000


@dataclass(frozen=True)
class RoadTables:
    #: place names, sorted; a place's number is its position here
    names: tuple[str, ...]
    number: dict[str, int]
    #: per place number: (neighbour number, road id) in the board's own order
    adj: tuple[tuple[tuple[int, int], ...], ...]
    #: per place number: units to enter it before congestion
    entry: tuple[int, ...]
    #: (from, to) place names -> road id, both ways round
    road_of: dict[tuple[str, str], int]
    #: per place number: the one-place tuple a route grows by (made once, not at every step)
    single: tuple[tuple[str], ...] = ()
    #: per road id: the numbers of the places at its two ends
    ends: tuple[tuple[int, int], ...] = ()
    #: the roads open to a vehicle, per blockage layout and kind of vehicle (see movement.road_view)
    views: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    #: bits per place in a route's number (see ``route_path``)
    bits: int = 7
    #: route number -> its places, for the routes spelt out so far (every seat and vehicle shares them)
    paths: dict[int, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)

    def route_path(self, route: int) -> tuple[str, ...]:
        """The places of a route found by the search, which numbers a route as one integer: a
        leading 1, then ``bits`` bits per place from the start on. Growing a route by one place
        is a shift and an or, and a route is a cheap dictionary key (see engine._drives)."""
        got = self.paths.get(route)
        if got is None:
            names, mask, bits, rest = self.names, (1 << self.bits) - 1, self.bits, route
            out = []
            while rest != 1:
                out.append(names[rest & mask])
                rest >>= bits
            out.reverse()
            if len(self.paths) > PATHS_LIMIT:
                self.paths.clear()
            got = self.paths[route] = tuple(out)
        return got


def tables(board: Board, cfg: NextDayConfig) -> RoadTables:
    """The tables for ``board`` with ``cfg``'s entry costs (built once, kept on the board).

    The last config asked about is remembered with its tables and entry costs, so the usual call
    (the same config again) costs an identity test and a small comparison, not a sorted key.
    """
    last = board.derived.get("last tables")
    if last is not None and last[0] is cfg and last[2] == cfg.entry_cost:
        return last[1]
    key = ("roads", tuple(sorted(cfg.entry_cost.items())))
    got = board.derived.get(key)
    if got is None:
        got = board.derived[key] = _build(board, cfg)
    board.derived["last tables"] = (cfg, got, dict(cfg.entry_cost))
    return got


def _build(board: Board, cfg: NextDayConfig) -> RoadTables:
    names = tuple(sorted(board.places))
    number = {n: i for i, n in enumerate(names)}
    adj = tuple(tuple((number[nxt], road) for nxt, road in board.adj[n]) for n in names)
    entry = tuple(cfg.entry_cost[board.places[n].kind] for n in names)
    road_of: dict[tuple[str, str], int] = {}
    for r in board.roads:
        road_of[(r.a, r.b)] = road_of[(r.b, r.a)] = r.id
    ends = tuple((number[r.a], number[r.b]) for r in board.roads)
    return RoadTables(names, number, adj, entry, road_of, tuple((n,) for n in names), ends,
                      bits=max(1, len(names).bit_length()))


#: how many entries one family keeps for handing out again before it starts afresh
MEMO_LIMIT = 8_000


def memo(board: Board, family: Any, limit: int = MEMO_LIMIT) -> dict[Any, Any]:
    """A store of ready-made actions of one family, kept on the board and shared by every state.

    Actions are frozen values, so the legal-action lists can hand out the same object again
    instead of building hundreds of equal ones at every position (routes, bids, blockage moves).
    The store is emptied when it grows past ``limit`` entries, so a long session stays small
    (a few MB with every family full).
    """
    key = ("memo", family)
    got = board.derived.get(key)
    if got is None or len(got) > limit:
        got = board.derived[key] = {}
    return got


def made(board: Board, cls: Any, *args: Any) -> Any:
    """The action ``cls(*args)``, made once per board and handed out again (see ``memo``)."""
    store = board.derived.get("made")
    if store is None:
        store = board.derived["made"] = {}
    key = (cls, args)
    got = store.get(key)
    if got is None:
        if len(store) > MEMO_LIMIT:  # start afresh, as memo does
            store.clear()
        got = store[key] = cls(*args)
    return got
