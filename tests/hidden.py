"""Dealing the secrets again: a state that every seat but one sees exactly as before.

``scrambled(game_id, state, seat, salt)`` keeps ``seat``'s own secrets and the public position and
deals everything else anew: the other hands, missions and bonus cards, a priority card chosen in
secret, the deck orders and the dice to come (``seat=None`` deals every seat's secrets anew). The
tests of computer players' reasons and of the hot-seat screen use it to show that nothing they
produce depends on what the one looking cannot see.
"""

from __future__ import annotations

from typing import Any, Callable

from courier.rules.rng import Rng


# -- scrambling what a seat cannot see -------------------------------------------------------------
def _scramble_next_day(s: Any, seat: int | None, rng: Rng) -> None:
    others = [p for i, p in enumerate(s.players) if i != seat]
    pool = [c for p in others for c in p.hand]
    rng.shuffle(pool)
    for p in others:
        p.hand, pool = pool[: len(p.hand)], pool[len(p.hand):]
        p.drafts = []


def _scramble_doorstep(s: Any, seat: int | None, rng: Rng) -> None:
    others = [p for i, p in enumerate(s.players) if i != seat]
    pool = [c for p in others for c in p.hand] + list(s.deck)
    if s.current != seat:
        pool += list(s.opening_draw)
    rng.shuffle(pool)
    for p in others:
        p.hand, pool = pool[: len(p.hand)], pool[len(p.hand):]
        p.bonus = ["red" if b == "blue" else "blue" for b in p.bonus]
    if s.current != seat:
        s.opening_draw, pool = pool[: len(s.opening_draw)], pool[len(s.opening_draw):]
    s.deck = pool


def _scramble_pandemonium(s: Any, seat: int | None, rng: Rng) -> None:
    ids = sorted(s.config.missions)
    for v in s.vans:
        if v.seat == seat:
            continue
        v.missions = [rng.choice(ids) for _ in v.missions]
        if v.choice > 0 and v.hand:
            v.choice = rng.choice(v.hand)
    rng.shuffle(s.mission_deck)


SCRAMBLE: dict[str, Callable[[Any, int | None, Rng], None]] = {
    "next-day": _scramble_next_day,
    "doorstep-dash": _scramble_doorstep,
    "package-pandemonium": _scramble_pandemonium,
    "out-for-delivery": lambda s, seat, rng: None,  # nothing is hidden but the dice to come
}


def scrambled(game_id: str, state: Any, seat: int | None, salt: int) -> Any:
    out = state.clone()
    rng = Rng(salt * 7919 + 17)
    SCRAMBLE[game_id](out, seat, rng)
    out.rng = Rng(rng.next_u64())
    return out
