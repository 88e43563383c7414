"""What a save's content must look like before a game is built from it: settings this version can
vouch for, and nesting no reader will choke on. A file that fails here is damaged, not a choice.
"""

from __future__ import annotations

import math
from typing import Any

from courier.match import NAME_LIMIT, clean_text

#: the settings a player chooses at set-up (with the game's toggles); the others are tuning knobs
_CHOSEN = frozenset({"players", "map", "names"})
#: settings any value of which the config accepts is this version's: how the seed deals (a save
#: made before the mixed seeding keeps the first, and this version deals with both)
_ANY_KNOWN = frozenset({"seeding"})
KNOB_SCALE = 10
KNOB_FLOOR = 1000

#: deepest nesting of lists and objects a save may have (real ones stay under 10)
MAX_DEPTH = 64


def clean_options(options: dict[str, Any]) -> dict[str, Any]:
    """The saved settings with the players' names cleaned as seat names are (they are drawn)."""
    names = options.get("names")
    if isinstance(names, (list, tuple)) and all(isinstance(n, str) for n in names):
        options = {**options, "names": tuple(clean_text(n, NAME_LIMIT) for n in names)}
    return options


def unlike_tuning(game: Any, config: Any, same_version: bool) -> str | None:
    """The first tuning knob (a setting the player does not choose at set-up) that this version
    cannot vouch for, or None. The set-up screen only ever saves the defaults, so a save of this
    game version must carry exactly them: a value it never offered (a 0 that a panel divides by,
    a step count that makes the rules search for minutes) is damage, not a choice. A save of an
    older game version may carry that version's defaults, so there the knobs need only be shaped
    like today's (see ``_like``)."""
    default = game.make_config(players=config.players, map=config.map)
    chosen = _CHOSEN | _ANY_KNOWN | {name for name, *_ in getattr(game, "toggles", ())}
    for name in type(config).model_fields:
        if name in chosen:
            continue
        value, wanted = getattr(config, name), getattr(default, name)
        if not (value == wanted if same_version else _like(value, wanted)):
            return name
    return None


def _like(value: Any, default: Any) -> bool:
    """The same names, keys and lengths as ``default`` (the rules look them up), numbers of the
    same sign at most ``KNOB_SCALE`` times as large (or ``KNOB_FLOOR``), switches as switches."""
    if isinstance(default, bool) or default is None:
        return type(value) is type(default)
    if isinstance(default, (int, float)):
        if isinstance(value, bool) or not isinstance(value, int if isinstance(default, int) else (int, float)):
            return False
        bound = max(KNOB_FLOOR, abs(default) * KNOB_SCALE)
        return math.isfinite(value) and abs(value) <= bound and (value >= 0 or default < 0)
    if isinstance(default, dict):
        return isinstance(value, dict) and value.keys() == default.keys() and all(_like(value[k], default[k]) for k in default)
    if isinstance(default, (list, tuple)):
        return isinstance(value, (list, tuple)) and len(value) == len(default) and all(map(_like, value, default))
    return bool(value == default)


def too_deep(data: Any) -> bool:
    """True if lists and objects nest deeper than MAX_DEPTH (level by level, without recursion:
    later readers recurse, and a RecursionError deep inside a ruleset helps nobody)."""
    level = [data] if isinstance(data, (dict, list)) else []
    for _ in range(MAX_DEPTH):
        if not level:
            return False
        level = [
            v
            for item in level
            for v in (item.values() if isinstance(item, dict) else item)
            if isinstance(v, (dict, list))
        ]
    return bool(level)
