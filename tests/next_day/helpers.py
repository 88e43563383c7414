"""Shared set-ups for the Next Day tests: games past set-up with chosen positions."""

from __future__ import annotations

from courier.rules.next_day import GAME
from courier.rules.next_day.state import Contract, NextDayState

G = GAME


def play_state(players: int = 4, seed: int = 1, **options) -> NextDayState:
    """A game just past a quick set-up, with no contracts, seat 0 to move, round 1."""
    cfg = G.make_config(players=players, quick_setup=True, **options)
    s = G.new_game(cfg, seed)
    s.contracts = []
    s.current = s.first = 0
    return s


def add_contract(s: NextDayState, owner: int, pickup: str, dropoff: str, parcels: int = 2,
                 price: int | None = None) -> Contract:
    c = Contract(len(s.contracts), owner, pickup, dropoff,
                 price if price is not None else G.price_for(s.config, pickup, dropoff), parcels, parcels)
    s.contracts.append(c)
    return c


def put(s: NextDayState, seat: int, kind: str, place: str) -> None:
    s.players[seat].vehicle(kind).place = place


def park_others(s: NextDayState, place: str = "Kevingston") -> None:
    """Every vehicle home, so congestion is under the test's control."""
    for p in s.players:
        for v in p.vehicles:
            v.place = place
