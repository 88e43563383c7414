"""``courier lab tune``: successive halving finds a setting whose best value is known, and the
confirmation on fresh deals says how sure."""

from __future__ import annotations

import pytest

from courier.dev.lab.study import StudyError
from courier.dev.lab.tune import describe, run_tuning, tuning_from_text

KNOWN = """\
title = "a day of 8 rounds"
game = "package-pandemonium"
players = 2
seats = ["random"]
budget = 40
confirm_games = 6
[search]
rounds = [4, 6, 8, 10, 12, 14, 16]
van_capacity = [5, 6]
[target]
measure = "rounds"
value = 8
"""


def test_the_search_finds_the_known_best_and_confirms_it(tmp_path):
    t = tuning_from_text(KNOWN)
    assert len(t.candidates) == 14
    notes = []
    result = run_tuning(t, jobs=1, note=notes.append, out_dir=tmp_path)
    assert result["best"]["rounds"] == 8  # a day lasts exactly its rounds: the one right answer
    assert result["method"] == "successive halving" and result["search_games"] <= 40 + 2 * 14
    first, last = result["rounds"][0], result["rounds"][-1]
    assert len(first["candidates"]) == 14 and len(last["candidates"]) < 14
    c = result["confirmation"]
    assert c["games"] == 6 and c["value"] == 8 and c["verdict"].startswith("met")
    assert (tmp_path / "tune.json").exists() and any("round 1 of" in n for n in notes)
    assert "best setting: rounds = 8" in "\n".join(describe(result))


def test_a_first_player_target_is_in_points_over_a_fair_share():
    t = tuning_from_text(KNOWN.replace('measure = "rounds"\nvalue = 8', 'measure = "first_player"\nwithin = 2')
                         .replace("van_capacity = [5, 6]\n", "").replace("[4, 6, 8, 10, 12, 14, 16]", "[4, 16]"))
    result = run_tuning(t, jobs=1)
    c = result["confirmation"]
    assert -50 <= c["low"] <= c["value"] <= c["high"] <= 50 and "points over a fair share" == c["unit"]
    assert "within +0 +/- 2 points" in result["target"]


def test_a_tuning_file_is_checked_like_a_study():
    with pytest.raises(StudyError) as info:
        tuning_from_text(KNOWN.replace('measure = "rounds"', 'measure = "length"'))
    assert any("line 11" in p and "no measure 'length'" in p for p in info.value.problems)
    with pytest.raises(StudyError) as info:
        tuning_from_text(KNOWN.replace("[4, 6, 8, 10, 12, 14, 16]", "[4, 6, 99]"))
    assert any("rounds" in p for p in info.value.problems)  # the ruleset's own bound (at most 16)


def test_tuning_runs_on_a_dask_cluster_too(tmp_path):
    distributed = pytest.importorskip("distributed")
    t = tuning_from_text(KNOWN.replace("budget = 40", "budget = 14").replace("van_capacity = [5, 6]\n", ""))
    local = run_tuning(t, jobs=1)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, host="127.0.0.1",
                                  protocol="tcp", dashboard_address=None) as cluster:
        remote = run_tuning(t, cluster=cluster.scheduler_address)
    assert remote == local


def test_tune_writes_a_report_answering_first(tmp_path):
    """Not only tune.json: a page with the answer in at most five lines, every round's candidates,
    the confirmation and the kept setting's seats (issue 57)."""
    from courier.dev.lab.tune_report import summary_lines

    t = tuning_from_text(KNOWN)
    result = run_tuning(t, jobs=1, out_dir=tmp_path)
    page = (tmp_path / "tune.html").read_text()
    lines = summary_lines(result)
    assert 3 <= len(lines) <= 5 and lines[1].startswith("Kept rounds = 8") and lines[1].endswith(": met.")
    assert page.index("<h2>The answer</h2>") < page.index("<h2>The search</h2>") < page.index("<h2>The confirmation</h2>")
    assert page.count("<h3>Round ") == len(result["rounds"]) and "Every seat and role of the kept setting" in page
    assert result["confirmation"]["seats"][0]["what"] == "seat 1"
