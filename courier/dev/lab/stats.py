"""The few statistics a balance report needs, in plain Python (no numpy needed to play).

Intervals are 95%: Wilson's for a share (good near 0 and 1 and with few games), Student's t for
a mean. A variant is compared with its baseline *paired* (no unpaired interval is needed): both
play the same deals, so each deal gives one difference, and Student's t interval is taken over
those per-deal differences (``paired_interval``). A report makes several comparisons at once; ``family_alpha`` splits the 5%
between them (Bonferroni), so that an A/A study shows no effect at all 19 times in 20. Lead changes and
"when was the winner clear" read a game's score track (the scores at every round change).
"""

from __future__ import annotations

import functools
import math
import statistics
from statistics import NormalDist
from typing import Any, Sequence

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


@functools.lru_cache(maxsize=4096)
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


#: "about fair" is said only when the whole interval lies within this many points (as a share:
#: 0.05 = 5 points) of the fair share; a wider interval that holds the fair share is "not shown"
NARROW = 0.05
#: the edge (in points of win share, as a share) a designer cares about, when the study names none
EDGE = 0.05
#: the power the "games needed" note aims at: the chance that an edge of that size is shown
POWER = 0.8


def fair_verdict(p: float, lo: float, hi: float, fair: float, games: int, narrow: float = NARROW) -> dict[str, Any]:
    """Where a win share stands against a fair share, judged on its (corrected) interval:
    ``more``/``less`` (the interval leaves the fair share out), ``about`` (the whole interval
    within ``narrow`` of it) or ``not shown`` (it holds the fair share but is too wide to say).
    ``words`` says so in a sentence's ending."""
    if lo > fair:
        verdict, words = "more", f"more than a fair share of {fair * 100:.0f}% (a real edge)"
    elif hi < fair:
        verdict, words = "less", f"less than a fair share of {fair * 100:.0f}% (a real handicap)"
    elif fair - narrow <= lo and hi <= fair + narrow:
        verdict, words = "about", f"about fair (within {narrow * 100:.0f} points of {fair * 100:.0f}%)"
    else:
        verdict = "not shown"
        words = (f"not shown either way ({games} game{'s' if games != 1 else ''}; the interval is {lo * 100:.0f}% to {hi * 100:.0f}%, "
                 f"fair is {fair * 100:.0f}%)")
    return {"verdict": verdict, "words": words, "low": round(lo, 4), "high": round(hi, 4), "fair": round(fair, 4)}


def games_to_show(edge: float, fair: float, alpha: float = 0.05, power: float = POWER) -> int:
    """Games needed for a seat that truly wins ``fair + edge`` to be shown off its fair share at
    level ``alpha`` (two-sided, normal approximation to the binomial), with chance ``power``."""
    p1 = min(max(fair + edge, 1e-6), 1 - 1e-6)
    if edge == 0:
        return 0
    z_a, z_b = z_for(alpha), NormalDist().inv_cdf(power)
    n = ((z_a * math.sqrt(fair * (1 - fair)) + z_b * math.sqrt(p1 * (1 - p1))) / abs(edge)) ** 2
    return int(math.ceil(n))


def paired_games_to_show(edge: float, sd: float, alpha: float = 0.05, power: float = POWER) -> int | None:
    """Deals needed for a paired difference of ``edge`` to be shown (its interval to leave out 0)
    with chance ``power``, given the per-deal differences' standard deviation ``sd``."""
    if edge == 0 or sd <= 0:
        return None
    z_a, z_b = z_for(alpha), NormalDist().inv_cdf(power)
    return int(math.ceil(((z_a + z_b) * sd / abs(edge)) ** 2))


def power_of(effect: float, se: float, alpha: float, df: float = math.inf) -> float:
    """The chance that an effect of ``effect`` with standard error ``se`` is shown at ``alpha``
    (two-sided; the interval's own t quantile for ``df`` degrees of freedom, normal otherwise)."""
    if se <= 0:
        return 1.0 if effect else 0.0
    z = t_quantile(alpha, df)
    nd = NormalDist()
    return nd.cdf(abs(effect) / se - z) + nd.cdf(-abs(effect) / se - z)


def percentiles(values: Sequence[float], qs: Sequence[int] = (10, 25, 50, 75, 90)) -> dict[str, float]:
    """The ``qs`` percentiles of ``values`` (linear between order statistics), as ``{"p10": ...}``."""
    v = sorted(float(x) for x in values)
    if not v:
        return {}
    out = {}
    for q in qs:
        pos = (len(v) - 1) * q / 100
        i = int(math.floor(pos))
        frac = pos - i
        x = v[i] if i + 1 >= len(v) else v[i] + (v[i + 1] - v[i]) * frac
        out[f"p{q}"] = round(x, 3)
    return out


def histogram(values: Sequence[float], bins: int = 10) -> list[dict[str, float]]:
    """Counts of ``values`` in equal bins (whole-number values one bin each when few)."""
    v = [float(x) for x in values]
    if not v:
        return []
    lo, hi = min(v), max(v)
    if all(x.is_integer() for x in v) and hi - lo + 1 <= 2 * bins:
        return [{"from": k, "to": k, "count": sum(1 for x in v if x == k)} for k in range(int(lo), int(hi) + 1)]
    if hi == lo:
        return [{"from": lo, "to": hi, "count": len(v)}]
    width = (hi - lo) / bins
    out = []
    for b in range(bins):
        a, z = lo + b * width, lo + (b + 1) * width
        out.append({"from": round(a, 3), "to": round(z, 3),
                    "count": sum(1 for x in v if a <= x < z or (b == bins - 1 and x == hi))})
    return out
