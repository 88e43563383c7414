"""The board's "What would you do?" hint: the Normal computer's move for the one person playing
against computers, shown on the board and in the status line, never played by itself.

The move is decided in a worker thread from the person's own view (``courier.ai.hints``). Where
it shows is asked of a throwaway copy of the game's view, built as the board's own is: the view
says which controls make the move (``GameView.controls_for``: a route's tiles then Drive, a
bid's steppers then Bid); where it does not know, each control of a copy is tried with a click,
and the one whose click (or second click, for a move made in two steps such as a card then a
place) gives the suggested action is the one lit and focused. The live view is never clicked,
so the hint changes nothing until the person acts themselves.
"""

from __future__ import annotations

import logging
import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Hashable, Iterator

import pygame

from courier.ai.hints import Suggestion, suggest
from courier.match_threads import BackgroundWork
from courier.rules.base import Action
from courier.ui import draw, theme
from courier.ui.focus import Target, click_events, hover_event
from courier.ui.theme import px

if TYPE_CHECKING:
    from courier.scenes.board import BoardScene
    from courier.ui.game_view import GameView

log = logging.getLogger(__name__)

#: the most throwaway views one search for a hint's control may build (each takes about a millisecond)
PROBE_BUDGET = 160
#: the share of a frame the search may take: the window keeps drawing while it goes on
FRAME_SHARE = 0.008

NOT_VS_COMPUTER = "Hints are for a game against the computer."
NOT_YOUR_TURN = "Not your turn."
HINTS_OFF = "Hints are off in Settings."


def why_not(scene: "BoardScene") -> str | None:
    """Why no hint can be asked for now (None: it can)."""
    m = scene.match
    if not scene.app.settings.hints:
        return HINTS_OFF
    people = [i for i, s in enumerate(m.seats) if not s.is_ai]
    if len(people) != 1 or len(m.seats) < 2:
        return NOT_VS_COMPUTER
    if m.check is not None or m.is_over() or scene.seat != people[0] or scene.job is not None:
        return NOT_YOUR_TURN
    if m.human_to_act() != scene.seat:
        return NOT_YOUR_TURN
    return None


class HintJob(BackgroundWork):
    """One hint being decided in a thread; ``result()`` gives the Suggestion (or raises)."""

    def __init__(self, position: int, seat: int, work: Callable[[], Suggestion]) -> None:
        self.position, self.seat = position, seat
        super().__init__(work, "courier-hint")


def start(scene: "BoardScene") -> HintJob:
    """Decide the hint for the person deciding now, from their own view only."""
    m = scene.match
    seat = scene.seat
    assert seat is not None
    game, game_id = m.game, m.game_id
    view, legal, n = m.view(seat), m.legal(seat), len(m.log)
    return HintJob(m.position, seat, lambda: suggest(game_id, game, view, seat, legal, n))


@dataclass
class Hint:
    """A hint on show: the move, why, and the controls that make it (first step first)."""

    position: int
    seat: int
    suggestion: Suggestion
    #: the ids of the controls to press in turn (empty: the move has no single control to light)
    path: list[Hashable] = field(default_factory=list)
    #: what the first control says, in the game's words
    label: str = ""
    #: how many of ``path``'s controls the person has pressed so far
    step: int = 0
    #: the move in the game's words when no control lights it (the view's ``hint_words``)
    plain: str | None = None
    #: the search for ``path`` while it goes on (see ``advance``)
    search: Iterator[None] | None = field(default=None, repr=False)
    #: the word on the ring's tag ("Hint"; the guided game's lit move says "Here")
    tag: str = "Hint"

    def words(self) -> str:
        """The status line's text: what to do and why."""
        reason = self.suggestion.reason
        # the game's own words for the move first: a control's label is written for finding the
        # control (a tile named by its terrain, a square by the nearest house), and read as the
        # hint's goal it would name a place the hint is not about
        what = self.plain or (_first_sentence(self.label) if self.label else self.suggestion.action.to_text())
        text = f"Hint: {what}"
        text = text if text[-1] in ".!?" else text + "."
        return f"{text} Why: {reason}" if reason else text

    def target(self, items: list[Target]) -> Target | None:
        """The control to light among the live view's ``items``: the next one to press."""
        if not self.path:
            return None
        key = self.path[min(self.step, len(self.path) - 1)]
        hit = next((t for t in items if t.id == key), None)
        if hit is None and self.step == 0 and self.label:
            # a view may name a control after where the keyboard last was: its words still match
            hit = next((t for t in items if t.label == self.label), None)
        return hit

    def pressed(self, items: list[Target], pos: tuple[int, int]) -> None:
        """The person clicked at ``pos``: on the lit control, the hint moves on to the next."""
        target = self.target(items)
        if target is not None and target.rect.collidepoint(pos) and self.step < len(self.path) - 1:
            self.step += 1


def _first_sentence(label: str) -> str:
    """A control's words as the hint names it: the first sentence, without a key's prefix
    ("+: ", "3: ") that only says which key presses it."""
    label = re.sub(r"^\S{1,2}: ", "", label.strip())
    for stop in (" - ", ". "):
        if stop in label:
            label = label.split(stop, 1)[0]
    return label.rstrip(".")


def clicks(view: "GameView", target: Target) -> list[Action]:
    """The moves a click on ``target`` makes on ``view`` (a throwaway one: the click changes it)."""
    out = []
    for e in click_events(target.click_point):
        a = view.handle_event(e)
        if a is not None:
            out.append(a)
    return out


def usable(items: list[Target]) -> list[Target]:
    """The targets a plain click works (no text box, no slider, nothing that acts by itself)."""
    return [t for t in items if t.enabled and t.activate is None and t.adjust is None and not t.takes_text]


def _words(text: str) -> set[str]:
    return {w for w in re.split(r"[^a-z0-9]+", text.lower()) if len(w) >= 3}


def _by_likeness(items: list[Target], action: Action) -> list[Target]:
    """``items`` with those whose words share most with the action's text first (a vehicle and a
    place named in the move), the rest in their own order."""
    want = _words(action.to_text())
    return sorted(items, key=lambda t: -len(want & _words(t.label)))


def search_path(fresh: Callable[[], "GameView"], action: Action, *, likely_first: bool = False) -> Iterator[None]:
    """Look for the controls that make ``action`` on a view as ``fresh`` builds it, a step at a
    time (it yields after each view built, so the board can spread the search over frames); its
    return value is (the controls' ids, the first one's words), or ([], "") when none is found.

    One click on each control first; then, for controls whose click only began something, one
    more click on each control that appeared. At most ``PROBE_BUDGET`` views are built.
    """
    budget = PROBE_BUDGET
    first = usable(fresh().focusables())
    if likely_first:  # the guided game knows the move: try the controls it names first
        first = _by_likeness(first, action)
    began: list[Target] = []
    for t in first:
        yield
        budget -= 1
        if budget <= 0:
            return [], ""
        got = clicks(fresh(), t)
        if action in got:
            return [t.id], t.label
        if not got:
            began.append(t)
    for t in began:
        yield
        budget -= 1
        probe = fresh()
        clicks(probe, t)
        seconds = [x for x in usable(probe.focusables()) if x.id != t.id]
        if likely_first:
            seconds = _by_likeness(seconds, action)
        for second in seconds:
            yield
            budget -= 1
            if budget <= 0:
                return [], ""
            probe = fresh()
            clicks(probe, t)
            if action in clicks(probe, second):
                return [t.id, second.id], t.label
    return [], ""


def view_path(fresh: Callable[[], "GameView"], action: Action, *, likely_first: bool = False) -> Iterator[None]:
    """The controls that make ``action``, as the game's view itself says (``controls_for``: a
    route's tiles then Drive, a bid's steppers then Bid); where it does not know, ``search_path``
    looks. Its return value is as ``search_path``'s; for a path of more than two presses the
    label is left empty, so the hint names the whole move in the game's words."""
    probe = fresh()
    path = probe.controls_for(action)
    if not path:
        return (yield from search_path(fresh, action, likely_first=likely_first))
    first = next((t for t in probe.focusables() if t.id == path[0]), None)
    return list(path), (first.label if first is not None and len(path) <= 2 else "")


def find_path(fresh: Callable[[], "GameView"], action: Action) -> tuple[list[Hashable], str]:
    """``view_path`` run to its end at once."""
    search = view_path(fresh, action)
    while True:
        try:
            next(search)
        except StopIteration as done:
            return done.value


def settle(scene: "BoardScene", job: HintJob) -> Hint | None:
    """Turn a finished job into a hint whose controls are still to be found (``advance``), or
    None when the position has moved on."""
    m = scene.match
    if job.position != m.position or job.seat != scene.seat:
        return None
    suggestion = job.result()
    seat = job.seat
    view, legal = m.view(seat), m.legal(seat)

    def fresh() -> "GameView":
        probe = scene.make_game_view()
        probe.show(view.clone() if hasattr(view, "clone") else view, seat, legal)
        return probe

    hint = Hint(job.position, seat, suggestion, plain=scene.view.hint_words(suggestion.action))
    hint.search = view_path(fresh, suggestion.action)
    return hint


def advance(hint: Hint, seconds: float) -> bool:
    """Go on looking for the hint's controls for about ``seconds``; True once the search is over
    (``hint.path`` and ``hint.label`` are then set)."""
    if hint.search is None:
        return True
    end = time.perf_counter() + seconds
    while True:
        try:
            next(hint.search)
        except StopIteration as done:
            hint.path, hint.label = done.value
            hint.search = None
            return True
        if time.perf_counter() >= end:
            return False


def current(scene: "BoardScene") -> Hint | None:
    """The hint on show, while its position and person are still the ones on the board."""
    h = scene.hint
    if h is None or h.position != scene.match.position or h.seat != scene.seat:
        return None
    return h


def ask(scene: "BoardScene") -> None:
    """What would you do? Start deciding the Normal computer's move for the person (``update``
    shows it once decided), or say why not. It is never played for them."""
    why = why_not(scene)
    if why is not None:
        scene.say_refusal(why, link=False)  # why no hint now is no rule of the game
        return
    position = scene.match.position
    busy = [x for x in (scene.hint_job, scene.hint_pending) if x is not None and x.position == position]
    if busy:
        return  # already being worked out
    if current(scene) is not None:
        point_at(scene)
        return
    scene.hint_job = start(scene)


def point_at(scene: "BoardScene") -> None:
    """Put the keyboard's focus on the hint's control (Enter then makes the move; nothing is
    made until the person presses it)."""
    hint = current(scene)
    target = hint.target(scene.view.focusables()) if hint is not None else None
    if target is None:
        return
    scene.focus_ring.active = True
    scene.focus_ring._set(target)
    scene.handle_event(hover_event(target.click_point))


def update(scene: "BoardScene") -> None:
    """Each frame: take the decided move from its thread, then look for its control a little;
    once found (or not), show the hint."""
    job = scene.hint_job
    if job is not None and job.done():
        scene.hint_job = None
        try:
            scene.hint_pending = settle(scene, job)
        except Exception as exc:  # a hint is a courtesy: the game goes on without it
            log.warning("no hint: %s", exc)
            scene.say("No hint just now.", theme.INK_SOFT, 2.0)
    pending = scene.hint_pending
    if pending is None:
        return
    if pending.position != scene.match.position or pending.seat != scene.seat:
        scene.hint_pending = None
        return
    if advance(pending, FRAME_SHARE):
        scene.hint_pending = None
        scene.hint = pending
        scene.flash = None
        point_at(scene)


def draw_highlight(scene: "BoardScene", surface: pygame.Surface, hint: Hint) -> None:
    """A pulsing ring round the control the hint points at, over the board and panel."""
    target = hint.target(scene.view.focusables())
    if target is None:
        return
    draw_lit(scene, surface, pygame.Rect(target.rect).inflate(px(10), px(10)), hint.tag)


def tag_box(scene: "BoardScene", r: pygame.Rect, tag: str, avoid: list[pygame.Rect]) -> pygame.Rect | None:
    """Where the ring's tag goes: on the ring's edge, above it or below, centred or at a corner,
    or just inside a corner, at the first spot that hides none of ``avoid`` (the words drawn: a panel's
    line above a lit button, the button's own label; a guided step's other subjects and its card),
    stays in the window and off the top bar.
    None when every spot would hide some: the pulsing ring alone marks the control then (the
    status line says what it is), since a tag must never cover what the player reads."""
    tw, th = draw.font(13, True).size(tag)
    box = pygame.Rect(0, 0, tw + px(12), th + px(4))
    window = pygame.Rect(0, scene.top_bar, scene.size[0], scene.size[1] - scene.top_bar)
    inset = px(6)
    spots = [("midbottom", (r.centerx, r.top + px(2))), ("midtop", (r.centerx, r.bottom - px(2))),
             ("bottomright", (r.right - inset, r.top + px(2))), ("bottomleft", (r.left + inset, r.top + px(2))),
             ("topright", (r.right - inset, r.bottom - px(2))), ("topleft", (r.left + inset, r.bottom - px(2))),
             ("topright", (r.right - inset, r.top + inset)), ("topleft", (r.left + inset, r.top + inset)),
             ("bottomright", (r.right - inset, r.bottom - inset))]
    for anchor, at in spots:
        trial = box.copy()
        setattr(trial, anchor, at)
        if window.contains(trial) and not any(trial.colliderect(w) for w in avoid):
            return trial
    return None


def draw_lit(scene: "BoardScene", surface: pygame.Surface, r: pygame.Rect, tag: str,
             avoid: list[pygame.Rect] | None = None) -> None:
    """A pulsing ring round ``r`` with a small tag naming it (the hint's, the guided game's),
    the tag off the words drawn and off what ``avoid`` holds (``tag_box``)."""
    phase = 0.5 + 0.5 * abs(((scene.t * 1.2) % 2.0) - 1.0)
    width = max(3, px(3))
    colour = tuple(int(c * phase + 255 * (1 - phase)) for c in theme.ACCENT)
    pygame.draw.rect(surface, colour, r, width, border_radius=px(8))
    box = tag_box(scene, r, tag, draw.text_drawn(surface) + list(avoid or ()))
    if box is None:
        return
    pygame.draw.rect(surface, theme.ACCENT, box, border_radius=px(6))
    with draw.covering():  # a label laid over the board, like a tooltip: covering what is under it is its job
        draw.text(surface, tag, box.center, 13, (255, 252, 244), bold=True, anchor="center")
