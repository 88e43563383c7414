"""Movement points, terrain costs, weather and the events that shut roads."""

from __future__ import annotations

import pytest

from courier.rules.base import IllegalAction
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery import engine

from tests.out_for_delivery.helpers import act, acting, at, board, find, started

B = board()
ROAD = B.cell(4, 7)  # a road tile just north of a mountain pass
PASS = B.cell(4, 8)
WEST_BANK = B.cell(9, 3)
FORD = B.cell(10, 3)
CITY = B.city(1).pickup


def test_the_map_tiles_these_tests_use() -> None:
    assert [B.terrain[c] for c in (ROAD, PASS, WEST_BANK, FORD, CITY)] == ["road", "mountain", "road", "river", "city"]


def test_movement_points_are_the_sum_of_two_dice() -> None:
    s = started(2, seed=11)
    (e,) = act(s, "roll")
    assert e.reveals and e.kind == "rolled"
    assert s.mp == 2 * sum(e.data["dice"]) and s.phase == "act"
    with pytest.raises(IllegalAction, match="not something to do now"):
        act(s, "roll")


def _cost(s, cell, boat=False):
    c = engine.step_cost(B, s, 0, cell, boat)
    return None if c is None else c / 2


@pytest.mark.parametrize(
    "weather,road,rough",
    [("sunny", 0.5, 1), ("cloudy", 1, 2), ("light_snow", 2, 4), ("heavy_snow", 3, 6), ("light_rain", 2, 4), ("heavy_rain", 3, 6)],
)
def test_regular_terrain_costs_the_weather_and_rough_twice(weather: str, road: float, rough: float) -> None:
    s = acting(weather=weather)
    assert (_cost(s, ROAD), _cost(s, CITY), _cost(s, PASS), _cost(s, FORD)) == (road, road, rough, rough)
    assert _cost(s, B.cell(0, 0)) is None, "couriers stay on the road"


def test_weather_is_per_region() -> None:
    s = acting()
    s.weather = ["heavy_snow", "sunny", "cloudy"]
    assert _cost(s, WEST_BANK) == 3 and _cost(s, FORD) == 1  # the ford lies in the Riverlands


def test_a_move_takes_the_cheapest_path_and_charges_it() -> None:
    s = acting(mp=12)
    at(s, 0, CITY)
    (e,) = act(s, "move 8,3")
    assert s.players[0].cell == B.cell(8, 3) and s.mp == 24 - 2 * 5
    assert e.data["path"][0] == [3, 3] and e.data["path"][-1] == [8, 3] and len(e.data["path"]) == 6


def test_sunny_weather_gives_fractional_costs() -> None:
    s = acting(mp=3, weather="sunny")
    at(s, 0, CITY)
    act(s, "move 8,3")  # five steps at half a point
    assert s.mp / 2 == 0.5


def test_moves_beyond_points_or_off_road_are_refused() -> None:
    s = acting(mp=2)
    at(s, 0, CITY)
    with pytest.raises(IllegalAction, match="cannot reach"):
        act(s, "move 8,3")
    with pytest.raises(IllegalAction, match="stay on roads"):
        act(s, "move 0,0")
    assert "move 5,3" in [a.to_text() for a in find(s, A.Move)]


def test_town_riots_make_city_tiles_rough() -> None:
    s = acting(obstacle="town_riots")
    assert _cost(s, CITY) == 2 and _cost(s, ROAD) == 1


def test_rock_slide_shuts_passes_but_not_for_gear() -> None:
    s = acting(obstacle="rock_slide")
    at(s, 0, ROAD)
    assert _cost(s, PASS) is None
    with pytest.raises(IllegalAction):
        act(s, "move 4,8")
    s.players[0].items = ["climbing_gear"]
    assert _cost(s, PASS) == 1, "with gear a pass costs the normal rate, even in a slide"
    act(s, "move 4,8")
    assert s.players[0].items == ["climbing_gear"], "climbing gear is kept"


def test_climbing_gear_makes_passes_regular_terrain() -> None:
    s = acting()
    s.players[0].items = ["climbing_gear"]
    assert _cost(s, PASS) == 1


def test_bridge_construction_shuts_rivers_but_boats_cross() -> None:
    s = acting(obstacle="bridge_construction")
    at(s, 0, WEST_BANK)
    assert _cost(s, FORD) is None
    assert not find(s, A.BoatMove)
    s.players[0].items = ["portable_boat"]
    (boat,) = find(s, A.BoatMove)
    assert boat.to_text() == "boat 10,3"
    before = s.mp
    act(s, "boat 10,3")
    assert s.players[0].cell == FORD and s.mp == before - 2 and s.players[0].items == []


def test_a_boat_crosses_at_the_normal_rate() -> None:
    s = acting(weather="light_rain")
    s.players[0].items = ["portable_boat"]
    at(s, 0, WEST_BANK)
    assert _cost(s, FORD) == 4 and _cost(s, FORD, boat=True) == 2
