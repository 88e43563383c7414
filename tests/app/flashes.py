"""Counting flashes on a run of frames, as WCAG 2.3.1 (three flashes or below threshold) counts them.

Each frame is shrunk to cells of about 20x20 window pixels; a cell's relative luminance is
followed frame by frame. A *transition* is a rise or fall of at least 0.1 between a local high and
low whose darker side is below 0.8; a flash is a pair of opposing transitions. A place flashes too
often when, within some one-second window, its cells make more than three flashes there and
together cover at least the WCAG area (a quarter of a 10-degree field: 341x256 pixels at a usual
viewing distance, scaled here as 21,824 window pixels). Small things changing fast (a die's
face) are below the area; a board-wide blink, or a big highlight beating fast, is not.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

CELL = 20
#: a quarter of 341x256 pixels: the least area whose flashing counts
AREA = 341 * 256 // 4
LIMIT = 3


def _linear(c: float) -> float:
    c /= 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


_LUT = [_linear(v) for v in range(256)]


def luminances(surface: pygame.Surface) -> list[float]:
    """The relative luminance of each cell of ``surface`` (row by row)."""
    w, h = surface.get_size()
    small = pygame.transform.smoothscale(surface, (max(1, w // CELL), max(1, h // CELL)))
    raw = pygame.image.tobytes(small, "RGB")
    out = []
    for i in range(0, len(raw), 3):
        out.append(0.2126 * _LUT[raw[i]] + 0.7152 * _LUT[raw[i + 1]] + 0.0722 * _LUT[raw[i + 2]])
    return out


def transitions(series: list[float]) -> list[int]:
    """The frames at which a cell's luminance finished a rise or fall that counts (see the module)."""
    out: list[int] = []
    if not series:
        return out
    anchor = series[0]  # the last extreme
    direction = 0
    extreme = anchor
    for i, v in enumerate(series[1:], 1):
        if direction == 0:
            if abs(v - anchor) >= 0.1 and min(v, anchor) < 0.8:
                direction = 1 if v > anchor else -1
                out.append(i)
                extreme = v
            continue
        if direction > 0:
            if v > extreme:
                extreme = v
            elif extreme - v >= 0.1 and v < 0.8:
                out.append(i)
                direction, extreme = -1, v
        else:
            if v < extreme:
                extreme = v
            elif v - extreme >= 0.1 and extreme < 0.8:
                out.append(i)
                direction, extreme = 1, v
    return out


@dataclass
class Verdict:
    #: the most flashes any one cell made in a second
    most_in_a_cell: float
    #: the biggest area (window pixels) that flashed more than LIMIT times within one second
    worst_area: int

    @property
    def ok(self) -> bool:
        return self.worst_area < AREA


def judge(frames: list[list[float]], fps: float) -> Verdict:
    """The flashing seen on ``frames`` (each a list of cell luminances) shown ``fps`` a second."""
    if not frames:
        return Verdict(0.0, 0)
    cells = len(frames[0])
    window = max(1, int(round(fps)))
    per_cell = [transitions([f[c] for f in frames]) for c in range(cells)]
    most = 0.0
    worst = 0
    for start in range(0, max(1, len(frames) - window + 1), max(1, window // 6)):
        end = start + window
        area = 0
        for ts in per_cell:
            n = sum(1 for t in ts if start <= t < end)
            most = max(most, n / 2)
            if n / 2 > LIMIT:
                area += CELL * CELL
        worst = max(worst, area)
    return Verdict(most, worst)
