"""What a designer reads when a board file is wrong: the cases the issues found, one by one.

Every case edits a copy of a shipped board the way a designer (or Tiled) would and checks the
message names the file, the object and the property, in words that say what to do.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from courier import boards, cli
from courier.boards import tiled as maps
from courier.boards.tiled import check_map, read_map
from courier.rules import base, mapdata, registry
from courier.rules.base import BoardError
from tests.maps.helpers import copy_maps


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return copy_maps(tmp_path)


def edit(folder: Path, name: str, old: str, new: str, count: int = 1) -> str:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return str(path)


def sub(folder: Path, name: str, pattern: str, new: str, count: int = 1) -> str:
    path = folder / name
    text, n = re.subn(pattern, new, path.read_text(encoding="utf-8"), count=count)
    assert n, pattern
    path.write_text(text, encoding="utf-8")
    return str(path)


def only(lines: list[str], *words: str) -> str:
    hits = [line for line in lines if all(w in line for w in words)]
    assert hits, (words, lines)
    return hits[0]


DD = "doorstep_dash_town.tmx"
ND = "next_day_kevingston.tmx"
PP = "package_pandemonium_riverside.tmx"
OFD = "out_for_delivery.tmx"


def test_every_shipped_board_is_clean(folder):
    for gid in registry.ids():
        for filename in registry.get(gid).maps.values():
            assert check_map(str(folder / filename)) == []


def test_a_house_number_in_words_names_house_and_property_and_the_rest_is_still_checked(folder):
    path = sub(folder, DD, r'name="number" type="int" value="\d+"', 'name="number" type="int" value="ten"')
    sub(folder, DD, r'name="test" type="int" value="\d+"', 'name="test" type="int" value=""')
    lines = check_map(path)
    line = only(lines, "'number'", "'ten'")
    assert line.startswith(f"{path}: object '") and "(id " in line and "layer 'houses'" in line
    only(lines, "'test'", "empty")  # a second problem elsewhere is reported too


def test_a_house_number_typed_as_text_is_read_by_the_game_checks(folder):
    path = sub(folder, DD, r'name="number" type="int" value="\d+"', 'name="number" value="one"')
    line = only(check_map(path), "'number'", "'one'")
    assert "whole number" in line and "(id " in line


def test_zero_tile_width_and_a_map_wider_than_its_layers(folder):
    path = edit(folder, DD, 'tilewidth="32"', 'tilewidth="0"')
    assert any("'tilewidth'" in line and "'0'" in line for line in check_map(path))
    path = edit(folder, PP, 'width="5" height="5" tilewidth', 'width="6" height="5" tilewidth')
    lines = check_map(path)
    line = only(lines, "tile layer 'city'")
    assert "width 5" in line and "width 6" in line and "Resize Map" in line


def test_a_coordinate_that_is_not_a_number_names_the_object(folder):
    path = sub(folder, PP, r'(<object id="(\d+)" name="([^"]*)" type="rogue_van" )x="[^"]*"', r'\1x="abc"')
    line = only(check_map(path), "'x'", "'abc'")
    assert "rogue van" in line.lower() or "(id " in line
    assert re.search(r"object .* \(id \d+, layer 'pieces'\)", line)


def test_objects_and_tiles_written_with_class_or_type_read_the_same(folder):
    """Tiled 1.9 wrote class="..." on objects and tiles; 1.8 and 1.10+ write type="..."."""
    before = read_map(str(folder / PP))
    for name in (PP, "package_pandemonium_city.tsx"):
        path = folder / name
        path.write_text(path.read_text(encoding="utf-8").replace(' type="', ' class="')
                        .replace('property name="electric" class="bool"', 'property name="electric" type="bool"')
                        .replace('property name="value" class="', 'property name="value" type="'),
                        encoding="utf-8")
    assert ' class="electric"' in (folder / "package_pandemonium_city.tsx").read_text(encoding="utf-8")
    after = read_map(str(folder / PP))
    assert after.object_layers == before.object_layers
    assert after.tile_layers == before.tile_layers
    assert check_map(str(folder / PP)) == []


def test_unsupported_tiled_features_are_named_with_the_fix(folder):
    path = sub(folder, PP, r'<object id="(\d+)" name="([^"]*)" type="rogue_van"', r'<object id="\1" name="\2" template="van.tx" type="rogue_van"')
    only(check_map(path), "template", "Detach Template", "(id ")
    path = sub(folder, DD, r'(<object id="\d+" name="[^"]*" type="house")', r'\1 rotation="30"')
    only(check_map(path), "rotated by 30", "Rotation to 0", "layer 'houses'")
    path = edit(folder, OFD, 'infinite="0"', 'infinite="1"')
    only(check_map(path), "infinite", "Infinite")
    path = edit(folder, PP, '<data encoding="csv">', '<data encoding="base64" compression="zstd">')
    line = only(check_map(path), "Zstandard", "layer 'city'")
    assert "CSV" in line and "Tiled could not" not in line
    tmj = folder / "board.tmj"
    tmj.write_text('{"type": "map", "width": 5}', encoding="utf-8")
    line = only(check_map(str(tmj)), "JSON")
    assert "Save As" in line and ".tmx" in line and "not well-formed" not in line


def test_base64_layers_plain_zlib_and_gzip_read_like_csv(folder):
    import base64
    import gzip
    import zlib

    csv_board = read_map(str(folder / PP))
    text = (folder / PP).read_text(encoding="utf-8")
    body = re.search(r'<data encoding="csv">(.*?)</data>', text, re.S).group(1)
    raw = b"".join(int(v).to_bytes(4, "little") for v in body.replace("\n", "").split(","))
    for compression, packed in (("", raw), ("zlib", zlib.compress(raw)), ("gzip", gzip.compress(raw))):
        attr = f' compression="{compression}"' if compression else ""
        new = text.replace(f'<data encoding="csv">{body}</data>',
                           f'<data encoding="base64"{attr}>{base64.b64encode(packed).decode()}</data>')
        (folder / "b64.tmx").write_text(new, encoding="utf-8")
        assert read_map(str(folder / "b64.tmx")).tile_layers == csv_board.tile_layers


def test_a_missing_tileset_image_is_reported(folder):
    (folder / "package_pandemonium_city.png").unlink()
    line = only(check_map(str(folder / PP)), "package_pandemonium_city.png", "missing")
    assert line.startswith(str(folder / PP))


def test_misspelled_property_names_get_did_you_mean(folder):
    path = sub(folder, DD, r'property name="colour"', 'property name="Colour"')
    line = only(check_map(path), "'Colour'")
    assert "did you mean 'colour'?" in line and "(id " in line
    path = sub(folder, OFD, r'property name="region"', 'property name="regoin"')
    lines = check_map(path)
    only(lines, "'regoin'", "did you mean 'region'?")
    only(lines, "'region'", "missing")  # the city now lacks its region: said so, not "'' is not ..."


def test_a_missing_property_reads_as_missing_not_as_an_empty_value(folder):
    path = sub(folder, DD, r'\s*<property name="entrance" value="[^"]*"/>', "")
    line = only(check_map(path), "'entrance'", "missing")
    assert "''" not in line


def test_a_new_house_as_tiled_saves_it_reads_its_defaults_and_asks_for_the_rest(folder):
    """Tiled writes only the fields a designer changed; the rest hold the project's defaults."""
    path = edit(folder, DD, "</objectgroup>", '<object id="99" name="Test House" type="house" x="134.7" y="892.3" '
                'width="101.7" height="101.7"><properties><property name="number" type="int" value="33"/>'
                "</properties></object></objectgroup>")
    lines = check_map(path)
    assert lines == [f"{path}: object 'Test House' (id 99, layer 'houses'): property 'entrance' is missing; "
                     "give the 'col,row' of the road square at its door"]


def test_a_house_without_entrance_does_not_claim_too_few_houses(folder):
    path = sub(folder, DD, r'\s*<property name="entrance" value="[^"]*"/>', "")
    lines = check_map(path)
    assert not any("at least 24" in line for line in lines)


def test_piece_count_problems_name_the_objects(folder):
    path = sub(folder, PP, r'type="rogue_cube"', 'type="rogue_base"')
    line = only(check_map(path), "exactly 1 'rogue_base'", "it has 2")
    assert line.count("(id ") == 2
    path = sub(folder, PP, r'name="value" value="high"', 'name="value" value="low"')
    line = only(check_map(path), "2 high packages", "it has 1")
    assert "(id " in line


def test_a_wrong_game_name_gets_did_you_mean(folder):
    path = edit(folder, PP, 'value="package-pandemonium"', 'value="package-pandamonium"')
    assert "did you mean 'package-pandemonium'?" in only(check_map(path), "'game'")


def test_a_class_lost_by_a_tiled_18_save_is_explained(folder):
    path = folder / ND
    path.write_text(re.sub(r' (type|class)="[a-z]+"(?= x=)', "", path.read_text(encoding="utf-8")), encoding="utf-8")
    lines = check_map(str(path))
    assert len(lines) == 1 and "has a class" in lines[0] and "Tiled 1.8" in lines[0]


class _Broken:
    """A board source whose every board is the ``broken`` file."""

    def __init__(self, broken) -> None:
        self.broken = broken

    def locate(self, game_id: str, key: str) -> str | None:
        return None

    def load(self, filename: str):
        return read_map(self.broken)


def test_play_shows_a_broken_board_as_a_message(folder, monkeypatch, capsys):
    broken = sub(folder, DD, r'name="number" type="int" value="\d+"', 'name="number" type="int" value="ten"')
    monkeypatch.setattr(base, "_BOARDS", {})
    mapdata.use_source(_Broken(broken))
    try:
        assert cli.main(["play", "doorstep-dash", "--frames", "1"]) == 2
        err = capsys.readouterr().err
        assert "cannot be played" in err and "'ten'" in err and "Traceback" not in err
        with pytest.raises(BoardError):
            registry.get("doorstep-dash").board(registry.get("doorstep-dash").make_config(players=2))
    finally:
        mapdata.use_source(boards.SOURCE)


def test_the_setup_screen_shows_a_broken_board_as_a_message(app, drive, folder, monkeypatch):
    from courier.scenes.setup import SetupScene

    broken = sub(folder, DD, r'name="number" type="int" value="\d+"', 'name="number" type="int" value="ten"')
    monkeypatch.setattr(base, "_BOARDS", {})
    mapdata.use_source(_Broken(broken))
    try:
        setup = app.stack.push(SetupScene(app, games=[registry.get("doorstep-dash")]))
        drive.frame()
        assert setup.start() is None
        assert "cannot be played" in setup.message and "'ten'" in setup.message
        assert "check-map" in setup.message and "Traceback" not in setup.message
        drive.frame()
        drive.shot("setup-broken-board")
    finally:
        mapdata.use_source(boards.SOURCE)
