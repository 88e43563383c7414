"""One search player for every game: determinized (information-set) Monte Carlo tree search.

The searcher never sees the real state. It gets a seat's ``view`` and asks the game's plug-in for a
*determinization*: a full state that agrees with everything the seat has seen, with the hidden parts
(other hands, deck order, secret choices, the dice to come) sampled afresh each iteration. Dice and
draws are chance: they come from the determinized clone's own RNG, which is reseeded every time.

The tree is over *plans* (macro-actions) from the plug-in, not single clicks: an edge is a short
sequence of actions, after which the plug-in's cheap policy finishes the acting seat's turn. Nodes
are keyed by the plan's text, so the same plan is shared across determinizations (single-observer
information-set MCTS); a plan that is not legal in one determinization is simply not available there.
Selection is PUCT with the plug-in's prior; leaves are scored by a truncated rollout with the cheap
policy followed by the plug-in's evaluation (a value in [0, 1] per seat).

The same (seed, view, budget) gives the same decision when the iteration budget ends the search; the
time cap and the cancel flag only ever cut it short. The time cap counts the processor time of the
thinking thread, not the clock: on a busy machine a computer player answers later but plays as well,
and a comparison run beside other work measures the same players as one run alone. A greedy level (Hard) also stops as soon as its
choice is settled: when the most visited move could not be overtaken by the iterations left.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from courier.ai.plugins import Plan, Plugin, plan_text
from courier.rules.base import Action, GameRules, IllegalAction
from courier.rules.rng import Rng


@dataclass(frozen=True)
class Budget:
    """How hard one level thinks and how it makes its final choice."""

    iterations: int
    time_cap: float  # seconds of the thinking thread's processor time
    rollout_steps: int  # policy actions after the tree before evaluating
    depth: int  # plans deep in the tree (root plan counts as 1)
    width: int  # most plans considered at a node
    c_puct: float = 1.2
    #: final choice: 0 = most visited (greedy); > 0 = sample among good plans with this temperature
    temperature: float = 0.0
    #: with temperature > 0, plans with at least this share of the best plan's visits may be picked
    slack: float = 0.6
    #: ... and at most this much worse on average (value units in [0, 1]), among the top ``choices``
    tolerance: float = 0.1
    choices: int = 3
    #: levels of the game's heuristic player leading the plans (instinct) and playing rollouts
    prior: str = "normal"
    policy: str = "normal"


LEVELS: dict[str, Budget] = {
    "easy": Budget(iterations=6, time_cap=0.03, rollout_steps=4, depth=1, width=4,
                   temperature=1.5, slack=0.2, tolerance=0.3, choices=4, prior="easy", policy="easy"),
    "normal": Budget(iterations=40, time_cap=0.25, rollout_steps=12, depth=1, width=6,
                     temperature=0.5, slack=0.7),
    "hard": Budget(iterations=220, time_cap=0.9, rollout_steps=30, depth=2, width=8, prior="hard"),
}


def level_budget(game_id: str, level: str) -> Budget:
    """``level``'s budget at ``game_id``: the shared one with the figures the game's plug-in
    changes (``Plugin.level_budgets``), the heuristic levels of its prior and policy included,
    read before the plug-in is built so that it is built with them."""
    from courier.ai.plugins import plugin_type

    return replace(LEVELS[level], **plugin_type(game_id).level_budgets.get(level, {}))


class _Node:
    __slots__ = ("visits", "avail", "value", "prior", "children", "plan")

    def __init__(self, plan: Plan | None = None, prior: float = 1.0) -> None:
        self.visits = 0
        self.avail = 0
        self.value = 0.0  # summed value for the seat that chose this plan
        self.prior = prior
        self.children: dict[str, _Node] = {}
        self.plan = plan

    def mean(self) -> float:
        return self.value / self.visits if self.visits else 0.0


@dataclass
class SearchStats:
    """What one decision cost; the bench and the simulator read it."""

    iterations: int = 0
    seconds: float = 0.0
    cut_short: bool = False
    settled: bool = False  # stopped early: the greedy choice could no longer change
    root: list[tuple[str, int, float]] = field(default_factory=list)  # (plan, visits, mean)
    #: the whole plan behind the move chosen (its first action is the move), for the reason shown
    plan: tuple[Action, ...] = ()
    #: how many different first moves the search weighed
    considered: int = 0


class SearchBot:
    """The Bot protocol on top of the searcher; one per seat, no memory between decisions."""

    def __init__(self, game_id: str, level: str = "normal", budget: Budget | None = None,
                 plugin: Plugin | None = None) -> None:
        from courier.ai.plugins import plugin_for

        self.level = level
        self.budget = budget or level_budget(game_id, level)
        self.plugin = plugin or plugin_for(game_id, self.budget.prior, self.budget.policy)
        self.cancelled: Callable[[], bool] = lambda: False
        self.last = SearchStats()

    def choose(self, game: GameRules, view: Any, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        legal = list(legal)
        seed = rng.next_u64()
        self.last = SearchStats()
        if len(legal) == 1:
            return legal[0]
        return search(game, self.plugin, view, seat, legal, self.budget, Rng(state=seed),
                      self.cancelled, self.last)


def search(game: GameRules, plugin: Plugin, view: Any, seat: int, legal: list[Action], budget: Budget,
           rng: Rng, cancelled: Callable[[], bool] = lambda: False,
           stats: SearchStats | None = None) -> Action:
    """The action to play now for ``seat``, from its view only."""
    stats = stats if stats is not None else SearchStats()
    start = time.perf_counter()
    deadline = time.thread_time() + budget.time_cap
    legal_texts = {a.to_text(): a for a in legal}
    base = plugin.determinize(game, view, seat, Rng(state=rng.next_u64()))
    plans = plugin.plans(game, base, seat, legal, Rng(state=rng.next_u64()), budget.width)
    plans = [(p, w) for p, w in plans if p and p[0].to_text() in legal_texts]
    if not plans:
        return plugin.policy(game, view, seat, legal, rng)
    firsts = {p[0].to_text() for p, _ in plans}
    if len(firsts) == 1 or budget.iterations <= 0:
        # every plan starts with the same move (or there is no budget): nothing to weigh
        stats.plan, stats.considered = plans[0][0], len(firsts)
        return legal_texts[plans[0][0][0].to_text()]
    root = _Node()
    total = sum(w for _, w in plans) or 1.0
    for p, w in plans:
        root.children[plan_text(p)] = _Node(p, w / total)
    it = 0
    while it < budget.iterations:
        if cancelled() or time.thread_time() > deadline:
            stats.cut_short = True
            break
        it += 1
        det = plugin.determinize(game, view, seat, Rng(state=rng.next_u64()))
        _iterate(game, plugin, root, det, seat, budget, Rng(state=rng.next_u64()))
        if budget.temperature <= 0 and _settled(root, budget.iterations - it):
            stats.settled = True
            break
    stats.iterations = it
    stats.seconds = time.perf_counter() - start
    ranked = sorted(_by_first_action(root).values(), key=lambda n: (-n.visits, -n.mean(), -n.prior))
    stats.root = [(plan_text(n.plan or ()), n.visits, round(n.mean(), 3)) for n in ranked]
    chosen = _final_choice(ranked, budget, rng)
    instinct = next((n for n in ranked if n.plan and n.plan[0].to_text() == plans[0][0][0].to_text()), None)
    if (instinct is not None and instinct is not chosen and instinct.visits
            and chosen.mean() - instinct.mean() < plugin.override_margin):
        chosen = instinct  # not clearly better than the heuristic's own move: keep to it
    assert chosen.plan is not None
    stats.plan, stats.considered = _whole_plan(root, chosen.plan[0]), len(ranked)
    return legal_texts[chosen.plan[0].to_text()]


def _whole_plan(root: _Node, first: Action) -> Plan:
    """The most visited root plan that starts with ``first`` (the search's own idea of what the
    move leads to); read after the choice is made, it changes nothing."""
    text = first.to_text()
    best: _Node | None = None
    for child in root.children.values():
        if child.plan and child.plan[0].to_text() == text and (best is None or child.visits > best.visits):
            best = child
    return best.plan if best is not None and best.plan else (first,)


def _settled(root: _Node, remaining: int) -> bool:
    """True once the most visited first move can no longer be overtaken in visits, even if every
    remaining iteration went to its closest rival: a greedy level's choice is then made, and the
    rest of the budget would only be spent confirming it."""
    visits = sorted((n.visits for n in _by_first_action(root).values()), reverse=True)
    return len(visits) < 2 or visits[0] - visits[1] > remaining


def _by_first_action(root: _Node) -> dict[str, _Node]:
    """Root plans that start the same way ("van to X" and "van to X, bike to Y") pooled: only the
    first action is played now, the rest is searched again next time."""
    groups: dict[str, _Node] = {}
    for child in root.children.values():
        assert child.plan is not None
        first = child.plan[0]
        g = groups.get(first.to_text())
        if g is None:
            g = groups[first.to_text()] = _Node((first,), 0.0)
        g.visits += child.visits
        g.value += child.value
        g.prior += child.prior
    return groups


def _final_choice(ranked: list[_Node], budget: Budget, rng: Rng) -> _Node:
    """Greedy for strong levels. Weaker ones sometimes take a plan the search nearly preferred
    (close in visits and in value), the way a person settles for a good-looking move; never a
    plan the search found clearly worse."""
    best = ranked[0]
    if budget.temperature <= 0 or best.visits == 0:
        return best
    good = [n for n in ranked[:budget.choices]
            if n.visits >= budget.slack * best.visits and n.mean() >= best.mean() - budget.tolerance]
    if len(good) <= 1:
        return best
    weights = [(n.visits / best.visits) ** (1.0 / budget.temperature) for n in good]
    r = rng.random() * sum(weights)
    for n, w in zip(good, weights):
        r -= w
        if r <= 0:
            return n
    return good[-1]


def _iterate(game: GameRules, plugin: Plugin, root: _Node, state: Any, me: int, budget: Budget,
             rng: Rng) -> None:
    path: list[tuple[_Node, int]] = []
    node = root
    depth = 0
    while depth < budget.depth and not game.is_over(state):
        acting = game.to_act(state)
        if not acting:
            break
        seat = acting[0]
        if depth == 0:
            seat = me if me in acting else seat
            options = [(n, n.plan) for n in node.children.values()]
        else:
            legal = game.legal_actions(state, seat)
            if not legal:
                break
            found = plugin.plans(game, state, seat, legal, rng, budget.width, deep=True)
            if not found:
                break
            total = sum(w for _, w in found) or 1.0
            options = []
            for p, w in found:
                key = plan_text(p)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node(p, w / total)
                options.append((child, p))
        for child, _ in options:
            child.avail += 1
        child, plan = _select(node, options, budget.c_puct)
        assert plan is not None
        if not _play_plan(game, plugin, state, seat, plan, rng):
            child.avail -= 1  # not playable in this world: try the next best once
            options = [(c, p) for c, p in options if c is not child]
            if not options:
                break
            child, plan = _select(node, options, budget.c_puct)
            assert plan is not None
            if not _play_plan(game, plugin, state, seat, plan, rng):
                break
        path.append((child, seat))
        node = child
        depth += 1
    _rollout(game, plugin, state, int(budget.rollout_steps * plugin.rollout_scale), rng)
    values = _values(game, plugin, state)
    for n, seat in path:
        n.visits += 1
        n.value += values[seat] if seat < len(values) else 0.0
    root.visits += 1


def _select(parent: _Node, options: list[tuple[_Node, Plan | None]], c: float) -> tuple[_Node, Plan | None]:
    """PUCT with the plan values stretched to [0, 1] among siblings: evaluations of board
    positions differ by little, and unstretched the prior alone would decide."""
    means = [child.mean() for child, _ in options if child.visits]
    lo, hi = (min(means), max(means)) if means else (0.0, 1.0)
    span = hi - lo if hi - lo > 1e-9 else 1.0
    best: tuple[_Node, Plan | None] | None = None
    best_score = -1e18
    for child, plan in options:
        n_parent = max(child.avail, 1)
        q = (child.mean() - lo) / span if child.visits else 0.5
        u = c * child.prior * math.sqrt(n_parent) / (1 + child.visits)
        score = q + u
        if score > best_score:
            best, best_score = (child, plan), score
    assert best is not None
    return best


def _play_plan(game: GameRules, plugin: Plugin, state: Any, seat: int, plan: Plan, rng: Rng) -> bool:
    """Play a plan's actions, then let the policy finish ``seat``'s turn. False if its first step is
    not legal here (a different world); later steps that became illegal are dropped."""
    for i, action in enumerate(plan):
        try:
            game.apply(state, action)
        except IllegalAction:
            if i == 0:
                return False
            break
        if game.is_over(state) or seat not in game.to_act(state):
            return True
    plugin.finish_turn(game, state, seat, rng)
    return True


def _rollout(game: GameRules, plugin: Plugin, state: Any, steps: int, rng: Rng) -> None:
    for _ in range(steps):
        if game.is_over(state):
            return
        acting = game.to_act(state)
        if not acting:
            return
        seat = acting[0]
        legal = plugin.rollout_legal(game, state, seat)
        if not legal:
            return
        action = legal[0] if len(legal) == 1 else plugin.policy(game, state, seat, legal, rng)
        game.apply(state, action)


def _values(game: GameRules, plugin: Plugin, state: Any) -> list[float]:
    if game.is_over(state):
        return _shares(game.winners(state), len(game.scores(state)))
    if plugin.decided(game, state):
        # nothing left can change the scores: the leaders have won already. Valued as the end
        # itself, so a seat that is behind gains nothing by putting the end off.
        est = plugin.estimates(game, state)
        top = max(est)
        return _shares([i for i, e in enumerate(est) if e >= top - 1e-9], len(est))
    return plugin.evaluate(game, state)


def _shares(winners: Sequence[int], n: int) -> list[float]:
    share = 1.0 / len(winners) if winners else 0.0
    return [share if i in winners else 0.0 for i in range(n)]

