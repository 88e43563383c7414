"""The town board: what the rules need is there, and broken files get clear messages."""

from __future__ import annotations

import dataclasses

import pytest

from courier.rules.base import BoardError
from courier.rules.doorstep_dash.board import board_from_map
from courier.rules.mapdata import load_map_data
from tests.doorstep_dash.helpers import GAME, board


def test_the_town_has_what_the_rulings_ask_for():
    b = board()
    assert len(b.houses) >= 24
    assert len(b.hazards) >= 5 and all(3 <= z.test <= 6 and 2 <= len(z.cells) <= 5 for z in b.hazards)
    assert sum(z.kind == "park" for z in b.greens) >= 2
    assert any(b.warehouse in z.cells for z in b.greens)
    colours = [h.colour for h in b.houses.values()]
    assert colours.count("blue") + colours.count("green") > len(colours) / 2
    reds = [b.distance(h.entrance, b.warehouse) for h in b.houses.values() if h.colour == "red"]
    others = [b.distance(h.entrance, b.warehouse) for h in b.houses.values() if h.colour in ("blue", "green")]
    assert reds and min(reds) > sum(others) / len(others)  # red houses are far out
    assert len(set(b.distances_from(b.warehouse))) == len(b.spaces)  # all connected


def test_map_file_is_tiled_friendly():
    text = (GAME.maps and __import__("courier.resources", fromlist=["asset"]).asset("maps", GAME.maps["town"]))
    body = text.read_text(encoding="utf-8")
    assert 'orientation="orthogonal"' in body and 'encoding="csv"' in body
    assert 'name="game" value="doorstep-dash"' in body
    assert 'source="doorstep_dash_tiles.tsx"' in body


def _broken(**changes):
    data = load_map_data(GAME.maps["town"])
    return dataclasses.replace(data, **changes)


def test_missing_roads_layer_is_reported():
    data = _broken(tile_layers={})
    with pytest.raises(BoardError, match="roads"):
        board_from_map(data)


def test_bad_house_and_hazard_objects_are_named():
    data = load_map_data(GAME.maps["town"])
    houses = list(data.object_layers["houses"])
    h0 = houses[0]
    houses[0] = dataclasses.replace(h0, properties={**h0.properties, "colour": "purple"})
    houses[1] = dataclasses.replace(houses[1], properties={**houses[1].properties, "entrance": "0,0"})
    zones = [dataclasses.replace(z, properties={"test": 9}) if z.type == "hazard" else z
             for z in data.object_layers["zones"]]
    layers = {**data.object_layers, "houses": tuple(houses), "zones": tuple(zones)}
    with pytest.raises(BoardError) as err:
        board_from_map(dataclasses.replace(data, object_layers=layers))
    text = str(err.value)
    assert f"'{h0.name}'" in text and "purple" in text
    assert "not a road space" in text
    assert "test" in text and len(err.value.problems) >= 3


def test_too_few_houses_and_no_parks():
    data = load_map_data(GAME.maps["town"])
    layers = {**data.object_layers, "houses": data.object_layers["houses"][:5],
              "zones": tuple(z for z in data.object_layers["zones"] if z.type != "park")}
    with pytest.raises(BoardError) as err:
        board_from_map(dataclasses.replace(data, object_layers=layers))
    assert any("at least 24" in p for p in err.value.problems)
    assert any("park" in p for p in err.value.problems)


def test_check_map_command_is_clean_for_the_town():
    from courier import resources
    from courier.boards import tiled as maps

    assert maps.check_map(resources.asset("maps", GAME.maps["town"])) == []
