"""Every place name on the city can be read: a bridge's planks reach over the kerb into the block
beyond the river, and they once hid the top of the names there ("Old Mill", "Post Office")."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from courier.rules.package_pandemonium.board import SIZE
from courier.scenes.games.package_pandemonium import mapart as pd
from courier.ui import theme
from tests.package_pandemonium.pp_helpers import GAME, setup

#: board areas as the board scene lays them out at 1024x600, 1280x720 and 1920x1080
AREAS = (pygame.Rect(8, 66, 736, 526), pygame.Rect(8, 66, 919, 606), pygame.Rect(8, 66, 1524, 966))


def _drawn(area: pygame.Rect, board, view) -> pygame.Surface:
    surf = pygame.Surface((1920, 1080))
    surf.fill(theme.PAPER)
    pd.draw_city(surf, pd.Geometry(area), board, view)
    return surf


def _hidden_share(surf: pygame.Surface, bare: pygame.Surface, g: pd.Geometry, view, cell: int) -> float:
    """Of the pixels a place's name is written with, the share that differ from the same city
    drawn without bridges."""
    label, lr = pd.name_label(g, view, cell, pd.fsize(g.tile / 10, 9))
    mask = pygame.mask.from_surface(label, 200)
    hidden = total = 0
    for x in range(label.get_width()):
        for y in range(label.get_height()):
            if mask.get_at((x, y)):
                total += 1
                a, b = surf.get_at((lr.x + x, lr.y + y)), bare.get_at((lr.x + x, lr.y + y))
                hidden += max(abs(a[i] - b[i]) for i in range(3)) > 24
    return hidden / total


@pytest.mark.parametrize("board_name", list(GAME.maps))
def test_no_name_is_hidden_by_a_bridge(screen_1080, board_name):
    s = setup(players=2, map=board_name)
    board = s.eng.board
    assert board.bridges  # every city has bridges, or this test would prove nothing
    bare = dataclasses.replace(board, bridges=frozenset())  # the same water, no planks over it
    for area in AREAS:
        g = pd.Geometry(area)
        surf, plain = _drawn(area, board, s), _drawn(area, bare, s)
        assert surf.get_at(g.cell_rect(0).center) == plain.get_at(g.cell_rect(0).center)
        worst = max((_hidden_share(surf, plain, g, s, c), s.locations[c]) for c in range(SIZE * SIZE))
        assert worst[0] < 0.02, (board_name, area.size, worst)
