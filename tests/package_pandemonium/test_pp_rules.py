"""Focused rule cases for Package Pandemonium, each named after the rule it checks."""

from __future__ import annotations

import pytest

from courier.rules.base import IllegalAction
from courier.rules.package_pandemonium import actions as A
from courier.rules.package_pandemonium import flow
from courier.rules.package_pandemonium.rogue import simple_paths
from courier.rules.package_pandemonium.state import DEFEND, ORDER, OVER, PRIORITY, ROGUE, ROUTE
from tests.package_pandemonium.pp_helpers import (
    GAME, cell, clear_tiles, load, package_total, play, put, setup,
)

BASES = {0: "A5", 1: "E5"}


def driving(players: int = 2, **kw):
    """Round 1, p1 won the round and drives first; the map is empty of packages."""
    kw.setdefault("companies", {0: "express", 1: "long-life"})
    s = setup(players, bases=BASES, **kw)
    clear_tiles(s)
    texts = ["p1 priority 1", "p2 priority 2"] + (["p3 priority 3"] if players == 3 else [])
    play(s, *texts)
    if players > 1:
        play(s, "p1 go first")
    assert s.phase == ROUTE and s.vans[0].pos == cell("A5")
    return s


def test_bases_keep_off_the_rogue_side_and_package_sides():
    s = GAME.new_game(GAME.make_config(players=2, map="Riverside"), 3)
    seat = GAME.to_act(s)[0]
    cells = {a.cell for a in GAME.legal_actions(s, seat)}
    assert not cells & {cell(c) for c in ("A1", "B1", "C1", "D1", "E1")}  # the Rogue base is on the north side
    assert {cell("A2"), cell("E3"), cell("C5")} <= cells
    with pytest.raises(IllegalAction):
        GAME.apply(s, A.PlaceBase(seat, cell("B1")))


def test_priority_lowest_chooses_and_ties_go_to_who_did_not_choose_last():
    s = setup(2, bases=BASES)
    first = s.setup_order[0]
    play(s, "p1 priority 7", "p2 priority 7")
    assert s.phase == ORDER and s.chooser == first  # round 1 tie: the set-up roll winner
    s.last_chooser = first
    s.phase, s.round = PRIORITY, 2
    play(s, "p1 priority 8", "p2 priority 8")
    assert s.chooser == 1 - first
    s2 = setup(2, bases=BASES)
    play(s2, "p1 priority 9", "p2 priority 3")
    assert s2.chooser == 1 and GAME.to_act(s2) == [1]


def test_each_priority_card_once_and_the_game_lasts_16_rounds():
    s = setup(2, bases=BASES)
    play(s, "p1 priority 4")
    with pytest.raises(IllegalAction):
        play(s, "p1 priority 5")  # already chosen this round
    play(s, "p2 priority 6")
    assert 4 not in s.vans[0].hand and len(s.vans[0].hand) == 15


def test_battery_cards_and_long_route_cards():
    s = setup(2, bases=BASES)
    s.vans[0].battery = 1
    play(s, "p1 priority 5", "p2 priority 14", "p1 go first")
    assert s.vans[0].battery == 2
    assert s.steps_allowed == 3
    for t in ("p1 step E", "p1 step E", "p1 step E", "p1 end route"):
        play(s, t)
    assert s.steps_allowed == 4 and GAME.to_act(s) == [1]


def test_route_is_orthogonal_three_steps_then_ends():
    s = driving()
    play(s, "p1 step N", "p1 step E")
    with pytest.raises(IllegalAction):
        play(s, "p1 end route")
    play(s, "p1 step E")
    with pytest.raises(IllegalAction, match="no steps left"):
        play(s, "p1 step S")
    play(s, "p1 end route")
    assert s.vans[0].cubes == [cell("A4"), cell("B4"), cell("C4")]


def test_crossing_own_path_costs_battery():
    s = driving()
    van = s.vans[0]
    play(s, "p1 step E", "p1 step E")
    ev = play(s, "p1 step W")  # back onto its own cube at B5
    assert van.battery == 2 and any(e.kind == "moved" and e.data["battery"] == 1 for e in ev)
    assert van.cubes.count(cell("B5")) == 2


def test_crossing_own_path_without_battery_is_refused():
    s = driving()
    s.vans[0].battery = 0
    play(s, "p1 step E", "p1 step E")
    with pytest.raises(IllegalAction, match="battery is empty"):
        play(s, "p1 step W")
    assert A.Step(0, "W") not in GAME.legal_actions(s, 0)


def test_water_blocks_and_bridges_cross():
    s = driving()
    s.vans[0].pos = cell("A4")
    with pytest.raises(IllegalAction, match="Water"):
        play(s, "p1 step N")
    s.vans[0].pos = cell("B4")
    play(s, "p1 step N")
    assert s.vans[0].pos == cell("B3") and s.vans[0].bridges_crossed == 1


def test_electric_drive_gives_one_charge_a_round():
    s = driving()
    van = s.vans[0]
    van.battery = 1
    van.pos = cell("A2")
    play(s, "p1 step S")  # A3 is a charging point
    assert van.battery == 2
    play(s, "p1 step N", "p1 step S")  # back over it costs 1 (own cube) and charges nothing more
    assert van.battery == 1


def test_pick_up_is_automatic_and_optional_by_dropping():
    s = driving()
    put(s, "A4", "L", "H")
    play(s, "p1 step N")
    assert sorted(s.vans[0].cargo) == ["H", "L"]
    play(s, "p1 drop low")
    assert s.vans[0].cargo == ["H"] and s.tiles[cell("A4")] == ["L"]
    with pytest.raises(IllegalAction):
        play(s, "p1 take low")  # no taking back what you just left here
    assert package_total(s) == (40, 12, 0)


def test_van_capacity_limits_pick_up():
    s = driving()
    load(s, 0, "L", "L", "L", "L")
    put(s, "A4", "L", "H")
    play(s, "p1 step N")
    assert s.vans[0].cargo.count("H") == 1 and len(s.vans[0].cargo) == 5
    assert s.tiles[cell("A4")] == ["L"]


def test_passing_base_deposits_everything():
    s = driving()
    s.vans[0].pos = cell("A4")
    load(s, 0, "L", "H")
    play(s, "p1 step S")
    van = s.vans[0]
    assert van.cargo == [] and (van.banked_low, van.banked_high) == (1, 1)


@pytest.mark.parametrize("pay, banked, left", [("low", (2, 0), (0, 0)), ("high", (0, 1), (0, 0))])
def test_recharge_at_base_with_two_low_or_one_high(pay, banked, left):
    s = driving()
    van = s.vans[0]
    van.pos, van.battery = cell("B5"), 0
    van.banked_low, van.banked_high = banked
    s.pool_low -= banked[0]
    s.pool_high -= banked[1]
    play(s, "p1 step E", "p1 step W")  # back to B5: it holds no cube (the route started there)
    play(s, "p1 step W", f"p1 recharge {pay}")
    assert van.battery == van.battery_max and (van.banked_low, van.banked_high) == left
    assert package_total(s) == (40, 12, 0)


def test_recharge_needs_enough_and_is_never_partial():
    s = driving()
    van = s.vans[0]
    van.pos, van.battery, van.banked_low = cell("B5"), 1, 1
    s.pool_low -= 1
    play(s, "p1 step E", "p1 step W", "p1 step W")
    assert van.pos == van.base
    assert not any(isinstance(a, A.Recharge) for a in GAME.legal_actions(s, 0))
    with pytest.raises(IllegalAction):
        play(s, "p1 recharge low")


def rogue_phase(s, controller=1):
    """Skip both routes: the round winner (``controller``) now steers the Rogue (van 2)."""
    s.phase, s.chooser, s.mover = ROGUE, controller, 2
    return s


def test_rogue_priority_1_goes_for_the_closest_most_valuable_package():
    s = rogue_phase(driving())
    put(s, "C3", "L")
    put(s, "E2", "H")
    routes = {a.directions for a in GAME.legal_actions(s, 1)}
    assert routes == {("E", "E")}
    with pytest.raises(IllegalAction, match="priority list"):
        play(s, "p2 rogue S")
    play(s, "p2 rogue E,E")
    assert "H" in s.vans[2].cargo


def test_rogue_priority_2_heads_for_the_richest_opponent_van():
    s = rogue_phase(driving())
    load(s, 0, "H")
    s.vans[0].pos = cell("E5")
    routes = [a.directions for a in GAME.legal_actions(s, 1)]
    board = s.eng.board
    ends = []
    for r in routes:
        pos = s.vans[2].pos
        for d in r:
            pos = board.move(pos, d)
        ends.append(board.dist[pos][cell("E5")])
    assert set(ends) == {2} and board.dist[s.vans[2].pos][cell("E5")] == 5


def test_rogue_priority_3_is_the_winners_free_choice():
    s = rogue_phase(driving())
    routes = {a.directions for a in GAME.legal_actions(s, 1)}
    assert routes == {d for d, _ in simple_paths(s.eng.board, s.vans[2].pos, 3)}
    assert len(routes) > 10


def theft_position(battery: int = 3, company: str = ""):
    s = rogue_phase(driving())
    p1 = s.vans[0]
    p1.pos, p1.cubes, p1.battery, p1.company = cell("E2"), [cell("D1"), cell("D2"), cell("E2")], battery, company
    load(s, 0, "L", "H", "B")
    p1.bomb_timer = 3
    return s


def test_rogue_steals_the_most_valuable_package_never_the_bomb():
    s = theft_position(battery=0)
    play(s, "p2 rogue E,E")
    assert s.vans[0].cargo == ["B"] and sorted(s.vans[2].cargo) == ["H", "L"]
    assert s.vans[0].lost == 2 and package_total(s)[:2] == (40, 12)


def test_sat_nav_stops_a_theft():
    s = theft_position(battery=3)
    play(s, "p2 rogue E,E")
    assert s.phase == DEFEND and GAME.to_act(s) == [0]
    play(s, "p1 protect")
    assert s.vans[0].battery == 2 and s.phase == DEFEND
    play(s, "p1 let go")
    assert sorted(s.vans[0].cargo) == ["B", "L"] and s.vans[2].cargo == ["H"]
    assert s.vans[0].protected == 1 and s.phase == PRIORITY


def test_insurance_returns_the_first_stolen_package():
    s = theft_position(battery=0, company="insured")
    ev = play(s, "p2 rogue E,E")
    assert [e.kind for e in ev if e.kind in ("insured", "stolen")] == ["insured", "stolen"]
    assert sorted(s.vans[0].cargo) == ["B", "L"] and s.vans[2].cargo == ["H"]
    assert s.vans[0].insurance_used and s.vans[0].lost == 1


def bomb_van(timer: int = 5):
    s = driving()
    load(s, 0, "B", "L", "H")
    s.vans[0].bomb_timer = timer
    return s


def test_exploding_package_goes_off_after_five_rounds():
    s = bomb_van()
    for _ in range(4):
        flow.end_round(s.eng, s, [])
    assert s.vans[0].bomb_timer == 1 and "B" in s.vans[0].cargo
    ev: list = []
    flow.end_round(s.eng, s, ev)
    assert s.vans[0].cargo == [] and any(e.kind == "exploded" for e in ev)
    assert "B" not in s.vans[0].cargo and s.vans[0].bomb_timer == 0
    low, high, bomb = package_total(s)
    assert (low, high) == (40, 12) and bomb <= 1


def test_taking_the_bomb_starts_its_timer_and_it_cannot_be_dropped():
    s = driving()
    put(s, "A4", "B")
    play(s, "p1 step N")
    assert "B" not in s.vans[0].cargo  # never picked up by itself
    play(s, "p1 take bomb")
    assert s.vans[0].bomb_timer == 5
    assert all(not (isinstance(a, A.Drop) and a.kind == "B") for a in GAME.legal_actions(s, 0))
    with pytest.raises(IllegalAction):
        play(s, "p1 drop bomb")


def test_passing_the_bomb_where_routes_cross():
    s = bomb_van(timer=3)
    s.vans[2].cubes = [cell("A4")]  # the Rogue's cube: the Rogue never takes the bomb
    s.vans[1].cubes = [cell("B4")]
    play(s, "p1 step N")
    assert not any(isinstance(a, A.PassBomb) for a in GAME.legal_actions(s, 0))
    play(s, "p1 step E")
    assert A.PassBomb(0, 1) in GAME.legal_actions(s, 0)
    play(s, "p1 pass bomb to p2")
    assert "B" in s.vans[1].cargo and s.vans[1].bomb_timer == 3 and "B" not in s.vans[0].cargo


def test_defusing_at_base_scores_ten():
    s = bomb_van()
    s.vans[0].pos = cell("A4")
    before = GAME.scores(s)[0]
    ev = play(s, "p1 step S")
    assert s.vans[0].defused == 1 and any(e.kind == "defused" for e in ev)
    assert GAME.scores(s)[0] - before == 10 + 1 + 5
    assert not flow.bomb_in_play(s)


def test_oldest_cubes_are_reused_from_round_three():
    s = setup(2, bases=BASES)
    clear_tiles(s)
    history = []
    for rnd in range(3):
        play(s, f"p1 priority {rnd + 1}", f"p2 priority {rnd + 5}", "p1 go first")
        path = ["E", "N", "E"] if rnd == 0 else (["E", "S", "E"] if rnd == 1 else ["N", "W", "W"])
        for d in path:
            play(s, f"p1 step {d}")
        play(s, "p1 end route")
        history.append(list(s.vans[0].cubes))
        while s.phase in (ROUTE, ROGUE, DEFEND):
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_actions(s, seat)
            pick = next((a for a in legal if isinstance(a, (A.Step, A.EndRoute, A.RogueRoute))), legal[0])
            GAME.apply(s, pick)
        clear_tiles(s)
    assert len(history[0]) == 3 and len(history[1]) == 6
    assert history[2][:3] == history[1][3:] and len(history[2]) == 6
    assert history[0][0] not in history[2][:3] or history[2].count(history[0][0]) == 1


def test_three_player_rogue_scores_double_for_stolen_packages():
    s = driving(players=3)
    rogue = s.vans[2]
    assert rogue.role == "rogue" and rogue.capacity == 4 and rogue.missions == []
    # finish the two drivers' routes
    for seat in (0, 1):
        while GAME.to_act(s) == [seat]:
            legal = GAME.legal_actions(s, seat)
            GAME.apply(s, next(a for a in legal if isinstance(a, (A.Step, A.EndRoute))))
    assert GAME.to_act(s) == [2]
    p1 = s.vans[0]
    p1.battery = 0
    p1.cargo[:] = []
    load(s, 0, "H")
    p1.cubes = [rogue.pos + 1]
    play(s, "p3 step E")
    assert rogue.cargo.count("SH") == 1 and p1.cargo == []
    rogue.pos = rogue.base + 1
    rogue.cubes.clear()
    play(s, "p3 step W")
    assert rogue.banked_stolen_high == 1
    assert GAME.scores(s)[2] == 10


def test_solo_win_needs_more_than_each_rogue():
    s = setup(1, bases={0: "A5"})
    s.phase = OVER
    s.vans[0].banked_high = 2  # 10 points (+ missions done so far)
    s.vans[0].missions = []
    s.vans[1].cargo = ["H"]  # the Rogue hauled 5
    s.vans[2].cargo = ["L"] * 9  # the rival 9
    assert GAME.winners(s) == [0]
    s.vans[2].cargo = ["H", "H"]
    assert GAME.winners(s) == []


def test_solo_rogues_hunt_the_player_after_each_route():
    s = setup(1, bases={0: "A5"})
    clear_tiles(s)
    load(s, 0, "L", "L", "H")
    s.vans[0].battery = 0
    s.vans[0].base = cell("E1")  # keep the load aboard for the test
    play(s, "p1 priority 3")
    for _ in range(16):
        if s.phase != ROUTE:
            break
        legal = GAME.legal_actions(s, 0)
        GAME.apply(s, next(a for a in legal if isinstance(a, (A.Step, A.EndRoute))))
    assert s.phase in (PRIORITY, DEFEND)
    assert s.vans[1].pos != s.eng.board.rogue_van or s.vans[2].pos != s.vans[2].base


def test_missions_are_dealt_two_each_and_checked():
    s = setup(3, bases=BASES)
    assert [len(v.missions) for v in s.vans] == [2, 2, 0]
    van = s.vans[0]
    van.missions = ["bank-3-high", "untouched"]
    van.banked_high = 3
    row = GAME.score_breakdown(s)[0]
    assert row["missions"] == 5 + 5 and row["high"] == 15


def test_package_spawn_places_cards_packages_by_location():
    s = driving()
    top = s.spawn_deck[0]
    ev: list = []
    flow.spawn(s.eng, s, ev)
    card = s.config.spawn_cards[top]
    for name, kind in card:
        if kind != "bomb":
            assert ("L" if kind == "low" else "H") in s.tiles[s.locations.index(name)]
    assert ev[0].reveals and ev[0].kind == "spawned"


def test_company_cards_change_van_and_battery():
    s = setup(2, bases=BASES, companies={0: "big-van", 1: "long-life"})
    got = {v.company: v for v in s.vans[:2]}
    if "big-van" in got:
        assert got["big-van"].capacity == 6
    if "long-life" in got:
        assert got["long-life"].battery_max == 4 == got["long-life"].battery


def test_express_route_once_per_game():
    s = setup(2, bases=BASES, companies={0: "express", 1: "express"})
    clear_tiles(s)
    holder = next(v.seat for v in s.vans if v.company == "express")
    other = 1 - holder
    play(s, f"p{holder + 1} priority 1", f"p{other + 1} priority 2", f"p{holder + 1} go first")
    play(s, f"p{holder + 1} express")
    assert s.steps_allowed == 4 and s.vans[holder].express_used
    assert not any(isinstance(a, A.UseExpress) for a in GAME.legal_actions(s, holder))


def test_three_player_rogue_drive_continues_after_a_theft_answer():
    s = driving(players=3)
    for seat in (0, 1):
        while GAME.to_act(s) == [seat]:
            legal = GAME.legal_actions(s, seat)
            GAME.apply(s, next(a for a in legal if isinstance(a, (A.Step, A.EndRoute))))
    rogue = s.vans[2]
    rogue.cubes = []
    p1 = s.vans[0]
    p1.battery = 2
    p1.cargo[:] = []
    load(s, 0, "H")
    p1.cubes = [rogue.pos + 1]
    start = rogue.pos
    play(s, "p3 drive E,E")
    assert s.phase == DEFEND and GAME.to_act(s) == [0] and s.steps_taken == 1
    play(s, "p1 protect")
    assert s.phase == ROUTE and s.steps_taken == 2 and rogue.pos == start + 2
    assert p1.cargo == ["H"] and p1.battery == 1
