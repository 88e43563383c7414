"""Where a guided game stands: its match, its step, and what the step accepts.

``Walker`` is the one place that decides what a step wants; the tutorial scene asks it before
handing a move to the match, and ``walk`` plays a whole script with the rules alone (the suite's
proof that every asked-for move is legal when its step comes, and the authors' tool).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator

from courier.match import Match, SeatSpec
from courier.rules.base import Action
from courier.tutorial.script import LEVEL, Script, ScriptError, Step

#: the learner's seat at every guided table
LEARNER = 0
#: the learner's name there: whoever sits down to learn, never a name typed on the New game screen
#: for a real game's seat (that seat may be anyone at the table, and a kept place is resumed by
#: whoever comes back to it); the step card speaks to the learner as "you"
LEARNER_NAME = "Player 1"
#: the computers' names when the script gives none
DEFAULT_NAMES = ("Robin", "Sam", "Alex")
#: seat colours (the first three of the game's usual colours)
COLOURS = ((214, 69, 65), (52, 120, 196), (60, 160, 90), (230, 160, 40))
#: a computer move no guided game should need more of between two steps (a runaway script)
MAX_COMPUTER_MOVES = 2000


def seats_for(script: Script, learner_name: str = LEARNER_NAME) -> list[SeatSpec]:
    names = list(script.names) + [n for n in DEFAULT_NAMES if n not in script.names]
    seats = [SeatSpec(learner_name, COLOURS[0], "human", "easy")]
    for i in range(script.computers):
        seats.append(SeatSpec(names[i], COLOURS[1 + i], "ai", LEVEL))
    return seats


def make_match(script: Script, learner_name: str = LEARNER_NAME) -> Match:
    """The guided table: the learner and the computers, the script's seed, seeding and options."""
    return Match.new(script.game_id, seats_for(script, learner_name), seed=script.seed, seeding=script.seeding,
                     **script.options)


def replayed(script: Script, texts: list[str], learner_name: str = LEARNER_NAME) -> Match:
    """The guided table with ``texts`` (its log so far) played again: a left game resumed."""
    match = make_match(script, learner_name)
    match._replay_into(list(texts))
    match.position = len(texts)
    return match


class Walker:
    """A guided game under way: its match, the step showing and the moves done in it."""

    def __init__(self, script: Script, match: Match | None = None, index: int = 0, within: int = 0) -> None:
        self.script = script
        self.match = match if match is not None else make_match(script)
        self.index = index
        #: how many of the step's asked-for moves are made
        self.within = within

    # -- where it stands -----------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.index >= len(self.script.steps)

    @property
    def step(self) -> Step | None:
        return None if self.finished else self.script.steps[self.index]

    def learner_to_act(self) -> bool:
        return not self.match.is_over() and LEARNER in self.match.to_act()

    def wanted(self) -> str | None:
        """The move the step asks for next, as the game writes it (None: it asks for no move)."""
        step = self.step
        if step is None or not step.do:
            return None
        return step.do[min(self.within, len(step.do) - 1)]

    def wanted_action(self) -> Action | None:
        """The asked-for move as an action, once the learner is to act (None before)."""
        text = self.wanted()
        if text is None or not self.learner_to_act():
            return None
        for action in self.match.legal(LEARNER):
            if action.to_text() == text:
                return action
        return None

    def may_read_on(self) -> bool:
        """A step to read can be left (Next) once what it tells has happened: the computers have
        played up to the learner's next move (a step such as "Robin rolled 10 and rode west" is
        shown as the learner's turn ends), and the end's steps once the game is over."""
        step = self.step
        if step is None or step.kind != "read":
            return False
        if self.match.is_over():
            return True
        play = self.script.play_index()
        return (play is None or self.index < play) and self.learner_to_act()

    def accepts(self, action: Action) -> bool:
        """Whether the step takes ``action`` from the learner now."""
        step = self.step
        if step is None or action.seat != LEARNER:
            return step is None and action.seat == LEARNER
        if step.play:
            return True
        wanted = self.wanted()
        return wanted is not None and action.to_text() == wanted

    def computers_may_move(self) -> bool:
        """Computers play when it is their turn, except while a step waits to be read before the
        learner's next move (the learner reads first, then sees what follows)."""
        return True

    # -- moving on -----------------------------------------------------------------------------
    def moved(self) -> None:
        """The learner's move was played: count it; a step whose moves are all made is done."""
        step = self.step
        if step is None or step.play:
            self.settle()
            return
        self.within += 1
        if self.within >= len(step.do):
            self.index, self.within = self.index + 1, 0

    def read_on(self) -> bool:
        """Next on a step to read: on to the next step. False if the step is no step to read."""
        if not self.may_read_on():
            return False
        self.index, self.within = self.index + 1, 0
        return True

    def settle(self) -> None:
        """A free-play step ends with the game."""
        step = self.step
        if step is not None and step.play and self.match.is_over():
            self.index, self.within = self.index + 1, 0


def play_computers(match: Match) -> int:
    """Play the computers' moves, as the board would, until the learner is to act or the game is
    over (the board lets a person act first when both are to act). The number of moves played."""
    n = 0
    while not match.is_over() and LEARNER not in match.to_act():
        seat = match.ai_to_act()
        if seat is None:
            raise ScriptError("nobody is to act, but the game is not over")
        job = match.start_ai(seat)
        job.wait(None)
        match.submit(job.result())
        n += 1
        if n > MAX_COMPUTER_MOVES:
            raise ScriptError("the computers played on without end")
    return n


@dataclass
class Visit:
    """One step as the walk met it (for the suite and for authors)."""

    index: int
    step: Step
    #: the learner's legal moves when the step began (empty if the learner was not to act)
    legal: list[str]
    turn: str


Policy = Callable[[Match], Action]


def first_legal(match: Match) -> Action:
    return match.legal(LEARNER)[0]


def walk(script: Script, policy: Policy = first_legal, *, stop_after: int | None = None,
         walker: "Walker | None" = None) -> Iterator[Visit]:
    """Play ``script`` with the rules alone, step by step; ScriptError names the first step whose
    move is not legal when it comes (with the moves that are). ``policy`` makes the learner's
    free-play moves. ``stop_after``: stop once that many steps are done."""
    walker = walker if walker is not None else Walker(script)
    m = walker.match
    while not walker.finished:
        if stop_after is not None and walker.index >= stop_after:
            return
        step = walker.step
        assert step is not None
        play_computers(m)
        legal = [a.to_text() for a in m.legal(LEARNER)] if walker.learner_to_act() else []
        if walker.within == 0:
            yield Visit(walker.index, step, legal, m.turn_label())
        n = walker.index + 1
        if step.kind == "read":
            if not walker.read_on():
                raise ScriptError(f"step {n} is read after the end, but the game is not over")
        elif step.kind == "do":
            if m.is_over():
                raise ScriptError(f"step {n} asks for {walker.wanted()!r}, but the game is over")
            action = walker.wanted_action()
            if action is None:
                shown = ", ".join(legal[:40]) + (" …" if len(legal) > 40 else "")
                raise ScriptError(f"step {n} asks for {walker.wanted()!r}, which is not legal now "
                                  f"({m.turn_label()}); the learner may: {shown}")
            m.submit(action)
            walker.moved()
        else:
            guard = 0
            while not m.is_over():
                play_computers(m)
                if m.is_over():
                    break
                m.submit(policy(m))
                guard += 1
                if guard > MAX_COMPUTER_MOVES:
                    raise ScriptError(f"step {n}: free play did not end")
            walker.settle()


def newcomer_policy(match: Match) -> Action:
    """A newcomer's free-play move, for the walk: the Easy rule-of-thumb player's choice."""
    from courier.ai.base import make_bot
    from courier.ai.hints import hint_rng

    legal = match.legal(LEARNER)
    if len(legal) == 1:
        return legal[0]
    view = match.view(LEARNER)
    return make_bot(match.game_id, LEVEL).choose(match.game, view, LEARNER, legal, hint_rng(len(match.log), LEARNER))


#: a newcomer's pace, for the length a guided game is said to take: words read a minute, seconds
#: for a move the step shows, for a move of their own in free play, and for watching a computer's
#: move play out
READ_WPM, TAUGHT_MOVE_S, FREE_MOVE_S, WATCH_MOVE_S = 150, 6.0, 12.0, 1.5


@dataclass
class Length:
    words: int
    taught_moves: int
    free_moves: int
    computer_moves: int

    @property
    def minutes(self) -> float:
        return (self.words / READ_WPM + (self.taught_moves * TAUGHT_MOVE_S + self.free_moves * FREE_MOVE_S
                                         + self.computer_moves * WATCH_MOVE_S) / 60.0)


def length(script: Script) -> Length:
    """How long the guided game takes a newcomer, at the pace above, playing free play as the
    Easy player would."""
    walker = Walker(script)
    for _ in walk(script, newcomer_policy, walker=walker):
        pass
    m = walker.match
    seats = [s.seat for s in m._steps]
    learner = sum(1 for s in seats if s == LEARNER)
    taught = sum(len(s.do) for s in script.steps)
    return Length(words=sum(len(s.say.split()) for s in script.steps), taught_moves=taught,
                  free_moves=learner - taught, computer_moves=len(seats) - learner)
