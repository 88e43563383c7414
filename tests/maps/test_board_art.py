"""A board's own picture: image layers and tile layers marked as picture are drawn under the pieces,
scaled to the board; boards without one keep the game's drawn look."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from courier.rules import registry
from courier.ui import board_art
from tests.maps.helpers import MAPS_DIR

RED = (200, 30, 40)
TILE = 16


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    yield


def _near(colour, want, tolerance: int = 8) -> bool:
    """Equal but for the rounding of a smooth scale."""
    return all(abs(a - b) <= tolerance for a, b in zip(tuple(colour)[:3], tuple(want)[:3]))


def _png(path: Path, size: tuple[int, int], colour) -> None:
    surf = pygame.Surface(size)
    surf.fill(colour)
    pygame.image.save(surf, str(path))


def small_board(folder: Path, *, image_layer: bool = True, picture_tiles: bool = False) -> Path:
    """A 4x3 map with an image layer (a red picture) and/or a tile layer named picture (green tiles)."""
    folder.mkdir(parents=True, exist_ok=True)
    _png(folder / "pic.png", (4 * TILE, 3 * TILE), RED)
    _png(folder / "tiles.png", (2 * TILE, TILE), (30, 160, 60))
    (folder / "tiles.tsx").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" name="t" tilewidth="{TILE}" tileheight="{TILE}" '
        f'tilecount="2" columns="2">\n <image source="tiles.png" width="{2 * TILE}" height="{TILE}"/>\n</tileset>\n')
    layers = ""
    if image_layer:
        layers += f' <imagelayer id="1" name="sky">\n  <image source="pic.png" width="{4 * TILE}" height="{3 * TILE}"/>\n </imagelayer>\n'
    if picture_tiles:
        layers += (' <layer id="2" name="paint" width="4" height="3">\n  <properties>\n'
                   '   <property name="picture" type="bool" value="true"/>\n  </properties>\n'
                   '  <data encoding="csv">\n1,1,0,0,\n1,1,0,0,\n0,0,0,0\n</data>\n </layer>\n')
    layers += ' <layer id="3" name="ground" width="4" height="3">\n  <data encoding="csv">\n2,2,2,2,\n2,2,2,2,\n2,2,2,2\n</data>\n </layer>\n'
    path = folder / "small.tmx"
    path.write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" '
        f'renderorder="right-down" width="4" height="3" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
        f'nextlayerid="4" nextobjectid="1">\n <tileset firstgid="1" source="tiles.tsx"/>\n{layers}</map>\n')
    return path


def test_an_image_layer_is_the_picture_and_is_drawn_scaled(tmp_path):
    path = small_board(tmp_path)
    assert board_art.has_picture(path)
    pic = board_art.picture(path)
    assert pic is not None and pic.get_size() == (4 * TILE, 3 * TILE)
    assert tuple(pic.get_at((5, 5)))[:3] == RED
    # the ground layer is data, not picture: it is not drawn over the image
    assert tuple(pic.get_at((3 * TILE + 5, 2 * TILE + 5)))[:3] == RED
    screen = pygame.Surface((400, 300))
    screen.fill((0, 0, 0))
    rect = pygame.Rect(100, 50, 200, 150)
    assert board_art.draw_picture(screen, path, rect)
    assert tuple(screen.get_at(rect.center))[:3] == RED
    assert tuple(screen.get_at((rect.right - 2, rect.bottom - 2)))[:3] == RED
    assert tuple(screen.get_at((rect.left - 2, rect.top - 2)))[:3] == (0, 0, 0)


def test_a_tile_layer_marked_picture_is_drawn_with_its_tileset(tmp_path):
    path = small_board(tmp_path, image_layer=False, picture_tiles=True)
    assert board_art.has_picture(path)
    pic = board_art.picture(path)
    assert tuple(pic.get_at((5, 5)))[:3] == (30, 160, 60)
    assert pic.get_at((3 * TILE + 5, 5)).a == 0  # unpainted tiles stay see-through


def test_a_board_without_a_picture_draws_nothing(tmp_path):
    path = small_board(tmp_path, image_layer=False)
    assert not board_art.has_picture(path) and board_art.picture(path) is None
    screen = pygame.Surface((100, 100))
    screen.fill((1, 2, 3))
    assert not board_art.draw_picture(screen, path, screen.get_rect())
    assert tuple(screen.get_at((50, 50)))[:3] == (1, 2, 3)
    for name in ("doorstep_dash_town.tmx", "out_for_delivery.tmx", "out_for_delivery_valleys.tmx",
                 "next_day_kevingston.tmx", "package_pandemonium_canal.tmx"):
        assert not board_art.has_picture(MAPS_DIR / name), name
    assert board_art.picture(tmp_path / "missing.tmx") is None


def test_a_broken_picture_is_the_games_own_look(tmp_path):
    path = small_board(tmp_path)
    (tmp_path / "pic.png").write_bytes(b"not a png")
    assert board_art.picture(path) is None


def test_doorstep_dash_draws_a_boards_own_picture_under_its_markers():
    from courier.scenes.games.doorstep_dash.mapart import BoardPainter, ROOF

    game = registry.get("doorstep-dash")
    salt = game.board(game.make_config(players=2, map="doorstep_dash_saltmarsh"))
    town = game.board(game.make_config(players=2))
    art = board_art.picture(salt.source)
    assert art is not None
    cs = 20
    surf = BoardPainter(salt).surface(cs)
    sea = (2 * cs + cs // 2, 20 * cs + cs // 2)  # a sea square of the picture: no marker there
    expected = pygame.transform.smoothscale(art, (salt.width * cs, salt.height * cs)).get_at(sea)
    assert _near(surf.get_at(sea), expected)
    # the game's markers are on it: an entrance square in its house's colour
    cell, house = next(iter(salt.entrance_house.items()))
    got = surf.get_at((cell[0] * cs + cs // 2, cell[1] * cs + cs // 2))
    roof = ROOF[salt.houses[house].colour]
    assert sum(abs(a - b) for a, b in zip(got[:3], roof)) < sum(abs(a - b) for a, b in zip(expected[:3], roof))
    # a board without a picture keeps the drawn town (the grass colour of the painter)
    assert board_art.picture(town.source) is None
    from courier.scenes.games.doorstep_dash.mapart import GRASS
    def grassy(surface: pygame.Surface) -> float:
        w, h = surface.get_size()
        points = [(x, y) for x in range(3, w, 7) for y in range(3, h, 7)]
        return sum(_near(surface.get_at(p), GRASS, 4) for p in points) / len(points)

    assert grassy(BoardPainter(town).surface(cs)) > 0.2  # today's drawn town
    assert grassy(surf) < 0.05  # the picture instead


def test_out_for_delivery_draws_a_boards_own_picture(tmp_path):
    from courier.scenes.games.out_for_delivery import mapart as paint

    folder = tmp_path / "b"
    folder.mkdir()
    for f in ("out_for_delivery_valleys.tmx", "out_for_delivery_tiles.tsx", "out_for_delivery_tiles.png"):
        shutil.copy(MAPS_DIR / f, folder / f)
    _png(folder / "art.png", (30 * 32, 21 * 32), RED)
    tmx = folder / "out_for_delivery_valleys.tmx"
    text = tmx.read_text(encoding="utf-8")
    tmx.write_text(text.replace(' <layer id="1"', ' <imagelayer id="9" name="picture">\n  <image source="art.png" '
                                'width="960" height="672"/>\n </imagelayer>\n <layer id="1"', 1), encoding="utf-8")
    game = registry.get("out-for-delivery")
    board = game.board(game.make_config(players=2, map=str(tmx)))
    rect = pygame.Rect(0, 0, 600, 420)
    geo = paint.Geometry(board, rect)
    painted = paint.paint_map(board, geo)
    s = geo.tile
    assert _near(painted.get_at((int(27.5 * s), int(1.5 * s))), RED)  # offroad corner: the picture
    plain = paint.paint_map(game.board(game.make_config(players=2, map="out_for_delivery_valleys")), geo)
    assert not _near(plain.get_at((int(27.5 * s), int(1.5 * s))), RED)
