"""``courier simulate``: computer-only games without a window, to compare AI levels.

    courier simulate next-day --games 24 --seat ai-hard --seat ai-normal --seat ai-normal --seed 1

Seats rotate: game ``i`` plays deal ``i // n`` with the seat list turned by ``i % n`` places, so
every configuration plays every deal from every position (use a multiple of ``n`` games) and every
comparison run with the same ``--seed`` sees the same deals. Deal ``k``'s seed is spread far from
its neighbours (``courier.rules.rng.spread_seed(S, k)``: under the first seeding, which every
deal here is dealt with, consecutive seeds deal nearly the same game); a record begun before deals
were spread goes on with seed ``S + k``. Ties share the win.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, Sequence

from courier import simrecord
from courier.seats import KINDS_HELP, make_player, seat_level as level_of  # noqa: F401  (level_of: the lab's name)
from courier.rules.rng import OFFSET

MAX_ACTIONS = 6000
#: how a deal's seed deals it (``courier.rules.rng``): the first seeding. The deals' seeds are
#: spread apart already (``spread_seed``), every record carries on with the games it began with,
#: and a comparison run again deals what it dealt before.
SEEDING = OFFSET


def decision_rng(seed: int, n_actions: int, seat: int):
    """The bot's RNG for one decision, fixed by the position (as in a match)."""
    from courier.rules.rng import Rng

    return Rng(state=Rng(seed).next_u64() ^ Rng(n_actions * 64 + seat + 1).next_u64())


def play_one(game_id: str, kinds: Sequence[str], seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """One game; ``kinds[s]`` plays seat ``s``. Returns scores, winners, length and think times."""
    from courier import boards
    from courier.behaviour import unclocked
    from courier.rules import registry

    boards.install()  # also in a worker process of its own
    game = registry.get(game_id)
    config = game.make_config(players=len(kinds), **{**options, "seeding": SEEDING})
    state = game.new_game(config, seed)
    # by iteration budget alone, never the clock: the same seed plays the same game on any machine
    bots = [unclocked(make_player(game_id, level_of(k))) for k in kinds]
    think: list[list[float]] = [[] for _ in kinds]
    n = 0
    while not game.is_over(state) and n < MAX_ACTIONS:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            action = legal[0]
        else:
            start = time.thread_time()  # processor time: the same figure beside other work or alone
            action = bots[seat].choose(game, game.view(state, seat), seat, legal, decision_rng(seed, n, seat))
            think[seat].append(round(time.thread_time() - start, 4))  # 0.1 ms is plenty, records stay small
            if action not in legal:
                raise RuntimeError(f"seat {seat} ({kinds[seat]}) chose an illegal action {action}")
        game.apply(state, action)
        n += 1
    over = game.is_over(state)
    return {
        "seed": seed, "kinds": list(kinds), "scores": game.scores(state),
        "winners": game.winners(state) if over else [], "finished": over,
        "actions": n, "rounds": getattr(state, "round", None), "think": think,
    }


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def summarise(game_id: str, seats: Sequence[str], results: list[dict[str, Any]], seed: int) -> dict[str, Any]:
    """Per seat configuration (position in ``--seat``): wins, win share, mean score, think times."""
    n = len(seats)
    rows = []
    for k, kind in enumerate(seats):
        wins = 0.0
        scores: list[float] = []
        think: list[float] = []
        for r in results:
            pos = r["order"].index(k)
            scores.append(r["scores"][pos] if pos < len(r["scores"]) else 0.0)
            think.extend(r["think"][pos])
            if pos in r["winners"]:
                wins += 1.0 / len(r["winners"])
        games = max(1, len(results))
        rows.append({
            "seat": k, "kind": kind, "wins": round(wins, 3), "win_share": round(wins / games, 4),
            "mean_score": round(statistics.fmean(scores), 2) if scores else 0.0,
            "decisions": len(think),
            "think_p50_ms": round(_pct(think, 0.5) * 1000, 1), "think_p95_ms": round(_pct(think, 0.95) * 1000, 1),
        })
    rounds = [r["rounds"] for r in results if r["rounds"] is not None]
    return {
        "game": game_id, "players": n, "games": len(results), "seed": seed, "seats": rows,
        "mean_actions": round(statistics.fmean(r["actions"] for r in results), 1) if results else 0.0,
        "mean_rounds": round(statistics.fmean(rounds), 2) if rounds else None,
        "unfinished": sum(1 for r in results if not r["finished"]),
        "fair_share": round(1.0 / n, 4),
    }


def _job(args: tuple) -> dict[str, Any]:
    game_id, kinds, seed, options, order = args
    out = play_one(game_id, kinds, seed, options)
    out["order"] = order
    return out


def deal_seed(first: int, k: int, seeds: str) -> int:
    """The rules' seed of the ``k``-th deal: spread far apart (``spread``, every new run), or
    ``first + k`` (``consecutive``, records begun before deals were spread, which keep it)."""
    from courier.rules.rng import spread_seed

    return first + k if seeds == simrecord.CONSECUTIVE else spread_seed(first, k)


def run(game_id: str, seats: Sequence[str], games: int, seed: int = 1, jobs: int = 1,
        options: dict[str, Any] | None = None, record: Path | None = None) -> dict[str, Any]:
    """Play ``games`` rotated games and return the summary (what ``--json`` prints).

    With ``record``, games already in that file are not played again and every new game is added
    to it as it ends (see ``courier.simrecord``); the summary covers all ``games`` of them. A record
    begun with consecutive seeds goes on with them."""
    n = len(seats)
    options = dict(options or {})
    seeds = simrecord.seeds_of(record) if record is not None else simrecord.SPREAD
    tasks = {}
    for i in range(games):
        shift = i % n
        order = [(s + shift) % n for s in range(n)]  # order[pos] = configuration playing seat pos
        tasks[i] = (game_id, [seats[k] for k in order], deal_seed(seed, i // n, seeds), options, order)
    done: dict[int, dict[str, Any]] = {}
    appender = None
    damaged = 0
    if record is not None:
        head = simrecord.header(game_id, list(seats), seed, options, seeds)
        done, damaged = simrecord.load(record, head)
        appender = simrecord.Appender(record, head)
    earlier = sum(1 for i in tasks if i in done)
    todo = [i for i in tasks if i not in done]
    try:
        if jobs > 1 and len(todo) > 1:
            import multiprocessing as mp

            pool = ProcessPoolExecutor(max_workers=jobs, mp_context=mp.get_context("spawn"))
            try:
                futures = {pool.submit(_job, tasks[i]): i for i in todo}
                for future in as_completed(futures):
                    _finished(done, appender, futures[future], future.result())
            finally:
                pool.shutdown(cancel_futures=True)  # stopped early: games not begun are dropped
        else:
            for i in todo:
                _finished(done, appender, i, _job(tasks[i]))
    finally:
        if appender is not None:
            appender.close()
    summary = summarise(game_id, seats, [done[i] for i in range(games) if i in done], seed)
    summary["seeds"] = seeds
    if record is not None:
        summary["record"] = {"file": str(record), "earlier_games": earlier, "damaged_lines": damaged}
    return summary


def _finished(done: dict[int, dict[str, Any]], appender: Any, index: int, result: dict[str, Any]) -> None:
    done[index] = result
    if appender is not None:
        appender.add(index, result)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="courier simulate", description="Play computer-only games and compare seats.")
    p.add_argument("game", metavar="GAME", nargs="?", default="")
    p.add_argument("--games", type=int, default=20, metavar="N", help="games to play (default 20)")
    p.add_argument("--seat", action="append", default=[], metavar="KIND", help=f"a seat: {KINDS_HELP} (repeat)")
    p.add_argument("--seed", type=int, default=1, metavar="S", help="first seed (default 1)")
    p.add_argument("--jobs", type=int, default=1, metavar="J", help="games played at once (default 1)")
    p.add_argument("--map", metavar="BOARD", help="the board: its title, its name or the path of its .tmx file")
    p.add_argument("--boards", action="append", default=[], metavar="DIR",
                   help="also find boards (.tmx files) in this folder (repeatable)")
    p.add_argument("--json", action="store_true", help="print a machine-readable summary")
    p.add_argument("--record", metavar="FILE", type=Path,
                   help="keep every finished game in FILE and skip the games it already holds, so a long "
                        "comparison can be stopped and carried on by running the same command again")
    p.add_argument("--rate", metavar="RECORD", type=Path, nargs="+",
                   help="print a rating table (Bradley-Terry, in Elo points with 90%% bootstrap intervals) "
                        "fitted on the games of these record files instead of playing; GAME, if given, "
                        "keeps only that game")
    p.add_argument("--anchor", metavar="KIND", default="greedy",
                   help="the seat kind rated 0 in the table (default greedy)")
    return p


def rate_records(paths: Sequence[Path], game_id: str, anchor: str) -> int:
    """``--rate``: the rating table of the recorded games, as markdown."""
    from courier.ai import rating

    try:
        per_game = rating.games_from_records(paths)
    except (OSError, UnicodeDecodeError) as exc:
        print(f"courier simulate: cannot read a record ({exc})", file=sys.stderr)
        return 2
    if game_id:
        per_game = {g: v for g, v in per_game.items() if g == game_id}
    if not per_game:
        print("courier simulate: no finished games in those records", file=sys.stderr)
        return 1
    print(rating.table(per_game, anchor=anchor))
    return 0


def board_options(game_id: str, text: str | None, folders: Sequence[str], players: int) -> dict[str, Any] | None:
    """``{"map": key}`` for ``--map`` (found as ``courier play`` finds it), checked once here so a bad
    board is one message, not a traceback from every game; None (with the message printed) if not."""
    from courier import boards
    from courier.rules import registry
    from courier.rules.base import BoardError, ConfigError

    for folder in folders:
        if not Path(folder).is_dir():
            print(f"courier simulate: --boards {folder}: there is no such folder", file=sys.stderr)
            return None
        boards.add_folder(folder)
    options: dict[str, Any] = {}
    if text:
        try:
            options["map"] = boards.resolve(game_id, text)
        except ValueError as exc:
            print(f"courier simulate: {exc}", file=sys.stderr)
            return None
    try:
        game = registry.get(game_id)
        game.board(game.make_config(players=players, **options))
    except ConfigError as exc:
        print(f"courier simulate: {exc}", file=sys.stderr)
        return None
    except BoardError as exc:
        from courier.boards.tiled import problem_lines

        print("courier simulate: the board cannot be played:", file=sys.stderr)
        for line in problem_lines(exc):
            print(line, file=sys.stderr)
        return None
    return options


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from courier.rules import registry

    if args.rate:
        return rate_records(args.rate, args.game, args.anchor)
    if not args.game:
        print("courier simulate: name a game (or give --rate RECORD...)", file=sys.stderr)
        return 2
    if args.game not in registry.ids():
        print(f"courier simulate: no game called {args.game!r}; games: {', '.join(registry.ids())}", file=sys.stderr)
        return 2
    game = registry.get(args.game)
    seats = args.seat or ["ai-normal"] * max(2, game.min_players)
    try:
        for s in seats:
            level_of(s)
    except ValueError as exc:
        print(f"courier simulate: {exc}", file=sys.stderr)
        return 2
    if not game.min_players <= len(seats) <= game.max_players:
        print(f"courier simulate: {game.title} is for {game.min_players}-{game.max_players} players, "
              f"not {len(seats)}", file=sys.stderr)
        return 2
    if args.games < 1 or args.jobs < 1:
        print("courier simulate: --games and --jobs must be at least 1", file=sys.stderr)
        return 2
    options = board_options(args.game, args.map, args.boards, len(seats))
    if options is None:
        return 2
    start = time.perf_counter()
    try:
        summary = run(args.game, seats, args.games, args.seed, args.jobs, options, args.record)
    except simrecord.RecordError as exc:
        print(f"courier simulate: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        if args.record is None:
            raise
        print(f"courier simulate: cannot write to {args.record} ({exc.strerror or exc}); the games "
              "recorded before this one are kept", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        if args.record is None:
            raise
        print(f"courier simulate: stopped; the finished games are kept in {args.record} "
              "(run the same command again to carry on)", file=sys.stderr)
        return 130
    summary["seconds"] = round(time.perf_counter() - start, 1)
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    print(f"{game.title}: {summary['games']} games, {len(seats)} players, seeds from {args.seed}, "
          f"{summary['seconds']} s")
    if "record" in summary:
        rec = summary["record"]
        print(f"record {rec['file']}: {rec['earlier_games']} games from earlier runs"
              + (f", {rec['damaged_lines']} damaged lines skipped" if rec["damaged_lines"] else ""))
    print(f"{'seat':<18}{'wins':>8}{'share':>8}{'score':>10}{'think p50':>11}{'p95':>9}   (think: processor time)")
    for row in summary["seats"]:
        print(f"{str(row['seat'] + 1) + ' ' + row['kind']:<18}{row['wins']:>8}{row['win_share']:>8.0%}"
              f"{row['mean_score']:>10}{row['think_p50_ms']:>9} ms{row['think_p95_ms']:>6} ms")
    length = f"{summary['mean_actions']} actions"
    if summary["mean_rounds"] is not None:
        length += f", {summary['mean_rounds']} rounds"
    print(f"mean game length: {length}" + (f"; {summary['unfinished']} unfinished" if summary["unfinished"] else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
