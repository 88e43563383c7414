"""The "What would you do?" hint: a legal move, and never a secret behind it.

Seeded games in each ruleset, played by rule-of-thumb players. At every decision of the seat
asking (seat 0) the hint is worked out from its own view and again from a state where every other
seat's secrets (hands, missions, a priority card chosen in secret, deck orders, the dice to come)
are dealt anew: the move and its reason must be the same, and the move must be legal.
"""

from __future__ import annotations

from typing import Any

import pytest

from courier.ai import hints
from courier.ai.base import make_bot
from courier.rules import registry
from courier.rules.rng import Rng
from tests.hidden import scrambled

PLAYERS = {"next-day": 3, "doorstep-dash": 2, "package-pandemonium": 2, "out-for-delivery": 2}


def _hint(game_id: str, game: Any, state: Any, seat: int, n: int) -> hints.Suggestion:
    return hints.suggest(game_id, game, game.view(state, seat), seat, game.legal_actions(state, seat), n)


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
@pytest.mark.parametrize("seed", [21, 22])
def test_a_hint_is_legal_and_the_same_whatever_the_others_hide(game_id: str, seed: int) -> None:
    game = registry.get(game_id)
    state = game.new_game(game.make_config(players=PLAYERS[game_id]), seed)
    bot = make_bot(game_id, "heuristic-normal")
    rng = Rng(seed)
    asked = reasons = 0
    for step in range(400):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if seat == 0 and len(legal) > 1:
            hint = _hint(game_id, game, state, 0, step)
            assert hint.action in legal
            for salt in (step, step + 1000):
                mixed = scrambled(game_id, state, 0, salt)
                assert _hint(game_id, game, mixed, 0, step) == hint, (hint, salt)
            asked += 1
            reasons += hint.reason is not None
        action = bot.choose(game, game.view(state, seat), seat, legal, Rng(rng.next_u64())) if len(legal) > 1 else legal[0]
        game.apply(state, action)
    assert asked >= 10, asked
    assert reasons >= 3, reasons


def test_a_hint_needs_a_move_to_suggest() -> None:
    game = registry.get("out-for-delivery")
    state = game.new_game(game.make_config(players=2), 1)
    with pytest.raises(ValueError):
        hints.suggest("out-for-delivery", game, game.view(state, 0), 0, [], 0)
