"""The small table of per-game hooks the conformance suites run every game through.

What holds for every game is tested once, in tests/conformance/; what differs (how a random position
is reached, which free-form actions an oracle judges, which texts parse_action is fed, how names
and numbered defaults read) is one entry here per game in the registry. A game in the registry
without an entry fails the suites, it is never passed over.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Callable

from courier.rules import registry
from courier.rules.base import Action
from tests import gate_check
from tests.doorstep_dash import gate_rules as dash_gate
from tests.doorstep_dash import helpers as dash
from tests.next_day import gate_rules as nd_gate
from tests.next_day import helpers as nd
from tests.out_for_delivery import gate_rules as ofd_gate
from tests.out_for_delivery import helpers as ofd
from tests.package_pandemonium import pp_helpers as pp

NAMES = ("Ann", "Bob", "Cy")


def _same(a: Action) -> object:
    return a


def _no_extra(state: Any, rng: random.Random) -> list[Action]:
    return []


def _nothing_to_prepare(state: Any, players: int, rng: random.Random, draw: Callable[[Any], Any]) -> None:
    return None


def _as_saved(d: dict[str, Any]) -> dict[str, Any]:
    return d


@dataclass(frozen=True)
class GateHooks:
    """How the one-gate test reaches a random position of a game and judges what it throws."""

    #: (players, options drawn) -> config; options: the map of a game with several, else {}
    config: Callable[..., Any]
    players: tuple[int, ...]
    depth: int  # random legal actions at most before the position is judged
    #: (game, state, legal, rng) -> action, for the random play that reaches the position
    chooser: Callable[[Any, Any, list[Action], random.Random], Action] = gate_check.pick
    #: state-changing preparation of the position (may draw more from hypothesis)
    prepare: Callable[[Any, int, random.Random, Callable[[Any], Any]], None] = _nothing_to_prepare
    oracle: gate_check.Oracle | None = None
    same: Callable[[Action], object] = _same
    #: free-form actions to throw besides the legal ones and their mutations
    extra: Callable[[Any, random.Random], list[Action]] = _no_extra
    #: the maps to draw from (a game that picks its map in the config), else ()
    maps: tuple[str, ...] = ()
    #: a started game for parse_action, and text prefixes to put before scrambled text
    parse_state: Callable[[], Any] = lambda: None
    prefixes: tuple[str, ...] = ("",)


@dataclass(frozen=True)
class NameHooks:
    """How names typed at set-up show in a game, and how its numbered defaults read."""

    config: Callable[..., Any]  # (names or None) -> a 3-seat config
    steps: int
    default: str  # the numbered default's word: "Player 1", "Courier 1"
    numbered: re.Pattern[str]  # text that says a numbered default instead of a name
    chooser: Callable[[Any, int, list[Action], Any], Action] | None = None
    #: a saved state with the names taken out, for a game whose saves carry them
    without_names: Callable[[dict[str, Any]], dict[str, Any]] = _as_saved


def _nd_quick_setup(s: Any, seat: int, legal: list[Action], rng: Any) -> Action:
    """Next Day's set-up goes fast (deal randomly, finish)."""
    from courier.rules.next_day import actions as A

    if s.phase == "setup":
        return ([a for a in legal if isinstance(a, A.FinishSetup)] or [A.DealRandomly(seat)])[0]
    return rng.choice(legal)


def _pp_without_names(d: dict[str, Any]) -> dict[str, Any]:
    return {**d, "vans": [{k: v for k, v in van.items() if k != "name"} for van in d["vans"]]}


def _names(names: tuple[str, ...] | None) -> dict[str, Any]:
    return {} if names is None else {"names": names}


GATE: dict[str, GateHooks] = {
    "next-day": GateHooks(
        config=lambda players, **_: nd.G.make_config(players=players), players=(3, 4), depth=160,
        chooser=nd_gate.choose, oracle=nd_gate.route_oracle, same=nd_gate.same,
        extra=lambda state, rng: nd_gate.routes(state, rng) if state.phase == "play" else [],
        parse_state=nd.play_state,
        prefixes=("", "p1 ", "p1 pair ", "van ", "bike bid ", "move b1 to ", "van Ugley->")),
    "doorstep-dash": GateHooks(
        config=lambda players, **_: dash.config(players), players=(2, 3, 4), depth=200, same=dash_gate.same,
        parse_state=dash.started, prefixes=("", "move ", "keep ", "claim ", "give ", "discard ")),
    "out-for-delivery": GateHooks(
        config=lambda players, **_: ofd.config(players), players=(2, 3, 4), depth=150,
        prepare=ofd_gate.prepare, oracle=ofd_gate.offer_oracle, same=ofd_gate.same, extra=ofd_gate.offers,
        parse_state=ofd.started,
        prefixes=("", "move ", "offer p2 give ", "offer p2 give gold:1 get ", "deliver ", "steal p2 ")),
    "package-pandemonium": GateHooks(
        config=lambda players, map: pp.cfg(players, map), players=(1, 2, 3), depth=160,
        maps=tuple(pp.GAME.maps), parse_state=pp.setup, prefixes=("", "p1 ")),
}

NAMED: dict[str, NameHooks] = {
    "next-day": NameHooks(
        config=lambda names=None: nd.G.make_config(players=3, round_limit=3, **_names(names)), steps=250,
        default="Player", numbered=re.compile(r"[Pp]layer \d"), chooser=_nd_quick_setup),
    "doorstep-dash": NameHooks(
        config=lambda names=None: dash.GAME.make_config(players=3, **_names(names)), steps=200,
        default="Player", numbered=re.compile(r"([Pp]layer|[Ss]eat) \d")),
    "out-for-delivery": NameHooks(
        config=lambda names=None: ofd.GAME.make_config(players=3, **_names(names)), steps=150,
        default="Courier", numbered=re.compile(r"([Cc]ourier|[Pp]layer) \d")),
    "package-pandemonium": NameHooks(
        config=lambda names=None: pp.cfg(3, **_names(names)), steps=150,
        default="Player", numbered=re.compile(r"[Pp]layer \d"), without_names=_pp_without_names),
}


def game_ids() -> list[str]:
    return list(registry.ids())
