"""Every lab game ends with a reason, in all four games, and a report lists the ones that did not
end by the rulebook."""

from __future__ import annotations

import pytest

from courier.dev.lab import analysis
from courier.dev.lab.play import play_game, task
from courier.rules import registry
from courier.rules.base import EndReason


def one(game: str, options: dict, seats=("random", "random"), seed: int = 3) -> dict:
    return play_game(task(game, "arm", 0, seed, list(seats), list(range(len(seats))), options))


@pytest.mark.parametrize("game, options", [
    ("doorstep-dash", {"max_rounds": 3}),
    ("out-for-delivery", {"max_rounds": 2}),
    ("next-day", {"round_limit": 2, "quick_setup": True}),
])
def test_a_safety_round_limit_is_flagged_in_every_game_that_has_one(game, options):
    seats = ("random",) * registry.get(game).min_players
    r = one(game, options, seats)
    assert r["finished"] and r["end"] == "round_limit"
    limit = options.get("max_rounds") or options.get("round_limit")
    assert r["rounds"] == limit  # a 30-round limit ends after round 30, not "at round 31"
    assert analysis.is_stalled(r) and analysis.end_of(r) == "round_limit"


@pytest.mark.parametrize("game", ["doorstep-dash", "out-for-delivery", "package-pandemonium"])
def test_a_game_played_out_ends_as_the_rulebook_says(game):
    r = one(game, {}, ("heuristic-normal", "heuristic-normal"))
    assert r["end"] == "finished" and not analysis.is_stalled(r)


def test_the_rules_say_why_a_game_ended():
    game = registry.get("doorstep-dash")
    state = game.new_game(game.make_config(players=2), 1)
    assert game.end_reason(state) is None  # still going
    state.phase, state.ended = "over", "rounds"
    assert game.end_reason(state) is EndReason.ROUND_LIMIT
    state.ended = "done"
    assert game.end_reason(state) is EndReason.FINISHED


def test_a_game_past_the_action_cap_is_a_likely_loop(monkeypatch):
    from courier.dev.lab import play

    monkeypatch.setattr(play, "MAX_ACTIONS", 30)
    r = one("doorstep-dash", {})
    assert not r["finished"] and r["end"] == "action_cap" and r["actions"] == 30
    assert analysis.END_WORDS[analysis.end_of(r)].startswith("stopped after too many actions")


def test_a_position_with_nothing_to_do_is_reported(monkeypatch):
    game = registry.get("doorstep-dash")
    monkeypatch.setattr(type(game), "legal_actions", lambda self, state, seat: [])
    r = one("doorstep-dash", {})
    assert r["end"] == "no_legal_move" and r["actions"] == 0 and not r["finished"]


def test_the_report_lists_rule_problems_with_the_command_to_watch_them(tiny, tmp_path):
    pytest.importorskip("matplotlib")
    from courier.dev.lab.report import write_report
    from courier.dev.lab.runner import run_study
    from courier.dev.lab.study import study_from_text

    study = study_from_text('title = "t"\ngame = "doorstep-dash"\nplayers = 2\nseats = ["random", "random"]\n'
                            'games = 2\n[config]\nmax_rounds = 2\n', "t.toml")
    records = run_study(study, tmp_path, jobs=1)["records"]
    assert all(r["end"] == "round_limit" for r in records)
    summary = analysis.summarise(study, records)
    probs = summary["arms"][0]["problems"]
    assert [p["game"] for p in probs] == ["baseline#0", "baseline#1"]
    page = write_report(study, records, tmp_path)["html"].read_text(encoding="utf-8")
    assert ">Rule problems found" in page and "stopped by the safety round limit" in page
    assert "courier replay results.jsonl --game baseline#1" in page
