"""Decision kinds: every action of a random game gets a kind, named in the designer's words."""

from __future__ import annotations

import pytest

from courier.dev.lab.kinds import KINDS, kind_of, position_name, tag_of
from courier.rules import registry
from courier.rules.rng import Rng


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_action_class_seen_in_play_has_a_name(game_id):
    game = registry.get(game_id)
    n = max(game.min_players, 2)
    state = game.new_game(game.make_config(players=n), 5)
    rng = Rng(5)
    seen = set()
    for _ in range(1500):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        action = rng.choice(list(game.legal_actions(state, seat)))
        seen.add(type(action).__name__)
        assert kind_of(game_id, action)
        game.apply(state, action)
    assert seen <= set(KINDS[game_id]), seen - set(KINDS[game_id])


def test_finer_kinds_and_labels():
    from courier.rules.out_for_delivery.actions import Deliver
    from courier.rules.package_pandemonium.actions import ChooseCompany, Defend

    assert kind_of("out-for-delivery", Deliver(0, 3, 1)) == "deliver: squares 1-3"
    assert kind_of("out-for-delivery", Deliver(0, 3, 4)) == "deliver: squares 4-5"
    assert kind_of("out-for-delivery", Deliver(0, 3, 9)) == "deliver: square 6 or later"
    assert kind_of("package-pandemonium", Defend(1, True)) == "sat nav: protect"
    assert tag_of("package-pandemonium", ChooseCompany(0, "express")) == ("company", "express")
    assert position_name("next-day", 0) == "1st to play" and position_name("package-pandemonium", 2) == "seat 3"


def test_a_start_city_is_named_not_numbered():
    from courier.dev.lab.kinds import tag_of
    from courier.rules import registry
    from courier.rules.out_for_delivery import actions as A

    game = registry.get("out-for-delivery")
    board = game.board(game.make_config(players=2))
    assert tag_of("out-for-delivery", A.StartCity(0, 3), board) == ("start city", board.city(3).name)
    assert not board.city(3).name.isdigit()
    assert tag_of("out-for-delivery", A.StartCity(0, 3)) == ("start city", "3")  # without a board: as played


def test_parcels_lost_are_counted_not_just_the_rounds_they_fell_in():
    from courier.dev.lab.play import play_game, task

    r = play_game(task("out-for-delivery", "a", 0, 9, ["random"] * 3, [0, 1, 2], {}))
    assert r["events"].get("parcels lost", 0) > 0  # random couriers let parcels fall off
    from courier.dev.lab.kinds import event_counts

    assert event_counts("out-for-delivery", "parcels_advanced", {"lost": [{}, {}], "moved": []}) == ("parcels lost", 2)
    assert event_counts("out-for-delivery", "moved", {"path": [1, 2]}) is None
