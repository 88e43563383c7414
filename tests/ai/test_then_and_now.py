"""The then-and-now bridge (courier then-and-now) plays a level of today's code against the same
level of an earlier commit, the earlier code following the game in a process of its own. Played
against the current commit itself with the rule-of-thumb players, the bridge must give exactly the
game a plain simulation gives: every move passes through the other process and back."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from courier.dev.simulate import play_one
from courier.dev import then_and_now as tn


def _in_git() -> bool:
    if shutil.which("git") is None:
        return False
    done = subprocess.run(["git", "rev-parse", "HEAD"], cwd=tn.ROOT, capture_output=True)
    return done.returncode == 0


pytestmark = pytest.mark.skipif(not _in_git(), reason="the bridge checks out a commit with git")


def test_seats_rotate_so_each_side_takes_every_seat():
    assert [tn.seats_for("doorstep-dash", i) for i in range(3)] == [["now", "then"], ["then", "now"], ["now", "then"]]
    assert [tn.seats_for("next-day", i) for i in range(3)] == [
        ["now", "then", "then"], ["then", "now", "then"], ["then", "then", "now"]]


@pytest.mark.parametrize("game_id", ["doorstep-dash", "out-for-delivery"])
def test_the_bridge_plays_the_game_a_simulation_plays(game_id):
    then = tn.Then("HEAD")
    try:
        for index in range(2):
            kinds = tn.seats_for(game_id, index)
            row = tn.play(game_id, kinds, 3, "heuristic-normal", then)
            plain = play_one(game_id, ["heuristic-normal"] * 2, 3, {})
            assert row["finished"] and row["scores"] == plain["scores"] and row["actions"] == plain["actions"]
            assert row["lists_differed"] == 0
            assert len(row["think"][kinds.index("then")]) > 10  # the other process answered for its seat
            assert not tn.crowded(row)  # a quick game on this machine: its clock was not run over
    finally:
        then.close()
    assert not then.tree.exists()


def test_an_answer_the_rules_refuse_now_stops_the_game():
    then = tn.Then("HEAD")
    try:
        then.ask(new="doorstep-dash", players=2, options={}, seed=1, level="heuristic-normal", seats=[0])
        with pytest.raises(RuntimeError, match="refuse"):
            then.ask(choose=0, seat=0, legal=["nothing of the kind"])
    finally:
        then.close()


def _row(then_cpu: list[float], then_wall: float | None) -> dict:
    row = {"kinds": ["now", "then"], "think": [[0.3, 0.3], then_cpu]}
    if then_wall is not None:
        row["then_wall"] = then_wall
    return row


def test_a_game_the_earlier_code_thought_on_a_busy_machine_is_not_kept():
    """The earlier code may count its time caps on the clock: sharing a processor, it thinks less.
    A game whose earlier side took well over its processor time on the clock is played again."""
    assert tn.crowded(_row([0.9] * 10, 20.0))  # 9 s of processor over 20 s: half a processor
    assert not tn.crowded(_row([0.9] * 10, 9.4))  # alone on its processor
    assert not tn.crowded(_row([0.01] * 10, 0.4))  # a few quick answers never count
    assert not tn.crowded(_row([0.9] * 10, None))  # kept before the clock was recorded


def test_the_earlier_code_can_play_another_level():
    """--then-level: today's level against another level of the earlier code, the same game a plain
    simulation of the two levels plays, kept in a file of its own."""
    then = tn.Then("HEAD")
    try:
        row = tn.play("doorstep-dash", ["now", "then"], 4, "heuristic-normal", then, "heuristic-easy")
    finally:
        then.close()
    plain = play_one("doorstep-dash", ["heuristic-normal", "heuristic-easy"], 4, {})
    assert row["scores"] == plain["scores"] and row["actions"] == plain["actions"]
    assert tn._path("next-day", "abc1234", "search-hard", "search-normal").name == \
        "next-day-abc1234-search-hard-vs-search-normal.jsonl"
    assert tn._path("next-day", "abc1234", "search-hard", "search-hard") == tn._path("next-day", "abc1234", "search-hard")
