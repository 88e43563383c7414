"""The balance numbers on games made up by hand, and the report files with their sections."""

from __future__ import annotations

import csv
import json

import pytest

from courier.dev.lab import analysis
from courier.dev.lab.report import write_report
from courier.dev.lab.runner import run_study


def rec(arm, index, scores, winners, first=0, rounds=10, actions=100, kinds=None, track=None, end="", finished=True):
    return {"game": "package-pandemonium", "arm": arm.key, "index": index, "name": f"{arm.ref}#{index}", "seed": 11 + index // 2,
            "seats": list(arm.seats) if index % 2 == 0 else list(reversed(arm.seats)),
            "order": [0, 1] if index % 2 == 0 else [1, 0], "options": arm.options, "scores": scores,
            "winners": winners, "finished": finished, "end": end, "rounds": rounds, "first": first,
            "actions": actions, "decisions": [actions // 4, actions // 4], "kinds": kinds or {},
            "tags": {}, "track": track or [[rounds] + scores], "log": []}


def test_numbers_per_arm_on_known_games(tiny):
    base = tiny.arms[0]
    records = [
        rec(base, 0, [10, 4], [0], first=0, kinds={"recharge": [2, 0]}),
        rec(base, 1, [3, 9], [1], first=1, kinds={"recharge": [0, 1]}, track=[[1, 0, 1], [2, 2, 1], [10, 3, 9]]),
        rec(base, 2, [5, 5], [0, 1], first=0, rounds=12, actions=140),
        rec(base, 3, [2, 8], [], first=0, finished=False),
    ]
    s = analysis.summarise_arm(tiny, base, records)
    # the first to play won games 0 and 1 and half of game 2: 2.5 of 4 (game 3 stopped, no winner)
    assert s["by_position"][0]["wins"] == 2.5 and s["by_position"][1]["wins"] == 0.5
    assert s["by_position"][0]["low"] < 0.625 < s["by_position"][0]["high"]
    # by seat kind: heuristic-normal sat at seat 0 in games 0 and 2 and at seat 1 in games 1 and 3
    assert s["by_level"]["heuristic-normal"]["wins"] == 2.5 and s["by_level"]["random"]["wins"] == 0.5
    assert s["by_level"]["random"]["games"] == 4
    assert s["margin"]["mean"] == pytest.approx((6 + 6 + 0) / 3)
    assert s["spread"]["max"] == 6 and s["length"]["rounds"]["max"] == 12
    assert s["lead_changes"]["max"] == 2 and s["stalled"] == 1  # seat 1, then 0, then 1 again
    k = s["kinds"]["recharge"]
    assert k["per_game"] == 0.75 and k["winners"] == pytest.approx(3 / 4) and k["losers"] == 0
    whats = [o["what"] for o in s["outliers"]]
    assert {"longest game", "biggest margin", "stalled game"} <= set(whats)
    assert next(o for o in s["outliers"] if o["what"] == "longest game")["game"] == "baseline#2"


def test_a_variant_against_its_baseline(tiny):
    base, var = tiny.arms
    b = [rec(base, i, [10, 0] if i < 20 else [0, 10], [0] if i < 20 else [1], rounds=10 + i % 3) for i in range(40)]
    v = [rec(var, i, [10, 0] if i < 10 else [0, 10], [0] if i < 10 else [1], rounds=20 + i % 3) for i in range(40)]
    (c,) = analysis.summarise(tiny, b + v)["comparisons"]
    rows = {r["metric"]: r for r in c["rows"]}
    # paired by seed: 5 of 20 seeds lose the first player's win. Beyond luck on its own (95%), but
    # not once the interval is corrected for the report's 11 comparisons (Bonferroni: 2 arms' first seats and 9 measures)
    assert rows["first_player"]["diff"] == pytest.approx(-0.25) and rows["first_player"]["high95"] < 0
    assert not rows["first_player"]["real"] and "corrected for the report's 11 comparisons" in rows["first_player"]["sentence"]
    assert rows["rounds"]["diff"] == pytest.approx(10) and rows["rounds"]["real"] and "more by" in rows["rounds"]["sentence"]
    # every game is won by 10 in both arms: a measure the rules fix is not compared (no "+0 (-29 to +29)")
    assert "margin" not in rows and "Margin of victory" in c["constant"]
    assert c["pairs"] == 40 and c["seeds"] == 20 and c["same"] == 0 and not c["identical"]


def test_the_report_has_its_sections_charts_and_numbers(tiny, tmp_path):
    pytest.importorskip("matplotlib")
    records = run_study(tiny, tmp_path, jobs=1)["records"]
    files = write_report(tiny, records, tmp_path)
    page = files["html"].read_text(encoding="utf-8")
    for heading in ("In short", "Who wins", "By seat", "By computer player", "By company", "Scores and margins",
                    "Game length", "Lead changes", "Decisions taken", "Variants against the baseline",
                    "Games worth watching"):
        assert f">{heading}" in page, heading
    assert page.count("data:image/png;base64,") >= 8
    assert "courier replay results.jsonl --game baseline#" in page
    assert "http" not in page.replace("http-equiv", "")  # nothing fetched from the web: readable offline
    summary = json.loads(files["json"].read_text(encoding="utf-8"))
    assert [a["arm"] for a in summary["arms"]] == ["baseline", "big_vans"] and summary["games_played"] == 8
    with open(files["games"], encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 8 and rows[0]["game"] == "baseline#0"
    with open(files["comparisons"], encoding="utf-8") as f:
        comps = list(csv.DictReader(f))
    assert comps and all(c["variant"] == "big_vans" for c in comps)
