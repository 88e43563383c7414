"""Every game plays exactly as it did when its golden data was written: seeded random games give
the stored digests of what the rules offered and did at thousands of positions, no seat is offered
anything out of turn, and near misses of the legal actions are refused cleanly (see
tests/golden_play.py). One suite for every game in the registry.

A failure here means the rules now behave differently somewhere. If that was meant (a ruling or
a rules fix), rewrite with `python -m tests.make_legal_golden --write GAME` in the same commit;
if it was meant to be a speed-up only, the speed-up is wrong (`--dump` shows where).
"""

from __future__ import annotations

import pytest

from courier.rules import registry
from tests import golden_play as G

RUNS = [(game_id, run) for game_id in registry.ids() for run in G.GAMES[game_id].runs]


def test_every_game_has_golden_runs() -> None:
    assert sorted(G.GAMES) == sorted(registry.ids())


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_stored_runs_are_the_runs_played_and_cover_thousands_of_positions(game_id: str) -> None:
    stored = G.stored(game_id)
    assert [(r["players"], r["seed"], r["limit"], r["options"], r["map"]) for r in stored.values()] == \
        [(r.players, r.seed, r.limit, r.options, r.map) for r in G.GAMES[game_id].runs]
    assert sum(r["positions"] for r in stored.values()) >= 4000


@pytest.mark.parametrize(("game_id", "run"), RUNS, ids=[f"{g}-{r.key}" for g, r in RUNS])
def test_random_play_matches_the_golden_digest(game_id: str, run) -> None:
    stored = G.stored(game_id)
    digest, positions = G.play(game_id, run)
    assert positions == stored[run.key]["positions"]
    assert digest == stored[run.key]["digest"], "legal actions, states or outcomes changed"
