"""The six styles are six ways of playing: on the same fixed positions, with the same generator,
each style decides differently from the greedy one somewhere, and no two styles decide alike on
every position."""

from __future__ import annotations

from itertools import combinations

import pytest

from courier.dev.gauntlet import STYLES
from courier.rules import registry
from courier.rules.rng import Rng
from tests.gauntlet.helpers import GAMES, player

#: the table each game's positions come from (a mix of styles, so the positions vary)
TABLES = {
    "next-day": ["greedy", "gambler", "denier", "rush"],
    "doorstep-dash": ["greedy", "denier", "gambler"],
    "package-pandemonium": ["greedy", "gambler"],
    "out-for-delivery": ["greedy", "gambler", "denier"],
}


def positions(game_id: str, seeds=(3, 4, 5), every: int = 3, each: int = 20):
    """(view, seat, legal) at every ``every``-th decision with a real choice, ``each`` per game,
    from fixed games of a mixed table (dealt with the first seeding: the games these were taken from)."""
    game = registry.get(game_id)
    names = TABLES[game_id]
    out = []
    for seed in seeds:
        cfg = game.make_config(players=len(names), seeding=0, **GAMES[game_id][1])
        state = game.new_game(cfg, seed)
        players = [player(game_id, n) for n in names]
        rngs = [Rng(seed + i) for i in range(len(names))]
        k = got = 0
        while not game.is_over(state) and got < each:
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat)
            if len(legal) > 1:
                k += 1
                if k % every == 0:
                    out.append((game.view(state, seat), seat, legal))
                    got += 1
            game.apply(state, players[seat].choose(game, view, seat, legal, rngs[seat]))
    return out


@pytest.mark.parametrize("game_id", list(GAMES))
def test_styles_decide_differently_on_fixed_positions(game_id):
    game = registry.get(game_id)
    spots = positions(game_id, every=1 if game_id == "doorstep-dash" else 3)
    assert len(spots) >= 60
    picks = {}
    for style in STYLES:
        p = player(game_id, style)
        picks[style] = [p.choose(game, view.clone(), seat, legal, Rng(99 + i))
                        for i, (view, seat, legal) in enumerate(spots)]
        assert all(a in legal for a, (_, _, legal) in zip(picks[style], spots))
    for style in STYLES[1:]:
        differ = sum(a != b for a, b in zip(picks[style], picks["greedy"]))
        assert differ >= 2, f"{game_id}: {style} differs from greedy on {differ} of {len(spots)} positions"
    for a, b in combinations(STYLES, 2):
        assert picks[a] != picks[b], f"{game_id}: {a} and {b} play alike"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_style_decides_the_same_given_the_same_generator(game_id):
    game = registry.get(game_id)
    spots = positions(game_id, seeds=(6,), every=2, each=15)
    for style in STYLES:
        p = player(game_id, style)

        def decide():
            return [p.choose(game, view.clone(), seat, legal, Rng(5 + i))
                    for i, (view, seat, legal) in enumerate(spots)]

        assert decide() == decide(), (game_id, style)
