"""What the search player needs to know about one game, and the defaults most games can share.

A plug-in turns a seat's view into sampled full states (determinization), proposes a handful of
plans (macro-actions) with a prior, plays cheap moves for rollouts, and scores positions. The
default rollout policy is the game's own heuristic player, which only ever sees the sampled state.
"""

from __future__ import annotations

import importlib
import math
from typing import Any, Sequence

from courier.rules import registry
from courier.rules.base import Action, GameRules
from courier.rules.rng import Rng

#: a plan: actions played in order by one seat; its first action is what the search returns
Plan = tuple[Action, ...]

def plan_text(plan: Plan) -> str:
    return " ; ".join(a.to_text() for a in plan)


def plugin_type(game_id: str) -> type["Plugin"]:
    """``game_id``'s plug-in class: its settings (``level_budgets``) are read before one is built."""
    found = registry.part(game_id, "plugin")
    if found is None:
        raise KeyError(f"no search plug-in for {game_id!r}")
    module, _, name = found.partition(":")
    return getattr(importlib.import_module(module), name)


def plugin_for(game_id: str, prior_level: str = "normal", policy_level: str = "normal") -> "Plugin":
    """A fresh plug-in for ``game_id`` (plug-ins hold caches, so one per bot).

    ``prior_level`` is the heuristic level whose choice leads the plans (an easy searcher starts
    from an easy player's instincts); ``policy_level`` plays the rollouts. A search level takes
    both from its budget, which a game may change (``Plugin.level_budgets``)."""
    plugin = plugin_type(game_id)()
    plugin.set_levels(prior_level, policy_level)
    return plugin


class Plugin:
    """Defaults: nothing hidden but the RNG, single actions as plans, the heuristic as policy."""

    game_id = ""
    #: level of the game's heuristic player used for rollouts and turn completion
    policy_level = "normal"
    #: score difference worth about one "step" of winning chance (see ``margin_values``)
    scale = 10.0
    #: most policy actions used to finish one seat's turn after a plan
    turn_cap = 30
    #: the search overrules the heuristic's own move only for a plan this much better on average
    #: (in [0, 1] value units; 0 = whenever it prefers another plan at all)
    override_margin = 0.0
    #: rollout length relative to the level's (games with slow policies roll out less, search more)
    rollout_scale = 1.0
    #: a level's budget figures changed for this game (``Budget`` fields, measured per game):
    #: fewer iterations where a short search already finds most of what a long one does, or
    #: other heuristic levels to lead the plans (``prior``: a heuristic that wins head to head
    #: can still lead the search worse) and to play the rollouts (``policy``). The search reads
    #: them before it builds the plug-in, which it then builds with that prior and policy.
    level_budgets: dict[str, dict[str, Any]] = {}

    def __init__(self) -> None:
        self.set_levels("normal", self.policy_level)

    def set_levels(self, prior_level: str, policy_level: str) -> None:
        """The heuristic players behind the instinct and the rollouts. A game overrides it only
        for features of its own that a level turns on (Next Day's Hard); which heuristic levels
        play belongs in the level's budget."""
        module = importlib.import_module(registry.parts(self.game_id).players)
        self.bot = module.make_bot(policy_level)
        self.prior_bot = self.bot if prior_level == policy_level else module.make_bot(prior_level)

    def instinct(self, game: GameRules, state: Any, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        """The move the level's heuristic would make: always among the plans, with a high prior."""
        if len(legal) == 1:
            return legal[0]
        return self.prior_bot.choose(game, state, seat, legal, rng)

    def lead(self, game: GameRules, state: Any, seat: int, legal: Sequence[Action], rng: Rng,
             deep: bool = False) -> Action:
        """The move every plan list starts from: the level's instinct at the root; deeper in the
        tree the cheaper rollout player stands in for it."""
        return (self.policy if deep else self.instinct)(game, state, seat, legal, rng)

    # -- hidden information -------------------------------------------------------------
    def determinize(self, game: GameRules, view: Any, seat: int, rng: Rng) -> Any:
        """A full state consistent with ``view``; the default only reseeds the dice to come."""
        state = view.clone()
        state.rng = Rng(state=rng.next_u64())
        return state

    # -- plans ---------------------------------------------------------------------------
    def plans(self, game: GameRules, state: Any, seat: int, legal: Sequence[Action], rng: Rng,
              width: int, deep: bool = False) -> list[tuple[Plan, float]]:
        """Up to ``width`` plans with prior weights; the policy's own choice always among them."""
        pick = self.lead(game, state, seat, legal, rng, deep)
        out: list[tuple[Plan, float]] = [((pick,), 3.0)]
        seen = {pick.to_text()}
        for a, w in self.ranked(game, state, seat, legal):
            if len(out) >= width:
                break
            t = a.to_text()
            if t not in seen:
                seen.add(t)
                out.append(((a,), w))
        return out

    def ranked(self, game: GameRules, state: Any, seat: int,
               legal: Sequence[Action]) -> list[tuple[Action, float]]:
        """Legal actions worth a look, best first, with a prior weight. Default: all, in order."""
        return [(a, 1.0) for a in legal]

    # -- cheap play -----------------------------------------------------------------------
    def rollout_legal(self, game: GameRules, state: Any, seat: int) -> list[Action]:
        """The actions the rollout policy chooses among: all legal ones unless a game has a
        cheaper list of the ones its policy would ever play (always a subset of the legal ones)."""
        return game.legal_actions(state, seat)

    def policy(self, game: GameRules, state: Any, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.bot.choose(game, state, seat, legal, rng)

    def finish_turn(self, game: GameRules, state: Any, seat: int, rng: Rng) -> None:
        """Let the policy play on while ``seat`` alone is still in the middle of its turn."""
        for _ in range(self.turn_cap):
            if game.is_over(state):
                return
            acting = game.to_act(state)
            if acting != [seat] or not self.mid_turn(game, state, seat):
                return
            legal = self.rollout_legal(game, state, seat)
            if not legal:
                return
            game.apply(state, self.policy(game, state, seat, legal, rng))

    def mid_turn(self, game: GameRules, state: Any, seat: int) -> bool:
        """True while ``seat``'s current turn goes on (default: as long as it alone acts)."""
        return True

    # -- scoring ---------------------------------------------------------------------------
    def estimates(self, game: GameRules, state: Any) -> list[float]:
        """Per seat, roughly the final score it is heading for (default: the score now)."""
        return list(game.scores(state))

    def decided(self, game: GameRules, state: Any) -> bool:
        """True if no score can change any more before the end (the search then values the
        position as final, so nobody stalls the end of a game they have lost). Default: never."""
        return False

    def evaluate(self, game: GameRules, state: Any) -> list[float]:
        return margin_values(self.estimates(game, state), self.scale)


def margin_values(estimates: Sequence[float], scale: float) -> list[float]:
    """Per seat, a value in [0, 1]: mostly a smooth chance of winning from the lead over the best
    rival, plus a gentler term from the lead over the average rival so that a seat far behind (or
    far ahead) still tells better positions from worse ones."""
    out = []
    for i, e in enumerate(estimates):
        rivals = [x for j, x in enumerate(estimates) if j != i]
        lead = e - max(rivals) if rivals else e
        mean_lead = e - sum(rivals) / len(rivals) if rivals else e
        out.append(0.7 * _sigmoid(lead / scale) + 0.3 * _sigmoid(mean_lead / (4.0 * scale)))
    return out


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))
