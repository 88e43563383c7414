"""Package Pandemonium's "winner" label beside a van's priority card names the round's winner only
while that round is played (choosing the order, the routes, the Rogue): never on the next round's
priority choice, and never on the final board, where it would read as the game's winner."""

from __future__ import annotations

import pygame

from courier.ai import base as ai_base
from courier.match import Match
from courier.rules.package_pandemonium.state import DEFEND, ORDER, ROGUE, ROUTE
from courier.rules.rng import Rng
from courier.scenes.games.package_pandemonium import panel
from courier.ui import draw, theme
from tests.app import shell_states

ROUND_PLAYED = (ORDER, ROUTE, ROGUE, DEFEND)


def labelled(view) -> set[int]:
    """The vans whose card says "winner"."""
    surface = pygame.Surface((400, 120))
    colours = [c for _, c in theme.PLAYER_COLOURS]
    out = set()
    for vi in range(len(view.vans)):
        audit = draw.start_audit()
        try:
            panel._van_card(surface, pygame.Rect(10, 10, 380, 60), view, vi, colours, False)
        finally:
            draw.stop_audit()
        if any(text == "winner" for _, _, text in audit.lines):
            out.add(vi)
    return out


def test_the_winner_label_is_on_this_round_s_winner_only_while_the_round_is_played(app):
    for seed in (1, 2):
        m = Match.new("package-pandemonium", shell_states.seats(2), seed=seed)
        bots = {}
        seen = set()
        for k in range(3000):
            v = m.view(None)
            expected = {v.chooser} if v.phase in ROUND_PLAYED and v.chooser >= 0 else set()
            assert labelled(v) == expected, f"phase {v.phase}, round {v.round}"
            seen.add(v.phase)
            if m.is_over():
                break
            seat = m.to_act()[0]
            bot = bots.setdefault(seat, ai_base.heuristic_bot("package-pandemonium", "easy"))
            m.submit(bot.choose(m.game, m.view(seat), seat, m.legal(seat), Rng(k + 1)))
        assert m.is_over() and {"priority", ORDER, ROUTE}.issubset(seen)
