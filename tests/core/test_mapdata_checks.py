"""The board checks every game shares (courier.rules.mapdata): the same words for the same problem
in every game, and problems in the order of the file."""

from __future__ import annotations

import pytest

from courier.rules.base import BoardError
from courier.rules.mapdata import (ClassSpec, MapData, MapObject, PropSpec, check_map_properties, class_problem,
                                   classed_objects, require_size, tile_properties)

SPECS = {"house": ClassSpec("house", "object", "a house", (PropSpec("number", "int", "its number"),)),
         "park": ClassSpec("park", "object", "a park")}


def _data(objects: dict[str, tuple[MapObject, ...]], properties: dict | None = None, width: int = 4) -> MapData:
    return MapData("town.tmx", width, 4, 32, 32, properties or {}, {}, objects)


def test_a_map_without_size_stops_at_once() -> None:
    with pytest.raises(BoardError, match="the tiles must have a size above 0"):
        require_size(_data({}, width=0), "the tiles")
    require_size(_data({}))  # a sized map passes


def test_map_properties_name_the_game_and_a_near_miss() -> None:
    problems: list[str] = []
    data = _data({"Houses": ()}, {"game": "next-day", "titel": "x"})
    check_map_properties(data, ("houses",), (PropSpec("game", "string", ""), PropSpec("title", "string", "")),
                         "doorstep-dash", "Doorstep Dash maps", problems)
    assert problems == [
        "layer 'Houses' is not a layer the game reads; did you mean 'houses'? Layer names must match exactly, "
        "small letters included: rename it in Tiled's Layers panel",
        "the map: property 'titel' is not one the game reads; did you mean 'title'?",
        "map property 'game' is 'next-day', expected 'doorstep-dash'",
    ]


def test_objects_of_unknown_classes_are_named_and_the_rest_read_in_file_order() -> None:
    a = MapObject(1, "Mill", "house", 0, 0, properties={"number": 1, "colur": "red"}, layer="houses")
    b = MapObject(2, "", "Hous", 0, 0, layer="houses")
    c = MapObject(3, "Green", "park", 0, 0, layer="zones")
    problems: list[str] = []
    seen = []
    for obj, props in classed_objects(_data({"houses": (a, b), "zones": (c,)}), SPECS, problems):
        seen.append(obj.id)
        problems.append(f"read {obj.id}")
    assert seen == [1, 3]
    assert problems == [
        "object 'Mill' (id 1, layer 'houses'): property 'colur' is not one the game reads; house objects use 'number'",
        "read 1",
        "object #2 (id 2, layer 'houses'): its class 'Hous' is not one the game reads; did you mean 'house'?",
        "read 3",
    ]
    assert class_problem(MapObject(4, "", "", 0, 0, layer="x"), SPECS).endswith("it has no class; use one of house, park")


def test_a_tile_class_is_named_where_it_is_first_painted() -> None:
    problems: list[str] = []
    spec = ClassSpec("road", "tile", "a road", (PropSpec("electric", "bool", "", default=False),))
    reader = tile_properties("road", "B2", "city", {"type": "road", "electric": "yes", "lit": 1}, spec, problems)
    assert reader.boolean("electric") is True
    assert problems == ["tile class 'road' (first at B2 of layer 'city'): property 'lit' is not one the game reads; "
                        "road tiles use 'electric'"]
