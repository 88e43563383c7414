"""The generators in tools/ never overwrite a board that was edited after they wrote it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import board_files as board_files_module

TOOLS = Path(board_files_module.__file__).resolve().parent


@pytest.fixture
def board_files(tmp_path, monkeypatch):
    module = board_files_module
    monkeypatch.setattr(module, "ROOT", tmp_path)
    monkeypatch.setattr(module, "MANIFEST", tmp_path / "generated.json")
    return module


def test_a_board_edited_after_generation_is_kept_unless_forced(board_files, tmp_path, capsys):
    board = tmp_path / "maps" / "town.tmx"
    first = board_files.BoardFiles([])
    first.text(board, "<map>1</map>")
    assert first.commit() == 0 and board.read_text() == "<map>1</map>"

    again = board_files.BoardFiles([])  # the generator changed: its last output may be replaced
    again.text(board, "<map>2</map>")
    assert again.commit() == 0 and board.read_text() == "<map>2</map>"

    board.write_text("<map>edited in Tiled</map>")
    other = tmp_path / "maps" / "tiles.tsx"
    refused = board_files.BoardFiles([])
    refused.text(board, "<map>3</map>")
    refused.text(other, "<tileset/>")
    assert refused.commit() == 1
    assert board.read_text() == "<map>edited in Tiled</map>" and not other.exists(), "nothing is written"
    assert "maps/town.tmx" in capsys.readouterr().err

    forced = board_files.BoardFiles(["--force"])
    forced.text(board, "<map>3</map>")
    assert forced.commit() == 0 and board.read_text() == "<map>3</map>"


def test_the_shipped_boards_are_recorded(board_files):
    import json

    record = json.loads((TOOLS / "generated_boards.json").read_text(encoding="utf-8"))
    for name in ("next_day_kevingston.tmx", "doorstep_dash_town.tmx", "out_for_delivery.tmx",
                 "package_pandemonium_riverside.tmx"):
        assert f"assets/maps/{name}" in record
