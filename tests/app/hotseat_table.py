"""Play one table of people and computers through the real board scene, checking every frame.

The promise (non-interference): what the screen shows depends only on what the one looking may
see. Who that is is worked out here from the table alone, not asked of the scene: with one person
at the table, that person; with two or more, the person who last said "I am X: show my turn" on
the pass screen (who holds the device from then on), whenever they are the person to act;
otherwise nobody. At each checked frame the screen is drawn twice: once from the true position,
once from a position whose hidden parts (everyone else's hands, missions, bonus cards, a card
chosen in secret, the deck orders, the dice to come) are dealt anew. The two frames must be the same pixel
for pixel; and whatever the scene hands its view to draw (``show`` and ``animate``) must be
exactly what the one looking may see.

The pass screen's "since your last turn" list is checked too: it must be exactly the game-log
lines of every move since that person's own last decision (recorded here as the moves are made),
and it is drawn in the frames compared above, so it cannot change with anyone's secrets.

Every table also leaves its trace of hand-offs and people's decisions (``play_table`` returns it),
for the properties of who the device is passed to.

The table is played with synthetic input: the pointer wanders and rests, Tab walks the focus ring,
Ctrl+Z takes moves back, the pass screen is answered with Enter (sometimes after opening and
closing its menu with Esc), and the person's moves are legal moves picked at random and handed to
the scene as its input would.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

import pygame

from courier.match import Match, SeatSpec
from courier.scenes.board import BoardScene
from courier.scenes.handoff import HandoffScene
from courier.ui import theme
from tests.hidden import scrambled

NAMES = ["Ann", "Bea", "Cal", "Dot"]
LEVELS = ["easy", "normal", "hard", "random"]


@dataclass
class Figures:
    tables: int = 0
    frames: int = 0
    compared: int = 0
    hand_offs: int = 0
    undos: int = 0
    shows_checked: int = 0
    #: pass screens that listed what happened since that person's last decision
    summaries: int = 0
    leaks: list[str] = field(default_factory=list)


def table_seats(kinds: list[str], rng: random.Random) -> list[SeatSpec]:
    return [SeatSpec(NAMES[i], theme.PLAYER_COLOURS[i][1], k, rng.choice(LEVELS) if k == "ai" else "normal")
            for i, k in enumerate(kinds)]


def _dump(game: Any, state: Any) -> Any:
    return game.state_to_dict(state)


class Watcher:
    """Knows who is looking from the table alone, and checks what the scene gives its view."""

    def __init__(self, match: Match, figures: Figures, label: str) -> None:
        self.match = match
        self.figures = figures
        self.label = label
        self.people = [i for i, s in enumerate(match.seats) if not s.is_ai]
        #: the person who last said "show my turn": they hold the device until it is passed on
        self.holder: int | None = None
        #: per logged action (its index in the log): the seat that took it and its log lines
        self.moves: dict[int, tuple[int, list[str]]] = {}
        self._record(match)

    def _record(self, match: Match) -> None:
        submit = match.submit

        def recorded(action: Any) -> Any:
            events = submit(action)
            self.moves[len(match.log) - 1] = (action.seat, [e.text for e in events if e.text])
            return events

        match.submit = recorded  # type: ignore[method-assign]

    def since_last_decision(self, seat: int) -> list[str]:
        """The log lines of every move after ``seat``'s last one (an undo shortens the log)."""
        moves = [self.moves[i] for i in range(len(self.match.log))]
        last = max((i for i, (who, _) in enumerate(moves) if who == seat), default=-1)
        return [text for _, texts in moves[last + 1:] for text in texts]

    def looking(self) -> int | None:
        m = self.match
        if len(self.people) == 1:
            return self.people[0]
        if not m.game.has_hidden_info and len(self.people) >= 2:
            # nothing is hidden: the person to act sees their turn without a pass screen
            return m.human_to_act() if not m.is_over() else None
        if self.holder is not None and not m.is_over() and m.human_to_act() == self.holder:
            return self.holder
        return None

    def check_given(self, what: str, given: Any) -> None:
        """``given`` reached the view: it must be exactly the looking person's view."""
        m = self.match
        who = self.looking()
        self.figures.shows_checked += 1
        if _dump(m.game, given) != _dump(m.game, m.game.view(m.state, who)):
            self.figures.leaks.append(f"{self.label}: {what} got a view other than {who!r}'s "
                                      f"at move {len(m.log)}")

    def wrap(self, view: Any) -> None:
        if getattr(view, "_watched", False):
            return
        show, animate = view.show, view.animate

        def watched_show(v: Any, seat: Any, legal: Any) -> None:
            self.check_given("show", v)
            show(v, seat, legal)

        def watched_animate(events: Any, v: Any) -> None:
            self.check_given("animate", v)
            animate(events, v)

        view.show, view.animate, view._watched = watched_show, watched_animate, True


def _frame_bytes(app: Any) -> bytes:
    surface = pygame.Surface(app.screen.get_size())
    app.stack.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def compare_frame(app: Any, board: BoardScene, watcher: Watcher, salt: int) -> None:
    """Draw the screen from the true position and from one with the unseen secrets dealt anew."""
    m = board.match
    figures = watcher.figures
    if app.stack.top is not board and not isinstance(app.stack.top, HandoffScene):
        return
    who = watcher.looking()
    true_state = m.state
    other = scrambled(m.game_id, true_state, who, salt)
    assert _dump(m.game, m.game.view(other, who)) == _dump(m.game, m.game.view(true_state, who)), (
        "the secrets were dealt anew in a way the one looking could tell")
    ticks = pygame.time.get_ticks
    pygame.time.get_ticks = lambda: 5000  # pulsing highlights hold still for the two drawings
    try:
        board.refresh_view()
        first = _frame_bytes(app)
        m.state = other
        board.refresh_view()
        second = _frame_bytes(app)
    finally:
        m.state = true_state
        board.refresh_view()
        pygame.time.get_ticks = ticks
    figures.compared += 1
    if first != second:
        figures.leaks.append(f"{watcher.label}: the frame at move {len(m.log)} (looking: {who!r}) "
                             "changes with secrets the one looking cannot see")


def check_summary(scene: HandoffScene, watcher: Watcher, seat: int) -> None:
    """The pass screen lists exactly the log lines since ``seat``'s last decision, newest last."""
    from courier.words import counted

    expected = [counted(t) for t in watcher.since_last_decision(seat)]
    listed = [line.text for line in scene.summary.lines] if scene.summary is not None else []
    watcher.figures.summaries += 1 if listed else 0
    if listed != expected:
        watcher.figures.leaks.append(f"{watcher.label}: the pass screen for seat {seat} at move "
                                     f"{len(watcher.match.log)} lists {listed[-3:]!r}, not {expected[-3:]!r}")
    shown = scene.summary_shown
    newest = listed[len(listed) - len(shown):] if shown else []
    if any(not text.startswith(lines[0].rstrip("…")) for text, (lines, _) in zip(newest, shown)):
        watcher.figures.leaks.append(f"{watcher.label}: the pass screen draws lines that are not the newest listed")


Trace = list[tuple[str, int]]


def play_table(app: Any, game_id: str, kinds: list[str], seed: int, figures: Figures, *,
               max_steps: int = 400, check_every: int | None = 3) -> Trace:
    """Play ``kinds`` (``"human"``/``"ai"`` per seat) at ``game_id`` from ``seed``; record leaks.
    Returns the trace: ("handoff", seat) for each "show my turn" and ("decision", seat) for each
    move a person made (``check_every=None``: no frames are compared, only the trace kept)."""
    rng = random.Random(seed)
    match = Match.new(game_id, table_seats(kinds, rng), seed=seed)
    board = BoardScene(app, match, autosave=False, ai_pause=0.0)
    label = f"{game_id} {'/'.join(kinds)} seed {seed}"
    watcher = Watcher(match, figures, label)
    watcher.wrap(board.view)  # before anything reaches it
    app.stack.reset(board)
    figures.tables += 1
    trace: Trace = []
    size = app.screen.get_size()
    mouse = [size[0] // 2, size[1] // 2]

    def post(events: list[pygame.event.Event], dt: float = 0.05) -> None:
        app.frame(dt, events)
        watcher.wrap(board.view)  # a new person's screen builds a new view

    for step in range(max_steps):
        watcher.wrap(board.view)
        if match.is_over() or board.finished or app.stack.top is None:
            break
        top = app.stack.top
        if isinstance(top, HandoffScene):
            seat = NAMES.index(top.name)
            check_summary(top, watcher, seat)
            if check_every is not None:
                compare_frame(app, board, watcher, seed * 1000 + step)  # the list, as nobody looks
            if rng.random() < 0.15:
                post([_key(pygame.K_ESCAPE)])  # open the leave card ...
                if check_every is not None:
                    compare_frame(app, board, watcher, seed * 1000 + step)
                post([_key(pygame.K_ESCAPE)])  # ... and close it again
            post([_key(pygame.K_RETURN)])
            watcher.holder = seat
            trace.append(("handoff", seat))
            figures.hand_offs += 1
        elif top is board and board.seat is not None and not board.view.animating():
            roll = rng.random()
            if roll < 0.25:
                mouse = [rng.randrange(size[0]), rng.randrange(size[1])]
                post([pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(mouse), rel=(1, 1), buttons=(0, 0, 0))])
            elif roll < 0.33:
                post([_key(pygame.K_TAB)])
            elif roll < 0.40 and board.buttons["undo"].enabled:
                post([_key(pygame.K_z, pygame.KMOD_CTRL)])
                figures.undos += 1
            else:
                legal = match.legal(board.seat)
                seat = board.seat
                if legal and board.submit(rng.choice(legal)):
                    trace.append(("decision", seat))
                post([])
        elif top is board:
            time.sleep(0.001)  # let a computer player's thread run
            post([], dt=0.2)  # a computer thinks, an animation plays
        else:
            app.stack.pop()  # a dialog opened by a stray key: close it
            post([])
        figures.frames += 1
        if check_every is not None and step % check_every == 0:
            compare_frame(app, board, watcher, seed * 1000 + step)
    return trace


def _key(key: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)


def random_kinds(game_id: str, rng: random.Random) -> list[str]:
    from courier.rules import registry

    game = registry.get(game_id)
    n = rng.randint(max(2, game.min_players), game.max_players) if game.max_players >= 2 else 1
    kinds = [rng.choice(["human", "ai"]) for _ in range(n)]
    if "human" not in kinds:
        kinds[rng.randrange(n)] = "human"
    return kinds
