"""Map cards: every bundled board loads and draws its pieces; bad boards name their problems."""

from __future__ import annotations

import dataclasses

import pytest

from courier.boards.tiled import check_map
from courier import resources
from courier.rules.base import BoardError
from courier.rules.mapdata import MapObject, load_map_data
from courier.rules.package_pandemonium.board import board_from_map, cell_name
from tests.package_pandemonium.pp_helpers import GAME


@pytest.mark.parametrize("name", list(GAME.maps))
def test_bundled_map_cards_are_valid(name):
    path = resources.asset("maps", GAME.maps[name])
    assert check_map(path) == []
    board = GAME.board(GAME.make_config(players=2, map=name))
    assert len(board.start_packages) == 8 and len(board.rogue_cubes) == 3
    assert board.bridges and board.water and board.electric
    assert all(board.dist[0][c] < 99 for c in range(25))
    assert len(board.base_options) >= 3


def test_at_least_four_map_cards():
    assert len(GAME.maps) >= 4


def _broken():
    data = load_map_data(GAME.maps["Riverside"])
    pieces = [o for o in data.objects("pieces") if o.type != "rogue_van"]
    pieces.append(MapObject(99, "odd", "treasure", 10, 10, layer="pieces"))
    pieces = [dataclasses.replace(o, properties={"value": "gold"}) if o.name == "low package 1" else o for o in pieces]
    layers = dict(data.object_layers)
    layers["pieces"] = tuple(pieces)
    return dataclasses.replace(data, object_layers=layers)


def test_a_broken_map_lists_every_problem():
    with pytest.raises(BoardError) as exc:
        board_from_map(_broken())
    text = str(exc.value)
    assert "rogue_van" in text and "treasure" in text and "'value'" in text
    assert len(exc.value.problems) >= 3


def test_location_cards_are_shuffled_into_the_grid():
    cfg = GAME.make_config(players=2)
    a, b = GAME.new_game(cfg, 1), GAME.new_game(cfg, 2)
    assert sorted(a.locations) == sorted(cfg.locations) and len(set(a.locations)) == 25
    assert a.locations != b.locations
    assert cell_name(0) == "A1" and cell_name(24) == "E5"
