"""A save's listing follows its board: a board taken out of the boards folder, put back or
changed is seen at the next listing, without restarting, though the save file itself is the same
(the remembered listing is keyed by what its verdict depends on, the board included)."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from courier import boards, paths, saves
from courier.saves import verdicts as save_verdicts
from courier.match import Match, SeatSpec
from tests.maps.helpers import MAPS_DIR

DD = "doorstep-dash"


@pytest.fixture(autouse=True)
def no_extra_folders():
    boards.clear_folders()
    yield
    boards.clear_folders()


def user_board(folder: Path, title: str) -> Path:
    """A copy of the shipped Doorstep Dash town with its tileset, titled ``title``."""
    folder.mkdir(parents=True, exist_ok=True)
    for f in ("doorstep_dash_tiles.tsx", "doorstep_dash_tiles.png"):
        shutil.copy(MAPS_DIR / f, folder / f)
    text = (MAPS_DIR / "doorstep_dash_town.tmx").read_text(encoding="utf-8")
    path = folder / "my_town.tmx"
    path.write_text(text.replace('name="title" value="Bramblecombe"', f'name="title" value="{title}"'), encoding="utf-8")
    return path


def settled(path: Path) -> Path:
    """Make ``path`` old enough to be listed from memory."""
    t = time.time() - 60
    os.utime(path, (t, t))
    return path


def test_putting_a_board_back_or_changing_it_is_seen_by_the_next_listing(tmp_path: Path) -> None:
    board = user_board(paths.boards_dir(), "Little Snoring")
    seats = [SeatSpec("Ann", (200, 40, 40)), SeatSpec("Robo", (40, 200, 40), "ai", "easy")]
    m = Match.new(DD, seats, seed=3, map=boards.resolve(DD, "Little Snoring"))
    save = settled(saves.save_match(m, "snoring", name="Snoring"))
    [entry] = saves.list_saves()
    assert entry.ok

    assert save_verdicts.verdict(save) is None  # the whole check's verdict is remembered too
    away = tmp_path / "away.tmx"
    board.rename(away)
    [entry] = saves.list_saves()
    assert not entry.ok and "no longer in your boards folder" in (entry.error or "")
    assert "no longer in your boards folder" in (save_verdicts.verdict(save) or "")

    away.rename(board)  # put back: the same save lists as playable again at once
    [entry] = saves.list_saves()
    assert entry.ok and entry.name == "Snoring"
    assert save_verdicts.verdict(save) is None
    assert saves.load_match(save).log == m.log

    board.write_text(board.read_text(encoding="utf-8").replace("Little Snoring", "Great Snoring"), encoding="utf-8")
    [entry] = saves.list_saves()
    assert not entry.ok and "has changed since" in (entry.error or "")
