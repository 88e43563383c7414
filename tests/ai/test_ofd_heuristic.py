"""Out For Delivery's heuristic weighs the parcels it already carries when it chooses where to go."""

from __future__ import annotations

from courier.ai.out_for_delivery import OfdBot, tour_value
from courier.rules.out_for_delivery.state import Parcel

from tests.out_for_delivery.helpers import GAME, acting, at, board, give

B = board()


def test_a_parcel_handed_over_at_once_pays_its_square_and_saves_its_fine() -> None:
    cfg = acting().config
    here = B.city(2).delivery
    got = tour_value(cfg, B, here, [Parcel(2, 1)], mp_now=10, rounds_left=5)
    assert got == cfg.parcel_board[1] + cfg.undelivered_penalty


def test_a_parcel_that_falls_off_or_outlasts_the_game_adds_nothing() -> None:
    cfg = acting().config
    last = len(cfg.parcel_board) - 1
    start = B.city(1).pickup
    assert tour_value(cfg, B, start, [Parcel(2, last)], mp_now=0, rounds_left=10) == 0
    assert tour_value(cfg, B, start, [Parcel(2, 0)], mp_now=0, rounds_left=0) == 0
    assert tour_value(cfg, B, start, [Parcel(2, 0)], mp_now=0, rounds_left=10) > 0


def test_delivers_what_it_carries_before_a_detour_that_would_cost_it_more() -> None:
    # two parcels for city 5, already three squares along; three parcels wait in city 3: the
    # detour there would cost the parcels aboard more than the new ones promise
    s = acting(mp=4)
    at(s, 0, B.city(1).delivery)
    give(s, 0, (5, 3), (5, 3))
    s.waiting = [[] for _ in range(6)]
    s.waiting[2] = [1, 1, 1]
    for level in ("normal", "hard"):
        target = OfdBot(level)._target(s.config, B, GAME.view(s, 0), 0, False, None)  # type: ignore[arg-type]
        assert target == B.city(5).delivery


def test_without_parcels_aboard_it_still_goes_for_waiting_parcels() -> None:
    s = acting(mp=4)
    at(s, 0, B.city(1).delivery)
    give(s, 0)
    s.waiting = [[] for _ in range(6)]
    s.waiting[2] = [1, 1, 1]
    target = OfdBot("normal")._target(s.config, B, GAME.view(s, 0), 0, False, None)  # type: ignore[arg-type]
    assert target == B.city(3).pickup
