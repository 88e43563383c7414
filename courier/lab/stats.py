"""The few statistics a balance report needs, in plain Python (no numpy needed to play).

Intervals are 95%: Wilson's for a share (good near 0 and 1 and with few games), Newcombe's
hybrid for a difference of two shares, Welch's for a difference of two means. Lead changes and
"when was the winner clear" read a game's score track (the scores at every round change).
"""

from __future__ import annotations

import math
import statistics
from typing import Sequence

from courier.ai.rating import Z95, wilson  # noqa: F401  (one copy of the interval)


def diff_proportions(k1: float, n1: float, k2: float, n2: float) -> tuple[float, float, float]:
    """(p1 - p2, low, high): Newcombe's interval from the two Wilson intervals."""
    p1, l1, u1 = wilson(k1, n1)
    p2, l2, u2 = wilson(k2, n2)
    d = p1 - p2
    lo = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    hi = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return d, max(-1.0, lo), min(1.0, hi)


def t_crit(df: float) -> float:
    """Two-sided 95% Student t quantile (Cornish-Fisher expansion; within 1% from 3 df up)."""
    if df <= 0 or math.isinf(df):
        return Z95
    z = Z95
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high) of the mean; a single value gives a zero-width interval."""
    vals = [float(v) for v in values]
    if not vals:
        return 0.0, 0.0, 0.0
    m = statistics.fmean(vals)
    if len(vals) < 2:
        return m, m, m
    half = t_crit(len(vals) - 1) * statistics.stdev(vals) / math.sqrt(len(vals))
    return m, m - half, m + half


def diff_means(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """(mean(a) - mean(b), low, high) by Welch's interval (unequal spreads allowed)."""
    a = [float(v) for v in a]
    b = [float(v) for v in b]
    if not a or not b:
        return 0.0, 0.0, 0.0
    d = statistics.fmean(a) - statistics.fmean(b)
    va = statistics.variance(a) / len(a) if len(a) > 1 else 0.0
    vb = statistics.variance(b) / len(b) if len(b) > 1 else 0.0
    se = math.sqrt(va + vb)
    if se == 0:
        return d, d, d
    num = (va + vb) ** 2
    den = (va ** 2 / (len(a) - 1) if len(a) > 1 else 0.0) + (vb ** 2 / (len(b) - 1) if len(b) > 1 else 0.0)
    df = num / den if den > 0 else math.inf
    half = t_crit(df) * se
    return d, d - half, d + half


def is_real(lo: float, hi: float) -> bool:
    """The interval leaves out zero: more than the luck of the deal at this number of games."""
    return lo > 0 or hi < 0


def leader(scores: Sequence[float]) -> int | None:
    """The seat strictly ahead, or None on a tie for the lead."""
    if not scores:
        return None
    best = max(scores)
    top = [i for i, s in enumerate(scores) if s == best]
    return top[0] if len(top) == 1 else None


def lead_changes(track: Sequence[Sequence[float]]) -> int:
    """How often the sole leader became someone else (a tie in between is not a change by itself:
    A ahead, level, then B ahead counts once; A ahead, level, A ahead again counts none)."""
    changes = 0
    current: int | None = None
    for row in track:
        who = leader(row[1:])
        if who is None:
            continue
        if current is not None and who != current:
            changes += 1
        current = who
    return changes


def winner_clear(track: Sequence[Sequence[float]], winners: Sequence[int]) -> float | None:
    """The share of the game (0 = from the start, 1 = only at the very end) after which a winner
    was always in the lead (alone or level). None for a game without winners."""
    if not winners or not track:
        return None
    n = len(track)
    first = n - 1
    for i in range(n - 1, -1, -1):
        scores = list(track[i][1:])
        best = max(scores)
        if any(scores[w] == best for w in winners if w < len(scores)):
            first = i
        else:
            break
    return first / (n - 1) if n > 1 else 0.0


def share_sentence(what: str, d: float, lo: float, hi: float, games: tuple[int, int]) -> str:
    """A plain sentence on a difference of shares (in percentage points)."""
    span = f"95% interval {lo * 100:+.0f} to {hi * 100:+.0f}"
    pts = f"{d * 100:+.0f} points ({span})"
    if is_real(lo, hi):
        way = "higher" if d > 0 else "lower"
        return (f"{what} is {way} by {abs(d) * 100:.0f} points ({span}): a real effect, not the luck of "
                f"{games[0]} and {games[1]} games.")
    return (f"{what} changes by {pts}: no clear effect; the games played cannot tell it from luck "
            f"(more games would narrow the interval).")


def mean_sentence(what: str, d: float, lo: float, hi: float, unit: str = "") -> str:
    """A plain sentence on a difference of means."""
    u = f" {unit}" if unit else ""
    fmt = _fmt(max(abs(lo), abs(hi)))
    span = f"95% interval {lo:+{fmt}} to {hi:+{fmt}}"
    if is_real(lo, hi):
        way = "more" if d > 0 else "less"
        return f"{what}: {way} by {abs(d):{fmt}}{u} ({span}), a real effect."
    return f"{what}: {d:+{fmt}}{u} ({span}); no clear effect, it could be luck."


def _fmt(scale: float) -> str:
    return ".0f" if scale >= 20 else (".1f" if scale >= 2 else ".2f")
