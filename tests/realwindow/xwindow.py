"""The game in a real X window: Xvfb, the game as its own process, real keys and clicks.

This is what an outside tester does by hand, done by a test: an X server of a chosen size
(``Xvfb``), the ``courier play`` command started in it with the X11 driver, keys and clicks
sent through the X server as a keyboard and mouse would (``xdotool``), screenshots of the whole
screen (ImageMagick's ``import``) loaded as pygame surfaces, and waits that poll the screen
until a state shows, up to a deadline (never a fixed sleep that hopes).

Everything the game writes goes to a temporary ``COURIER_HOME``; every process started here is
ended (its whole process group) when the session closes, whatever happened.
"""

from __future__ import annotations

import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

import pygame

ROOT = Path(__file__).resolve().parents[2]
#: program -> the Debian package that has it
TOOLS = {"Xvfb": "xvfb", "xdotool": "xdotool", "import": "imagemagick", "convert": "imagemagick",
         "tesseract": "tesseract-ocr"}


def missing_tools() -> list[str]:
    """The Debian packages whose program is not on PATH."""
    return sorted({pkg for prog, pkg in TOOLS.items() if shutil.which(prog) is None})


def _python() -> str:
    """The project's own interpreter when there is one (``run.py`` makes ``.venv``)."""
    venv = ROOT / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def _end_group(proc: subprocess.Popen, grace: float = 5.0) -> None:
    """Stop ``proc`` and everything it started (it leads its own process group)."""
    if proc.poll() is not None:
        return
    for sig, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, grace)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


def _rgb(picture: pygame.Surface) -> pygame.Surface:
    """``picture`` as 24-bit RGB (ImageMagick may write a plain screen with a palette)."""
    if picture.get_bitsize() == 24:
        return picture
    out = pygame.Surface(picture.get_size(), depth=24)
    out.blit(picture, (0, 0))
    return out


@dataclass
class Shot:
    """One screenshot: the picture for the checks and, once kept, the file people look at."""

    surface: pygame.Surface
    #: the PNG under the screenshots folder (None until kept)
    path: Path | None = None
    taken: float = field(default_factory=time.monotonic)

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def pixels(self, box: pygame.Rect | None = None) -> bytes:
        """The RGB bytes of ``box`` (the whole screen if None), for exact comparisons."""
        part = self.surface if box is None else self.surface.subsurface(box.clip(self.surface.get_rect()))
        return pygame.image.tobytes(part, "RGB")

    def thumb(self, size: tuple[int, int] = (96, 54)) -> bytes:
        return pygame.image.tobytes(pygame.transform.smoothscale(self.surface, size), "RGB")

    def like(self, other: "Shot", tolerance: int = 24, share: float = 0.03) -> bool:
        """True if the two screens look alike: at most ``share`` of a small thumbnail's channel
        values differ by more than ``tolerance`` (a changed name or colour band stays alike)."""
        a, b = self.thumb(), other.thumb()
        differ = sum(1 for x, y in zip(a, b) if abs(x - y) > tolerance)
        return differ <= share * len(a)


class Session:
    """An X server of ``size`` with the game running in it; use as a context manager."""

    def __init__(self, size: tuple[int, int], shots_dir: Path) -> None:
        self.size = size
        self.shots_dir = shots_dir
        self.tmp = Path(tempfile.mkdtemp(prefix="courier-x-"))
        self.display = ""
        self.window = ""
        self.xvfb: subprocess.Popen | None = None
        self.game: subprocess.Popen | None = None
        self._n = 0
        self.started = time.monotonic()

    # -- the X server and the game ---------------------------------------------------------
    def __enter__(self) -> "Session":
        try:
            self._start_x()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _start_x(self) -> None:
        """Xvfb on a display number it picks itself (``-displayfd``), so parallel test workers
        never race for one."""
        read_end, write_end = os.pipe()
        w, h = self.size
        log = open(self.tmp / "xvfb.log", "wb")
        try:
            self.xvfb = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{w}x{h}x24", "-nolisten", "tcp", "-noreset"],
                pass_fds=(write_end,), stdout=log, stderr=log, start_new_session=True)
        finally:
            os.close(write_end)
            log.close()
        got = b""
        deadline = time.monotonic() + 20
        try:
            while not got.endswith(b"\n"):
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([read_end], [], [], left)[0]:
                    raise RuntimeError(f"Xvfb did not start: {self._xvfb_log()}")
                chunk = os.read(read_end, 64)
                if not chunk:
                    raise RuntimeError(f"Xvfb stopped: {self._xvfb_log()}")
                got += chunk
        finally:
            os.close(read_end)
        self.display = ":" + got.decode().strip()

    def _xvfb_log(self) -> str:
        try:
            return (self.tmp / "xvfb.log").read_text(errors="replace")[-600:]
        except OSError:
            return ""

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "COURIER_"))}
        env.update(DISPLAY=self.display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                   COURIER_HOME=str(self.tmp / "home"), PYGAME_HIDE_SUPPORT_PROMPT="1",
                   OMP_THREAD_LIMIT="1")
        return env

    def settings(self, **values: object) -> None:
        """Start the game with these settings (``anim_speed=0.5``), written by the game's own
        settings code into this session's ``COURIER_HOME``."""
        from unittest import mock

        from courier.settings import Settings, save_settings

        with mock.patch.dict(os.environ, {"COURIER_HOME": str(self.tmp / "home")}):
            save_settings(Settings(**values))

    def launch(self, *args: str, timeout: float = 40) -> None:
        """``courier ARGS`` in this X server; returns once its window is on the screen."""
        log = open(self.tmp / "game.log", "wb")
        try:
            self.game = subprocess.Popen([_python(), "-m", "courier", *args], cwd=ROOT, env=self.env(),
                                         stdout=log, stderr=log, start_new_session=True)
        finally:
            log.close()
        # by process id (this xdotool cannot match the title by --name, which SDL sets as UTF-8),
        # and only a window on the screen: SDL may make and drop a window before its real one
        deadline = time.monotonic() + timeout
        while True:
            self.alive()
            try:
                found = self.xdotool("search", "--onlyvisible", "--pid", str(self.game.pid),
                                     timeout=max(1.0, deadline - time.monotonic()))
            except RuntimeError:  # no window yet, or one that vanished mid-search (BadWindow)
                found = ""
            except subprocess.TimeoutExpired:
                found = ""
            if found.split():
                break
            if time.monotonic() > deadline:
                raise AssertionError(f"the game's window did not open in {timeout:.0f} s; its log:\n{self.game_log()}")
            time.sleep(0.2)
        self.focus()

    def focus(self, timeout: float = 10) -> None:
        """Give the game's window the keyboard (found again each time: SDL may remake it, as when
        the game switches between a window and the full screen)."""
        deadline = time.monotonic() + timeout
        while True:
            self.alive()
            try:
                self.window = self.xdotool("search", "--onlyvisible", "--pid", str(self.game.pid)).split()[0]
                self.xdotool("windowfocus", self.window)
                return
            except (RuntimeError, IndexError) as exc:  # gone between the search and the focus
                if time.monotonic() > deadline:
                    raise AssertionError(f"the game's window cannot be given the keyboard: {exc}") from None
                time.sleep(0.2)

    def game_log(self) -> str:
        try:
            return (self.tmp / "game.log").read_text(errors="replace")[-2000:]
        except OSError:
            return ""

    def close(self) -> None:
        for proc in (self.game, self.xvfb):
            if proc is not None:
                _end_group(proc)
        shutil.rmtree(self.tmp, ignore_errors=True)

    # -- input ----------------------------------------------------------------------------
    def xdotool(self, *args: str, timeout: float = 20) -> str:
        done = subprocess.run(["xdotool", *args], env=self.env(), capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0:
            raise RuntimeError(f"xdotool {' '.join(args)} failed: {done.stderr.strip()}")
        return done.stdout

    def alive(self) -> None:
        if self.game is not None and self.game.poll() is not None:
            raise AssertionError(f"the game stopped (exit code {self.game.returncode}); its log:\n{self.game_log()}")

    def keys(self, *names: str) -> None:
        """Press and release each key in turn, as typed on the keyboard (``Return``, ``k``, ``1``)."""
        self.alive()
        self.focus()
        self.xdotool("key", "--delay", "120", *names)

    def move(self, pos: tuple[int, int]) -> None:
        """Move the pointer to ``pos`` (screen pixels)."""
        self.alive()
        self.xdotool("mousemove", "--sync", str(pos[0]), str(pos[1]))

    def click(self, button: int = 1) -> None:
        """Press and release a mouse button where the pointer is."""
        self.alive()
        self.xdotool("click", str(button))

    def pointer(self) -> tuple[int, int]:
        out = dict(line.split("=", 1) for line in self.xdotool("getmouselocation", "--shell").split())
        return int(out["X"]), int(out["Y"])

    # -- looking --------------------------------------------------------------------------
    def shot(self, label: str | None = None) -> Shot:
        """A screenshot of the whole screen; kept under ``shots_dir`` when it has a ``label``.

        Taken as BMP, which ImageMagick writes four times faster than PNG on a full-HD screen
        (the screen is polled), and read straight back; only kept screens are written as PNG."""
        self.alive()
        raw = self.tmp / "frame.bmp"
        subprocess.run(["import", "-window", "root", str(raw)], env=self.env(), check=True,
                       capture_output=True, timeout=30)
        shot = Shot(_rgb(pygame.image.load(str(raw))))
        raw.unlink()
        return self.keep(shot, label) if label is not None else shot

    def keep(self, shot: Shot, label: str) -> Shot:
        """``shot`` kept as ``NNN-label.png`` for people to look at (numbered in order)."""
        print(f"{time.monotonic() - self.started:6.1f} s  {label}")  # the test's timeline, in its log
        self.shots_dir.mkdir(parents=True, exist_ok=True)
        self._n += 1
        path = self.shots_dir / f"{self._n:03d}-{label}.png"
        pygame.image.save(shot.surface, str(path))
        return Shot(shot.surface, path, shot.taken)

    def wait_for(self, what: str, test: Callable[[Shot], bool], timeout: float = 30) -> Shot:
        """Screenshots until ``test`` holds for one (returned); AssertionError naming ``what``
        and keeping the last screen if it never does within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        last = None
        seen = None
        while True:
            last = self.shot()
            pixels = last.pixels()
            if pixels != seen and test(last):  # an unchanged screen is not read twice
                return last
            seen = pixels
            if time.monotonic() > deadline:
                kept = self.keep(last, "timed-out")
                raise AssertionError(f"waited {timeout:.0f} s for {what}; the screen is in {kept.path}")
            time.sleep(0.1)

    def settled(self, quiet: float = 1.0, timeout: float = 10) -> Shot:
        """The screen once it has not changed for ``quiet`` seconds (animations over, and a
        tooltip that shows after a short delay has shown), or as it is after ``timeout``."""
        deadline = time.monotonic() + timeout
        first = self.shot()
        while True:
            time.sleep(0.1)
            cur = self.shot()
            if cur.pixels() != first.pixels():
                first = cur
            elif cur.taken - first.taken >= quiet or time.monotonic() > deadline:
                return cur
            if time.monotonic() > deadline:
                return cur

    def frames_until(self, stop: Callable[[Shot], bool], timeout: float, most: int = 32) -> list[Shot]:
        """Screenshots as fast as they come until ``stop`` holds for one (it ends the list).

        At most ``most`` are held (a full-HD screen is 6 MB): past that every second one after
        the first is let go (never the newest), so the list still spans the whole time."""
        deadline = time.monotonic() + timeout
        out: list[Shot] = []
        while True:
            out.append(self.shot())
            if stop(out[-1]):
                return out
            if time.monotonic() > deadline:
                kept = self.keep(out[-1], "timed-out")
                raise AssertionError(f"the screen did not reach the expected state in {timeout:.0f} s; "
                                     f"see {kept.path}")
            if len(out) > most:
                out = out[::2] if len(out) % 2 else [*out[::2], out[-1]]


def fullscreen_args(game: str, seats: Sequence[str], seed: int) -> list[str]:
    """``courier play`` filling the X screen, with these seats and seed."""
    args = ["play", game]
    for s in seats:
        args += ["--seat", s]
    return [*args, "--seed", str(seed), "--fullscreen"]
