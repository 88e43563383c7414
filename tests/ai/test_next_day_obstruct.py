"""Next Day's Hard pays to move a blockage into the way of the rival about to call time."""

from __future__ import annotations

import pytest

from courier.ai.plugins import plugin_for
from courier.rules.next_day import actions as A
from courier.rules.next_day.state import DONE
from courier.rules.rng import Rng
from tests.ai.next_day_positions import hard_plugin, turn_starts
from tests.next_day.helpers import G


def _turn_starts(seeds: range):
    """Seat 0's turn starts in three-player games of normal heuristics."""
    return turn_starts(seeds)


def _key(plugin, state) -> float:
    board = G.board(state.config)
    values = plugin._race_values(state, [plugin._schedule(board, state, s) for s in range(3)])
    return values[0] - max(values[1:])


def test_hard_blocks_the_road_of_the_rival_about_to_finish_and_only_when_it_pays() -> None:
    plugin = hard_plugin()
    board = G.board(G.make_config(players=3))
    found, quiet = [], 0
    for s, legal in _turn_starts(range(8)):
        move = plugin._obstruction(G, s, 0, legal)
        finish = [plugin._schedule(board, s, seat)[0] for seat in range(3)]
        rival = min((1, 2), key=lambda seat: (finish[seat], seat))
        if finish[rival] > plugin.obstruct_horizon:
            assert move is None  # nobody is about to call time: no credits spent
            quiet += 1
        if move is None:
            continue
        found.append(move)
        assert isinstance(move, A.MoveBlockage) and move.to_text() in {a.to_text() for a in legal}
        # the road is on the way the rival's van or bike is heading
        targets = plugin.bot._targets(board, s, rival)
        roads = {r for v in s.players[rival].vehicles if v.kind in targets
                 for r in plugin._path(board, s, v, targets[v.kind])}
        assert move.road in roads
        # and the race, paid for, comes out better by the margin asked for
        after = s.clone()
        G.apply(after, move)
        assert after.players[0].credits < s.players[0].credits
        assert _key(plugin, after) >= _key(plugin, s) + plugin.obstruct_gain
    assert found, "no position of eight games called for a blockage"
    assert quiet > len(found)


def test_only_hard_looks_for_a_blockage_to_move() -> None:
    normal = plugin_for("next-day")
    normal.set_levels("normal", "normal")
    assert not normal.obstruct
    assert hard_plugin().obstruct


@pytest.mark.search_levels
def test_hard_offers_the_blockage_first_among_its_plans() -> None:
    plugin = hard_plugin()
    for s, legal in _turn_starts(range(8)):
        move = plugin._obstruction(G, s, 0, legal)
        if move is not None:
            plans = plugin.plans(G, s, 0, legal, Rng(1), 8)
            assert plans[0][0] == (move,)
            return
    pytest.fail("no position of eight games called for a blockage")


def test_a_rival_whose_vehicles_are_home_and_done_is_not_blocked() -> None:
    plugin = hard_plugin()
    for s, legal in _turn_starts(range(3)):
        for v in s.players[1].vehicles + s.players[2].vehicles:
            v.place, v.status, v.cargo = G.board(s.config).home, DONE, []
        s.contracts = [c for c in s.contracts if c.owner == 0]
        for i, c in enumerate(s.contracts):
            c.id = i
        legal = G.legal_actions(s, 0)
        assert plugin._obstruction(G, s, 0, legal) is None
        break
