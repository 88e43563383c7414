"""Small sound effects made in code (no sound files to ship): a tick for moves, a rattle for
dice, a chime for deliveries and scores, a soft bell when it is a person's turn.

Volume comes from the settings; without a sound device everything here is silent.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import random
import sys
from array import array
from typing import Iterable, Iterator

import pygame

from courier.rules.base import Event

log = logging.getLogger(__name__)
RATE = 22050


def _tone(parts: Iterable[tuple[float, float, float]], length: float, noise: float = 0.0, seed: int = 1) -> array:
    """Sum of decaying sines (frequency, start time, amplitude), plus optional noise bursts."""
    n = int(RATE * length)
    out = [0.0] * n
    for freq, start, amp in parts:
        s0 = int(start * RATE)
        # amp * sin(2 pi f t) * exp(-18 t), sample by sample, as a two-term recurrence: the
        # same samples as calling sin and exp for each, in under half the time
        w = 2 * math.pi * freq / RATE
        r = math.exp(-18 / RATE)
        c1, c2 = 2 * r * math.cos(w), r * r
        prev, cur = 0.0, amp * r * math.sin(w)
        for i in range(s0 + 1, n):
            out[i] += cur
            prev, cur = cur, c1 * cur - c2 * prev
    if noise:
        rnd = random.Random(seed)
        for k in range(6):  # six clicks: dice tumbling
            s0 = int((0.02 + k * 0.045 + rnd.random() * 0.01) * RATE)
            for i in range(s0, min(n, s0 + int(0.012 * RATE))):
                out[i] += noise * (rnd.random() * 2 - 1) * (1 - (i - s0) / (0.012 * RATE))
    peak = max(1e-6, max(map(abs, out)))
    scale = 0.6 * 32767 / peak
    return array("h", [int(v * scale) for v in out])


RECIPES = {
    "tick": lambda: _tone([(1250, 0.0, 1.0), (2500, 0.0, 0.3)], 0.08),
    "roll": lambda: _tone([(300, 0.26, 0.4)], 0.34, noise=1.0),
    "chime": lambda: _tone([(660, 0.0, 1.0), (990, 0.09, 0.9), (1320, 0.09, 0.3)], 0.45),
    "turn": lambda: _tone([(523, 0.0, 0.8), (784, 0.07, 0.6)], 0.3),
}


#: event class -> the effect it makes; each game's screens name theirs with :func:`cue`
_CUES: dict[type[Event], str] = {}


def cue(table: dict[type[Event], str]) -> None:
    """Name the effect of each of a game's event classes (its ``anim`` module calls this once).
    An event whose class is not named here is quiet."""
    unknown = sorted(set(table.values()) - set(RECIPES))
    if unknown:
        raise ValueError(f"no such sound: {', '.join(unknown)}")
    _CUES.update(table)


def sound_for(event: Event) -> str | None:
    """Which effect an event makes (None: quiet), by its class."""
    return _CUES.get(type(event))


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Keep what C libraries write straight to the process's stderr (ALSA's lines when there is
    no sound card) out of the player's terminal, for the few milliseconds the mixer starts. Only
    where file descriptors can be swapped; Python's own errors are raised after it, not lost."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved, 2)
    finally:
        os.close(saved)


class Sounds:
    """The app's sound effects; every method is safe to call without a sound device."""

    def __init__(self, volume: float = 0.8) -> None:
        self.volume = volume
        self._cache: dict[str, pygame.mixer.Sound] = {}
        self.enabled = False
        try:
            if not pygame.mixer.get_init():
                with quiet_stderr():  # a machine without a sound card: ALSA's complaints, not ours
                    pygame.mixer.init(RATE, -16, 1, 512)
            self.enabled = pygame.mixer.get_init() is not None
        except pygame.error as exc:
            log.info("no sound: %s", exc)
        if self.enabled:
            self._make_all()

    def _make_all(self) -> None:
        """Make every effect now, as the sound system starts (about 5 ms): making one on its
        first play stalled that frame by 5-13 ms."""
        for name, recipe in RECIPES.items():
            try:
                self._cache[name] = pygame.mixer.Sound(buffer=recipe().tobytes())
            except pygame.error as exc:
                log.info("sound %s unavailable: %s", name, exc)
                self.enabled = False
                return

    def ready(self) -> list[str]:
        """The effects already made (all of them once the sound system has started)."""
        return sorted(self._cache)

    def play(self, name: str) -> bool:
        """Play effect ``name``; False when silent (no device, volume 0, unknown name)."""
        if not self.enabled or self.volume <= 0 or name not in RECIPES:
            return False
        snd = self._cache.get(name)
        if snd is None:
            return False
        snd.set_volume(self.volume)
        snd.play()
        return True

    def play_events(self, events: Iterable[Event]) -> str | None:
        """One effect for a batch of events: the most telling one (chime > roll > tick)."""
        names = {sound_for(e) for e in events}
        for name in ("chime", "roll", "tick"):
            if name in names:
                self.play(name)
                return name
        return None
