"""The simulator's summary: shape of the JSON, rotation of seats, shared wins."""

from __future__ import annotations

import json

from courier.dev import simulate


def test_json_summary_shape(capsys) -> None:
    code = simulate.main(["package-pandemonium", "--games", "2", "--seat", "ai-easy", "--seat", "heuristic",
                          "--seed", "3", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "package-pandemonium" and data["players"] == 2 and data["games"] == 2
    assert {"mean_actions", "mean_rounds", "seats", "seed", "unfinished", "fair_share", "seconds"} <= set(data)
    kinds = [row["kind"] for row in data["seats"]]
    assert kinds == ["ai-easy", "heuristic"]
    for row in data["seats"]:
        assert {"seat", "wins", "win_share", "mean_score", "decisions", "think_p50_ms", "think_p95_ms"} <= set(row)
        assert 0.0 <= row["win_share"] <= 1.0
    assert sum(row["wins"] for row in data["seats"]) <= data["games"] + 1e-9
    assert data["seats"][0]["decisions"] > 0 and data["mean_actions"] > 0


def test_seats_rotate_over_the_same_seeds() -> None:
    summary = simulate.run("doorstep-dash", ["random", "heuristic"], games=4, seed=10)
    assert summary["games"] == 4 and summary["unfinished"] == 0
    wins = sum(row["wins"] for row in summary["seats"])
    assert abs(wins - 4) < 1e-9  # every game has a winner; ties are shared
    assert summary["seats"][1]["wins"] > summary["seats"][0]["wins"]  # the heuristic beats random


def test_text_output_and_bad_arguments(capsys) -> None:
    assert simulate.main(["doorstep-dash", "--games", "2", "--seat", "random", "--seat", "random"]) == 0
    out = capsys.readouterr().out
    assert "1 random" in out and "2 random" in out and "mean game length" in out
    assert simulate.main(["no-such-game"]) == 2
    assert simulate.main(["doorstep-dash", "--seat", "ai-genius", "--seat", "random"]) == 2
    assert simulate.main(["next-day", "--seat", "random"]) == 2


def test_the_courier_command_hands_simulate_over(capsys) -> None:
    from courier import cli

    assert cli.main(["simulate", "doorstep-dash", "--games", "2", "--seat", "random", "--seat", "random", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
