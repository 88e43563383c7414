"""Shared pieces of the board-file tests: the shipped boards, copies to break, board facts to compare."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Any

from courier import resources
from courier.rules import registry

MAPS_DIR = Path(resources.asset("maps"))


def shipped_boards() -> list[tuple[str, str, str]]:
    """(game id, board key, file name) of every board shipped in assets/maps, as the catalogue finds them."""
    from courier import boards

    ids = set(registry.ids())
    return [(e.game, e.key, e.path.name) for e in boards.all_boards() if e.shipped and e.game in ids]


def copy_maps(dest: Path) -> Path:
    """The shipped maps folder (boards, tilesets, pictures) copied to ``dest``, to change freely."""
    target = dest / "maps"
    shutil.copytree(MAPS_DIR, target, dirs_exist_ok=True)
    return target


def board_facts(board: Any) -> dict[str, Any]:
    """What a board says about the game: every compared field except caches and the file's path."""
    return {
        f.name: getattr(board, f.name)
        for f in dataclasses.fields(board)
        if f.compare and not f.name.startswith("_") and f.name != "source"
    }
