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
    """(game id, map name, file name) of every board a ruleset offers."""
    out = []
    for gid in registry.ids():
        game = registry.get(gid)
        for name, filename in game.maps.items():
            out.append((gid, name, filename))
    return out


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
