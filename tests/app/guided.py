"""Playing a guided game through the real app, by keys alone or by mouse alone.

``step_files`` makes every game of the registry have a step file: the real one under
``docs/rules/`` when it is there, else this suite's small script (``tests/tutorial/scripts/``),
so the screens are proven before the real files arrive. ``by_keys`` and ``by_mouse`` play a
guided game from the title screen to the set-up of a real game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pygame

from courier import resources
from courier.scenes import board_hint
from courier.scenes.menu import MenuScene
from courier.scenes.scoring import ScoringScene
from courier.scenes.setup import SetupScene
from courier.scenes.tutorial import TutorialScene
from courier.scenes.tutorial_chooser import TutorialChooser
from courier.tutorial.walk import LEARNER
from courier.ui.focus import Target

SCRIPTS = Path(__file__).resolve().parent.parent / "tutorial" / "scripts"
#: the most frames one guided game may take in a test (a stuck screen fails, never hangs)
MAX_FRAMES = 60000
_real_doc = resources.tutorial_doc


def doc_for(game_id: str) -> Path:
    """The real step file if it exists, else the suite's own script for the game."""
    real = _real_doc(game_id)
    return real if real.is_file() else SCRIPTS / f"{game_id}.toml"


def use_step_files(monkeypatch) -> None:
    monkeypatch.setattr(resources, "tutorial_doc", doc_for)


class Player:
    """Sends events to the app frame by frame; ``keys`` True sends only key events."""

    def __init__(self, app, keys: bool) -> None:
        self.app, self.keys = app, keys
        self.frames = 0
        #: the learner's moves made in the scripted steps, with the step that asked for them
        self.asked: list[tuple[str, str]] = []

    @property
    def top(self):
        return self.app.stack.top

    def frame(self, events: list | None = None, dt: float = 0.05) -> None:
        self.frames += 1
        assert self.frames < MAX_FRAMES, "the guided game did not come to its end"
        self.app.frame(dt, events or [])

    def key(self, key: int, mod: int = 0) -> None:
        self.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)], dt=1 / 60)

    def click(self, pos: tuple[int, int]) -> None:
        assert not self.keys
        pos = (int(pos[0]), int(pos[1]))
        self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                    pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], dt=1 / 60)

    def focused(self) -> Target | None:
        ring = self.top.focus_ring
        return ring.focused(self.top.focusables()) if ring.active else None

    def tab_to(self, want: Callable[[Target], bool], what: str) -> Target:
        n = len(self.top.focusables())
        for _ in range(2 * n + 2):
            cur = self.focused()
            if cur is not None and want(cur):
                return cur
            self.key(pygame.K_TAB)
        raise AssertionError(f"Tab never reached {what}: {[t.label for t in self.top.focusables()]}")

    def press(self, want: Callable[[Target], bool], what: str) -> None:
        """Enter on the target (reached by Tab), or a click on it."""
        if self.keys:
            self.tab_to(want, what)
            self.key(pygame.K_RETURN)
            return
        t = next((t for t in self.top.focusables() if want(t)), None)
        assert t is not None, f"no {what} on screen: {[t.label for t in self.top.focusables()]}"
        self.click(t.click_point)

    # -- the way in ------------------------------------------------------------------------------
    def open_from_menu(self, title: str) -> TutorialScene:
        assert isinstance(self.top, MenuScene)
        if self.keys:
            self.key(pygame.K_p)
        else:
            self.press(lambda t: t.label == "Learn to play", "Learn to play")
        assert isinstance(self.top, TutorialChooser)
        self.press(lambda t: t.label in (f"Start: {title}", f"Resume: {title}"), f"Start: {title}")
        assert isinstance(self.top, TutorialScene)
        return self.top

    # -- the guided game -------------------------------------------------------------------------
    def play(self) -> TutorialScene:
        """Play the guided game on top to its end (the scores); returns its scene."""
        scene = self.top
        assert isinstance(scene, TutorialScene)
        while not isinstance(self.top, ScoringScene):
            assert self.top is scene, f"the guided game left for {type(self.top).__name__}"
            self.turn(scene)
        return scene

    def turn(self, scene: TutorialScene) -> None:
        w = scene.walker
        step = w.step
        if scene.view.animating() or scene.job is not None or scene.hint_pending is not None:
            self.frame()
            return
        if step is not None and step.kind == "read":
            if not w.may_read_on():
                self.frame()
                return
            self.press(lambda t: t.label == "Next", "Next")
            return
        if scene.seat != LEARNER:
            self.frame()
            return
        if step is not None and step.kind == "do":
            lit = scene.lit_target()
            if lit is None:
                hint = scene.current_hint()
                assert hint is None or hint.path, f"no control was found for {scene.walker.wanted()!r}"
                self.frame()
                return
            before = len(scene.match.log)
            if self.keys:
                cur = self.focused()
                assert cur is not None and cur.id == lit.id, "the step's control does not have the focus"
                self.key(pygame.K_RETURN)
            else:
                self.click(lit.click_point)
            if len(scene.match.log) > before:
                self.asked.append((step.say, scene.match.log[before]))
            return
        self.free_move(scene)

    def free_move(self, scene: TutorialScene) -> None:
        """A move of the learner's own: the control of a legal move (found as the hint finds it)."""
        m = scene.match
        picked = next((t for t in self.top.focusables() if "choose again to put it down" in t.label), None)
        if picked is not None:  # a piece left picked up: put it down, as its label says
            self.press(lambda t: t.id == picked.id, "the picked piece")
        view, legal = m.view(LEARNER), m.legal(LEARNER)

        def fresh():
            probe = scene.make_game_view()
            probe.show(view.clone() if hasattr(view, "clone") else view, LEARNER, legal)
            return probe

        before = len(m.log)
        # a button of the panel that makes a move at one click (End turn, Roll) is found fastest
        for t in board_hint.usable(self.top.view.focusables()):
            if t.zone == "board":
                continue
            made = board_hint.clicks(fresh(), t)
            if made:  # the rules judge it (a route is no item of the legal list)
                self.press(lambda x, key=t.id: x.id == key, f"the control {t.label!r}")
                if len(m.log) > before:
                    return
        tried = []
        spread = legal[::max(1, len(legal) // 30)]  # a few moves of every kind the list holds
        for action in spread:
            path, _ = board_hint.find_path(fresh, action)
            if not path:
                continue
            tried.append(action.to_text())
            if len(path) > 1 and any(t.id == path[-1] and t.enabled for t in self.top.focusables()):
                # the live view may hold the first half already (a vehicle left picked): the last
                # control alone may make a move (any legal move will do in free play)
                self.press(lambda t, key=path[-1]: t.id == key, f"the control {path[-1]!r}")
                if len(m.log) > before:
                    return
            for key in path:
                if not any(t.id == key and t.enabled for t in self.top.focusables()):
                    break  # the live view holds a half-made choice the fresh one has not: another move
                self.press(lambda t, key=key: t.id == key, f"the control {key!r}")
            if len(m.log) > before:
                return
        if self.route_move(scene):
            return
        raise AssertionError(f"no control made any of {tried}")

    def route_move(self, scene: TutorialScene) -> bool:
        """A route planned on the map itself (squares that are no controls): a step beside the
        piece, by an arrow key or a click on the square, then the button that drives it."""
        m = scene.match
        before = len(m.log)
        piece = next((t for t in self.top.view.focusables() if t.zone == "board"), None)
        if piece is None:
            return False
        r = piece.rect
        if self.keys:  # the ring on the piece: the arrows plan from it (on a button they move among buttons)
            self.tab_to(lambda t: t.zone == "board", "the piece")
        arrows = {(0, -1): pygame.K_UP, (1, 0): pygame.K_RIGHT, (0, 1): pygame.K_DOWN, (-1, 0): pygame.K_LEFT}
        for (dx, dy), key in arrows.items():
            if self.keys:
                self.key(key)
            else:
                self.click((r.centerx + dx * r.width, r.centery + dy * r.height))
            # the planned route's end, on the map, drives there (Enter on it, or a click)
            end = next((t for t in self.top.view.focusables() if t.zone == "board" and t.enabled), None)
            if end is not None:
                self.press(lambda t, k=end.id: t.id == k, f"the route's end {end.label!r}")
            if len(m.log) > before:
                return True
        return False

    # -- the end ---------------------------------------------------------------------------------
    def real_game(self) -> SetupScene:
        assert isinstance(self.top, ScoringScene)
        if self.keys:  # a choice, not the Enter that ended the game: Tab to it, then Enter
            self.press(lambda t: t.label == "Play a real game", "Play a real game")
        else:
            b = next(b for b in self.top.ui.widgets if getattr(b, "text", None) == "Play a real game")
            self.click(b.rect.center)
        assert isinstance(self.top, SetupScene)
        return self.top
