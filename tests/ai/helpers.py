"""Shared helpers for the AI tests: small search budgets and seeded positions."""

from __future__ import annotations

from typing import Any

from courier.ai.base import make_bot
from courier.ai.search import Budget
from courier.rules import registry
from courier.rules.rng import OFFSET, Rng

#: tiny but complete: every part of the search runs (tree two plans deep, rollouts, evaluation)
TINY = Budget(iterations=4, time_cap=60.0, rollout_steps=3, depth=2, width=3)
SMALL = Budget(iterations=12, time_cap=60.0, rollout_steps=6, depth=2, width=4)

GAMES = registry.ids()


def player_counts(game_id: str) -> list[int]:
    g = registry.get(game_id)
    return list(range(g.min_players, g.max_players + 1))


def positions(game_id: str, players: int, seed: int, every: int, limit: int) -> list[tuple[Any, Any, int]]:
    """(state, view, seat) at every ``every``-th real choice of a heuristic game, at most ``limit``.
    Dealt with the first seeding: the tests' seeds were chosen for the positions they give."""
    game = registry.get(game_id)
    state = game.new_game(game.make_config(players=players, seeding=OFFSET), seed)
    bots = [make_bot(game_id, "heuristic") for _ in range(players)]
    rng = Rng(seed)
    out = []
    choices = 0
    for _ in range(3000):
        if game.is_over(state) or len(out) >= limit:
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) > 1:
            if choices % every == 0:
                out.append((state.clone(), game.view(state, seat), seat))
            choices += 1
        action = legal[0] if len(legal) == 1 else bots[seat].choose(game, game.view(state, seat), seat, legal, rng)
        game.apply(state, action)
    return out


def choices(game_id: str, seed: int, limit: int, level: str = "heuristic-normal"):
    """Every real choice (state copy, seat, legal actions) of a two-seat game played by ``level``."""
    game = registry.get(game_id)
    s = game.new_game(game.make_config(players=2), seed)
    bots = [make_bot(game_id, level) for _ in range(2)]
    rng = Rng(seed)
    for _ in range(limit):
        if game.is_over(s):
            return
        seat = game.to_act(s)[0]
        legal = game.legal_actions(s, seat)
        if len(legal) > 1:
            yield s.clone(), seat, legal
        game.apply(s, bots[seat].choose(game, game.view(s, seat), seat, legal, rng))
