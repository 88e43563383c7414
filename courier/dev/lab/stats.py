"""The few statistics a balance report needs, in plain Python (no numpy needed to play).

Intervals are 95%: Wilson's for a share (good near 0 and 1 and with few games), Student's t for
a mean. A variant is compared with its baseline *paired* (no unpaired interval is needed): both
play the same deals, so each deal gives one difference, and Student's t interval is taken over
those per-deal differences (``paired_interval``). A report makes several comparisons at once; ``family_alpha`` splits the 5%
between them (Bonferroni), so that an A/A study shows no effect at all 19 times in 20. Lead changes and
"when was the winner clear" read a game's score track (the scores at every round change).
"""

from __future__ import annotations

import math
import statistics
from statistics import NormalDist
from typing import Sequence

from courier.ai.rating import Z95, wilson  # noqa: F401  (one copy of the interval)


def z_for(alpha: float) -> float:
    """Two-sided normal quantile: 1.96 for ``alpha`` = 0.05."""
    return NormalDist().inv_cdf(1 - alpha / 2)


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (Lentz's method)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c if abs(1 + aa / c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c if abs(1 + aa / c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-13:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """Regularised incomplete beta I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1 - x))
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1 - front * _betacf(b, a, 1 - x) / b


def t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with ``df`` degrees of freedom."""
    if math.isinf(df):
        return 2 * (1 - NormalDist().cdf(abs(t)))
    return _betainc(df / 2, 0.5, df / (df + t * t))


def t_quantile(alpha: float, df: float) -> float:
    """The t value leaving ``alpha`` in both tails together (2.228 for 0.05 and 10 df)."""
    if df <= 0 or math.isinf(df):
        return z_for(alpha)
    lo, hi = 0.0, 10.0
    while t_two_sided_p(hi, df) > alpha:
        hi *= 2
    for _ in range(100):
        mid = (lo + hi) / 2
        if t_two_sided_p(mid, df) > alpha:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def family_alpha(comparisons: int, alpha: float = 0.05) -> float:
    """Bonferroni: each of ``comparisons`` intervals is taken at ``alpha / comparisons`` so that
    all of them together hold with at least ``1 - alpha``."""
    return alpha / max(1, comparisons)


def sign_test_p(k: int) -> float:
    """Two-sided sign-test p-value when all ``k`` differences go the same way."""
    return min(1.0, 2 * 0.5 ** k)


def paired_interval(diffs: Sequence[float], alpha: float = 0.05) -> tuple[float, float, float]:
    """(mean, low, high) of per-seed differences (variant minus baseline): Student's t interval at
    level ``1 - alpha``. When every difference is the same (a single seed, or a rule that always
    moves the number by exactly as much), the spread says nothing: the interval is that value
    only if a sign test on that many seeds clears ``alpha``, otherwise it reaches to zero
    (three games all one round longer are not yet a real effect)."""
    d = [float(v) for v in diffs]
    if not d:
        return 0.0, 0.0, 0.0
    m = statistics.fmean(d)
    sd = statistics.stdev(d) if len(d) > 1 else 0.0
    if sd <= 1e-12 * max(1.0, abs(m)):
        if m == 0 or sign_test_p(len(d)) < alpha:
            return m, m, m
        return m, min(0.0, m), max(0.0, m)
    half = t_quantile(alpha, len(d) - 1) * sd / math.sqrt(len(d))
    return m, m - half, m + half


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high) of the mean; a single value gives a zero-width interval."""
    vals = [float(v) for v in values]
    if not vals:
        return 0.0, 0.0, 0.0
    m = statistics.fmean(vals)
    if len(vals) < 2:
        return m, m, m
    half = t_quantile(0.05, len(vals) - 1) * statistics.stdev(vals) / math.sqrt(len(vals))
    return m, m - half, m + half


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


def _span(lo: float, hi: float, fmt: str, scale: float, comparisons: int) -> str:
    tail = "" if comparisons <= 1 else f", corrected for the report's {comparisons} comparisons"
    return f"95% interval {lo * scale:+{fmt}} to {hi * scale:+{fmt}}{tail}"


def share_sentence(what: str, d: float, lo: float, hi: float, games: tuple[int, int] | int,
                   comparisons: int = 1) -> str:
    """A plain sentence on a difference of shares (in percentage points). ``games``: the distinct
    games (or pairs of games) it rests on."""
    if d == lo == hi == 0:
        return f"{what} is the same in every game: no effect."
    span = _span(lo, hi, ".0f", 100, comparisons)
    n = games if isinstance(games, int) else min(games)
    if is_real(lo, hi):
        way = "higher" if d > 0 else "lower"
        return f"{what} is {way} by {abs(d) * 100:.0f} points ({span}): a real effect, not the luck of {n} games."
    return (f"{what} changes by {d * 100:+.0f} points ({span}): no clear effect; the games played cannot tell it "
            f"from luck (more games would narrow the interval).")


def mean_sentence(what: str, d: float, lo: float, hi: float, unit: str = "", comparisons: int = 1) -> str:
    """A plain sentence on a difference of means."""
    u = f" {unit}" if unit else ""
    if d == lo == hi == 0:
        return f"{what}: the same in every game, no effect."
    fmt = _fmt(max(abs(lo), abs(hi)))
    span = _span(lo, hi, fmt, 1, comparisons)
    if is_real(lo, hi):
        way = "more" if d > 0 else "less"
        return f"{what}: {way} by {abs(d):{fmt}}{u} ({span}), a real effect."
    return f"{what}: {d:+{fmt}}{u} ({span}); no clear effect, it could be luck."


def _fmt(scale: float) -> str:
    return ".0f" if scale >= 20 else (".1f" if scale >= 2 else ".2f")
