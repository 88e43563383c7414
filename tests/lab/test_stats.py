"""The lab's statistics on numbers worked out by hand or published."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from courier.dev.lab import stats


def test_wilson_interval_on_known_values():
    p, lo, hi = stats.wilson(5, 10)
    assert p == 0.5 and lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    p, lo, hi = stats.wilson(0, 10)
    assert (p, lo) == (0.0, 0.0) and hi == pytest.approx(0.2775, abs=1e-4)
    assert stats.wilson(0, 0) == (0.0, 0.0, 1.0)


def test_student_t_quantiles():
    assert stats.t_quantile(0.05, 10) == pytest.approx(2.228, abs=0.005)
    assert stats.t_quantile(0.05, 30) == pytest.approx(2.042, abs=0.005)
    assert stats.t_quantile(0.05, 3) == pytest.approx(3.182, rel=0.01)
    assert stats.t_quantile(0.05, float("inf")) == pytest.approx(1.96, abs=1e-3)


def test_mean_and_paired_intervals():
    m, lo, hi = stats.mean_ci([1, 2, 3, 4, 5])  # 3 +- 2.776 * 1.581 / 2.236
    assert m == 3 and lo == pytest.approx(1.037, abs=0.02) and hi == pytest.approx(4.963, abs=0.02)
    assert stats.mean_ci([7]) == (7, 7, 7) and stats.mean_ci([]) == (0.0, 0.0, 0.0)
    # paired: differences 1..5 against zero are the same interval as the mean of 1..5
    assert stats.paired_interval([1, 2, 3, 4, 5]) == pytest.approx((3, 1.0367, 4.9633), abs=1e-3)


@given(st.integers(0, 200), st.integers(1, 200))
def test_wilson_always_holds_the_share(k, n):
    k = min(k, n)
    p, lo, hi = stats.wilson(k, n)
    assert 0 <= lo <= p <= hi <= 1


def test_lead_changes_count_a_new_sole_leader_only():
    # round, then the scores of seats 0..2
    track = [[1, 0, 0, 0], [2, 5, 0, 0], [3, 5, 5, 0], [4, 5, 8, 0], [5, 9, 8, 0], [6, 9, 9, 9], [7, 12, 9, 9]]
    assert stats.lead_changes(track) == 2  # 0 -> 1 -> 0; the ties in between are not changes
    assert stats.lead_changes([[1, 1, 0], [2, 1, 1], [3, 2, 1]]) == 0


def test_when_the_winner_was_clear():
    track = [[1, 0, 0], [2, 3, 0], [3, 3, 5], [4, 6, 5], [5, 8, 5]]
    assert stats.winner_clear(track, [0]) == pytest.approx(3 / 4)  # led for good from the 4th reading
    assert stats.winner_clear([[1, 5, 0], [2, 6, 0]], [0]) == 0.0
    assert stats.winner_clear(track, []) is None


def test_sentences_say_whether_an_effect_is_real():
    assert "a real effect" in stats.share_sentence("X", 0.2, 0.05, 0.33, (70, 80))
    assert "no clear effect" in stats.share_sentence("X", 0.05, -0.1, 0.2, (10, 10))
    assert "less by" in stats.mean_sentence("Game length", -3, -5, -1, "rounds")
    assert "no clear effect" in stats.mean_sentence("Game length", -3, -7, 1, "rounds")
