"""The table driver: runs one match around the game's view, for the people at the device.

It decides who is looking (``looking``: the one place that decides whose secrets may be drawn),
gives the view the state that person may see and their legal moves (state down through
``GameView.show``), takes their moves (actions up through ``submit``) and hands the events back
to the view (events down through ``GameView.animate``); it runs the computer players in the
worker process while the window keeps drawing, lets every animation finish before the next
computer move, brings the pass-the-device screen between people when secrets would show (and
throws the view away at every hand-off, so nothing one person left behind reaches the next),
autosaves when the turn passes, takes moves back, and moves on to the scores at the end. It never
decides a rule and draws nothing: the board screen built on it (``board.BoardScene``) lays out and
draws the frame, and answers the hooks below (``fresh_screen``, ``refresh_controls``, ``say``,
``log_changed``, ``picture``).

A scene built on the table (the guided game) changes what it does through the public hooks:
``keep_game`` (what leaving keeps), ``finish`` (the end of the game), ``may_use`` and ``why_not``
(the top bar's buttons), ``submit`` (a move of the person at the device).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from courier import saves
from courier.ai.worker import ProcessJob, ThreadJob
from courier.match import AiJob, Match, RestoreError
from courier.rules.base import Action, Event, IllegalAction
from courier.scenes import flow
from courier.scenes.base import Scene
from courier.scenes.games import make_view
from courier.ui import theme
from courier.ui.game_view import GameView, SeatInfo, ViewContext

if TYPE_CHECKING:
    from courier.app import App

log = logging.getLogger(__name__)

#: seconds a computer's last move stays on the board before a pass screen (at animation speed 1;
#: never less than ``HOLD_MIN``): its pops and flashes play out and the table can read it
HOLD, HOLD_MIN = 1.6, 0.8
#: under Reduced motion nothing travels, so a computer's move would flash by: each stays this
#: long (at animation speed 1; never less than ``CALM_MIN``) before the next one is made
CALM, CALM_MIN = 1.2, 0.7


def view_context(app: "App", match: Match) -> ViewContext:
    s = app.settings
    return ViewContext(
        game=match.game,
        config=match.config,
        seats=[SeatInfo(x.name, x.colour, x.kind, x.level) for x in match.seats],
        anim_speed=s.anim_speed,
        reduced_motion=s.reduced_motion,
    )


class TableScene(Scene):
    """The match, the people and computers at it, and the view it is shown through."""

    #: what leaving from the game menu keeps
    LEAVE_TIP = "The game is autosaved; Continue brings it back"

    def __init__(self, app: "App", match: Match, *, autosave: bool = True, ai_pause: float | None = None,
                 show_scoring: bool = True) -> None:
        super().__init__(app)
        self.match = match
        self.autosave_enabled = autosave
        #: the turn label at the last autosave check: in a solo game only the label shows a new turn
        self._saved_label = match.turn_label()
        self.show_scoring = show_scoring
        speed = app.settings.anim_speed
        calm = max(CALM_MIN, CALM / speed)
        self.ai_pause = (calm if app.settings.reduced_motion else 0.35 / speed) if ai_pause is None else ai_pause
        #: how long a computer's last move stays on the board before a pass screen covers it (a
        #: caller that sets the computers' pause sets this too)
        self.handoff_hold = max(HOLD_MIN, HOLD / speed) if ai_pause is None else ai_pause
        self.hold_left = 0.0
        self.view: GameView = make_view(view_context(app, match))
        #: the computer's decision being made (in the worker process, or a thread)
        self.job: AiJob | ProcessJob | ThreadJob | None = None
        #: the person deciding now, whose input the view accepts (None: nobody may act here).
        #: With two or more people at the table it is set only by their "show my turn" on the
        #: pass-the-device screen and cleared when their decision ends; ``looking`` builds on it.
        self.seat: int | None = None
        #: the person whose hover, selections and half-made plans the view holds now
        self._input_owner: int | None = None
        self.handoff_for: int | None = None
        #: the person who last took the device on the pass screen: they hold it until it is passed
        #: to someone else, so their next decision needs no pass screen of its own
        self.holder: int | None = None
        self.pause_left = 0.0
        #: Settings' "wait for a key after each computer move": the seat whose move waits to be
        #: seen (the table goes on when a key is pressed or the board clicked)
        self.waiting_after: int | None = None
        self.finished = False
        self.saved_turns = 0

    # -- what the screen built on the table answers -------------------------------------------------
    def fresh_screen(self) -> None:
        """Another person has the device and the view was made anew: drop whatever else the last
        person left on the screen (see ``board.BoardScene.fresh_screen``)."""

    def refresh_controls(self) -> None:
        """The match or the person changed: the screen's own controls follow (greyed or not)."""

    def log_changed(self) -> None:
        """Moves were made or taken back: the screen's game log follows."""

    def say(self, text: str, colour: tuple[int, int, int] = theme.INK, seconds: float = 4.0) -> None:
        """A message for the people at the table (the board shows it on its status line)."""
        log.info("%s", text)

    def say_refusal(self, text: str, link: bool = True) -> None:
        """Why a move was refused (the board offers the rule behind it where ``link``)."""
        self.say(text, theme.BAD)

    def picture(self, fresh: bool = False) -> bytes | None:
        """A small picture of the board for a save (None: none)."""
        return None

    # -- seats -----------------------------------------------------------------------------------
    def humans(self) -> list[int]:
        """The seats people play."""
        return [i for i, s in enumerate(self.match.seats) if not s.is_ai]

    def looking(self) -> int | None:
        """Who is looking at the screen: the one place that decides whose secrets may be drawn.

        One person at the table: that person, always. Two or more: the person deciding now, from
        their "show my turn" to the end of their decision, and again at each later decision of
        theirs while they still hold the device (only computers moved in between); otherwise
        nobody, and the board shows only what everyone may see (computers' turns, animations
        after a decision, the wait for the next person). Everything drawn comes from
        ``match.view(self.looking())``.
        """
        humans = self.humans()
        if len(humans) == 1:
            return humans[0]
        return self.seat if self.seat in humans else None

    def needs_handoff(self, seat: int) -> bool:
        """A pass-the-device screen is due before ``seat`` sees the board: ``seat``'s decision
        would show their secrets, and the device is with someone else (or with nobody known yet).
        A person who still holds it (only computers have moved since, or an answer of theirs came
        between) goes on without passing it to themselves."""
        return (self.match.game.has_hidden_info and len(self.humans()) >= 2
                and seat != self.seat and seat != self.holder)

    def thinking(self) -> int | None:
        """The computer seat deciding right now, if any."""
        return self.job.seat if self.job is not None else None

    # -- life cycle ------------------------------------------------------------------------------
    def enter(self) -> None:
        if self.match.uses_search():
            from courier.ai import worker

            worker.warm_up()  # start the thinking process now, not at the computer's first move
        self._show()

    def checked(self) -> bool:
        """True once the opened save's log is proven (then the board starts as after a load);
        False while the check runs; a save that fails it goes back to the save list."""
        m = self.match
        if m.check is None:
            return True
        try:
            if not m.settle_check():
                return False
        except RestoreError as exc:
            self.finished = True
            flow.load_refused(self.app, str(exc))
            return False
        self._saved_label = m.turn_label()
        self.log_changed()
        self._show()
        return True

    def exit(self) -> None:
        self._cancel_job()

    # -- the person at the device ----------------------------------------------------------------
    def _new_seat_screen(self) -> None:
        """Another person has the device: start their screen as a board just opened would.

        Everything input leaves behind belongs to the person who made it: the game view (hover,
        raised cards, selections, half-made plans, notes, open dialogs, focus) and whatever else
        the screen keeps (``fresh_screen``). All of it is dropped by building it anew, so no game
        has to remember to clear its own.
        """
        self.view = make_view(view_context(self.app, self.match))
        self.fresh_screen()

    # -- showing the right view ------------------------------------------------------------------
    def _show(self) -> None:
        """Give the view the state as the current viewer may see it and, if a person may act
        now without a handoff, their legal actions."""
        m = self.match
        if m.check is not None:  # the save is still being checked: shown, not yet played
            self.seat = None
            self.refresh_view()
            return
        human = None if m.is_over() else m.human_to_act()
        if human is not None and not self.needs_handoff(human) and self.handoff_for is None:
            if self._input_owner is not None and human != self._input_owner:
                if self.view.animating():
                    # the last move plays out first; update() brings the next person in after it
                    self.seat = None
                    self.refresh_view()
                    return
                self._new_seat_screen()
            if self.seat != human:
                self.app.sounds.play("turn")
            self.seat = self._input_owner = human
        else:
            self.seat = None  # the decision is over (or waits for its person): the public view
        self.refresh_view()

    def refresh_view(self) -> None:
        """Give the view the match as the one looking may see it, with the deciding person's legal
        moves (none while nobody may act here)."""
        m = self.match
        seat = self.seat
        self.view.show(m.view(self.looking()), seat, m.legal(seat) if seat is not None else [])
        self.refresh_controls()

    def accept_handoff(self, seat: int) -> None:
        """The person for ``seat`` has the device and asked to see their turn (the handoff screen)."""
        self.handoff_for = None
        self._new_seat_screen()
        self.seat = self._input_owner = self.holder = seat
        self.app.sounds.play("turn")
        self._show()

    def _holder_decides(self) -> bool:
        """The person holding the device decides now, on the screen that is already theirs."""
        m = self.match
        return (self.holder is not None and self.holder == self._input_owner and self.handoff_for is None
                and not m.is_over() and m.human_to_act() == self.holder)

    # -- acting ----------------------------------------------------------------------------------
    def submit(self, action: Action) -> bool:
        """Hand ``action`` to the match; a refusal is shown to the player. True if applied."""
        before = self.match.to_act()
        try:
            events = self.match.submit(action)
        except IllegalAction as exc:
            self.say_refusal(str(exc))
            return False
        self._after(events, before)
        self.hold_left = 0.0  # a person's move: no computer's move waits to be seen before a pass screen
        return True

    def _after(self, events: list[Event], before: list[int]) -> None:
        m = self.match
        if self.seat is not None and (m.is_over() or m.human_to_act() != self.seat):
            self.seat = None  # that person's decision is over: what follows plays out in public
        elif self.seat is None and self._holder_decides():
            # only computers moved since the holder's last decision: their move lands on the
            # holder's own screen, as their next decision does, with no pass screen to themselves
            self.seat = self.holder
            self.app.sounds.play("turn")
        self.view.animate(events, m.view(self.looking()))
        self.app.sounds.play_events(events)
        self.log_changed()
        label = m.turn_label()
        turn_passed = m.to_act() != before or label != self._saved_label
        self._saved_label = label
        if self.autosave_enabled and (turn_passed or m.is_over()):  # a solo game's turns change only the label
            self._autosave()
        self._show()

    def _autosave(self) -> None:
        try:
            saves.autosave(self.match, thumbnail=self.picture())
            self.saved_turns += 1
        except saves.SaveError as exc:
            log.warning("autosave failed: %s", exc)
            self.say(str(exc), theme.BAD)

    def _cancel_job(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def go_on(self) -> None:
        """The computer's move that waited has been seen: the table goes on (the pass screen, if
        one is due, comes at once: the move has been read)."""
        if self.waiting_after is not None:
            self.waiting_after = None
            self.hold_left = 0.0
            self.pause_left = 0.0

    def undo(self) -> None:
        """Take back the deciding person's last move, if the match allows it."""
        self._cancel_job()
        if self.match.undo(by=self.seat):
            self.log_changed()
            self.pause_left = 0.0
            self._show()
            self.say("Move taken back.", theme.INK_SOFT, 2.0)
        else:
            self.say("Nothing to take back.", theme.INK_SOFT, 2.0)

    # -- leaving ---------------------------------------------------------------------------------
    def keep_game(self) -> None:
        """Keep the game as it stands before the table is left: autosaved, if saving is on."""
        if self.autosave_enabled and not self.match.is_over() and self.match.check is None:
            self._autosave()

    def leave(self) -> None:
        """Back to the title screen; the game is kept first (``keep_game``)."""
        self._cancel_job()
        self.keep_game()
        flow.to_menu(self.app)

    def quit(self) -> None:
        """Close Courier from the pass-the-device screen; the game is kept first."""
        self._cancel_job()
        self.keep_game()
        self.app.quit()

    def save(self) -> None:
        """Save the game under a name (the dialog over the table)."""
        flow.to_save_dialog(self.app, self.match, on_saved=lambda msg: self.say(msg, theme.GOOD),
                            thumbnail=self.picture(fresh=True))

    def finish(self) -> None:
        """The game is over: the scores (unless this table was opened not to show them)."""
        self.finished = True
        self.seat = None
        self.refresh_controls()
        if self.show_scoring:
            flow.to_scores(self.app, self.match)

    # -- every frame -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.finished or not self.checked():
            return
        self.drive(dt)

    def drive(self, dt: float) -> None:
        """Move the match on by itself where nobody at the device has to act: a computer's
        answer, the pause after it, the end, the pass screen, the next computer's turn."""
        m = self.match
        if self.job is not None:
            if not self.job.done():
                return
            job, self.job = self.job, None
            if not m.is_current(job):
                return
            try:
                action = job.result()
            except RuntimeError as exc:  # the worker process died or gave a wrong answer
                log.warning("the search player failed (%s); this move is played by rule of thumb", exc)
                self.job = m.start_ai(job.seat, search=False)
                return
            before = m.to_act()
            events = m.submit(action)
            self._after(events, before)
            if (getattr(self.app.settings, "pause_after_ai", False) and not m.is_over()
                    and any(ev.text for ev in events)):  # a move the log shows (a secret choice shows nothing to wait on)
                self.waiting_after = job.seat
            self.pause_left = self.ai_pause
            self.hold_left = self.handoff_hold  # the pass screen waits until this move has been seen
            return
        if self.view.animating():
            return
        if self.waiting_after is not None:
            return  # until the person at the device has seen the computer's move and goes on
        if self.pause_left > 0:
            self.pause_left -= dt
            return
        if m.is_over():
            self.finish()
            return
        if self.handoff_for is not None:
            return
        human = m.human_to_act()
        if human is not None:
            if self.seat == human:
                return
            if self.needs_handoff(human):
                if self.hold_left > 0:
                    self.hold_left -= dt
                    return
                self.handoff_for = human
                flow.to_handoff(self.app, m, human, lambda: self.accept_handoff(human),
                                on_save=self.save if self.autosave_enabled else None,
                                on_menu=self.leave, on_quit=self.quit)
                return
            self._show()
            return
        ai = m.ai_to_act()
        if ai is not None:
            self.job = m.start_ai(ai)
            self.refresh_controls()
