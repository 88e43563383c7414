"""The Tiled project file offers exactly the classes and properties the games read."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from courier.boards.tiled import read_map
from tests.maps.helpers import MAPS_DIR, shipped_boards
from tools import make_tiled_project


def _tool():
    return make_tiled_project


def test_the_shipped_project_files_are_what_the_games_declare():
    for path, text in _tool().outputs().items():
        assert path.read_text(encoding="utf-8") == text, f"run python -m tools.make_tiled_project ({path.name} is stale)"


def test_the_project_points_tiled_18_at_the_object_types():
    project = json.loads((MAPS_DIR / "courier.tiled-project").read_text(encoding="utf-8"))
    assert (MAPS_DIR / project["objectTypesFile"]).is_file()
    assert project["folders"] == ["."]
    classes = {t["name"]: t for t in project["propertyTypes"] if t["type"] == "class"}
    house = {m["name"]: m for m in classes["house"]["members"]}
    assert house["colour"]["propertyType"] == "house_colour" and house["colour"]["value"] == "blue"
    assert house["number"]["type"] == "int" and classes["house"]["useAs"] == ["object", "tile"]  # a ground tile too
    assert "tile" in classes["road"]["useAs"] and "object" in classes["road"]["useAs"]
    enums = {t["name"]: t["values"] for t in project["propertyTypes"] if t["type"] == "enum"}
    assert enums["house_colour"] == ["blue", "green", "yellow", "red"]
    types = ET.parse(MAPS_DIR / project["objectTypesFile"]).getroot()
    names = {t.get("name") for t in types.iter("objecttype")}
    assert names == set(classes)


def test_every_class_and_property_on_a_shipped_board_is_in_the_project():
    project = json.loads((MAPS_DIR / "courier.tiled-project").read_text(encoding="utf-8"))
    members = {t["name"]: {m["name"] for m in t["members"]} for t in project["propertyTypes"] if t["type"] == "class"}
    for _, _, filename in shipped_boards():
        data = read_map(MAPS_DIR / filename)
        for objs in data.object_layers.values():
            for obj in objs:
                assert obj.type in members, (filename, obj.describe(), obj.type)
                assert set(obj.properties) <= members[obj.type], (filename, obj.describe())
        for layer in data.tile_layers.values():
            for row in layer.grid:
                for tile in row:
                    if tile:
                        assert tile["type"] in members and set(tile) - {"type"} <= members[tile["type"]]
