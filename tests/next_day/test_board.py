"""The Kevingston board: the rulebook's worked example, the place counts, the starting
blockages, and clear errors for broken boards."""

from __future__ import annotations

import pytest

from courier.boards.tiled import load_bundled
from courier.rules.base import BoardError
from courier.rules.mapdata import MapData, MapObject
from courier.rules.next_day import GAME
from courier.rules.next_day.board import board_from_map

CFG = GAME.make_config(players=4)
BOARD = GAME.board(CFG)


@pytest.mark.parametrize("a,b,dist,price", [
    ("Ugley", "Duck Street", 15, 75),
    ("Olivers Battery", "Sheepwash", 4, 20),
    ("Three Holes", "Wigtwizzle", 3, 20),
    ("Braintree", "Two Gates", 9, 45),
])
def test_worked_example_distances_and_prices(a, b, dist, price):
    assert BOARD.distance(a, b) == dist
    assert GAME.price_for(CFG, a, b) == price


def test_a_starting_diversion_sits_on_the_olivers_battery_sheepwash_route():
    a, b = "Olivers Battery", "Sheepwash"
    d = BOARD.distance(a, b)
    on_route = {r.id for r in BOARD.roads
                if min(BOARD.distance(a, r.a) + 1 + BOARD.distance(r.b, b),
                       BOARD.distance(a, r.b) + 1 + BOARD.distance(r.a, b)) == d}
    diversions = {road for kind, road in BOARD.start_blockages if kind == "diversion"}
    assert on_route & diversions


def test_place_counts_and_names():
    kinds = [p.kind for p in BOARD.places.values()]
    assert kinds.count("city") == 4 and kinds.count("town") == 36 and kinds.count("village") >= 30
    cities = {p.name for p in BOARD.places.values() if p.kind == "city"}
    assert cities == {"Kevingston", "Simonsbath", "Fobbing", "Puddinglake"}
    assert BOARD.places["Roadwater"].kind == "village"
    for town in ("Ugley", "Duck Street", "Olivers Battery", "Sheepwash", "Three Holes", "Wigtwizzle",
                 "Braintree", "Two Gates"):
        assert BOARD.places[town].kind == "town"
    assert BOARD.home == "Kevingston"


def test_starting_blockages():
    kinds = sorted(k for k, _ in BOARD.start_blockages)
    assert kinds == ["checkpoint", "checkpoint", "diversion", "diversion", "roadworks", "roadworks", "roadworks"]
    assert len({r for _, r in BOARD.start_blockages}) == 7
    assert load_bundled("next_day_kevingston.tmx").properties["game"] == "next-day"


def _obj(i, name, kind, x, y, layer, points=None):
    return MapObject(i, name, kind, x, y, points=points, layer=layer)


def _tiny(extra_roads=(), blockages=(), town_count=36, bad_class=False):
    places = [_obj(1, "Kevingston", "city", 0, 0, "places")]
    for i in range(town_count):
        places.append(_obj(10 + i, f"T{i}", "town", 100 * (i + 1), 0, "places"))
    if bad_class:
        places.append(_obj(99, "Oddly", "hamlet", 0, 500, "places"))
    roads = [_obj(200, "", "road", 0, 0, "roads", ((0, 0), (100, 0)))]
    for i in range(town_count - 1):
        roads.append(_obj(201 + i, "", "road", 0, 0, "roads", ((100 * (i + 1), 0), (100 * (i + 2), 0))))
    roads += list(extra_roads)
    return MapData("tiny.tmx", 10, 10, 32, 32, {"game": "next-day"}, {},
                   {"places": tuple(places), "roads": tuple(roads), "blockages": tuple(blockages)})


def test_a_tiny_good_board_reads():
    b = board_from_map(_tiny())
    assert b.distance("Kevingston", "T35") == 36


def test_broken_boards_name_every_problem():
    bad = _tiny(
        extra_roads=[_obj(300, "", "road", 0, 0, "roads", ((0, 0), (0, 900))),
                     _obj(301, "", "road", 0, 0, "roads", ((100, 0), (0, 0)))],
        blockages=[_obj(400, "", "diversion", 50, 0, "blockages")],
        town_count=35, bad_class=True,
    )
    with pytest.raises(BoardError) as exc:
        board_from_map(bad)
    text = str(exc.value)
    assert "hamlet" in text and "35 towns" in text
    assert "object #300" in text and "is not on a place" in text
    assert "already joined" in text


def test_a_starting_diversion_may_not_cut_the_map():
    with pytest.raises(BoardError, match="cut the road network"):
        board_from_map(_tiny(blockages=[_obj(400, "", "diversion", 50, 0, "blockages")]))
