"""``courier lab tune``: search settings toward a target the designer names, then confirm.

A tuning file is a study without variants, plus what to search and what to aim at:

    title = "Out For Delivery: a fair start"
    game = "out-for-delivery"
    players = 3
    seats = ["heuristic-normal"]
    budget = 600            # games for the search, all candidates together
    confirm_games = 200     # fresh games to confirm the best candidate

    [search]                # every combination is a candidate
    start_gold = [0, 25, 50, 75, 100]

    [target]
    measure = "first_player"   # first_player, rounds, minutes, margin, spread
    within = 2                 # first_player: the advantage in points; others: in the measure's unit
    # value = 25               # the value to aim at (first_player: 0 points over a fair share)

The search is **successive halving** (Karnin, Koren and Somekh 2013; Jamieson and Talwalkar 2016):
every candidate plays a few games, the better half goes on to play more, and so on until one is
left, so most games go to the promising settings. Every candidate plays the same deals (common
random numbers), so they are compared on equal luck. The winner is then played on deals the
search never saw and its measure is given with a 95% interval: the search picks, the
confirmation says how sure.
"""

from __future__ import annotations

import itertools
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from courier.dev.lab import analysis, stats
from courier.dev.lab.study import Study, StudyError, _Where, parse_text, check

MEASURES = ("first_player", "rounds", "minutes", "margin", "spread")
#: the confirmation deals with study seed ``seed + CONFIRM_OFFSET``: deals the search never saw
CONFIRM_OFFSET = 1_000_003


@dataclass
class Target:
    measure: str
    value: float
    within: float

    def describe(self, players: int) -> str:
        if self.measure == "first_player":
            return (f"the first player's advantage (win share minus a fair {100 / players:.0f}%) within "
                    f"{self.value:+g} +/- {self.within:g} points")
        return f"{self.measure} within {self.value:g} +/- {self.within:g}"


@dataclass
class Tuning:
    study: Study
    target: Target
    budget: int
    confirm_games: int
    candidates: list[dict[str, Any]] = field(default_factory=list)


def load_tuning(path: Path | str) -> Tuning:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise StudyError(path.name, [f"{path}: cannot be read ({exc})"]) from None
    return tuning_from_text(text, path.name, "yaml" if path.suffix.lower() in (".yaml", ".yml") else "toml")


def tuning_from_text(text: str, source: str = "tune.toml", fmt: str = "toml") -> Tuning:
    data, where = parse_text(text, source, fmt)
    problems = []
    search = data.pop("search", None)
    target = data.pop("target", None)
    budget = data.pop("budget", 400)
    confirm = data.pop("confirm_games", 200)
    if "variants" in data or "sweeps" in data:
        problems.append(where(("variants",), "a tuning file has no variants: the candidates come from [search]"))
    if not isinstance(search, dict) or not search:
        problems.append(where(("search",), "name the settings to search, each with its values: "
                                           "[search] start_gold = [0, 25, 50]"))
        search = {}
    grid: list[tuple[str, list[Any]]] = []
    for key, values in search.items():
        if not isinstance(values, list) or len(values) < 2:
            problems.append(where(("search", key), "give a list of at least two values"))
        else:
            grid.append((key, values))
    if not isinstance(target, dict):
        problems.append(where(("target",), "name a target: [target] measure = \"first_player\", within = 2"))
        target = {}
    measure = target.get("measure", "first_player")
    if measure not in MEASURES:
        problems.append(where(("target", "measure"), f"there is no measure {measure!r}; measures: {', '.join(MEASURES)}"))
    for key, v, low in (("budget", budget, 2), ("confirm_games", confirm, 2)):
        if isinstance(v, bool) or not isinstance(v, int) or v < low:
            problems.append(where((key,), f"give a whole number of games, at least {low}"))
    value = target.get("value", 0.0 if measure == "first_player" else None)
    if value is None or isinstance(value, bool) or not isinstance(value, (int, float)):
        problems.append(where(("target", "value"), "give the value to aim at, e.g. value = 25"))
        value = 0.0
    within = target.get("within", 2.0 if measure == "first_player" else 0.0)
    if isinstance(within, bool) or not isinstance(within, (int, float)) or within < 0:
        problems.append(where(("target", "within"), "give how close is close enough, zero or more"))
        within = 0.0
    if problems:
        raise StudyError(source, problems)
    candidates = [dict(zip([k for k, _ in grid], combo)) for combo in itertools.product(*[v for _, v in grid])]
    data["variants"] = {f"c{i}": dict(c) for i, c in enumerate(candidates)}
    data.setdefault("games", 1)
    study = check(data, where)
    return Tuning(study=study, target=Target(measure, float(value), float(within)), budget=int(budget),
                  confirm_games=int(confirm), candidates=candidates)


def measure_of(measure: str, records: list[dict[str, Any]], seconds: float) -> list[float]:
    """One value per distinct game (first_player: the first player's share of the win, 0-1)."""
    out = []
    for r in analysis.distinct(records):
        if measure == "first_player":
            w = r["winners"]
            out.append(1.0 / len(w) if w and r.get("first", 0) in w else 0.0)
        elif measure == "rounds":
            out.append(float(r["rounds"] or 0))
        elif measure == "minutes":
            out.append(analysis.minutes(r, seconds))
        elif measure == "margin":
            out.append(analysis.margin(r))
        elif measure == "spread":
            out.append(analysis.spread(r))
    return out


def estimate(t: Tuning, records: list[dict[str, Any]], players: int) -> tuple[float, float, float]:
    """(value, low, high) of the target's measure, in the target's unit (first_player: points over
    a fair share)."""
    vals = measure_of(t.target.measure, records, t.study.seconds_per_decision)
    if t.target.measure == "first_player":
        k = sum(vals)
        p, lo, hi = stats.wilson(k, len(vals))
        fair = 1 / players
        return (p - fair) * 100, (lo - fair) * 100, (hi - fair) * 100
    return stats.mean_ci(vals)


def loss(t: Tuning, value: float) -> float:
    """How far from the target band (0 inside it)."""
    return max(0.0, abs(value - t.target.value) - t.target.within)


def _tasks(t: Tuning, arm: Any, start: int, stop: int, confirm: bool = False) -> list[dict[str, Any]]:
    """Games ``start`` to ``stop`` of a candidate: the same deals for every candidate; the
    confirmation's deals come from another study seed, so the search never saw them."""
    from courier.dev.lab.play import task
    from courier.dev.lab.study import arrangements, game_seed

    ways = arrangements(arm.seats)
    seed = t.study.seed + (CONFIRM_OFFSET if confirm else 0)
    out = []
    for i in range(start, stop):
        order = ways[i % len(ways)]
        out.append(task(t.study.game_id, arm.key + ("~confirm" if confirm else ""), i, game_seed(seed, i // len(ways)),
                        [arm.seats[k] for k in order], order, arm.options,
                        name=f"{arm.ref}{'~confirm' if confirm else ''}#{i}"))
    return out


def successive_halving(t: Tuning, play: Callable[[list[dict[str, Any]]], list[dict[str, Any]]],
                       note: Callable[[str], None] = lambda s: None) -> dict[str, Any]:
    """Search the candidates with successive halving; returns the rounds and the survivor."""
    arms = [a for a in t.study.arms if a.variant != "baseline"]
    players = arms[0].players
    rounds = max(1, math.ceil(math.log2(len(arms))))
    games: dict[str, list[dict[str, Any]]] = {a.key: [] for a in arms}
    alive = list(arms)
    history = []
    spent = 0
    for rnd in range(rounds):
        # each round shares an equal part of the budget among the candidates still in it: every
        # survivor plays that many more deals, and is judged on all the deals it has played
        per = max(2, t.budget // (rounds * len(alive)))
        todo = []
        for a in alive:
            have = len(games[a.key])
            todo += _tasks(t, a, have, have + per)
        for rec in play(todo):
            games[rec["arm"]].append(rec)
        spent += len(todo)
        scored = []
        for a in alive:
            v, lo, hi = estimate(t, games[a.key], players)
            scored.append((loss(t, v), abs(v - t.target.value), a, v, lo, hi))
        scored.sort(key=lambda s: (s[0], s[1], s[2].variant))
        history.append({"round": rnd + 1, "games_each": len(games[alive[0].key]),
                        "candidates": [{"settings": _settings(t, s[2]), "value": round(s[3], 3), "low": round(s[4], 3),
                                        "high": round(s[5], 3), "loss": round(s[0], 3)} for s in scored]})
        note(f"round {rnd + 1} of {rounds}: {len(alive)} candidates, {len(games[alive[0].key])} games each; best so far "
             f"{_words(_settings(t, scored[0][2]))} at {scored[0][3]:.2f}")
        alive = [s[2] for s in scored[:max(1, math.ceil(len(scored) / 2))]]
        if len(alive) == 1:
            break
    best = alive[0]
    return {"method": "successive halving", "rounds": history, "games": spent, "best": best}


def _settings(t: Tuning, arm: Any) -> dict[str, Any]:
    return t.candidates[int(arm.variant[1:])]


def _words(settings: dict[str, Any]) -> str:
    return ", ".join(f"{k} = {json.dumps(v)}" for k, v in settings.items())


def run_tuning(t: Tuning, jobs: int = 1, cluster: Any = None, note: Callable[[str], None] = lambda s: None,
               out_dir: Path | None = None) -> dict[str, Any]:
    """Search, then confirm the best candidate on fresh deals; the result as plain data."""
    from courier.dev.lab.runner import _play

    def play(todo: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return list(_play(todo, jobs, cluster, note)) if todo else []

    players = t.study.arms[0].players
    search = successive_halving(t, play, note)
    best = search.pop("best")
    confirm = play(_tasks(t, best, 0, t.confirm_games, confirm=True))
    v, lo, hi = estimate(t, confirm, players)
    band = (t.target.value - t.target.within, t.target.value + t.target.within)
    verdict = ("met: the whole interval is inside the target" if band[0] <= lo and hi <= band[1]
               else "missed: the whole interval is outside the target" if hi < band[0] or lo > band[1]
               else "not sure: the interval reaches both inside and outside the target (more confirmation games would tell)")
    result = {
        "game": t.study.game_id, "players": players, "seats": list(t.study.arms[0].seats),
        "target": t.target.describe(players), "method": search["method"], "search_games": search["games"],
        "rounds": search["rounds"], "best": _settings(t, best),
        "confirmation": {"games": len(analysis.distinct(confirm)), "value": round(v, 3), "low": round(lo, 3),
                         "high": round(hi, 3), "verdict": verdict,
                         "unit": "points over a fair share" if t.target.measure == "first_player" else t.target.measure,
                         "seats": _confirmed_seats(t, confirm, players)},
        "seed": t.study.seed,
    }
    if out_dir is not None:
        from courier.dev.lab import tune_report

        Path(out_dir).mkdir(parents=True, exist_ok=True)
        (Path(out_dir) / "tune.json").write_text(json.dumps(result, indent=1), encoding="utf-8")
        tune_report.write(Path(out_dir), t.study.title, result)
    return result


def _confirmed_seats(t: Tuning, confirm: list[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """The confirmed setting's seats and roles against a fair share, corrected for their number."""
    from courier.dev.lab import seats

    records = analysis.distinct(confirm)
    judged = seats.count_judged(players, len(seats.role_values(records)))
    return seats.judge_arm(t.study.game_id, players, records, stats.family_alpha(judged), t.study.edge)


def describe(result: dict[str, Any]) -> list[str]:
    c = result["confirmation"]
    sign = "+" if c["unit"] == "points over a fair share" else ""
    return [f"target: {result['target']}",
            f"search: {result['method']}, {result['search_games']} games over {len(result['rounds'])} rounds",
            f"best setting: {_words(result['best'])}",
            f"confirmation on {c['games']} fresh games: {c['value']:{sign}.2f} {c['unit']} "
            f"(95% interval {c['low']:{sign}.2f} to {c['high']:{sign}.2f}): {c['verdict']}"]

