"""Playing with the keyboard alone: a driver that only ever sends key and text events.

It reads what the keyboard can reach (``Scene.focusables``) the way a player reads the screen,
then presses Tab (or Shift+Tab) until the wanted target has the focus and presses Enter; it never
sends a mouse event.
"""

from __future__ import annotations

from typing import Callable

import pygame

from courier.ui.focus import Target


#: the events a keyboard can send
KEY_EVENTS = (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT)


def game_seeds(default: int) -> list[int]:
    """The seeds a whole game by keys is played with: its own fixed one, or every seed named in
    ``COURIER_KEYBOARD_SEEDS`` ("1-40", "3,17,60"). The suite plays one game each; a sweep over
    many seeds is how rare positions (a vehicle under a blockage, two buttons of one name) were
    found, and is worth running after a change to a screen's targets."""
    import os

    spec = os.environ.get("COURIER_KEYBOARD_SEEDS", "").strip()
    if not spec:
        return [default]
    seeds: list[int] = []
    for part in spec.split(","):
        lo, _, hi = part.strip().partition("-")
        seeds += list(range(int(lo), int(hi or lo) + 1))
    return seeds


def type_seed(driver: "KeyDriver", seed: int) -> None:
    """On the set-up screen: Tab to the seed box and type ``seed``."""
    driver.tab_to(lambda t: t.takes_text and ("seed" in t.label.lower() or t.label == "random"), "the seed")
    driver.type(str(seed))
    assert driver.scene.seed == str(seed)


def forbid_mouse(app) -> None:
    """Make any frame of ``app`` that carries a mouse (or any non-key) event fail the test, so a
    keyboard-only test proves it never needed the mouse, whoever sent the event."""
    frame = app.frame

    def keys_only(dt, events=None):
        for e in events or []:
            assert e.type in KEY_EVENTS, f"not a key event: {e}"
        return frame(dt, events)

    app.frame = keys_only


class KeyDriver:
    def __init__(self, app) -> None:
        self.app = app

    def frame(self, events: list | None = None, dt: float = 1 / 60) -> None:
        self.app.frame(dt, events or [])

    def key(self, key: int, mod: int = 0, text: str = "") -> None:
        self.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)])

    def type(self, text: str) -> None:
        self.frame([pygame.event.Event(pygame.TEXTINPUT, text=text)])

    @property
    def scene(self):
        return self.app.stack.top

    def targets(self) -> list[Target]:
        return self.scene.focusables()

    def focused(self) -> Target | None:
        ring = self.scene.focus_ring
        return ring.focused(self.targets()) if ring.active else None

    def tab_to(self, want: Callable[[Target], bool], what: str = "target") -> Target:
        """Press Tab until a target ``want`` accepts has the focus."""
        n = len(self.targets())
        for _ in range(2 * n + 2):
            cur = self.focused()
            if cur is not None and want(cur):
                return cur
            self.key(pygame.K_TAB)
        raise AssertionError(f"Tab never reached {what}; targets: {[t.label for t in self.targets()]}")

    def choose(self, want: Callable[[Target], bool], what: str = "target") -> Target:
        """Focus a target with Tab and press Enter on it."""
        t = self.tab_to(want, what)
        self.key(pygame.K_RETURN)
        return t

    def arrow_to(self, want: Callable[[Target], bool], what: str = "target") -> Target:
        """Reach a target with the arrows, which stop on greyed controls (Tab passes over them):
        Tab into its zone (or anywhere, when nothing there can be used), then the arrow that points
        at it, until the ring is there."""
        goal = next((t for t in self.targets() if want(t)), None)
        assert goal is not None, f"no {what} on screen; targets: {[t.label for t in self.targets()]}"
        if any(t.enabled and t.zone == goal.zone for t in self.targets()):
            self.tab_to(lambda t: t.zone == goal.zone, f"the zone of {what}")
        else:
            self.tab_to(lambda t: True)
        for _ in range(40):
            cur = self.focused()
            if cur is not None and want(cur):
                return cur
            dx, dy = goal.rect.centerx - cur.rect.centerx, goal.rect.centery - cur.rect.centery
            self.key((pygame.K_RIGHT if dx > 0 else pygame.K_LEFT) if abs(dx) > abs(dy)
                     else (pygame.K_DOWN if dy > 0 else pygame.K_UP))
        raise AssertionError(f"the arrows never reached {what}")

    def choose_greyed(self, want: Callable[[Target], bool], what: str = "target") -> Target:
        """Reach a greyed control with the arrows and press Enter on it (it says why it is greyed)."""
        t = self.arrow_to(want, what)
        self.key(pygame.K_RETURN)
        return t

    def choose_label(self, label: str) -> Target:
        return self.choose(lambda t: t.label == label, repr(label))

    def run_until(self, cond: Callable[[], bool], frames: int = 20000, dt: float = 0.05) -> None:
        import time

        for _ in range(frames):
            if cond():
                return
            self.frame(dt=dt)
            time.sleep(0.0005)
        raise AssertionError("condition not reached")
