"""The heuristic courier makes sensible choices from what its seat can see."""

from __future__ import annotations

from courier.ai.base import make_bot
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery.state import Offer
from courier.rules.rng import OFFSET, Rng

from tests.out_for_delivery.helpers import GAME, acting, at, board, config, give

B = board()


def _choose(s, level="normal", seat=None):
    seat = GAME.to_act(s)[0] if seat is None else seat
    bot = make_bot("out-for-delivery", level)
    legal = GAME.legal_actions(s, seat)
    a = bot.choose(GAME, GAME.view(s, seat), seat, legal, Rng(1))
    assert a in legal
    return a


def test_every_level_delivers_when_standing_on_the_right_tile() -> None:
    for level in ("easy", "normal", "hard"):
        s = acting()
        at(s, 0, B.city(1).delivery)
        give(s, 0, (1, 2), (4, 0))
        assert _choose(s, level).to_text() == "deliver 1@3"


def test_picks_up_a_parcel_it_can_deliver_in_time() -> None:
    s = acting()
    at(s, 0, B.city(3).pickup)
    s.waiting[2] = [4]  # Millhaven is a short ride away
    assert _choose(s).to_text() == "pickup 4"


def test_leaves_parcels_it_could_never_deliver_in_time_in_the_last_round() -> None:
    s = acting()
    at(s, 0, B.city(1).pickup)
    s.waiting[0] = [6]
    s.delivered_total = 20
    assert not isinstance(_choose(s, "hard"), A.Pickup)


def test_heads_for_the_delivery_tile_of_what_it_carries() -> None:
    s = acting(mp=6)
    at(s, 0, B.city(3).pickup)
    give(s, 0, (4, 0))
    s.waiting = [[] for _ in range(6)]
    a = _choose(s)
    assert isinstance(a, A.Move)
    target = B.city(4).delivery
    from courier.ai.out_for_delivery_plan import static_distances

    dist = static_distances(B)[target]
    assert dist[a.cell] < dist[B.city(3).pickup]


def test_answers_trades_by_their_worth() -> None:
    s = acting()
    here = B.cell(5, 3)
    at(s, 0, here)
    at(s, 1, here)
    give(s, 0, (3, 2))
    give(s, 1, (6, 8))
    s.players[0].gold = 200
    s.phase = "answer"
    s.offer = Offer(0, 1, "gold:100", "parcel:6@9")  # 100 gold for a parcel about to fall off
    assert _choose(s, seat=1).to_text() == "accept"
    s.offer = Offer(0, 1, "nothing", "gold:50")
    s.players[1].gold = 50
    assert _choose(s, seat=1).to_text() == "decline"


def test_spends_an_energy_drink_to_save_a_parcel_from_falling_off() -> None:
    s = acting(mp=2, seeding=OFFSET)  # the parcels seed 1 deals elsewhere, under the first seeding
    at(s, 0, B.cell(8, 3))
    give(s, 0, (1, 9))
    s.players[0].items = ["energy_drink"]
    assert _choose(s).to_text() == "use energy_drink"


def test_start_city_choice_is_legal_and_deterministic() -> None:
    s = GAME.new_game(config(3), 12)
    first = _choose(s)
    assert isinstance(first, A.StartCity) and first == _choose(s)


def test_the_planners_distances_are_the_rules_costs_in_cloudy_weather() -> None:
    """The planner's table of distances from every pick-up and delivery tile charges each step
    what the rules charge a courier in cloudy weather with no event and no items."""
    from courier.ai.out_for_delivery_plan import static_distances
    from courier.rules.out_for_delivery import engine

    s = acting(weather="cloudy", obstacle="none")
    table = static_distances(B)
    assert len(table) == 2 * len(B.cities)
    for src, dist in table.items():
        s.players[0].cell = src
        assert dist == engine.distances(B, s, 0)[0]
