"""The work a match does off the window's thread: a saved log proven by replaying it
(``LogCheck``) and one computer decision (``AiJob``). Each touches only its own objects and hands
its result, or its error, to the main thread when asked."""

from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING, Any, Callable

from courier.ai import worker as ai_worker
from courier.rules.base import Action

if TYPE_CHECKING:
    from courier.match import Match

log = logging.getLogger("courier.match")


def _clip(exc: BaseException, limit: int = 300) -> str:
    """An exception for the log file, cut short (a damaged file can make messages megabytes long)."""
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= limit else text[:limit] + "..."


class RestoreError(ValueError):
    """A saved match that cannot be set up again; ``str()`` is a short message for the player."""


class BackgroundWork:
    """``work()`` run once on a daemon thread; ``done``/``wait`` tell when, and the result or the
    error it raised waits for the main thread. It only touches its own objects."""

    def __init__(self, work: Callable[[], Any], name: str) -> None:
        self._work = work
        self._done = threading.Event()
        self._result: Any = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._result = self._work()
        except BaseException as exc:  # handed to the main thread by result()
            self._error = exc
        finally:
            self._done.set()

    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def result(self) -> Any:
        """What ``work`` returned; the error it raised, raised again."""
        if self._error is not None:
            raise self._error
        return self._result


class LogCheck(BackgroundWork):
    """A saved log replayed and proven (``Match.restore``) on a worker thread, so a board opened
    from a save draws its first frame at once."""

    def __init__(self, work: Callable[[], "Match"]) -> None:
        super().__init__(work, "courier-log-check")

    def result(self) -> "Match":
        """The replayed match; RestoreError (a message for the player) if the log did not prove
        the saved state; RuntimeError if still running."""
        if not self._done.is_set():
            raise RuntimeError("the save is still being checked")
        if isinstance(self._error, RestoreError):
            raise self._error
        if self._error is not None:
            log.error("checking a saved log failed: %s", _clip(self._error))
            raise RestoreError("The game in this save could not be set up again.")
        assert self._result is not None
        return self._result


class AiJob(ai_worker.DecisionJob):
    """One computer decision running in a worker thread of this process, so the window keeps
    drawing. ``think_ms`` is how long the decision took (for ``courier bench``); None until done.
    """

    def __init__(self, seat: int, n_actions: int, work: Callable[[], Action], position: int = 0,
                 explain: Callable[[Action], str | None] | None = None) -> None:
        # n_actions: actions in the log when the decision started; position: the match's change
        # counter then (see ``Match.is_current``)
        super().__init__(seat, n_actions, position)
        self._work = work
        self._explain = explain
        self._thread = threading.Thread(target=self._run, name=f"courier-ai-seat{seat}", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        self.thread_name = threading.current_thread().name
        start = time.perf_counter()
        try:
            self._result = self._work()
        except BaseException as exc:  # handed to the main thread by result()
            self._error = exc
        finally:
            self.think_ms = (time.perf_counter() - start) * 1000.0
            if self._result is not None and self._explain is not None:
                try:  # after the clock: the reason is no part of thinking
                    self.reason = self._explain(self._result)
                except Exception as exc:  # a reason is a courtesy; the move stands without one
                    log.warning("no reason for seat %d's move: %s", self.seat, _clip(exc))
            self._done.set()

    def cancel(self) -> None:
        """Forget the decision (after an undo, a load or leaving the board). The thread finishes
        on its own; it only ever touched its own copy of the state."""
        self._cancelled = True
