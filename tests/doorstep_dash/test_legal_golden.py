"""Golden random play: the legal actions, the states reached and the refusal of mutated actions
at thousands of positions match what the rules did when the data was written.

A failure here means the rules now behave differently somewhere. If that was meant (a ruling or
a rules fix), regenerate with `python tools/make_legal_golden.py doorstep-dash` in the same commit;
if it was meant to be a speed-up only, the speed-up is wrong.
"""

from __future__ import annotations

import json

import pytest

from tests.golden_play import RUNS, data_path, play

GAME_ID = "doorstep-dash"
STORED = json.loads(data_path(GAME_ID).read_text(encoding="utf-8"))["runs"]


def test_the_stored_runs_are_the_runs_played_and_cover_thousands_of_positions():
    assert [(r["players"], r["seed"], r["limit"], r["options"]) for r in STORED] == \
        [(p, s, n, o) for p, s, n, o in RUNS[GAME_ID]]
    assert sum(r["positions"] for r in STORED) >= 4000


@pytest.mark.parametrize("run", STORED, ids=lambda r: f"{r['players']}p-seed{r['seed']}")
def test_random_play_matches_the_golden_digest(run):
    digest, positions = play(GAME_ID, run["players"], run["seed"], run["limit"], run["options"])
    assert positions == run["positions"]
    assert digest == run["digest"]
