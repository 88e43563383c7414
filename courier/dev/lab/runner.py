"""Playing a study: local processes or a Dask cluster, into a results file that survives a stop.

The results file is JSON lines: a header (what game, which computer-player code), then one line
per finished game (see ``courier.dev.lab.play``), written and flushed as soon as the game ends. Running
the same study again plays only the games not in the file. A game belongs to an arm by the arm's
key, which changes whenever anything deciding the games changes (settings, seats, board), so
editing one variant replays that variant only; games of arms no longer in the study stay in the
file but are not reported.

Seats rotate: with ``d`` distinct arrangements of the seat list round the table (rotations that
seat different players differently; ``study.arrangements``), game ``i`` of an arm uses deal
``i // d`` (the rules' seed ``game_seed(seed, i // d)``, spread far apart) in arrangement ``i % d``, so each seat list plays each seed from every position
and no deal is played twice (four identical seats: one arrangement, a new seed every game). Every
arm uses the same seeds and arrangements, so a variant's game ``i`` is its baseline's game ``i``
with the rule changed: the comparisons are paired.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable, Iterable

from courier.dev.lab.play import play_game, task
from courier.dev.lab.study import SKILL, Study, arrangements, game_seed, skill_seats

MAGIC = "courier-lab-results"
#: the layout of a game record; older files are refused rather than mixed in (2: end reasons,
#: rule events, one deal per seating)
FORMAT = 2
RESULTS = "results.jsonl"
#: how long to wait for a Dask scheduler to answer
CONNECT_TIMEOUT = "20s"


class ResultsError(Exception):
    """A results file that cannot be used for this study; the message says why."""


def tasks_for(study: Study) -> list[dict[str, Any]]:
    """Every game of the study, arm by arm, in a fixed order."""
    out = []
    for arm in study.arms:
        ways = arrangements(arm.seats)
        for i in range(study.games):
            order = ways[i % len(ways)]  # order[seat] = index in the seat list
            out.append(task(study.game_id, arm.key, i, game_seed(study.seed, i // len(ways)), [arm.seats[k] for k in order],
                            order, arm.options, name=f"{arm.ref}#{i}"))
        if study.skill_games:
            # the stronger player against weaker ones, from every position, on the same deals in every arm
            seats = skill_seats(study, arm)
            ways = arrangements(seats)
            for i in range(study.skill_games):
                order = ways[i % len(ways)]
                out.append(task(study.game_id, arm.key + SKILL, i, game_seed(study.seed, i // len(ways)),
                                [seats[k] for k in order], order, arm.options, name=f"{arm.ref}{SKILL}#{i}"))
    return out


def header(study: Study) -> dict[str, Any]:
    from courier.dev.behaviour import players_key

    kinds = sorted({k for arm in study.arms for k in arm.seats} | set(study.skill))
    # the seat kinds the key was made for: another study pooling these games checks it (lab.pool)
    return {"lab": MAGIC, "format": FORMAT, "game": study.game_id, "ai": players_key(study.game_id, kinds),
            "kinds": kinds}


def read_results(path: Path) -> tuple[dict[str, Any] | None, list[dict[str, Any]], int]:
    """(header, game records, damaged lines) of a results file; ResultsError if it is not one."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, [], 0
    except (OSError, UnicodeDecodeError) as exc:
        raise ResultsError(f"cannot read {path}: {exc}") from None
    lines = text.splitlines()
    if not text.strip():
        return None, [], 0
    try:
        head = json.loads(lines[0])
    except json.JSONDecodeError:
        head = None
    if not isinstance(head, dict) or head.get("lab") != MAGIC:
        raise ResultsError(f"{path} is not a lab results file; choose another --out folder (it was left as it is)")
    games, damaged = [], 0
    for line in lines[1:]:
        try:
            row = json.loads(line)
            if not isinstance(row, dict) or "arm" not in row or "index" not in row:
                raise ValueError
            games.append(row)
        except (json.JSONDecodeError, ValueError):
            damaged += 1
    return head, games, damaged


class Appender:
    """Adds finished games to the results file, each flushed to disk before the next one."""

    def __init__(self, path: Path, head: dict[str, Any]) -> None:
        new = not path.exists() or path.stat().st_size == 0
        path.parent.mkdir(parents=True, exist_ok=True)
        self._file = open(path, "a", encoding="utf-8")
        if new:
            self.write(head)
        elif not path.read_bytes().endswith(b"\n"):
            self._file.write("\n")  # a line cut off mid-write stays a damaged line of its own

    def write(self, row: dict[str, Any]) -> None:
        self._file.write(json.dumps(row, separators=(",", ":")) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()


def default_jobs() -> int:
    return max(1, os.cpu_count() or 1)


def run_study(study: Study, out_dir: Path, jobs: int | None = None, cluster: Any = None,
              on_progress: Callable[[int, int, int], None] | None = None,
              on_note: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Play every game of ``study`` not yet in ``out_dir/results.jsonl``.

    ``cluster``: a Dask scheduler address (or a ``distributed`` Client) to play on instead of
    local processes. ``on_progress(done, total, earlier)`` is called once before play and after
    every game; ``on_note(text)`` with news worth a line (the cluster lost all its workers). Returns ``{"records": [...] in study order, "earlier": n, "damaged": n, "file": path}``.
    """
    path = Path(out_dir) / RESULTS
    head = header(study)
    old_head, old, damaged = read_results(path)
    if old_head is not None:
        if old_head.get("game") != head["game"]:
            raise ResultsError(f"{path} holds games of {old_head.get('game')!r}, not {study.game_id!r}; "
                               "choose another --out folder")
        if old_head.get("format", 1) != FORMAT:
            raise ResultsError(f"{path} was written by an older version of the lab (its games are counted "
                               "differently); choose another --out folder, or delete that file to start again")
        if old_head.get("ai") != head["ai"]:
            raise ResultsError(f"{path} was played with different rules or computer players (the code changed "
                               "since); choose another --out folder, or delete that file to start again")
    tasks = tasks_for(study)
    wanted = {(t["arm"], t["index"]): t for t in tasks}
    done: dict[tuple[str, int], dict[str, Any]] = {}
    for row in old:
        k = (row["arm"], row["index"])
        if k in wanted and row.get("seed") == wanted[k]["seed"] and row.get("seats") == wanted[k]["seats"]:
            done[k] = row
    earlier = len(done)
    todo = [t for k, t in wanted.items() if k not in done]
    total = len(tasks)
    if on_progress:
        on_progress(earlier, total, earlier)
    appender = Appender(path, head)
    try:
        if todo:
            for rec in _play(todo, jobs or default_jobs(), cluster, on_note or (lambda text: None)):
                done[(rec["arm"], rec["index"])] = rec
                appender.write(rec)
                if on_progress:
                    on_progress(len(done), total, earlier)
    finally:
        appender.close()
    records = [done[(t["arm"], t["index"])] for t in tasks if (t["arm"], t["index"]) in done]
    return {"records": records, "earlier": earlier, "damaged": damaged, "file": str(path)}


def _play(todo: list[dict[str, Any]], jobs: int, cluster: Any, note: Callable[[str], None]) -> Iterable[dict[str, Any]]:
    if cluster is not None:
        yield from _play_dask(todo, cluster, note)
    elif jobs > 1 and len(todo) > 1:
        yield from _play_processes(todo, jobs)
    else:
        for t in todo:
            yield play_game(t)


def _play_processes(todo: list[dict[str, Any]], jobs: int) -> Iterable[dict[str, Any]]:
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor, as_completed

    pool = ProcessPoolExecutor(max_workers=min(jobs, len(todo)), mp_context=mp.get_context("spawn"),
                               initializer=watch_parent, initargs=(os.getpid(),))
    try:
        futures = [pool.submit(play_game, t) for t in todo]
        for future in as_completed(futures):
            yield future.result()
    finally:
        pool.shutdown(cancel_futures=True)  # stopped early: games not begun are dropped


def watch_parent(parent: int, every: float = 1.0) -> None:
    """In a worker process: end this process as soon as the lab that started it is gone (killed
    with ``kill -9``, the terminal closed), instead of playing on as an orphan."""
    import threading
    import time

    def watch() -> None:
        while True:
            time.sleep(every)
            if os.getppid() != parent:
                os._exit(1)
                return

    threading.Thread(target=watch, name="courier-lab-parent-watch", daemon=True).start()


class WorkerWatch:
    """Tells (through ``note``) when a Dask cluster has no worker left to play games, and when
    one is back: otherwise the progress bar just stops and nobody knows why."""

    def __init__(self, client: Any, note: Callable[[str], None], every: float = 5.0) -> None:
        import threading

        self.client, self.note, self.every = client, note, every
        self.empty = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="courier-lab-worker-watch", daemon=True)

    def workers(self) -> int:
        return len(self.client.scheduler_info().get("workers", {}))

    def check(self) -> None:
        try:
            n = self.workers()
        except Exception:  # the scheduler itself is unreachable: say so once
            n = 0
        if n == 0 and not self.empty:
            self.empty = True
            self.note("the cluster has no worker left: no game is being played. Start workers (dask worker "
                      "SCHEDULER-ADDRESS) and play goes on; finished games are kept")
        elif n > 0 and self.empty:
            self.empty = False
            self.note(f"{n} worker{'s' if n != 1 else ''} joined the cluster again: play goes on")

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self.check()

    def __enter__(self) -> "WorkerWatch":
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._stop.set()


def _play_dask(todo: list[dict[str, Any]], cluster: Any, note: Callable[[str], None] = lambda t: None) -> Iterable[dict[str, Any]]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ResultsError("--cluster needs Dask's 'distributed' package: pip install 'courier[cluster]'") from None
    own = not isinstance(cluster, Client)
    try:
        client = Client(cluster, timeout=CONNECT_TIMEOUT) if own else cluster
    except OSError as exc:
        raise ResultsError(f"cannot reach the Dask scheduler at {cluster}: {exc}") from None
    try:
        futures = client.map(play_game, todo, pure=False)
        try:
            with WorkerWatch(client, note):
                for _future, rec in as_completed(futures, with_results=True):
                    yield rec
        finally:
            client.cancel(futures)
    finally:
        if own:
            client.close()
