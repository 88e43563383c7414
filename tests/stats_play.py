"""Seeded whole games for the statistics tests: the game's own rule-of-thumb player, with a share
of uniformly random moves so that the rarer actions (auctions, traps, trades, blockages) happen."""

from __future__ import annotations

import functools
import random

from courier.ai import base as ai_base
from courier.match import Match, SeatSpec
from courier.rules.rng import OFFSET, Rng

COLOURS = ((0, 114, 178), (230, 159, 0), (0, 158, 115), (160, 90, 170))
#: (game, player counts to play)
GAMES = (("next-day", (3, 4)), ("doorstep-dash", (2, 3, 4)), ("package-pandemonium", (1, 2, 3)),
         ("out-for-delivery", (2, 3, 4)))


def seats(n: int) -> list[SeatSpec]:
    return [SeatSpec(f"Seat {i + 1}", COLOURS[i], "human" if i == 0 else "ai", "easy") for i in range(n)]


@functools.lru_cache(maxsize=32)
def finished(game_id: str, players: int, seed: int, wild: float = 0.25) -> Match:
    """A finished match (computed once per run: tests only read it). Dealt with the first seeding:
    the seeds the tests name were chosen for what their games hold (an auction, a sprung trap)."""
    m = Match.new(game_id, seats(players), seed=seed, seeding=OFFSET)
    bot = ai_base.heuristic_bot(game_id, "easy")
    pick = random.Random(seed)
    for k in range(40000):
        if m.is_over():
            break
        seat = min(m.to_act())
        legal = m.legal(seat)
        if pick.random() < wild:
            action = pick.choice(legal)
        else:
            action = bot.choose(m.game, m.view(seat), seat, legal, Rng(seed * 1000 + k))
        m.submit(action)
    assert m.is_over(), f"{game_id} did not finish"
    return m
