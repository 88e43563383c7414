"""Strangers: a second, independent set of outside players, HELD OUT.

They were written from the rules alone (the rulebooks, the rulings and the rules interface in
``courier.rules``), by someone who never read our computer players, so that they judge those
players with ways of playing they have never met. Nothing here imports anything of ours but
``courier.rules`` (a test holds it to that).

No player may be tuned against them: play them only to judge a player that is finished. A player
changed after seeing how it fares against a stranger has learned the yardstick, and the stranger no
longer measures anything.

Two styles per game, each a one-ply player that decides from its seat's view alone:

- ``stranger-greedy`` takes the legal action after which its own position is worth most, counted
  as an experienced player of that game counts it (points banked, what is carried and how near
  its destination it is, the resources left);
- ``stranger-steady`` counts the same things but expects the worst of chance and of the other
  players, and would rather take a sure small gain than risk a penalty, a theft or a hazard.
"""

from __future__ import annotations

import importlib

from courier.strangers.common import Stranger

__all__ = ["STYLES", "LEVELS", "HELD_OUT", "Stranger", "make_stranger", "is_stranger"]

STYLES: tuple[str, ...] = ("greedy", "steady")

#: the seat kinds they go by in ``courier simulate`` and the lab
LEVELS: tuple[str, ...] = tuple(f"stranger-{s}" for s in STYLES)

#: every stranger is held out: no player may be tuned against any of them
HELD_OUT: tuple[str, ...] = LEVELS

#: game id -> the module under courier.strangers with that game's players
_GAMES = {
    "next-day": "next_day",
    "doorstep-dash": "doorstep_dash",
    "package-pandemonium": "package_pandemonium",
    "out-for-delivery": "out_for_delivery",
}


def is_stranger(kind: str) -> bool:
    """Whether ``kind`` names a stranger seat (``stranger-greedy``, ``stranger-steady``)."""
    return kind in LEVELS


def make_stranger(game_id: str, kind: str) -> Stranger:
    """A stranger of ``kind`` (``stranger-<style>`` or the bare style) for ``game_id``."""
    style = kind[len("stranger-"):] if kind.startswith("stranger-") else kind
    if style not in STYLES:
        raise ValueError(f"unknown stranger {kind!r}; strangers: {', '.join(LEVELS)}")
    if game_id not in _GAMES:
        raise KeyError(f"no strangers for {game_id!r}; games: {', '.join(_GAMES)}")
    module = importlib.import_module(f"courier.strangers.{_GAMES[game_id]}")
    return Stranger(game_id, style, module.decide)
