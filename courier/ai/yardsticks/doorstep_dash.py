"""Doorstep Dash yardsticks, from the rulebook: a card in hand scores its house's colour once the
van ends a move on that doorstep; a die decides how far the van goes; the game ends once every
card is out and everyone is back at the warehouse, so cards nobody can deliver are dead weight.

``greedy`` judges each action by points, the cards in hand (each worth its points, less the
further its doorstep is) and its blue cards, against the best rival's points; ``rush`` drives to
the nearest doorstep it holds a card for, and to the warehouse when it holds none.
"""

from __future__ import annotations

from typing import Any

from courier.ai.base import all_of
from courier.ai.yardsticks import OnePly
from courier.rules.base import Action, GameRules
from courier.rules.doorstep_dash import actions as A
from courier.rules.rng import Rng

#: spaces an average roll covers (one die)
AVERAGE_ROLL = 3.5


def _card_points(game: GameRules, state: Any, card: str) -> tuple[int, Any]:
    board = game.board(state.config)
    house = board.houses.get(card)
    if house is None:
        return 0, None
    return state.config.colour_points.get(house.colour, 0), house.entrance


def _cards_left(state: Any) -> bool:
    return bool(state.deck or state.row)


def greedy_value(game: GameRules, state: Any, seat: int) -> float:
    board = game.board(state.config)
    me = state.players[seat]
    value = 3.0 * me.score
    for card in me.hand:
        pts, door = _card_points(game, state, card)
        if door is not None:
            turns = board.distance(me.pos, door) / AVERAGE_ROLL
            value += 2.5 * pts * 0.8 ** turns  # a card in hand is never worth its delivery
    value += 0.5 * sum(1 for b in me.bonus if b == "blue") + 0.3 * sum(1 for b in me.bonus if b == "red")
    if not me.hand:
        value -= 0.1 * board.distance(me.pos, board.warehouse)  # cards wait at the warehouse
    if me.skip_next:
        value -= 2.0
    rival = max((p.score for i, p in enumerate(state.players) if i != seat), default=0)
    return value - 3.0 * rival


def rush_value(game: GameRules, state: Any, seat: int) -> float:
    board = game.board(state.config)
    me = state.players[seat]
    value = 100.0 * me.score + 20.0 * len(me.hand)
    doors = [d for d in (_card_points(game, state, c)[1] for c in me.hand) if d is not None]
    if doors:
        value -= min(board.distance(me.pos, d) for d in doors)
    else:
        value -= board.distance(me.pos, board.warehouse)
    return value - (5.0 if me.skip_next else 0.0)


class DashYardstick(OnePly):
    def special(self, game: GameRules, view: Any, seat: int, legal: list[Action], rng: Rng) -> Action | None:
        if isinstance(legal[0], A.Keep):
            # keep the cards whose doorsteps are nearest the warehouse, as many as allowed
            board = game.board(view.config)

            def near(a: A.Keep) -> tuple[int, float]:
                doors = [_card_points(game, view, c) for c in a.cards]
                return len(a.cards), -sum(board.distance(board.warehouse, d) for _, d in doors if d is not None)
            return max(all_of(A.Keep, legal), key=near)
        return None

    def candidates(self, game: GameRules, view: Any, seat: int, legal: list[Action]) -> list[Action]:
        # neither yardstick lays traps (the red card is kept as a card)
        return [a for a in legal if not isinstance(a, (A.SetTrap, A.RemoveTrap))] or legal


def make(kind: str) -> DashYardstick:
    return DashYardstick(kind, greedy_value if kind == "greedy" else rush_value)
