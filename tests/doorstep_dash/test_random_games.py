"""Hundreds of seeded random-legal games: no errors, cards conserved, every text round-trips."""

from __future__ import annotations

import pytest

from courier.ai.base import RandomBot
from courier.rules.rng import Rng
from tests.doorstep_dash.helpers import GAME, check_invariants, config

CHUNKS = 10
PER_CHUNK = 50  # 500 games in all
MAX_ROUNDS = 40  # random drivers rarely finish: the round limit ends their games


def play_random(seed: int, check_every: int = 1) -> tuple[object, int]:
    cfg = config(2 + seed % 3, max_rounds=MAX_ROUNDS)
    s = GAME.new_game(cfg, seed)
    bot = RandomBot()
    rng = Rng(seed * 7 + 1)
    n = 0
    while not GAME.is_over(s):
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        GAME.apply(s, bot.choose(GAME, s, seat, legal, rng))
        n += 1
        if n % check_every == 0:
            check_invariants(s)
        assert n < 5000, "a random game did not end"
    check_invariants(s)
    return s, n


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_end_cleanly(chunk: int) -> None:
    ends = set()
    for seed in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        s, _ = play_random(seed, check_every=1 if seed % 10 == 0 else 7)
        assert s.phase == "over" and s.ended in ("done", "rounds")
        assert GAME.to_act(s) == []
        ends.add(s.ended)
    assert "rounds" in ends
