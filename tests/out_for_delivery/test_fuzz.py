"""Hundreds of seeded random games and fifty AI games, with every invariant checked each step."""

from __future__ import annotations

import pytest

from tests.out_for_delivery.play import ai_game, random_game

CHUNKS, PER_CHUNK = 10, 52  # 520 random games


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_legal_games_end_without_error(chunk: int) -> None:
    for seed in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        s = random_game(seed, all_texts=seed % 13 == 0, uniform=seed % 2 == 0, max_rounds=6 + seed % 5)
        assert s.phase == "over"


@pytest.mark.parametrize("chunk", range(5))
def test_ai_games_reach_the_end_by_deliveries(chunk: int) -> None:
    ended_by_deliveries = 0
    for seed in range(chunk * 10, chunk * 10 + 10):
        s = ai_game(seed)
        assert s.phase == "over"
        cfg = s.config
        ended_by_deliveries += s.delivered_total >= cfg.deliveries_to_end
    assert ended_by_deliveries == 10, "heuristic couriers finish the game the normal way"
