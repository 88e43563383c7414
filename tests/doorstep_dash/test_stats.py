"""Doorstep Dash's end-of-game figures agree with the final position and the log."""

from __future__ import annotations

import pytest

from courier.rules import stats
from courier.rules.doorstep_dash import stats as dd
from tests.stats_play import finished


@pytest.mark.parametrize("n,seed", [(2, 11), (3, 11), (4, 11), (4, 12)])
def test_figures_agree_with_the_final_position_and_the_log(n, seed):
    m = finished("doorstep-dash", n, seed)
    result = stats.statistics(m.game_id, m.config, m.seed, m.log)
    for seat, p in enumerate(m.state.players):
        f = result.figures[seat]
        mine = [e for e in m.events if e.data.get("seat") == seat]
        assert f[dd.DELIVERED] == len(p.delivered) == sum(e.kind == "delivered" for e in mine)
        assert p.score == sum(e.data["points"] for e in mine if e.kind == "delivered")
        assert f[dd.SQUARES] == sum(len(e.data["path"]) - 1 for e in mine if e.kind == "moved")
        assert f[dd.BONUS] == sum(e.kind == "bonus drawn" for e in mine)
        assert f[dd.TRAPS_SET] == sum(e.kind == "trap set" for e in mine)
        # a trap that goes off is its owner's, not the driver's who drove into it
        assert f[dd.TRAPS_SPRUNG] == sum(1 for e in m.events if e.kind == "trap sprung" and e.data["owner"] == seat)
        assert f[dd.PASSED] + f[dd.FAILED] == sum(e.kind == "test roll" for e in mine)
        assert f[dd.FAILED] == sum(e.kind == "test failed" for e in mine)


def test_a_sprung_trap_counts_for_its_owner_not_its_victim():
    m = finished("doorstep-dash", 2, 11)
    sprung = [e for e in m.events if e.kind == "trap sprung"]
    assert sprung, "this seed has a trap going off"
    figs = stats.statistics(m.game_id, m.config, m.seed, m.log).figures
    for seat in range(2):
        owned = sum(1 for e in sprung if e.data["owner"] == seat)
        assert figs[seat][dd.TRAPS_SPRUNG] == owned
    assert sum(f[dd.TRAPS_SPRUNG] for f in figs) == len(sprung)


def test_a_round_every_driver_loses_still_has_its_point():
    """When everyone left loses their turn, the round counter passes a round with no move in it:
    the series still has that round, at the scores it started with."""
    m = finished("doorstep-dash", 2, 2)
    played = stats.replay(m.game, m.config, m.seed, m.log)
    state = m.game.new_game(m.config, m.seed)
    jumps = []
    for text in m.log:
        before = state.round
        m.game.apply(state, m.game.parse_action(state, text))
        if state.round > before + 1:
            jumps.append(before)
    assert jumps, "this seed has a round nobody plays"
    labels = played.rounds
    assert labels[1:] == [str(r) for r in range(1, len(labels))]
    for r in jumps:
        k = labels.index(str(r + 1))
        assert [s[k] for s in played.scores] == [s[k - 1] for s in played.scores]
