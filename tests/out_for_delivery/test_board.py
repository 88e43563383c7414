"""The Six Cities board and the checks that name every problem of a broken board file."""

from __future__ import annotations

import dataclasses

import pytest

from courier.boards.tiled import check_map, load_bundled
from courier.resources import asset
from courier.rules.base import BoardError
from courier.rules.out_for_delivery.board import board_from_map

from tests.out_for_delivery.helpers import board


def test_six_numbered_cities_in_three_regions() -> None:
    b = board()
    assert [c.number for c in b.cities] == [1, 2, 3, 4, 5, 6]
    assert len({c.colour for c in b.cities}) == 6 and len({c.name for c in b.cities}) == 6
    assert [sorted(c.number for c in b.cities if c.region == r.index) for r in b.regions] == [[1, 2], [3, 4], [5, 6]]
    for c in b.cities:
        assert c.pickup in c.cells and c.delivery in c.cells and c.pickup != c.delivery
    assert {"mountain", "river"} <= set(b.terrain), "rough road tiles exist"
    assert {lb.text for lb in b.labels} >= {"Grey Fells", "The Wend"}, "map names are map data"


def test_the_bundled_file_passes_check_map() -> None:
    assert check_map(asset("maps", "out_for_delivery.tmx")) == []
    assert load_bundled("out_for_delivery.tmx").properties["game"] == "out-for-delivery"


def _broken(**changes):
    data = load_bundled("out_for_delivery.tmx")
    layers = dict(data.object_layers)
    objs = list(layers["places"])
    for name, fn in changes.items():
        objs = fn(objs)
    layers["places"] = tuple(objs)
    return dataclasses.replace(data, object_layers=layers)


def test_a_missing_city_is_named() -> None:
    data = _broken(drop=lambda objs: [o for o in objs if o.name != "Kingsbridge"])
    with pytest.raises(BoardError) as err:
        board_from_map(data)
    text = str(err.value)
    assert "missing or broken: 3" in text and "region 'Riverlands' holds 1 cities" in text


def test_a_pickup_outside_its_city_is_named() -> None:
    def move(objs):
        return [dataclasses.replace(o, x=o.x + 96) if o.name == "Ravensmoor pick-up" else o for o in objs]

    with pytest.raises(BoardError) as err:
        board_from_map(_broken(move=move))
    assert any("Ravensmoor" in p and "pickup tile of city 1 is not inside" in p for p in err.value.problems)


def test_duplicate_city_numbers_and_bad_colours_are_named() -> None:
    def dup(objs):
        out = []
        for o in objs:
            if o.name == "Eastwatch":
                o = dataclasses.replace(o, properties={**o.properties, "number": 5, "colour": "purple"})
            out.append(o)
        return out

    with pytest.raises(BoardError) as err:
        board_from_map(_broken(dup=dup))
    text = str(err.value)
    assert "'Eastwatch'" in text and "number 5 is used twice" in text and "colour" in text


def test_an_empty_terrain_tile_is_named() -> None:
    data = load_bundled("out_for_delivery.tmx")
    layer = data.tile_layers["terrain"]
    grid = [list(r) for r in layer.grid]
    grid[0][0] = None
    data = dataclasses.replace(data, tile_layers={"terrain": dataclasses.replace(layer, grid=tuple(tuple(r) for r in grid))})
    with pytest.raises(BoardError, match="terrain tile 0,0 is empty"):
        board_from_map(data)


def test_a_map_for_another_game_is_refused() -> None:
    data = load_bundled("out_for_delivery.tmx")
    data = dataclasses.replace(data, properties={**data.properties, "game": "next-day"})
    with pytest.raises(BoardError, match="not 'out-for-delivery'"):
        board_from_map(data)
