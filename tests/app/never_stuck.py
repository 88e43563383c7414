"""No learner is ever stuck in a guided game: the harness behind ``test_tutorial_never_stuck``.

A guided game is opened at a given step (its match replayed from the log the rules-only walk
reached there), then a generated detour is played on it: clicks on the lit control, on other
controls, on board places and on nothing, pointer moves, and keys (Enter, Space, Tab, Shift+Tab,
the arrows, digits, Esc and then back to the game). After every event the step may only have gone
forward, nothing may have failed, a way out of the game may be taken only when the learner chose
it (and the place is then kept), and the focus never falls on a way out by itself. Then the way
back: the lit control, pressed by a click or by Enter, must lead to the step's move within a few
presses, each press either advancing the step or lighting the next control of the move.

Each example is drawn from a seed (``random.Random``): a failure names the game, step and seed,
and is played again exactly by ``COURIER_GUIDED_SEEDS``.
"""

from __future__ import annotations

import functools
import os
import random
from dataclasses import dataclass, field
from typing import Hashable

import pygame

from courier.scenes.choice_dialog import ChoiceDialog
from courier.scenes.error import ErrorScene
from courier.scenes.menu import MenuScene
from courier.scenes.rules import RulesScene
from courier.scenes.scoring import ScoringScene
from courier.scenes.tutorial import TutorialScene, open_tutorial
from courier.tutorial import load, walk
from courier.tutorial.walk import LEARNER, Walker, play_computers, replayed
from courier.ui.focus import Target

#: the frames one step may take to settle (computers' moves and animations played out)
SETTLE_FRAMES = 1500
#: the events of one detour
DETOUR = (4, 12)
KEYS = ([pygame.K_RETURN] * 4 + [pygame.K_SPACE] * 2 + [pygame.K_TAB] * 3 + ["shift-tab"] * 2
        + [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN] + [getattr(pygame, f"K_{i}") for i in range(1, 10)]
        + [pygame.K_ESCAPE] * 2 + [pygame.K_KP_ENTER])
NAVIGATION = (pygame.K_TAB, "shift-tab", pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)


def seeds(default: list[int]) -> list[int]:
    """The examples drawn at every step: ``default``, or every seed named in
    ``COURIER_GUIDED_SEEDS`` ("1-40", "3,17,60") for a longer search after a change."""
    spec = os.environ.get("COURIER_GUIDED_SEEDS", "").strip()
    if not spec:
        return default
    out: list[int] = []
    for part in spec.split(","):
        lo, _, hi = part.strip().partition("-")
        out += list(range(int(lo), int(hi or lo) + 1))
    return out


@dataclass(frozen=True)
class Place:
    """Where a step begins: its index and the match's log then (the rules' own walk)."""

    index: int
    log: tuple[str, ...]


@functools.cache
def places(game_id: str) -> tuple[Place, ...]:
    script = load(game_id)
    walker = Walker(script)
    return tuple(Place(v.index, tuple(walker.match.log)) for v in walk(script, walker=walker))


def way_outs(items: list[Target]) -> set[Hashable]:
    """The controls that leave the guided game: the card's Leave and the top bar's Menu."""
    return {t.id for t in items
            if (t.zone == "dialog" and t.label == "Leave") or (t.zone == "bar" and t.label == "Menu")}


def framed(scene: TutorialScene) -> Target | None:
    """What the step lights for the learner now: Next on a step to read, the move's control on a
    step that asks for one (None: nothing to press, such as while the computers move)."""
    step = scene.walker.step
    if step is None:
        return None
    if step.kind == "read":
        if not scene.walker.may_read_on():
            return None
        return next((t for t in scene.card.targets() if t.label == "Next"), None)
    if step.kind == "do" and scene.seat == LEARNER:
        return scene.lit_target()
    return None


def settled(scene: TutorialScene) -> bool:
    if scene.view.animating() or scene.job is not None or scene.hint_pending is not None:
        return False
    w = scene.walker
    step = w.step
    if step is None:
        return True
    if step.kind == "read":
        return w.may_read_on()
    if scene.match.is_over():
        return True
    if step.kind == "do":
        return scene.seat == LEARNER and scene.lit_target() is not None
    return scene.seat == LEARNER


@dataclass
class Run:
    """One example: the app, the guided game's scene and what the checks remember."""

    app: object
    game_id: str
    scene: TutorialScene
    rng: random.Random
    what: str
    #: the events sent so far, in words (the failure message lists them)
    said: list[str] = field(default_factory=list)

    # -- sending ---------------------------------------------------------------------------------
    def frame(self, events: list | None = None, dt: float = 0.05) -> None:
        self.app.frame(dt, events or [])  # type: ignore[attr-defined]

    def fail(self, why: str) -> None:
        raise AssertionError(f"{self.what}: {why}\n  events: {' | '.join(self.said)}")

    def place(self) -> tuple[int, int]:
        return self.scene.walker.index, self.scene.walker.within

    def items(self) -> list[Target]:
        return self.scene.focusables()

    def ring(self, items: list[Target] | None = None) -> Target | None:
        scene = self.scene
        if self.app.stack.top is not scene or not scene.focus_ring.active:  # type: ignore[attr-defined]
            return None
        return scene.focus_ring.focused(items if items is not None else scene.focusables())

    def settle(self) -> None:
        for _ in range(SETTLE_FRAMES):
            if self.app.stack.top is not self.scene or settled(self.scene):  # type: ignore[attr-defined]
                return
            self.frame()
        w = self.scene.walker
        self.fail(f"step {w.index + 1} never settled (seat {self.scene.seat}, status {self.scene.status_text()[0]!r})")

    def move_to(self, pos: tuple[int, int]) -> pygame.event.Event:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))

    def click_events(self, pos: tuple[int, int]) -> list:
        pos = (int(pos[0]), int(pos[1]))
        return [self.move_to(pos), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]

    def key_event(self, key) -> pygame.event.Event:
        if key == "shift-tab":
            return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT, unicode="", scancode=0)
        return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)

    # -- one event and its checks ----------------------------------------------------------------
    def send(self, name: str, events: list, *, deliberate_exit: bool, navigation: bool,
             items: list[Target] | None = None) -> None:
        """Send one input, then check: no failure, never backwards, a way out only when chosen
        (then back in, at the same place), no focus falling on a way out by itself. ``items``:
        the scene's targets just before (a game's may take a while to list)."""
        app, scene = self.app, self.scene
        self.said.append(name)
        before = self.place()
        items = items if items is not None else self.items()
        outs = way_outs(items)
        ring_before = self.ring(items)
        self.frame(events, dt=1 / 60)
        top = app.stack.top  # type: ignore[attr-defined]
        if isinstance(top, ErrorScene) or app.last_error:  # type: ignore[attr-defined]
            self.fail(f"the game failed: {app.last_error}")  # type: ignore[attr-defined]
        if isinstance(top, ChoiceDialog):  # Esc opened the game menu: back to the game
            back = self.rng.choice(["esc", "enter"])
            self.said.append(f"({back}: back to the game)")
            self.frame([self.key_event(pygame.K_ESCAPE if back == "esc" else pygame.K_RETURN)], dt=1 / 60)
            top = app.stack.top  # type: ignore[attr-defined]
            if top is not scene:
                self.fail(f"the game menu's first answer did not go back to the game ({type(top).__name__})")
        if isinstance(top, RulesScene):
            self.frame([self.key_event(pygame.K_ESCAPE)], dt=1 / 60)
            top = app.stack.top  # type: ignore[attr-defined]
        if isinstance(top, ScoringScene):
            if not scene.walker.finished:
                self.fail("the scores came before the guided game's last step")
            return
        if isinstance(top, MenuScene):
            if not deliberate_exit:
                self.fail(f"{name} left the guided game (the learner chose no way out)")
            self.reopen(before)
            return
        if top is not scene:
            self.fail(f"{name} opened {type(top).__name__}")
        after = self.place()
        if after < before:
            self.fail(f"the step went backwards: {before} -> {after}")
        if not navigation and scene.focus_ring.active:
            ring = self.ring()
            was = ring_before.id if ring_before is not None else None
            if ring is not None and ring.id in outs and ring.id != was:
                self.fail(f"after {name} the focus fell by itself on {ring.label!r}, a way out of the game")

    def reopen(self, at: tuple[int, int]) -> None:
        """Learn to play again after leaving: the guided game resumes where it was left."""
        app = self.app
        assert open_tutorial(app, self.game_id) is None
        scene = app.stack.top  # type: ignore[attr-defined]
        assert isinstance(scene, TutorialScene)
        self.scene = scene
        self.said.append("(resumed)")
        if self.place() != at:
            self.fail(f"left at {at}, resumed at {self.place()}")

    # -- the detour ------------------------------------------------------------------------------
    def detour(self, n: int) -> None:
        for _ in range(n):
            if self.app.stack.top is not self.scene:  # type: ignore[attr-defined]
                return  # the guided game came to its scores
            self.one()

    def one(self) -> None:
        scene, rng = self.scene, self.rng
        kind = rng.choices(["lit", "control", "board", "nothing", "move", "key", "wait"], [3, 3, 2, 1, 2, 7, 1])[0]
        if kind == "wait":
            self.said.append("(frames pass)")
            for _ in range(10):
                self.frame()
            return
        items = self.items()
        outs = way_outs(items)
        w, h = scene.size
        if kind == "lit":
            t = framed(scene)
            if t is None:
                kind = "key"
            else:
                self.send(f"click lit {t.label[:30]!r}", self.click_events(t.click_point), deliberate_exit=False,
                          navigation=False, items=items)
                return
        if kind == "control":
            some = [t for t in items if t.id not in outs or rng.random() < 0.2]
            if some:
                t = rng.choice(some)
                self.send(f"click {t.label[:30]!r}", self.click_events(t.click_point), deliberate_exit=t.id in outs,
                          navigation=False, items=items)
                return
            kind = "board"
        if kind in ("board", "nothing"):
            r = scene.board_rect if kind == "board" else pygame.Rect(0, 0, w, h)
            pos = (rng.randrange(r.left, r.right), rng.randrange(r.top, r.bottom))
            hit = [t for t in items if t.rect.collidepoint(pos)]
            self.send(f"click at {pos}", self.click_events(pos), deliberate_exit=any(t.id in outs for t in hit),
                      navigation=False, items=items)
            return
        if kind == "move":
            pos = (rng.randrange(0, w), rng.randrange(0, h))
            self.send(f"pointer to {pos}", [self.move_to(pos)], deliberate_exit=False, navigation=False, items=items)
            return
        key = rng.choice(KEYS)
        ring = self.ring(items)
        chosen = ring is not None and ring.id in outs and key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        name = "Shift+Tab" if key == "shift-tab" else pygame.key.name(key)
        self.send(name, [self.key_event(key)], deliberate_exit=chosen, navigation=key in NAVIGATION, items=items)

    # -- the way back ----------------------------------------------------------------------------
    def way_back(self, most: int) -> None:
        """Follow the lit control (by click or by Enter) until the step moves on: each press
        either advances the step or lights the next control of its move."""
        self.settle()
        if self.app.stack.top is not self.scene:  # type: ignore[attr-defined]
            return
        step = self.scene.walker.step
        if step is None or step.kind == "play":
            return
        start = self.place()
        for _ in range(most):
            scene = self.scene
            t = framed(scene)
            if t is None:
                self.fail(f"nothing is lit at step {start[0] + 1} (status {scene.status_text()[0]!r})")
            left = presses_left(scene)
            how = self.rng.choice(["click", "enter", "enter"])
            if how == "click":
                self.send(f"way back: click lit {t.label[:30]!r}", self.click_events(t.click_point),
                          deliberate_exit=False, navigation=False)
            else:
                ring = self.ring() if scene.focus_ring.active else None
                if ring is None or ring.id != t.id:  # the ring elsewhere: a pointer move hides it first
                    self.send("way back: pointer moves", [self.move_to((1, scene.size[1] // 2))],
                              deliberate_exit=False, navigation=False)
                self.send(f"way back: Enter for lit {t.label[:30]!r}", [self.key_event(pygame.K_RETURN)],
                          deliberate_exit=False, navigation=False)
            if self.app.stack.top is not self.scene or self.place() > start:  # type: ignore[attr-defined]
                return
            self.settle()
            if self.place() > start:
                return
            now = framed(self.scene)
            if now is not None and now.id == t.id and now.label == t.label and presses_left(self.scene) >= left:
                self.fail(f"pressing the lit {t.label[:40]!r} ({how}) did nothing at step {start[0] + 1}; "
                          f"the status says {self.scene.status_text()[0]!r}")
        self.fail(f"following the lit control for {most} presses never made step {start[0] + 1}'s move "
                  f"({self.scene.walker.wanted()!r}); now lit: {framed(self.scene).label if framed(self.scene) else None}")


def open_at(app, game_id: str, place: Place, rng: random.Random) -> TutorialScene:
    """The guided game at ``place``, a few of the step's moves already made when it asks for
    several (as a learner who left in the middle of it finds it again)."""
    script = load(game_id)
    match = replayed(script, list(place.log))
    walker = Walker(script, match, place.index, 0)
    step = script.steps[place.index]
    for _ in range(rng.randrange(len(step.do)) if len(step.do) > 1 else 0):
        play_computers(match)
        action = walker.wanted_action()
        assert action is not None
        match.submit(action)
        walker.moved()
    scene = TutorialScene(app, walker)
    app.stack.reset(scene)
    return scene


def presses_left(scene: TutorialScene) -> int:
    """How many presses the lit path still asks for (1 on a step to read)."""
    hint = scene.current_hint()
    if hint is None or not hint.path or scene.walker.step is None or scene.walker.step.kind != "do":
        return 1
    return len(hint.path) - hint.step


def check_step(app, game_id: str, index: int, seed: int) -> None:
    """One example at step ``index`` (0-based) of ``game_id``'s guided game."""
    rng = random.Random(f"{game_id}/{index}/{seed}")
    place = places(game_id)[index]
    scene = open_at(app, game_id, place, rng)
    run = Run(app, game_id, scene, rng, f"{game_id} step {index + 1}, seed {seed}")
    run.settle()
    presses = presses_left(run.scene)
    n = rng.randint(*DETOUR)
    run.detour(n)
    run.way_back(most=2 * presses + n + 4)
