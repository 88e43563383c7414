"""Driving: place costs, congestion, the free first step, roadworks, diversions, checkpoints,
collect/deliver/transfer ending a move, and one vehicle at a time."""

from __future__ import annotations

import pytest

from courier.rules.base import IllegalAction
from courier.rules.next_day import actions as A
from courier.rules.next_day.movement import entry_cost
from tests.next_day.helpers import G, add_contract, park_others, play_state, put


def board(s):
    return G.board(s.config)


def neighbour(s, place, kind=None, avoid_blocked=True, exclude=("Kevingston",)):
    b = board(s)
    for nxt, road in b.adj[place]:
        if nxt in exclude:
            continue
        if kind and b.places[nxt].kind != kind:
            continue
        if avoid_blocked and s.blockage_on(road):
            continue
        return nxt
    raise AssertionError(f"no {kind} next to {place}")


def road_with(s, kind):
    blk = next(x for x in s.blockages if x.kind == kind)
    return board(s).roads[blk.road]


def test_entry_cost_by_kind_and_congestion():
    s = play_state()
    b = board(s)
    van = s.players[0].vehicle("van")
    assert entry_cost(s, b, s.config, "Roadwater", van) == 1
    assert entry_cost(s, b, s.config, "Ugley", van) == 2
    assert entry_cost(s, b, s.config, "Fobbing", van) == 4
    # every vehicle already there adds 2; the mover itself does not count
    put(s, 1, "van", "Ugley")
    put(s, 2, "bike", "Ugley")
    assert entry_cost(s, b, s.config, "Ugley", van) == 6
    assert entry_cost(s, b, s.config, "Kevingston", van) == 4 + 2 * 5


def test_a_vehicle_may_always_take_its_first_step():
    s = play_state()
    park_others(s)
    start = neighbour(s, "Kevingston")
    put(s, 0, "bike", start)
    # seven vehicles in Kevingston: 4 + 14 = 18 units, more than 10, still allowed as a first step
    reach = G.reachable(s, 0, "bike")
    assert reach["Kevingston"].cost == 18 and reach["Kevingston"].ends_move
    G.apply(s, A.Drive(0, "bike", (start, "Kevingston")))
    assert s.players[0].vehicle("bike").status == "done"
    assert not any(isinstance(a, A.Drive) and a.vehicle == "bike" for a in G.legal_actions(s, 0))


def test_later_steps_must_fit_in_the_ten_units():
    s = play_state()
    park_others(s)
    a = neighbour(s, "Kevingston")
    put(s, 0, "bike", a)
    b = neighbour(s, a)
    G.apply(s, A.Drive(0, "bike", (a, b)))
    bike = s.players[0].vehicle("bike")
    bike.used = 9  # pretend the bike has driven far already
    c = neighbour(s, b, exclude=("Kevingston", a))
    put(s, 1, "van", c)  # congestion makes the next step cost at least 3
    with pytest.raises(IllegalAction, match="units"):
        G.apply(s, A.Drive(0, "bike", (b, c)))
    assert c not in G.reachable(s, 0, "bike")


def test_roadworks_stop_vans_but_not_bikes():
    s = play_state()
    r = road_with(s, "roadworks")
    before = neighbour(s, r.a)
    put(s, 0, "van", r.a)
    assert r.b in G.reachable(s, 0, "van") and G.reachable(s, 0, "van")[r.b].ends_move
    G.apply(s, A.Drive(0, "van", (r.a, r.b)))
    assert s.players[0].vehicle("van").status == "done"
    # a van that has already moved this turn cannot cross
    s = play_state()
    put(s, 0, "van", before)
    with pytest.raises(IllegalAction, match="roadworks"):
        G.apply(s, A.Drive(0, "van", (before, r.a, r.b)))
    # a bike drives straight through
    put(s, 0, "bike", r.a)
    G.apply(s, A.Drive(0, "bike", (r.a, r.b)))
    assert s.players[0].vehicle("bike").status == "moving"


def test_roadworks_twice_means_two_turns_for_a_van():
    s = play_state()
    park_others(s)
    r = road_with(s, "roadworks")
    put(s, 0, "van", r.a)
    G.apply(s, A.Drive(0, "van", (r.a, r.b)))
    with pytest.raises(IllegalAction):
        G.apply(s, A.Drive(0, "van", (r.b, r.a)))  # the move has ended
    for _ in range(4):
        G.apply(s, A.EndTurn(s.current))
    G.apply(s, A.Drive(0, "van", (r.b, r.a)))  # first step of the next turn: back through
    assert s.players[0].vehicle("van").place == r.a


def test_diversions_cannot_be_passed():
    s = play_state()
    r = road_with(s, "diversion")
    for kind in ("van", "bike"):
        put(s, 0, kind, r.a)
        assert r.b not in {p for p, x in G.reachable(s, 0, kind).items() if x.path[:2] == (r.a, r.b)}
        with pytest.raises(IllegalAction, match="diversion"):
            G.apply(s, A.Drive(0, kind, (r.a, r.b)))


def test_checkpoints_stop_only_illegal_loads():
    s = play_state()
    r = road_with(s, "checkpoint")
    c = add_contract(s, 0, "Ugley", "Duck Street", parcels=3)
    van = s.players[0].vehicle("van")
    put(s, 0, "van", r.a)
    van.cargo = [c.id, c.id, c.id]
    c.waiting = 0
    with pytest.raises(IllegalAction, match="checkpoint"):
        G.apply(s, A.Drive(0, "van", (r.a, r.b)))
    van.cargo = [c.id, c.id]
    c.waiting = 1
    G.apply(s, A.Drive(0, "van", (r.a, r.b)))
    assert van.place == r.b


def test_collecting_after_moving_ends_the_move_but_not_before():
    s = play_state()
    park_others(s)
    c = add_contract(s, 0, "Sandwich", "Ugley", parcels=3)
    start = neighbour(s, "Sandwich")
    put(s, 0, "bike", "Sandwich")
    G.apply(s, A.Collect(0, "bike", c.id))  # before moving: may still drive
    assert s.players[0].vehicle("bike").status == "fresh"
    put(s, 0, "van", start)
    G.apply(s, A.Drive(0, "van", (start, "Sandwich")))
    G.apply(s, A.Collect(0, "van", c.id))
    assert s.players[0].vehicle("van").status == "done"
    # capacity: van 2 legally, one more makes it illegal, no fourth
    G.apply(s, A.Collect(0, "van", c.id))
    assert len(s.players[0].vehicle("van").cargo) == 2
    with pytest.raises(IllegalAction, match="No parcels"):
        G.apply(s, A.Collect(0, "van", c.id))


def test_capacity_two_and_one_plus_one_illegal():
    s = play_state()
    c = add_contract(s, 0, "Kevingston", "Ugley", parcels=6)
    for _ in range(3):
        G.apply(s, A.Collect(0, "van", c.id))
    with pytest.raises(IllegalAction, match="full"):
        G.apply(s, A.Collect(0, "van", c.id))
    for _ in range(2):
        G.apply(s, A.Collect(0, "bike", c.id))
    with pytest.raises(IllegalAction, match="full"):
        G.apply(s, A.Collect(0, "bike", c.id))


def test_transfer_between_own_vehicles_in_one_place():
    s = play_state()
    c = add_contract(s, 0, "Kevingston", "Ugley", parcels=2)
    G.apply(s, A.Collect(0, "van", c.id))
    G.apply(s, A.Transfer(0, "van", c.id))
    assert s.players[0].vehicle("bike").cargo == [c.id] and not s.players[0].vehicle("van").cargo
    nb = neighbour(s, "Kevingston")
    G.apply(s, A.Drive(0, "bike", ("Kevingston", nb)))
    with pytest.raises(IllegalAction, match="same place"):
        G.apply(s, A.Transfer(0, "bike", c.id))


def test_deliver_pays_the_price_and_completes_the_contract():
    s = play_state()
    c = add_contract(s, 0, "Kevingston", "Ugley", parcels=1, price=55)
    G.apply(s, A.Collect(0, "van", c.id))
    put(s, 0, "van", "Ugley")
    before = s.players[0].credits
    events = G.apply(s, A.Deliver(0, "van", c.id))
    assert s.players[0].credits == before + 55 and s.players[0].delivered == 1
    assert c.done and [e.kind for e in events] == ["delivered", "completed"]


def test_vehicles_move_one_at_a_time_and_once_each():
    s = play_state()
    park_others(s)
    nb = neighbour(s, "Kevingston")
    G.apply(s, A.Drive(0, "van", ("Kevingston", nb)))
    assert s.players[0].vehicle("van").status == "moving"
    G.apply(s, A.Drive(0, "bike", ("Kevingston", nb)))
    assert s.players[0].vehicle("van").status == "done"
    with pytest.raises(IllegalAction, match="finished its move"):
        G.apply(s, A.Drive(0, "van", (nb, "Kevingston")))


def test_congestion_from_a_vehicle_moved_first_delays_the_second():
    s = play_state()
    park_others(s, "Roadwater")
    put(s, 0, "van", "Kevingston")
    put(s, 0, "bike", "Kevingston")
    nb = neighbour(s, "Kevingston")
    cost_alone = G.reachable(s, 0, "bike")[nb].cost
    G.apply(s, A.Drive(0, "van", ("Kevingston", nb)))
    assert G.reachable(s, 0, "bike")[nb].cost == cost_alone + 2


def _alone_at(s, seat, kind, place):
    """Every other vehicle parked far away, so the only congestion is what the test sets up."""
    park_others(s, "Roadwater")
    put(s, seat, kind, place)


def test_coming_back_through_the_start_costs_no_congestion_for_the_mover():
    # Matching Tye (town, 2) -> Ryme Intrinseca (village, 1) -> Matching Tye: 1 + 2 = 3 units;
    # the van has left Matching Tye, so it does not jam its own way back in
    s = play_state()
    _alone_at(s, 0, "van", "Matching Tye")
    events = G.apply(s, A.Drive(0, "van", ("Matching Tye", "Ryme Intrinseca", "Matching Tye")))
    van = s.players[0].vehicle("van")
    assert events[0].data["cost"] == 3 and van.used == 3 and van.place == "Matching Tye"
    assert van.status == "moving"


def test_a_round_trip_of_exactly_ten_units_is_allowed():
    # Matching Tye -> Puddinglake (city, 4) -> Matching Tye (2) -> Puddinglake (4) = 10 units
    s = play_state()
    _alone_at(s, 0, "van", "Matching Tye")
    events = G.apply(s, A.Drive(0, "van", ("Matching Tye", "Puddinglake", "Matching Tye", "Puddinglake")))
    van = s.players[0].vehicle("van")
    assert events[0].data["cost"] == 10 and van.place == "Puddinglake" and van.status == "done"


def test_the_other_vehicles_at_the_start_still_count_on_the_way_back():
    # the player's own bike waits in Matching Tye: +2 on re-entering it, the van itself still not
    s = play_state()
    _alone_at(s, 0, "van", "Matching Tye")
    put(s, 0, "bike", "Matching Tye")
    events = G.apply(s, A.Drive(0, "van", ("Matching Tye", "Ryme Intrinseca", "Matching Tye")))
    assert events[0].data["cost"] == 1 + 2 + 2
    # and one more unit than allowed is still refused: 4 + (2 + 2) + 4 = 12 > 10
    s = play_state()
    _alone_at(s, 0, "van", "Matching Tye")
    put(s, 0, "bike", "Matching Tye")
    with pytest.raises(IllegalAction, match="units"):
        G.apply(s, A.Drive(0, "van", ("Matching Tye", "Puddinglake", "Matching Tye", "Puddinglake")))
