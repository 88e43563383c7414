"""The bench's figures: how each is printed, and the targets they are read against."""

from __future__ import annotations

from typing import Callable

#: the figures to reach (name suffix -> (limit, True if higher is better))
TARGETS: dict[str, tuple[float, bool]] = {
    "frame_p99": (8.0, False),
    "frame_cpu_p99": (8.0, False),
    "startup.first_frame": (1000.0, False),
    # whole process to the first menu frame, against a bare ``import pygame; pygame.init()``
    "startup.first_frame_ratio": (3.0, False),
    # what ``python3 run.py play`` adds to starting the game itself
    "startup.run_py_overhead": (150.0, False),
    "save": (50.0, False),
    "load": (50.0, False),
    "save_end": (50.0, False),
    "load_end": (50.0, False),
    "load_cpu": (50.0, False),
    "load_end_cpu": (50.0, False),
    "clone_speedup": (20.0, True),
    "memory_peak": (200.0, False),
    # the rules alone, random play with the most players (every search and lab game pays this)
    "rules_actions": (25_000.0, True),
    "random_games": (20.0, True),
    # the same per second of this process's own processor time (what a busy machine leaves)
    "rules_actions_cpu": (25_000.0, True),
    "random_games_cpu": (20.0, True),
    # Hard's decisions, searched on their own (in play, and in Next Day's set-up of contracts)
    "search_hard_think_p50": (500.0, False),
    "search_hard_think_p95": (2000.0, False),
    "setup_hard_think_p50": (500.0, False),
    "setup_hard_think_p95": (2000.0, False),
    # the same in processor time (the search's time cap counts it; on a quiet machine they agree)
    "search_hard_think_cpu_p50": (500.0, False),
    "search_hard_think_cpu_p95": (2000.0, False),
    "setup_hard_think_cpu_p50": (500.0, False),
    "setup_hard_think_cpu_p95": (2000.0, False),
    # the human's wait for a round of three Hard computer players in the app
    "app_round_three_hard": (4000.0, False),
}


class Report:
    """Collects figures and prints each as it comes, so a slow bench still shows progress."""

    def __init__(self, out: Callable[[str], None] = print) -> None:
        self.out = out
        self.figures: dict[str, float] = {}
        self.notes: list[str] = []
        #: video drivers the frame times were measured with (named once in a note)
        self.drivers: set[str] = set()

    def figure(self, name: str, value: float, unit: str) -> None:
        self.figures[name] = value
        digits = 3 if abs(value) < 1 else 1
        target = target_for(name)
        beside = f"  (target {'>=' if target[1] else '<='} {target[0]:g})" if target else ""
        self.out(f"{name}: {value:.{digits}f} {unit}{beside}")

    def note(self, text: str) -> None:
        self.notes.append(text)
        self.out(f"note: {text}")

    def check_targets(self) -> None:
        for name, value in self.figures.items():
            target = target_for(name)
            if target is not None:
                limit, higher = target
                if (value < limit) if higher else (value > limit):
                    self.note(f"{name} is {value:.1f}, target {'>=' if higher else '<='} {limit:g}")


def target_for(name: str) -> tuple[float, bool] | None:
    """The target of a figure: (limit, True if higher is better), or None if it has none."""
    for key, target in TARGETS.items():
        if name == key or name.endswith("." + key):
            return target
    return None


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no values")
    k = (len(ordered) - 1) * q / 100.0
    lo = int(k)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)
