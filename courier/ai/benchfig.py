"""Positions and timings for ``courier bench``'s search figures (decisions per second and think
time per level and game, printed by ``courier.dev.bench.bench_search``).

Positions come from one seeded game of the heuristic players per game (evenly spread over the game,
only decisions with a real choice), so every run times the same positions.
"""

from __future__ import annotations

import time
from typing import Any


def sample_positions(game_id: str, count: int, seed: int = 7) -> list[tuple[Any, int, list[Any]]]:
    """``count`` (view, seat, legal) positions spread over one heuristic game."""
    from courier.ai.base import make_bot
    from courier.rules import registry
    from courier.rules.rng import OFFSET, Rng

    game = registry.get(game_id)
    players = max(game.min_players, min(3, game.max_players))
    state = game.new_game(game.make_config(players=players, seeding=OFFSET), seed)  # the figures' games
    bots = [make_bot(game_id, "heuristic") for _ in range(players)]
    rng = Rng(seed)
    found = []
    n = 0
    while not game.is_over(state) and n < 4000:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) > 1:
            found.append((game.view(state, seat), seat, legal))
        action = legal[0] if len(legal) == 1 else bots[seat].choose(game, game.view(state, seat), seat, legal, rng)
        game.apply(state, action)
        n += 1
    if len(found) <= count:
        return found
    step = len(found) / count
    return [found[int(i * step)] for i in range(count)]


def think_times(game_id: str, level: str, positions: list[tuple[Any, int, list[Any]]],
                cpu: list[float] | None = None) -> list[float]:
    """Seconds per decision of the search player at ``level`` over ``positions``; ``cpu``, if
    given, gets the same decisions' processor seconds (what the search's time cap counts)."""
    from courier.ai.search import SearchBot
    from courier.rules import registry
    from courier.rules.rng import Rng

    game = registry.get(game_id)
    out = []
    for i, (view, seat, legal) in enumerate(positions):
        bot = SearchBot(game_id, level)
        start, start_cpu = time.perf_counter(), time.thread_time()
        bot.choose(game, view.clone(), seat, legal, Rng(i + 1))
        out.append(time.perf_counter() - start)
        if cpu is not None:
            cpu.append(time.thread_time() - start_cpu)
    return out
