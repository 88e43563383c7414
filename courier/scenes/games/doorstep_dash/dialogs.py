"""Doorstep Dash's boxes over the board: the final result when the game is over.

Layout and drawing from plain data; the view decides when a box shows.
"""

from __future__ import annotations

from typing import Callable

import pygame

from courier.rules.doorstep_dash.state import DashState
from courier.scenes.games.doorstep_dash.board import seat_shape
from courier.ui import draw, theme


def draw_game_over(surface: pygame.Surface, area: pygame.Rect, v: DashState, winners: list[int],
                   name: Callable[[int], str], colour: Callable[[int], tuple[int, int, int]]) -> None:
    """Who won and everyone's score, in a box in the middle of the board."""
    box = pygame.Rect(0, 0, min(460, area.width - 40), 96 + 34 * len(v.players))
    box.center = area.center
    draw.panel(surface, box, theme.PANEL, radius=14)
    names = " and ".join(name(i) for i in winners)
    title = f"{names} win{'s' if len(winners) == 1 else ''}!"
    draw.text(surface, title, (box.centerx, box.y + 18), 26, theme.INK, bold=True, serif=True, anchor="midtop",
              max_width=box.width - 24)
    why = "Every parcel delivered, every van home." if v.ended == "done" else "The round limit was reached."
    draw.text(surface, why, (box.centerx, box.y + 56), 14, theme.INK_SOFT, anchor="midtop")
    order = sorted(range(len(v.players)), key=lambda i: (-v.players[i].score, -len(v.players[i].delivered)))
    for k, i in enumerate(order):
        p = v.players[i]
        y = box.y + 84 + k * 34
        seat_shape(surface, i, (box.x + 34, y + 12), 9, colour(i))
        draw.text(surface, name(i), (box.x + 54, y + 2), 18, theme.INK, bold=i in winners)
        draw.text(surface, f"{len(p.delivered)} deliveries", (box.right - 90, y + 4), 14, theme.INK_SOFT,
                  anchor="topright")
        draw.text(surface, f"{p.score} pts", (box.right - 20, y + 2), 18, theme.INK, bold=True, anchor="topright")
