"""Moving blockages: the price, paying, one per road, and never cutting the map in two."""

from __future__ import annotations

import pytest

from courier.rules.base import IllegalAction
from courier.rules.next_day import actions as A
from tests.next_day.helpers import G, play_state


def by_kind(s, kind):
    return next(b for b in s.blockages if b.kind == kind)


def free_road(s, b):
    board = G.board(s.config)
    closed = frozenset(x.road for x in s.blockages if x.kind == "diversion")
    cuts = board.cut_roads(closed)
    return next(r.id for r in board.roads if not s.blockage_on(r.id) and r.id not in cuts)


def test_moving_a_diversion_costs_60_and_roadworks_30():
    s = play_state()
    d, w = by_kind(s, "diversion"), by_kind(s, "roadworks")
    road = free_road(s, d)
    G.apply(s, A.MoveBlockage(0, d.id, road))
    assert d.road == road and s.players[0].credits == 40
    road2 = free_road(s, w)
    G.apply(s, A.MoveBlockage(0, w.id, road2))
    assert s.players[0].credits == 10
    # not enough left for another
    why = G.blockage_refusal(s, 0, w.id, free_road(s, w))
    assert why and "costs 30" in why
    assert not any(isinstance(a, A.MoveBlockage) for a in G.legal_actions(s, 0))


def test_a_diversion_may_not_isolate_part_of_the_map():
    s = play_state()
    d = by_kind(s, "diversion")
    board = G.board(s.config)
    others = frozenset(x.road for x in s.blockages if x.kind == "diversion" and x.id != d.id)
    bridge = next(r for r in sorted(board.cut_roads(others)) if not s.blockage_on(r))
    why = G.blockage_refusal(s, 0, d.id, bridge)
    assert why and "cut part of the map off" in why
    with pytest.raises(IllegalAction, match="cut part of the map off"):
        G.apply(s, A.MoveBlockage(0, d.id, bridge))
    assert A.MoveBlockage(0, d.id, bridge, board.roads[bridge].label) not in G.legal_actions(s, 0)
    assert s.players[0].credits == 100
    # a checkpoint may go there: the rule is for diversions only
    cp = by_kind(s, "checkpoint")
    assert G.blockage_refusal(s, 0, cp.id, bridge) is None


def test_one_blockage_per_road_section():
    s = play_state()
    d, w = by_kind(s, "diversion"), by_kind(s, "roadworks")
    why = G.blockage_refusal(s, 0, w.id, d.road)
    assert why and "one blockage per road" in why.lower()
    with pytest.raises(IllegalAction):
        G.apply(s, A.MoveBlockage(0, w.id, d.road))


def test_only_on_your_own_turn():
    s = play_state()
    w = by_kind(s, "roadworks")
    assert "your own turn" in G.blockage_refusal(s, 1, w.id, free_road(s, w))
    assert G.legal_actions(s, 1) == []


def test_legal_moves_are_exactly_the_unrefused_spots():
    s = play_state()
    s.players[0].credits = 45  # roadworks and checkpoints yes, diversions no
    board = G.board(s.config)
    listed = {(a.blockage, a.road) for a in G.legal_actions(s, 0) if isinstance(a, A.MoveBlockage)}
    allowed = {(b.id, r.id) for b in s.blockages for r in board.roads
               if G.blockage_refusal(s, 0, b.id, r.id) is None}
    assert listed == allowed and listed
    assert not any(s.blockages[b].kind == "diversion" for b, _ in listed)
