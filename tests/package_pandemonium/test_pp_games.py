"""Many seeded games: random-legal play for every player count and the heuristic AI, with
invariants (packages conserved, one exploding package at most, texts round-trip, it ends)."""

from __future__ import annotations

import pytest

from courier.ai.base import RandomBot
from courier.ai.package_pandemonium import make_bot as heuristic
from courier.rules.rng import Rng
from tests.package_pandemonium.pp_helpers import GAME, package_total

MAPS = list(GAME.maps)
CHUNK = 25


def run_random(players: int, seed: int) -> int:
    cfg = GAME.make_config(players=players, map=MAPS[seed % len(MAPS)])
    s = GAME.new_game(cfg, seed)
    totals = (cfg.pool_low, cfg.pool_high)
    rng = Rng(seed * 31 + players)
    steps = 0
    while not GAME.is_over(s):
        acting = GAME.to_act(s)
        assert acting, s.phase
        seat = rng.choice(acting)
        legal = GAME.legal_actions(s, seat)
        assert legal, (s.phase, seat)
        if steps % 7 == 0:
            for a in legal:
                assert GAME.parse_action(s, a.to_text()) == a
        a = rng.choice(legal)
        assert GAME.parse_action(s, a.to_text()) == a
        GAME.apply(s, a)
        low, high, bomb = package_total(s)
        assert (low, high) == totals and bomb <= 1
        assert all(len(v.cargo) <= v.capacity for v in s.vans)
        assert all(0 <= v.battery <= v.battery_max for v in s.vans)
        steps += 1
        assert steps < 3000
    assert s.round == cfg.rounds and all(not v.hand for v in s.vans if v.seat >= 0)
    assert len(GAME.scores(s)) == players
    return steps


@pytest.mark.parametrize("players", [1, 2, 3])
@pytest.mark.parametrize("chunk", range(500 // CHUNK))
def test_random_legal_games_end_cleanly(players, chunk):
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        run_random(players, seed)


LEVELS = ("easy", "normal", "hard")


@pytest.mark.parametrize("chunk", range(6))
def test_ai_games_end_cleanly(chunk):
    for seed in range(chunk * 10, chunk * 10 + 10):
        players = 1 + seed % 3
        cfg = GAME.make_config(players=players, map=MAPS[seed % len(MAPS)])
        s = GAME.new_game(cfg, 1000 + seed)
        bots = [heuristic(LEVELS[(seed + i) % 3]) for i in range(players)]
        rng = Rng(seed)
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_actions(s, seat)
            a = bots[seat].choose(GAME, GAME.view(s, seat), seat, legal, rng)
            assert a in legal
            GAME.apply(s, a)
            assert package_total(s)[:2] == (cfg.pool_low, cfg.pool_high)
        assert s.round == cfg.rounds


def test_ai_beats_random_play():
    wins = 0
    for seed in range(12):
        cfg = GAME.make_config(players=2, map=MAPS[seed % len(MAPS)])
        s = GAME.new_game(cfg, seed)
        bots = [heuristic("normal"), RandomBot()]
        rng = Rng(seed)
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            GAME.apply(s, bots[seat].choose(GAME, GAME.view(s, seat), seat, GAME.legal_actions(s, seat), rng))
        sc = GAME.scores(s)
        wins += sc[0] > sc[1]
    assert wins >= 10
