"""The shape every ruleset shares: actions, events, errors and the game interface.

Scenes, bots, saves, the simulator and tests talk to a game only through :class:`GameRules`.
Nothing here (or anywhere under ``courier.rules``) imports pygame or pytmx.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Sequence, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from courier.rules.rng import SEEDING, SEEDINGS


if TYPE_CHECKING:
    from courier.rules.mapdata import MapData

_BOARDS: dict[tuple[Any, ...], Any] = {}


@functools.lru_cache(maxsize=64)
def _numbered(template: str, seat: int) -> str:
    """A default seat name from its template ("Player {n}"), formatted once."""
    return template.format(n=seat + 1)


class IllegalAction(ValueError):
    """An action the rules refuse; the message is written for the player."""


class ConfigError(ValueError):
    """A game configuration with values the ruleset does not allow; the message lists them."""


class BoardError(ValueError):
    """A board file the ruleset cannot use. ``problems`` holds one readable line per problem."""

    def __init__(self, source: str, problems: Sequence[str]) -> None:
        self.source = source
        self.problems = list(problems)
        super().__init__("\n".join(f"{source}: {p}" for p in self.problems))


class EndReason(str, Enum):
    """Why a game stopped. Only ``FINISHED`` is an ending the rulebook wrote; the others are safety
    nets (a round limit), a position the rules leave nobody a move in, or a driver's action cap."""

    FINISHED = "finished"
    ROUND_LIMIT = "round_limit"
    NO_LEGAL_MOVE = "no_legal_move"
    ACTION_CAP = "action_cap"


@dataclass(frozen=True)
class Action:
    """Base of every action. Subclasses are small frozen dataclasses with a ``seat``.

    ``to_text()`` gives the readable form (``"van Ugley->Sheepwash"``, ``"bid 35"``) and
    ``GameRules.parse_action`` turns it back into an equal action. Both come from the class's
    ``text`` template, read by its game's codec (:mod:`courier.rules.codec`).
    """

    #: the text form as data: literal words and ``{field:kind}`` (see courier.rules.codec)
    text: ClassVar[str] = ""
    #: the game's codec, set when the codec is made from the game's action classes
    codec: ClassVar[Any] = None

    seat: int

    def to_text(self) -> str:
        return self.codec.to_text(self)

    def __str__(self) -> str:
        return self.to_text()


def absent(key: str | None = None) -> Any:
    """A field some events of a kind carry and others do not: None when not given, and then
    left out of :attr:`Event.data` (so the data reads as it always did). ``key``: its name there
    when the field's own name cannot be it."""
    return field(default=None, metadata={"absent_if_none": True, **({"key": key} if key else {})})


def keyed(key: str) -> Any:
    """A field whose name in :attr:`Event.data` is ``key`` (a Python word such as ``from``, or
    ``kind``, which names the event's class)."""
    return field(metadata={"key": key})


_PAYLOADS: dict[type, tuple[tuple[str, str, bool], ...]] = {}


def _payload(cls: type) -> tuple[tuple[str, str, bool], ...]:
    """(field, key in data, left out when None) for each field of an event class but its text
    and reveals; worked out once per class."""
    got = _PAYLOADS.get(cls)
    if got is None:
        got = _PAYLOADS[cls] = tuple((f.name, f.metadata.get("key", f.name), bool(f.metadata.get("absent_if_none")))
                                     for f in dataclasses.fields(cls) if f.name not in ("text", "reveals"))
    return got


@dataclass(frozen=True, kw_only=True)
class Event:
    """Something that happened, for the log and for animation. Each game declares a class per
    kind of event in its ``events`` module (fields typed, as its actions are), and emits only
    those; screens and sound tell them apart by class.

    ``text`` is the log line a player reads. ``reveals`` marks events that show new hidden
    information (a roll, a draw, a secret choice made known): undo never goes back past them.
    ``kind`` names the class in logs and records; ``data`` gives the fields as a plain dict,
    keyed as the events always were (the golden replays hash it).
    """

    kind: ClassVar[str] = ""

    text: str
    reveals: bool = False

    @property
    def data(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, key, optional in _payload(type(self)):
            value = getattr(self, name)
            if not (optional and value is None):
                out[key] = value
        return out


class UntypedEvent(Event):
    """An event named by a string and carrying a plain dict, for games made outside the registry
    (the tests' small fake games). A registered game emits only its declared classes."""

    def __init__(self, kind: str, text: str, data: dict[str, Any] | None = None, reveals: bool = False) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "reveals", reveals)
        object.__setattr__(self, "_data", dict(data or {}))

    @property
    def data(self) -> dict[str, Any]:
        return self._data  # type: ignore[attr-defined]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, UntypedEvent):
            return NotImplemented
        return (self.kind, self.text, self.data, self.reveals) == (other.kind, other.text, other.data, other.reveals)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"UntypedEvent({self.kind!r}, {self.text!r}, {self.data!r}, reveals={self.reveals})"


class GameConfig(BaseModel):
    """Base of every ruleset's config: frozen, validated, with defaults from the rulebook."""

    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)

    players: int
    map: str = ""
    #: the players' names as typed on the setup screen, one per seat (empty: the game's defaults)
    names: tuple[str, ...] = ()
    #: how the seed deals the game (``courier.rules.rng``): every new game the mixed seeding. What
    #: was stored before it (a save's settings, a record, a guided game) names none and is read
    #: with the first, ``OFFSET``, by whoever reads it, so it replays exactly as it was dealt.
    seeding: int = SEEDING

    @field_validator("seeding", mode="before")
    @classmethod
    def _known_seeding(cls, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value not in SEEDINGS:
            raise ValueError(f"the seeding is one of {', '.join(map(str, SEEDINGS))}, not {value!r}")
        return value

    #: how a seat is known when no name was typed; ``{n}`` is the seat's number from 1. Games
    #: whose seats differ (a solo driver, a Rogue player) override :meth:`default_seat_names`.
    default_seat_name: ClassVar[str] = "Player {n}"

    def default_seat_names(self) -> list[str]:
        """The names the setup screen offers, one per seat, before anyone types one."""
        return [self.default_seat_name.format(n=i + 1) for i in range(self.players)]

    def seat_name(self, seat: int) -> str:
        """The name players know a seat by: the one typed at set-up, else the game's default.

        Every event text and label asks this, so the log speaks of "Ann", not "Player 1". The
        config is the one place that knows, so the rules ask it without importing their game.
        """
        if 0 <= seat < len(self.names) and self.names[seat].strip():
            return self.names[seat].strip()
        if type(self).default_seat_names is GameConfig.default_seat_names and 0 <= seat < self.players:
            return _numbered(self.default_seat_name, seat)  # the common case, asked by every event
        defaults = self.default_seat_names()
        return defaults[seat] if 0 <= seat < len(defaults) else f"Player {seat + 1}"


S = TypeVar("S")
C = TypeVar("C", bound=GameConfig)


class Engine(Protocol):
    """What each game's ``engine`` module offers: the same functions, the same parameters in the
    same order (config, board, state, then the seat or action), so every ``game.py`` is the same
    thin wiring. The config and board are handed in, never looked up: the engine imports nothing
    of its game. A conformance test holds every registered game's engine module to this.
    """

    def new_state(self, cfg: Any, board: Any, seed: int) -> tuple[Any, list[Event]]:
        """A new game from ``seed``, and what happened while setting it up."""
        ...

    def to_act(self, state: Any) -> list[int]:
        """Seats that must act now; several when choices are simultaneous; empty when over."""
        ...

    def legal_actions(self, cfg: Any, board: Any, state: Any, seat: int) -> list[Action]:
        """What ``seat`` may do now (empty when it is not theirs to act)."""
        ...

    def apply(self, cfg: Any, board: Any, state: Any, action: Action) -> list[Event]:
        """Carry out ``action`` (mutating ``state``); IllegalAction with a reason if refused."""
        ...

    def view(self, cfg: Any, state: Any, seat: int | None) -> Any:
        """A copy of ``state`` with what ``seat`` may not see hidden (None: the spectator)."""
        ...


class GameRules(ABC, Generic[C, S]):
    """One ruleset. Instances are stateless; all that changes lives in the state object."""

    id: ClassVar[str]
    title: ClassVar[str]
    #: the rules version a game begun now is played under. Raised whenever what a saved log
    #: replays to changes (a rule, a cost, a shuffle): saves carry it, and the replay test
    #: (tests/engine/test_replay_versions.py) fails on a change that does not raise it
    version: ClassVar[int] = 1
    #: the config field through which the rules read the version a game is played under, so a
    #: game saved under earlier rules replays, and plays on, under those rules (None: none)
    version_field: ClassVar[str | None] = None
    #: the earliest version whose saves this build can replay: raise it to ``version`` with a
    #: change whose old rules the config cannot bring back (the replay test holds every version
    #: from here to ``version`` to its recorded replays)
    earliest_version: ClassVar[int] = 1
    #: a saved version under which builds played more than one set of rules (a rule changed
    #: before the version was raised) -> the rules versions to replay such a save under, in
    #: turn, until one gives its saved position
    mixed_versions: ClassVar[dict[int, tuple[int, ...]]] = {}
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: the shipped boards' keys as configs and older saves name them -> file name under assets/maps;
    #: the first is the default. Every other board is found by ``courier.boards`` (no entry needed).
    maps: ClassVar[dict[str, str]] = {}
    #: the game's config class (set on the class: a ClassVar may not name the type variable)
    config_model: type[C]
    #: True when some information is hidden from some seats (hot-seat needs the handoff screen)
    has_hidden_info: ClassVar[bool] = True
    blurb: ClassVar[str] = ""
    #: on/off options offered on the setup screen: (config field, label, explanation)
    toggles: ClassVar[tuple[tuple[str, str, str], ...]] = ()

    # -- configuration -------------------------------------------------------------------
    def make_config(self, **options: Any) -> C:
        """A validated config; defaults fill what is not given. Bad values raise ConfigError."""
        options.setdefault("map", self.default_map())
        try:
            cfg = self.config_model(**options)
        except ValidationError as exc:
            lines = []
            for err in exc.errors():
                where = ".".join(str(p) for p in err["loc"]) or "config"
                lines.append(f"{where}: {err['msg']}")
            raise ConfigError(f"{self.title}: " + "; ".join(lines)) from None
        if not self.min_players <= cfg.players <= self.max_players:
            raise ConfigError(
                f"{self.title} is for {self.min_players}-{self.max_players} players, not {cfg.players}"
            )
        if cfg.names and len(cfg.names) != cfg.players:
            raise ConfigError(f"{self.title}: {len(cfg.names)} names given for {cfg.players} players")
        if self.maps and cfg.map not in self.maps:
            from courier.rules.mapdata import locate_board

            if locate_board(self.id, cfg.map) is None:
                raise ConfigError(f"{self.title} has no board called {cfg.map!r}; shipped boards: "
                                  f"{', '.join(self.maps)}")
        return cfg

    def options_of_version(self, options: dict[str, Any], version: int) -> dict[str, Any]:
        """The saved settings of a game played under rules ``version``, with that version set
        where the rules read it (``version_field``): the file's game version decides the rules
        its log replays under, whatever its settings say."""
        if self.version_field is None:
            return options
        return {**options, self.version_field: version}

    def version_of(self, config: C) -> int:
        """The rules version a game of ``config`` is played under (what its saves say)."""
        if self.version_field is None:
            return self.version
        return int(getattr(config, self.version_field))

    def rules_to_try(self, saved_version: int, options: dict[str, Any]) -> tuple[int, ...]:
        """The rules versions a save marked ``saved_version`` with settings ``options`` may have
        been played under, the likeliest first; empty when this build can replay none of them.
        Settings that name the version (``version_field``) were written by a build that knew
        it, so only a save without it can be of ``mixed_versions``: a final position alone may
        not tell two rules apart (a turn's difference is gone by the end of the turn)."""
        if self.version_field is not None and self.version_field in options:
            tried: tuple[int, ...] = (saved_version,)
        else:
            tried = self.mixed_versions.get(saved_version, (saved_version,))
        return tuple(v for v in tried if self.earliest_version <= v <= self.version)

    def default_map(self) -> str:
        return next(iter(self.maps), "")

    # -- boards -------------------------------------------------------------------------
    def board_from_map(self, data: "MapData") -> Any:
        """Turn plain Tiled data into this game's board; raise BoardError listing every problem.

        Rulesets with a board override this; ``courier check-map`` calls it too.
        """
        return data

    def board(self, config: C) -> Any:
        """The board of ``config.map``, built once per process and shared by every state.

        The search asks for it hundreds of thousands of times a game, so a shipped board that is
        built already costs two look-ups: no import (mapdata imports this module), no file stamp.
        """
        path: str | None = self.maps.get(config.map)
        stamp = None  # a shipped board's file never changes under a running game
        if path is None:
            from courier.rules import mapdata

            path = mapdata.locate_board(self.id, config.map)
            if path is None:
                raise BoardError(config.map, ["this board file is no longer there"])
            stamp = mapdata.file_stamp(path)
        key = (self.id, config.map, path, stamp)
        cached = _BOARDS.get(key)
        if cached is None:
            from courier.rules import mapdata

            cached = _BOARDS[key] = self.board_from_map(mapdata.load_map_data(path, stamp))
        return cached

    def seat_names(self, config: C) -> list[str]:
        """Default names for the seats (the setup screen lets players rename them)."""
        return config.default_seat_names()

    def seat_name(self, config: C, seat: int) -> str:
        """The name players know a seat by (see :meth:`GameConfig.seat_name`)."""
        return config.seat_name(seat)

    # -- play -----------------------------------------------------------------------------
    @abstractmethod
    def new_game(self, config: C, seed: int) -> S: ...

    @abstractmethod
    def to_act(self, state: S) -> list[int]:
        """Seats that must act now; several when choices are simultaneous; empty when over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Action]: ...

    @abstractmethod
    def apply(self, state: S, action: Action) -> list[Event]:
        """Carry out ``action`` (mutating ``state``); raise IllegalAction with a reason if refused."""

    def refusal(self, state: S, action: Action) -> str | None:
        """Why the one gate would refuse ``action`` now (None if it would take it); ``state`` is
        left as it was. Boards ask this when a click is not an action on offer, so the player
        reads the rules' reason instead of seeing nothing happen."""
        trial = state.clone() if hasattr(state, "clone") else copy.deepcopy(state)
        try:
            self.apply(trial, action)
        except IllegalAction as exc:
            return str(exc)
        except Exception:  # a player's view may lack what the full state has: no reason to give
            return None
        return None

    def table(self, config: C, seen: S, seat: int | None) -> Any:
        """What a screen asks the rules about ``seen`` as ``seat`` sees it: the game's
        :class:`courier.rules.table.Table` (who is to act, what the seat may do and why not, what
        things cost). Made afresh for each position; it holds nothing between them. Every game
        of the registry has one (a conformance test says so)."""
        raise NotImplementedError(f"{self.title} offers its screens no table")

    @abstractmethod
    def parse_action(self, state: S, text: str) -> Action:
        """The action whose ``to_text()`` is ``text``; IllegalAction if the text means nothing."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> S:
        """What ``seat`` may see: a copy of the state with others' secrets removed or scrambled.

        ``seat=None`` is the spectator's view: public information only.
        """

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def scores(self, state: S) -> list[float]: ...

    def end_reason(self, state: S) -> EndReason | None:
        """Why the game ended, or None while it goes on. The default: the rulebook's ending once
        ``is_over``, and ``NO_LEGAL_MOVE`` when nobody can act in a game not over. Rulesets with a
        safety-net limit override it to say ``ROUND_LIMIT``. (``ACTION_CAP`` is for a driver that
        stops a game itself, such as the lab.)"""
        if self.is_over(state):
            return EndReason.FINISHED
        seats = self.to_act(state)
        if not seats or not any(self.legal_actions(state, s) for s in seats):
            return EndReason.NO_LEGAL_MOVE
        return None

    def winners(self, state: S) -> list[int]:
        """Seats with the best score (ties share). Rulesets with tie-breaks override this."""
        s = self.scores(state)
        best = max(s)
        return [i for i, v in enumerate(s) if v == best]

    # -- saving ---------------------------------------------------------------------------
    @abstractmethod
    def state_to_dict(self, state: S) -> dict[str, Any]:
        """JSON-ready data from which ``state_from_dict`` rebuilds an equal state."""

    @abstractmethod
    def state_from_dict(self, config: C, data: dict[str, Any]) -> S: ...

    # -- presentation helpers that are still rules ----------------------------------------
    def turn_label(self, state: S) -> str:
        """A short line for the top bar and save list: ``"Round 3 - Ann to move"``."""
        return ""

    def score_breakdown(self, state: S) -> list[dict[str, Any]]:
        """Rows for the scoring screen, one per seat: {"seat", "score", and named parts}."""
        return [{"seat": i, "score": v} for i, v in enumerate(self.scores(state))]
