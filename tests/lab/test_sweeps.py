"""Sweeps: one setting over a range of values, each value an arm paired with the baseline, drawn
as one chart with interval bands."""

from __future__ import annotations

import pytest

from courier.dev.lab import analysis
from courier.dev.lab.study import StudyError, study_from_text

SWEEP = """\
game = "package-pandemonium"
players = 2
seats = ["random", "random"]
games = 2
[sweeps.vans]
description = "How big a van should be"
van_capacity = [4, 5, 6]
[sweeps.bombs]
bomb_rounds.x = [1, 2]
"""


def test_a_sweep_is_one_arm_per_value():
    s = study_from_text(SWEEP.replace("[sweeps.bombs]\nbomb_rounds.x = [1, 2]\n", ""))
    points = [a for a in s.arms if a.sweep == "vans"]
    assert [(a.setting, a.value, a.options["van_capacity"]) for a in points] == [
        ("van_capacity", 4, 4), ("van_capacity", 5, 5), ("van_capacity", 6, 6)]
    assert points[0].name == "vans: van_capacity = 4" and points[0].description == "How big a van should be"
    assert len({a.key for a in s.arms}) == 4


def test_a_sweep_is_checked_like_a_variant():
    with pytest.raises(StudyError) as info:
        study_from_text(SWEEP)
    assert any("line 9" in p and "sweeps.bombs" in p for p in info.value.problems)  # bomb_rounds is no table
    with pytest.raises(StudyError) as info:
        study_from_text(SWEEP.replace("[4, 5, 6]", "4").replace("[sweeps.bombs]\nbomb_rounds.x = [1, 2]\n", ""))
    assert any("line 7" in p and "at least two values" in p for p in info.value.problems)


def test_a_sweep_is_summarised_and_drawn(tmp_path):
    pytest.importorskip("matplotlib")
    from courier.dev.lab.report import write_report
    from courier.dev.lab.runner import run_study

    s = study_from_text(SWEEP.replace("[sweeps.bombs]\nbomb_rounds.x = [1, 2]\n", ""))
    records = run_study(s, tmp_path, jobs=1)["records"]
    (row,) = analysis.summarise(s, records)["sweeps"]
    assert row["setting"] == "van_capacity" and [p["value"] for p in row["points"]] == [4, 5, 6]
    assert row["baseline"]["value"] == 5 and row["points"][1]["differ"] == 0  # the baseline's own value
    assert all(p["first_player"]["games"] == 2 and "mean" in p["rounds"] for p in row["points"])
    page = write_report(s, records, tmp_path)["html"].read_text(encoding="utf-8")
    assert ">Sweeps" in page and 'alt="sweep vans"' in page and "5 (baseline)" in page
