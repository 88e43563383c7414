"""One game being played: who sits where, the action log, undo, and the computer players.

The match is the only place that applies actions to the real state. Every action goes into
``log`` as its text form, so seed + log replays the game exactly; undo is done by replaying the
log from the seed, which proves on every undo that the log replays.

Undo goes back to just before the last action a human took (taking back the computer's answers
to it too), but never past a point where hidden information came out: an event with
``reveals=True`` (a roll, a draw, a secret choice shown) or, in a game with hidden information,
the moment another human took over the device.
"""

from __future__ import annotations

import logging
import secrets
import unicodedata
from dataclasses import asdict, dataclass
from typing import Any, Sequence

from courier.ai import base as ai_base
from courier.ai import reasons as ai_reasons
from courier.ai import worker as ai_worker
from courier.match_threads import AiJob, LogCheck, RestoreError, _clip  # noqa: F401  (this module's interface)
from courier.rules import registry
from courier.rules.base import Action, Event, GameConfig, GameRules, IllegalAction
from courier.rules.rng import Rng

log = logging.getLogger(__name__)

KINDS = ("human", "ai")
#: longest seat name kept from a save (the setup screen allows 16 characters)
NAME_LIMIT = 32


def clean_text(text: str, limit: int) -> str:
    """``text`` without control or unassigned characters (a NUL cannot be drawn), at most
    ``limit`` characters (a cut one ends with "…"). Bounded work for any length of input."""
    head = text[: limit * 4 + 16]
    kept = "".join(ch for ch in head if unicodedata.category(ch)[0] != "C")
    if len(kept) > limit or (len(head) < len(text) and kept):
        return kept[: limit - 1].rstrip() + "…"
    return kept


#: what a match answers to a move while its saved log is still being checked
CHECKING_MESSAGE = "The save is still being checked; a moment, please."


@dataclass
class SeatSpec:
    """One seat at the table: a person, or the computer at a level."""

    name: str
    colour: tuple[int, int, int]
    kind: str = "human"  # "human" or "ai"
    level: str = "normal"  # AI level when kind == "ai": easy, normal, hard (or random)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"seat kind must be one of {', '.join(KINDS)}, not {self.kind!r}")
        red, green, blue = (int(c) for c in self.colour)  # a list read from a file is made a tuple
        self.colour = (red, green, blue)

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["colour"] = list(self.colour)
        return d

    @classmethod
    def from_dict(cls, data: Any) -> "SeatSpec":
        """A seat read from a file, checked so that it can be drawn and played: the name cleaned
        of control characters and cut to ``NAME_LIMIT``, an RGB colour of three whole numbers
        0-255, a known kind and AI level. ValueError naming the bad part (no file content in it)."""
        if not isinstance(data, dict):
            raise ValueError("it is not a seat")
        name = data.get("name")
        if not isinstance(name, str):
            raise ValueError("its name is missing")
        colour = data.get("colour")
        if (
            not isinstance(colour, (list, tuple))
            or len(colour) != 3
            or not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in colour)
        ):
            raise ValueError("its colour is not a colour")
        kind = data.get("kind", "human")
        if kind not in KINDS:
            raise ValueError("it is neither a person nor the computer")
        level = data.get("level", "normal")
        try:
            if not isinstance(level, str):
                raise ValueError(level)
            ai_base.resolve_level(level)
        except ValueError:
            raise ValueError("its computer level is unknown") from None
        return cls(name=clean_text(name, NAME_LIMIT), colour=(colour[0], colour[1], colour[2]), kind=kind, level=level)


@dataclass
class _Step:
    """Bookkeeping for one logged action."""

    seat: int
    human: bool
    n_events: int


#: the attribute under which the match notes a computer player's reason on the first event of its move
_REASON = "ai_reason"


def reason_of(event: Event) -> str | None:
    """The reason a computer player gave for the move that made ``event`` (None: none given).

    The match notes it on the move's first event, so whatever lists the events (the game log)
    finds it there; it lives only as long as this session's events (saves keep no reasons)."""
    text = getattr(event, _REASON, None)
    return text if isinstance(text, str) and text else None


def _note_reason(events: list[Event], seat: int, reason: str) -> None:
    """Put ``reason`` on the move's first event of the acting seat (else its first event)."""
    if not events:
        return
    first = next((e for e in events if isinstance(e.data, dict) and e.data.get("seat") == seat), events[0])
    object.__setattr__(first, _REASON, reason)  # a note beside the event, not one of its fields (events are frozen)


def new_match_id() -> str:
    """A fresh identity for a game (12 hex digits: safe in a file name, unique in practice)."""
    return secrets.token_hex(6)


def bot_rng(seed: int, n_actions: int, seat: int) -> Rng:
    """The computer player's randomness for one decision: fixed by the position, not by time."""
    mix = Rng(seed).next_u64() ^ Rng(n_actions * 64 + seat + 1).next_u64()
    return Rng(state=mix)


def _make_bot(game_id: str, level: str) -> ai_base.Bot:
    """The game's own computer player; a random player only for a game that has none."""
    try:
        return ai_base.make_bot(game_id, level)
    except KeyError:
        pass
    except ModuleNotFoundError as exc:
        if not (exc.name or "").startswith("courier.ai."):
            raise
    log.warning("no computer player for %s; using a random player", game_id)
    return ai_base.RandomBot()


class Match:
    """A game in progress with its seats, log and undo points."""

    def __init__(self, game_id: str, config: GameConfig, seats: list[SeatSpec], seed: int) -> None:
        from courier import boards

        boards.install()  # a match plays on the boards the catalogue finds
        self.game: GameRules = registry.get(game_id)
        self.game_id = game_id
        self.config = config
        if len(seats) != config.players:
            raise ValueError(f"{self.game.title} was set up for {config.players} players but {len(seats)} seats were given")
        self.seats = list(seats)
        self.seed = int(seed)
        self.state: Any = self.game.new_game(config, self.seed)
        self.log: list[str] = []
        self.events: list[Event] = []
        self._steps: list[_Step] = []
        #: index in the log of the last action a human took (None: none yet)
        self._last_human: int | None = None
        #: undo never goes back to a position before this many actions
        self._floor = 0
        #: groups of action texts taken back by undo, the latest undo last
        self._redo: list[list[str]] = []
        #: True: the log replays from the seed to this state (a restored match is refused otherwise)
        self.replay_ok = True
        #: goes up on every change of the state (move, undo, redo), so a computer decision started
        #: before an undo and a new move is never mistaken for a current one
        self.position = 0
        #: this game's identity, kept in its saves: each game has its own autosave file
        self.match_id = new_match_id()
        #: the saved log still being proven on a worker thread (``opened``); no move until it passes
        self.check: LogCheck | None = None
        #: a computer player's reason per move (index in ``log``), for this session only
        self.reasons: dict[int, str] = {}
        #: the last computer decision started, whose reason goes with its move when it is played
        self._ai_job: Any = None

    # -- creating ---------------------------------------------------------------------------
    @classmethod
    def new(cls, game_id: str, seats: list[SeatSpec], seed: int | None = None, **options: Any) -> "Match":
        """A fresh match; ``options`` go to ``make_config`` (ConfigError if bad); random seed if None."""
        game = registry.get(game_id)
        options.setdefault("names", tuple(s.name for s in seats))
        if game.version_field is not None:  # a new game (also "play again" after an old one) has today's rules
            options[game.version_field] = game.version
        config = game.make_config(players=len(seats), **options)
        if seed is None:
            seed = secrets.randbelow(2**31)
        return cls(game_id, config, seats, seed)

    @classmethod
    def restore(
        cls,
        game_id: str,
        config: GameConfig,
        seats: list[SeatSpec],
        seed: int,
        log_texts: list[str],
        state: Any,
    ) -> "Match":
        """A match from saved parts, rebuilt by replaying the log from the seed (which also gives
        back the undo points and events). The saved state must be exactly what the log gives:
        a move the rules refuse, or a state that differs (edited or damaged), raises RestoreError
        with a short message for the player. Everything is checked here, in one call that only
        touches its own objects, so it could run off the main thread."""
        match = cls(game_id, config, seats, seed)
        match._replay_into(log_texts)
        game = match.game
        try:
            agreed = game.state_to_dict(match.state) == game.state_to_dict(state)
        except Exception as exc:  # a saved state that cannot even be written back is damaged
            log.warning("saved state of %s cannot be compared: %s", game_id, _clip(exc))
            agreed = False
        if not agreed:
            raise RestoreError("This save is damaged: its game position does not match its list of moves.")
        match.check_playable()
        return match

    @classmethod
    def restore_any(
        cls,
        game_id: str,
        configs: Sequence[GameConfig],
        seats: list[SeatSpec],
        seed: int,
        log_texts: list[str],
        state: Any,
    ) -> "Match":
        """``restore`` under each of ``configs`` in turn (the rules a save may have been played
        under, the likeliest first): the first that proves the saved state; the first one's
        RestoreError if none does."""
        first: RestoreError | None = None
        for config in configs:
            try:
                return cls.restore(game_id, config, list(seats), seed, list(log_texts), state)
            except RestoreError as exc:
                first = first or exc
        assert first is not None, "no config to restore under"
        raise first

    @classmethod
    def opened(
        cls,
        game_id: str,
        config: GameConfig,
        seats: list[SeatSpec],
        seed: int,
        log_texts: list[str],
        state: Any,
        proof_state: Any,
        also: Sequence[GameConfig] = (),
    ) -> "Match":
        """A match shown at once from its saved ``state`` while ``restore`` proves the log on a
        worker thread (``check``); ``proof_state`` is a second, independent decoding of the same
        saved state for that thread. The position must pass ``check_playable`` first (cheap), so
        the board can draw it; until ``settle_check`` says the proof passed, no move, undo or
        computer decision is taken. On success the match plays on from the replayed state with
        its undo points and events, exactly as a ``restore``d one; ``also`` are configs of other
        rules the save may have been played under, tried in turn (``restore_any``)."""
        match = cls(game_id, config, seats, seed)
        match.state = state
        match.log = [t if isinstance(t, str) else "?" for t in log_texts]
        match.check_playable()
        texts = list(log_texts)
        configs = [config, *also]
        match.check = LogCheck(lambda: cls.restore_any(game_id, configs, list(seats), seed, texts, proof_state))
        return match

    def settle_check(self, timeout: float | None = 0.0) -> bool:
        """True if the saved log has been proven (taking over the replayed state, events and undo
        points on the first call after it passed); False while the check still runs (waiting up
        to ``timeout`` seconds, None: until done). RestoreError with the player's message if the
        save failed the check; the match then stays unplayable."""
        check = self.check
        if check is None:
            return True
        if not check.wait(timeout):
            return False
        proven = check.result()  # RestoreError passes through; self.check stays set
        self.config, self.state, self.log, self.events = proven.config, proven.state, proven.log, proven.events
        self._steps, self._last_human, self._floor = proven._steps, proven._last_human, proven._floor
        self.reasons = {}
        self.check = None
        self.position += 1
        return True

    def _ready(self) -> None:
        if self.check is not None:
            raise IllegalAction(CHECKING_MESSAGE)

    def _replay_into(self, texts: list[str]) -> None:
        """Replay ``texts`` from the seed, rebuilding log, events and undo points as if played;
        RestoreError naming the first move the rules refuse."""
        self.state = self.game.new_game(self.config, self.seed)
        self.log, self.events, self._steps, self._floor = [], [], [], 0
        self._last_human = None
        for i, text in enumerate(texts):
            try:
                if not isinstance(text, str):
                    raise TypeError("a move is not text")
                events = self._apply(self.game.parse_action(self.state, text))
            except Exception as exc:  # IllegalAction, or a ruleset tripping over a strange text
                log.warning("move %d of a saved %s log is refused: %s", i + 1, self.game_id, _clip(exc))
                shown = clean_text(text, 40) if isinstance(text, str) else "?"
                raise RestoreError(f'This save is damaged: move {i + 1} ("{shown}") is not allowed by the rules.') from None
            if i in self.reasons:  # an undo replays the moves kept: their reasons stay with them
                _note_reason(events, self._steps[-1].seat, self.reasons[i])

    def check_playable(self) -> None:
        """Ask the position everything the board asks before the first move (whose turn, the legal
        moves, each seat's view, the labels and scores); RestoreError if any of it fails."""
        try:
            acting = self.to_act()
            if not self.is_over():
                if not acting:
                    raise ValueError("nobody is to act in a game that is not over")
                for seat in acting:
                    if not self.legal(seat):
                        raise ValueError(f"seat {seat} must act but has no legal move")
            for seat in [None, *range(len(self.seats))]:
                self.view(seat)
            str(self.turn_label())
            [float(v) for v in self.game.scores(self.state)]
        except Exception as exc:
            log.warning("a restored %s cannot be played on: %s", self.game_id, _clip(exc))
            raise RestoreError("This save cannot be played on: its game position is not one the rules can continue.") from None

    # -- who acts ---------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return list(self.game.to_act(self.state))

    def is_human(self, seat: int) -> bool:
        """A person plays this seat. Seats a ruleset runs itself (beyond the seat list) are not."""
        return 0 <= seat < len(self.seats) and not self.seats[seat].is_ai

    def human_to_act(self) -> int | None:
        """The lowest human seat that must act now, if any."""
        return next((s for s in sorted(self.to_act()) if self.is_human(s)), None)

    def ai_to_act(self) -> int | None:
        """The lowest computer seat that must act now, if any."""
        return next((s for s in sorted(self.to_act()) if not self.is_human(s)), None)

    def moves_since(self, seat: int) -> tuple[bool, list[tuple[int, list[Event]]]]:
        """What happened since ``seat``'s last decision: whether it has decided at all, and each
        later logged action as (the seat that took it, its events), oldest first. The pass screen
        tells the next person from this; events are the public log, so nothing secret is in it."""
        last = next((i for i in range(len(self._steps) - 1, -1, -1) if self._steps[i].seat == seat), None)
        start = 0 if last is None else last + 1
        first_event = sum(step.n_events for step in self._steps[:start])
        out: list[tuple[int, list[Event]]] = []
        for step in self._steps[start:]:
            out.append((step.seat, self.events[first_event:first_event + step.n_events]))
            first_event += step.n_events
        return last is not None, out

    def legal(self, seat: int) -> list[Action]:
        return list(self.game.legal_actions(self.state, seat))

    def view(self, seat: int | None) -> Any:
        return self.game.view(self.state, seat)

    def is_over(self) -> bool:
        return bool(self.game.is_over(self.state))

    def turn_label(self) -> str:
        return self.game.turn_label(self.state)

    # -- acting -----------------------------------------------------------------------------
    def submit(self, action: Action) -> list[Event]:
        """Apply ``action``; IllegalAction from the rules passes through and nothing changes.

        The state is copied first (cheap) so that even a ruleset that changed something before
        refusing leaves the match exactly as it was.
        """
        self._ready()
        before = self.state.clone() if hasattr(self.state, "clone") else None
        reason = self._decided_reason(action)
        try:
            events = self._apply(action)
        except BaseException:
            if before is not None:
                self.state = before
            raise
        if reason:
            self.reasons[len(self.log) - 1] = reason
            _note_reason(events, action.seat, reason)
        self._redo.clear()
        self.position += 1
        return events

    def _decided_reason(self, action: Action) -> str | None:
        """The reason of the computer decision that chose ``action`` for this very position."""
        job, self._ai_job = self._ai_job, None
        if job is None or job.cancelled or job.position != self.position or job.seat != action.seat:
            return None
        try:
            if not job.done() or job.result() != action:
                return None
        except Exception:  # a failed decision has no reason to give
            return None
        reason = getattr(job, "reason", None)
        return reason if isinstance(reason, str) and reason else None

    def _apply(self, action: Action) -> list[Event]:
        events = list(self.game.apply(self.state, action))
        seat = action.seat
        human = self.is_human(seat)
        if human and self.game.has_hidden_info and self._last_human is not None:
            if self._steps[self._last_human].seat != seat:
                # another person now holds the device: they may not take back what the last one did
                self._floor = max(self._floor, len(self.log))
        self.log.append(action.to_text())
        self.events.extend(events)
        self._steps.append(_Step(seat=seat, human=human, n_events=len(events)))
        if human:
            self._last_human = len(self.log) - 1
        if any(e.reveals for e in events):
            self._floor = len(self.log)
        return events

    # -- undo -------------------------------------------------------------------------------
    def hot_seat(self) -> bool:
        """Two or more people share the device."""
        return sum(1 for s in self.seats if not s.is_ai) >= 2

    def _undo_target(self, by: int | None) -> int | None:
        if self.check is not None:
            return None
        last_human = self._last_human
        if last_human is None or last_human < self._floor:
            return None
        if self.hot_seat():
            # undo belongs to the person who moved: only their own last action, and only while
            # nothing by another seat (person or computer) has come after it
            if by is None or self._steps[last_human].seat != by or last_human != len(self.log) - 1:
                return None
        return last_human

    def can_undo(self, by: int | None = None) -> bool:
        """Whether ``by`` (the person at the device; with one person at the table, anyone) may
        take back a move now."""
        return self._undo_target(by) is not None

    def undo(self, by: int | None = None) -> bool:
        """Go back to just before the last human action; False (and no change) if not allowed.

        With two or more people at the table only ``by``'s own last action can be taken back,
        and only while no other seat has acted since: never past a hand-off or another seat's move.
        """
        target = self._undo_target(by)
        if target is None:
            return False
        undone = self.log[target:]
        self._rewind(target)
        self._redo.append(undone)
        self.position += 1
        return True

    def _rewind(self, position: int) -> None:
        """Rebuild the state after ``position`` actions by replaying the log from the seed."""
        floor = self._floor
        self.reasons = {i: r for i, r in self.reasons.items() if i < position}
        self._replay_into(self.log[:position])
        # replay recomputes seats from the seat specs; keep the floor no lower than it was
        self._floor = max(self._floor, min(floor, position))

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> bool:
        """Play again what the last undo took back (the RNG is in the state: same outcome)."""
        if not self._redo or self.check is not None:
            return False
        for text in self._redo.pop():
            self._apply(self.game.parse_action(self.state, text))
        self.position += 1
        return True

    # -- computer players ---------------------------------------------------------------------
    def _level(self, seat: int) -> str:
        return self.seats[seat].level if 0 <= seat < len(self.seats) else "normal"

    def bot_for(self, seat: int, search: bool = True) -> ai_base.Bot:
        """The seat's computer player; ``search=False``: the rule-of-thumb player at its level."""
        level = self._level(seat)
        return _make_bot(self.game_id, level if search else ai_base.rule_of_thumb(level))

    def uses_search(self) -> bool:
        """True if some computer seat is the search player (the board then starts its worker)."""
        return ai_base.has_player(self.game_id) and any(s.is_ai and ai_base.uses_search(s.level) for s in self.seats)

    def start_ai(self, seat: int, search: bool = True) -> "AiJob | ai_worker.ProcessJob | ai_worker.ThreadJob":
        """Start the computer's decision for ``seat`` off the UI thread.

        The bot sees a private copy of the seat's view (never the real state) and an RNG derived
        from (seed, actions so far, seat), so the same position always gives the same choice.
        The search player thinks in the worker process (pure-Python search in a thread would hold
        the interpreter and stutter the frames); the rule-of-thumb players answer in a thread.
        ``search=False`` asks the game's rule-of-thumb player at the same level instead (the board's
        fallback if the worker fails).
        """
        if self.check is not None:
            raise ValueError(CHECKING_MESSAGE)
        if seat not in self.to_act():
            raise ValueError(f"seat {seat} does not act now")
        level = self._level(seat)
        view = self.game.view(self.state, seat)
        if hasattr(view, "clone"):
            view = view.clone()
        legal = self.legal(seat)
        rng = bot_rng(self.seed, len(self.log), seat)
        game = self.game

        if not legal:
            raise ValueError(f"seat {seat} has no legal action")
        if search and len(legal) > 1 and ai_base.uses_search(level) and ai_base.has_player(self.game_id):
            self._ai_job = ai_worker.start_decision(game, self.game_id, ai_base.resolve_level(level), self.config,
                                                    view, seat, legal, rng, n_actions=len(self.log),
                                                    position=self.position)
            return self._ai_job
        bot = self.bot_for(seat, search)
        game_id = self.game_id

        def work() -> Action:
            if len(legal) == 1:
                return legal[0]
            return bot.choose(game, view, seat, legal, rng)

        def explain(action: Action) -> str | None:
            return ai_reasons.explain(game_id, game, view, seat, action, bot) if len(legal) > 1 else None

        self._ai_job = AiJob(seat, len(self.log), work, self.position, explain)
        return self._ai_job

    def is_current(self, job: AiJob) -> bool:
        """True if ``job`` was started for the position the match is in now."""
        return not job.cancelled and job.position == self.position and job.seat in self.to_act()
