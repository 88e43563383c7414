"""Does skill still matter? Extra games per arm, a stronger player against weaker ones."""

from __future__ import annotations

import pytest

from courier.dev.lab import analysis, seats
from courier.dev.lab.runner import run_study, tasks_for
from courier.dev.lab.study import StudyError, study_from_text

TEXT = """\
game = "package-pandemonium"
players = 2
seats = ["random"]
games = 2
skill = ["heuristic-normal", "random"]
skill_games = 6
[variants.big]
van_capacity = 7
"""


def test_skill_games_put_the_stronger_player_in_every_position_on_shared_deals():
    s = study_from_text(TEXT)
    skill = [t for t in tasks_for(s) if t["arm"].endswith("~skill")]
    assert len(skill) == 12
    base, var = skill[:6], skill[6:]
    assert [t["seats"] for t in base[:2]] == [["heuristic-normal", "random"], ["random", "heuristic-normal"]]
    assert [t["seed"] for t in base] == [t["seed"] for t in var] and len({t["seed"] for t in base}) == 3
    assert base[0]["name"] == "baseline~skill#0"


def test_the_stronger_players_share_is_reported_and_compared(tmp_path):
    s = study_from_text(TEXT)
    records = run_study(s, tmp_path, jobs=1)["records"]
    summary = analysis.summarise(s, records)
    sk = summary["arms"][0]["skill"]
    assert sk["games"] == 6 and sk["fair_share"] == 0.5 and 0 <= sk["low"] <= sk["share"] <= sk["high"]
    assert summary["comparisons"][0]["skill"]["metric"] == "skill"
    # each arm's first seat and company cards, and the variant's measures, company cards held in
    # both arms and the skill share (one more comparison per variant)
    main = [r for r in records if not r["arm"].endswith("~skill")]
    held = {a.key: seats.role_values(analysis.distinct([r for r in main if r["arm"] == a.key])) for a in s.arms}
    both = set(held[s.arms[0].key]) & set(held[s.arms[1].key])
    assert summary["comparisons_made"] == (2 + sum(map(len, held.values()))) + (analysis.COMPARED + len(both) + 1)


def test_skill_needs_two_players_and_a_number_of_games():
    with pytest.raises(StudyError) as info:
        study_from_text(TEXT.replace('skill = ["heuristic-normal", "random"]', 'skill = ["heuristic-normal"]'))
    assert any("line 5" in p and "stronger first" in p for p in info.value.problems)
    with pytest.raises(StudyError) as info:
        study_from_text(TEXT.replace("skill_games = 6", ""))
    assert any("skill_games = 40" in p for p in info.value.problems)
