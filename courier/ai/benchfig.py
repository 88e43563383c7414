"""AI figures for ``courier bench``: decisions per second and think time per level and game.

Positions come from one seeded game of the heuristic players per game (evenly spread over the game,
only decisions with a real choice), so every run times the same positions.
"""

from __future__ import annotations

import time
from typing import Any

from courier.ai.search import LEVELS


def sample_positions(game_id: str, count: int, seed: int = 7) -> list[tuple[Any, int, list[Any]]]:
    """``count`` (view, seat, legal) positions spread over one heuristic game."""
    from courier.ai.base import make_bot
    from courier.rules import registry
    from courier.rules.rng import Rng

    game = registry.get(game_id)
    players = max(game.min_players, min(3, game.max_players))
    state = game.new_game(game.make_config(players=players), seed)
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


def think_times(game_id: str, level: str, positions: list[tuple[Any, int, list[Any]]]) -> list[float]:
    """Seconds per decision of the search player at ``level`` over ``positions``."""
    from courier.ai.search import SearchBot
    from courier.rules import registry
    from courier.rules.rng import Rng

    game = registry.get(game_id)
    out = []
    for i, (view, seat, legal) in enumerate(positions):
        bot = SearchBot(game_id, level)
        start = time.perf_counter()
        bot.choose(game, view.clone(), seat, legal, Rng(i + 1))
        out.append(time.perf_counter() - start)
    return out


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def ai_figures(positions: int = 10) -> list[tuple[str, float, str]]:
    """(name, value, unit) rows: per game and level, decisions/s and think time p50/p95."""
    from courier.rules import registry

    rows: list[tuple[str, float, str]] = []
    for game_id in registry.ids():
        sample = sample_positions(game_id, positions)
        for level in LEVELS:
            times = think_times(game_id, level, sample)
            if not times:
                continue
            total = sum(times)
            rows.append((f"ai {game_id} {level} decisions/s", round(len(times) / total, 1) if total else 0.0, "1/s"))
            rows.append((f"ai {game_id} {level} think p50", round(_pct(times, 0.5) * 1000, 1), "ms"))
            rows.append((f"ai {game_id} {level} think p95", round(_pct(times, 0.95) * 1000, 1), "ms"))
    return rows


if __name__ == "__main__":  # pragma: no cover - handy on its own
    for name, value, unit in ai_figures():
        print(f"{name:<48}{value:>10} {unit}")
