"""Every number and table of Out For Delivery, as data a designer can change in one place.

The three 2d6 tables (items, weather, obstacle events) and the parcel-board values follow the
rulebook exactly; the rest are Courier's rulings (see docs/rules/out-for-delivery.md).
Movement points are counted in half points internally (sunny weather costs 0.5), so every cost
here that is "in MP" is converted with :func:`halves`.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import Field

from courier.rules.base import GameConfig


@dataclass(frozen=True)
class ItemInfo:
    """What an item is and does. ``kind`` picks the rule that applies it."""

    id: str
    name: str
    kind: str  # "mp" (instant bonus), "weather" (umbrella / snow shoes), "gear" (lasting), "mask", "plane", "boat"
    text: str
    mp: int = 0  # bonus MP for kind "mp"
    weather: str = ""  # weather family it cancels for kind "weather"


ITEMS: dict[str, ItemInfo] = {
    i.id: i
    for i in (
        ItemInfo("ski_mask", "Ski Mask", "mask", "Take one parcel from a player on your tile (1 MP, used up)."),
        ItemInfo("energy_drink", "Energy Drink", "mp", "+8 MP this turn (used up).", mp=8),
        ItemInfo("climbing_gear", "Climbing Gear", "gear", "Mountain passes cost normal MP and stay open in a rock slide. Kept."),
        ItemInfo("umbrella", "Umbrella", "weather", "This turn rain costs you 1 MP a step (used up).", weather="rain"),
        ItemInfo("doughnut", "Doughnut", "mp", "+2 MP this turn (used up).", mp=2),
        ItemInfo("coffee", "Coffee", "mp", "+3 MP this turn (used up).", mp=3),
        ItemInfo("snow_shoes", "Snow Shoes", "weather", "This turn snow costs you 1 MP a step (used up).", weather="snow"),
        ItemInfo("portable_boat", "Portable Boat", "boat", "Cross one river tile at normal cost, even while the bridges are shut (used up)."),
        ItemInfo("airplane_ticket", "Airplane Ticket", "plane", "Fly from a city to any other city (1 MP, used up)."),
    )
}


@dataclass(frozen=True)
class WeatherInfo:
    id: str
    name: str
    family: str  # "sun", "cloud", "rain", "snow"
    dmc_halves: int  # default movement cost in half MP


WEATHERS: dict[str, WeatherInfo] = {
    w.id: w
    for w in (
        WeatherInfo("sunny", "Sunny", "sun", 1),
        WeatherInfo("heavy_snow", "Heavy Snow", "snow", 6),
        WeatherInfo("light_snow", "Light Snow", "snow", 4),
        WeatherInfo("cloudy", "Cloudy", "cloud", 2),
        WeatherInfo("light_rain", "Light Rain", "rain", 4),
        WeatherInfo("heavy_rain", "Heavy Rain", "rain", 6),
    )
}


@dataclass(frozen=True)
class ObstacleInfo:
    id: str
    name: str
    text: str


OBSTACLES: dict[str, ObstacleInfo] = {
    o.id: o
    for o in (
        ObstacleInfo("town_riots", "Town Riots", "City tiles are rough terrain this round."),
        ObstacleInfo("holiday", "Holiday", "No pick-ups or deliveries this round."),
        ObstacleInfo("shop_sale", "Shop Sale", "Items cost 25% less this round."),
        ObstacleInfo("bridge_construction", "Bridge Construction", "River crossings are shut unless you use a boat."),
        ObstacleInfo("none", "No Obstacle", "Nothing gets in the way this round."),
        ObstacleInfo("rock_slide", "Rock Slide", "Mountain passes are shut unless you have climbing gear."),
        ObstacleInfo("buy_back", "Buy Back", "Items sell for 75 gold this round."),
        ObstacleInfo("election_day", "Election Day", "Pick-ups and deliveries cost no MP this round."),
        ObstacleInfo("happy_customer", "Happy Customer", "Deliveries pay as if one square further left."),
    )
}

#: 2d6 sum -> item id (rulebook "Item Roll" table)
ITEM_TABLE: dict[int, str] = {
    2: "ski_mask", 3: "energy_drink", 4: "climbing_gear", 5: "umbrella", 6: "doughnut", 7: "coffee",
    8: "doughnut", 9: "snow_shoes", 10: "portable_boat", 11: "energy_drink", 12: "airplane_ticket",
}
#: 2d6 sum -> weather id (rulebook "Weather Roll" table)
WEATHER_TABLE: dict[int, str] = {
    2: "sunny", 3: "heavy_snow", 4: "light_snow", 5: "light_snow", 6: "cloudy", 7: "cloudy",
    8: "cloudy", 9: "cloudy", 10: "light_rain", 11: "light_rain", 12: "heavy_rain",
}
#: 2d6 sum -> obstacle event id (rulebook "Obstacle Roll" table)
OBSTACLE_TABLE: dict[int, str] = {
    2: "town_riots", 3: "holiday", 4: "shop_sale", 5: "bridge_construction", 6: "none", 7: "none",
    8: "none", 9: "rock_slide", 10: "buy_back", 11: "election_day", 12: "happy_customer",
}
#: gold paid for a delivery from each parcel-board square, left to right
PARCEL_BOARD: tuple[int, ...] = (200, 175, 150, 125, 100, 50, 50, 50, 25, 25)


def halves(mp: float) -> int:
    """MP -> half points (the unit every cost is kept in)."""
    return int(round(mp * 2))


class OfdConfig(GameConfig):
    """Out For Delivery options. Defaults are the rulebook's values and our rulings."""

    default_seat_name = "Courier {n}"

    start_gold: int = 50
    start_items: int = 1
    parcel_board: tuple[int, ...] = PARCEL_BOARD
    fall_off_penalty: int = 50
    item_table: dict[int, str] = Field(default_factory=lambda: dict(ITEM_TABLE))
    weather_table: dict[int, str] = Field(default_factory=lambda: dict(WEATHER_TABLE))
    obstacle_table: dict[int, str] = Field(default_factory=lambda: dict(OBSTACLE_TABLE))
    buy_price: int = 100
    sale_discount: float = 0.25
    sell_price: int = 50
    buy_back_price: int = 75
    item_worth: int = 50
    undelivered_penalty: int = 50
    max_carried: int = 5
    deliveries_to_end: int = 20
    generation_every: int = 3  # rounds between parcel generations (set-up counts as the first)
    setup_min_per_city: int = 1
    mask_cost_mp: float = 1.0
    plane_cost_mp: float = 1.0
    #: gold amounts the list of legal offers suggests (with the giver's whole purse); any whole
    #: amount from 1 to what the giver holds may be offered
    trade_gold_steps: tuple[int, ...] = (25, 50, 100)
    max_rounds: int = 60  # safety net: the game stops after this round even short of 20 deliveries

    def item_price(self, obstacle: str) -> int:
        if obstacle == "shop_sale":
            return int(round(self.buy_price * (1 - self.sale_discount)))
        return self.buy_price

    def sale_price(self, obstacle: str) -> int:
        return self.buy_back_price if obstacle == "buy_back" else self.sell_price
