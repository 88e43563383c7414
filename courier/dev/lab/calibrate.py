"""Calibration: does the lab keep its promises on real games?

Two checks, both through the same comparison code a report uses (``analysis.compare``):

- **A/A**: the "variant" is the baseline itself, played on other seeds (so its games are as
  different from the baseline's as luck makes them, but no rule changed). Each run is one
  two-arm study with the report's number of comparisons; a run that calls any measure a real
  effect is a false alarm. The lab promises at most 5 false alarms in 100 runs.
- **Planted effect**: the same, with a known amount added to one measure of every variant game.
  The 95% interval must hold the true amount about 95 times in 100 (the corrected interval at
  least as often), and the effect is found as often as its size and the luck allow.
- **Every seat and role** (``seats_and_roles``): the A/A runs again, now counting a run that
  claims any seat or any role changed (at most 5 in 100 may), and a **planted role effect**: in
  the variant's games the seat holding a role (the Rogue player) is made the winner of a share of
  the games it lost, a known rise of its win share; it must be found about as often as the power
  computed from each run's own standard error promises (normal approximation at the corrected
  level), and its interval must hold the true rise at the promised rate.

A literal A/A study (a variant whose settings equal the baseline's) needs no calibration: with
pairing its games are the baseline's, move for move, and the report says so. ``literal_aa``
runs it through the runner to show it.

    python -m courier.dev.lab.calibrate --game out-for-delivery --players 3 --runs 100 --games 30
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from typing import Any

from courier.dev.lab import analysis, stats
from courier.dev.lab.play import task
from courier.dev.lab.study import Study, game_seed, study_from_text

PLANTED_METRIC = "rounds"


def _study(game: str, players: int, seats: list[str], games: int) -> Study:
    from courier import boards

    boards.install()  # the study's check plays a test game: the boards must be there first
    seat_list = ", ".join(json.dumps(s) for s in seats)
    return study_from_text(f'game = "{game}"\nplayers = {players}\nseats = [{seat_list}]\ngames = {games}\n'
                           f'[variants.same]\n', "calibration.toml")


def play_pool(game: str, players: int, seats: list[str], n: int, seed: int, jobs: int = 1, cluster: Any = None,
              options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """``n`` games on the deals ``0 .. n - 1`` of study seed ``seed``, played locally or on a Dask
    cluster."""
    from courier.dev.lab.runner import _play

    chosen = [seats[i % len(seats)] for i in range(players)]
    todo = [task(game, "pool", i, game_seed(seed, i), chosen, list(range(players)), dict(options or {})) for i in range(n)]
    out = {r["index"]: r for r in _play(todo, jobs, cluster, lambda text: None)}
    return [out[i] for i in range(n)]


def aa_and_planted(pool: list[dict[str, Any]], study: Study, games: int, runs: int,
                   planted: float) -> dict[str, Any]:
    """Split ``pool`` into ``runs`` A/A studies of ``games`` pairs each and count what the
    analysis says; then the same with ``planted`` added to every variant game's rounds."""
    base_arm, var_arm = study.arms[0], study.arms[1]
    m = analysis.count_comparisons(study)
    alpha = stats.family_alpha(m)
    false_alarms = held = held95 = found = 0
    alarms_by_metric: dict[str, int] = {}
    widths = []
    for k in range(runs):
        block = pool[2 * games * k: 2 * games * (k + 1)]
        if len(block) < 2 * games:
            raise ValueError(f"the pool holds {len(pool)} games; {runs} runs of {games} pairs need {2 * games * runs}")
        base = [dict(r, arm=base_arm.key, index=i) for i, r in enumerate(block[:games])]
        # the other half, dealt as if on the baseline's seeds: pairs of games alike in all but luck
        var = [dict(r, arm=var_arm.key, index=i, seed=b["seed"], seats=b["seats"])
               for i, (r, b) in enumerate(zip(block[games:], base))]
        c = analysis.compare(study, var_arm, base_arm, var, base, alpha, m)
        real = [r["metric"] for r in c["rows"] if r["real"]]
        false_alarms += bool(real)
        for metric in real:
            alarms_by_metric[metric] = alarms_by_metric.get(metric, 0) + 1
        shifted = [dict(r, rounds=(r["rounds"] or 0) + planted) for r in var]
        c = analysis.compare(study, var_arm, base_arm, shifted, base, alpha, m)
        row = next(r for r in c["rows"] if r["metric"] == PLANTED_METRIC)
        held += row["low"] <= planted <= row["high"]
        held95 += row["low95"] <= planted <= row["high95"]
        found += row["real"]
        widths.append(row["high95"] - row["low95"])
    return {"runs": runs, "pairs_per_run": games, "comparisons_per_report": m, "correction": "Bonferroni",
            "aa_runs_with_any_real_effect": false_alarms, "aa_alarms_by_measure": alarms_by_metric,
            "planted": planted, "planted_measure": PLANTED_METRIC,
            "planted_held_by_95_interval": held95, "planted_held_by_corrected_interval": held,
            "planted_found": found, "mean_95_interval_width": round(sum(widths) / len(widths), 3)}


def _role_holders(r: dict[str, Any], family: str, value: str) -> list[int]:
    from courier.dev.lab.roles import families

    return [s for s, v in enumerate(families(r).get(family, [])) if v == value]


def plant_role(records: list[dict[str, Any]], family: str, value: str, share: float, seed: int) -> list[dict[str, Any]]:
    """``records`` with the seat holding ``value`` of ``family`` made the sole winner of a
    ``share`` of the games it did not win (chosen by a seeded draw per game)."""
    import random

    out = []
    for r in records:
        holders = _role_holders(r, family, value)
        rng = random.Random(seed * 1_000_003 + r["index"])
        if holders and not set(holders) & set(r["winners"]) and rng.random() < share:
            r = dict(r, winners=[holders[0]])
        out.append(r)
    return out


def seats_and_roles(pool: list[dict[str, Any]], study: Study, games: int, runs: int, role: tuple[str, str],
                    plant_share: float, seed: int = 1) -> dict[str, Any]:
    """The A/A runs of ``aa_and_planted`` judged on every seat and role, and a planted rise of
    ``role``'s win share (``plant_share`` of the games it lost turned into wins)."""
    from courier.dev.lab import seats

    base_arm, var_arm = study.arms[0], study.arms[1]
    family, value = role
    metric = f"{family}:{value}"
    # the true rise: the share of all games the role holder did not win, times the planted share
    held_games = [r for r in pool if _role_holders(r, family, value)]
    lost = sum(1 for r in held_games if not set(_role_holders(r, family, value)) & set(r["winners"]))
    truth = plant_share * lost / len(held_games)
    alarms = found = held = held95 = 0
    by_what: dict[str, int] = {}
    ses: list[tuple[float, float, int]] = []
    comparisons = []
    for k in range(runs):
        block = pool[2 * games * k: 2 * games * (k + 1)]
        if len(block) < 2 * games:
            raise ValueError(f"the pool holds {len(pool)} games; {runs} runs of {games} pairs need {2 * games * runs}")
        base = [dict(r, arm=base_arm.key, index=i) for i, r in enumerate(block[:games])]
        var = [dict(r, arm=var_arm.key, index=i, seed=b["seed"], seats=b["seats"])
               for i, (r, b) in enumerate(zip(block[games:], base))]
        m = analysis.count_comparisons(study, seats.roles_by_arm({base_arm.key: base, var_arm.key: var}))
        alpha = stats.family_alpha(m)
        comparisons.append(m)
        c = analysis.compare(study, var_arm, base_arm, var, base, alpha, m)
        claims = [r["label"] for r in c["seat_rows"] if r["real"]]
        claims += ["first seat"] if any(r["real"] for r in c["rows"] if r["metric"] == "first_player") else []
        alarms += bool(claims)
        for what in claims:
            by_what[what] = by_what.get(what, 0) + 1
        c = analysis.compare(study, var_arm, base_arm, plant_role(var, family, value, plant_share, seed + k), base,
                             alpha, m)
        row = next(r for r in c["seat_rows"] if r["metric"] == metric)
        found += row["real"] and row["diff"] > 0
        held += row["low"] <= truth <= row["high"]
        held95 += row["low95"] <= truth <= row["high95"]
        df = max(1, row["seeds"] - 1)
        ses.append(((row["high95"] - row["low95"]) / (2 * stats.t_quantile(0.05, df)), alpha, df))
    # the power an effect of the true size has at the runs' typical standard error and level
    se = statistics.median(x for x, _, _ in ses)
    expected = runs * stats.power_of(truth, se, statistics.median(a for _, a, _ in ses), statistics.median(d for _, _, d in ses))
    return {"runs": runs, "pairs_per_run": games, "comparisons_per_report": sorted(set(comparisons)),
            "aa_runs_with_any_seat_or_role_effect": alarms, "aa_seat_or_role_claims": by_what,
            "planted_role": value, "planted_share_of_lost_games": plant_share, "planted_rise": round(truth, 4),
            "planted_found": found, "planted_expected_found": round(expected, 1),
            "planted_held_by_95_interval": held95, "planted_held_by_corrected_interval": held}


def literal_aa(game: str, players: int, seats: list[str], games: int, runs: int, seed: int, setting: str,
               jobs: int = 1, cluster: Any = None) -> dict[str, Any]:
    """``runs`` studies whose variant sets ``setting`` to the value it already has, through the
    runner: how many call anything a real effect, how many say "played the same"."""
    import tempfile
    from pathlib import Path

    from courier.dev.lab.runner import run_study
    from courier.rules import registry

    value = getattr(registry.get(game).make_config(players=players), setting)
    seat_list = ", ".join(json.dumps(s) for s in seats)
    alarms = same = 0
    for k in range(runs):
        text = (f'game = "{game}"\nplayers = {players}\nseats = [{seat_list}]\ngames = {games}\nseed = {seed + k}\n'
                f'[variants.same]\n{setting} = {json.dumps(value)}\n')
        study = study_from_text(text, "aa.toml")
        with tempfile.TemporaryDirectory() as tmp:
            records = run_study(study, Path(tmp), jobs=jobs, cluster=cluster)["records"]
        (c,) = analysis.summarise(study, records)["comparisons"]
        alarms += any(r["real"] for r in c["rows"])
        same += c["identical"]
    return {"runs": runs, "games_per_run": games, "setting": f"{setting} = {value}",
            "runs_with_any_real_effect": alarms, "runs_played_the_same": same}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m courier.dev.lab.calibrate", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="out-for-delivery")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--seats", nargs="+", default=["heuristic-normal"])
    p.add_argument("--runs", type=int, default=100)
    p.add_argument("--games", type=int, default=30, help="pairs of games per A/A study")
    p.add_argument("--planted", type=float, default=2.0, help="rounds added to every variant game")
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--cluster", default=None)
    p.add_argument("--literal", metavar="SETTING", help="also run literal A/A studies setting SETTING to its value")
    p.add_argument("--role", nargs=2, metavar=("FAMILY", "VALUE"), help="also judge every seat and role, planting a "
                   "rise of this role's win share (e.g. role 'Rogue player')")
    p.add_argument("--plant-share", type=float, default=0.3, help="share of the role's lost games made wins")
    args = p.parse_args(argv)
    study = _study(args.game, args.players, args.seats, args.games)
    pool = play_pool(args.game, args.players, args.seats, 2 * args.games * args.runs, args.seed, args.jobs, args.cluster)
    out = {"game": args.game, "players": args.players, "seats": args.seats,
           **aa_and_planted(pool, study, args.games, args.runs, args.planted)}
    if args.role:
        out["seats_and_roles"] = seats_and_roles(pool, study, args.games, args.runs, tuple(args.role), args.plant_share)
    if args.literal:
        out["literal"] = literal_aa(args.game, args.players, args.seats, 12, args.runs, args.seed, args.literal,
                                    args.jobs, args.cluster)
    json.dump(out, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
