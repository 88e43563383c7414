"""Learn to play: a guided first game on the board, one step at a time.

``TutorialScene`` is the board with a ``Walker`` (``courier.tutorial``) beside the match. A step
card over the board says what the step is about and never covers it (``tutorial_subjects``); a
step that asks for a move lights the control that makes it and puts the keyboard's focus on it, so
Enter makes the move. Every move of the learner goes through ``Walker.accepts`` before the match
sees it: a click elsewhere on the board or panel, or a key that would make another move, is
answered with what the step wants and changes nothing. The place is kept after every change
(``courier.tutorial.progress``), never in the player's saves.

The lit control is always the next press toward the step's move from the view as it stands now
(``GameView.controls_for`` on copies of the live view, its half-made choices included), worked
out again after every click and key: a move of several presses (cards put back, then Keep) is
lit one control at a time, and whatever a key or a refused move did to the view, what is lit
still leads to the move. Enter with no focus ring showing chooses what the step frames (Next, or
the lit control), never a button of the game's own nor a way out.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from courier.ai.hints import Suggestion
from courier.rules.base import Action
from courier.scenes import board_hint, flow, tutorial_subjects
from courier.scenes.board import BoardScene
from courier.scenes.tutorial_card import StepCard
from courier.tutorial import ScriptError, progress
from courier.tutorial.script import Script, load
from courier.tutorial.walk import LEARNER, Walker
from courier.ui import control_paths, focus, theme
from courier.ui.theme import px

if TYPE_CHECKING:
    from courier.app import App
    from courier.ui.focus import Target

log = logging.getLogger(__name__)

#: the lit control's tag
HERE = "Here"
#: what greyed buttons say in the guided game
NO_SAVE = "The guided game keeps your place by itself: leave it any time and Learn to play brings you back."
NO_UNDO = "Moves are not taken back in the guided game."
NO_HINT = "Hints come at the end of the guided game, when you play on your own."


def asks(control: str = "") -> str:
    """The answer to a click or key the step does not want, in one line the status bar holds
    whole: the lit control it wants, by its name where that is short (the step's card, beside it,
    says why)."""
    name = control.split(" - ")[0].split(": ")[0].strip()
    if name and len(name) <= ASKS_NAME:
        return f"{REFUSED} lit {name!r}; its card says why."
    return f"{REFUSED} lit control; its card says why."


#: the longest control name a refusal repeats (what the status line holds whole at the narrowest
#: window, beside the key names; tests/app/test_tutorial_refusal_words.py measures it)
ASKS_NAME = 34
#: how every refused move's answer begins
REFUSED = "This step asks for the"
#: the answer on a step to read
READ_ON = "Not yet: read this step, then press Next (Enter)."


class TutorialScene(BoardScene):
    """The board with the guided game's steps; it changes the table only through its public
    hooks (``keep_game``, ``finish``, ``may_use``, ``why_not``, ``submit``...), never its
    private parts (``tests/app/test_screen_flow.py``)."""

    LEAVE_TIP = "Your place is kept; Learn to play brings you back to this step"
    MENU_TIP = "Back to the title screen (your place in the guided game is kept)"

    def __init__(self, app: "App", walker: Walker, message: str | None = None) -> None:
        super().__init__(app, walker.match, autosave=False)
        self.walker = walker
        self.script: Script = walker.script
        self.card = StepCard()
        #: what the card was laid out for (a change lays it out again)
        self._card_for: tuple | None = None
        #: the step (index, moves within) last seen: a new one is kept and focused
        self._seen: tuple[int, int, int] | None = None
        #: the view's named parts, with the frame they were asked for (``parts``)
        self._parts_for: tuple[tuple, dict[str, list[pygame.Rect]]] | None = None
        #: a press the gate refused: its release is refused too
        self._refused_press = False
        #: a click or key reached the view since the lit control was worked out: work it out again
        self._stale_light = True
        self._message = message

    # -- life cycle ------------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        if self._message:
            self.say(self._message, theme.BAD, 8.0)
        self._keep()

    def _keep(self) -> None:
        """Keep the learner's place (after every change)."""
        if self.walker.finished and self.match.is_over():
            return
        msg = progress.save(self.walker)
        if msg:
            self.say(msg, theme.BAD)

    # -- what the step lights --------------------------------------------------------------------
    def lit_target(self) -> "Target | None":
        """The control the step asks the learner to press now (None: none, or not found yet)."""
        hint = self.current_hint()
        if hint is None or hint.tag != HERE or self.seat is None:
            return None
        return hint.target(self.view.focusables())

    def lit_rect(self) -> pygame.Rect | None:
        """What the step lights: the control to press, or the area or thing a step to read points at."""
        t = self.lit_target()
        if t is not None:
            return pygame.Rect(t.rect)
        step = self.walker.step
        if step is not None and step.kind == "read" and step.point:
            return pygame.Rect(self.board_rect if step.point == "board" else self.panel_rect)
        looks = self.looked_at()  # the first of what it points at by name (all of them: ``looked_at``)
        return looks[0] if looks else None

    def parts(self) -> dict[str, list[pygame.Rect]]:
        """The view's named parts (``GameView.parts``), asked once a frame."""
        key = (id(self.view), self.t, self.size)
        if self._parts_for is None or self._parts_for[0] != key:
            self._parts_for = (key, self.view.parts())
        return self._parts_for[1]

    def looked_at(self) -> list[pygame.Rect]:
        """What a step points at by name (``look``), where it is now; each is lit "Look here"."""
        return tutorial_subjects.looked_at(self.walker.step, self.parts(), self.match.seats[LEARNER].name)

    def look_rings(self) -> list[tuple[pygame.Rect, list[pygame.Rect]]]:
        """The rings a step to read draws round what it looks at, each with what its tag must
        leave in view (the step's other subjects and the card)."""
        step = self.walker.step
        if step is None or step.kind != "read":
            return []
        others = [s.rect for s in self.subjects()] + [self.card.rect]
        out = []
        for r in self.looked_at():
            ring = r.inflate(px(8), px(8))
            out.append((ring, [o for o in others if not r.contains(o) and not o.contains(r)]))
        return out

    def subjects(self) -> list[tutorial_subjects.Subject]:
        """What the step showing is about, where it is now: what its words name or it looks at,
        and the learner's own piece (``tutorial_subjects``). Free play names nothing."""
        step = self.walker.step
        named = step if step is not None and not step.play else None
        return tutorial_subjects.subjects(named, self.parts(), self.match.seats[LEARNER].name, self.board_rect)

    def card_keeps_clear(self) -> list[pygame.Rect]:
        """What the step card must not cover: the step's subjects and the control it lights."""
        keep = [s.rect for s in self.subjects()]
        lit = self.lit_target()
        if lit is not None:
            keep.append(pygame.Rect(lit.rect))
        step = self.walker.step
        if (step is None or step.play) and self.seat is not None:
            origin = self._own_piece()  # free play: the card keeps well off the learner's own piece
            if origin is not None:
                keep.append(origin.inflate(2 * origin.width, 2 * origin.height))
        return keep

    def _light(self) -> None:
        """On a step that asks for a move, once the learner is to act: light the next control
        toward it from the view as it stands (``_relight``), unless that is already done."""
        step = self.walker.step
        if step is None or step.kind != "do" or self.seat != LEARNER:
            return
        want = self.walker.wanted_action()
        if want is None:
            return
        if not self._stale_light:
            for h in (self.hint, self.hint_pending):
                if h is not None and h.position == self.match.position and h.seat == LEARNER \
                        and h.suggestion.action == want:
                    return
        self._relight(want)

    def _relight(self, want: Action) -> None:
        """Work out the presses that make ``want`` from the live view, its half-made choices
        included, and light the first. A view whose half-made choice the move cannot grow from
        (a key began another move) is brought back to its start first, as Esc would; only where
        the view cannot say which controls make the move are they looked for by trying them, a
        little each frame (``board_hint.update`` lights the one found)."""
        self._stale_light = False
        path = self.view.controls_for(want)
        if not path:
            for _ in range(4):
                if not self.view.cancel():
                    break
            path = self.view.controls_for(want)
        hint = board_hint.Hint(self.match.position, LEARNER, Suggestion(want, None), tag=HERE,
                               plain=self.view.hint_words(want))
        if not path:
            hint.search = board_hint.search_path(lambda: control_paths.probe(self.view), want, likely_first=True)
            self.hint, self.hint_pending = None, hint
            return
        first = control_paths.target(self.view, path[0])
        hint.path, hint.label = list(path), (first.label if first is not None and len(path) <= 2 else "")
        was = self.hint
        new_step = was is None or was.position != hint.position or was.suggestion.action != want
        self.hint, self.hint_pending = hint, None
        if new_step or self.focus_ring.active:
            board_hint.point_at(self)  # the keyboard's focus follows what is lit

    # -- the gate --------------------------------------------------------------------------------
    def _refuse(self) -> None:
        step = self.walker.step
        if step is None:
            return
        if step.kind == "read":
            self.say(READ_ON, theme.INK, 6.0)
        else:
            lit = self.lit_target()
            self.say(asks(lit.label if lit is not None else ""), theme.INK, 6.0)

    def _in_view(self, pos: tuple[int, int]) -> bool:
        return ((self.board_rect.collidepoint(pos) or self.panel_rect.collidepoint(pos))
                and not self.card.rect.collidepoint(pos))

    def _gate_click(self, event: pygame.event.Event) -> bool:
        """True when a click on the board or panel is one the step does not want (it is answered
        and never reaches the view)."""
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or getattr(event, "button", 1) != 1:
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            refused, self._refused_press = self._refused_press, False
            return refused
        step = self.walker.step
        if step is None or step.play or self.seat is None or not self._in_view(event.pos):
            return False
        if step.kind == "do":
            lit = self.lit_target()
            if lit is not None and lit.rect.collidepoint(event.pos):
                return False
            if lit is None and self.hint_pending is None and self.walker.wanted_action() is not None:
                return False  # no control makes it alone: the move itself is checked (``submit``)
            if self._makes_the_move(event.pos):
                return False  # another control for the same move (a city on the map as well as its button)
        self._refuse()
        self._refused_press = True
        return True

    def _makes_the_move(self, pos: tuple[int, int]) -> bool:
        """Whether the control at ``pos`` makes the step's move by itself, tried on a throwaway
        view as the lit one was found: the click then goes on, and the move to the one gate."""
        want = self.walker.wanted_action()
        target = next((t for t in board_hint.usable(self.view.focusables()) if t.rect.collidepoint(pos)), None)
        if want is None or target is None:
            return False
        m = self.match
        view = m.view(LEARNER)
        probe = self.make_game_view()
        probe.show(view.clone() if hasattr(view, "clone") else view, LEARNER, m.legal(LEARNER))
        return want in board_hint.clicks(probe, target)

    def submit(self, action: Action) -> bool:
        """The learner's move, if the step takes it; any other is answered and never played (the
        view keeps its half-made choices; what is lit is worked out again from them)."""
        if not self.walker.accepts(action):
            self._refuse()
            self._stale_light = True
            return False
        if not super().submit(action):
            return False
        if self.flash is not None and (self.flash[0].startswith(REFUSED) or self.flash[0] == READ_ON):
            self.flash = None  # a refusal's words are the last step's, or no longer needed
        self.walker.moved()
        self._keep()
        return True

    # -- events ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and self.card.rect.collidepoint(event.pos):
            if event.type != pygame.MOUSEMOTION:
                self.pointer_seen(event.pos)
            self.card.ui.handle_event(event)
            if event.type != pygame.MOUSEMOTION:
                return True
        if self._enter_framed(event):
            return True
        if self._gate_click(event):
            return True
        used = super().handle_event(event)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN) and not self.finished:
            self._stale_light = True
            self._light()  # at once: the next event of this frame already meets the new lit control
        return used

    def _enter_framed(self, event: pygame.event.Event) -> bool:
        """Enter with no focus ring showing (the learner was using the mouse) chooses what the
        step frames: Next on a step to read, the lit control on a step that asks for a move, as
        the card's "Next (Enter)" and the ring tagged "Here" say; never one of the game's own
        Enter keys, nor a way out. In free play Enter is the game's."""
        if event.type != pygame.KEYDOWN or event.key not in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                or self.focus_ring.active or self.app.stack.top is not self:
            return False
        step = self.walker.step
        if step is None or step.play:
            return False
        if step.kind == "read":
            if self.walker.may_read_on():
                self._focus_next()
                self._next()
            return True
        if self.seat != LEARNER:
            self.say("Wait for your turn.", theme.INK_SOFT, 2.0)
            return True
        lit = self.lit_target()
        if lit is None:
            self._refuse()
            return True
        self.focus_ring.active = True
        self.focus_ring._set(lit)
        focus.activate(self, lit)
        return True

    def focusables(self) -> list["Target"]:
        """Next first, then the game's controls and the top bar, with the card's Leave just
        before the bar: Tab meets the way on before the way out, and Leave is a way out, which
        the ring never falls on by itself (``Target.way_out``)."""
        card = self.card.targets()
        leave = [t for t in card if t.label == "Leave"]
        for t in leave:
            t.way_out = True
        rest = super().focusables()
        bar = next((i for i, t in enumerate(rest) if t.zone == "bar"), len(rest))
        return [t for t in card if t.label != "Leave"] + rest[:bar] + leave + rest[bar:]

    def update(self, dt: float) -> None:
        self.card.ui.update(dt)
        super().update(dt)
        if self.finished:
            return
        self._light()
        w = self.walker
        seen = (w.index, w.within, len(self.match.log))
        if seen != self._seen:
            self._seen = seen
            self._keep()
            self.refresh_controls()
            step = w.step
            if step is not None and step.kind == "read" and w.may_read_on():
                self._focus_next()

    def _focus_next(self) -> None:
        self._layout_card()
        t = next((t for t in self.card.targets() if t.label == "Next"), None)
        if t is not None:
            self.focus_ring.active = True
            self.focus_ring._set(t)

    def _next(self) -> None:
        if not self.walker.read_on():
            return
        self.flash = None
        self._keep()
        if self.walker.finished and self.match.is_over():
            self.finish()

    def keep_game(self) -> None:
        """Leaving keeps the learner's place (never a save of theirs)."""
        self._keep()

    def why_not(self, key: str) -> str | None:
        if key == "save":
            return NO_SAVE
        if key == "undo":
            return NO_UNDO
        if key == "hint":
            step = self.walker.step
            if step is None or not step.play:
                return NO_HINT
        return super().why_not(key)

    def may_use(self, key: str) -> bool:
        """No saving nor taking back in the guided game; a hint only in its free play."""
        if key in ("save", "undo"):
            return False
        if key == "hint":
            step = self.walker.step
            if step is None or not step.play:
                return False
        return super().may_use(key)

    def finish(self) -> None:
        """The game is over: the steps after free play show over the final board; once read, the
        scores, which offer a real game."""
        w = self.walker
        w.settle()
        self.seat = None
        self.refresh_controls()
        if not w.finished:
            return  # the end's steps are read over the final board (``update`` keeps the place)
        self.finished = True
        msg = progress.finish(self.script)
        if msg:
            log.warning("%s", msg)
        flow.to_scores(self.app, self.match, guided=self.script)

    # -- drawing ---------------------------------------------------------------------------------
    def _layout_card(self) -> None:
        w = self.walker
        step = w.step
        keep = self.card_keeps_clear()
        key = (w.index, w.within, self.size, tuple(tuple(r) for r in keep), w.may_read_on())
        if key == self._card_for:
            return
        self._card_for = key
        n = len(self.script.steps)
        if step is None:
            head, words = f"Step {n} of {n}", "Play on to the end of the game."
        else:
            head, words = f"Step {w.index + 1} of {n}", step.say
        avoid = [pygame.Rect(t.rect) for t in self.view.focusables() if t.zone != "board"]
        self.card.layout(self.board_rect, avoid, keep, head, words,
                         self._next if w.may_read_on() else None, self.leave)

    def _own_piece(self) -> pygame.Rect | None:
        """Where the learner's own piece is (the view's start for the arrows, else its first
        control on the map)."""
        origin = self.view.focus_origin()
        if origin is None:
            origin = next((pygame.Rect(t.rect) for t in self.view.focusables() if t.zone == "board"), None)
        return origin

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self._card_for = None
        if hasattr(self, "card"):
            self._layout_card()

    def draw_over_board(self, surface: pygame.Surface) -> None:
        step = self.walker.step
        self._layout_card()
        if step is not None and step.kind == "read" and step.point:
            area = self.board_rect if step.point == "board" else self.panel_rect
            board_hint.draw_lit(self, surface, pygame.Rect(area).inflate(-px(6), -px(6)), "Look here")
        for r, avoid in self.look_rings():
            board_hint.draw_lit(self, surface, r, "Look here", avoid)
        self.card.draw(surface)

    def keep_in_view(self) -> list[pygame.Rect]:
        """The step's sentence: no tooltip or caption (the Next button's, say) lies over it."""
        self._layout_card()
        return [self.card.words_rect] if self.card.rect.width > 0 else []

    def pointer_tooltip(self, mouse: tuple[int, int]) -> str | None:
        if self.card.rect.collidepoint(mouse):
            return self.card.tooltip_at(mouse)
        return super().pointer_tooltip(mouse)

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        if self.card.rect.collidepoint(pos):
            return self.card.tooltip_at(pos)
        return super().tooltip_at(pos)

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        if self.flash is None and self.seat is not None:
            step = self.walker.step
            if step is not None and step.kind == "do":
                return step.say, theme.INK
            if step is not None and step.kind == "read":
                return "Read the step, then press Next.", theme.INK
        return super().status_text()


def open_tutorial(app: "App", game_id: str, *, fresh: bool = False) -> str | None:
    """Open ``game_id``'s guided game where it was left (``fresh``: from the first step). A
    message in plain words if it cannot be opened."""
    try:
        script = load(game_id)
    except ScriptError as exc:
        log.warning("guided game: %s", exc)
        return "This guided game cannot be opened just now."
    if fresh:
        progress.start_over(game_id)
    walker, message = progress.resume(script)  # the learner sits as walk.LEARNER_NAME
    app.stack.reset(TutorialScene(app, walker, message))
    return None
