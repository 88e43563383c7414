"""``--map`` finds a board the same way for ``play`` and ``simulate``: by title, name or path, in the
boards folder too; two boards with one title are not picked between silently."""

from __future__ import annotations

from pathlib import Path

import pytest

from courier import boards, cli
from courier.dev import simulate
from tests.maps.helpers import MAPS_DIR
from tests.maps.test_board_catalogue import user_board

DD = "doorstep-dash"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "home"))
    boards.clear_folders()
    yield tmp_path / "home"
    boards.clear_folders()


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    """What ``simulate`` would play, without playing it."""
    seen: list[dict] = []

    def fake_run(game_id, seats, games, seed=1, jobs=1, options=None, record=None):
        seen.append(dict(options or {}))
        return simulate.summarise(game_id, seats, [], seed)

    monkeypatch.setattr(simulate, "run", fake_run)
    return seen


def sim(*args: str) -> int:
    return simulate.main([DD, "--games", "1", "--seat", "random", "--seat", "random", *args])


def test_simulate_finds_a_shipped_board_by_title_and_by_name(runs):
    assert sim("--map", "Bramblecombe") == 0
    assert sim("--map", "doorstep_dash_saltmarsh") == 0
    assert [r["map"] for r in runs] == [boards.resolve(DD, "Bramblecombe"), boards.resolve(DD, "Saltmarsh Quay")]


def test_simulate_finds_a_board_in_the_boards_folder_and_a_boards_dir(runs, home, tmp_path):
    mine = user_board(home / "data" / "boards", "Little Snoring", "snoring")
    club = user_board(tmp_path / "club", "Much Wenlock", "wenlock")
    assert sim("--map", "Little Snoring") == 0
    assert sim("--map", "Much Wenlock", "--boards", str(tmp_path / "club")) == 0
    assert [r["map"] for r in runs] == [str(mine.resolve()), str(club.resolve())]


def test_simulate_says_plainly_when_there_is_no_such_board(runs, capsys):
    assert sim("--map", "Atlantis") == 2
    err = capsys.readouterr().err
    assert "no board called 'Atlantis'" in err and "Bramblecombe" in err and "Traceback" not in err
    assert runs == []


def test_simulate_refuses_a_board_that_fails_its_checks_without_a_traceback(runs, home, capsys):
    user_board(home / "data" / "boards", "Broken Town", "broken",
               edit=lambda t: t.replace('name="roads"', 'name="raods"'))
    assert sim("--map", "Broken Town") == 2
    err = capsys.readouterr().err
    assert "cannot be played" in err and "did you mean 'roads'" in err and "Traceback" not in err
    assert runs == []


def test_two_boards_with_one_title_are_not_picked_between_silently(home, capsys):
    folder = home / "data" / "boards"
    first = user_board(folder, "Mill Lane", "mill_lane")
    second = user_board(folder, "Mill Lane", "mill_lane_2")
    with pytest.raises(ValueError) as caught:
        boards.resolve(DD, "Mill Lane")
    text = str(caught.value)
    assert "Mill Lane" in text and "mill_lane.tmx" in text and "mill_lane_2.tmx" in text
    assert "file name" in text and "path" in text
    assert boards.resolve(DD, "mill_lane_2") == str(second.resolve())
    assert boards.resolve(DD, str(first)) == str(first.resolve())
    assert cli.main(["play", DD, "--map", "mill lane", "--frames", "1"]) == 2
    assert "mill_lane_2.tmx" in capsys.readouterr().err


def test_a_user_board_titled_like_a_shipped_one_is_not_picked_between_silently(home):
    user_board(home / "data" / "boards", "Bramblecombe", "my_bramblecombe")
    with pytest.raises(ValueError, match="my_bramblecombe.tmx"):
        boards.resolve(DD, "Bramblecombe")
    assert boards.resolve(DD, "town") == "town"  # the shipped one by its name
    assert (MAPS_DIR / "doorstep_dash_town.tmx").is_file()
