"""A variant against its baseline: distinct games only, paired game by game, corrected for the
number of comparisons, and calibrated (an A/A study shows no effect at the promised rate; a
planted effect is found, its interval holding the true size at the promised rate)."""

from __future__ import annotations

import random

import pytest

from courier.dev.lab import analysis, stats
from courier.dev.lab.study import study_from_text

STUDY = """\
game = "package-pandemonium"
players = 2
seats = ["heuristic-normal", "heuristic-normal"]
games = 40
[variants.same]
van_capacity = 5
[variants.other]
van_capacity = 6
"""


def rec(arm, index, seed, rounds, scores, first=0, log=None):
    winners = [i for i, s in enumerate(scores) if s == max(scores)]
    return {"game": "package-pandemonium", "arm": arm.key, "index": index, "name": f"{arm.ref}#{index}",
            "seed": seed, "seats": list(arm.seats), "order": [0, 1], "options": arm.options,
            "scores": list(scores), "winners": winners, "finished": True, "end": "finished", "rounds": rounds,
            "first": first, "actions": 50, "decisions": [10, 10], "kinds": {}, "tags": {}, "events": {},
            "track": [[rounds] + list(scores)], "log": log if log is not None else [f"g{seed}"]}


@pytest.fixture(scope="module")
def study():
    return study_from_text(STUDY, "s.toml")


def test_a_game_counted_several_times_counts_once(study):
    base = study.arms[0]
    one = rec(base, 0, 1, 10, [5, 3])
    copies = [dict(one, index=i, name=f"baseline#{i}") for i in range(4)]
    s = analysis.summarise_arm(study, base, copies)
    assert s["games"] == 1 and s["by_position"][0]["games"] == 1
    # 12 distinct games where the first player won 6: about 25-75%, not the 36-64% of 48 copies
    twelve = [rec(base, i, i, 10, [5, 3] if i < 6 else [3, 5]) for i in range(12)]
    s = analysis.summarise_arm(study, base, [dict(r, index=r["index"] + 12 * k) for k in range(4) for r in twelve])
    first = s["by_position"][0]
    assert first["games"] == 12 and first["low"] == pytest.approx(0.25, abs=0.01) and first["high"] == pytest.approx(0.75, abs=0.01)
    # a 25-75% interval holds the fair 50% but is far too wide to call the seat fair (issue 57)
    assert s["first_verdict"]["verdict"] == "not shown"


def test_an_arm_identical_to_the_baseline_has_no_effect(study):
    base, same = study.arms[0], study.arms[1]
    rng = random.Random(5)
    b = [rec(base, i, i, rng.randint(10, 20), [rng.randint(0, 30), rng.randint(0, 30)]) for i in range(40)]
    v = [dict(r, arm=same.key, name=f"same#{r['index']}") for r in b]
    c = analysis.compare(study, same, base, v, b, alpha=0.05 / 15, comparisons=15)
    assert c["identical"] and c["same"] == c["pairs"] == 40 and c["differ"]["games"] == 0
    for row in c["rows"]:
        assert row["diff"] == 0 and row["low"] == row["high"] == 0 and not row["real"], row


def test_a_few_games_moved_the_same_way_are_not_yet_an_effect(study):
    base, other = study.arms[0], study.arms[2]
    b = [rec(base, i, i, 10 + i, [5, 3]) for i in range(3)]
    v = [rec(other, i, i, 11 + i, [5, 3], log=["x"]) for i in range(3)]
    c = analysis.compare(study, other, base, v, b)
    rounds = next(r for r in c["rows"] if r["metric"] == "rounds")
    assert rounds["diff"] == 1 and rounds["low"] == 0 and not rounds["real"]  # not "+1 (+1 to +1), real"
    b = [rec(base, i, i, 10 + i, [5, 3]) for i in range(12)]
    v = [rec(other, i, i, 11 + i, [5, 3], log=["x"]) for i in range(12)]
    rounds = next(r for r in analysis.compare(study, other, base, v, b)["rows"] if r["metric"] == "rounds")
    assert rounds["real"] and rounds["low"] == rounds["high"] == 1  # twelve out of twelve, one round each


def test_the_report_counts_its_comparisons(study):
    # 3 arms' first players against a fair share + 2 variants x 9 measures (no roles known)
    assert analysis.count_comparisons(study) == 3 + 2 * analysis.COMPARED == 21


def test_t_quantiles_for_any_level():
    assert stats.t_quantile(0.05, 10) == pytest.approx(2.228, abs=1e-3)
    assert stats.t_quantile(0.01, 5) == pytest.approx(4.032, abs=1e-3)
    assert stats.t_quantile(0.05 / 14, 39) == pytest.approx(3.1, abs=0.05)
    assert stats.t_quantile(0.05, float("inf")) == pytest.approx(1.96, abs=1e-3)
    assert stats.t_two_sided_p(2.228, 10) == pytest.approx(0.05, abs=1e-3)


def synthetic(study, arm, base, rng, games, effect, noise=4.0):
    """Two arms of games from one distribution: each deal has its own difficulty, and the
    variant adds ``effect`` rounds plus its own luck."""
    b, v = [], []
    for i in range(games):
        deal = rng.gauss(30, 6)
        b.append(rec(base, i, i, round(deal + rng.gauss(0, noise), 3), [rng.gauss(50, 10), rng.gauss(50, 10)]))
        v.append(rec(arm, i, i, round(deal + effect + rng.gauss(0, noise), 3),
                     [rng.gauss(50, 10), rng.gauss(50, 10)], first=rng.randrange(2), log=["v"]))
    return b, v


def test_calibration_on_synthetic_games(study):
    """100 A/A studies through the same analysis: at most 5% may show any real effect. With a
    planted effect of +5 rounds, the plain 95% interval holds 5 about 95 times in 100 (binomial
    luck: 90 to 99), the corrected one at least as often, and the effect is found nearly always
    (the luck of a pair is about 5.7 rounds, so 30 deals give a standard error of about 1)."""
    base, arm = study.arms[0], study.arms[2]
    m = analysis.COMPARED  # the measures of one variant
    rng = random.Random(2024)
    false_alarms = held = held95 = found = 0
    for _ in range(100):
        b, v = synthetic(study, arm, base, rng, 30, 0.0)
        c = analysis.compare(study, arm, base, v, b, stats.family_alpha(m), m)
        false_alarms += any(r["real"] for r in c["rows"])
        b, v = synthetic(study, arm, base, rng, 30, 5.0)
        c = analysis.compare(study, arm, base, v, b, stats.family_alpha(m), m)
        rounds = next(r for r in c["rows"] if r["metric"] == "rounds")
        held += rounds["low"] <= 5.0 <= rounds["high"]
        held95 += rounds["low95"] <= 5.0 <= rounds["high95"]
        found += rounds["real"]
    assert false_alarms <= 5
    assert 90 <= held95 <= 99 and held >= max(held95, 95)
    assert found >= 85


def test_a_rule_that_never_changes_a_decision_is_said_so(study):
    """A different starting purse: every game played move for move as the baseline, only the
    scores moved. The report must not headline a change of play."""
    base, other = study.arms[0], study.arms[2]
    b = [rec(base, i, i, 10 + i % 4, [20 + i, 10], log=[f"m{i}"]) for i in range(24)]
    v = [dict(r, arm=other.key, scores=[s - 40 for s in r["scores"]]) for r in b]
    c = analysis.compare(study, other, base, v, b, alpha=0.05 / 17, comparisons=17)
    assert c["identical"] and c["same"] == 24 and c["differ"]["games"] == 0
    rows = {r["metric"]: r for r in c["rows"]}
    assert rows["mean_score"]["diff"] == -40 and rows["mean_score"]["real"]
    assert all(r["sentence"].endswith("the same in every game, no effect.") for k, r in rows.items()
               if k not in ("mean_score", "first_player"))
