"""The reverse auction for another player's contract: both ways, the four-bid cap, refusals."""

from __future__ import annotations

import pytest

from courier.rules.base import IllegalAction
from courier.rules.next_day import actions as A
from tests.next_day.helpers import G, add_contract, play_state, put


def setup_auction():
    s = play_state()
    c = add_contract(s, 1, "Ugley", "Duck Street", parcels=3, price=75)
    put(s, 0, "van", "Ugley")
    return s, c


def credits(s):
    return [p.credits for p in s.players]


def test_challenger_wins_when_the_owner_stops():
    s, c = setup_auction()
    money = credits(s)
    G.apply(s, A.StartBid(0, "van", c.id, 70))
    assert G.to_act(s) == [1]
    assert A.Pass(1) in G.legal_actions(s, 1) and A.Bid(1, 69) in G.legal_actions(s, 1)
    assert G.legal_actions(s, 0) == []
    G.apply(s, A.Bid(1, 65))
    assert G.to_act(s) == [0]
    G.apply(s, A.Bid(0, 60))
    events = G.apply(s, A.Pass(1))
    assert c.owner == 0 and c.price == 60 and s.auction is None
    assert events[-1].kind == "auction_won" and events[-1].data["changed_hands"]
    assert credits(s) == money and G.to_act(s) == [0]


def test_owner_keeps_it_at_the_lower_price():
    s, c = setup_auction()
    G.apply(s, A.StartBid(0, "van", c.id, 70))
    G.apply(s, A.Bid(1, 64))
    G.apply(s, A.Pass(0))
    assert c.owner == 1 and c.price == 64


def test_two_bids_each_at_most():
    s, c = setup_auction()
    G.apply(s, A.StartBid(0, "van", c.id, 70))
    G.apply(s, A.Bid(1, 60))
    G.apply(s, A.Bid(0, 50))
    G.apply(s, A.Bid(1, 45))  # the owner's second bid closes the auction
    assert s.auction is None and c.owner == 1 and c.price == 45
    assert G.to_act(s) == [0]


def test_bids_must_go_down():
    s, c = setup_auction()
    with pytest.raises(IllegalAction, match="below the price"):
        G.apply(s, A.StartBid(0, "van", c.id, 75))
    G.apply(s, A.StartBid(0, "van", c.id, 70))
    with pytest.raises(IllegalAction, match="below 70"):
        G.apply(s, A.Bid(1, 70))


def test_no_bid_while_parcels_are_on_the_road_or_twice_a_turn():
    s, c = setup_auction()
    put(s, 1, "bike", "Ugley")
    c.waiting -= 1
    s.players[1].vehicle("bike").cargo.append(c.id)
    assert not any(isinstance(a, A.StartBid) for a in G.legal_actions(s, 0))
    with pytest.raises(IllegalAction):
        G.apply(s, A.StartBid(0, "van", c.id, 70))
    s.players[1].vehicle("bike").cargo.clear()
    c.waiting += 1
    G.apply(s, A.StartBid(0, "van", c.id, 70))
    G.apply(s, A.Pass(1))
    assert c.owner == 0
    # now it is ours; and the same contract cannot be auctioned again this turn
    assert c.id in s.auctioned


def test_a_bid_ends_a_moving_vehicles_move():
    s, c = setup_auction()
    b = G.board(s.config)
    nb = next(n for n, r in b.adj["Ugley"] if not s.blockage_on(r))
    put(s, 0, "van", nb)
    G.apply(s, A.Drive(0, "van", (nb, "Ugley")))
    G.apply(s, A.StartBid(0, "van", c.id, 70))
    G.apply(s, A.Pass(1))
    assert s.players[0].vehicle("van").status == "done"
