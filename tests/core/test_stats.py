"""End-of-game statistics, for every game: the score series ends at the final scores and has one
point per round played, the figures are the same for every seat and counted from the events the
game really produced, and the whole is a pure function of (game, config, seed, log)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from courier.rules import registry, stats
from tests.stats_play import GAMES, finished

ROOT = Path(__file__).resolve().parents[2]
CASES = [(gid, n) for gid, counts in GAMES for n in counts]


def rounds_played(m) -> int:
    """How many rounds the finished game went through: the round its last move was made in (that
    move may have turned the round counter on, as the game ended)."""
    before = m.game.new_game(m.config, m.seed)
    for text in m.log[:-1]:
        m.game.apply(before, m.game.parse_action(before, text))
    return before.round


def test_every_game_has_figures():
    assert {gid for gid, _ in GAMES} == set(registry.ids())


def check_series(m, result: stats.GameStats) -> None:
    final = [float(v) for v in m.game.scores(m.state)]
    assert len(result.scores) == len(final) == len(result.figures)
    assert result.rounds[0] == stats.START
    assert result.rounds[1:] == [str(r) for r in range(1, rounds_played(m) + 1)]
    for seat, series in enumerate(result.scores):
        assert len(series) == len(result.rounds)
        assert series[-1] == final[seat]


@pytest.mark.parametrize("gid,n", CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_series_has_a_point_per_round_and_ends_at_the_final_scores(gid, n):
    m = finished(gid, n, 11)
    check_series(m, stats.statistics(m.game_id, m.config, m.seed, m.log))


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), case=st.sampled_from(CASES))
def test_any_seeded_game_ends_its_series_at_the_final_scores(seed, case):
    gid, n = case
    m = finished(gid, n, seed)
    check_series(m, stats.statistics(m.game_id, m.config, m.seed, m.log))


@pytest.mark.parametrize("gid,n", CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_figures_are_named_alike_for_every_seat_and_in_the_games_order(gid, n):
    m = finished(gid, n, 11)
    result = stats.statistics(m.game_id, m.config, m.seed, m.log)
    names = result.names()
    assert 4 <= len(names) <= 7
    assert all(list(f) == names for f in result.figures)
    assert all(isinstance(v, (int, float)) and v >= 0 for f in result.figures for v in f.values())


@pytest.mark.parametrize("gid", [g for g, _ in GAMES])
def test_the_replay_sees_exactly_the_events_the_game_produced(gid):
    """The figures are counted from the replay's events: they are the match's own, one for one."""
    m = finished(gid, 3 if gid != "doorstep-dash" else 2, 11)
    played = stats.replay(m.game, m.config, m.seed, m.log)
    assert [s.text for s in played.steps] == m.log
    replayed = [(e.kind, e.text, e.data) for e in played.events()]
    assert replayed == [(e.kind, e.text, e.data) for e in m.events]
    assert m.game.state_to_dict(played.final) == m.game.state_to_dict(m.state)


@pytest.mark.parametrize("gid", [g for g, _ in GAMES])
def test_statistics_depend_on_the_log_alone(gid):
    m = finished(gid, 3 if gid != "doorstep-dash" else 4, 12)
    first = stats.statistics(m.game_id, m.config, m.seed, list(m.log))
    again = stats.statistics(m.game_id, m.config.model_copy(), m.seed, tuple(m.log))
    assert first == again
    other = finished(gid, 3 if gid != "doorstep-dash" else 4, 13)
    assert stats.statistics(other.game_id, other.config, other.seed, other.log) != first


def test_a_log_the_rules_refuse_is_an_error_not_made_up_figures():
    m = finished("out-for-delivery", 2, 11)
    with pytest.raises(ValueError):
        stats.statistics(m.game_id, m.config, m.seed, m.log[:3] + ["fly nowhere"] + m.log[3:])


def test_rules_statistics_import_without_pygame():
    code = ("import sys, courier.rules.stats\n"
            + "".join(f"import {registry.package(g)}.stats\n" for g in registry.ids())
            + "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pytmx')))\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("gid", [g for g, _ in GAMES])
def test_a_game_cut_short_ends_its_series_at_the_scores_now(gid):
    m = finished(gid, 3 if gid != "doorstep-dash" else 2, 11)
    for cut in (len(m.log) // 3, len(m.log) // 2 + 1, len(m.log) - 1):
        played = stats.replay(m.game, m.config, m.seed, m.log[:cut])
        result = stats.statistics(m.game_id, m.config, m.seed, m.log[:cut])
        assert not played.over
        if gid != "package-pandemonium":  # (its missions are scored at the end only)
            assert [s[-1] for s in result.scores] == [float(v) for v in m.game.scores(played.final)]
        r = played.final.round  # the round in progress, or the one just over if none has moved since
        assert result.rounds[-1] in (str(r), str(r - 1)) or (r < 1 and result.rounds == [stats.START])
        # what was played so far agrees with the whole game's series
        whole = stats.statistics(m.game_id, m.config, m.seed, m.log)
        done = len(result.rounds) - 1  # the points of rounds already over
        assert [s[:done] for s in result.scores] == [s[:done] for s in whole.scores]
