"""Study files: what runs, and every kind of mistake refused with its line before anything runs."""

from __future__ import annotations

import pytest

from courier.dev.lab.study import StudyError, load_study, study_from_text, toml_lines

GOOD = """\
title = "Cheaper blockages"
game = "next-day"
players = [3, 4]
seats = ["heuristic-normal", "heuristic-easy", "random", "heuristic-hard"]
games = 6
seed = 5

[config]
quick_setup = true

[variants.cheap]
description = "Diversions cost 40"
blockage_move_cost.diversion = 40

[variants.rich]
start_credits = 150
"""


def problems(text: str, fmt: str = "toml") -> list[str]:
    with pytest.raises(StudyError) as info:
        study_from_text(text, "s.toml" if fmt == "toml" else "s.yaml", fmt)
    return info.value.problems


def test_a_good_study_gives_every_arm():
    s = study_from_text(GOOD)
    assert s.title == "Cheaper blockages" and s.game_id == "next-day" and s.games == 6 and s.seed == 5
    assert [(a.variant, a.players) for a in s.arms] == [
        ("baseline", 3), ("baseline", 4), ("cheap", 3), ("cheap", 4), ("rich", 3), ("rich", 4)]
    cheap3 = s.arms[2]
    assert cheap3.name == "cheap, 3 players" and cheap3.description == "Diversions cost 40"
    # a table is changed entry by entry; the rest of it keeps the rulebook's numbers
    assert cheap3.options["blockage_move_cost"] == {"diversion": 40, "roadworks": 30, "checkpoint": 30}
    assert cheap3.options["quick_setup"] is True and s.arms[0].options["quick_setup"] is True
    assert cheap3.seats == ("heuristic-normal", "heuristic-easy", "random")
    assert len({a.key for a in s.arms}) == 6 and len({a.ref for a in s.arms}) == 6
    assert s.baseline_for(cheap3) is s.arms[0]


def test_the_arm_key_follows_what_decides_the_games():
    a = study_from_text(GOOD).arms[2]
    b = study_from_text(GOOD.replace("diversion = 40", "diversion = 45")).arms[2]
    c = study_from_text(GOOD.replace("seed = 5", "seed = 6")).arms[2]
    assert a.key != b.key and a.key == c.key  # the seed is checked per game, not per arm


def test_a_misspelt_setting_is_refused_with_its_line():
    text = GOOD.replace("start_credits = 150", "start_credit = 150")
    (p,) = problems(text)
    assert "line 16" in p and "start_credit" in p and "did you mean 'start_credits'" in p


def test_a_misspelt_table_entry_is_refused_with_its_line():
    text = GOOD.replace("blockage_move_cost.diversion = 40", "blockage_move_cost.divertion = 40")
    ps = problems(text)
    assert ps and all("line 13" in p and "divertion" in p for p in ps)


def test_a_bad_value_is_refused_with_its_line():
    text = GOOD.replace("start_credits = 150", 'start_credits = "lots"')
    ps = problems(text)
    assert ps and "line 16" in ps[0] and "start_credits" in ps[0]
    dd = 'game = "doorstep-dash"\nseats = ["random", "random"]\ngames = 2\n[variants.big]\nhand_limit = 99\n'
    (p,) = problems(dd)
    assert "line 5" in p and "hand_limit" in p and "8" in p  # the config's own bound


def test_mistakes_in_the_study_itself():
    ps = problems(GOOD.replace("games = 6", "gamez = 6"))
    assert any("line 5" in p and "gamez" in p and "did you mean 'games'" in p for p in ps)
    (p,) = problems(GOOD.replace("[3, 4]", '"three"'))
    assert "line 3" in p and "players" in p
    ps = problems(GOOD.replace("games = 6\n", ""))
    assert any("games: is missing" in p for p in ps)
    (p,) = problems(GOOD.replace('"next-day"', '"next-dya"'))
    assert "line 2" in p and "no game called" in p
    (p,) = problems(GOOD.replace('"random"', '"wizard"'))
    assert "line 4" in p and "wizard" in p
    (p,) = problems(GOOD.replace("[3, 4]", "[3, 9]"))
    assert "line 3" in p and "3-4 players, not 9" in p
    (p,) = problems(GOOD.replace("[variants.rich]", "[variants.baseline]"))
    assert "baseline" in p
    ps = problems(GOOD.replace("start_credits = 150", "players = 3"))
    assert "cannot be changed by a variant" in ps[0] and "line 16" in ps[0]


def test_broken_toml_names_its_line():
    (p,) = problems(GOOD.replace("seed = 5", "seed = = 5"))
    assert "line 6" in p and "not valid TOML" in p


def test_replace_gives_a_whole_table():
    text = ('game = "package-pandemonium"\nseats = ["heuristic-normal", "heuristic-normal"]\ngames = 2\n'
            '[variants.two]\nreplace = ["companies"]\n'
            '[variants.two.companies]\nbig-van = ["Big Van Co.", "Six packages."]\n'
            'long-life = ["Long-Life Batteries", "Four charges."]\n')
    s = study_from_text(text)
    assert set(s.arms[1].options["companies"]) == {"big-van", "long-life"}
    # without replace, a new entry is a typo
    ps = problems(text.replace('replace = ["companies"]\n', "").replace("big-van", "bigvan"))
    assert any("bigvan" in p and "line 6" in p for p in ps)


def test_yaml_studies_name_lines_too(tmp_path):
    text = ("game: out-for-delivery\nseats: [heuristic-normal, heuristic-normal]\ngames: 4\nvariants:\n"
            "  flat:\n    parcel_board: [100, 100, 100, 100, 100, 100, 100, 100, 100, 100]\n"
            "  typo:\n    max_carryed: 6\n")
    (p,) = problems(text, "yaml")
    assert "line 8" in p and "max_carryed" in p and "did you mean 'max_carried'" in p
    f = tmp_path / "flat.yaml"
    f.write_text(text.replace("  typo:\n    max_carryed: 6\n", ""), encoding="utf-8")
    s = load_study(f)
    assert [a.variant for a in s.arms] == ["baseline", "flat"] and s.arms[1].options["parcel_board"][0] == 100


def test_a_missing_file_is_a_clear_message(tmp_path):
    with pytest.raises(StudyError) as info:
        load_study(tmp_path / "none.toml")
    assert "no such file" in str(info.value)


def test_key_lines_are_found_in_tables_and_dotted_keys():
    lines = toml_lines(GOOD)
    assert lines[("variants", "cheap", "blockage_move_cost", "diversion")] == 13
    assert lines[("variants", "cheap")] == 11 and lines[("game",)] == 2


def test_names_the_rules_look_up_are_checked_before_play():
    ofd = ('game = "out-for-delivery"\nseats = ["random", "random"]\ngames = 2\n'
           '[variants.coffee]\nitem_table.2 = "coffee"\n[variants.typo]\nitem_table.12 = "airplane"\n')
    (p,) = problems(ofd)
    assert "line 7" in p and "no item called 'airplane'" in p and "airplane_ticket" in p
    pp = ('game = "package-pandemonium"\nseats = ["random", "random"]\ngames = 2\n[variants.two]\n'
          'replace = ["companies"]\ncompanies = {big-van = ["Big", "x"], jetpack = ["Jet", "y"]}\n')
    (p,) = problems(pp)
    assert "line 6" in p and "'jetpack'" in p and "rename or remove, not add" in p
    dd = 'game = "doorstep-dash"\nseats = ["random", "random"]\ngames = 2\n[variants.v]\nhand_limit = 3\n'
    assert [a.variant for a in study_from_text(dd).arms] == ["baseline", "v"]


OFD = 'game = "out-for-delivery"\nplayers = 3\nseats = ["heuristic-normal"]\ngames = 6\n[variants.v]\n'
DD = 'game = "doorstep-dash"\nplayers = 3\nseats = ["heuristic-normal", "random"]\ngames = 6\n[variants.v]\n'


@pytest.mark.parametrize("text, line, words", [
    (GOOD.replace("start_credits = 150", "start_credits = true"), 16, "give a number, not true or false"),
    (GOOD.replace("start_credits = 150", "contracts_per_seat = 50"), 16, "is a table, not a single value"),
    (GOOD.replace("start_credits = 150", "blockage_move_cost.diversion = -4"), 16, "cannot be negative"),
    (DD + "opening_keep_min = 5\nopening_draw = 3\n", 6, "keep at most what is drawn"),
    (OFD + "start_items = 9\nmax_carried = 2\n", 6, "may carry only 2"),
    (OFD + "fall_off_penalty = -50\n", 6, "cannot be negative"),
    (OFD + "deliveries_to_end = 100000\n", 6, "can never be made: at most 360 parcels"),
    (OFD.replace("games = 6", "games = true"), 4, "give a number"),
])
def test_settings_the_rules_cannot_mean_are_refused(text, line, words):
    ps = problems(text)
    assert any(f"line {line}:" in p and words in p for p in ps), ps


def test_a_contracts_table_given_as_a_number_says_how_to_change_it():
    (p,) = problems(GOOD.replace("start_credits = 150", "contracts_per_seat = 50"))
    assert "contracts_per_seat.3 = ..." in p and "valid dictionary" not in p


def test_an_unknown_seat_gets_a_suggestion():
    (p,) = problems(GOOD.replace('"heuristic-easy"', '"heuristic-esay"'))
    assert "line 4" in p and "did you mean 'heuristic-easy'" in p


def test_an_unclosed_list_names_the_line_it_opens_on():
    text = GOOD.replace('"heuristic-hard"]', '"heuristic-hard"')
    (p,) = problems(text)
    assert "line 4:" in p and "Unclosed array" in p


def test_warnings_do_not_stop_a_study_but_are_said():
    s = study_from_text(DD.replace("games = 6", "games = 7"))
    assert any("line 4" in w and "not a multiple of the 3 seatings" in w and "use 6 or 9" in w for w in s.warnings)
    s = study_from_text(OFD + "deliveries_to_end = 250\n")
    assert any("line 6" in w and "most games will stop at the round limit" in w for w in s.warnings)
    assert study_from_text(DD).warnings == []
