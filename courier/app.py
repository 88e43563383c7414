"""The window and the one main loop: events -> top scene -> update -> draw -> flip, at 60 fps.

If a scene raises, the error is written to the log file and an error screen replaces the
scenes, with a way back to the menu, instead of the window vanishing.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import subprocess
import sys
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Courier uses no pydantic plugins; looking for them scans every installed package's metadata
# when the first model is made, a noticeable part of the time to the first frame
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

import pygame  # noqa: E402

from courier import __version__, paths  # noqa: E402
from courier.scenes.base import Scene, SceneStack  # noqa: E402
from courier.settings import Settings, load_settings, save_settings  # noqa: E402
from courier.ui import motion, theme  # noqa: E402
from courier.ui.screen import display_size, fit_to_display  # noqa: E402, F401  (the window opens by these)

if TYPE_CHECKING:
    from courier.ui.sound import Sounds
    from courier.scenes.setup_draft import SetupDraft

log = logging.getLogger("courier")

FPS = 60
MIN_SIZE = (960, 600)


#: time the process started, as near as Python can tell (set when this module is imported)
_T0 = time.perf_counter()


def setup_logging() -> Path | None:
    """Log to ``courier.log`` in the log folder; returns its path (None if it cannot be written)."""
    try:
        path = paths.log_dir() / "courier.log"
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=512_000, backupCount=2, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    for h in list(root.handlers):
        if getattr(h, "_courier", False):
            root.removeHandler(h)
            h.close()
    handler._courier = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    return path


#: keys that act on a choice: held down, they act once (see ``App._without_held_repeats``)
_ACT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class App:
    """The window, the clock, the settings and the scene stack, passed to every scene."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        size: tuple[int, int] | None = None,
        fullscreen: bool | None = None,
        persist_settings: bool = True,
    ) -> None:
        self.log_path = setup_logging()
        from courier import boards

        boards.install()  # the set-up screen lists boards and starts games before any match exists
        self.settings_message: str | None = None
        if settings is None:
            settings, self.settings_message = load_settings()
        self.settings = settings
        self.persist_settings = persist_settings
        motion.follow(lambda: self.settings.reduced_motion)
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Courier")
        self._set_icon()
        want = size or (settings.window_width, settings.window_height)
        self.screen = self._open(want, settings.fullscreen if fullscreen is None else fullscreen)
        self._sounds: "Sounds | None" = None  # made after the first frame (see ``sounds``)
        self.stack = SceneStack(self.screen.get_size())
        #: the New game screen as it was left without starting a game (``SetupScene.exit``)
        self.setup_draft: "SetupDraft | None" = None
        theme.set_ui_scale(theme.scale_for(self.screen.get_size(), settings.ui_scale))
        self.clock = pygame.time.Clock()
        self.running = False
        self.frames = 0
        self.first_frame_ms: float | None = None
        self.last_error: str | None = None
        self._size_changed = False
        self._held: set[int] = set()
        pygame.key.set_repeat(400, 40)
        log.info("Courier %s started, window %sx%s", __version__, *self.screen.get_size())

    @property
    def sounds(self) -> "Sounds":
        """The sound effects, made on first use: starting the mixer and making the effects is
        left until after the first frame (``run``), so the window shows sooner."""
        if self._sounds is None:
            from courier.ui.sound import Sounds

            self._sounds = Sounds(self.settings.volume)
        return self._sounds

    # -- window -------------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _set_icon(self) -> None:
        try:
            from courier import resources

            pygame.display.set_icon(pygame.image.load(str(resources.asset("sprites", "app_icon.png"))))
        except (pygame.error, FileNotFoundError):
            log.warning("app icon missing")

    def _open(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                log.warning("fullscreen refused; using a window")
        w, h = fit_to_display((max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])))
        return pygame.display.set_mode((w, h), pygame.RESIZABLE)

    def apply_display(self) -> None:
        """Reopen the window after the size or fullscreen setting changed."""
        s = self.settings
        self.screen = self._open((s.window_width, s.window_height), s.fullscreen)
        from courier.ui import sprites

        sprites.clear_cache()
        self.resize_stack()

    def resize_stack(self) -> None:
        """Lay every scene out for the window's size, at the interface scale for that size."""
        size = self.screen.get_size()
        theme.set_ui_scale(theme.scale_for(size, self.settings.ui_scale))
        self.stack.resize(size)

    def toggle_fullscreen(self) -> None:
        """F11: fill the screen or go back to a window, for this run (the setting stays as chosen)."""
        full = bool(self.screen.get_flags() & pygame.FULLSCREEN)
        self.screen = self._open((self.settings.window_width, self.settings.window_height), not full)
        self.resize_stack()

    def save_settings(self) -> str | None:
        """Keep the settings; returns a message if they could not be written."""
        if not self.persist_settings:
            return None
        try:
            save_settings(self.settings)
        except OSError as exc:
            log.warning("settings not saved: %s", exc)
            return f"Settings could not be saved: {exc}"
        return None

    # -- the loop -----------------------------------------------------------------------------
    def quit(self) -> None:
        self.running = False

    def frame(self, dt: float, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: events -> top scene -> update -> draw -> flip. Tests call this directly."""
        if events is None:
            events = self._without_held_repeats(pygame.event.get())
        self._guard(lambda: self._frame(dt, events))
        self.frames += 1

    def _without_held_repeats(self, events: list[pygame.event.Event]) -> list[pygame.event.Event]:
        """Drop the repeats of a held Enter or Space (the key-repeat timer keeps adding them while
        a slow frame keeps the key's release waiting): one press acts once, so a choice made with
        Enter never also chooses whatever takes the focus next. Other keys keep repeating."""
        out = []
        for e in events:
            if e.type == pygame.KEYDOWN and e.key in _ACT_KEYS:
                if e.key in self._held:
                    continue
                self._held.add(e.key)
            elif e.type == pygame.KEYUP:
                self._held.discard(e.key)
            elif e.type == pygame.WINDOWFOCUSLOST:
                self._held.clear()
            out.append(e)
        return out

    def _frame(self, dt: float, events: list[pygame.event.Event]) -> None:
        for event in events:
            if event.type == pygame.QUIT:
                self.quit()
                continue
            if event.type == pygame.VIDEORESIZE and not (self.screen.get_flags() & pygame.FULLSCREEN):
                self.screen = pygame.display.get_surface() or self.screen
                self.resize_stack()
                self._remember_size(self.screen.get_size())
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            self.stack.handle_event(event)
        if self.screen.get_size() != self.stack.size:
            self.resize_stack()
        self.stack.update(dt)
        self.stack.draw(self.screen)  # every opaque scene paints the whole window
        pygame.display.flip()

    def _remember_size(self, size: tuple[int, int]) -> None:
        """A window the player resized opens at that size next time (kept when the app ends)."""
        w, h = max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])
        if (w, h) != (self.settings.window_width, self.settings.window_height):
            self.settings.window_width, self.settings.window_height = w, h
            self._size_changed = True

    def _guard(self, work: Callable[[], None]) -> None:
        try:
            work()
        except Exception as exc:
            from courier.scenes.error import ErrorScene

            detail = traceback.format_exc()
            log.error("a scene failed:\n%s", detail)
            if isinstance(self.stack.top, ErrorScene):
                raise  # the error screen itself failed: nothing sensible is left to show
            self.last_error = f"{type(exc).__name__}: {exc}"
            self.stack.reset(ErrorScene(self, self.last_error, self.log_path))
            self.stack.draw(self.screen)
            pygame.display.flip()

    def run(self, first: Scene, frames: int | None = None, screenshot: str | Path | None = None) -> int:
        """Run until the player quits (or for ``frames`` frames); save the last frame if asked."""
        self._guard(lambda: self.stack.push(first))  # a scene that fails to open shows the error screen too
        self.running = True
        dt = 1.0 / FPS
        while self.running:
            self.frame(dt)
            if self.first_frame_ms is None:
                self.first_frame_ms = (time.perf_counter() - _T0) * 1000.0
                log.info("first frame after %.0f ms", self.first_frame_ms)
            if frames is not None and self.frames >= frames:
                break
            if self._sounds is None:
                self.sounds  # noqa: B018  (the window is up: now the sound effects, before they are needed)
            dt = min(0.1, self.clock.tick(FPS) / 1000.0)
        if screenshot:
            Path(screenshot).parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(screenshot))
        while self.stack.top is not None:
            self.stack.pop()
        worker = sys.modules.get("courier.ai.worker")  # never imported: no thinking process to end
        if worker is not None:
            worker.shutdown()  # the computer players' thinking process, if one was started
        if self._size_changed:
            self.save_settings()
        return 0

    def screenshot(self, path: str | Path) -> Path:
        """Draw the current scenes and save them as a PNG."""
        self.stack.draw(self.screen)
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))
        return path


# -- measuring (for ``courier bench``) ---------------------------------------------------------

def measure_frames(game_id: str, frames: int = 600, size: tuple[int, int] = (1280, 720),
                   cpu: list[float] | None = None) -> list[float]:
    """Per-frame times in ms of a board of ``game_id`` in a window of ``size`` with computer
    players at every seat, pieces animating (no frame cap: the work of each frame only).
    ``cpu`` (if given) receives each frame's processor time on the main thread: on a busy
    machine the wall-clock times also hold the waits for a processor."""
    from courier.match import Match, SeatSpec
    from courier.rules import registry
    from courier.scenes.board import BoardScene
    from courier.ui import theme

    game = registry.get(game_id)
    n = max(game.min_players, min(4, game.max_players))
    seats = [SeatSpec(f"Computer {i + 1}", theme.PLAYER_COLOURS[i][1], "ai", "easy") for i in range(n)]
    app = App(Settings(), size=size, fullscreen=False, persist_settings=False)
    app.sounds  # noqa: B018  (made before timing, as the running game makes them after its first frame)
    seed = 1
    board = BoardScene(app, Match.new(game_id, seats, seed=seed), autosave=False, ai_pause=0.0, show_scoring=False)
    app.stack.push(board)
    times: list[float] = []
    for _ in range(frames):
        start, start_cpu = time.perf_counter(), time.thread_time()
        app.frame(1.0 / FPS, [])
        times.append((time.perf_counter() - start) * 1000.0)
        if cpu is not None:
            cpu.append((time.thread_time() - start_cpu) * 1000.0)
        if board.finished:  # keep the pieces moving: start another game
            seed += 1
            board = BoardScene(app, Match.new(game_id, seats, seed=seed), autosave=False, ai_pause=0.0,
                               show_scoring=False)
            app.stack.replace(board)
    while app.stack.top is not None:
        app.stack.pop()
    return times


def measure_startup() -> float:
    """Milliseconds from starting ``python -m courier --frames 1`` to its exit (headless)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "courier", "--frames", "1"], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return (time.perf_counter() - start) * 1000.0


def main_menu(app: App) -> Scene:
    from courier.scenes.menu import MenuScene

    return MenuScene(app, saves_after_first_frame=True)
