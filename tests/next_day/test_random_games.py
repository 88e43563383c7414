"""Hundreds of seeded random-legal games: they end, and nothing is created or lost on the way.

Random players rarely finish contracts, so the round limit (lowered here to keep the batch fast)
ends most games: that safety net is part of what is tested.
"""

from __future__ import annotations

import pytest

from courier.rules.next_day import GAME as G
from courier.rules.rng import Rng

GAMES = 500
CHUNKS = 20
ROUND_LIMIT = 4


def parcels_ok(s) -> None:
    for c in s.contracts:
        assert c.waiting + s.in_transit(c.id) + c.delivered == c.parcels, c
        assert c.done == (c.delivered == c.parcels)
    carried = [cid for p in s.players for v in p.vehicles for cid in v.cargo]
    for cid in carried:
        assert s.contracts[cid].owner == next(i for i, p in enumerate(s.players)
                                              for v in p.vehicles if cid in v.cargo)


def play_random(seed: int, *, check_all_texts: bool = False) -> tuple:
    players = 3 + seed % 2
    cfg = G.make_config(players=players, round_limit=ROUND_LIMIT)
    s = G.new_game(cfg, seed)
    rng = Rng(seed * 7919 + 1)
    log: list[str] = []
    steps = 0
    while not G.is_over(s):
        acting = G.to_act(s)
        assert acting
        seat = acting[rng.randbelow(len(acting))]
        legal = G.legal_actions(s, seat)
        assert legal, f"seat {seat} has nothing to do"
        if check_all_texts:
            for a in legal:
                assert G.parse_action(s, a.to_text()) == a, a.to_text()
        action = rng.choice(legal)
        text = action.to_text()
        assert G.parse_action(s, text) == action, text
        before = [p.credits for p in s.players]
        events = G.apply(s, action)
        log.append(text)
        # credits move only by deliveries, the end bonus and blockage payments
        delta = [0] * players
        for e in events:
            if e.kind == "delivered":
                delta[e.data["seat"]] += e.data["amount"]
            elif e.kind == "blockage_moved":
                delta[e.data["seat"]] -= e.data["cost"]
            elif e.kind == "declared":
                delta[e.data["seat"]] += e.data["bonus"]
        assert [p.credits for p in s.players] == [b + d for b, d in zip(before, delta)]
        assert all(p.credits >= 0 for p in s.players)
        parcels_ok(s)
        steps += 1
        assert steps < 20000
    assert G.to_act(s) == [] and len(G.scores(s)) == players
    assert s.end_reason in ("declared", "round limit")
    return cfg, s, log


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_end_with_everything_accounted_for(chunk):
    per = GAMES // CHUNKS
    for seed in range(chunk * per, (chunk + 1) * per):
        cfg, s, log = play_random(seed, check_all_texts=(seed % per == 0))
        if seed % per == 1:
            # seed + action log replays exactly
            again = G.new_game(cfg, seed)
            for text in log:
                G.apply(again, G.parse_action(again, text))
            assert again == s
