"""Package Pandemonium's end-of-game figures agree with the final position and the log, count
nothing for the automated vans, and keep the missions out of the score series until the end."""

from __future__ import annotations

import pytest

from courier.rules import stats
from courier.rules.package_pandemonium import scoring
from courier.rules.package_pandemonium import stats as pp
from courier.rules.package_pandemonium.state import DRIVER
from tests.stats_play import finished


@pytest.mark.parametrize("n,seed", [(1, 11), (2, 11), (3, 11), (3, 12)])
def test_figures_agree_with_the_final_position_and_the_log(n, seed):
    m = finished("package-pandemonium", n, seed)
    s = m.state
    cfg = s.config
    result = stats.statistics(m.game_id, m.config, m.seed, m.log)
    assert len(result.figures) == n
    assert (pp.STOLEN in result.names()) == (n == 3)
    assert (pp.HANDED in result.names()) == (n >= 2)  # (the automated vans never take the bomb)
    for vi, van in enumerate(s.vans):
        if van.seat < 0:
            continue
        f = result.figures[van.seat]
        paid = sum(cfg.recharge_low_cost if e.data["kind"] == "L" else cfg.recharge_high_cost
                   for e in m.events if e.kind == "recharged" and e.data["van"] == vi)
        banked = van.banked_low + van.banked_high + van.banked_stolen_low + van.banked_stolen_high
        assert f[pp.BANKED] == banked + paid
        assert f[pp.LOST] == van.lost
        assert f[pp.MISSIONS] == sum(scoring.mission_done(van, x, cfg) for x in van.missions)
        assert f[pp.STEPS] == sum(1 for e in m.events if e.kind == "moved" and e.data["van"] == vi)
        if n == 3:
            assert f[pp.STOLEN] == sum(1 for e in m.events if e.kind == "stolen" and e.data["thief"] == vi)
        if n >= 2:
            assert f[pp.HANDED] == sum(1 for e in m.events if e.kind == "bomb_passed" and e.data["van"] == vi)
    # everything the vans lost went somewhere: to the Rogue player or to the automated vans
    assert sum(f[pp.LOST] for f in result.figures) == sum(1 for e in m.events if e.kind == "stolen"
                                                         and s.vans[e.data["victim"]].seat >= 0)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_missions_join_the_series_only_at_the_end(n):
    m = finished("package-pandemonium", n, 11)
    s = m.state
    cfg = s.config
    result = stats.statistics(m.game_id, m.config, m.seed, m.log)
    assert result.rounds[-1] == str(cfg.rounds)
    for van in s.vans:
        if van.role != DRIVER:
            continue
        series = result.scores[van.seat]
        missions = scoring.breakdown(van, cfg)["missions"]
        assert series[-1] == scoring.score(van, cfg)
        assert series[0] == 0  # nothing banked yet, whatever missions look done at the start
        assert series[-1] - missions == pp.running_scores(s)[van.seat]
    # the game one move before its end: the same points, but the last round stands without missions
    before = stats.statistics(m.game_id, m.config, m.seed, m.log[:-1])
    assert before.rounds == result.rounds
    assert [s[:-1] for s in result.scores] == [s[:-1] for s in before.scores]
    played = stats.replay(m.game, m.config, m.seed, m.log[:-1], pp.running_scores)
    assert [s[-1] for s in before.scores] == pp.running_scores(played.final)
