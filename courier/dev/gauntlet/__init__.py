"""Outside players: six styles of play per game, written from the rules alone.

They measure our own computer players against ways of playing those were never tuned on, so they
share nothing with them: everything here comes from the rules documents and the rules interface
(``courier.rules``). ``make_outsider(game_id, style)`` gives a player whose ``level`` is
``"out-<style>"``.
"""

from __future__ import annotations

import importlib

from courier.dev.gauntlet.common import STYLES, Outsider

__all__ = ["STYLES", "Outsider", "make_outsider", "LEVELS", "TUNING", "HELD_OUT"]

#: game id -> module under courier.dev.gauntlet holding that game's kit (the rules' module names)
_KITS = {
    "next-day": "next_day",
    "doorstep-dash": "doorstep_dash",
    "package-pandemonium": "package_pandemonium",
    "out-for-delivery": "out_for_delivery",
}

#: the seat names the styles go by
LEVELS: tuple[str, ...] = tuple(f"out-{s}" for s in STYLES)

#: named before any of our players was changed against the gauntlet (docs/ai.md): the only styles
#: that may be played or read while a player changes; the others judge final players only
TUNING: tuple[str, ...] = ("out-greedy", "out-rush", "out-denier")
HELD_OUT: tuple[str, ...] = tuple(level for level in LEVELS if level not in TUNING)


def make_outsider(game_id: str, style: str) -> Outsider:
    """A player of ``style`` (one of STYLES, or its level name ``out-<style>``) for ``game_id``."""
    if style.startswith("out-"):
        style = style[4:]
    if game_id not in _KITS:
        raise KeyError(f"no outside players for {game_id!r}; games: {', '.join(_KITS)}")
    kit = importlib.import_module(f"courier.dev.gauntlet.{_KITS[game_id]}").KIT
    return Outsider(game_id, style, kit)
