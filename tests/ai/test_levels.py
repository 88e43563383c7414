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
    assert Plugin.level_budgets == {}
    assert replace(LEVELS["hard"], time_cap=5.0).iterations == LEVELS["hard"].iterations


def test_a_levels_budget_names_the_heuristic_levels_its_plugin_is_built_with(monkeypatch) -> None:
    """A game changes which heuristic leads a level's plans and plays its rollouts in that level's
    budget alone; the search reads it before it builds the plug-in."""
    from courier.ai.plugins.package_pandemonium import PandemoniumPlugin
    from courier.ai.search import SearchBot, level_budget

    monkeypatch.setattr(PandemoniumPlugin, "level_budgets", {"normal": {"prior": "easy", "policy": "hard"}})
    bot = SearchBot("package-pandemonium", "normal")
    assert (bot.budget.prior, bot.budget.policy) == ("easy", "hard")
    assert (bot.plugin.prior_bot.level, bot.plugin.bot.level) == ("easy", "hard")
    assert level_budget("package-pandemonium", "normal") == bot.budget
    hard = SearchBot("package-pandemonium", "hard")
    assert (hard.plugin.prior_bot.level, hard.plugin.bot.level) == ("hard", "normal")


def test_out_for_delivery_hard_plays_its_rollouts_with_the_hard_courier_by_its_budget() -> None:
    from courier.ai.search import SearchBot

    hard = SearchBot("out-for-delivery", "hard")
    assert hard.budget == replace(LEVELS["hard"], iterations=110, policy="hard")
    assert (hard.plugin.prior_bot.level, hard.plugin.bot.level) == ("hard", "hard")
    normal = SearchBot("out-for-delivery", "normal").plugin
    assert (normal.prior_bot.level, normal.bot.level) == ("normal", "normal")
    # nothing special about a plug-in built by hand: it plays the levels it is given
    assert plugin_for("out-for-delivery", "hard", "normal").bot.level == "normal"
    # Next Day's Hard keeps its own features (led by the normal instinct, planning ahead)
    nd = SearchBot("next-day", "hard").plugin
    assert nd.plan_ahead and nd.race and nd.obstruct
    assert (nd.prior_bot.level, nd.bot.level) == ("normal", "normal")


def test_a_game_can_change_a_levels_budget_figures_for_itself_only(monkeypatch) -> None:
    from courier.ai.plugins.package_pandemonium import PandemoniumPlugin
    from courier.ai.search import SearchBot

    monkeypatch.setattr(PandemoniumPlugin, "level_budgets", {"normal": {"iterations": 9}})
    assert SearchBot("package-pandemonium", "normal").budget == replace(LEVELS["normal"], iterations=9)
    assert SearchBot("package-pandemonium", "hard").budget == LEVELS["hard"]
    assert SearchBot("doorstep-dash", "normal").budget == LEVELS["normal"]
    own = replace(LEVELS["normal"], iterations=3)
    assert SearchBot("package-pandemonium", "normal", budget=own).budget == own  # a given budget is kept


def test_a_greedy_search_stops_once_its_choice_is_settled_and_chooses_as_the_full_budget_would(monkeypatch) -> None:
    """Hard stops when the most visited move cannot be overtaken by the iterations left; the moves
    it ranks first are those a search spending the whole budget ranks first."""
    import courier.ai.search as S
    from courier.rules import registry

    from .helpers import positions

    budget = replace(LEVELS["hard"], time_cap=60.0, rollout_steps=4)
    game = registry.get("doorstep-dash")
    early = 0
    settle_rule = S._settled
    for _, view, seat in positions("doorstep-dash", 2, 4, every=3, limit=8):
        legal = game.legal_actions(view, seat)
        runs = []
        for settle in (settle_rule, lambda root, remaining: False):
            monkeypatch.setattr(S, "_settled", settle)
            bot = S.SearchBot("doorstep-dash", "hard", budget=budget)
            bot.choose(game, view.clone(), seat, legal, Rng(3))
            runs.append(bot.last)
        settled, full = runs
        if settled.root:
            assert settled.root[0][0] == full.root[0][0]
        if settled.settled:
            early += 1
            assert settled.iterations < full.iterations == budget.iterations
    assert early >= 4  # the saving is real: most decisions stop early


def test_settled_means_the_leader_cannot_be_caught() -> None:
    from courier.ai.search import _settled

    root = _Node()
    for name, visits in (("a", 30), ("b", 10)):
        child = root.children[name] = _Node((_Text(name),), 0.5)
        child.visits = visits
    assert _settled(root, 19) and not _settled(root, 20)


class _Text:
    def __init__(self, text: str) -> None:
        self.text = text

    def to_text(self) -> str:
        return self.text


def test_plans_that_all_start_with_the_same_move_are_not_searched() -> None:
    """When every plan the plug-in offers begins with one move (often so in Next Day, where plans
    differ in where the other vehicle goes next), that move is played at once: no iteration could
    choose another, so Hard spends no time there."""
    from courier.ai.search import SearchBot
    from courier.rules import registry

    from .helpers import positions

    game = registry.get("next-day")
    bot = SearchBot("next-day", "hard")
    seen = 0
    for _, view, seat in positions("next-day", 3, 6, every=2, limit=20):
        legal = game.legal_actions(view, seat)
        base = bot.plugin.determinize(game, view, seat, Rng(1))
        plans = bot.plugin.plans(game, base, seat, legal, Rng(5), bot.budget.width)
        firsts = {p[0].to_text() for p, _ in plans if p}
        if len(legal) < 2 or len(firsts) != 1:
            continue
        bot.choose(game, view.clone(), seat, legal, Rng(3))
        assert bot.last.iterations == 0 and bot.last.considered == 1
        seen += 1
    assert seen >= 3
