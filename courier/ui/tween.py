"""Tweens: values that move smoothly over time, for every animation in the app and the games.

Speed and reduced motion come from the player's settings (``ViewContext.anim_speed`` and
``reduced_motion``); pass them to a :class:`Animator` and every tween it starts obeys them::

    from courier.ui.tween import Animator, Tween, PathTween, ease_out_cubic
    anim = Animator(speed=ctx.anim_speed, reduced_motion=ctx.reduced_motion)
    van = anim.add(PathTween([(10, 10), (200, 40), (260, 180)], duration=1.2))
    pop = anim.add(Tween(0.0, 1.0, 0.4, ease=ease_out_back), after=van)   # starts when van ends
    ...
    anim.update(dt)               # every frame
    van.value                     # current (x, y)
    anim.busy()                   # True while anything is still moving (GameView.animating)

With ``reduced_motion`` every tween jumps to its end at once (``value`` is the final value and
``done`` is True) so the board shows results without travel; ``on_done`` callbacks still run.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Sequence

from courier.ui import theme

Ease = Callable[[float], float]


# -- easing curves: t in [0, 1] -> progress ----------------------------------------------------

def linear(t: float) -> float:
    return t


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_cubic(t: float) -> float:
    return t * t * t


def ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little then settles: good for pops and things landing."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    """Bounces at the end: dice landing."""
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


def lerp(a: Any, b: Any, t: float) -> Any:
    """Interpolate numbers or equal-length tuples (positions, colours)."""
    if isinstance(a, (tuple, list)):
        return tuple(x + (y - x) * t for x, y in zip(a, b))
    return a + (b - a) * t


# -- tweens ----------------------------------------------------------------------------------

class Tween:
    """``value`` goes from ``start`` to ``end`` over ``duration`` seconds along ``ease``.

    ``delay`` waits before starting. ``on_done`` is called once when it finishes.
    """

    def __init__(
        self,
        start: Any,
        end: Any,
        duration: float,
        ease: Ease = ease_in_out_cubic,
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
        on_start: Callable[[], None] | None = None,
    ) -> None:
        self.start = start
        self.end = end
        self.duration = max(0.0, float(duration))
        self.ease = ease
        self.delay = max(0.0, float(delay))
        self.on_done = on_done
        #: called when an Animator starts it (it becomes the one shown, for a queue of steps)
        self.on_start = on_start
        self.elapsed = 0.0
        self.done = False
        self.started = False
        #: the time of the update that finished it beyond its end (given on by a carrying Animator)
        self.left_over = 0.0

    @property
    def progress(self) -> float:
        """Raw time progress 0..1 (before easing)."""
        if self.duration <= 0:
            return 1.0 if self.started or self.done else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> Any:
        if self.done:
            return self._at(1.0)
        return self._at(self.ease(self.progress) if self.started else 0.0)

    def _at(self, t: float) -> Any:
        return lerp(self.start, self.end, t)

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed >= self.delay:
            self.started = True
        if self.started and self.elapsed >= self.delay + self.duration - 1e-9:
            self.left_over = max(0.0, self.elapsed - self.delay - self.duration)
            self.finish()

    def finish(self) -> None:
        """Jump to the end now (skip)."""
        if self.done:
            return
        self.started = True
        self.done = True
        self.elapsed = self.delay + self.duration
        if self.on_done is not None:
            self.on_done()


class PathTween(Tween):
    """A point travelling along a polyline at even speed (a van along its roads).

    ``value`` is the current (x, y); ``heading`` the direction of travel in degrees (0 = right,
    counter-clockwise, as ``pygame.transform.rotate`` expects). ``speed`` is in design pixels
    per second: boards grow with the interface scale, so a trip takes as long on any window.
    """

    def __init__(
        self,
        points: Sequence[tuple[float, float]],
        duration: float | None = None,
        *,
        speed: float = 260.0,
        ease: Ease = ease_in_out_sine,
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        pts = [(float(x), float(y)) for x, y in points]
        if not pts:
            raise ValueError("a path needs at least one point")
        if len(pts) == 1:
            pts = pts * 2
        self.points = pts
        self._lengths = [math.dist(a, b) for a, b in zip(pts, pts[1:])]
        self.length = sum(self._lengths)
        if duration is None:
            real = speed * theme.ui_scale()
            duration = self.length / real if real > 0 else 0.0
        super().__init__(pts[0], pts[-1], duration, ease, delay, on_done)

    def _at(self, t: float) -> tuple[float, float]:
        return self._point_at(t)[0]

    def _point_at(self, t: float) -> tuple[tuple[float, float], float]:
        if self.length <= 0:
            return self.points[-1], 0.0
        target = max(0.0, min(1.0, t)) * self.length
        run = 0.0
        for (a, b), seg in zip(zip(self.points, self.points[1:]), self._lengths):
            if seg > 0 and run + seg >= target:
                f = (target - run) / seg
                heading = math.degrees(math.atan2(-(b[1] - a[1]), b[0] - a[0]))
                return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f), heading
            run += seg
        a, b = self.points[-2], self.points[-1]
        return self.points[-1], math.degrees(math.atan2(-(b[1] - a[1]), b[0] - a[0]))

    @property
    def heading(self) -> float:
        t = 1.0 if self.done else (self.ease(self.progress) if self.started else 0.0)
        return self._point_at(t)[1]


class Wait(Tween):
    """A pause (for sequencing with ``after=``)."""

    def __init__(self, duration: float, on_done: Callable[[], None] | None = None) -> None:
        super().__init__(0.0, 1.0, duration, linear, 0.0, on_done)


class Animator:
    """Runs tweens, scaled by the player's animation speed; knows whether anything still moves.

    ``speed`` > 1 is faster (durations are divided by it). ``reduced_motion`` makes every tween
    finish as soon as it is added (or as soon as the one it waits for is done). ``carry``: the
    time an update runs past a tween's end goes on to the tween waiting for it, so a queue of
    steps fed a large ``dt`` plays through as many steps as that time holds.
    """

    def __init__(self, speed: float = 1.0, reduced_motion: bool = False, carry: bool = False) -> None:
        self.speed = max(0.05, float(speed))
        self.reduced_motion = reduced_motion
        self.carry = carry
        self._running: list[Tween] = []
        self._waiting: list[tuple[Tween, Tween]] = []  # (tween, the one it waits for)

    def add(self, tween: Tween, after: Tween | None = None) -> Tween:
        """Start ``tween`` now, or when ``after`` finishes. Returns it for chaining."""
        if after is not None and not after.done:
            self._waiting.append((tween, after))
        else:
            self._start(tween)
        return tween

    def sequence(self, tweens: Sequence[Tween]) -> list[Tween]:
        """Run ``tweens`` one after the other."""
        prev: Tween | None = None
        for t in tweens:
            self.add(t, after=prev)
            prev = t
        return list(tweens)

    def _start(self, tween: Tween) -> None:
        if tween.on_start is not None:
            tween.on_start()
        if self.reduced_motion:
            tween.finish()
            return
        tween.duration /= self.speed
        tween.delay /= self.speed
        self._running.append(tween)

    def update(self, dt: float) -> None:
        for t in list(self._running):
            t.update(dt)
        self._running = [t for t in self._running if not t.done]
        if self._waiting:
            ready = [(t, a) for t, a in self._waiting if a.done]
            self._waiting = [(t, a) for t, a in self._waiting if not a.done]
            for t, after in ready:
                self._start(t)
                if self.carry and not t.done:
                    t.update(after.left_over)
            if ready:
                self.update(0.0)

    def busy(self) -> bool:
        return bool(self._running or self._waiting)

    def finish_all(self) -> None:
        """Skip every animation to its end (a click to hurry things along)."""
        while self._running or self._waiting:
            for t in list(self._running):
                t.finish()
            self._running = []
            waiting, self._waiting = self._waiting, []
            for t, _ in waiting:
                if t.on_start is not None:
                    t.on_start()
                t.finish()

    def clear(self) -> None:
        """Drop everything without running callbacks (the board was replaced, e.g. by undo)."""
        self._running.clear()
        self._waiting.clear()
