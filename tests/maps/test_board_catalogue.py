"""The board catalogue: boards are found (shipped, the boards folder, --boards folders), listed by
title, a broken one is listed with its first problem, ``--map`` takes a title, a name or a path,
and a save remembers its board and refuses one that is gone or changed."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from courier import boards, cli, paths, saves
from courier.match import Match, SeatSpec
from courier.rules import registry
from courier.rules.base import ConfigError
from tests.maps.helpers import MAPS_DIR

DD = "doorstep-dash"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "home"))
    boards.clear_folders()
    yield tmp_path / "home"
    boards.clear_folders()


def user_board(folder: Path, title: str, name: str = "my_town", *, edit=None) -> Path:
    """A copy of the shipped Doorstep Dash town with its tileset, titled ``title``, in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for f in ("doorstep_dash_tiles.tsx", "doorstep_dash_tiles.png"):
        shutil.copy(MAPS_DIR / f, folder / f)
    text = (MAPS_DIR / "doorstep_dash_town.tmx").read_text(encoding="utf-8")
    text = text.replace('name="title" value="Bramblecombe"', f'name="title" value="{title}"')
    if edit is not None:
        text = edit(text)
    path = folder / f"{name}.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def seats(n: int) -> list[SeatSpec]:
    return [SeatSpec(f"P{i}", (10 * i, 0, 0), "ai", "easy") for i in range(n)]


def test_every_shipped_board_is_found_with_its_game_title_and_old_key():
    found = {(e.game, e.key): e for e in boards.all_boards() if e.shipped}
    for gid in registry.ids():
        for key, filename in registry.get(gid).maps.items():
            entry = found[(gid, key)]
            assert entry.path.name == filename and entry.title and entry.listing_problem is None
            assert boards.first_problem(entry) is None
    assert found[(DD, "town")].title == "Bramblecombe"


def test_user_folder_and_boards_folders_are_listed_by_title(tmp_path):
    mine = user_board(paths.boards_dir(), "Little Snoring")
    extra = user_board(tmp_path / "club", "Much Wenlock", "club_town")
    assert "Much Wenlock" not in [e.title for e in boards.boards_for(DD)]
    boards.add_folder(tmp_path / "club")
    listed = boards.boards_for(DD)
    assert [e.title for e in listed][:1] == ["Bramblecombe"]  # the game's default first
    by_title = {e.title: e for e in listed}
    assert by_title["Little Snoring"].path == mine and not by_title["Little Snoring"].shipped
    assert by_title["Much Wenlock"].key == str(extra.resolve())
    assert by_title["Little Snoring"].origin == "in your boards folder"
    assert boards.first_problem(by_title["Much Wenlock"]) is None
    assert all(e.game == DD for e in listed)
    assert "Little Snoring" not in [e.title for e in boards.boards_for("out-for-delivery")]


@pytest.mark.parametrize("content, words", [
    ("<map><broken", "XML is broken"),
    ('<?xml version="1.0"?><map width="2" height="2" tilewidth="32" tileheight="32"></map>', "no 'game' property"),
    ('<?xml version="1.0"?><map><properties><property name="game" value="doorstep-dahs"/></properties></map>',
     "did you mean 'doorstep-dash'"),
])
def test_an_unreadable_user_board_is_listed_with_its_problem(content, words):
    (paths.boards_dir() / "bad.tmx").write_text(content, encoding="utf-8")
    bad = [e for e in boards.boards_for(DD) if e.path.name == "bad.tmx"]
    assert len(bad) == 1
    assert words in (boards.first_problem(bad[0]) or "")


def test_a_board_that_fails_its_checks_is_listed_with_its_first_problem():
    user_board(paths.boards_dir(), "Broken Lanes", "broken",
               edit=lambda t: re.sub(r'name="number" type="int" value="1"', 'name="number" type="int" value="ten"', t))
    entry = next(e for e in boards.boards_for(DD) if e.title == "Broken Lanes")
    problem = boards.first_problem(entry)
    assert problem and "'ten'" in problem and not problem.startswith(str(entry.path))


def test_a_user_board_plays_through_the_rules_by_its_key():
    path = user_board(paths.boards_dir(), "Little Snoring")
    game = registry.get(DD)
    key = boards.resolve(DD, "little snoring")
    assert key == str(path.resolve())
    cfg = game.make_config(players=2, map=key)
    assert game.board(cfg).houses == game.board(game.make_config(players=2)).houses
    with pytest.raises(ConfigError, match="no board"):
        game.make_config(players=2, map=str(path.parent / "gone.tmx"))


def test_resolve_takes_a_title_a_name_or_a_path(tmp_path):
    assert boards.resolve(DD, "Bramblecombe") == "town"
    assert boards.resolve(DD, "town") == "town"
    assert boards.resolve("out-for-delivery", "the six cities") == "The Six Cities"
    assert boards.resolve(DD, str(MAPS_DIR / "doorstep_dash_town.tmx")) == "town"
    outside = user_board(tmp_path / "elsewhere", "Outside")
    assert boards.resolve(DD, str(outside)) == str(outside.resolve())
    with pytest.raises(ValueError, match="Bramblecombe"):
        boards.resolve(DD, "Atlantis")
    with pytest.raises(ValueError, match="not 'next-day'"):
        boards.resolve("next-day", str(outside))


def test_play_map_takes_a_title_and_a_path(tmp_path, capsys):
    user_board(tmp_path / "club", "Much Wenlock")
    shot = tmp_path / "shot.png"
    env = dict(os.environ, COURIER_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    run = subprocess.run([sys.executable, "-m", "courier", "play", DD, "--map", "Much Wenlock", "--boards",
                          str(tmp_path / "club"), "--frames", "2", "--seat", "ai-easy", "--seat", "ai-easy",
                          "--screenshot", str(shot)], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert shot.is_file()
    assert cli.main(["play", DD, "--map", "Atlantis", "--frames", "1"]) == 2
    assert "no board called 'Atlantis'" in capsys.readouterr().err
    assert cli.main(["--boards", str(tmp_path / "nowhere"), "--frames", "1"]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_a_save_records_its_board_and_refuses_a_changed_or_missing_one():
    path = user_board(paths.boards_dir(), "Little Snoring")
    match = Match.new(DD, seats(2), seed=3, map=boards.resolve(DD, "Little Snoring"))
    match.step_ai() if hasattr(match, "step_ai") else None
    saved = saves.save_match(match, "mine")
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["config"]["map"] == str(path.resolve())
    assert data["board_title"] == "Little Snoring" and data["board_hash"] == boards.content_hash(path)
    assert saves.load_match(saved).config.map == str(path.resolve())

    path.write_text(path.read_text(encoding="utf-8").replace("Little Snoring", "Great Snoring"), encoding="utf-8")
    with pytest.raises(saves.SaveError, match="board 'Little Snoring', which has changed since"):
        saves.load_match(saved)
    path.unlink()
    with pytest.raises(saves.SaveError, match="board 'Little Snoring', which is no longer in your boards folder"):
        saves.load_match(saved)


def test_a_save_of_a_shipped_board_records_it_and_an_old_save_without_it_loads():
    match = Match.new(DD, seats(2), seed=5)
    saved = saves.save_match(match, "shipped")
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["config"]["map"] == "town" and data["board_title"] == "Bramblecombe"
    assert data["board_hash"] == boards.content_hash(MAPS_DIR / "doorstep_dash_town.tmx")
    for field in ("board_title", "board_hash"):
        del data[field]
    saved.write_text(json.dumps(data), encoding="utf-8")
    assert saves.load_match(saved).log == match.log


def test_a_tileset_change_changes_the_board_hash(tmp_path):
    path = user_board(tmp_path / "b", "T")
    before = boards.content_hash(path)
    tsx = path.parent / "doorstep_dash_tiles.tsx"
    tsx.write_text(tsx.read_text(encoding="utf-8").replace('type="grass"', 'type="park"', 1), encoding="utf-8")
    assert boards.content_hash(path) != before


def test_an_edited_board_is_read_again():
    path = user_board(paths.boards_dir(), "Little Snoring")
    game = registry.get(DD)
    cfg = game.make_config(players=2, map=str(path.resolve()))
    first = game.board(cfg)
    path.write_text(path.read_text(encoding="utf-8").replace('value="red"', 'value="blue"'), encoding="utf-8")
    os.utime(path, ns=(first_ns := path.stat().st_mtime_ns + 10_000_000, first_ns))
    second = game.board(cfg)
    assert second is not first and sum(h.colour == "red" for h in second.houses.values()) == 0
