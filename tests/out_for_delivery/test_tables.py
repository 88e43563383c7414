"""The rulebook's tables and values, exactly, and kept as data in the config."""

from __future__ import annotations

from courier.rules.out_for_delivery.config import ITEMS, OBSTACLES, WEATHERS, OfdConfig

from tests.out_for_delivery.helpers import config


def test_item_table_is_the_rulebooks() -> None:
    names = {k: ITEMS[v].name for k, v in config().item_table.items()}
    assert names == {
        2: "Ski Mask", 3: "Energy Drink", 4: "Climbing Gear", 5: "Umbrella", 6: "Doughnut", 7: "Coffee",
        8: "Doughnut", 9: "Snow Shoes", 10: "Portable Boat", 11: "Energy Drink", 12: "Airplane Ticket",
    }
    assert (ITEMS["energy_drink"].mp, ITEMS["coffee"].mp, ITEMS["doughnut"].mp) == (8, 3, 2)


def test_weather_table_and_costs_are_the_rulebooks() -> None:
    table = config().weather_table
    named = {k: (WEATHERS[v].name, WEATHERS[v].dmc_halves / 2) for k, v in table.items()}
    assert named == {
        2: ("Sunny", 0.5), 3: ("Heavy Snow", 3), 4: ("Light Snow", 2), 5: ("Light Snow", 2),
        6: ("Cloudy", 1), 7: ("Cloudy", 1), 8: ("Cloudy", 1), 9: ("Cloudy", 1),
        10: ("Light Rain", 2), 11: ("Light Rain", 2), 12: ("Heavy Rain", 3),
    }


def test_obstacle_table_is_the_rulebooks() -> None:
    named = {k: OBSTACLES[v].name for k, v in config().obstacle_table.items()}
    assert named == {
        2: "Town Riots", 3: "Holiday", 4: "Shop Sale", 5: "Bridge Construction", 6: "No Obstacle",
        7: "No Obstacle", 8: "No Obstacle", 9: "Rock Slide", 10: "Buy Back", 11: "Election Day",
        12: "Happy Customer",
    }


def test_parcel_board_and_money_values() -> None:
    cfg = config()
    assert cfg.parcel_board == (200, 175, 150, 125, 100, 50, 50, 50, 25, 25)
    assert (cfg.start_gold, cfg.buy_price, cfg.sell_price, cfg.buy_back_price) == (50, 100, 50, 75)
    assert cfg.item_price("shop_sale") == 75 and cfg.item_price("none") == 100
    assert cfg.sale_price("buy_back") == 75 and cfg.sale_price("none") == 50
    assert (cfg.item_worth, cfg.undelivered_penalty, cfg.fall_off_penalty) == (50, 50, 50)
    assert (cfg.max_carried, cfg.deliveries_to_end, cfg.generation_every) == (5, 20, 3)


def test_a_designer_can_change_a_value_without_code() -> None:
    cfg = config(deliveries_to_end=10, buy_price=80)
    assert cfg.deliveries_to_end == 10 and cfg.item_price("none") == 80
    assert isinstance(cfg, OfdConfig)
