"""Every seat and role judged (issue 57): the words keep "not shown" apart from "about fair", a
planted edge of a role is found between arms, the power note holds, the relative measures and
distributions are given, and the summary ranks the variants against the study's aim."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from courier.dev.lab import aims, analysis, seats, stats
from courier.dev.lab.study import StudyError, study_from_text

STUDY = """\
game = "package-pandemonium"
players = 3
seats = ["heuristic-normal"]
games = 200
aim = "a weaker Rogue player"
[variants.same]
van_capacity = 5
[variants.strong_rogue]
van_capacity = 6
[variants.short]
rounds = 8
"""


def rec(arm, index, seed, winner, rounds=16, scores=None, log=None, rogue=2):
    scores = scores or [10.0 if s == winner else 5.0 for s in range(3)]
    return {"game": "package-pandemonium", "arm": arm.key, "index": index, "name": f"{arm.ref}#{index}",
            "seed": seed, "seats": list(arm.seats), "order": [0, 1, 2], "options": arm.options,
            "scores": scores, "winners": [winner], "finished": True, "end": "finished", "rounds": rounds,
            "first": 0, "actions": 50, "decisions": [10, 10, 10], "kinds": {}, "tags": {}, "events": {},
            "roles": {"role": ["Rogue player" if s == rogue else "courier" for s in range(3)]},
            "track": [[rounds] + scores], "log": log if log is not None else [f"g{seed}"]}


@pytest.fixture(scope="module")
def study():
    return study_from_text(STUDY, "s.toml")


def arm_games(arm, n, rogue_share, rng, **kw):
    out = []
    for i in range(n):
        winner = 2 if rng.random() < rogue_share else rng.randrange(2)
        out.append(rec(arm, i, i, winner, log=[f"{arm.variant}{i}"], **kw))
    return out


# -- the words ------------------------------------------------------------------------------------
def test_one_game_is_not_shown_either_way_not_about_fair():
    p, lo, hi = stats.wilson(1, 1)
    v = stats.fair_verdict(p, lo, hi, 1 / 3, 1)
    assert v["verdict"] == "not shown"
    assert v["words"] == "not shown either way (1 game; the interval is 21% to 100%, fair is 33%)"


def test_about_fair_only_when_the_interval_is_narrow_round_the_fair_share():
    p, lo, hi = stats.wilson(1000, 3000)
    assert stats.fair_verdict(p, lo, hi, 1 / 3, 3000)["verdict"] == "about"
    p, lo, hi = stats.wilson(140, 310)  # 45% of 310 games at 3 players: more than fair
    assert stats.fair_verdict(p, lo, hi, 1 / 3, 310)["verdict"] == "more"
    p, lo, hi = stats.wilson(20, 60)
    assert stats.fair_verdict(p, lo, hi, 1 / 3, 60)["verdict"] == "not shown"


@given(st.integers(1, 2000), st.data(), st.sampled_from([2, 3, 4, 5]))
@settings(max_examples=200, deadline=None)
def test_verdict_words_follow_the_interval(n, data, players):
    k = data.draw(st.integers(0, n))
    fair = 1 / players
    p, lo, hi = stats.wilson(k, n)
    v = stats.fair_verdict(p, lo, hi, fair, n)
    if v["verdict"] == "about":
        assert fair - stats.NARROW <= lo and hi <= fair + stats.NARROW
    elif v["verdict"] == "not shown":
        assert lo <= fair <= hi and (lo < fair - stats.NARROW or hi > fair + stats.NARROW)
        assert f"{n} game" in v["words"] and "not shown either way" in v["words"]
    else:
        assert (lo > fair) == (v["verdict"] == "more") and (hi < fair) == (v["verdict"] == "less")


def test_the_power_note_holds():
    """A seat that truly wins 60% where 50% is fair is shown off it in about 80% of studies of
    the number of games the note gives (binomial luck over 400 studies: 74 to 86%)."""
    alpha = 0.05 / 10
    n = stats.games_to_show(0.10, 0.5, alpha)
    rng = random.Random(7)
    z = stats.z_for(alpha)
    shown = 0
    for _ in range(400):
        k = sum(rng.random() < 0.6 for _ in range(n))
        _, lo, hi = stats.wilson(k, n, z)
        shown += lo > 0.5
    assert 0.74 <= shown / 400 <= 0.86, (n, shown)
    assert stats.games_to_show(0.05, 0.5, alpha) > 3 * n  # half the edge, about four times the games


# -- every seat and role --------------------------------------------------------------------------
def test_every_seat_and_the_rogue_are_judged(study):
    base = study.arms[0]
    rng = random.Random(1)
    records = arm_games(base, 200, 0.1, rng)
    s = analysis.summarise_arm(study, base, records, alpha=0.05 / 20)
    whats = {j["what"]: j for j in s["judged"]}
    assert {"seat 1", "seat 2", "seat 3", "Rogue player", "courier"} <= set(whats)
    assert whats["Rogue player"]["verdict"] == "less" and whats["seat 3"]["verdict"] == "less"
    # one value per game (the deal is the unit): the couriers' share is their average
    assert whats["Rogue player"]["games"] == 200 and whats["courier"]["games"] == 200
    assert all(j["games_for_edge"] > 0 for j in s["judged"])
    # seat 3 is the Rogue player's in every game: the report tells it once, by the role
    assert whats["seat 3"]["role"] == "Rogue player" and whats["Rogue player"]["position"] == 2
    assert "role" not in whats["seat 1"] and "position" not in whats["courier"]


def test_a_stronger_rogue_is_found_between_arms(study):
    base, strong = study.arms[0], study.arms[2]
    rng = random.Random(3)
    b = arm_games(base, 200, 0.1, rng)
    v = arm_games(strong, 200, 0.3, rng)
    summary = analysis.summarise(study, b + v)
    (c,) = [c for c in summary["comparisons"] if c["arm"] == "strong_rogue"]
    rows = {r["metric"]: r for r in c["seat_rows"]}
    assert rows["role:Rogue player"]["real"] and rows["role:Rogue player"]["diff"] == pytest.approx(0.2, abs=0.08)
    assert rows["position:2"]["real"]  # seat 3 is the Rogue's seat
    # the seats and roles count among the report's comparisons: 3 seats + 2 roles per arm played
    # (3 seats for the two arms without games), and per variant 9 measures, 2 later seats and the
    # roles held in both arms (2 for the one played)
    assert summary["comparisons_made"] == 2 * (3 + 2) + 2 * 3 + (analysis.COMPARED + 2 + 2) + 2 * (analysis.COMPARED + 2)


def test_an_aa_variant_claims_no_seat_or_role(study):
    base, same = study.arms[0], study.arms[1]
    rng = random.Random(4)
    alarms = 0
    for _ in range(40):
        b = arm_games(base, 60, 0.2, rng)
        v = arm_games(same, 60, 0.2, rng)
        roles = seats.roles_by_arm({base.key: b, same.key: v})
        m = analysis.count_comparisons(study, roles)
        c = analysis.compare(study, same, base, v, b, stats.family_alpha(m), m)
        alarms += any(r["real"] for r in c["rows"] + c["seat_rows"])
    assert alarms <= 4


# -- relative measures and distributions ----------------------------------------------------------
def test_a_flatter_game_in_points_can_be_more_lopsided_relative_to_its_scores(study):
    base, short = study.arms[0], study.arms[3]
    b = [rec(base, i, i, 0, scores=[40.0 + i % 3, 30.0, 20.0]) for i in range(40)]
    v = [rec(short, i, i, 0, scores=[20.0 + i % 3, 10.0, 6.0], log=["x"]) for i in range(40)]
    c = analysis.compare(study, short, base, v, b)
    rows = {r["metric"]: r for r in c["rows"]}
    assert rows["spread"]["real"] and rows["spread"]["diff"] < 0  # fewer points apart...
    assert rows["rel_spread"]["real"] and rows["rel_spread"]["diff"] > 0  # ...but further apart for the scores
    s = analysis.summarise_arm(study, base, b)
    assert s["relative"]["spread"]["mean"] == pytest.approx(statistics_mean([(20 + i % 3) / ((90 + i % 3) / 3) for i in range(40)]), abs=1e-3)


def statistics_mean(xs):
    return sum(xs) / len(xs)


def test_length_and_score_distributions(study):
    base = study.arms[0]
    records = [rec(base, i, i, i % 3, rounds=10 + i % 11) for i in range(110)]
    s = analysis.summarise_arm(study, base, records)
    pct = s["rounds_distribution"]["percentiles"]
    assert pct["p50"] == 15 and pct["p10"] == 11 and pct["p90"] == 19
    assert sum(b["count"] for b in s["rounds_distribution"]["histogram"]) == 110
    assert len(s["scores_distribution"]) == 3 and s["scores_distribution"][0]["percentiles"]["p90"] == 10


# -- the summary ----------------------------------------------------------------------------------
def test_the_summary_ranks_the_variants_against_the_aim(study):
    base, same, strong, short = study.arms
    rng = random.Random(9)
    b = arm_games(base, 200, 0.2, rng)
    records = b + arm_games(same, 200, 0.2, rng) + arm_games(strong, 200, 0.45, rng) + arm_games(short, 200, 0.02, rng)
    summary = analysis.summarise(study, records)
    ranked = aims.rank(aims.parse(study.aim), summary)
    assert [s["arm"] for s in ranked] == ["short", "same", "strong_rogue"]
    assert [s["verdict"] for s in ranked] == ["meets the aim", "not shown", "works against the aim"]
    lines = aims.summary_lines(study, summary)
    assert len(lines) <= 5 and lines[0].startswith("Aim: a weaker Rogue player.")
    assert lines[1].startswith("1. short:") and lines[1].endswith("meets the aim.")
    assert any(line.startswith("Seats and roles:") for line in lines)


def test_a_fairer_first_seat_is_nearer_the_fair_share_either_way(study):
    base = {"arm": "baseline", "judged": [{"family": "position", "value": "0", "what": "seat 1", "share": 0.5,
                                           "fair": 1 / 3}]}
    row = lambda d, lo, hi: {"metric": "first_player", "diff": d, "low": lo, "high": hi, "unit": "share", "real": True}
    aim = aims.parse("a fairer first seat")
    # from 50% to 30%: past the fair 33%, but nearer it (3 points off instead of 17)
    s = aims.score(aim, {"arm": "v", "rows": [row(-0.2, -0.25, -0.15)]}, base)
    assert s["verdict"] == "meets the aim" and s["gain"] == pytest.approx(1 / 6 - 1 / 30)
    s = aims.score(aim, {"arm": "v", "rows": [row(-0.5, -0.55, -0.45)]}, base)  # to 0%: further off
    assert s["verdict"] == "works against the aim"


def test_the_obvious_consequences_are_folded_away():
    r = lambda m, d: {"metric": m, "diff": d, "real": True, "low": d, "high": d, "unit": "", "label": m, "sentence": m}
    rows = [r("rounds", -3), r("minutes", -5), r("mean_score", -4), r("spread", -2), r("rel_spread", 0.1),
            r("lead_changes", 1)]
    kept, folded = aims.fold(rows)
    assert [k["metric"] for k in kept] == ["rounds", "rel_spread", "lead_changes"]
    assert {f["metric"] for f, _ in folded} == {"minutes", "mean_score", "spread"}
    kept, _ = aims.fold(rows, keep="mean_score")  # the aim's own measure is never folded
    assert "mean_score" in [k["metric"] for k in kept]


def test_an_unknown_aim_is_refused_with_the_aims_there_are():
    with pytest.raises(StudyError) as e:
        study_from_text(STUDY.replace('aim = "a weaker Rogue player"', 'aim = "more fun"'), "s.toml")
    (line,) = e.value.problems
    assert "line 5: aim: the lab does not know this aim" in line and '"shorter games"' in line


def test_the_report_opens_with_the_answer(study, tmp_path):
    from courier.dev.lab.report import write_report

    base, same, strong, short = study.arms
    rng = random.Random(9)
    records = [r for a, share in ((base, 0.2), (same, 0.2), (strong, 0.45), (short, 0.02))
               for r in arm_games(a, 30, share, rng)]
    page = write_report(study, records, tmp_path, charts=False)["html"].read_text()
    answer = page.index("<h2>The answer</h2>")
    assert answer < page.index("<h2>In short</h2>") < page.index("<h2>Every seat and role</h2>")
    block = page[answer:page.index("</ol>", answer)]
    assert 2 <= block.count("<li>") <= 5 and "Aim: a weaker Rogue player." in block
    assert "not shown either way" in page and "Relative to the average score" in page
    # "In short" says "not shown either way" once an arm, the intervals left to the seats' table
    short = page[page.index("<h2>In short</h2>"):page.index("<h2>Every seat and role</h2>")]
    for item in short.split("<li")[1:]:
        assert item.count("not shown either way") <= 1, item
    rows = (tmp_path / "comparisons.csv").read_text()
    assert "Rogue player's win share" in rows  # every seat and role's change is in the spreadsheet too


def test_without_an_aim_the_summary_still_fits_five_lines():
    text = STUDY.replace('aim = "a weaker Rogue player"\n', "") + "".join(
        f"[variants.v{k}]\nvan_capacity = {k}\n" for k in (2, 3, 4))
    study = study_from_text(text, "s.toml")
    rng = random.Random(2)
    records = [r for i, a in enumerate(study.arms) for r in arm_games(a, 40, 0.1 + 0.05 * i, rng,
                                                                        rounds=16 - i)]
    summary = analysis.summarise(study, records)
    lines = aims.summary_lines(study, summary)
    assert len(lines) == 5 and lines[0].startswith("No aim named")
    assert lines[3].startswith("And 4 more variants") and lines[4].startswith("Seats and roles:")
    assert lines[1].startswith("same: game length -1.00 rounds")  # each variant's clearest effect
