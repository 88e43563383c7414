"""``courier bench``: the figures the project aims for, measured on this machine.

Prints one ``name: value unit`` line per figure, with its target beside it where it has one
(``  (target <= 8)``), and ``note: ...`` lines for anything skipped or off target, so the output
can be read by a person or compared by a script:

    startup.first_frame: 612.0 ms        python -m courier --frames 1, whole process, exit included
    startup.bare_pygame: 220.0 ms        python -c "import pygame; pygame.init()", run in turns with it
    startup.first_frame_ratio: 2.6 x     the two above: the start-up target is relative
    startup.run_py_overhead: 100.0 ms    what python3 run.py play adds (source checkout, set up)
    next-day.frame_p99: 5.1 ms           board at 1280x720, computer players moving (dummy driver)
    next-day.1920x1080.frame_p99: 6.0 ms the same at 1920x1080; frame_cpu_p99: the frames' own work
    next-day.save: 3.2 ms                next-day.load: 6.0 ms     (half-way through a game)
    next-day.save_end: 4.0 ms            next-day.load_end: 5.0 ms  (a finished game: longest log)
    next-day.load_end_proof: 60.0 ms     its log replayed and proven (on a worker thread in the game)
    next-day.clone: 0.010 ms             next-day.deepcopy: 0.61 ms   next-day.clone_speedup: 61.0 x
    next-day.ai_normal_think: 40.0 ms     median decision time in the worker thread
    next-day.search_hard_think_p50: 400.0 ms   the search player alone on seeded positions, per level
    next-day.search_hard_think_p95: 900.0 ms   (p50/p95 and decisions per second for easy, normal, hard)
    next-day.search_hard_think_cpu_p50: 390.0 ms   the same decisions in processor time (what the
                                               search's time cap counts; equal on a quiet machine)
    next-day.setup_hard_think_p50: 300.0 ms    Hard building contracts on seeded set-up positions (p95 too)
    next-day.app_round_three_hard: 3500.0 ms   a round with three Hard players and a human in the app:
                                               the human's wait, end of turn to next turn, through the
                                               match's worker process (median; a note says where it went)
    next-day.rules_actions: 21000.0 actions/s   random play, the rules alone (legal_actions + apply)
    next-day.random_games: 12.5 games/s          (the same games; with targets beside them in a note)
    next-day.rules_actions_cpu: 24000.0 actions/s  the same per second of processor (a busy machine)
    next-day.memory_peak: 95.2 MB        a fresh process playing a whole game and drawing its board

Games are found through the registry; one whose module is missing or broken is skipped with a
note. Saves go to a temporary folder, never the player's own saves. The figures' targets and
printing are in ``bench_report``, the rules' own speed in ``bench_rules``, the set-up and app-round
waits in ``bench_search``.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterator

from courier.dev.bench.report import TARGETS, Report, percentile, target_for  # noqa: F401 (the bench's names)
from courier.dev.bench.rules import MAX_ACTIONS, bench_config, bench_rules, random_game, run_rules
from courier.dev.bench.search import bench_app_round, bench_setup_search
from courier.rules import registry
from courier.rules.base import GameRules
from courier.rules.rng import Rng

# -- helpers ----------------------------------------------------------------------------------


def _child_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", COURIER_HOME=str(home))
    return env


def _median_ms(fn: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(times)


def _per_call_ms(fn: Callable[[], Any], budget_s: float = 0.2) -> float:
    """Average time of a fast call, run in batches until ``budget_s`` is used."""
    n, total = 0, 0.0
    batch = 1
    while total < budget_s and n < 1_000_000:
        start = time.perf_counter()
        for _ in range(batch):
            fn()
        total += time.perf_counter() - start
        n += batch
        batch = min(batch * 2, 1024)
    return total / n * 1000.0


# -- the figures --------------------------------------------------------------------------------


_BARE = "import pygame; pygame.init()"


def _startup_env(home: Path) -> dict[str, str]:
    """A child's environment for start-up times: byte-code cached (in the bench's own folder) as
    in an installed game, even where the environment asks Python not to write it."""
    env = _child_env(home)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(home / "pycache")
    return env


def _timed_ms(cmd: list[str], env: dict[str, str], cwd: Path | None = None) -> float | str:
    """Whole-process time of ``cmd`` in ms, or a line saying why it failed."""
    start = time.perf_counter()
    try:
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120, cwd=cwd)
    except subprocess.TimeoutExpired:
        return "did not finish within two minutes"
    if proc.returncode != 0:
        return "failed: " + (proc.stderr.strip().splitlines() or ["?"])[-1]
    return (time.perf_counter() - start) * 1000.0


def bench_startup(report: Report, home: Path, runs: int = 7) -> None:
    """Start-up as a player sees it: the whole ``python -m courier --frames 1`` process (to its
    first menu frame, exit included) beside a bare ``import pygame; pygame.init()``, run in turns
    so a busy machine weighs on both alike; and what ``python3 run.py play`` adds to it."""
    env = _startup_env(home)
    game_cmd = [sys.executable, "-m", "courier", "--frames", "1"]
    bare_cmd = [sys.executable, "-c", _BARE]
    _timed_ms(game_cmd, env)  # byte-code written once: not part of any figure
    code = "import time; t = time.perf_counter(); import courier.app; print((time.perf_counter() - t) * 1000)"
    try:
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        report.note("importing courier.app took over two minutes")
        return
    if out.returncode != 0:
        report.note("courier.app cannot be imported yet: " + (out.stderr.strip().splitlines() or ["?"])[-1])
        return
    report.figure("startup.import_app", float(out.stdout.strip().splitlines()[-1]), "ms")
    game: list[float] = []
    bare: list[float] = []
    for _ in range(runs):
        for cmd, times in ((bare_cmd, bare), (game_cmd, game)):
            took = _timed_ms(cmd, env)
            if isinstance(took, str):
                report.note(f"{' '.join(cmd[1:])} {took}")
                return
            times.append(took)
    first, base = statistics.median(game), statistics.median(bare)
    report.figure("startup.first_frame", first, "ms")
    report.figure("startup.bare_pygame", base, "ms")
    report.figure("startup.first_frame_ratio", first / base if base > 0 else float("inf"), "x")
    in_app = _logged_first_frames(home)
    if in_app:
        report.figure("startup.app_to_first_frame", statistics.median(in_app[-runs:]), "ms")
    report.note(f"start-up: medians of {runs} runs each, whole processes, headless (SDL's 'dummy' video driver), "
                "byte-code cached as in an installed game")
    bench_run_py(report, env, runs)


def _run_py() -> tuple[Path, Path] | None:
    """run.py of this source checkout and the Python of the environment it made, if run.py would
    start the game straight away (never when it would first create or install something)."""
    import importlib.util

    root = Path(__file__).resolve().parents[3]
    script = root / "run.py"
    if not script.is_file():
        return None
    try:
        spec = importlib.util.spec_from_file_location("_courier_run_py", script)
        if spec is None or spec.loader is None:
            return None
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        stamp = mod.VENV / ".installed-base"
        want = __import__("hashlib").sha256((root / "pyproject.toml").read_bytes()).hexdigest()
        if not (mod.PY.exists() and stamp.exists() and stamp.read_text() == want):
            return None
        return script, Path(mod.PY)
    except Exception:
        return None


def bench_run_py(report: Report, env: dict[str, str], runs: int) -> None:
    """What ``python3 run.py play --frames 1`` adds to the game started by the Python it uses."""
    found = _run_py()
    if found is None:
        report.note("run.py overhead not measured: no source checkout with run.py's environment ready "
                    "(run.py would install first)")
        return
    script, venv_python = found
    via_run = [sys.executable, str(script), "play", "--frames", "1"]
    direct = [str(venv_python), "-m", "courier", "--frames", "1"]
    _timed_ms(direct, env, cwd=script.parent)
    a: list[float] = []
    b: list[float] = []
    for _ in range(runs):
        for cmd, times in ((direct, a), (via_run, b)):
            took = _timed_ms(cmd, env, cwd=script.parent)
            if isinstance(took, str):
                report.note(f"run.py overhead not measured: {' '.join(cmd[1:3])} {took}")
                return
            times.append(took)
    report.figure("startup.run_py_overhead", statistics.median(b) - statistics.median(a), "ms")


def _logged_first_frames(home: Path) -> list[float]:
    """The app's own "first frame after N ms" log lines (from importing courier.app on)."""
    log_file = home / "logs" / "courier.log"
    try:
        text = log_file.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    return [float(m) for m in re.findall(r"first frame after (\d+(?:\.\d+)?) ms", text)]


#: window sizes the board's frame times are measured at; the first is named by the game alone
FRAME_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1920, 1080))


def bench_frames(report: Report, game_id: str, frames: int, size: tuple[int, int] = FRAME_SIZES[0]) -> None:
    try:
        from courier import app
    except Exception as exc:
        report.note(f"frame times skipped: courier.app cannot be imported ({type(exc).__name__}: {exc})")
        return
    measure = getattr(app, "measure_frames", None)
    if measure is None:
        report.note("frame times skipped: courier.app has no measure_frames yet")
        return
    label = game_id if size == FRAME_SIZES[0] else f"{game_id}.{size[0]}x{size[1]}"
    cpu: list[float] = []
    try:
        times = list(measure(game_id, frames, size=size, cpu=cpu))
    except Exception as exc:
        report.note(f"{label}: frame times skipped ({type(exc).__name__}: {exc})")
        return
    if not times:
        report.note(f"{label}: no frames were measured")
        return
    for q in (50, 95, 99):
        report.figure(f"{label}.frame_p{q}", percentile(times, q), "ms")
    if len(cpu) == len(times):
        report.figure(f"{label}.frame_cpu_p99", percentile(cpu, 99), "ms")
        waited = sum(times) - sum(cpu)
        if sum(times) > 0 and waited / sum(times) > 0.1:
            report.note(f"{label}: the machine is busy: {waited / sum(times):.0%} of the frames' time was spent "
                        f"waiting for a processor or the computer players; frame_cpu_p99 is the frames' own work")
    driver = _video_driver()
    if driver and driver not in report.drivers:
        report.drivers.add(driver)
        # headless, SDL may pick "offscreen", whose software flip alone takes 3-10 ms a frame
        report.note(f"frame times include showing each frame with SDL's {driver!r} video driver")


@contextlib.contextmanager
def _dummy_video() -> Iterator[None]:
    """Frame times are measured with SDL's 'dummy' video driver (the targets are set for it), not
    whatever display the bench happens to run on; the note names the driver used."""
    old = os.environ.get("SDL_VIDEODRIVER")
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("SDL_VIDEODRIVER", None)
        else:
            os.environ["SDL_VIDEODRIVER"] = old


def _video_driver() -> str:
    try:
        import pygame

        return pygame.display.get_driver() if pygame.display.get_init() else ""
    except Exception:
        return ""


def bench_game(report: Report, game: GameRules, games_budget_s: float) -> None:
    """Save/load, clone/deepcopy and random games per second for one game."""
    from courier import saves
    from courier.match import Match, SeatSpec

    gid = game.id
    config = bench_config(game)
    _, length, _ = random_game(game, config, seed=1)
    state, _, texts = random_game(game, config, seed=1, stop_after=max(1, length // 2))

    seats = [SeatSpec(f"Seat {i + 1}", (90, 90, 90), kind="ai", level="random") for i in range(config.players)]
    match = Match(gid, config, seats, seed=1)
    for text in texts:
        match.submit(game.parse_action(match.state, text))
    path = saves.save_match(match, "bench")
    report.figure(f"{gid}.save", _median_ms(lambda: saves.save_match(match, "bench"), 7), "ms")
    wall, cpu = _open_ms(path, 7)
    report.figure(f"{gid}.load", wall, "ms")
    report.figure(f"{gid}.load_cpu", cpu, "ms")
    report.figure(f"{gid}.save_size", path.stat().st_size / 1024.0, "KiB")

    if hasattr(state, "clone"):
        clone_ms = _per_call_ms(state.clone)
        deep_ms = _per_call_ms(lambda: copy.deepcopy(state))
        report.figure(f"{gid}.clone", clone_ms, "ms")
        report.figure(f"{gid}.deepcopy", deep_ms, "ms")
        report.figure(f"{gid}.clone_speedup", deep_ms / clone_ms if clone_ms > 0 else float("inf"), "x")
    else:
        report.note(f"{gid}: the state has no clone()")

    # the worst case: a finished game has the longest log to replay on load
    rng = Rng(77)
    end = Match(gid, config, seats, seed=1)
    for text in texts:
        end.submit(game.parse_action(end.state, text))
    while not end.is_over() and len(end.log) < MAX_ACTIONS:
        end.submit(rng.choice(end.legal(min(end.to_act()))))
    end_path = saves.save_match(end, "bench-end")
    report.figure(f"{gid}.save_end", _median_ms(lambda: saves.save_match(end, "bench-end"), 5), "ms")
    wall, cpu = _open_ms(end_path, 5)
    report.figure(f"{gid}.load_end", wall, "ms")
    report.figure(f"{gid}.load_end_cpu", cpu, "ms")
    report.figure(f"{gid}.load_end_proof", _median_ms(lambda: saves.load_match(end_path), 5), "ms")
    report.note(f"{gid}: load and load_end are what opening a save takes before its board is drawn "
                f"(saves.open_match; _cpu: its own processor time, apart from waits on a busy machine); "
                f"load_end_proof is the whole log replayed and proven "
                f"(saves.load_match), which the board waits for on a worker thread before the first move "
                f"({len(end.log)} moves here)")

    try:
        bench_ai(report, match)
    except Exception as exc:
        report.note(f"{gid}: computer player timing skipped ({type(exc).__name__}: {exc})")

    bench_rules(report, game, games_budget_s)


def _open_ms(path: Path, repeat: int) -> tuple[float, float]:
    """Median wall-clock and main-thread processor time of ``saves.open_match`` (read, check,
    ready to draw) in ms; each opening's background proof is waited for outside the timing, so
    the next opening has the machine."""
    from courier import saves

    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.thread_time()
        match = saves.open_match(path)
        wall.append((time.perf_counter() - start) * 1000.0)
        cpu.append((time.thread_time() - start_cpu) * 1000.0)
        if not match.settle_check(timeout=120):
            raise RuntimeError("the save's log check did not finish within two minutes")
    return statistics.median(wall), statistics.median(cpu)


def bench_ai(report: Report, match: Any, decisions: int = 4, levels: tuple[str, ...] = ("easy", "normal", "hard")) -> None:
    """Think time of the computer players (via the match's jobs: the search player's worker process)
    from mid-game on.

    Each level plays ``decisions`` moves forward from the same position on its own copy; a level
    that needs more than 30 s for one move is reported and left.
    """
    from courier.ai.base import RandomBot
    from courier.match import Match, _make_bot

    gid = match.game_id
    if isinstance(_make_bot(gid, "normal"), RandomBot):
        report.note(f"{gid}: no computer player of its own yet; timing the random stand-in")
        levels = levels[:1]
    for level in levels:
        seats = [type(s)(s.name, s.colour, "ai", level) for s in match.seats]
        m = Match.restore(gid, match.config, seats, match.seed, list(match.log), match.game.state_from_dict(match.config, match.game.state_to_dict(match.state)))
        times: list[float] = []
        first = m.ai_to_act()
        if m.uses_search() and first is not None and not m.is_over():
            m.start_ai(first).wait(60)  # the worker process starts and imports once: not a move's time
        for _ in range(decisions):
            if m.is_over():
                break
            seat = m.ai_to_act()
            if seat is None:
                break
            job = m.start_ai(seat)
            if not job.wait(30):
                job.cancel()
                report.note(f"{gid}: the {level} computer player took over 30 s for one move")
                break
            try:
                action = job.result()
            except Exception as exc:
                report.note(f"{gid}: the {level} computer player failed ({type(exc).__name__}: {exc})")
                break
            times.append(job.think_ms or 0.0)
            m.submit(action)
        if times:
            report.figure(f"{gid}.ai_{level}_think", statistics.median(times), "ms")
            report.figure(f"{gid}.ai_{level}_think_max", max(times), "ms")


def bench_search(report: Report, game_id: str, positions: int,
                 levels: tuple[str, ...] = ("easy", "normal", "hard")) -> None:
    """The search player alone (no worker process): decisions per second and think time p50/p95
    per level over the same ``positions`` spread over one seeded game."""
    from courier.ai import base as ai_base

    if positions <= 0 or not ai_base.has_player(game_id):
        return
    from courier.ai import benchfig

    sample = benchfig.sample_positions(game_id, positions)
    for level in levels:
        cpu: list[float] = []
        times = benchfig.think_times(game_id, level, sample, cpu)
        if not times:
            continue
        total = sum(times)
        report.figure(f"{game_id}.search_{level}_decisions", len(times) / total if total else 0.0, "per_s")
        ms = [t * 1000.0 for t in times]
        report.figure(f"{game_id}.search_{level}_think_p50", percentile(ms, 50), "ms")
        report.figure(f"{game_id}.search_{level}_think_p95", percentile(ms, 95), "ms")
        # the same decisions in processor time: what a busy machine leaves of the figures above
        cpu_ms = [t * 1000.0 for t in cpu]
        report.figure(f"{game_id}.search_{level}_think_cpu_p50", percentile(cpu_ms, 50), "ms")
        report.figure(f"{game_id}.search_{level}_think_cpu_p95", percentile(cpu_ms, 95), "ms")


#: seeded set-up positions Hard's set-up decisions are timed on (at most ``--positions``)
SETUP_POSITIONS = 4


_MEMORY_PROBE = """
import sys
from courier.dev import bench
from courier.match import Match, SeatSpec
from courier.rules import registry
from courier.rules.rng import Rng
from courier import saves
game_id, frames = sys.argv[1], int(sys.argv[2])
game = registry.get(game_id)
seats = [SeatSpec(f"Seat {i + 1}", (90, 90, 90), "ai", "random") for i in range(game.max_players)]
match = Match.new(game_id, seats, seed=5, seeding=0)  # the first seeding: the figures' game
rng = Rng(5)
while not match.is_over() and len(match.log) < bench.MAX_ACTIONS:
    match.submit(rng.choice(match.legal(min(match.to_act()))))
    if len(match.log) % 50 == 0:
        saves.autosave(match)
saves.load_match(saves.autosave(match))
if frames:
    try:
        from courier import app
        app.measure_frames(game_id, frames)
    except Exception as exc:
        print("frames skipped:", type(exc).__name__, exc, file=sys.stderr)
print(bench.peak_memory_mb())
"""


def bench_memory(report: Report, game_id: str, home: Path, frames: int) -> None:
    """Peak memory of a fresh process that plays a whole game (and draws its board)."""
    try:
        out = subprocess.run([sys.executable, "-c", _MEMORY_PROBE, game_id, str(frames)], env=_child_env(home),
                             capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        report.note(f"{game_id}: memory probe took over ten minutes")
        return
    last = (out.stdout.strip().splitlines() or ["None"])[-1]
    if out.returncode != 0 or last == "None":
        report.note(f"{game_id}: memory not measured ({(out.stderr.strip().splitlines() or ['no figure'])[-1]})")
        return
    report.figure(f"{game_id}.memory_peak", float(last), "MB")


def peak_memory_mb() -> float | None:
    """Peak resident memory of this process in MB.

    On Linux the high-water mark of /proc (VmHWM) is used: ``ru_maxrss`` there carries over the
    parent's peak into a child started from a big parent, which would blur the per-game figures.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024.0
    except (OSError, ValueError):
        pass
    try:
        import resource
    except ImportError:  # Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024.0 * 1024.0) if sys.platform == "darwin" else peak / 1024.0


# -- command ------------------------------------------------------------------------------------


def run(games: list[str] | None = None, frames: int = 300, games_budget_s: float = 3.0, startup: bool = True,
        out: Callable[[str], None] = print, search_positions: int = 10, rules_only: bool = False,
        repeat: int = 1, app_rounds: int = 3) -> Report:
    report = Report(out)
    wanted = games or registry.ids()
    if rules_only:
        return run_rules(report, wanted, games_budget_s, repeat)
    with tempfile.TemporaryDirectory(prefix="courier-bench-") as tmp:
        home = Path(tmp)
        old_home = os.environ.get("COURIER_HOME")
        os.environ["COURIER_HOME"] = str(home)
        try:
            if startup:
                bench_startup(report, home)
            ready: list[GameRules] = []
            for gid in wanted:
                try:
                    ready.append(registry.get(gid))
                except Exception as exc:
                    report.note(f"{gid} skipped: its rules module is missing or broken ({type(exc).__name__}: {exc})")
            for game in ready:
                try:
                    bench_game(report, game, games_budget_s)
                except Exception as exc:
                    report.note(f"{game.id} skipped: {type(exc).__name__}: {exc}")
            for game in ready:
                bench_search(report, game.id, search_positions)
                if search_positions > 0:
                    bench_setup_search(report, game.id, min(search_positions, SETUP_POSITIONS))
            for game in ready:
                bench_app_round(report, game.id, app_rounds)
            if frames > 0:
                with _dummy_video():
                    for size in FRAME_SIZES:
                        for game in ready:
                            bench_frames(report, game.id, frames, size)
            for game in ready:
                bench_memory(report, game.id, home, min(frames, 120))
        finally:
            if old_home is None:
                os.environ.pop("COURIER_HOME", None)
            else:
                os.environ["COURIER_HOME"] = old_home
    peak = peak_memory_mb()
    if peak is None:
        report.note("peak memory is not measurable on this platform")
    else:
        report.figure("memory.bench_process", peak, "MB")
    report.check_targets()
    return report


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``courier bench``; options only when run as ``python -m courier.dev.bench``."""
    parser = argparse.ArgumentParser(prog="courier bench", description="Print performance figures, one per line.")
    parser.add_argument("--game", action="append", dest="games", help="only this game (repeatable)")
    parser.add_argument("--frames", type=int, default=300, help="frames to time per game (0: skip)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on random games per game")
    parser.add_argument("--no-startup", action="store_true", help="skip the start-up figures")
    parser.add_argument("--positions", type=int, default=10, help="positions per game for the search figures (0: skip)")
    parser.add_argument("--rules", action="store_true", help="only the rules figures: random games and actions per second")
    parser.add_argument("--repeat", type=int, default=1,
                        help="with --rules: play the games this many times and print the medians")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds of three Hard computer players to time in the app (0: skip)")
    args = parser.parse_args([] if argv is None else argv)
    run(args.games, args.frames, args.seconds, not args.no_startup, search_positions=args.positions,
        rules_only=args.rules, repeat=args.repeat, app_rounds=args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
