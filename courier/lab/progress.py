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
    """

    def __init__(self, total: int, earlier: int = 0, stream: TextIO | None = None, width: int = 28,
                 clock=time.monotonic) -> None:
        self.total = total
        self.earlier = earlier
        self.done = earlier
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.clock = clock
        self.start = clock()
        self._last_draw = -1e9
        self._tty = bool(getattr(self.stream, "isatty", lambda: False)())

    def rate(self) -> float:
        """Games per second played in this run."""
        elapsed = self.clock() - self.start
        new = self.done - self.earlier
        return new / elapsed if elapsed > 0 and new > 0 else 0.0

    def line(self) -> str:
        frac = self.done / self.total if self.total else 1.0
        filled = int(round(frac * self.width))
        bar = "#" * filled + "-" * (self.width - filled)
        rate = self.rate()
        left = (self.total - self.done) / rate if rate > 0 else None
        tail = f"{rate:.1f} games/s, {format_duration(left)} left" if left is not None else "starting..."
        if self.done >= self.total:
            tail = f"{rate:.1f} games/s, done in {format_duration(self.clock() - self.start)}"
        return f"[{bar}] {self.done}/{self.total} games  {tail}"

    def advance(self, n: int = 1) -> None:
        self.done += n
        now = self.clock()
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
