"""A one-line progress bar for a running study: games done, games per second, time left."""

from __future__ import annotations

import sys
import time
from typing import TextIO


def format_duration(seconds: float) -> str:
    seconds = max(0, int(round(seconds)))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class Progress:
    """Redraws one line on a terminal (or prints a line every few seconds when not a terminal).

    ``earlier`` games were already in the results file: they count as done but not towards speed.
    The speed is measured from the first game finished in this run, not from the start: starting
    the worker processes (or reaching a cluster) takes seconds that would make the first estimate
    of the time left far too long. No time is guessed before ``MIN_GAMES`` more games are in.
    """

    MIN_GAMES = 3

    def __init__(self, total: int, earlier: int = 0, stream: TextIO | None = None, width: int = 28,
                 clock=time.monotonic) -> None:
        self.total = total
        self.earlier = earlier
        self.done = earlier
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.clock = clock
        self.start = clock()
        self._first: tuple[float, int] | None = None  # (when, games done) at the first game of this run
        self._last_draw = -1e9
        self._tty = bool(getattr(self.stream, "isatty", lambda: False)())

    def rate(self) -> float:
        """Games per second played in this run, since its first game finished."""
        if self._first is None:
            return 0.0
        elapsed = self.clock() - self._first[0]
        new = self.done - self._first[1]
        return new / elapsed if elapsed > 0 and new >= self.MIN_GAMES else 0.0

    def line(self) -> str:
        frac = self.done / self.total if self.total else 1.0
        filled = int(round(frac * self.width))
        bar = "#" * filled + "-" * (self.width - filled)
        rate = self.rate()
        left = (self.total - self.done) / rate if rate > 0 else None
        tail = f"{rate:.1f} games/s, {format_duration(left)} left" if left is not None else "starting..."
        if self.done >= self.total:
            whole = self.clock() - self.start
            new = self.done - self.earlier
            tail = f"{new / whole if whole > 0 else 0:.1f} games/s, done in {format_duration(whole)}"
        return f"[{bar}] {self.done}/{self.total} games  {tail}"

    def advance(self, n: int = 1) -> None:
        now = self.clock()
        if self._first is None and n > 0:
            self._first = (now, self.done + n)
        self.done += n
        if self.done >= self.total or now - self._last_draw >= (0.2 if self._tty else 5.0):
            self._last_draw = now
            self.draw()

    def draw(self) -> None:
        if self._tty:
            self.stream.write("\r" + self.line().ljust(78))
        else:
            self.stream.write(self.line() + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self._tty:
            self.stream.write("\n")
            self.stream.flush()
