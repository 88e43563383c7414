"""The calibration tool runs end to end on real games (the full 100-run figures are in docs/lab.md;
the promise itself is tested on synthetic games in test_compare)."""

from __future__ import annotations

from courier.dev.lab import calibrate


def test_aa_and_planted_on_real_games():
    study = calibrate._study("package-pandemonium", 2, ["random"], 10)
    pool = calibrate.play_pool("package-pandemonium", 2, ["random"], 2 * 10 * 2, seed=7)
    assert len({r["seed"] for r in pool}) == 40
    out = calibrate.aa_and_planted(pool, study, games=10, runs=2, planted=1000.0)
    assert out["runs"] == 2 and out["comparisons_per_report"] == 2 + 7
    # a day always lasts 16 rounds, so every pair differs by exactly the planted 1000: ten pairs
    # all one way clear the sign test even after the correction
    assert out["planted_found"] == 2 and out["planted_held_by_corrected_interval"] == 2


def test_a_literal_aa_study_plays_the_baseline_again():
    out = calibrate.literal_aa("package-pandemonium", 2, ["random"], games=2, runs=2, seed=3, setting="van_capacity")
    assert out["runs_played_the_same"] == 2 and out["runs_with_any_real_effect"] == 0
