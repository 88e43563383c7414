"""The cached reach of a position (tables.py) answers exactly what a plain cheapest-path search
over ``step_cost`` answers, whatever the weather, event, items and movement points; positions
edited by hand never read a stale answer; callers of ``distances`` get dicts of their own."""

from __future__ import annotations

import heapq

from hypothesis import given, settings
from hypothesis import strategies as st

from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery import engine
from courier.rules.out_for_delivery.config import ITEMS, OBSTACLES, WEATHERS
from courier.rules.out_for_delivery.tables import tables

from tests.out_for_delivery.helpers import GAME, acting, board


def plain_search(brd, s, seat, limit):
    """The search as the rules first wrote it: Dijkstra over step_cost, nothing cached."""
    start = s.players[seat].cell
    dist, prev, heap = {start: 0}, {}, [(0, start)]
    while heap:
        d, c = heapq.heappop(heap)
        if d > dist.get(c, 1 << 30):
            continue
        for nb in brd.neighbours[c]:
            cost = engine.step_cost(brd, s, seat, nb)
            if cost is None:
                continue
            nd = d + cost
            if limit is not None and nd > limit:
                continue
            if nd < dist.get(nb, 1 << 30):
                dist[nb] = nd
                prev[nb] = c
                heapq.heappush(heap, (nd, nb))
    return dist, prev


BRD = board()
CELLS = [c for c, nbs in enumerate(BRD.neighbours) if nbs]
position = st.fixed_dictionaries({
    "cell": st.sampled_from(CELLS),
    "mp": st.one_of(st.none(), st.integers(0, 40)),
    "weather": st.lists(st.sampled_from(sorted(WEATHERS)), min_size=len(BRD.regions), max_size=len(BRD.regions)),
    "obstacle": st.sampled_from(sorted(OBSTACLES)),
    "items": st.lists(st.sampled_from(sorted(ITEMS)), max_size=3),
    "umbrella": st.booleans(),
    "snow_shoes": st.booleans(),
    "seat": st.integers(0, 1),
})


@settings(max_examples=300, deadline=None)
@given(position)
def test_cached_reach_equals_a_plain_search(p):
    s = acting(2)
    s.weather = list(p["weather"])
    s.obstacle = p["obstacle"]
    s.umbrella, s.snow_shoes = p["umbrella"], p["snow_shoes"]
    seat = p["seat"]
    s.players[seat].cell = p["cell"]
    s.players[seat].items = list(p["items"])
    want = plain_search(BRD, s, seat, p["mp"])
    got = tables(BRD).reach(s, seat, p["mp"])
    assert got == want
    assert list(got[0]) == list(want[0]), "the same search order (ties and paths unchanged)"
    assert engine.distances(BRD, s, seat, p["mp"]) == want


def test_a_position_changed_by_hand_is_searched_again():
    s = acting(2, mp=3)
    before = {a.to_text() for a in GAME.legal_actions(s, 0) if isinstance(a, A.Move)}
    s.mp = 24
    more = {a.to_text() for a in GAME.legal_actions(s, 0) if isinstance(a, A.Move)}
    assert before < more
    s.weather = ["heavy_snow"] * len(s.weather)
    fewer = {a.to_text() for a in GAME.legal_actions(s, 0) if isinstance(a, A.Move)}
    assert fewer < more
    s.mp = 0
    assert not [a for a in GAME.legal_actions(s, 0) if isinstance(a, A.Move)]


def test_distances_hands_out_dicts_the_caller_may_change():
    s = acting(2, mp=10)
    dist, prev = engine.distances(BRD, s, 0, s.mp)
    dist.clear()
    prev.clear()
    again, _ = engine.distances(BRD, s, 0, s.mp)
    assert len(again) > 1
    assert {a.to_text() for a in GAME.legal_actions(s, 0) if isinstance(a, A.Move)}
