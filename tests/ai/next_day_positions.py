"""Positions for the tests of Next Day's Hard planner: the hard plug-in, and seat 0's turn starts
in three-player games of normal heuristics."""

from __future__ import annotations

from typing import Any, Iterator

from courier.ai.base import make_bot
from courier.ai.plugins import plugin_for
from courier.rules.rng import Rng
from tests.next_day.helpers import G


def hard_plugin():
    plugin = plugin_for("next-day")
    plugin.set_levels("hard", "normal")
    return plugin


def turn_starts(seeds: range) -> Iterator[tuple[Any, list[Any]]]:
    """(state, seat 0's legal actions) where seat 0's turn starts with both vehicles fresh; the
    state is the game's own, played on after the caller's next step: clone it to change it."""
    for seed in seeds:
        s = G.new_game(G.make_config(players=3), seed)
        bots = [make_bot("next-day", "heuristic-normal") for _ in range(3)]
        rng = Rng(seed)
        while not G.is_over(s):
            seat = G.to_act(s)[0]
            legal = G.legal_actions(s, seat)
            if (seat == 0 and s.phase == "play" and s.auction is None
                    and all(v.status == "fresh" for v in s.players[0].vehicles)):
                yield s, legal
            G.apply(s, bots[seat].choose(G, G.view(s, seat), seat, legal, rng))
