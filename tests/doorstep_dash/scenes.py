"""Doorstep Dash board scenes in chosen positions, reached by playing seeded moves through a real
``Match`` (the human seat 0 against computer seats), for the layout and keyboard tests."""

from __future__ import annotations

from typing import Callable

from courier.match import Match, SeatSpec
from courier.rules.doorstep_dash import actions as A
from courier.rules.rng import OFFSET, Rng

NAMES = ["Annabel Fitzgerald-Smythe", "Bob", "Cat", "Dan"]
COLOURS = [(0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167)]


def seats(n: int, humans: int = 1) -> list[SeatSpec]:
    return [SeatSpec(NAMES[i], COLOURS[i], "human" if i < humans else "ai", "easy") for i in range(n)]


def kinds(match: Match, seat: int = 0) -> set[type]:
    return {type(a) for a in match.legal(seat)} if seat in match.to_act() else set()


def play_until(want: Callable[[Match], bool], players: int = 4, seed: int = 1, limit: int = 3000,
               steer: Callable[[Match, int, list], object] | None = None) -> Match:
    """A match played from ``seed`` by seeded choices until ``want(match)`` holds with seat 0 to act
    (or, for the end, the game is over). Dealt with the first seeding: the seeds the tests name
    were chosen for the positions they reach."""
    match = Match.new("doorstep-dash", seats(players), seed=seed, seeding=OFFSET)
    rng = Rng(seed)
    for _ in range(limit):
        if want(match):
            return match
        if match.is_over():
            break
        seat = match.to_act()[0]
        legal = match.legal(seat)
        pick = steer(match, seat, legal) if steer is not None else None
        if pick is None:
            # mostly sensible: keep everything, drive, end turns; sometimes anything
            useful = [a for a in legal if not isinstance(a, (A.GiveUp,))]
            pick = useful[rng.randbelow(len(useful))] if useful else legal[0]
        match.submit(pick)  # type: ignore[arg-type]
    raise AssertionError("the wanted position was never reached")
