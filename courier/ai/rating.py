"""One rating scale per game for every computer player: Bradley-Terry strengths fitted on the
finished games of ``courier simulate`` records, shown as Elo points with bootstrap intervals.

Win shares say how one pairing went; a rating puts every level and every outside yardstick on one
line, so "Normal beats greedy 40% of the time" and "Hard beats Normal 63%" can be read together.
A game of several seats counts as one result for every pair of seats in it: a winner beats each
non-winner, winners tie with each other, two losers tie. Every player also gets one win and one
loss against a virtual player at 0, so a player that never lost still has a finite rating.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from pathlib import Path
from typing import Iterable, Sequence

from courier.rules.rng import Rng

ELO = 400.0 / math.log(10.0)  # Elo points per natural-log unit of strength
PRIOR = "(prior)"
Z95 = 1.959963984540054  # two-sided 95%
Z90 = 1.6448536269514722  # two-sided 90%, as the strength records report

#: one game: the kinds that sat at the table (seat order) and the winning seats
Game = tuple[Sequence[str], Sequence[int]]


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float, float]:
    """(share, low, high): Wilson's interval for ``successes`` out of ``n`` (fractional counts allowed:
    shared wins). Good near 0 and 1 and with few games; the one copy the lab and the records use."""
    if n <= 0:
        return 0.0, 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    # rounding can leave an end a hair inside the share itself (k = n gives 0.9999...)
    return p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def pairwise(games: Iterable[Game]) -> dict[tuple[str, str], float]:
    """wins[(a, b)]: how often kind ``a`` finished ahead of kind ``b`` (ties count half each way).
    Two seats of the same kind in one game tell nothing and are skipped."""
    wins: dict[tuple[str, str], float] = defaultdict(float)
    for kinds, winners in games:
        won = set(winners)
        for i, a in enumerate(kinds):
            for j, b in enumerate(kinds):
                if j <= i or a == b:
                    continue
                if (i in won) == (j in won):
                    wins[(a, b)] += 0.5
                    wins[(b, a)] += 0.5
                elif i in won:
                    wins[(a, b)] += 1.0
                else:
                    wins[(b, a)] += 1.0
    return dict(wins)


def fit(wins: dict[tuple[str, str], float], iterations: int = 500) -> dict[str, float]:
    """Bradley-Terry log-strengths (mean 0) by Hunter's MM updates, with the one-win-one-loss prior."""
    players = sorted({p for pair in wins for p in pair})
    w = dict(wins)
    for p in players:
        w[(p, PRIOR)] = w.get((p, PRIOR), 0.0) + 1.0
        w[(PRIOR, p)] = w.get((PRIOR, p), 0.0) + 1.0
    everyone = players + [PRIOR]
    strength = {p: 1.0 for p in everyone}
    games: dict[tuple[str, str], float] = defaultdict(float)
    for (a, b), n in w.items():
        games[(a, b)] += n
        games[(b, a)] += n
    won = {p: sum(n for (a, _), n in w.items() if a == p) for p in everyone}
    for _ in range(iterations):
        new = {}
        for p in players:
            denom = sum(n / (strength[p] + strength[q]) for (a, q), n in games.items() if a == p)
            new[p] = won[p] / denom if denom > 0 else strength[p]
        new[PRIOR] = 1.0  # the anchor
        strength = new
    logs = {p: math.log(strength[p]) for p in players}
    mean = sum(logs.values()) / len(logs) if logs else 0.0
    return {p: v - mean for p, v in logs.items()}


def rate(games: Sequence[Game], anchor: str | None = None, samples: int = 200,
         seed: int = 1) -> list[dict[str, float | str | int]]:
    """Rows best first: kind, Elo (``anchor`` at 0 if it played, else the mean at 0), the 5-95%
    bootstrap interval (games resampled with replacement), and the games the kind played."""
    def elo(games_: Sequence[Game]) -> dict[str, float]:
        r = fit(pairwise(games_))
        zero = r.get(anchor, 0.0) if anchor else 0.0
        return {p: (v - zero) * ELO for p, v in r.items()}

    point = elo(games)
    rng = Rng(seed)
    draws: dict[str, list[float]] = defaultdict(list)
    for _ in range(samples if games else 0):
        sample = [games[rng.randbelow(len(games))] for _ in range(len(games))]
        for p, v in elo(sample).items():
            draws[p].append(v)
    played: dict[str, int] = defaultdict(int)
    for kinds, _ in games:
        for k in set(kinds):
            played[k] += 1
    rows = []
    for p, v in sorted(point.items(), key=lambda kv: -kv[1]):
        d = sorted(draws[p]) or [v]
        rows.append({"kind": p, "elo": round(v), "low": round(d[int(0.05 * (len(d) - 1))]),
                     "high": round(d[int(0.95 * (len(d) - 1))]), "games": played[p]})
    return rows


def games_from_records(paths: Iterable[Path]) -> dict[str, list[Game]]:
    """Finished games per game id from ``courier simulate --record`` files (other lines skipped)."""
    out: dict[str, list[Game]] = defaultdict(list)
    for path in paths:
        game_id = ""
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
            except ValueError:
                continue
            if not isinstance(row, dict):
                continue
            if "record" in row:
                game_id = str(row.get("game", ""))
            elif game_id and row.get("finished") and "kinds" in row:
                out[game_id].append((list(row["kinds"]), list(row.get("winners", []))))
    return dict(out)


def table(per_game: dict[str, list[Game]], anchor: str = "greedy", samples: int = 200) -> str:
    """A markdown table: one block of rows per game, Elo with its 90% interval."""
    lines = ["| game | player | Elo | 90% interval | games |", "|---|---|---:|---|---:|"]
    for game_id in sorted(per_game):
        for row in rate(per_game[game_id], anchor=anchor, samples=samples):
            lines.append(f"| {game_id} | {row['kind']} | {row['elo']:+d} | {row['low']:+d} .. {row['high']:+d} "
                         f"| {row['games']} |")
    return "\n".join(lines)
