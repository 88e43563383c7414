"""The fast route search against a plain one: the same routes, costs and ties from random
positions, also with places that cost nothing to enter (a designer's variant) and other budgets.

The plain search below is the textbook version (a heap of (cost, place number), a "done" set,
every road checked against the blockages at every step) with the tie rules of movement.py.
"""

from __future__ import annotations

import heapq

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from courier.rules.next_day.movement import crowded, search
from courier.rules.next_day.state import DONE
from courier.rules.next_day.tables import tables
from courier.rules.rng import Rng
from tests.next_day.helpers import G


def plain_search(state, t, cfg, v):
    if v.status == DONE:
        return {}, {}
    cost_in = crowded(state, t, cfg)
    start, budget = t.number[v.place], cfg.move_units - v.used
    overloaded, is_van = len(v.cargo) > cfg.capacity[v.kind], v.kind == "van"
    on_road = {b.road: b.kind for b in state.blockages}
    closed = {r for r, k in on_road.items() if k == "diversion" or (k == "checkpoint" and overloaded)}
    works = {r for r, k in on_road.items() if k == "roadworks" and is_van}
    best: dict[int, int] = {}
    path_to: dict[int, tuple[str, ...]] = {}
    heap: list[tuple[int, int]] = []
    first = v.steps == 0
    for nxt, road in t.adj[start]:
        if nxt == start or road in closed or (road in works and not first):
            continue
        new = cost_in[nxt]
        if road in works:
            rank = 2 * max(new, budget) + 1
        elif new > budget:
            if not first:
                continue
            rank = 2 * new + 1
        else:
            rank = 2 * new + (new == budget)
        if nxt not in best or rank < best[nxt]:
            best[nxt], path_to[nxt] = rank, (t.names[start], t.names[nxt])
            if not rank & 1:
                heapq.heappush(heap, (new, nxt))
    done = {start}
    while heap:
        cost, node = heapq.heappop(heap)
        if node in done:
            continue
        done.add(node)
        for nxt, road in t.adj[node]:
            if road in closed or road in works or nxt in done:
                continue
            new = cost + cost_in[nxt]
            if new > budget:
                continue
            rank = 2 * new + (new == budget)
            if nxt not in best or rank < best[nxt]:
                best[nxt], path_to[nxt] = rank, path_to[node] + (t.names[nxt],)
                if new < budget:
                    heapq.heappush(heap, (new, nxt))
    return best, path_to


VARIANTS = [
    {},
    {"entry_cost": {"village": 0, "town": 1, "city": 3}, "congestion_cost": 0},
    {"entry_cost": {"village": 0, "town": 0, "city": 2}, "congestion_cost": 1, "move_units": 6},
    {"move_units": 15, "congestion_cost": 3},
]


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 400))
def test_the_search_finds_what_a_plain_search_finds(variant, seed, moves):
    cfg = G.make_config(players=4, quick_setup=True, **VARIANTS[variant])
    state = G.new_game(cfg, seed)
    rng = Rng(seed)
    t = tables(G.board(cfg), cfg)
    for _ in range(moves):
        if G.is_over(state):
            break
        if state.phase == "play":
            for p in state.players:
                for v in p.vehicles:
                    ranks, paths = search(state, t, cfg, v)
                    want_ranks, want_paths = plain_search(state, t, cfg, v)
                    assert list(ranks.items()) == list(want_ranks.items())  # the order found, too
                    assert paths == want_paths
        seat = min(G.to_act(state))
        G.apply(state, rng.choice(G.legal_actions(state, seat)))
