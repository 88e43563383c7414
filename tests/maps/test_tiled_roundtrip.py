"""Every shipped board, saved by the real Tiled editor, still builds the same board.

Tiled re-saves each board (``tiled --export-map``) and each tileset (``--export-tileset``) into a
copy of the maps folder, as a designer's "open, save" would. The game then reads the saved copy:
its board must equal the one built from the shipped file. Without Tiled the test is skipped on a
developer's machine, but fails in CI (``CI=true``), where Debian's ``tiled`` is installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from courier.boards.tiled import read_map
from courier.rules import registry
from tests.maps.helpers import MAPS_DIR, board_facts, copy_maps, shipped_boards

TILED = shutil.which("tiled")


@pytest.fixture(scope="module")
def tiled() -> str:
    if TILED is None:
        reason = "the Tiled editor is not installed (Debian/Ubuntu: apt-get install tiled)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{reason}; CI must run the Tiled round-trip")
        pytest.skip(reason)
    return TILED


def _tiled(tiled: str, *args: str, cwd: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(cwd)}
    done = subprocess.run([tiled, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"tiled {' '.join(args)} failed: {done.stderr}"


@pytest.fixture(scope="module")
def saved_by_tiled(tiled: str, tmp_path_factory) -> Path:
    """A copy of the maps folder with every tileset and board saved by Tiled."""
    folder = copy_maps(tmp_path_factory.mktemp("tiled"))
    for tsx in sorted(folder.glob("*.tsx")):
        out = folder / f"saved-{tsx.name}"
        _tiled(tiled, "--export-tileset", tsx.name, out.name, cwd=folder)
        os.replace(out, tsx)
    for tmx in sorted(folder.glob("*.tmx")):
        _tiled(tiled, "--export-map", tmx.name, f"saved-{tmx.name}", cwd=folder)
    return folder


def test_tiled_version(tiled: str) -> None:
    out = subprocess.run([tiled, "--version"], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    print(out.stdout.strip())  # the version this run proved, in the test log
    assert out.returncode == 0 and "Tiled" in out.stdout


@pytest.mark.parametrize("game_id,map_name,filename", shipped_boards())
def test_a_board_saved_by_tiled_builds_the_same_board(saved_by_tiled: Path, game_id, map_name, filename) -> None:
    game = registry.get(game_id)
    saved = saved_by_tiled / f"saved-{filename}"
    text = saved.read_text(encoding="utf-8")
    assert "<map" in text and 'tiledversion="' in text, "Tiled wrote the file"
    before = read_map(MAPS_DIR / filename)
    after = read_map(saved)
    assert after.object_layers.keys() == before.object_layers.keys()
    for layer, objs in before.object_layers.items():
        assert [(o.id, o.name, o.type, o.properties) for o in after.object_layers[layer]] == \
               [(o.id, o.name, o.type, o.properties) for o in objs], f"layer {layer!r} changed in Tiled"
    assert after.tile_layers == before.tile_layers
    assert board_facts(game.board_from_map(after)) == board_facts(game.board_from_map(before))
