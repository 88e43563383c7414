"""Did the players care? A variant's games against the baseline's on the same deals, and the warning
where a rule that should matter to people changed nothing."""

from __future__ import annotations

from courier.dev.lab import cared, judgement
from courier.dev.lab.study import study_from_text


def _study(game: str, players: int, variant: str):
    return study_from_text(f'game = "{game}"\nplayers = {players}\nseats = ["heuristic-normal"]\ngames = 10\n'
                           f'[variants.v]\n{variant}\n')


def _records(study, differ: int, games: int = 10) -> list[dict]:
    base, var = study.arms
    out = []
    for i in range(games):
        log = [f"a{k}" for k in range(40)]
        out.append({"arm": base.key, "index": i, "seed": i, "seats": list(base.seats), "log": log})
        vlog = log[:30] + ["other"] + log[31:] if i < differ else log
        out.append({"arm": var.key, "index": i, "seed": i, "seats": list(var.seats), "log": vlog})
    return out


def test_a_rule_that_left_every_game_alike_is_warned_about() -> None:
    study = _study("out-for-delivery", 2, "start_gold = 350")
    (row,) = cared.variant_rows(study, _records(study, differ=0))
    assert row["settings"] == {"start_gold": "rule"} and row["differ"] == 0
    assert "changed nothing" in row["warning"] and "not that people would" in row["warning"]
    assert "all 10 games move for move" in row["words"]
    html = cared.section(study, _records(study, differ=0))
    assert "Did the players care?" in html and "Warning" in html


def test_almost_nothing_is_warned_about_and_more_is_not() -> None:
    study = _study("out-for-delivery", 2, "fall_off_penalty = 300")
    (row,) = cared.variant_rows(study, _records(study, differ=1))
    assert "almost nothing" in row["warning"] and "in 1 of 10 games" in row["words"]
    assert "75% of the way" in row["words"]  # the games part at action 30 of 40
    (row,) = cared.variant_rows(study, _records(study, differ=5))
    assert row["warning"] == "" and "in 5 of 10 games (50%" in row["words"]


def test_the_3_player_rogue_reach_is_said_to_change_nothing() -> None:
    study = _study("package-pandemonium", 3, "rogue_steps = 5")
    (row,) = cared.variant_rows(study, _records(study, differ=0))
    assert row["settings"] == {"rogue_steps": "unread"}
    assert "'rogue_steps' changed nothing (neither the rules nor the computer players read it at 3 players)" in row["words"]
    assert row["warning"] == ""


def test_a_setting_only_the_players_read_is_said_to_be_judgement(monkeypatch) -> None:
    study = _study("package-pandemonium", 3, "rogue_steps = 5")
    monkeypatch.setattr(judgement, "arm_settings", lambda *a, **k: {"rogue_steps": "judgement"})
    (row,) = cared.variant_rows(study, _records(study, differ=10))
    assert "only the computer players' judgement changed" in row["words"].lower()
    assert "the rules are the baseline's" in row["warning"]


def test_a_game_that_only_ended_sooner_is_not_a_changed_decision() -> None:
    study = _study("out-for-delivery", 2, "deliveries_to_end = 12")
    records = _records(study, differ=0)
    for r in records[1::2][:4]:  # four variant games stop at action 25, the same moves till then
        r["log"] = r["log"][:25]
    (row,) = cared.variant_rows(study, records)
    assert row["decided"] == 0 and row["ended"] == 4 and row["differ"] == 4
    assert "decided differently in 0 of 10" in row["words"] and "the game only ended sooner or later" in row["words"]


def test_the_report_and_its_numbers_say_it(tmp_path) -> None:
    import json

    from courier.dev.lab.report import write_report

    study = _study("out-for-delivery", 2, "start_gold = 350")
    records = _records(study, differ=0)
    for r in records:
        r.update({"scores": [1.0, 0.0], "winners": [0], "finished": True, "end": "finished", "rounds": 10,
                  "first": 0, "actions": 40, "decisions": [10, 10], "kinds": {}, "tags": {}, "events": {},
                  "where": {}, "track": [[10, 1.0, 0.0]], "order": [0, 1], "name": "", "options": {}})
    files = write_report(study, records, tmp_path, charts=False)
    (row,) = json.loads(files["json"].read_text(encoding="utf-8"))["players_cared"]
    assert row["settings"] == {"start_gold": "rule"} and row["differ"] == 0 and "changed nothing" in row["warning"]
    page = files["html"].read_text(encoding="utf-8")
    assert "<h2>Did the players care?</h2>" in page and "Warning: The rule changed nothing" in page


def _report(tmp_path, study, records, shift=None):
    import re

    from courier.dev.lab.report import write_report

    n = study.arms[0].players
    for r in records:
        r.update({"scores": [1.0] + [0.0] * (n - 1), "winners": [0], "finished": True, "end": "finished",
                  "rounds": 10, "first": 0, "actions": 40, "decisions": [10] * n, "kinds": {}, "tags": {},
                  "events": {}, "where": {}, "track": [[10, 1.0] + [0.0] * (n - 1)], "order": list(range(n)),
                  "name": "", "options": {}, "seats": list(r["seats"]) * n if len(r["seats"]) == 1 else r["seats"]})
        if shift:
            r["scores"] = shift(r)
            r["winners"] = [i for i, x in enumerate(r["scores"]) if x == max(r["scores"])]
    page = write_report(study, records, tmp_path, charts=False)["html"].read_text(encoding="utf-8")
    answer = page.split("<h2>The answer</h2>", 1)[1].split("</ol>", 1)[0]
    short = page.split("<h2>In short</h2>", 1)[1].split("</ul>", 1)[0]
    from html import unescape

    return unescape(re.sub(r"<[^>]+>", "\n", answer)), unescape(re.sub(r"<[^>]+>", "\n", short))


def test_the_answer_and_in_short_carry_a_variants_warning(tmp_path) -> None:
    # with an aim and without: the first lines are what a designer reads, so the warning is there
    for aim in ("", 'aim = "closer games"\n'):
        study = study_from_text(f'game = "out-for-delivery"\nplayers = 2\nseats = ["heuristic-normal"]\n'
                                f'games = 10\n{aim}[variants.v]\nstart_gold = 350\n')
        answer, short = _report(tmp_path, study, _records(study, differ=0))
        for text in (answer, short):
            assert "Warning: the rule changed nothing in the computer players' play (0 of 10 games differ)" in text
            assert "says nothing of people" in text
        assert len([x for x in answer.split("\n") if x.strip()]) <= 5  # still at most five lines


def test_the_answer_says_when_only_the_judgement_changed(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(judgement, "arm_settings", lambda *a, **k: {"rogue_steps": "judgement"})
    for aim in ("", 'aim = "shorter games"\n'):
        study = study_from_text(f'game = "package-pandemonium"\nplayers = 3\nseats = ["heuristic-normal"]\n'
                                f'games = 10\n{aim}[variants.v]\nrogue_steps = 5\n')
        answer, short = _report(tmp_path, study, _records(study, differ=10))
        for text in (answer, short):
            assert "only the computer players' judgement changed, not the rules" in text


def test_every_score_moved_alike_does_not_meet_a_relative_aim(tmp_path) -> None:
    # 300 more gold each, the same moves: the margin over the average falls only because the
    # average rose; the games are no closer
    study = study_from_text('game = "out-for-delivery"\nplayers = 2\nseats = ["heuristic-normal"]\ngames = 10\n'
                            'aim = "closer games"\n[variants.v]\nstart_gold = 350\n')
    var = study.arms[1].key

    def shift(r):
        s = [float(10 + r["index"] % 4 * 5), 5.0]
        return [x + 300 for x in s] if r["arm"] == var else s

    answer, _ = _report(tmp_path, study, _records(study, differ=0), shift)
    assert "meets the aim" not in answer
    assert "not met: the same games, every score moved alike (the same margins in points)" in answer


def test_the_answer_says_a_setting_nobody_reads_changed_nothing(tmp_path) -> None:
    study = study_from_text('game = "package-pandemonium"\nplayers = 3\nseats = ["heuristic-normal"]\ngames = 10\n'
                            'aim = "a stronger Rogue player"\n[variants.v]\nrogue_steps = 5\n')
    answer, short = _report(tmp_path, study, _records(study, differ=0))
    for text in (answer, short):
        assert "'rogue_steps' changed nothing: neither the rules nor the computer players read it at 3 players" in text


def test_a_variant_played_alike_lists_only_its_real_effects(tmp_path) -> None:
    # the same moves, a scoring rule: the page names what moved beyond luck, not every measure
    study = study_from_text('game = "out-for-delivery"\nplayers = 2\nseats = ["heuristic-normal"]\ngames = 10\n'
                            '[variants.v]\nstart_gold = 350\n')
    var = study.arms[1].key

    def shift(r):
        s = [float(10 + r["index"] % 4 * 5), 5.0]
        return [x + 300 for x in s] if r["arm"] == var else s

    def shift_and_swap(r):  # and one deal won by the other seat: a move within luck
        s = shift(r)
        return s[::-1] if r["arm"] == var and r["index"] == 0 else s

    _, short = _report(tmp_path, study, _records(study, differ=0), shift_and_swap)
    line = next(x for x in short.split("\n") if "move for move" in x)
    assert "no clear effect" not in line and "a real effect" in line
    assert "moved no more than luck would" in line


def test_an_aim_without_a_variant_is_still_answered(tmp_path) -> None:
    study = study_from_text('game = "out-for-delivery"\nplayers = 2\nseats = ["heuristic-normal"]\ngames = 10\n'
                            'aim = "a fairer first seat"\n')
    records = [r for r in _records(_study("out-for-delivery", 2, "start_gold = 350"), differ=0)
               if r["arm"] == study.arms[0].key]
    answer, _ = _report(tmp_path, study, records)
    assert "Aim: a fairer first seat; with no variant there is nothing to rank" in answer


def test_a_variant_that_played_the_same_is_not_called_not_shown(tmp_path) -> None:
    # the same games give the same share: the answer says so, not "not shown" with an interval 0 to 0;
    # and a 2-player Package Pandemonium report names no Rogue seat
    study = study_from_text('game = "package-pandemonium"\nplayers = 2\nseats = ["heuristic-normal"]\ngames = 10\n'
                            'aim = "a fairer seat 1"\n[variants.v]\nrogue_steps = 5\n')
    answer, _ = _report(tmp_path, study, _records(study, differ=0))
    assert "not met: the same games, the same result" in answer and "not shown (" not in answer
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "Rogue player.</p>" not in page and "positions are seats.</p>" in page
