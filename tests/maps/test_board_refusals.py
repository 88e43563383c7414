"""Boards a designer made in Tiled that must be refused with one clear message, found in an outside
test pass: a county without roads, a home that is no city, a layer named with a capital, a card
that names the wrong game. Each case edits a copy of a shipped board as Tiled would save it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from courier import boards
from courier.boards.tiled import check_map, read_map
from courier.rules import registry
from courier.rules.base import BoardError
from courier.rules.mapdata import PropReader
from tests.maps.helpers import copy_maps

ND = "next_day_kevingston.tmx"
DD = "doorstep_dash_town.tmx"
PP = "package_pandemonium_riverside.tmx"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return copy_maps(tmp_path)


def rewrite(folder: Path, name: str, change) -> str:
    path = folder / name
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")
    return str(path)


def drop_layer(text: str, layer: str) -> str:
    out, n = re.subn(rf' <objectgroup id="\d+" name="{layer}">.*?</objectgroup>\n', "", text, flags=re.S)
    assert n == 1, layer
    return out


def drop_object(text: str, object_id: int) -> str:
    out, n = re.subn(rf'  <object id="{object_id}" .*?</object>\n', "", text, flags=re.S)
    assert n == 1, object_id
    return out


def next_day_board(path: str):
    return registry.get("next-day").board_from_map(read_map(path))


# -- a county without roads ------------------------------------------------------------------------


@pytest.mark.parametrize("layers", [("roads", "blockages"), ("roads",)])
def test_a_county_without_a_roads_layer_is_refused_and_says_so_first(folder, layers):
    def change(text: str) -> str:
        for layer in layers:
            text = drop_layer(text, layer)
        return text

    path = rewrite(folder, ND, change)
    lines = check_map(path)
    assert lines, "a county without roads passed its checks"
    assert "no 'roads' layer" in lines[0], lines
    assert not any("is not on a road" in line for line in lines), lines  # no echo per blockage
    with pytest.raises(BoardError):
        next_day_board(path)


def test_a_county_without_roads_is_not_listed_as_playable(folder, tmp_path, monkeypatch):
    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "home"))
    path = Path(rewrite(folder, ND, lambda t: drop_layer(drop_layer(t, "roads"), "blockages")))
    mine = tmp_path / "home" / "data" / "boards"
    mine.mkdir(parents=True)
    board = mine / "no_roads.tmx"
    board.write_text(path.read_text(encoding="utf-8").replace("Kevingston and district", "No Roads"),
                     encoding="utf-8")
    entry = next(e for e in boards.boards_for("next-day") if e.title == "No Roads")
    problem = boards.first_problem(entry)
    assert problem is not None and "no 'roads' layer" in problem


def test_an_empty_roads_layer_is_refused_with_one_line(folder):
    path = rewrite(folder, ND, lambda t: re.sub(
        r'(<objectgroup id="\d+" name="roads">).*?(</objectgroup>)', r"\1\n \2", drop_layer(t, "blockages"),
        flags=re.S))
    lines = check_map(path)
    assert len(lines) == 1 and "no roads" in lines[0], lines


def _road_ids(text: str, place: str) -> list[int]:
    return [int(m.group(1)) for m in re.finditer(r'<object id="(\d+)" name="([^"]*)" type="road"', text)
            if place in m.group(2).split("/")]


def _road_object(text: str, road) -> int:
    for name in (f"{road.a}/{road.b}", f"{road.b}/{road.a}"):
        found = re.search(rf'<object id="(\d+)" name="{re.escape(name)}" type="road"', text)
        if found:
            return int(found.group(1))
    raise AssertionError(road)


def test_a_place_cut_off_by_missing_roads_is_named(folder):
    board = next_day_board(str(folder / ND))
    blocked = {rid for _kind, rid in board.start_blockages}
    lonely = next(p for p in sorted(board.towns) if all(rid not in blocked for _n, rid in board.adj[p]))

    def change(text: str) -> str:
        for rid in _road_ids(text, lonely):
            text = drop_object(text, rid)
        return text

    lines = check_map(rewrite(folder, ND, change))
    line = next((x for x in lines if "more than one piece" in x), None)
    assert line is not None, lines
    assert lonely in line and board.home in line


def test_a_starting_diversion_that_cuts_the_county_is_named(folder):
    board = next_day_board(str(folder / ND))
    blocked = {rid for _kind, rid in board.start_blockages}
    # a place with exactly two free roads: drop one, put a diversion on the other
    lonely = next(p for p in sorted(board.places) if p != board.home and len(board.adj[p]) == 2
                  and all(rid not in blocked for _n, rid in board.adj[p]))
    (_n1, keep), (_n2, drop) = board.adj[lonely]
    road = board.roads[keep]
    mx, my = road.midpoint()
    diversion = 181  # the first starting diversion of the shipped county

    def change(text: str) -> str:
        text = drop_object(text, _road_object(text, board.roads[drop]))
        text, n = re.subn(rf'<object id="{diversion}" type="diversion" x="[^"]*" y="[^"]*"',
                          f'<object id="{diversion}" type="diversion" x="{mx:.1f}" y="{my:.1f}"', text)
        assert n == 1
        return text

    lines = check_map(rewrite(folder, ND, change))
    line = next((x for x in lines if "diversion" in x and "cut" in x), None)
    assert line is not None, lines
    assert f"id {diversion}" in line and road.label in line and lonely in line


# -- the home city -----------------------------------------------------------------------------------


def test_a_board_without_a_home_property_says_so_and_lists_the_cities(folder):
    path = rewrite(folder, ND, lambda t: t.replace('  <property name="home" value="Kevingston"/>\n', "")
                   .replace('name="Kevingston"', 'name="Kevtown"'))
    lines = check_map(path)
    line = next(x for x in lines if "'home'" in x)
    assert "no 'home' property" in line
    for city in ("Kevtown", "Simonsbath", "Fobbing", "Puddinglake"):
        assert city in line


def test_a_home_that_names_a_town_says_it_is_a_town_and_lists_the_cities(folder):
    path = rewrite(folder, ND, lambda t: t.replace('<property name="home" value="Kevingston"/>',
                                                   '<property name="home" value="Ugley"/>'))
    line = next(x for x in check_map(path) if "'home'" in x)
    assert "'Ugley'" in line and "is a town" in line
    for city in ("Kevingston", "Simonsbath", "Fobbing", "Puddinglake"):
        assert city in line


# -- layer names, the game property --------------------------------------------------------------


def test_a_layer_named_with_a_capital_gets_did_you_mean_and_no_flood(folder):
    path = rewrite(folder, ND, lambda t: t.replace('name="places"', 'name="Places"'))
    lines = check_map(path)
    assert "did you mean 'places'" in lines[0], lines
    assert not any("is not on a place" in line for line in lines), lines


def test_a_misspelt_tile_layer_gets_did_you_mean_in_another_game(folder):
    path = rewrite(folder, DD, lambda t: t.replace('name="roads"', 'name="raods"'))
    assert any("did you mean 'roads'" in line for line in check_map(path))


def test_a_game_property_typed_bool_is_reported_as_such(folder, tmp_path, monkeypatch):
    path = rewrite(folder, ND, lambda t: t.replace('<property name="game" value="next-day"/>',
                                                   '<property name="game" type="bool" value="true"/>'))
    [line] = check_map(path)
    assert "'game'" in line and "bool" in line and "string property" in line
    entry = boards._entry(Path(path), False, boards._games())
    assert entry.listing_problem is not None and "bool" in entry.listing_problem


def test_a_card_of_another_game_says_so_instead_of_a_wrong_suggestion(folder):
    path = rewrite(folder, PP, lambda t: t.replace('value="package-pandemonium"', 'value="next-day"'))
    lines = check_map(path)
    assert not any("did you mean 'game'" in line for line in lines), lines
    assert "Package Pandemonium" in lines[0] and "'package-pandemonium'" in lines[0], lines


def test_an_unknown_property_is_never_told_to_be_one_the_object_already_has():
    problems: list[str] = []
    PropReader("the map", {"game": "next-day", "name": "Riverside"}, problems).unknown(["game", "home"], "maps")
    assert problems and "did you mean" not in problems[0]


# -- the map's size, tileset paths ---------------------------------------------------------------


def test_an_oversized_map_is_refused_from_its_header_before_the_rest_is_read(tmp_path):
    # everything after the header is broken: a refusal that names the size read nothing further
    path = tmp_path / "huge.tmx"
    path.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" '
                    'width="3000" height="3000" tilewidth="32" tileheight="32" infinite="0">\n'
                    ' <layer id="1" name="ground" width="3000" height="3000"><data encoding="csv">0,0,<<<',
                    encoding="utf-8")
    lines = check_map(str(path))
    assert any("'width'" in line and "3000" in line and "1 to 1000" in line for line in lines), lines
    assert not any("broken" in line for line in lines), lines
    with pytest.raises(BoardError):
        read_map(str(path))


def test_a_tileset_given_by_an_absolute_path_is_refused_with_the_fix(folder):
    tsx = (folder / "doorstep_dash_tiles.tsx").resolve()
    path = rewrite(folder, DD, lambda t: t.replace('source="doorstep_dash_tiles.tsx"', f'source="{tsx}"'))
    lines = check_map(path)
    assert len(lines) == 1, lines  # the tileset is still read: its tiles are not reported missing
    assert "absolute" in lines[0] and "doorstep_dash_tiles.tsx" in lines[0] and "next to the map" in lines[0]


def test_a_picture_given_by_an_absolute_path_is_refused(folder):
    png = (folder / "doorstep_dash_saltmarsh.png").resolve()
    path = rewrite(folder, "doorstep_dash_saltmarsh.tmx",
                   lambda t: t.replace('source="doorstep_dash_saltmarsh.png"', f'source="{png}"'))
    [line] = check_map(path)
    assert "absolute" in line and "doorstep_dash_saltmarsh.png" in line
