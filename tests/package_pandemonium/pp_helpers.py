"""Shared helpers for Package Pandemonium tests: quick set-up and hand-built positions."""

from __future__ import annotations

from courier.rules import registry
from courier.rules.package_pandemonium import actions as A
from courier.rules.package_pandemonium.board import parse_cell
from courier.rules.package_pandemonium.state import PRIORITY, PState

GAME = registry.get("package-pandemonium")


def cfg(players: int = 2, map: str = "Riverside", **kw):
    return GAME.make_config(players=players, map=map, **kw)


def setup(players: int = 2, map: str = "Riverside", seed: int = 1, companies: dict | None = None,
          bases: dict | None = None, **kw) -> PState:
    """A game past set-up (bases and companies chosen), at round 1's priority cards."""
    c = cfg(players, map, **kw)
    s = GAME.new_game(c, seed)
    while s.phase != PRIORITY:
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        pick = legal[0]
        for a in legal:
            if isinstance(a, A.PlaceBase) and bases and seat in bases and a.cell == parse_cell(bases[seat]):
                pick = a
            if isinstance(a, A.ChooseCompany) and companies and companies.get(seat) == a.company:
                pick = a
        GAME.apply(s, pick)
    return s


def clear_tiles(s: PState) -> None:
    """Put every package on the map back in the pool (for hand-built positions)."""
    for tile in s.tiles:
        for k in tile:
            if k == "L":
                s.pool_low += 1
            elif k == "H":
                s.pool_high += 1
        tile.clear()


def put(s: PState, cell: str, *kinds: str) -> None:
    for k in kinds:
        if k == "L":
            s.pool_low -= 1
        elif k == "H":
            s.pool_high -= 1
        s.tiles[parse_cell(cell)].append(k)


def load(s: PState, seat_or_van: int, *kinds: str) -> None:
    for k in kinds:
        if k in ("L", "SL"):
            s.pool_low -= 1
        elif k in ("H", "SH"):
            s.pool_high -= 1
        s.vans[seat_or_van].cargo.append(k)


def play(s: PState, *texts: str) -> list:
    events = []
    for t in texts:
        events += GAME.apply(s, GAME.parse_action(s, t))
    return events


def cell(name: str) -> int:
    return parse_cell(name)


def package_total(s: PState) -> tuple[int, int, int]:
    """(low, high, bomb) counted everywhere: pool, tiles, vans, bases (conservation check)."""
    low = s.pool_low + sum(t.count("L") for t in s.tiles)
    high = s.pool_high + sum(t.count("H") for t in s.tiles)
    bomb = sum(t.count("B") for t in s.tiles)
    for v in s.vans:
        low += sum(1 for k in v.cargo if k in ("L", "SL")) + v.banked_low + v.banked_stolen_low
        high += sum(1 for k in v.cargo if k in ("H", "SH")) + v.banked_high + v.banked_stolen_high
        bomb += v.cargo.count("B")
    return low, high, bomb
