"""Out For Delivery for the search player.

Everything but the dice is on the table, so a determinization only reseeds the RNG (weather,
obstacles, movement rolls and new parcels become chance). A move already takes the cheapest path to
its cell, so plans are single actions finished by the heuristic courier; moves are ranked by how
close they bring the courier to a delivery it carries or a pick-up with parcels waiting.
"""

from __future__ import annotations

from typing import Any, Sequence

from courier.ai.out_for_delivery_plan import carried_promise, static_distances
from courier.ai.plugins import Plugin
from courier.rules.base import Action, GameRules
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery.costs import wealth
from courier.rules.rng import Rng


class OfdPlugin(Plugin):
    game_id = "out-for-delivery"
    policy_level = "normal"
    scale = 120.0
    rollout_scale = 0.5
    #: the heuristic's own move stands unless a plan is clearly better: the evaluation still
    #: counts pick-ups the heuristic's plan declines (0.05 cost 5 points against greedy, 0.1 none;
    #: see docs/ai.md)
    override_margin = 0.1
    #: following the heuristic that closely, Hard won as often with half its iterations; and
    #: Hard's rollouts are played by the hard courier, which plans two stops ahead (the normal
    #: one plans a single stop)
    level_budgets = {"hard": {"iterations": 110, "policy": "hard"}}

    def mid_turn(self, game: GameRules, state: Any, seat: int) -> bool:
        return state.phase == "act" and state.current == seat

    def plans(self, game: GameRules, state: Any, seat: int, legal: Sequence[Action], rng: Rng,
              width: int, deep: bool = False) -> list[tuple[Any, float]]:
        """The start city and a delivery are the heuristic's alone. A start city's worth shows over
        the first rounds, past a short rollout: the search overruled the hard courier's choice by
        what its parcels pay in 2 of 10 games. And a delivery pays at once, while its parcel only
        slides if it waits."""
        pick = self.lead(game, state, seat, legal, rng, deep)
        if isinstance(pick, (A.StartCity, A.Deliver)):
            return [((pick,), 1.0)]
        return super().plans(game, state, seat, legal, rng, width, deep)

    def ranked(self, game: GameRules, state: Any, seat: int,
               legal: Sequence[Action]) -> list[tuple[Action, float]]:
        board = game.board(state.config)
        me = state.players[seat]
        targets = [board.city(p.dest).delivery for p in me.parcels]
        if len(me.parcels) < state.config.max_carried:
            targets += [board.city(i + 1).pickup for i, w in enumerate(state.waiting) if w]
        dist = static_distances(board)
        first: list[tuple[Action, float]] = []
        moves: list[tuple[float, str, Action]] = []
        for a in legal:
            if isinstance(a, A.Move):
                near = min((dist[t].get(a.cell, 999) for t in targets if t in dist), default=999)
                moves.append((near, a.to_text(), a))
            elif isinstance(a, (A.Deliver, A.Pickup)):
                first.append((a, 2.0))
            elif isinstance(a, A.Offer):
                continue  # trades are left to the policy's own judgement
            else:
                first.append((a, 1.0))
        moves.sort(key=lambda m: (m[0], m[1]))
        return first + [(a, 1.5 if i < 2 else 1.0) for i, (_, _, a) in enumerate(moves)]

    def estimates(self, game: GameRules, state: Any) -> list[float]:
        cfg = state.config
        board = game.board(cfg)
        left = self.bot.rounds_left(cfg, state) + 1  # the round under way still counts
        return [float(wealth(cfg, p)) + carried_promise(cfg, board, p, left, 0.6) for p in state.players]
