"""What the computer players do, as a short key: their decisions on fixed positions.

A strength record holds only for the players that made it. Which players those are is told by
their behaviour, not by the bytes of their source: a fixed set of positions per game (seeded
random play by the rules core alone), where each seat kind of the record decides with a fixed seed
and its iteration budget alone (no clock, so a busy or slow machine decides the same), hashed over
the chosen actions' text, the positions' own move lists (so a change in the rules shows) and a
digest of the board. A docstring, a comment or a refactor keeps every record; a change in play
changes the key of each record it touches, and the suite names them (tests/ai/test_records.py).

Random play seldom reaches the positions of a real game's end, and two dozen positions are a thin
sample: Doorstep Dash's hard driver once learned to leave a poor row's last card and wait, a choice
met about once a game, near its end, and its key stayed the same. So each kind's quick player (a
search level's own rule of thumb, or the kind itself) also decides at every position of whole
games played by the outside greedy player at every seat (``PLAYED_SEEDS``): over a thousand
positions a game, from the first move to the last, in a few seconds at most.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import math
from dataclasses import dataclass
from typing import Any, Sequence

from courier.rules import registry
from courier.rules.rng import OFFSET, Rng

#: the seeds of the probe games, and the moves into each at which a position is taken
PROBE_SEEDS = (1, 2, 3)
PROBE_STEPS = (0, 5, 12, 24, 40, 64, 96, 140)
#: how far past a probe step to look for a position with a real choice (two or more moves)
SEARCH_AHEAD = 30
#: the seeds of the played games whose every position with a real choice the quick players decide
PLAYED_SEEDS = (1, 2)
#: the seat kind that plays those games: a fixed player of the rules alone (``courier.gauntlet``)
PLAYED_BY = "out-greedy"
#: a played game longer than this many moves is cut short there (none is, as the rules stand)
PLAYED_MOVES = 3000
#: how the probe and played games are dealt from their seeds: the first seeding, on which every
#: key of the records was made (the positions stay what they were, whatever new games deal with)
SEEDING = OFFSET


def _config(game: Any, players: int, options: dict[str, Any] | None) -> Any:
    """The config of the fixed positions: ``options`` dealt with ``SEEDING``."""
    return game.make_config(players=players, **{**(options or {}), "seeding": SEEDING})


@dataclass(frozen=True)
class Probe:
    """One position of the probe set: the moves from the seed that lead to it, and who decides."""

    seed: int
    moves: tuple[str, ...]
    seat: int


def probes(game_id: str, players: int, options: dict[str, Any] | None = None) -> list[Probe]:
    """The fixed positions of ``game_id`` at which players are asked to decide."""
    from courier import boards

    boards.install()
    game = registry.get(game_id)
    cfg = _config(game, players, options)
    out: list[Probe] = []
    for seed in PROBE_SEEDS:
        state = game.new_game(cfg, seed)
        rng = Rng(seed * 7919 + 11)
        moves: list[str] = []
        wanted = list(PROBE_STEPS)
        while wanted and not game.is_over(state) and len(moves) <= PROBE_STEPS[-1] + SEARCH_AHEAD:
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            if len(moves) >= wanted[0] and len(legal) >= 2:
                out.append(Probe(seed, tuple(moves), seat))
                wanted.pop(0)
            action = rng.choice(legal)
            moves.append(action.to_text())
            game.apply(state, action)
    return out


def _position(game_id: str, players: int, options: dict[str, Any], probe: Probe) -> Any:
    game = registry.get(game_id)
    state = game.new_game(_config(game, players, options), probe.seed)
    for text in probe.moves:
        game.apply(state, game.parse_action(state, text))
    return state


def unclocked(bot: Any) -> Any:
    """``bot`` deciding by its iteration budget alone: a search player's time cap is lifted."""
    budget = getattr(bot, "budget", None)
    if budget is not None and dataclasses.is_dataclass(budget) and hasattr(budget, "time_cap"):
        bot.budget = dataclasses.replace(budget, time_cap=math.inf)
    return bot


def _canonical(obj: Any) -> Any:
    """Plain data with a fixed order, for hashing a board whatever its classes."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: _canonical(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, dict):
        return sorted(([_canonical(k), _canonical(v)] for k, v in obj.items()), key=repr)
    if isinstance(obj, (set, frozenset)):
        return sorted((_canonical(x) for x in obj), key=repr)
    if isinstance(obj, (list, tuple)):
        return [_canonical(x) for x in obj]
    if isinstance(obj, (str, int, float, bool)) or obj is None:
        return obj
    if hasattr(obj, "__dict__"):
        return {k: _canonical(v) for k, v in sorted(vars(obj).items()) if not k.startswith("_")}
    return repr(obj)


def board_digest(game_id: str, players: int, options: dict[str, Any] | None = None) -> str:
    """A digest of the board a game of these options is played on (empty for a game without one):
    the map's own data as Tiled wrote it, wherever the file lies (the board the rules build from it
    follows from that data and the rules' code, which the probe positions cover)."""
    from courier import boards
    from courier.rules.mapdata import load_map_data, locate_board

    boards.install()  # asked first in a fresh process (a key of its own), before any probe
    game = registry.get(game_id)
    cfg = game.make_config(players=players, **(options or {}))
    if not game.maps:
        return ""
    path = locate_board(game_id, cfg.map) if cfg.map not in game.maps else None
    data = load_map_data(path if path is not None else game.maps[cfg.map])
    text = json.dumps(_canonical(dataclasses.replace(data, source="")), sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def decisions(game_id: str, kind: str, players: int, options: dict[str, Any] | None = None) -> list[str]:
    """What seat kind ``kind`` (a ``courier simulate`` seat) chooses at each probe, as text."""
    from courier.seats import make_player as make_bot, seat_level

    options = dict(options or {})
    game = registry.get(game_id)
    try:
        level = seat_level(kind)
    except ValueError:  # a lab seat names the player's level itself (``heuristic-normal``, ``search-hard``)
        level = kind
    out = []
    for k, probe in enumerate(probes(game_id, players, options)):
        state = _position(game_id, players, options, probe)
        bot = unclocked(make_bot(game_id, level))
        legal = game.legal_actions(state, probe.seat)
        view = game.view(state, probe.seat)
        action = bot.choose(game, view.clone() if hasattr(view, "clone") else view, probe.seat, legal,
                            Rng(1000 + k))
        out.append(f"{probe.seed}/{len(probe.moves)}/{probe.seat}: {action.to_text()}")
    return out


def quick_player(kind: str) -> str:
    """The ``make_bot`` level that decides for ``kind`` at the played positions: a level of ours
    its rule of thumb (which a search level falls back on and plays its rollouts with), any other
    kind itself."""
    from courier.ai.base import rule_of_thumb
    from courier.seats import seat_level

    try:
        level = seat_level(kind)
    except ValueError:  # a lab seat names the player's level itself
        level = kind
    if level.startswith(("search-", "heuristic")):
        return rule_of_thumb(level)
    return level


@functools.lru_cache(maxsize=16)
def played_positions(game_id: str, players: int, options_json: str) -> tuple[tuple[str, ...], tuple[Any, ...]]:
    """The moves of the played games (one text line a game) and, in order, every position in them
    where the seat to act has two or more moves, as (state, seat)."""
    from courier import boards
    from courier.ai.base import make_bot

    boards.install()
    game = registry.get(game_id)
    cfg = _config(game, players, json.loads(options_json))
    games: list[str] = []
    positions: list[tuple[Any, int]] = []
    for seed in PLAYED_SEEDS:
        state = game.new_game(cfg, seed)
        seats = [make_bot(game_id, PLAYED_BY) for _ in range(players)]
        rng = Rng(seed * 7919 + 11)
        moves: list[str] = []
        while not game.is_over(state) and len(moves) < PLAYED_MOVES:
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            if len(legal) >= 2:
                positions.append((state.clone(), seat))
            view = game.view(state, seat)
            action = seats[seat].choose(game, view.clone(), seat, legal, rng)
            moves.append(action.to_text())
            game.apply(state, action)
        games.append("\n".join(moves))
    return tuple(games), tuple(positions)


def played_decisions(game_id: str, kind: str, players: int, options: dict[str, Any] | None = None) -> list[str]:
    """What ``kind``'s quick player (:func:`quick_player`) chooses at every played position."""
    from courier.seats import make_player as make_bot

    game = registry.get(game_id)
    level = quick_player(kind)
    _games, positions = played_positions(game_id, players, json.dumps(options or {}, sort_keys=True))
    out = []
    for k, (state, seat) in enumerate(positions):
        legal = game.legal_actions(state, seat)
        action = make_bot(game_id, level).choose(game, game.view(state, seat).clone(), seat, legal, Rng(5000 + k))
        out.append(f"{k}: {action.to_text()}")
    return out


@functools.lru_cache(maxsize=256)
def _kind_key(game_id: str, kind: str, players: int, options_json: str) -> str:
    options = json.loads(options_json)
    digest = hashlib.sha256(kind.encode())
    for probe in probes(game_id, players, options):
        digest.update("\n".join(probe.moves).encode())
    for line in decisions(game_id, kind, players, options):
        digest.update(line.encode())
    played, _positions = played_positions(game_id, players, options_json)
    for moves in played:
        digest.update(moves.encode())
    for line in played_decisions(game_id, kind, players, options):
        digest.update(line.encode())
    return digest.hexdigest()


@functools.lru_cache(maxsize=256)
def _key(game_id: str, kinds: tuple[str, ...], players: int, options_json: str) -> str:
    options = json.loads(options_json)
    digest = hashlib.sha256(game_id.encode())
    digest.update(board_digest(game_id, players, options).encode())
    for kind in kinds:
        digest.update(_kind_key(game_id, kind, players, options_json).encode())
    return digest.hexdigest()[:16]


def behaviour_key(game_id: str, seats: Sequence[str], options: dict[str, Any] | None = None) -> str:
    """The key of the players at ``seats`` (``courier simulate`` seat kinds) playing ``game_id``
    with ``options``: the same exactly when they would play the same games."""
    kinds = tuple(sorted(set(seats)))
    return _key(game_id, kinds, len(seats), json.dumps(options or {}, sort_keys=True))


def players_key(game_id: str, kinds: Sequence[str]) -> str:
    """The key of the seat kinds ``kinds`` at ``game_id``'s smallest table with its usual rules:
    whether these players still decide as they did (the lab keys its results with it)."""
    game = registry.get(game_id)
    players = max(game.min_players, min(2, game.max_players))
    if game_id == "next-day":
        players = max(players, 3)
    return _key(game_id, tuple(sorted(set(kinds))), players, "{}")
