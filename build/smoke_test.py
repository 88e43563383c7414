"""Smoke-test the built executable headless: ``python build/smoke_test.py [--exe PATH]``.

Builds nothing (run ``python build/build.py`` first). With ``SDL_VIDEODRIVER=dummy``, a fresh
``COURIER_HOME`` for its files and a working folder outside the checkout (so the program must
find everything inside its own bundle), it:

1. checks that every courier module, asset and rules document of the checkout is in the bundle,
   and asks ``--version`` and compares it with ``courier.__version__``;
2. opens the menu with ``--frames``/``--screenshot`` and times start-up to the first menu frame
   (printed as ``startup_frozen: X s``);
3. opens a board of every registered game with AI seats, and checks that the program wrote an
   autosave that the source version reads;
4. loads a save written by the source version into the program;
5. checks that the program wrote its log file under the log folder, and plays a board found by
   its title in a ``--boards`` folder;
6. damages the pictures in a copy of the bundle and checks the program shows its error screen
   (and logs the error) instead of vanishing.

Every run must exit 0 and every screenshot must be a real picture (many colours, not one flat
fill). Screenshots are kept in ``build/_smoke/`` to look at. Exits 1 with a message per failure.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
VENV_PY = ROOT / ".venv" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
SHOTS = ROOT / "build" / "_smoke"  # build/*/ is git-ignored
MENU_FRAMES = 20
BOARD_FRAMES = 240  # about four seconds at the 60 fps cap: long enough for AI turns and an autosave
RUN_TIMEOUT = 90.0
STARTUP_RUNS = 3
STARTUP_TARGET_S = 3.0
MIN_COLOURS = 16
AI_LEVELS = ("ai-easy", "ai-normal", "ai-hard")


os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def _in_venv_if_needed() -> None:
    """The checks read screenshots with pygame, saves with Courier's own code and the bundle with
    PyInstaller's reader: all of them are in the project's .venv, so run there."""
    if VENV_PY.exists() and Path(sys.prefix).resolve() != (ROOT / ".venv").resolve():
        sys.exit(subprocess.call([str(VENV_PY), str(Path(__file__).resolve()), *sys.argv[1:]]))
    try:
        import pygame  # noqa: F401
        import pydantic  # noqa: F401
    except ImportError:
        raise SystemExit("SMOKE TEST FAILED: needs the project's .venv (run python build/build.py first)") from None


_in_venv_if_needed()
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402


class Failure(Exception):
    """A check that did not pass; the message says what to look at."""


def default_exe() -> Path:
    if sys.platform == "darwin":
        return ROOT / "dist" / "Courier.app" / "Contents" / "MacOS" / "Courier"
    return ROOT / "dist" / "Courier" / ("Courier.exe" if os.name == "nt" else "Courier")


def source_version() -> str:
    text = (ROOT / "courier" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r"""^__version__\s*=\s*["']([^"']+)["']""", text, re.M)
    return found.group(1) if found else "?"


class Runner:
    """Runs the executable headless with its own COURIER_HOME, from a folder outside the checkout."""

    def __init__(self, exe: Path, work: Path) -> None:
        self.exe = exe
        self.work = work
        self.home = work / "home"
        self.cwd = work / "cwd"
        self.cwd.mkdir(parents=True, exist_ok=True)
        #: games whose search player answered from the worker process
        self.worker_answered: list[str] = []

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "COURIER_"))}
        env.update(
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            PYGAME_HIDE_SUPPORT_PROMPT="1",
            COURIER_HOME=str(self.home),
        )
        return env

    def run(self, *args: str, timeout: float = RUN_TIMEOUT) -> tuple[subprocess.CompletedProcess[str], float]:
        started = time.perf_counter()
        try:
            proc = subprocess.run(
                [str(self.exe), *args], cwd=self.cwd, env=self.env(), capture_output=True, text=True, timeout=timeout
            )
        except subprocess.TimeoutExpired as exc:
            raise Failure(f"`Courier {' '.join(args)}` did not finish in {timeout:.0f} s{self._log_tail()}") from exc
        took = time.perf_counter() - started
        if proc.returncode != 0:
            raise Failure(
                f"`Courier {' '.join(args)}` exited with {proc.returncode}"
                f"{_tail('its output', proc.stdout + proc.stderr)}{self._log_tail()}"
            )
        return proc, took

    def _log_tail(self) -> str:
        logs = sorted((self.home / "logs").glob("*"), key=lambda p: p.stat().st_mtime) if (self.home / "logs").is_dir() else []
        return _tail(f"log {logs[-1].name}", logs[-1].read_text(errors="replace")) if logs else ""


def _tail(what: str, text: str, lines: int = 25) -> str:
    body = "\n".join("    " + line for line in text.strip().splitlines()[-lines:])
    return f"\n  last lines of {what}:\n{body}" if body else ""


def check_screenshot(path: Path) -> str:
    """Fails unless ``path`` is a PNG with many colours and no single colour covering it all."""
    if not path.is_file() or path.stat().st_size == 0:
        raise Failure(f"no screenshot was written to {path}")
    try:
        image = pygame.image.load(str(path))
    except pygame.error as exc:
        raise Failure(f"{path.name} is not a readable image: {exc}") from exc
    w, h = image.get_size()
    if w < 320 or h < 240:
        raise Failure(f"{path.name} is only {w}x{h}")
    raw = pygame.image.tobytes(image, "RGB")
    pixels = [raw[i : i + 3] for i in range(0, len(raw), 3 * 7)]  # every 7th pixel is plenty
    counts: dict[bytes, int] = {}
    for px in pixels:
        counts[px] = counts.get(px, 0) + 1
    top = max(counts.values()) / len(pixels)
    if len(counts) < MIN_COLOURS or top > 0.97:
        raise Failure(f"{path.name} looks blank: {len(counts)} colours, the commonest covers {top:.0%}")
    return f"{w}x{h}, {len(counts)} colours"


def help_text(runner: Runner, *args: str) -> str:
    try:
        proc, _ = runner.run(*args, "--help", timeout=30)
    except Failure:
        return ""
    return proc.stdout + proc.stderr


# ------------------------------------------------------------------------------------- checks
def _checkout_files(folder: str) -> set[str]:
    root = ROOT / folder
    return {
        f"{folder}/{p.relative_to(root).as_posix()}"
        for p in root.rglob("*")
        if p.is_file()
        and not any(part.startswith(".") or part == "__pycache__" for part in p.relative_to(root).parts)
        and not p.name.endswith(("~", ".pyc", ".bak", ".tmp"))
    }


def check_bundle_contents(exe: Path) -> str:
    """Every courier module and every asset and rules document of the checkout is in the bundle
    (the registry, bots and views import games by name, which PyInstaller cannot see)."""
    try:
        from PyInstaller.archive.readers import CArchiveReader
    except ImportError:
        raise Failure("PyInstaller is not installed in this Python, so the bundle cannot be inspected") from None
    archive = CArchiveReader(str(exe))
    modules: set[str] = set()
    for name in archive.toc:
        if name.endswith(".pyz"):
            modules |= set(archive.open_embedded_archive(name).toc)
    bundled = {name.replace("\\", "/") for name in archive.toc}  # one-file: data is inside the archive
    for contents in (exe.parent / "_internal", exe.parent.parent / "Resources"):  # one-folder / macOS app
        if (contents / "assets").is_dir():
            bundled |= {p.relative_to(contents).as_posix() for p in contents.rglob("*") if p.is_file()}
    wanted_modules = set()
    for p in (ROOT / "courier").rglob("*.py"):
        parts = list(p.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        wanted_modules.add(".".join(parts))
    missing = sorted(wanted_modules - modules) + sorted(_checkout_files("assets") - bundled)
    missing += sorted(_checkout_files("docs/rules") - bundled)
    if missing:
        shown = ", ".join(missing[:12]) + (f" and {len(missing) - 12} more" if len(missing) > 12 else "")
        raise Failure(f"not in the bundle (rebuild with python build/build.py?): {shown}")
    return f"{len(wanted_modules)} courier modules, {len(_checkout_files('assets'))} asset files, " \
        f"{len(_checkout_files('docs/rules'))} rules documents"


def check_version(runner: Runner) -> str:
    proc, _ = runner.run("--version", timeout=30)
    want = source_version()
    if want not in proc.stdout + proc.stderr:
        raise Failure(f"--version printed {proc.stdout.strip()!r}, expected it to name {want}")
    return proc.stdout.strip()


def check_menu(runner: Runner) -> str:
    shot = SHOTS / "menu.png"
    runner.run("--frames", str(MENU_FRAMES), "--screenshot", str(shot))
    return check_screenshot(shot)


def measure_startup(runner: Runner) -> str:
    """Wall time of ``Courier --frames 1``: process start to the first menu frame drawn (plus exit)."""
    times = [runner.run("--frames", "1")[1] for _ in range(STARTUP_RUNS)]
    best, median = min(times), statistics.median(times)
    print(f"startup_frozen: {median:.2f} s")
    note = f"median of {STARTUP_RUNS}, first {times[0]:.2f} s, best {best:.2f} s"
    log_file = runner.home / "logs" / "courier.log"
    logged = re.findall(r"first frame after (\d+) ms", log_file.read_text(errors="replace")) if log_file.is_file() else []
    if logged:
        note += f"; the app's own log says {logged[-1]} ms from loading courier.app"
    if median > STARTUP_TARGET_S:
        note += f"; WARNING: over the {STARTUP_TARGET_S:.0f} s target"
    return note


def game_args(game_id: str) -> list[str]:
    from courier.rules import registry

    game = registry.get(game_id)
    n = game.min_players
    seats = [AI_LEVELS[i % len(AI_LEVELS)] for i in range(n)]
    args = ["play", game_id, "--players", str(n), "--seed", "7"]
    for seat in seats:
        args += ["--seat", seat]
    return args


def _worker_answers(runner: Runner) -> int:
    log_file = runner.home / "logs" / "courier.log"
    text = log_file.read_text(errors="replace") if log_file.is_file() else ""
    return text.count("search worker process answered its first decision (ok,")


def check_board(runner: Runner, game_id: str) -> str:
    shot = SHOTS / f"board-{game_id}.png"
    before = _worker_answers(runner)
    runner.run(*game_args(game_id), "--frames", str(BOARD_FRAMES), "--screenshot", str(shot))
    info = check_screenshot(shot)
    if _worker_answers(runner) > before:
        info += "; the search player answered from its worker process"
        runner.worker_answered.append(game_id)
    # keep this game's autosave under its own name: the next game's autosave reuses the slot
    saves_dir = runner.home / "data" / "saves"
    autosave = saves_dir / "auto.json"
    if autosave.is_file():
        autosave.replace(saves_dir / f"frozen-{game_id}.json")
        info += "; autosaved"
    return info


def check_boards_folder(runner: Runner) -> str:
    """A board made by a player, in a folder given with --boards, is found by its title and played."""
    folder = runner.work / "my-boards"
    folder.mkdir(parents=True, exist_ok=True)
    maps = ROOT / "assets" / "maps"
    for name in ("doorstep_dash_tiles.tsx", "doorstep_dash_tiles.png"):
        shutil.copy(maps / name, folder / name)
    text = (maps / "doorstep_dash_town.tmx").read_text(encoding="utf-8")
    (folder / "smoke_town.tmx").write_text(
        text.replace('name="title" value="Bramblecombe"', 'name="title" value="Smoke Test Town"'), encoding="utf-8")
    shot = SHOTS / "board-from-boards-folder.png"
    runner.run("play", "doorstep-dash", "--map", "Smoke Test Town", "--boards", str(folder),
               "--seat", "ai-easy", "--seat", "ai-easy", "--frames", str(MENU_FRAMES), "--screenshot", str(shot))
    return "played 'Smoke Test Town' from a --boards folder; " + check_screenshot(shot)


def source_reads_frozen_saves(runner: Runner, game_ids: list[str]) -> str:
    """The program autosaved while its AI seats played; the source version must read those files."""
    with _home(runner.home):
        from courier import saves

        entries = saves.list_saves()
    bad = [f"{e.path.name}: {e.error}" for e in entries if not e.ok]
    if bad:
        raise Failure("the program wrote saves the source version cannot read: " + "; ".join(bad))
    if not entries:
        raise Failure(f"the program wrote no autosave in {runner.home} during {len(game_ids)} games with AI seats")
    return f"{len(entries)} autosave(s) read back by the source version: " + ", ".join(sorted({e.game_id or "?" for e in entries}))


def frozen_loads_source_save(runner: Runner, game_id: str) -> str:
    """A save written by the source version opens in the program."""
    usage = help_text(runner)
    if "--load" in usage:
        how = ["--load"]
    elif re.search(r"\{[^}]*\bload\b[^}]*\}|^\s{2,}load\s", usage, re.M):  # `courier load PATH` instead
        how = ["load"]
    else:
        raise Failure("the program has no `--load PATH` option, so a save cannot be opened from the command line")
    with _home(runner.home):
        from courier import saves
        from courier.match import Match, SeatSpec
        from courier.rules import registry
        from courier.ui.theme import PLAYER_COLOURS

        game = registry.get(game_id)
        seats = [SeatSpec(f"Bot {i + 1}", PLAYER_COLOURS[i][1], kind="ai", level="easy") for i in range(game.min_players)]
        match = Match.new(game_id, seats, seed=11)
        for _ in range(6):
            if match.is_over():
                break
            seat = match.to_act()[0]
            match.submit(match.legal(seat)[0])
        path = saves.save_match(match, "smoke")
    before = path.read_bytes()
    shot = SHOTS / f"load-{game_id}.png"
    runner.run(*how, str(path), "--frames", str(MENU_FRAMES * 3), "--screenshot", str(shot))
    info = check_screenshot(shot)
    if not path.exists():
        raise Failure(f"loading {path.name} removed it")
    return f"{path.name} ({len(before)} bytes) opened; {info}"


def check_error_screen(runner: Runner) -> str:
    """A damaged bundle shows the error screen and keeps running instead of vanishing.

    Works on a copy of the one-folder bundle (or of the macOS app) whose board and parcel pictures
    are replaced by junk (the button icons stay, the error screen draws one)."""
    exe = runner.exe
    if exe.parent.name == "MacOS" and exe.parent.parent.name == "Contents":  # Courier.app/Contents/MacOS/Courier
        bundle, sprites, exe_in_bundle = exe.parents[2], Path("Contents/Resources/assets/sprites"), exe.relative_to(exe.parents[2])
    else:
        bundle, sprites, exe_in_bundle = exe.parent, Path("_internal/assets/sprites"), Path(exe.name)
    if not (bundle / sprites).is_dir():
        return f"skipped: no {sprites.as_posix()} in {bundle.name} to damage on purpose"
    copy = runner.work / "damaged" / bundle.name
    shutil.copytree(bundle, copy, symlinks=True)
    damaged = 0
    for png in (copy / sprites).glob("*.png"):
        if not png.name.startswith(("icon_", "app_icon")):
            png.unlink()  # a link into the bundle is replaced, not written through
            png.write_bytes(b"this is not a picture")
            damaged += 1
    damaged_runner = Runner(copy / exe_in_bundle, runner.work / "damaged-run")
    shot = SHOTS / "error-screen.png"
    damaged_runner.run("--frames", str(MENU_FRAMES), "--screenshot", str(shot))
    info = check_screenshot(shot)
    log_file = damaged_runner.home / "logs" / "courier.log"
    text = log_file.read_text(errors="replace") if log_file.is_file() else ""
    if "Traceback" not in text:
        raise Failure(f"with {damaged} damaged pictures the program showed no error and logged no traceback")
    shutil.rmtree(copy, ignore_errors=True)
    return f"{damaged} pictures damaged: exit 0, error logged, {info}"


def check_search_worker(runner: Runner) -> str:
    """The computer players think in a worker process; in the bundle it must start and answer."""
    if not runner.worker_answered:
        raise Failure("no game's search player answered from its worker process in the bundle")
    return "answered in " + ", ".join(runner.worker_answered)


def check_log_file(runner: Runner) -> str:
    folder = runner.home / "logs"
    logs = [
        p
        for p in (folder.glob("*") if folder.is_dir() else [])
        if p.is_file() and p.stat().st_size > 0 and p.name != "courier-crash.log"  # the launcher's, not the app's
    ]
    if not logs:
        raise Failure(f"the program wrote no log file under {folder} (a windowed app has no console)")
    return ", ".join(sorted(p.name for p in logs))


class _home:
    """Point the source version's file locations at the program's COURIER_HOME for a moment."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.old: str | None = None

    def __enter__(self) -> None:
        self.old = os.environ.get("COURIER_HOME")
        os.environ["COURIER_HOME"] = str(self.home)

    def __exit__(self, *exc: object) -> None:
        if self.old is None:
            os.environ.pop("COURIER_HOME", None)
        else:
            os.environ["COURIER_HOME"] = self.old


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Smoke-test the built Courier executable headless.")
    parser.add_argument("--exe", type=Path, default=default_exe(), help="the executable (default: %(default)s)")
    args = parser.parse_args(argv)
    exe: Path = args.exe.resolve()
    if not exe.is_file() or not os.access(exe, os.X_OK):
        print(f"SMOKE TEST FAILED: no executable at {exe}; build it first with: python build/build.py")
        return 1

    from courier.rules import registry

    game_ids = registry.ids()
    if SHOTS.exists():
        shutil.rmtree(SHOTS)
    SHOTS.mkdir(parents=True)
    started = time.perf_counter()
    results: list[tuple[str, bool, str]] = []
    with tempfile.TemporaryDirectory(prefix="courier-smoke-") as tmp:
        runner = Runner(exe, Path(tmp))

        def step(name: str, fn: Callable[[], str]) -> None:
            try:
                detail = fn()
                ok = True
            except Failure as exc:
                detail, ok = str(exc), False
            except Exception as exc:  # noqa: BLE001 - a broken check is a failure too, not a crash
                detail, ok = f"{type(exc).__name__}: {exc}", False
            results.append((name, ok, detail))
            print(f"{'ok  ' if ok else 'FAIL'} {name}: {detail}", flush=True)

        step("bundle contents", lambda: check_bundle_contents(exe))
        step("version", lambda: check_version(runner))
        step("menu", lambda: check_menu(runner))
        step("start-up", lambda: measure_startup(runner))
        if not game_ids:
            results.append(("games", False, "no game is registered"))
            print("FAIL games: no game is registered")
        for gid in game_ids:
            step(f"board {gid}", lambda gid=gid: check_board(runner, gid))
        if game_ids:
            step("saves written by the program", lambda: source_reads_frozen_saves(runner, game_ids))
            step("load a save", lambda: frozen_loads_source_save(runner, game_ids[0]))
        step("boards folder", lambda: check_boards_folder(runner))
        step("search worker", lambda: check_search_worker(runner))
        step("log file", lambda: check_log_file(runner))
        step("error screen", lambda: check_error_screen(runner))

    failed = [r for r in results if not r[1]]
    print(f"screenshots: {SHOTS.relative_to(ROOT)}/  ({time.perf_counter() - started:.0f} s)")
    print(f"smoke: {len(results) - len(failed)} passed, {len(failed)} failed")
    if failed:
        print("SMOKE TEST FAILED: " + "; ".join(name for name, _, _ in failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
