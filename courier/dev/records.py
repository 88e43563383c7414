"""The computer players' strength targets, played and reported from records kept in the repo.

Every pairing the strength targets name (each level against each outside yardstick, Hard against
Normal, Normal against Easy, Easy against random) is a ``courier simulate --record`` file under
``records/<game>/``. Playing is resumable: a run plays only the games its record does not hold yet,
so the 200-game records can be built up over several sittings, as long as the players decide as they
did when the record was made (its header keeps their behaviour key, ``courier.dev.behaviour``; a record
of players that decide differently now is refused by ``courier simulate``; ``report`` marks it and
``run --fresh-stale`` starts it again).

    courier records run [--game G] [--kind hard|fast] [--games 200] [--jobs 2]
    courier records report [--game G]      # targets table, then the rating table

The first seat of a pairing is the player being judged; its win share is compared with the target.
Two-player games rotate two seats; Next Day seats one of ours against two of the other kind (fair
share one third) and plays a multiple of three games so every seat is taken equally often.

The gauntlet's pairings (Normal and Hard against each outside style, ``courier.dev.gauntlet``) are kept
the same way. Its held-out styles are played only to judge players that are final: ``run`` passes
them by unless ``--judge`` is given, so no game against them can be read while a player changes.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, Iterator

from courier.dev.gauntlet import HELD_OUT, LEVELS as OUTSIDE
from courier.rules import registry

#: the checkout the records are kept in (a developer's tool: ``--records`` names another folder)
RECORDS = Path(__file__).resolve().parents[2] / "records"
SEED = 1
#: the games with computer players of their own (their parts name them), in name order
GAMES = tuple(sorted(g for g in registry.ids() if registry.part(g, "players")))

#: (judged seat, other seat, target win share of the judged seat, Next Day's target)
PAIRINGS: list[tuple[str, str, float, float]] = [
    ("ai-easy", "random", 0.95, 0.95),
    ("ai-normal", "ai-easy", 0.60, 0.50),
    ("ai-normal", "greedy", 0.65, 0.50),
    ("ai-normal", "rush", 0.65, 0.50),
    ("ai-hard", "greedy", 0.80, 0.60),
    ("ai-hard", "rush", 0.80, 0.60),
    ("ai-hard", "ai-normal", 0.60, 0.45),
]

#: the gauntlet: Normal and Hard against every outside style, with the issue's targets
GAUNTLET: list[tuple[str, str, float, float]] = [
    (judged, style, target, nd_target)
    for judged, target, nd_target in (("ai-normal", 0.65, 0.50), ("ai-hard", 0.80, 0.60))
    for style in OUTSIDE
]


def seats_of(game_id: str, judged: str, other: str) -> list[str]:
    return [judged, other, other] if game_id == "next-day" else [judged, other]


def games_for(game_id: str, games: int) -> int:
    n = len(seats_of(game_id, "a", "b"))
    return -(-games // n) * n  # a whole number of rotations


def path_of(game_id: str, seats: list[str], records: Path = RECORDS) -> Path:
    return records / game_id / ("_".join([seats[0], "vs", *seats[1:2]]) + ".jsonl")


def pairings(game_filter: str | None, kind: str | None,
             judged_filter: str | None = None, other_filter: str | None = None) -> Iterator[tuple[str, list[str], float]]:
    for game_id in GAMES:
        if game_filter and game_id != game_filter:
            continue
        for judged, other, target, nd_target in PAIRINGS + GAUNTLET:
            if judged_filter and judged != judged_filter or other_filter and other != other_filter:
                continue
            hard = "ai-hard" in (judged, other)
            if kind == "hard" and not hard or kind == "fast" and hard:
                continue
            yield game_id, seats_of(game_id, judged, other), nd_target if game_id == "next-day" else target


def read(path: Path) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    if not path.exists():
        return None, []
    head, rows = None, {}
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue
        if isinstance(row, dict) and row.get("record"):
            head = row
        elif isinstance(row, dict) and "index" in row:
            rows[int(row["index"])] = row
    return head, [rows[i] for i in sorted(rows)]


def run(args: argparse.Namespace) -> int:
    from courier.dev.behaviour import behaviour_key
    from courier.dev.simulate import run as simulate

    for game_id, seats, _target in pairings(args.game, args.kind, args.judged, args.against):
        path = path_of(game_id, seats, args.records)
        if seats[1] in HELD_OUT and not args.judge:
            if args.against:  # asked for by name: say why nothing is played
                print(f"skip {path}: {seats[1]} is held out until the players are final (--judge plays it)")
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        head, _ = read(path)
        if head is not None and head.get("behaviour") != behaviour_key(game_id, seats, {}):
            if not args.fresh_stale:
                print(f"skip {path}: recorded with players that decide differently now (--fresh-stale starts it again)")
                continue
            path.unlink()
        n = games_for(game_id, args.games)
        summary = simulate(game_id, seats, n, SEED, args.jobs, {}, path)
        first = summary["seats"][0]
        print(f"{game_id} {' / '.join(seats)}: {summary['games']} games, {first['kind']} "
              f"{first['win_share']:.0%}", flush=True)
    return 0


def report(args: argparse.Namespace) -> int:
    from courier.ai import rating
    from courier.dev.behaviour import behaviour_key
    from courier.dev.simulate import summarise

    print("| game | judged | against | games | judged's wins | 90% interval | target | met | "
          "judged's think p50 / p95 | mean scores |")
    print("|---|---|---|---:|---:|---|---:|---|---|---|")
    used: list[Path] = []
    for game_id, seats, target in pairings(args.game, None):
        path = path_of(game_id, seats, args.records)
        head, rows = read(path)
        cut = sum(1 for r in rows if not r.get("finished"))
        rows = [r for r in rows if r.get("finished")]
        against = " + ".join(seats[1:]) + (" (held out)" if seats[1] in HELD_OUT else "")
        if head is None or not rows:
            print(f"| {game_id} | {seats[0]} | {against} | 0 | | | {target:.0%} | not played | | |")
            continue
        stale = head.get("behaviour") != behaviour_key(game_id, seats, {})
        s = summarise(game_id, list(head["seats"]), rows, int(head["seed"]))
        first = s["seats"][0]
        _, lo, hi = rating.wilson(first["win_share"] * s["games"], s["games"], z=rating.Z90)
        if seats[1] in OUTSIDE:  # the gauntlet's rule: the 90% interval's lower end at most 5 points under
            met = "yes" if lo >= target - 0.05 and not cut else "no"
        else:
            met = "yes" if first["win_share"] >= target and not cut else "no"
        if cut:  # a game cut off at the action limit is a player that never ends its turn
            met += f" ({cut} never ended)"
        if s["games"] < games_for(game_id, 200):
            met += f" (of {s['games']}; 200 needed)"
        if stale:
            met += " (players decide differently now)"
        else:
            used.append(path)
        scores = " / ".join(f"{r['mean_score']:g}" for r in s["seats"][:2])
        think = f"{first['think_p50_ms']:g} / {first['think_p95_ms']:g} ms"
        print(f"| {game_id} | {seats[0]} | {against} | {s['games']} | {first['win_share']:.1%} "
              f"| {lo:.0%} .. {hi:.0%} | {target:.0%} | {met} | {think} | {scores} |")
    if used:
        print()
        print(rating.table(rating.games_from_records(used)))
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="courier records", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="play the games the records do not hold yet")
    r.add_argument("--game", choices=GAMES)
    r.add_argument("--kind", choices=("hard", "fast"), help="only the pairings with Hard, or only those without")
    r.add_argument("--judged", help="only the pairings judging this seat kind (ai-easy, ai-normal, ai-hard)")
    r.add_argument("--against", help="only the pairings against this seat kind")
    r.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    r.add_argument("--jobs", type=int, default=1)
    r.add_argument("--fresh-stale", action="store_true", help="start again records made with older code")
    r.add_argument("--judge", action="store_true",
                   help="the players are final: also play the gauntlet's held-out styles")
    q = sub.add_parser("report", help="the targets table and the rating table, as markdown")
    q.add_argument("--game", choices=GAMES)
    for q_ in (r, q):
        q_.add_argument("--records", type=Path, default=RECORDS, help="where the records are kept")
    args = p.parse_args(argv)
    return run(args) if args.cmd == "run" else report(args)


