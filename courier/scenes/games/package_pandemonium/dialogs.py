"""Package Pandemonium's prompts over the board: the end-of-day banner."""

from __future__ import annotations

import pygame

from courier.scenes.games.package_pandemonium import board as pb
from courier.ui import draw, theme


def draw_banner(surface: pygame.Surface, g: pb.Geometry, head: str, scores: str) -> None:
    rect = pygame.Rect(0, 0, min(520, g.grid.width - 40), 90)
    rect.center = g.grid.center
    draw.panel(surface, rect)
    draw.text(surface, head, (rect.centerx, rect.y + 30), 24, theme.INK, bold=True, serif=True, anchor="center")
    draw.text(surface, scores, (rect.centerx, rect.y + 64), 15, theme.INK_SOFT, anchor="center", max_width=rect.width - 20)
