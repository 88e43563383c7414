"""Set-up: the deal, building contracts for the next seat, hidden drafts, the hand-over and roll."""

from __future__ import annotations

import pytest

from courier.rules.base import IllegalAction
from courier.rules.next_day import actions as A
from courier.rules.next_day import GAME as G


def new(players=4, seed=5):
    return G.new_game(G.make_config(players=players), seed)


@pytest.mark.parametrize("players,cards,contracts,parcels", [(4, 9, 4, 8), (3, 12, 6, 11)])
def test_deal_and_counts(players, cards, contracts, parcels):
    s = new(players)
    assert all(len(p.hand) == cards for p in s.players)
    assert len({c for p in s.players for c in p.hand}) == players * cards
    assert G.to_act(s) == list(range(players))
    for seat in range(players):
        G.apply(s, A.DealRandomly(seat))
        assert len(s.players[seat].drafts) == contracts
        assert sum(d.parcels for d in s.players[seat].drafts) == parcels
        assert all(d.parcels >= 1 for d in s.players[seat].drafts)
    for seat in range(players):
        G.apply(s, A.FinishSetup(seat))
    assert s.phase == "play" and len(s.contracts) == players * contracts
    for c in s.contracts:
        assert c.price == max(20, 5 * G.board(s.config).distance(c.pickup, c.dropoff))
        assert c.waiting == c.parcels


def test_building_by_hand_and_handing_to_the_next_seat():
    s = new()
    hand = s.players[0].hand
    G.apply(s, A.Pair(0, hand[0], hand[1]))
    with pytest.raises(IllegalAction, match="unused cards"):
        G.apply(s, A.Pair(0, hand[0], hand[2]))
    G.apply(s, A.AddParcel(0, hand[0]))
    G.apply(s, A.RemoveParcel(0, hand[0]))
    with pytest.raises(IllegalAction, match="at least one"):
        G.apply(s, A.RemoveParcel(0, hand[0]))
    with pytest.raises(IllegalAction, match="Make 4 contracts"):
        G.apply(s, A.FinishSetup(0))
    G.apply(s, A.Unpair(0, hand[0]))
    assert s.players[0].drafts == []
    for i in range(0, 8, 2):
        G.apply(s, A.Pair(0, hand[i], hand[i + 1]))
    for _ in range(4):
        G.apply(s, A.AddParcel(0, hand[0]))
    assert A.AddParcel(0, hand[0]) not in G.legal_actions(s, 0)
    events = G.apply(s, A.FinishSetup(0))
    assert G.to_act(s) == [1, 2, 3] and events[0].kind == "contracts_built"
    for seat in (1, 2, 3):
        G.apply(s, A.DealRandomly(seat))
        events = G.apply(s, A.FinishSetup(seat))
    mine = [c for c in s.contracts if c.pickup == hand[0]]
    assert len(mine) == 1 and mine[0].owner == 1 and mine[0].parcels == 5
    assert s.players[0].discards == [hand[8]]
    rolled = [e for e in events if e.kind == "rolled"]
    assert rolled and rolled[0].reveals and s.current == rolled[0].data["seat"] == s.first


def test_building_is_hidden_from_other_seats():
    s = new()
    G.apply(s, A.Pair(0, s.players[0].hand[0], s.players[0].hand[1]))
    for seat in (1, None):
        v = G.view(s, seat)
        assert v.players[0].drafts == [] and set(v.players[0].hand) == {"?"}
        assert v.rng != s.rng
    mine = G.view(s, 0)
    assert mine.players[0].drafts == s.players[0].drafts and set(mine.players[1].hand) == {"?"}
    # after set-up everything is public
    for seat in range(4):
        G.apply(s, A.ClearDrafts(seat)) if s.players[seat].drafts else None
        G.apply(s, A.DealRandomly(seat))
        G.apply(s, A.FinishSetup(seat))
    v = G.view(s, None)
    assert v.contracts == s.contracts and v.players == s.players


def test_quick_setup_starts_in_play():
    s = G.new_game(G.make_config(players=3, quick_setup=True), 9)
    assert s.phase == "play" and len(s.contracts) == 18
