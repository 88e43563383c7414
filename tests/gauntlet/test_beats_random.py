"""Each outside style beats a uniformly random player clearly, in every game.

A few whole games per style (seats rotated so each style sits everywhere), against random
players; the style must win most of them. Whole games also carry every style through set-up and
the end of the game, where their special rules (declaring, handing back cards) live.
"""

from __future__ import annotations

import pytest

from courier.dev.gauntlet import STYLES
from tests.gauntlet.helpers import GAMES, play

#: players at the table (the style and random players) and games per style
TABLE = {"next-day": 3, "doorstep-dash": 3, "package-pandemonium": 2, "out-for-delivery": 3}
GAMES_EACH = 5


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_style_beats_random(game_id):
    opts = GAMES[game_id][1]
    n = TABLE[game_id]
    for style in STYLES:
        wins = 0.0
        for g in range(GAMES_EACH):
            seat = g % n
            names = ["random"] * n
            names[seat] = style
            game, state, _ = play(game_id, names, 500 + g, opts)
            assert game.is_over(state), (game_id, style, g)
            won = game.winners(state)
            if seat in won:
                wins += 1 / len(won)
        assert wins >= GAMES_EACH - 1, f"{game_id}: {style} won only {wins} of {GAMES_EACH} against random"
