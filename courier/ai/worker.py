"""Computer decisions off the UI thread, with a time cap and a way to cut them short.

The search is pure Python, so thinking in a thread would hold the GIL and stutter the frame loop.
:class:`ProcessJob` thinks in a worker *process* instead (spawn start method, so it behaves the same
on every platform and in a PyInstaller-frozen app, whose entry point must call
``multiprocessing.freeze_support()`` first). Only plain data crosses: the game id, the config, the
seat's view as save data, the legal actions as text and the RNG state; the answer comes back as an
action's text. :class:`ThreadJob` is the fallback when processes are not available.

Both have the match's ``AiJob`` interface: ``done()``, ``result()``, ``cancel()``, ``wait()``,
``cancelled``, ``think_ms``, ``seat``, ``n_actions``, ``position``.
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import threading
import time
from typing import Any, Callable, Sequence

from courier.rules.base import Action, GameRules
from courier.rules.rng import Rng

_CTX = mp.get_context("spawn")

log = logging.getLogger(__name__)

#: what the log says when a worker process answers for the first time (the frozen app's smoke
#: test looks for it)
FIRST_ANSWER = "search worker process answered its first decision"


def decide(game_id: str, level: str, config_data: dict[str, Any], view_data: dict[str, Any], seat: int,
           legal_texts: Sequence[str], rng_state: int, time_cap: float | None = None) -> str:
    """One decision from plain data; returns the action's text."""
    return decide_with_reason(game_id, level, config_data, view_data, seat, legal_texts, rng_state, time_cap)[0]


def decide_with_reason(game_id: str, level: str, config_data: dict[str, Any], view_data: dict[str, Any],
                       seat: int, legal_texts: Sequence[str], rng_state: int,
                       time_cap: float | None = None) -> tuple[str, str | None]:
    """One decision from plain data (what the worker process runs): the action's text and the
    reason the player gives for it (worked out after the decision, from public facts only)."""
    from courier.ai import reasons
    from courier.ai.base import make_bot
    from courier.ai.search import SearchBot
    from courier.rules import registry

    game = registry.get(game_id)
    config = game.make_config(**config_data)
    view = game.state_from_dict(config, view_data)
    legal = [game.parse_action(view, t) for t in legal_texts]
    bot = make_bot(game_id, level)
    if isinstance(bot, SearchBot) and time_cap is not None:
        from dataclasses import replace

        bot.budget = replace(bot.budget, time_cap=min(bot.budget.time_cap, time_cap))
    action = bot.choose(game, view, seat, legal, Rng(state=rng_state))
    reason = reasons.explain(game_id, game, view, seat, action, bot) if len(legal) > 1 else None
    return action.to_text(), reason


def _serve(conn: Any) -> None:
    """The worker process: answer decisions until told to stop (None) or the pipe closes."""
    from courier import boards

    boards.install()  # a spawned process starts with no board source
    while True:
        try:
            args = conn.recv()
        except (EOFError, OSError):
            return
        if args is None:
            return
        try:
            text, reason = decide_with_reason(*args)
            conn.send(("ok", text, reason))
        except BaseException as exc:  # handed back to the parent by result()
            conn.send(("error", f"{type(exc).__name__}: {exc}", None))


class _Server:
    """A worker process kept alive between decisions (starting Python and importing the rules
    costs about a second, far more than an easy decision)."""

    def __init__(self) -> None:
        self.conn, child = _CTX.Pipe(duplex=True)
        self.proc = _CTX.Process(target=_serve, args=(child,), daemon=True, name="courier-ai-worker")
        self.proc.start()
        child.close()
        self.busy = False
        self.answered = 0

    def alive(self) -> bool:
        return self.proc.is_alive()

    def stop(self) -> None:
        if self.proc.is_alive():
            self.proc.terminate()
        self.proc.join(timeout=2)
        self.conn.close()


_LOCK = threading.Lock()
_SHARED: _Server | None = None


def _take_server() -> tuple[_Server, bool]:
    """The shared worker if it is idle (started if needed), else a one-off one; True if shared."""
    global _SHARED
    with _LOCK:
        if _SHARED is None or not _SHARED.alive():
            _SHARED = _Server()
        if not _SHARED.busy:
            _SHARED.busy = True
            return _SHARED, True
    return _Server(), False


def warm_up() -> None:
    """Start the shared worker now (e.g. when a board with computer players opens)."""
    global _SHARED
    with _LOCK:
        if _SHARED is None or not _SHARED.alive():
            _SHARED = _Server()


def shutdown() -> None:
    """Stop the shared worker (at exit)."""
    global _SHARED
    with _LOCK:
        if _SHARED is not None:
            _SHARED.stop()
            _SHARED = None


class DecisionJob:
    """One computer decision under way somewhere else (a process or a thread): the answer, or the
    bot's own error, is handed to the main thread by ``result()`` once ``done()``."""

    def __init__(self, seat: int, n_actions: int, position: int) -> None:
        self.seat = seat
        self.n_actions = n_actions
        self.position = position
        self.think_ms: float | None = None
        #: where the thinking happens (the AiJob field of the same name)
        self.thread_name = ""
        #: why the computer chose its move, in the game's words (public facts only), once done
        self.reason: str | None = None
        self._cancelled = False
        self._result: Action | None = None
        self._error: BaseException | None = None
        self._done = threading.Event()
        self._start = time.perf_counter()

    @property
    def cancelled(self) -> bool:
        return self._cancelled

    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def result(self) -> Action:
        """The chosen action. RuntimeError if not done or cancelled; the bot's own error if it failed."""
        if self._cancelled:
            raise RuntimeError("this computer decision was cancelled")
        if not self._done.is_set():
            raise RuntimeError("the computer player is still thinking")
        if self._error is not None:
            raise self._error
        assert self._result is not None
        return self._result

    def _finish(self, result: Action | None, error: BaseException | None) -> None:
        self._result, self._error = result, error
        self.think_ms = (time.perf_counter() - self._start) * 1000.0
        self._done.set()


class ProcessJob(DecisionJob):
    """One decision in a worker process; ``cancel()`` ends the process at once."""

    def __init__(self, game: GameRules, game_id: str, level: str, config: Any, view: Any, seat: int,
                 legal: Sequence[Action], rng: Rng, n_actions: int = 0, position: int = 0,
                 time_cap: float | None = None) -> None:
        super().__init__(seat, n_actions, position)
        self._game = game
        self._view = view
        self._legal = {a.to_text(): a for a in legal}
        args = (game_id, level, config.model_dump(), game.state_to_dict(view), seat, list(self._legal),
                rng.state, time_cap)
        self._server, self._shared = _take_server()
        self.thread_name = self._server.proc.name
        self._reading = threading.Lock()
        self._server.conn.send(args)

    def done(self) -> bool:
        self._collect(0.0)
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        deadline = None if timeout is None else time.perf_counter() + timeout
        while not self._done.is_set():
            left = None if deadline is None else deadline - time.perf_counter()
            if left is not None and left <= 0:
                break
            self._collect(0.05 if left is None else min(left, 0.05))
        return self._done.is_set()

    def _collect(self, timeout: float) -> None:
        """Read the answer if it has come (waiting up to ``timeout`` s). The asking thread reads it
        itself: a watcher thread woken by the pipe can wait seconds for the interpreter lock while
        the frame loop draws flat out."""
        if self._done.is_set() or self._cancelled:
            return
        with self._reading:
            if self._done.is_set():
                return
            try:
                if not self._server.conn.poll(timeout):  # a stopped worker reads as end of file
                    return
                kind, payload, reason = self._server.conn.recv()
            except (EOFError, OSError):
                self._release()
                self._finish(None, RuntimeError("the computer player stopped without an answer"))
                return
            self._release()
            self.reason = reason if isinstance(reason, str) else None
            self._answer(kind, payload)

    def _release(self) -> None:
        if self._shared:
            self._server.busy = False
        else:
            self._server.stop()

    def _answer(self, kind: str, payload: str) -> None:
        self._server.answered += 1
        if self._server.answered == 1:
            log.info("%s (%s, pid %s) after %.0f ms", FIRST_ANSWER, kind, self._server.proc.pid,
                     (time.perf_counter() - self._start) * 1000.0)
        if kind == "ok":
            action = self._legal.get(payload)
            if action is None:
                self._finish(None, RuntimeError(f"the computer player answered {payload!r}, not a legal action"))
            else:
                self._finish(action, None)
        else:
            self._finish(None, RuntimeError(payload))

    def cancel(self) -> None:
        """Forget the decision and stop its thinking at once (the worker is restarted on demand)."""
        self._cancelled = True
        with self._reading:
            if not self._done.is_set():
                self._server.stop()
                self._release()
                self._finish(None, RuntimeError("this computer decision was cancelled"))


class ThreadJob(DecisionJob):
    """One decision in a thread (no worker process). ``cancel()`` asks the search to stop early."""

    def __init__(self, seat: int, n_actions: int,
                 work: Callable[[Callable[[], bool]], "Action | tuple[Action, str | None]"],
                 position: int = 0) -> None:
        super().__init__(seat, n_actions, position)
        self._work = work
        self._thread = threading.Thread(target=self._run, daemon=True, name=f"courier-ai-seat{seat}")
        self._thread.start()

    def _run(self) -> None:
        self.thread_name = threading.current_thread().name
        try:
            answer = self._work(lambda: self._cancelled)
        except BaseException as exc:
            self._finish(None, exc)
            return
        if isinstance(answer, tuple):  # (action, reason)
            answer, self.reason = answer
        self._finish(answer, None)

    def cancel(self) -> None:
        self._cancelled = True


def start_decision(game: GameRules, game_id: str, level: str, config: Any, view: Any, seat: int,
                   legal: Sequence[Action], rng: Rng, n_actions: int = 0, position: int = 0,
                   use_process: bool = True, time_cap: float | None = None) -> ProcessJob | ThreadJob:
    """Start one decision: in a worker process when possible, else in a thread."""
    if use_process:
        try:
            return ProcessJob(game, game_id, level, config, view, seat, legal, rng, n_actions, position, time_cap)
        except (OSError, RuntimeError, ValueError, TypeError):
            pass  # no processes here (sandbox, odd freeze): think in a thread instead

    def work(cancelled: Callable[[], bool]) -> tuple[Action, str | None]:
        from courier.ai import reasons
        from courier.ai.base import make_bot
        from courier.ai.search import SearchBot

        bot = make_bot(game_id, level)
        if isinstance(bot, SearchBot):
            bot.cancelled = cancelled
        action = bot.choose(game, view, seat, list(legal), rng)
        reason = reasons.explain(game_id, game, view, seat, action, bot) if len(legal) > 1 else None
        return action, reason

    return ThreadJob(seat, n_actions, work, position)
