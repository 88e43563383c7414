"""What moves on the screen by itself, by one set of rules every screen keeps.

A highlight that pulses asks ``pulse`` for its phase: no pulse may beat faster than
``MAX_FLASHES_PER_SECOND`` (more than three flashes a second can bring on a seizure), and under
Settings' Reduced motion every pulse holds still at its strongest, so a highlight is a steady mark
instead of a throb. The app tells this module where the setting lives (``follow``); a screen
never reads the setting itself to decide whether to pulse.
"""

from __future__ import annotations

import math
from typing import Callable

#: no light or mark may beat faster than this (the three-flashes rule)
MAX_FLASHES_PER_SECOND = 3.0

_reduced: Callable[[], bool] = lambda: False


def follow(reduced: Callable[[], bool]) -> None:
    """Read Reduced motion from ``reduced`` from now on (the app passes its settings)."""
    global _reduced
    _reduced = reduced


def reduced() -> bool:
    """Whether the player asked for Reduced motion."""
    return bool(_reduced())


def pulse(clock: float, per_second: float) -> float:
    """A highlight's strength at ``clock`` seconds: 0..1, rising and falling ``per_second`` times a
    second; 1 always under Reduced motion."""
    if per_second > MAX_FLASHES_PER_SECOND:
        raise ValueError(f"a pulse of {per_second:g} a second beats faster than {MAX_FLASHES_PER_SECOND:g}")
    if reduced():
        return 1.0
    return 0.5 + 0.5 * math.sin(2 * math.pi * per_second * clock)


def now() -> float:
    """Seconds on the game's clock, for pulses that keep no clock of their own."""
    import pygame

    return pygame.time.get_ticks() / 1000.0
