"""Next Day and Package Pandemonium draw a board's own picture under their markers, placed with the
same transform as the board's Tiled coordinates; boards without one keep the drawn look."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pygame
import pytest

from courier.rules import registry
from courier.rules.next_day.board import distance_to_polyline
from courier.scenes.games.next_day.mapart import LAND, LAND_DARK, MapPainter
from courier.scenes.games.package_pandemonium import mapart as pd
from courier.ui import board_art
from tests.maps.helpers import MAPS_DIR
from tests.package_pandemonium.pp_helpers import setup

PINK = (200, 30, 140)  # a colour neither game draws


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    yield


def _near(colour, want, tolerance: int = 8) -> bool:
    """Equal but for the rounding of a smooth scale."""
    return all(abs(a - b) <= tolerance for a, b in zip(tuple(colour)[:3], tuple(want)[:3]))


def _with_picture(folder: Path, files: tuple[str, ...], size: tuple[int, int], before: str) -> Path:
    """A copy of a shipped board with a pink image layer of the map's size under its first layer."""
    folder.mkdir(parents=True, exist_ok=True)
    for f in files:
        shutil.copy(MAPS_DIR / f, folder / f)
    art = pygame.Surface(size)
    art.fill(PINK)
    pygame.image.save(art, str(folder / "art.png"))
    tmx = folder / files[0]
    text = tmx.read_text(encoding="utf-8")
    assert before in text
    tmx.write_text(text.replace(before, f' <imagelayer id="99" name="picture">\n  <image source="art.png" '
                                f'width="{size[0]}" height="{size[1]}"/>\n </imagelayer>\n{before}', 1),
                   encoding="utf-8")
    return tmx


# -- Next Day ---------------------------------------------------------------------------------------

ND = registry.get("next-day")
ND_RECT = pygame.Rect(8, 66, 919, 606)  # the board area at 1280x720


def _nd_board(map_name: str):
    return ND.board(ND.make_config(players=3, map=map_name))


def _empty_spots(board, painter: MapPainter) -> list[tuple[int, int]]:
    """Board-area points well away from every road, place and name (call after painting)."""
    spots = []
    for mx in range(40, int(board.width) - 40, 60):
        for my in range(40, int(board.height) - 40, 60):
            if any(distance_to_polyline((mx, my), r.points) < 70 for r in board.roads):
                continue
            if any(math.hypot(mx - p.x, my - p.y) < 90 for p in board.places.values()):
                continue
            x, y = painter.to_screen((mx, my))
            if any(r.inflate(12, 12).collidepoint(x, y) for r in painter.labels.values()):
                continue
            spots.append((x - painter.rect.left, y - painter.rect.top))
    return spots


def test_next_day_draws_a_boards_own_picture_under_its_roads_and_places(tmp_path):
    tmx = _with_picture(tmp_path / "nd", ("next_day_kevingston.tmx",), (60 * 32, 42 * 32), ' <layer id="1"')
    board = _nd_board(str(tmx))
    assert board_art.has_picture(board.source)
    painter = MapPainter(board)
    painter.layout(ND_RECT)
    bg = painter.background()
    spots = _empty_spots(board, painter)
    assert len(spots) >= 5
    assert all(_near(bg.get_at(p), PINK) for p in spots)
    # the picture spans the map's pixel area exactly as the places are mapped: its corners are in
    mr = painter.map_rect.move(-ND_RECT.left, -ND_RECT.top)
    assert _near(bg.get_at((mr.left + 2, mr.top + 2)), PINK)
    assert _near(bg.get_at((mr.right - 3, mr.bottom - 3)), PINK)
    assert not _near(bg.get_at((mr.left - 3, mr.centery)), PINK)  # the frame round it is not picture
    # the game's own markers are on top: a town's marker and every road's middle are not pink
    for name, p in board.places.items():
        x, y = painter.place_xy(name)
        assert not _near(bg.get_at((x - ND_RECT.left, y - ND_RECT.top)), PINK), name
    for r in board.roads:
        x, y = painter.road_mid(r.id)
        assert not _near(bg.get_at((x - ND_RECT.left, y - ND_RECT.top)), PINK), r.id


def test_next_day_without_a_picture_keeps_its_drawn_map():
    board = _nd_board("next_day_kevingston")
    assert not board_art.has_picture(board.source)
    painter = MapPainter(board)
    painter.layout(ND_RECT)
    bg = painter.background()
    spots = _empty_spots(board, painter)
    assert not any(_near(bg.get_at(p), PINK) for p in spots)
    # the printed-map land (plain or its field wash) shows in most empty places
    land = sum(_near(bg.get_at(p), LAND, 2) or _near(bg.get_at(p), LAND_DARK, 2) for p in spots)
    assert land >= len(spots) // 2


def test_next_day_picture_is_scaled_once_per_size(tmp_path):
    tmx = _with_picture(tmp_path / "nd", ("next_day_kevingston.tmx",), (60 * 32, 42 * 32), ' <layer id="1"')
    painter = MapPainter(_nd_board(str(tmx)))
    painter.layout(ND_RECT)
    first = painter.background()
    assert painter.background() is first  # cached between frames
    painter.layout(pygame.Rect(8, 66, 1524, 966))
    big = painter.background()
    assert big is not first and big.get_size() == (1524, 966)
    assert _near(big.get_at(_empty_spots(painter.board, painter)[0]), PINK)


# -- Package Pandemonium ----------------------------------------------------------------------------

PP_FILES = ("package_pandemonium_riverside.tmx", "package_pandemonium_city.tsx", "package_pandemonium_city.png")
PP_RECT = pygame.Rect(8, 66, 919, 606)


def _pp_spots(g: pd.Geometry, board) -> list[tuple[int, int]]:
    """A point in every block clear of its name, its tile name, its charger and any base."""
    spots = []
    for cell in range(25):
        b = g.block_rect(cell)
        spots.append((b.x + int(b.width * 0.62), b.y + int(b.height * 0.4)))
    return spots


def test_package_pandemonium_draws_a_boards_own_picture(tmp_path):
    tmx = _with_picture(tmp_path / "pp", PP_FILES, (5 * 128, 5 * 128), ' <layer id="1"')
    view = setup(players=2, map=str(tmx))
    board = view.eng.board
    assert board_art.has_picture(board.source)
    surf = pd.paint_city(PP_RECT, board, view)
    g = pd.Geometry(PP_RECT)
    assert all(_near(surf.get_at(p), PINK) for p in _pp_spots(g, board))
    # the picture covers the grid tile for tile: the grid's corners are pink, outside it is not
    assert _near(surf.get_at((g.grid.left + 1, g.grid.top + 1)), PINK)
    assert _near(surf.get_at((g.grid.right - 2, g.grid.bottom - 2)), PINK)
    assert not _near(surf.get_at((g.grid.left - 3, g.grid.centery)), PINK)
    # the game's markers are on it: every water edge is drawn in water blue
    for a, b in board.water:
        ra = g.cell_rect(a)
        mid = (ra.right, ra.centery) if b - a == 1 else (ra.centerx, ra.bottom)
        if (a, b) not in board.bridges:
            assert _near(surf.get_at(mid), pd.WATER, 30), (a, b)
    # and the cached layer shows the same pixels
    screen = pygame.Surface(PP_RECT.bottomright)
    pd.CityLayer().draw(screen, PP_RECT, board, view)
    assert _near(screen.get_at(_pp_spots(g, board)[0]), PINK)


def test_package_pandemonium_without_a_picture_keeps_its_drawn_city():
    view = setup(players=2, map="Riverside")
    board = view.eng.board
    assert not board_art.has_picture(board.source)
    surf = pd.paint_city(PP_RECT, board, view)
    g = pd.Geometry(PP_RECT)
    assert not any(_near(surf.get_at(p), PINK) for p in _pp_spots(g, board))
    # the drawn blocks: the kerb round each block and lane markings between them
    fills = set(pd.TERRAIN_FILL.values())
    corners = [surf.get_at((g.block_rect(c).x + 4, g.block_rect(c).centery)) for c in range(25)]
    assert sum(any(_near(c, f, 2) for f in fills) for c in corners) >= 20
    assert _near(surf.get_at((g.grid.x - g.road // 2, g.grid.centery)), pd.ROAD, 2)
