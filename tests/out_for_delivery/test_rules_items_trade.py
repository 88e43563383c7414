"""Every item's effect, the ski mask, and trading with and without the partner's consent."""

from __future__ import annotations

import pytest

from courier.rules.base import IllegalAction
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery import engine

from tests.out_for_delivery.helpers import GAME, act, acting, at, board, find, give

B = board()
R = B.city(1)


@pytest.mark.parametrize("item,bonus", [("energy_drink", 8), ("coffee", 3), ("doughnut", 2)])
def test_movement_items_add_points_once(item: str, bonus: int) -> None:
    s = acting(mp=4)
    s.players[0].items = [item]
    act(s, f"use {item}")
    assert s.mp == 2 * (4 + bonus) and s.players[0].items == []


@pytest.mark.parametrize("item,weather", [("umbrella", "light_rain"), ("umbrella", "heavy_rain"), ("snow_shoes", "light_snow"), ("snow_shoes", "heavy_snow")])
def test_umbrella_and_snow_shoes_make_it_cost_one(item: str, weather: str) -> None:
    s = acting(weather=weather)
    s.players[0].items = [item]
    assert engine.dmc(s, 0, 0) >= 4
    act(s, f"use {item}")
    assert engine.dmc(s, 0, 0) == 2 and s.players[0].items == []
    act(s, "end")
    act(s, "roll")
    assert engine.dmc(s, 1, 0) >= 4, "only for the courier who used it"


def test_weather_items_are_not_wasted_on_dry_days() -> None:
    s = acting(weather="cloudy")
    s.players[0].items = ["umbrella", "snow_shoes"]
    assert not find(s, A.UseItem)
    with pytest.raises(IllegalAction, match="no rain"):
        act(s, "use umbrella")


def test_ski_mask_takes_a_parcel_which_keeps_its_square() -> None:
    s = acting()
    at(s, 0, B.cell(5, 3))
    at(s, 1, B.cell(5, 3))
    s.players[0].items = ["ski_mask"]
    give(s, 1, (4, 6), (2, 1))
    assert sorted(a.to_text() for a in find(s, A.Steal)) == ["steal p2 2@2", "steal p2 4@7"]
    act(s, "steal p2 4@7")
    assert [(p.dest, p.square) for p in s.players[0].parcels] == [(4, 6)]
    assert [(p.dest, p.square) for p in s.players[1].parcels] == [(2, 1)]
    assert s.mp == 22 and s.players[0].items == []


def test_ski_mask_needs_the_victim_on_your_tile() -> None:
    s = acting()
    at(s, 0, B.cell(5, 3))
    at(s, 1, B.cell(6, 3))
    s.players[0].items = ["ski_mask"]
    give(s, 1, (4, 6))
    with pytest.raises(IllegalAction, match="on your tile"):
        act(s, "steal p2 4@7")


def test_airplane_ticket_flies_city_to_city_for_one_point() -> None:
    s = acting(mp=3)
    at(s, 0, R.pickup)
    s.players[0].items = ["airplane_ticket"]
    target = B.city(6).delivery
    act(s, f"fly {B.cell_text(target)}")
    assert s.players[0].cell == target and s.mp == 4 and s.players[0].items == []
    s.players[0].items = ["airplane_ticket"]
    at(s, 0, B.cell(5, 3))
    with pytest.raises(IllegalAction, match="only fly from a city"):
        act(s, f"fly {B.cell_text(R.pickup)}")


def _meeting():
    s = acting()
    here = B.cell(5, 3)
    at(s, 0, here)
    at(s, 1, here)
    give(s, 0, (3, 2))
    give(s, 1, (5, 6))
    s.players[0].gold = 100
    s.players[1].items = ["coffee"]
    return s


def test_trade_with_consent_keeps_parcel_squares() -> None:
    s = _meeting()
    act(s, "offer p2 give parcel:3@3 get parcel:5@7")
    assert GAME.to_act(s) == [1] and s.phase == "answer" and s.mp == 22
    assert [a.to_text() for a in GAME.legal_actions(s, 1)] == ["accept", "decline"]
    assert GAME.legal_actions(s, 0) == []
    act(s, "accept")
    assert [(p.dest, p.square) for p in s.players[0].parcels] == [(5, 6)]
    assert [(p.dest, p.square) for p in s.players[1].parcels] == [(3, 2)]
    assert GAME.to_act(s) == [0] and s.phase == "act"
    assert not find(s, A.Offer), "one trade a turn"


def test_without_consent_nothing_changes_hands() -> None:
    s = _meeting()
    act(s, "offer p2 give gold:50 get item:coffee")
    act(s, "decline")
    assert s.players[0].gold == 100 and s.players[1].items == ["coffee"] and s.players[0].items == []
    with pytest.raises(IllegalAction, match="already made a trade offer"):
        act(s, "offer p2 give gold:50 get item:coffee")


def test_gold_for_an_item() -> None:
    s = _meeting()
    act(s, "offer p2 give gold:50 get item:coffee")
    act(s, "accept")
    assert (s.players[0].gold, s.players[1].gold) == (50, 100)
    assert s.players[0].items == ["coffee"] and s.players[1].items == []


def test_trades_need_the_same_tile_the_goods_and_room() -> None:
    s = _meeting()
    at(s, 1, B.cell(6, 3))
    with pytest.raises(IllegalAction, match="on your tile"):
        act(s, "offer p2 give parcel:3@3 get nothing")
    at(s, 1, B.cell(5, 3))
    with pytest.raises(IllegalAction, match="you have no Coffee"):
        act(s, "offer p2 give item:coffee get nothing")
    give(s, 1, *[(2, 0)] * 5)
    with pytest.raises(IllegalAction, match="more than 5"):
        act(s, "offer p2 give parcel:3@3 get nothing")
    with pytest.raises(IllegalAction, match="something to change hands"):
        act(s, "offer p2 give nothing get nothing")
