"""Shared set-ups for the Out For Delivery tests: games, configs and hand-placed positions."""

from __future__ import annotations

from courier.rules import registry
from courier.rules.base import Action
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery.game import OutForDelivery
from courier.rules.out_for_delivery.state import OfdState, Parcel

GAME: OutForDelivery = registry.get("out-for-delivery")  # type: ignore[assignment]


def config(players: int = 2, **options):
    return GAME.make_config(players=players, **options)


def board(cfg=None):
    return GAME.board(cfg or config())


def started(players: int = 2, seed: int = 1, **options) -> OfdState:
    """A game past set-up: seat i starts in city i+1; it is seat 0's turn to roll."""
    cfg = config(players, **options)
    s = GAME.new_game(cfg, seed)
    for i in range(players):
        GAME.apply(s, A.StartCity(i, i + 1))
    assert s.phase == "roll" and s.round == 1
    return s


def acting(players: int = 2, seed: int = 1, mp: float = 12, weather: str = "cloudy", obstacle: str = "none", **options) -> OfdState:
    """Seat 0 in the act phase with ``mp`` movement points, calm weather everywhere, no event."""
    s = started(players, seed, **options)
    GAME.apply(s, A.Roll(0))
    s.mp = int(mp * 2)
    s.weather = [weather] * len(s.weather)
    s.obstacle = obstacle
    for p in s.players:
        p.items = []
    return s


def at(s: OfdState, seat: int, cell: int) -> None:
    s.players[seat].cell = cell


def give(s: OfdState, seat: int, *parcels: tuple[int, int]) -> None:
    s.players[seat].parcels = [Parcel(d, sq) for d, sq in parcels]


def legal_texts(s: OfdState, seat: int | None = None) -> list[str]:
    seat = GAME.to_act(s)[0] if seat is None else seat
    return [a.to_text() for a in GAME.legal_actions(s, seat)]


def act(s: OfdState, text: str) -> list:
    """Parse and apply one action text; returns the events."""
    return GAME.apply(s, GAME.parse_action(s, text))


def find(s: OfdState, kind: type) -> list[Action]:
    return [a for a in GAME.legal_actions(s, GAME.to_act(s)[0]) if isinstance(a, kind)]
