"""Package Pandemonium plays exactly as before its speed work: seeded random games give the stored digests
of legal actions, events and saved states at every position, and near-legal actions are refused
cleanly (see tests/golden_pp_ofd.py; the digests come from tools/golden_legal_pp_ofd.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests import golden_pp_ofd as G

GAME_ID = "package-pandemonium"
STORED = json.loads((Path(__file__).parent / "legal_golden.json").read_text())["digests"]
RUNS = G.RUNS[GAME_ID]


def test_the_data_file_covers_every_run():
    assert sorted(STORED) == sorted(G.run_key(*run) for run in RUNS)


@pytest.mark.parametrize("run", RUNS, ids=[G.run_key(*run) for run in RUNS])
def test_random_play_matches_the_golden_digest(run):
    digest, positions = G.play(GAME_ID, *run)
    assert positions > 0
    assert digest == STORED[G.run_key(*run)], "legal actions, events or saved states changed"
