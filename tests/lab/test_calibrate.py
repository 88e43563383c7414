"""The calibration tool runs end to end on real games (the full 100-run figures are in docs/lab.md;
the promise itself is tested on synthetic games in test_compare)."""

from __future__ import annotations

from courier.dev.lab import calibrate


def test_aa_and_planted_on_real_games():
    study = calibrate._study("package-pandemonium", 2, ["random"], 10)
    pool = calibrate.play_pool("package-pandemonium", 2, ["random"], 2 * 10 * 2, seed=7)
    assert len({r["seed"] for r in pool}) == 40
    out = calibrate.aa_and_planted(pool, study, games=10, runs=2, planted=1000.0)
    assert out["runs"] == 2 and out["comparisons_per_report"] == 2 + 9  # 2 first seats, 9 measures
    # a day always lasts 16 rounds, so every pair differs by exactly the planted 1000: ten pairs
    # all one way clear the sign test even after the correction
    assert out["planted_found"] == 2 and out["planted_held_by_corrected_interval"] == 2


def test_a_literal_aa_study_plays_the_baseline_again():
    out = calibrate.literal_aa("package-pandemonium", 2, ["random"], games=2, runs=2, seed=3, setting="van_capacity")
    assert out["runs_played_the_same"] == 2 and out["runs_with_any_real_effect"] == 0


def test_every_seat_and_role_on_real_games():
    from courier import boards

    boards.install()
    """A/A over every seat and role, and a planted rise of the Rogue player's share (every game it
    lost made a win), end to end on real games: too few to find it at the correction (the power
    says so), but its interval holds the true rise."""
    study = calibrate._study("package-pandemonium", 3, ["random"], 8)
    pool = calibrate.play_pool("package-pandemonium", 3, ["random"], 2 * 8 * 2, seed=9)
    assert all(r["roles"]["role"].count("Rogue player") == 1 for r in pool)
    out = calibrate.seats_and_roles(pool, study, games=8, runs=2, role=("role", "Rogue player"), plant_share=1.0)
    assert out["runs"] == 2 and out["aa_runs_with_any_seat_or_role_effect"] <= 1
    assert out["planted_held_by_corrected_interval"] == 2 and 0 < out["planted_rise"] <= 1
    assert out["planted_found"] <= 2 and 0 <= out["planted_expected_found"] <= 2


def test_a_planted_role_effect_is_found_at_its_expected_power():
    """Synthetic 3-player games whose third seat wins 20%: 200 A/A runs of 40 pairs claim a seat
    or role effect in at most 5%, and a rise planted in the Rogue's share is found about as often
    as the power computed from each run's standard error says (binomial luck: within 12 runs)."""
    import random

    rng = random.Random(11)
    study = calibrate._study("package-pandemonium", 3, ["random"], 40)
    pool = []
    for i in range(200 * 80):
        winner = 2 if rng.random() < 0.2 else rng.randrange(2)
        pool.append({"game": "package-pandemonium", "arm": "pool", "index": i, "seed": i, "seats": ["random"] * 3,
                     "order": [0, 1, 2], "options": {}, "scores": [10.0 if s == winner else 5.0 for s in range(3)],
                     "winners": [winner], "finished": True, "end": "finished", "rounds": 16, "first": 0,
                     "actions": 10, "decisions": [3, 3, 3], "kinds": {}, "tags": {}, "events": {},
                     "roles": {"role": ["courier", "courier", "Rogue player"]}, "track": [[16, 1, 1, 1]],
                     "log": [str(i)]})
    out = calibrate.seats_and_roles(pool, study, games=40, runs=200, role=("role", "Rogue player"), plant_share=0.4)
    assert out["aa_runs_with_any_seat_or_role_effect"] <= 10
    assert abs(out["planted_found"] - out["planted_expected_found"]) <= 12, out
    assert out["planted_held_by_95_interval"] >= 180 and out["planted_held_by_corrected_interval"] >= 190
