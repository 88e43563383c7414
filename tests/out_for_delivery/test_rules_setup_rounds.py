"""Set-up, turn order, the start of each round and the end of the game."""

from __future__ import annotations

import pytest

from courier.rules.base import IllegalAction
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery.config import ITEMS

from tests.out_for_delivery.helpers import GAME, act, config, give, started


def test_setup_gives_gold_one_item_and_parcels_everywhere() -> None:
    for seed in range(30):
        cfg = config(3)
        s = GAME.new_game(cfg, seed)
        assert [p.gold for p in s.players] == [50, 50, 50]
        for number, waiting in enumerate(s.waiting, start=1):
            assert 1 <= len(waiting) <= 3, "one die halved, at least one at set-up"
            assert number not in waiting, "a parcel never goes to the city it starts in"
        assert s.generated_total == sum(len(w) for w in s.waiting)
        events = []
        for i in range(3):
            events += GAME.apply(s, A.StartCity(i, i + 2))
        rolls = [e for e in events if e.kind == "item_rolled"]
        assert len(rolls) == 3 and all(e.reveals for e in rolls)
        for i, e in enumerate(rolls):
            assert s.players[i].items == [cfg.item_table[sum(e.data["dice"])]]
            assert e.data["item"] in ITEMS


def test_start_cities_are_chosen_in_seat_order_and_differ() -> None:
    s = GAME.new_game(config(2), 4)
    assert GAME.to_act(s) == [0]
    act(s, "start 3")
    assert GAME.to_act(s) == [1]
    with pytest.raises(IllegalAction, match="already starts in Kingsbridge"):
        act(s, "start 3")
    assert "start 3" not in [a.to_text() for a in GAME.legal_actions(s, 1)]
    act(s, "start 6")
    assert s.phase == "roll" and s.round == 1 and GAME.to_act(s) == [0]


def test_round_start_rolls_weather_and_event_from_tables() -> None:
    cfg = config(2)
    s = GAME.new_game(cfg, 9)
    GAME.apply(s, A.StartCity(0, 1))
    events = GAME.apply(s, A.StartCity(1, 2))
    weather = [e for e in events if e.kind == "weather"]
    assert [e.data["region"] for e in weather] == [0, 1, 2]
    for e in weather:
        assert e.reveals and len(e.data["dice"]) == 2
        assert s.weather[e.data["region"]] == cfg.weather_table[sum(e.data["dice"])]
    (ob,) = [e for e in events if e.kind == "obstacle"]
    assert ob.reveals and s.obstacle == cfg.obstacle_table[sum(ob.data["dice"])]


def _finish_round(s) -> list:
    events = []
    while True:
        seat = GAME.to_act(s)[0]
        if s.phase == "roll":
            events += GAME.apply(s, A.Roll(seat))
        last = seat == len(s.players) - 1
        events += GAME.apply(s, A.EndTurn(seat))
        if last or GAME.is_over(s):
            return events


def test_parcels_advance_and_falling_off_costs_50() -> None:
    s = started(2, seed=3)
    give(s, 0, (4, 0), (5, 9))
    s.players[0].gold = 20
    events = _finish_round(s)
    assert [(p.dest, p.square) for p in s.players[0].parcels] == [(4, 1)]
    assert s.players[0].gold == -30, "gold may go negative"
    assert s.lost_total == 1
    (adv,) = [e for e in events if e.kind == "parcels_advanced"]
    assert adv.data["lost"] == [{"seat": 0, "dest": 5, "gold": -50}]


def test_new_parcels_every_third_round_after_setup() -> None:
    s = started(2, seed=5)
    generated_in = []
    for _ in range(7):
        events = _finish_round(s)
        if any(e.kind == "parcels_generated" for e in events):
            generated_in.append(s.round)
    assert generated_in == [4, 7]


def test_generation_rolls_zero_to_three_per_city() -> None:
    s = started(2, seed=8)
    for _ in range(3):
        events = _finish_round(s)
    (gen,) = [e for e in events if e.kind == "parcels_generated"]
    for city, dests in gen.data["cities"].items():
        assert 0 <= len(dests) <= 3 and int(city) not in dests


def test_the_log_counts_new_parcels_in_words(monkeypatch) -> None:
    from courier.rules.out_for_delivery import engine

    def one_or_three(n):
        def make(cfg, rng, state, minimum):
            made = {3: [1] * n}
            state.waiting[2].extend(made[3])
            return made
        return make

    for n, text in ((1, "1 new parcel waits in the cities."), (3, "3 new parcels wait in the cities.")):
        monkeypatch.setattr(engine, "generate_parcels", one_or_three(n))
        s = started(2, seed=5)
        for _ in range(3):
            events = _finish_round(s)
        (gen,) = [e for e in events if e.kind == "parcels_generated"]
        assert gen.text == text


def test_game_ends_after_the_round_of_the_20th_delivery() -> None:
    s = started(2, seed=2)
    GAME.apply(s, A.Roll(0))
    s.delivered_total = 19
    s.weather = ["cloudy"] * 3
    s.obstacle = "none"
    give(s, 0, (1, 0))
    s.players[0].cell = GAME.board(s.config).city(1).delivery
    s.mp = 10
    act(s, "deliver 1@1")
    assert s.delivered_total == 20 and not GAME.is_over(s)
    act(s, "end")
    assert not GAME.is_over(s) and GAME.to_act(s) == [1], "the round is finished first"
    act(s, "roll")
    events = act(s, "end")
    assert GAME.is_over(s) and GAME.to_act(s) == [] and events[-1].kind == "game_over"
    assert GAME.legal_actions(s, 0) == []


def test_final_wealth_counts_items_and_undelivered_parcels() -> None:
    s = started(2, seed=2)
    s.players[0].gold = 300
    s.players[0].items = ["coffee", "umbrella"]
    give(s, 0, (3, 2))
    s.players[1].gold = -20
    s.players[1].items = []
    give(s, 1, (1, 1), (2, 2))
    assert GAME.scores(s) == [300 + 100 - 50, -20 - 100]
    rows = GAME.score_breakdown(s)
    assert rows[0]["Items"] == 100 and rows[0]["Undelivered"] == -50 and rows[1]["score"] == -120
    assert GAME.winners(s) == [0]


def test_safety_net_stops_a_game_after_the_last_round() -> None:
    s = started(2, seed=2, max_rounds=2)
    _finish_round(s)
    assert s.round == 2 and not GAME.is_over(s)
    _finish_round(s)
    assert GAME.is_over(s)
