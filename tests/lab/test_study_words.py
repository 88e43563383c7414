"""Study-file mistakes said in plain words: one test per mistake a designer made."""

from __future__ import annotations

import pytest

from courier.dev.lab.study import SEAT_KINDS, StudyError, seat_list, study_from_text
from courier.dev.simulate import level_of

JARGON = ("Input should be", "valid dictionary", "valid integer", "unable to parse")


def problems(text: str, fmt: str = "toml") -> list[str]:
    with pytest.raises(StudyError) as info:
        study_from_text(text, "s.toml" if fmt == "toml" else "s.yaml", fmt)
    assert not any(j in p for p in info.value.problems for j in JARGON), info.value.problems
    return info.value.problems


OFD = 'game = "out-for-delivery"\nplayers = 2\nseats = ["heuristic-normal"]\ngames = 4\n'


def test_a_quoted_number_of_games_is_refused_and_said():
    (p,) = problems(OFD.replace("games = 4", 'games = "15"'))
    assert "line 4: games" in p and "without quotes" in p and '"15"' in p


def test_a_quoted_number_in_a_setting_or_a_table_entry_is_refused():
    (p,) = problems(OFD + '[variants.rich]\nstart_gold = "350"\n')
    assert "line 6: variants.rich.start_gold" in p and "without quotes" in p and '"350"' in p
    nd = 'game = "next-day"\nplayers = 3\nseats = ["heuristic-normal"]\ngames = 3\n'
    (p,) = problems(nd + '[variants.cheap]\nblockage_move_cost.diversion = "40"\n')
    assert "blockage_move_cost" in p and "without quotes" in p and '"40"' in p


def test_text_for_a_number_says_so():
    (p,) = problems(OFD + '[variants.rich]\nstart_gold = "lots"\n')
    assert 'give a number, not the text "lots"' in p


YAML = "game: out-for-delivery\nplayers: 2\nseats: [heuristic-normal]\ngames: 4\n"


def test_yaml_settings_not_indented_under_their_variant_are_said_in_plain_words():
    ps = problems(YAML + "variants:\n  rich:\n  start_gold: 300\n", "yaml")
    assert len(ps) == 2
    assert "line 6: variants.rich" in ps[0] and "no settings under it" in ps[0] and "indented" in ps[0]
    assert "line 7: variants.start_gold" in ps[1] and "read as the name of a variant" in ps[1]
    assert "indent it two spaces more" in ps[1]


def test_toml_variants_given_a_single_value_are_said_in_plain_words():
    (p,) = problems(OFD + "[variants]\nrich = 3\n")
    assert "variants.rich" in p and "single value 3" in p and "[...] line" in p


def test_yaml_no_read_as_false_is_said():
    nd = "game: next-day\nplayers: 3\nseats: [heuristic-normal]\ngames: 3\n"
    s = study_from_text(nd + "variants:\n  slow:\n    quick_setup: no\n", "s.yaml", "yaml")
    assert s.arms[1].options["quick_setup"] is False
    (w,) = s.warnings
    assert "line 7: variants.slow.quick_setup" in w and "'no' is read as false" in w
    (p,) = problems(YAML + "variants:\n  rich:\n    start_gold: no\n", "yaml")
    assert "start_gold" in p and "YAML read 'no' (line 7) as false" in p and "in quotes" in p
    quoted = study_from_text(nd + "variants:\n  slow:\n    quick_setup: false\n", "s.yaml", "yaml")
    assert quoted.warnings == []  # false written as false needs no word


def test_every_unknown_seat_is_reported():
    ps = problems(OFD.replace('["heuristic-normal"]', '["heuristc-normal", "randm", "zzz", "heuristic-normal"]')
                  + 'skill = ["hard-ai", "heuristic-easy"]\nskill_games = 2\n')
    named = [n for n in ("'heuristc-normal'", "'randm'", "'zzz'", "'hard-ai'") if any(n in p for p in ps)]
    assert len(named) == 4 and len(ps) == 4
    # even beside another mistake that stops the check early
    ps = problems(OFD.replace("games = 4", 'games = "4"').replace('["heuristic-normal"]', '["randm", "zzz"]'))
    assert any("'randm'" in p for p in ps) and any("'zzz'" in p for p in ps)


def test_every_seat_the_lab_accepts_is_listed_and_every_listed_one_accepted():
    for kind in SEAT_KINDS:
        level_of(kind)
        assert kind in seat_list()
    (p,) = problems(OFD.replace('["heuristic-normal"]', '["greedie"]'))
    assert "did you mean 'greedy'" in p and "greedy, rush" in p and "out-planner" in p
    study_from_text(OFD.replace('["heuristic-normal"]', '["greedy", "rush"]'))


def test_the_decisions_table_keeps_per_game_and_per_player_apart(tiny, tmp_path):
    from courier.dev.lab.report import write_report
    from courier.dev.lab.runner import run_study

    records = run_study(tiny, tmp_path, jobs=1)["records"]
    page = write_report(tiny, records, tmp_path, charts=False)["html"].read_text(encoding="utf-8")
    assert "<th class=\"\">per game, all players</th>" in page
    assert "per winner" in page and "per other player" in page and "per player, seat 1" in page
    assert "per player, heuristic-normal" in page


def test_a_setting_nothing_reads_is_said_before_the_study_runs():
    s = study_from_text('game = "package-pandemonium"\nplayers = 2\nseats = ["heuristic-normal"]\ngames = 2\n'
                        '[variants.more]\nstart_low = 9\n[variants.big]\nvan_capacity = 7\n')
    (w,) = s.warnings
    assert "line 6: variants.more.start_low" in w and "nothing in Package Pandemonium reads 'start_low'" in w
    assert "plays as the baseline" in w


def test_the_validators_words_are_ours():
    ps = problems(YAML.replace("seats: [heuristic-normal]", "seats: heuristic-normal").replace("games: 4", "games: 0"),
                  "yaml")
    assert any("seats: give a list in square brackets" in p for p in ps)
    assert any("games: must be at least 1 (not 0)" in p for p in ps)
    ps = problems(YAML.replace("games: 4", "games: 2.5\nseconds_per_decision: fast"), "yaml")
    assert any("give a whole number, not 2.5" in p for p in ps) and any('give a number, not "fast"' in p for p in ps)
    (p,) = problems(YAML.replace("seats: [heuristic-normal]", "seats: []"), "yaml")
    assert "needs at least 1 entry" in p
