"""The heuristic players at mixed levels finish real games, and play them sensibly."""

from __future__ import annotations

import pytest

from courier.ai.base import make_bot
from courier.rules.next_day import GAME as G
from courier.rules.next_day import actions as A
from courier.rules.rng import Rng

LEVELS = ("easy", "normal", "hard")


def play(seed: int, levels: list[str]):
    cfg = G.make_config(players=len(levels))
    s = G.new_game(cfg, seed)
    bots = [make_bot("next-day", lvl) for lvl in levels]
    rng = Rng(seed)
    kinds: dict[str, int] = {}
    while not G.is_over(s):
        seat = G.to_act(s)[0]
        legal = G.legal_actions(s, seat)
        action = bots[seat].choose(G, G.view(s, seat), seat, legal, rng)
        assert action in legal
        for e in G.apply(s, action):
            kinds[e.kind] = kinds.get(e.kind, 0) + 1
        for c in s.contracts:
            assert c.waiting + s.in_transit(c.id) + c.delivered == c.parcels
    return s, kinds


@pytest.mark.parametrize("chunk", range(5))
def test_fifty_ai_games_end(chunk):
    totals: dict[str, int] = {}
    for seed in range(chunk * 10, chunk * 10 + 10):
        players = 3 + seed % 2
        levels = [LEVELS[(seed + i) % 3] for i in range(players)]
        s, kinds = play(seed, levels)
        for k, n in kinds.items():
            totals[k] = totals.get(k, 0) + n
        # bots deliver and somebody normally declares well before the safety net
        assert sum(p.delivered for p in s.players) > 0
    assert totals.get("declared", 0) >= 8
    assert totals.get("delivered", 0) > 100


def test_bot_declares_when_it_can_and_is_ahead():
    s = G.new_game(G.make_config(players=4, quick_setup=True), 4)
    for c in s.contracts:
        if c.owner == s.current:
            c.done, c.waiting, c.delivered = True, 0, c.parcels
    s.players[s.current].delivered = 8
    seat = s.current
    legal = G.legal_actions(s, seat)
    assert A.Declare(seat) in legal
    for level in LEVELS:
        assert make_bot("next-day", level).choose(G, G.view(s, seat), seat, legal, Rng(1)) == A.Declare(seat)


def test_bot_delivers_what_it_can():
    s = G.new_game(G.make_config(players=4, quick_setup=True), 4)
    seat = s.current
    c = next(c for c in s.contracts if c.owner == seat)
    c.waiting -= 1
    van = s.players[seat].vehicle("van")
    van.cargo.append(c.id)
    van.place = c.dropoff
    legal = G.legal_actions(s, seat)
    for level in LEVELS:
        assert make_bot("next-day", level).choose(G, G.view(s, seat), seat, legal, Rng(1)) == A.Deliver(seat, "van", c.id)
