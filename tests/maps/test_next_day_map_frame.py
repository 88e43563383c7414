"""Next Day's drawn county stays inside its frame at every board size: the field pattern's squares
once stuck out past the frame's right and bottom edges. Pictures of the two window sizes the
outside test pass used stay under tests/_screenshots/ (next-day-frame-*)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from courier.rules import registry
from courier.scenes.games.next_day.mapart import LAND_DARK, MapPainter

SHOTS = Path(__file__).resolve().parents[1] / "_screenshots"
#: the board areas of a 1024x600, a 1920x1080 and a 1280x720 window
WINDOWS = [(6, 79, 736, 483), (12, 150, 1378, 858), (3, 5, 919, 606)]
#: and other shapes of board area, where the place names may be large beside the land
SIZES = WINDOWS + [(0, 0, 500, 900), (0, 0, 1200, 400), (0, 0, 333, 217)]


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def _outside(mask: pygame.Mask, rect: pygame.Rect) -> int:
    """How many set bits of ``mask`` lie outside ``rect``."""
    inside = pygame.Mask(mask.get_size())
    inside.draw(pygame.Mask(rect.size, fill=True), rect.topleft)
    return mask.count() - mask.overlap_area(inside, (0, 0))


@pytest.mark.parametrize("area", SIZES, ids=lambda a: f"{a[2]}x{a[3]}")
def test_the_drawn_county_lies_within_its_frame(area):
    game = registry.get("next-day")
    painter = MapPainter(game.board(game.make_config(players=3)))
    painter.layout(pygame.Rect(area))
    surf = painter.background()
    land = painter.map_rect.move(-area[0], -area[1])
    frame = land.inflate(10, 10)
    if SHOTS.is_dir():
        pygame.image.save(surf, str(SHOTS / f"next-day-frame-{area[2]}x{area[3]}.png"))
    assert surf.get_rect().contains(frame)  # the whole frame is drawn, none of it cut off
    if area in WINDOWS:
        assert _outside(pygame.mask.from_surface(surf, 0), frame) == 0  # nothing drawn past the frame
    pattern = pygame.mask.from_threshold(surf, (*LAND_DARK, 255), (1, 1, 1, 255))
    assert pattern.count() > 0  # the field pattern is drawn ...
    assert _outside(pattern, land) == 0  # ... on the land only, never over the frame
