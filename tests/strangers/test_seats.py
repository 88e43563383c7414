"""The strangers are seat kinds of ``courier simulate`` and the lab, like the gauntlet's styles."""

from __future__ import annotations

import pytest

from courier import simulate
from courier.rules import registry
from courier.strangers import LEVELS


@pytest.mark.parametrize("game_id", registry.ids())
def test_courier_simulate_takes_a_stranger_seat(game_id: str, capsys) -> None:
    n = max(2, registry.get(game_id).min_players)
    seats = ["stranger-greedy", "stranger-steady"] + ["random"] * (n - 2)
    argv = [game_id, "--games", "1", "--seed", "5"] + [x for s in seats for x in ("--seat", s)]
    assert simulate.main(argv) == 0
    out = capsys.readouterr().out
    assert "stranger-greedy" in out and "stranger-steady" in out


def test_a_misspelt_stranger_is_refused_with_the_kinds_named(capsys) -> None:
    assert simulate.main(["doorstep-dash", "--games", "1", "--seat", "stranger-gready", "--seat", "random"]) == 2
    err = capsys.readouterr().err
    assert "stranger-gready" in err and all(k in err for k in LEVELS)


def test_the_lab_knows_the_strangers() -> None:
    from courier.lab.study import SEAT_KINDS, study_from_text

    assert set(LEVELS) <= set(SEAT_KINDS)
    study = study_from_text('game = "out-for-delivery"\nplayers = 2\nseats = ["stranger-greedy", "stranger-steady"]\n'
                            'games = 2\nseed = 1\n')
    assert study.game_id == "out-for-delivery"


def test_a_lab_game_plays_with_stranger_seats() -> None:
    from courier.lab.play import play_game, task

    record = play_game(task("package-pandemonium", "baseline", 0, 7, ["stranger-steady", "stranger-greedy"],
                            [0, 1], {}))
    assert len(record["scores"]) == 2
