"""Pooling runs (issue 57): runs of a study, or the same arm in two studies, read as one analysis
when their behaviour keys match; refused with the reason when they do not."""

from __future__ import annotations

import json

import pytest

from courier.dev.lab import analysis
from courier.dev.lab.command import run_lab
from courier.dev.lab.pool import PoolError, pool
from courier.dev.lab.runner import run_study
from courier.dev.lab.study import study_from_text

A = """\
game = "package-pandemonium"
players = 2
seats = ["random"]
games = 3
seed = {seed}
[variants.big]
van_capacity = 7
"""
#: another study, its arms named otherwise: its "roomy" is A's "big", and it has an arm A lacks
B = """\
game = "package-pandemonium"
players = 2
seats = ["random"]
games = 2
seed = 40
[variants.roomy]
van_capacity = 7
[variants.other]
van_capacity = 3
"""


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("runs")
    out = {}
    for name, text in (("a1", A.format(seed=1)), ("a2", A.format(seed=2)), ("b", B)):
        study = study_from_text(text, f"{name}.toml")
        run_study(study, root / name, jobs=1)
        out[name] = root / name
    return out


def test_two_runs_of_a_study_pool_into_one_analysis(runs):
    study = study_from_text(A.format(seed=1), "a.toml")
    pooled = pool(study, [runs["a1"], runs["a2"]])
    assert pooled["games"] == {"baseline": 6, "big": 6} and pooled["left_out"] == 0
    summary = analysis.summarise(study, pooled["records"])
    assert [a["games"] for a in summary["arms"]] == [6, 6]
    (c,) = summary["comparisons"]
    assert c["pairs"] == 6 and c["seeds"] == 6  # each run's deals stay paired with its own baseline


def test_a_run_pooled_twice_counts_its_deals_once(runs):
    study = study_from_text(A.format(seed=1), "a.toml")
    pooled = pool(study, [runs["a1"], runs["a1"]])
    assert pooled["games"] == {"baseline": 3, "big": 3}


def test_the_same_arm_in_another_study_joins_by_its_settings_not_its_name(runs):
    study = study_from_text(A.format(seed=1), "a.toml")
    pooled = pool(study, [runs["a1"], runs["b"]])
    assert pooled["games"] == {"baseline": 5, "big": 5} and pooled["left_out"] == 2  # B's "other" arm


def test_runs_of_other_computer_players_are_refused(runs, tmp_path):
    study = study_from_text(A.format(seed=1), "a.toml")
    lines = (runs["a2"] / "results.jsonl").read_text().splitlines()
    head = json.loads(lines[0])
    (tmp_path / "results.jsonl").write_text("\n".join([json.dumps(dict(head, ai="0" * 16))] + lines[1:]) + "\n")
    with pytest.raises(PoolError) as e:
        pool(study, [runs["a1"], tmp_path])
    assert "other rules or computer players" in str(e.value) and "behaviour key differs" in str(e.value)


def test_runs_of_another_game_or_no_matching_arm_are_refused(runs, tmp_path):
    other = study_from_text(A.format(seed=1).replace("package-pandemonium", "doorstep-dash")
                            .replace("van_capacity = 7", "hand_limit = 6"), "d.toml")
    with pytest.raises(PoolError, match="games of 'package-pandemonium', not 'doorstep-dash'"):
        pool(other, [runs["a1"]])
    three = study_from_text(A.format(seed=1).replace("players = 2", "players = 3"), "a3.toml")
    with pytest.raises(PoolError, match="nothing to pool"):
        pool(three, [runs["a1"]])
    with pytest.raises(PoolError, match="no results there"):
        pool(three, [tmp_path / "empty"])


def test_the_pool_command_writes_one_report(runs, tmp_path, capsys):
    import argparse

    study_file = tmp_path / "a.toml"
    study_file.write_text(A.format(seed=1))
    args = argparse.Namespace(study=["pool", str(study_file), str(runs["a1"]), str(runs["a2"])], out=tmp_path / "pooled",
                              jobs=None, cluster=None, check=False, no_report=False)
    assert run_lab(args) == 0
    assert (tmp_path / "pooled" / "report.html").exists() and (tmp_path / "pooled" / "results.jsonl").exists()
    assert "baseline: 6, big: 6" in capsys.readouterr().out
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "results.jsonl").write_text(json.dumps({"lab": "courier-lab-results", "format": 2, "game": "next-day",
                                                   "ai": "x"}) + "\n")
    args.study = ["pool", str(study_file), str(runs["a1"]), str(bad)]
    assert run_lab(args) == 2
    assert "not pooled:" in capsys.readouterr().err
