"""The one list of games. Menus, saves, the simulator and tests find games only here.

    from courier.rules import registry
    game = registry.get("next-day")
"""

from __future__ import annotations

import importlib
import importlib.util

from courier.rules.base import GameRules

#: game id -> module that defines and registers it (imported on first use)
_MODULES: dict[str, str] = {
    "next-day": "courier.rules.next_day",
    "doorstep-dash": "courier.rules.doorstep_dash",
    "package-pandemonium": "courier.rules.package_pandemonium",
    "out-for-delivery": "courier.rules.out_for_delivery",
}
_GAMES: dict[str, GameRules] = {}


def register(game: GameRules) -> GameRules:
    _GAMES[game.id] = game
    return game


def _available() -> dict[str, str]:
    out = {}
    for gid, mod in _MODULES.items():
        if importlib.util.find_spec(mod) is not None:
            out[gid] = mod
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


def all_games() -> list[GameRules]:
    return [get(g) for g in ids()]
