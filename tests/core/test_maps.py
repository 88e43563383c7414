"""The Tiled adapter: plain data out, one clear message per problem."""

import subprocess
import sys
import textwrap

import pytest

from courier.boards.tiled import check_map, read_map
from courier.rules.base import BoardError

GOOD = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="3" height="2"
     tilewidth="32" tileheight="32" infinite="0" nextlayerid="3" nextobjectid="4">
 <properties><property name="game" value="{game}"/></properties>
 <layer id="1" name="ground" width="3" height="2"><data encoding="csv">0,0,0,
0,0,0</data></layer>
 <objectgroup id="2" name="places">
  <object id="1" name="Ugley" class="town" x="10" y="20"><properties><property name="size" type="int" value="2"/></properties><point/></object>
  <object id="{second_id}" name="Road" type="road" x="0" y="0"><polyline points="0,0 10,20"/></object>
 </objectgroup>
</map>
"""


def write(tmp_path, text, name="board.tmx"):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text))
    return p


def test_reads_objects_properties_and_layers(tmp_path):
    data = read_map(write(tmp_path, GOOD.format(game="x", second_id=2)))
    assert data.properties["game"] == "x"
    assert (data.width, data.height, data.tile_width) == (3, 2, 32)
    town, road = data.objects("places")
    assert (town.name, town.type, town.properties["size"]) == ("Ugley", "town", 2)
    assert road.type == "road" and road.points == ((0.0, 0.0), (10.0, 20.0))
    assert data.tile_layers["ground"].grid[1][2] is None


def test_missing_file_names_the_file(tmp_path):
    with pytest.raises(BoardError) as err:
        read_map(tmp_path / "nope.tmx")
    assert "nope.tmx" in str(err.value) and "not found" in str(err.value)


def test_broken_xml_is_a_clear_message(tmp_path):
    p = write(tmp_path, GOOD.format(game="x", second_id=2)[:300])
    with pytest.raises(BoardError) as err:
        read_map(p)
    assert "board.tmx" in str(err.value) and "not a readable Tiled file" in str(err.value)


def test_duplicate_object_ids_are_reported(tmp_path):
    with pytest.raises(BoardError) as err:
        read_map(write(tmp_path, GOOD.format(game="x", second_id=1)))
    assert "(id 1, layer" in str(err.value) and "also used by" in str(err.value)


def test_check_map_wants_a_known_game(tmp_path):
    msgs = check_map(write(tmp_path, GOOD.format(game="chess", second_id=2)))
    assert len(msgs) == 1 and "chess" in msgs[0] and "board.tmx" in msgs[0]


def test_rules_core_imports_without_pygame():
    code = "import sys, courier.rules, courier.rules.registry, courier.rules.serial; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)
