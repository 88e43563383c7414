"""Next Day's search evaluation: the race to declare (who finishes first and what the others lose)."""

from __future__ import annotations

from courier.ai.plugins import plugin_for
from courier.rules.next_day.state import DONE
from tests.next_day.helpers import G, add_contract, park_others, play_state


def race_plugin():
    plugin = plugin_for("next-day")
    plugin.race = True
    return plugin


def test_a_seat_ready_to_declare_is_expected_to_earn_its_bonus_and_cut_the_others_short() -> None:
    s = play_state(players=3)
    park_others(s)
    s.players[0].delivered = 8
    far = [add_contract(s, seat, "Ugley", "Duck Street", parcels=2) for seat in (1, 2)]
    est = race_plugin().estimates(G, s)
    bonus = s.config.declare_bonus_per_parcel * 8
    assert est[0] > s.players[0].credits + 0.95 * bonus
    for seat, c in zip((1, 2), far):
        # two parcels a county away, with a rival about to call time: worth almost nothing
        assert s.players[seat].credits <= est[seat] < s.players[seat].credits + 0.1 * c.price * c.parcels


def test_a_parcel_close_to_its_delivery_town_is_worth_more_and_sooner() -> None:
    plugin = race_plugin()
    board = G.board(G.make_config(players=3))
    s = play_state(players=3)
    park_others(s)
    for seat in (0, 2):  # rivals with a long job each, so seat 1's parcel is not cut short at once
        add_contract(s, seat, "Ugley", "Duck Street", parcels=2)
    c = add_contract(s, 1, "Ugley", "Duck Street", parcels=1)
    c.waiting = 0
    van = s.players[1].vehicle("van")
    van.cargo = [c.id]
    near_place = next(n for n, _ in board.adj["Duck Street"])
    van.place = near_place
    near = plugin.estimates(G, s)
    end_near, deliveries_near = plugin._schedule(board, s, 1)
    van.place = "Ugley"
    far = plugin.estimates(G, s)
    end_far, deliveries_far = plugin._schedule(board, s, 1)
    assert near[1] > far[1]
    assert len(deliveries_near) == len(deliveries_far) == 1
    assert deliveries_near[0][0] < deliveries_far[0][0] and end_near < end_far


def test_a_vehicle_whose_move_is_over_waits_for_the_next_turn() -> None:
    plugin = race_plugin()
    board = G.board(G.make_config(players=3))
    s = play_state(players=3)
    park_others(s)
    c = add_contract(s, 0, "Kevingston", "Ugley", parcels=1)
    fresh_end, _ = plugin._schedule(board, s, 0)
    for v in s.players[0].vehicles:
        v.status = DONE
    waiting_end, _ = plugin._schedule(board, s, 0)
    assert waiting_end > fresh_end and c.waiting == 1  # planning never changes the state


def test_finished_games_are_scored_by_credits() -> None:
    s = play_state(players=3)
    s.phase = "over"
    assert race_plugin().estimates(G, s) == [float(p.credits) for p in s.players]


def test_only_hard_plans_its_drives_ahead() -> None:
    assert plugin_for("next-day", "hard", "normal").plan_ahead
    assert not plugin_for("next-day", "normal", "normal").plan_ahead
    assert not plugin_for("next-day", "easy", "easy").plan_ahead


def test_a_planned_drive_is_legal_moves_the_same_vehicle_and_changes_nothing() -> None:
    from courier.rules.next_day import actions as A
    from courier.rules.rng import Rng

    from .helpers import positions

    plugin = plugin_for("next-day", "hard", "normal")
    checked = changed = 0
    for state, view, seat in positions("next-day", 3, seed=4, every=2, limit=60):
        if state.phase != "play" or state.auction is not None:
            continue
        legal = G.legal_actions(state, seat)
        pick = plugin.instinct(G, view, seat, legal, Rng(1))
        before = view.clone()
        planned = plugin._planned(G, view, seat, legal, pick)
        assert view == before
        assert planned in legal
        if planned != pick:
            assert isinstance(pick, A.Drive) and isinstance(planned, A.Drive)
            assert planned.vehicle == pick.vehicle
            # Hard's search starts from the planned drive and still weighs the heuristic's own
            plans = [p for p, _ in plugin.plans(G, view, seat, legal, Rng(1), width=8)]
            assert plans[0] == (planned,) and (pick,) in plans
            changed += 1
        checked += 1
    assert checked >= 20 and changed >= 1
