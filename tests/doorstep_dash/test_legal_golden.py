"""Doorstep Dash plays exactly as it did when its golden data was written: seeded random games give the
stored digests of what the rules offered and did at thousands of positions, no seat is offered
anything out of turn, and near misses of the legal actions are refused cleanly
(see tests/golden_play.py).

A failure here means the rules now behave differently somewhere. If that was meant (a ruling or
a rules fix), rewrite with `python tools/make_legal_golden.py --write doorstep-dash` in the same commit;
if it was meant to be a speed-up only, the speed-up is wrong (`--dump` shows where).
"""

from __future__ import annotations

import pytest

from tests import golden_play as G

GAME_ID = "doorstep-dash"
RUNS = G.GAMES[GAME_ID].runs
STORED = G.stored(GAME_ID)


def test_the_stored_runs_are_the_runs_played_and_cover_thousands_of_positions():
    assert [(r["players"], r["seed"], r["limit"], r["options"], r["map"]) for r in STORED.values()] == \
        [(r.players, r.seed, r.limit, r.options, r.map) for r in RUNS]
    assert sum(r["positions"] for r in STORED.values()) >= 4000


@pytest.mark.parametrize("run", RUNS, ids=[r.key for r in RUNS])
def test_random_play_matches_the_golden_digest(run):
    digest, positions = G.play(GAME_ID, run)
    assert positions == STORED[run.key]["positions"]
    assert digest == STORED[run.key]["digest"], "legal actions, states or outcomes changed"
