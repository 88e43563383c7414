"""How levels differ: the final choice's greed and tolerance, and per-game instincts."""

from __future__ import annotations

from dataclasses import replace

from courier.ai.plugins import Plugin, plugin_for
from courier.ai.search import LEVELS, _final_choice, _Node
from courier.rules.rng import Rng


def _ranked(stats: list[tuple[int, float]]) -> list[_Node]:
    out = []
    for i, (visits, mean) in enumerate(stats):
        n = _Node((f"plan{i}",), 0.1)  # type: ignore[arg-type]
        n.visits, n.value = visits, visits * mean
        out.append(n)
    return out


def test_hard_always_takes_the_most_visited_plan() -> None:
    ranked = _ranked([(50, 0.6), (49, 0.61), (48, 0.59)])
    assert all(_final_choice(ranked, LEVELS["hard"], Rng(s)) is ranked[0] for s in range(50))


def test_weaker_levels_sometimes_settle_for_a_close_second_but_never_a_clearly_worse_plan() -> None:
    for level in ("easy", "normal"):
        budget = LEVELS[level]
        ranked = _ranked([(10, 0.6), (9, 0.58), (9, 0.6 - budget.tolerance - 0.05)])
        picks = {id(_final_choice(ranked, budget, Rng(s))) for s in range(200)}
        assert id(ranked[0]) in picks and id(ranked[1]) in picks
        assert id(ranked[2]) not in picks  # clearly worse on average: never chosen
    assert LEVELS["easy"].tolerance > LEVELS["normal"].tolerance


def test_easy_settles_more_often_than_normal() -> None:
    ranked = _ranked([(10, 0.6), (8, 0.57), (7, 0.55)])
    counts = {}
    for level in ("easy", "normal"):
        counts[level] = sum(_final_choice(ranked, LEVELS[level], Rng(s)) is not ranked[0] for s in range(400))
    assert counts["easy"] > counts["normal"] > 0


def test_a_game_can_lead_a_level_with_another_heuristic_level() -> None:
    assert plugin_for("next-day", "hard", "normal").prior_bot.level == "normal"
    assert plugin_for("next-day", "easy", "easy").prior_bot.level == "easy"
    assert plugin_for("out-for-delivery", "hard", "normal").prior_bot.level == "hard"
    assert Plugin.prior_levels == {}
    assert replace(LEVELS["hard"], time_cap=5.0).iterations == LEVELS["hard"].iterations
