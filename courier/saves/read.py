"""Reading a save file completely and checking everything in it, without ever writing it.
``_read`` gives the decoded save, its game, settings, seats and position, or a SaveError with a
message for the player; ``courier.saves`` builds matches from it and ``courier.saves.listing`` lists it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from courier.match import Match, RestoreError, SeatSpec, clean_text
from courier.rules import registry
from courier.rules.base import ConfigError
from courier.saves.checks import clean_options, too_deep, unlike_tuning
from courier.saves.format import (
    _ID_RE,
    MAX_BYTES,
    MAX_SEATS,
    SaveError,
    SaveFile,
    _clip,
    _log_failure,
    _upgrade,
    log,
)


#: a save this build cannot know how to play: written by a later build (a higher format or game
#: version, a shipped board this build does not have)
NEWER = "This save was made by a newer version of Courier. Update Courier to open it."
#: a save whose game version's rules this build no longer has
EARLIER = "This save was made by an earlier version of Courier; it can't be continued in this version."


class BoardProblem(SaveError):
    """The save's board is gone or has changed. ``board`` names it (game id, board key), so a
    listing can look again when the boards folder changes."""

    def __init__(self, message: str, board: tuple[str, str]) -> None:
        super().__init__(message)
        self.board = board


@dataclass
class _Parsed:
    save: SaveFile
    game: Any
    config: Any
    seats: list[SeatSpec]
    state: Any
    #: configs of other rules versions the save may have been played under, to try after ``config``
    also: list[Any]


def _read(path: Path) -> _Parsed:
    """Decode, upgrade and check a save file completely; SaveError with a message otherwise.

    Everything a screen shows from the file is checked or cleaned here (seat names, colours and
    levels, the seat count, the settings); the state is only decoded: ``load_match`` then proves
    it against the log. Never raises anything but SaveError, and never writes.
    """
    from courier import boards

    boards.install()  # any program reading saves (the app, the smoke test, a tool) plays on the catalogue
    try:
        return _read_checked(path)
    except SaveError:
        raise
    except Exception as exc:  # RecursionError, MemoryError, a ruleset tripping over odd data ...
        _log_failure(f"could not read {path}", exc)
        raise SaveError("This save is damaged and cannot be opened.") from None


def _read_checked(path: Path) -> _Parsed:
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise SaveError("This file is far too large to be a Courier save.")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError("The save file is no longer there.") from None
    except OSError as exc:
        raise SaveError(f"The save file could not be read ({clean_text(exc.strerror or 'error', 60)}).") from None
    if not raw.strip():
        raise SaveError("The save file is empty.")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError("This is not a Courier save file.") from None
    except (ValueError, RecursionError):
        if raw.lstrip()[:1] == b"{":
            raise SaveError("The save file is damaged or was cut short.") from None
        raise SaveError("This is not a Courier save file.") from None
    if too_deep(data):
        raise SaveError("The save file is damaged (it is nested far too deeply).")
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate ("\ud800"): no screen or file can take it
        raise SaveError("The save file is damaged (it holds broken text).") from None
    data = _upgrade(data)
    if isinstance(data.get("seats"), list) and len(data["seats"]) > MAX_SEATS:
        raise SaveError(f"The save lists {len(data['seats'])} seats; no game has that many.")
    try:
        save = SaveFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]["loc"]
        where = first[0] if first and first[0] in SaveFile.model_fields else ""
        raise SaveError(f"The save file is damaged ({where or 'its layout'} is missing or wrong).") from None
    try:
        game = registry.get(save.game_id)
    except KeyError:
        raise SaveError("This save is for a game this version of Courier does not have.") from None
    except Exception as exc:  # a game module that fails to load
        _log_failure(f"game {clean_text(save.game_id, 40)} could not be loaded", exc)
        raise SaveError("The game of this save could not be loaded.") from None
    if save.game_version > game.version:
        raise SaveError(NEWER)
    rules = game.rules_to_try(save.game_version, save.config)
    if not rules:
        raise SaveError(EARLIER)
    board_problem = _board_problem(save)
    if board_problem:
        raise BoardProblem(board_problem, board_ref(save) or (save.game_id, ""))
    unknown = sorted(k for k in save.config if k not in game.config_model.model_fields)
    if unknown:  # a setting a later build added (a damaged name cannot be told from one)
        log.warning("settings of %s this version lacks: %s", path.name, clean_text(", ".join(unknown), 200))
        raise SaveError("This save was made by a newer version of Courier: it uses game settings this version "
                        "does not have. Update Courier to open it.")
    try:
        # the file's game version decides the rules its log replays (and plays on) under
        options = clean_options(save.config)
        config, *also = [game.make_config(**game.options_of_version(options, v)) for v in rules]
    except (ConfigError, TypeError, ValueError) as exc:
        log.warning("settings of %s are not valid: %s", path.name, _clip(exc))
        raise SaveError(f"The game settings in this save are not valid for {game.title}.") from None
    unlike = unlike_tuning(game, config, same_version=save.game_version == game.version)
    if unlike:
        log.warning("settings of %s: %s is not this version's", path.name, unlike)
        raise SaveError(f"This save uses settings for {game.title} that this version of Courier does not offer.")
    seats = []
    for i, raw_seat in enumerate(save.seats):
        try:
            seat = SeatSpec.from_dict(raw_seat)
        except ValueError as exc:
            raise SaveError(f"Seat {i + 1} in this save is damaged: {exc}.") from None
        if not seat.name.strip():
            seat.name = f"Player {i + 1}"
        seats.append(seat)
        if len(seats) > config.players:
            break
    if len(seats) != config.players:
        raise SaveError(f"The save lists {len(save.seats)} seats for a {config.players}-player game.")
    try:
        state = game.state_from_dict(config, save.state)
    except Exception as exc:  # any failure inside a ruleset's decoder means a bad file
        log.warning("state of %s could not be decoded: %s", path.name, _clip(exc))
        old = " (it was made by an earlier version of Courier)" if save.game_version < game.version else ""
        raise SaveError(f"The game position in this save could not be read{old}.") from None
    return _Parsed(save=save, game=game, config=config, seats=seats, state=state, also=also)


def prove(parsed: _Parsed, path: Path) -> Match:
    """The match of a save read by ``_read``, its log replayed from the seed and proven to give
    the saved state (``Match.restore``). This is what decides that a save can be loaded: a file
    can read well and still fail here (a move or a number of its position damaged on disk).
    SaveError with the player's message otherwise; never anything else."""
    s = parsed.save
    try:
        match = Match.restore_any(s.game_id, [parsed.config, *parsed.also], parsed.seats, s.seed, s.log, parsed.state)
    except RestoreError as exc:
        raise SaveError(str(exc)) from None
    except Exception as exc:  # never crash the load screen, whatever the file holds
        _log_failure(f"could not restore {path}", exc)
        raise SaveError("The game in this save could not be set up again.") from None
    if _ID_RE.fullmatch(s.match_id):
        match.match_id = s.match_id  # the same game again: its autosave stays its own file
    return match


def board_ref(save: SaveFile) -> tuple[str, str] | None:
    """The board a save was played on (game id, board key), None when it names none."""
    key = save.config.get("map")
    return (save.game_id, key) if isinstance(key, str) and key else None


def board_now(ref: tuple[str, str] | None) -> tuple[str, ...] | None:
    """What the board ``ref`` is now: its file and content hash, ``("missing",)`` when it is not
    there. Cheap (the catalogue keeps hashes by file times), so a remembered verdict on a save can
    be checked against its board each time it is used."""
    if ref is None:
        return None
    from courier import boards

    try:
        path = boards.locate(*ref)
        return ("missing",) if path is None else (str(path), boards.content_hash(path))
    except Exception:  # finding boards never stops a listing
        log.exception("board of a save could not be looked up")
        return ("?",)


def _board_problem(save: SaveFile) -> str | None:
    """A save played on a board that is gone or has changed since cannot go on (old saves name no hash).
    A board named by a shipped board's key (a name, where a player's own board is named by its
    path) that this build does not ship comes with a later build."""
    from courier import boards

    key = save.config.get("map")
    try:
        if isinstance(key, str) and _shipped_key(key) and boards.locate(save.game_id, key) is None:
            shown = clean_text(save.board_title or key, 40)
            return (f"This save was made by a newer version of Courier: its board, '{shown}', is not in this "
                    "version. Update Courier to open it.")
        return boards.saved_board_problem(save.game_id, key, save.board_title, save.board_hash)
    except Exception:  # finding boards must never stop a save from being read; make_config decides then
        log.exception("board of a save could not be looked up")
        return None


def _shipped_key(key: str) -> bool:
    """A board key of the kind shipped boards have: a name, not a path to a player's file."""
    return bool(key) and "/" not in key and "\\" not in key and not key.lower().endswith(".tmx")
