"""The one list of games. Menus, saves, the simulator and tests find games only here.

    from courier.rules import registry
    game = registry.get("next-day")
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass

from courier.rules.base import GameRules


@dataclass(frozen=True)
class GameParts:
    """Where one game's parts live, as module names: the one place that names them.

    The rules import nothing above them, so a part is named here, never imported; the layer
    that needs it (the computer players, the board scene, the tools) imports it by this name.
    An empty name means the game has no such part yet.
    """

    #: the rules package; importing it registers the game (its parts, such as ``stats``, are in it)
    rules: str
    #: the game's own rule-of-thumb players: ``make_bot(level) -> Bot``
    players: str = ""
    #: the search player's plug-in class, as ``"module:Class"``
    plugin: str = ""
    #: why the computer played a move, in the game's words: ``explain(facts)``
    reasons: str = ""
    #: outside yardsticks the players are judged against: ``make(kind)``
    yardsticks: str = ""
    #: the board view of the board scene: ``make_view(ctx) -> GameView``
    view: str = ""


#: game id -> its parts, in menu order. Adding a game is one entry here (and its modules).
PARTS: dict[str, GameParts] = {
    "next-day": GameParts(
        rules="courier.rules.next_day",
        players="courier.ai.next_day",
        plugin="courier.ai.plugins.next_day:NextDayPlugin",
        reasons="courier.ai.reasons.next_day",
        yardsticks="courier.ai.yardsticks.next_day",
        view="courier.scenes.games.next_day",
    ),
    "doorstep-dash": GameParts(
        rules="courier.rules.doorstep_dash",
        players="courier.ai.doorstep_dash",
        plugin="courier.ai.plugins.doorstep_dash:DashPlugin",
        reasons="courier.ai.reasons.doorstep_dash",
        yardsticks="courier.ai.yardsticks.doorstep_dash",
        view="courier.scenes.games.doorstep_dash",
    ),
    "package-pandemonium": GameParts(
        rules="courier.rules.package_pandemonium",
        players="courier.ai.package_pandemonium",
        plugin="courier.ai.plugins.package_pandemonium:PandemoniumPlugin",
        reasons="courier.ai.reasons.package_pandemonium",
        yardsticks="courier.ai.yardsticks.package_pandemonium",
        view="courier.scenes.games.package_pandemonium",
    ),
    "out-for-delivery": GameParts(
        rules="courier.rules.out_for_delivery",
        players="courier.ai.out_for_delivery",
        plugin="courier.ai.plugins.out_for_delivery:OfdPlugin",
        reasons="courier.ai.reasons.out_for_delivery",
        yardsticks="courier.ai.yardsticks.out_for_delivery",
        view="courier.scenes.games.out_for_delivery",
    ),
}
_GAMES: dict[str, GameRules] = {}


def register(game: GameRules) -> GameRules:
    _GAMES[game.id] = game
    return game


def _available() -> dict[str, str]:
    out = {}
    for gid, parts_of in PARTS.items():
        if importlib.util.find_spec(parts_of.rules) is not None:
            out[gid] = parts_of.rules
    return out


def ids() -> list[str]:
    """All registered game ids, in menu order."""
    return list(_available())


def get(game_id: str) -> GameRules:
    """The ruleset with this id; KeyError with the known ids if there is none."""
    if game_id not in _GAMES:
        mod = _available().get(game_id)
        if mod is None:
            raise KeyError(f"no game called {game_id!r}; games: {', '.join(ids())}")
        importlib.import_module(mod)
    return _GAMES[game_id]


def package(game_id: str) -> str:
    """The package of ``game_id``'s rules (its parts, such as ``stats``, are modules in it)."""
    mod = _available().get(game_id)
    if mod is None:
        raise KeyError(f"no game called {game_id!r}; games: {', '.join(ids())}")
    return mod


def parts(game_id: str) -> GameParts:
    """The module names of ``game_id``'s parts; KeyError with the known ids if there is none."""
    if game_id not in PARTS:
        raise KeyError(f"no game called {game_id!r}; games: {', '.join(ids())}")
    return PARTS[game_id]


def part(game_id: str, name: str) -> str | None:
    """The module of one part (``"players"``, ``"plugin"``, ``"view"`` ...) of ``game_id``;
    None for an unknown game or a part it does not have."""
    found = PARTS.get(game_id)
    return (getattr(found, name) or None) if found is not None else None


def all_games() -> list[GameRules]:
    return [get(g) for g in ids()]
