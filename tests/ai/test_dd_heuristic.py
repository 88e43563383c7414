"""Doorstep Dash's rule-of-thumb courier (Normal's and Hard's moves off the search): the first pick
of the row is worth the cards in it, and an opening card must pay for the driving it adds.

Against outside styles the old courier played about even: it counted a trip to the warehouse as
1.5 a card whatever the cards were, and kept all five opening cards however far they lay (see
"Reading Doorstep Dash's lost games" in docs/ai.md). These check the two promises over seeded
positions rather than one worked example.
"""

from __future__ import annotations

import pytest

from courier.ai.base import heuristic_bot
from courier.rules import registry
from courier.rules.doorstep_dash import actions as A
from courier.rules.rng import Rng
from tests.ai.helpers import choices

GAME = registry.get("doorstep-dash")


def _positions(seed: int, limit: int = 600):
    return choices("doorstep-dash", seed, limit)


def _points(board, cfg, house: str) -> int:
    return cfg.colour_points.get(board.houses[house].colour, 0)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_richer_row_never_turns_the_van_away_from_the_warehouse(level: str) -> None:
    bot = heuristic_bot("doorstep-dash", level)
    cfg = GAME.make_config(players=2)
    board = GAME.board(cfg)
    by_points = sorted(board.houses, key=lambda h: (_points(board, cfg, h), h))
    tried = turned = 0
    for seed in range(1, 9):
        for state, seat, legal in _positions(seed):
            me = state.players[seat]
            if not isinstance(legal[0], A.Move) or not state.row or not (not me.hand or me.may_claim):
                continue
            if not any(a.to == board.warehouse for a in legal) or len(legal) < 2:
                continue
            held = set(me.hand)
            poor = [h for h in by_points if h not in held][:len(state.row)]
            rich = [h for h in reversed(by_points) if h not in held][:len(state.row)]
            picks = {}
            for name, row in (("poor", poor), ("rich", rich)):
                s = state.clone()
                s.row = list(row)
                picks[name] = bot.choose(GAME, GAME.view(s, seat), seat, legal, Rng(1)).to
            tried += 1
            if picks["poor"] == board.warehouse:
                assert picks["rich"] == board.warehouse, (seed, state.round)
            elif picks["rich"] == board.warehouse:
                turned += 1
    assert tried >= 20
    assert turned >= 1  # the row's worth does draw the van home (a flat count per card never would)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_opening_keeps_every_rich_card_and_leaves_some_far_poor_ones(level: str) -> None:
    bot = heuristic_bot("doorstep-dash", level)
    cfg = GAME.make_config(players=2)
    board = GAME.board(cfg)
    left_poor = kept = 0
    for seed in range(1, 41):
        s = GAME.new_game(cfg, seed)
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        assert isinstance(legal[0], A.Keep)
        choice = bot.choose(GAME, GAME.view(s, seat), seat, legal, Rng(seed))
        offered = set(s.opening_draw)
        for house in offered:
            if _points(board, cfg, house) >= 4:
                assert house in choice.cards, (seed, house)  # a yellow or red roof always pays its trip
            elif house not in choice.cards:
                left_poor += 1
        kept += len(choice.cards)
    assert left_poor >= 1  # some cheap, far card was not worth its driving
    assert kept > 40 * 3  # but most openings keep most of what they are shown


def test_easy_still_counts_the_cards_waiting_not_their_worth() -> None:
    easy = heuristic_bot("doorstep-dash", "easy")
    cfg = GAME.make_config(players=2)
    board = GAME.board(cfg)
    by_points = sorted(board.houses, key=lambda h: (_points(board, cfg, h), h))
    compared = 0
    for state, seat, legal in _positions(3):
        me = state.players[seat]
        if not isinstance(legal[0], A.Move) or not state.row or not any(a.to == board.warehouse for a in legal):
            continue
        held = set(me.hand)
        picks = []
        for row in (by_points, list(reversed(by_points))):
            s = state.clone()
            s.row = [h for h in row if h not in held][:len(state.row)]
            picks.append(easy.choose(GAME, GAME.view(s, seat), seat, legal, Rng(2)))
        assert picks[0] == picks[1]
        compared += 1
    assert compared >= 5
