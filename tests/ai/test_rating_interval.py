"""The one Wilson interval: the lab's reports and the strength records read the same function."""

from __future__ import annotations

import pytest

from courier.ai import rating
from courier.dev.lab import stats


def test_the_lab_uses_the_ratings_interval() -> None:
    assert stats.wilson is rating.wilson and stats.Z95 == rating.Z95


def test_ninety_percent_interval_on_a_known_value() -> None:
    # 5 of 10 at 90%: 0.2693 .. 0.7307 (Wilson 1927; the strength records' confidence)
    p, lo, hi = rating.wilson(5, 10, z=rating.Z90)
    assert p == 0.5 and lo == pytest.approx(0.2693, abs=1e-4) and hi == pytest.approx(0.7307, abs=1e-4)
    # every game won: the top end is the share itself, never a hair below it
    assert rating.wilson(10, 10, z=rating.Z90)[2] == 1.0
