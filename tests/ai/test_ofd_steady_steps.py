"""Out For Delivery's normal and hard couriers never step away from the stop their plan heads for.

A one-round rock slide or storm can make this round's cheapest path to a stop a long detour the
other way round; the normal courier used to set off along it, and came back once the way opened
again, a round or more lost each time (docs/ai.md, "Against players not seen before"). The
positions are every move of whole seeded games, so they include the rounds where the weather or an
obstacle turns this round's path away from the stop.
"""

from __future__ import annotations

import pytest

from courier import boards
from courier.ai.out_for_delivery import OfdBot
from courier.ai.out_for_delivery_plan import plan_next_stop, static_distances
from courier.rules import registry
from courier.rules.out_for_delivery import actions as A
from courier.rules.rng import OFFSET, spread_seed
from courier.dev.simulate import decision_rng

SEEDS = [spread_seed(7000, k) for k in range(8)]


def _away_steps(level: str, seed: int) -> list[str]:
    """Every move of ``level`` couriers at both seats of a seeded game that leaves more
    cloudy-weather travel to the plan's stop than the square it left."""
    boards.install()
    game = registry.get("out-for-delivery")
    state = game.new_game(game.make_config(players=2, seeding=OFFSET), seed)
    bots = [OfdBot(level), OfdBot(level)]
    board = game.board(state.config)
    away: list[str] = []
    n = 0
    while not game.is_over(state) and n < 6000:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = legal[0] if len(legal) == 1 else bots[seat].choose(game, game.view(state, seat), seat, legal, decision_rng(seed, n, seat))
        if isinstance(action, A.Move):
            cfg, bot = state.config, bots[seat]
            final = state.delivered_total >= cfg.deliveries_to_end or state.round >= cfg.max_rounds
            stop = plan_next_stop(cfg, board, game.view(state, seat), seat, final, bot.rounds_left(cfg, state), bot.plan_depth)
            if stop is not None:
                still = static_distances(board)[stop.tile]
                here = state.players[seat].cell
                if still.get(action.cell, 1 << 30) > still.get(here, 1 << 30):
                    away.append(f"seed {seed}, round {state.round}: {here} -> {action.cell}, stop {stop.tile}")
        game.apply(state, action)
        n += 1
    return away


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_no_step_of_a_planning_courier_leads_away_from_its_stop(level: str) -> None:
    away = [step for seed in SEEDS for step in _away_steps(level, seed)]
    assert not away, away
