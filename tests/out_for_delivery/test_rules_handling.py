"""Picking up, delivering, buying and selling, and what the events change about them."""

from __future__ import annotations

import pytest

from courier.rules.base import IllegalAction
from courier.rules.out_for_delivery import actions as A

from tests.out_for_delivery.helpers import act, acting, at, board, find, give

B = board()
R = B.city(1)  # Ravensmoor


def _at_pickup(**kw):
    s = acting(**kw)
    at(s, 0, R.pickup)
    s.waiting[0] = [3, 3, 5]
    return s


def test_pickup_on_its_tile_costs_dmc_and_starts_left() -> None:
    s = _at_pickup()
    assert sorted(a.to_text() for a in find(s, A.Pickup)) == ["pickup 3", "pickup 5"]
    act(s, "pickup 3")
    assert [(p.dest, p.square) for p in s.players[0].parcels] == [(3, 0)]
    assert s.waiting[0] == [3, 5] and s.mp == 24 - 2
    at(s, 0, R.delivery)
    with pytest.raises(IllegalAction, match="pick-up tile"):
        act(s, "pickup 5")


def test_a_courier_carries_at_most_five_parcels() -> None:
    s = _at_pickup()
    give(s, 0, *[(2, 1)] * 5)
    assert not find(s, A.Pickup)
    with pytest.raises(IllegalAction, match="already carry 5"):
        act(s, "pickup 3")


def test_deliver_on_the_right_delivery_tile_pays_the_square() -> None:
    s = acting()
    at(s, 0, R.delivery)
    give(s, 0, (1, 3), (2, 0))
    assert [a.to_text() for a in find(s, A.Deliver)] == ["deliver 1@4"]
    (e,) = act(s, "deliver 1@4")
    assert s.players[0].gold == 50 + 125 and e.data["gold"] == 125
    assert s.players[0].delivered == 1 and s.delivered_total == 1 and s.mp == 22
    with pytest.raises(IllegalAction, match="its own city"):
        act(s, "deliver 2@1")


def test_happy_customers_pay_one_square_further_left() -> None:
    s = acting(obstacle="happy_customer")
    at(s, 0, R.delivery)
    give(s, 0, (1, 3), (1, 0))
    act(s, "deliver 1@4")
    assert s.players[0].gold == 50 + 150
    act(s, "deliver 1@1")
    assert s.players[0].gold == 50 + 150 + 200, "the leftmost square still pays 200"


def test_holiday_means_no_pickups_or_deliveries() -> None:
    s = _at_pickup(obstacle="holiday")
    assert not find(s, A.Pickup)
    with pytest.raises(IllegalAction, match="holiday"):
        act(s, "pickup 3")


def test_election_day_makes_pickups_and_deliveries_free() -> None:
    s = _at_pickup(obstacle="election_day")
    act(s, "pickup 3")
    assert s.mp == 24
    s.mp = 0
    act(s, "pickup 5")  # still allowed with no points left
    assert len(s.players[0].parcels) == 2


def test_buying_once_a_turn_for_100_rolls_an_item() -> None:
    s = acting()
    at(s, 0, R.pickup)
    s.players[0].gold = 250
    (e,) = act(s, "buy")
    assert e.reveals and s.players[0].gold == 150 and s.mp == 22
    assert s.players[0].items == [s.config.item_table[sum(e.data["dice"])]]
    with pytest.raises(IllegalAction, match="already bought"):
        act(s, "buy")


def test_shop_sale_takes_a_quarter_off() -> None:
    s = acting(obstacle="shop_sale")
    at(s, 0, R.pickup)
    s.players[0].gold = 75
    act(s, "buy")
    assert s.players[0].gold == 0


def test_buying_needs_a_city_and_the_gold() -> None:
    s = acting()
    at(s, 0, B.cell(5, 3))
    s.players[0].gold = 500
    with pytest.raises(IllegalAction, match="in cities"):
        act(s, "buy")
    at(s, 0, R.pickup)
    s.players[0].gold = 99
    with pytest.raises(IllegalAction, match="costs 100"):
        act(s, "buy")


def test_selling_once_a_turn_for_50_or_75_on_buy_back_day() -> None:
    s = acting()
    at(s, 0, R.pickup)
    s.players[0].items = ["coffee", "umbrella"]
    act(s, "sell coffee")
    assert s.players[0].gold == 100 and s.players[0].items == ["umbrella"] and s.mp == 22
    with pytest.raises(IllegalAction, match="already sold"):
        act(s, "sell umbrella")
    s2 = acting(obstacle="buy_back")
    at(s2, 0, R.pickup)
    s2.players[0].items = ["coffee"]
    act(s2, "sell coffee")
    assert s2.players[0].gold == 125


def test_market_actions_cost_the_local_weather() -> None:
    s = acting()
    s.weather = ["heavy_rain", "cloudy", "cloudy"]
    at(s, 0, R.pickup)
    s.players[0].items = ["coffee"]
    act(s, "sell coffee")
    assert s.mp == 24 - 6
