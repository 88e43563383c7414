"""Where parked vehicles stand is worked out once for each arrangement of the vehicles and of the
map on screen (a keyboard frame asks at every point it tries), and what is kept is always what
would be worked out afresh: over a seeded game, through two window sizes."""

from __future__ import annotations

import pygame

from courier.ai.base import make_bot
from courier.rules.next_day import GAME as G
from courier.rules.rng import Rng
from courier.scenes.games.next_day import pieces
from tests.next_day.test_view import make


def test_kept_parking_is_always_what_would_be_worked_out_afresh() -> None:
    cfg, view = make(players=3)
    state = G.new_game(cfg, 7)
    bots = [make_bot("next-day", "easy") for _ in range(3)]
    rng = Rng(7)
    sizes = [(pygame.Rect(0, 0, 920, 660), pygame.Rect(920, 60, 360, 660)),
             (pygame.Rect(0, 0, 640, 520), pygame.Rect(640, 40, 320, 520))]
    checked = moved = 0
    before = None
    for step in range(400):
        if G.is_over(state):
            break
        if step % 50 == 0:
            view.layout(*sizes[(step // 50) % 2])
        spots = pieces.vehicle_spots(view.map, state)
        assert spots == pieces._park_all(view.map, state), step
        assert pieces.vehicle_spots(view.map, state) == spots  # asked again: the same, kept
        moved += before is not None and spots != before
        before, checked = spots, checked + 1
        seat = min(G.to_act(state))
        action = bots[seat].choose(G, G.view(state, seat), seat, G.legal_actions(state, seat), rng)
        G.apply(state, action)
    assert checked > 100 and moved > 10
