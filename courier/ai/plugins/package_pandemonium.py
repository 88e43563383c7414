"""Package Pandemonium for the search player.

Hidden: rivals' secret missions, a rival's priority card already chosen this round, the mission
deck and the order of the spawn deck. A determinization deals the missions this seat does not hold
at random, picks the chosen card from the rival's (public) hand, and reshuffles the spawn deck.

Plans: base, company, priority card and turn order are the heuristic's; in the route phase each
full-length drive is a plan, ranked by the heuristic courier's own position score, which is also the
evaluation. Hard leaves its routes to the hard heuristic too and searches the Rogue and defending.
"""

from __future__ import annotations

from typing import Any, Sequence

from courier.ai.plugins import Plugin, margin_values
from courier.rules.base import Action, GameRules
from courier.rules.package_pandemonium import actions as A
from courier.rules.package_pandemonium import scoring
from courier.rules.package_pandemonium.state import BASE, COMPANY, ORDER, PRIORITY, ROUTE
from courier.rules.rng import Rng

HIDDEN = "hidden"
#: phases the search leaves to the heuristic (see ``plans``)
LONG_VIEW = (BASE, COMPANY, PRIORITY, ORDER)


class PandemoniumPlugin(Plugin):
    game_id = "package-pandemonium"
    policy_level = "normal"
    scale = 4.0
    #: full-length drives the rollout policy compares per route
    route_sample = 4
    #: every level keeps to its heuristic's route unless another is clearly better (the search's
    #: own route choices were weaker than the heuristic's). Normal starts from the normal heuristic
    #: (80% against `greedy`), Hard from the hard one, which looks further ahead and bids harder:
    #: with both starting from the hard heuristic the search added nothing and Hard won only 46.5%
    #: against Normal (docs/ai.md)
    override_margin = 0.05
    #: levels whose instinct also drives the routes: Hard's search over routes never found better
    #: ones than the hard heuristic's look one route ahead (with it, 59.5% of 200 against Normal;
    #: with the heuristic's routes, 61% of 200 at a third of the think time; docs/ai.md)
    instinct_routes = ("hard",)

    def determinize(self, game: GameRules, view: Any, seat: int, rng: Rng) -> Any:
        state = view.clone()
        state.rng = Rng(state=rng.next_u64())
        cfg = state.config
        known = {m for v in state.vans for m in v.missions if m != HIDDEN}
        pool = [m for m in cfg.missions if m not in known]
        rng.shuffle(pool)
        for van in state.vans:
            if HIDDEN in van.missions:
                van.missions = [pool.pop() if (m == HIDDEN and pool) else m for m in van.missions]
            if van.choice == -1:
                van.choice = rng.choice(van.hand) if van.hand else 0
        state.mission_deck = [pool.pop() if (m == HIDDEN and pool) else m for m in state.mission_deck]
        rng.shuffle(state.spawn_deck)
        return state

    def plans(self, game: GameRules, state: Any, seat: int, legal: Sequence[Action], rng: Rng,
              width: int, deep: bool = False) -> list[tuple[Any, float]]:
        """Choices whose worth shows only over the whole game are the heuristic's alone: a short
        rollout sees the sat-nav charge a company brings at once but not the van's room later, and
        sees the lowest priority card win this round but not the rounds it is then missing from.
        Routes are the instinct's alone at the levels in ``instinct_routes``."""
        routes = state.phase == ROUTE and not deep and self.prior_bot.level in self.instinct_routes
        if state.phase in LONG_VIEW or routes:
            return [((self.lead(game, state, seat, legal, rng, deep),), 1.0)]
        return super().plans(game, state, seat, legal, rng, width, deep)

    def ranked(self, game: GameRules, state: Any, seat: int,
               legal: Sequence[Action]) -> list[tuple[Action, float]]:
        if state.phase == ROUTE:
            left = state.eng.steps_left(state)
            drives = [a for a in legal if isinstance(a, A.Drive) and len(a.directions) == left]
            if drives:
                scored = self.bot.rank(state, seat, drives)
                rest = [(a, 0.5) for a in legal if not isinstance(a, (A.Drive, A.Step))]
                return [(a, 2.0 if i < 2 else 1.0) for i, (_, a) in enumerate(scored)] + rest
        return [(a, 1.0) for a in legal]

    def policy(self, game: GameRules, state: Any, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        """The heuristic courier, except that a route is picked from a few sampled full-length
        drives rather than all of them (its full ranking costs a dozen clones per route)."""
        if state.phase == ROUTE and len(legal) > 1:
            small = self.bot.tile_choice(state, seat, list(legal), rng)
            if small is not None:
                return small
            left = state.eng.steps_left(state)
            drives = [a for a in legal if isinstance(a, A.Drive) and len(a.directions) == left]
            if len(drives) > self.route_sample:
                picked = rng.sample(drives, self.route_sample)
                ranked = self.bot.rank(state, seat, picked)
                if ranked:
                    return ranked[0][1]
        return super().policy(game, state, seat, legal, rng)

    def estimates(self, game: GameRules, state: Any) -> list[float]:
        return [self.bot.evaluate(state, v.seat) for v in state.vans if v.seat >= 0]

    def evaluate(self, game: GameRules, state: Any) -> list[float]:
        mine = self.estimates(game, state)
        if state.players == 1:  # the solo courier races the automated vans' hauls
            rivals = scoring.rival_scores(state, state.config)
            return [margin_values([mine[0], max(rivals, default=0)], self.scale)[0]]
        return margin_values(mine, self.scale)
