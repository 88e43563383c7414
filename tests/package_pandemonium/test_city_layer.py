"""The cached city layer draws exactly what drawing the city in place draws, and is painted again
when the board area's size, the board or the place names change (a stale layer would show the
wrong streets or a city cut to the old window size)."""

from __future__ import annotations

import pygame

from courier.scenes.games.package_pandemonium import mapart as pd
from courier.ui import theme
from tests.package_pandemonium.pp_helpers import GAME, setup

#: board areas as the board scene lays them out at 1280x720 and 1920x1080
SMALL = pygame.Rect(8, 66, 919, 606)
LARGE = pygame.Rect(8, 66, 1524, 966)


def window(rect: pygame.Rect) -> pygame.Surface:
    """A window-sized surface clipped as the board scene clips: to its own board area, which
    is 8 pixels wider each side than the view's (the city's edge and shadow may show there)."""
    surf = pygame.Surface((1920, 1080))
    surf.fill((1, 2, 3))
    pygame.draw.line(surf, (200, 40, 40), (0, 0), (1919, 1079), 9)  # a background that is not flat
    surf.set_clip(rect.inflate(16, 16))
    return surf


def in_place(rect: pygame.Rect, board, view) -> bytes:
    """The reference: paper and the city drawn straight onto the window."""
    surf = window(rect)
    surf.fill(theme.PAPER, rect)
    pd.draw_city(surf, pd.Geometry(rect), board, view)
    return pygame.image.tobytes(surf, "RGB")


def cached(layer: pd.CityLayer, rect: pygame.Rect, board, view) -> bytes:
    surf = window(rect)
    layer.draw(surf, rect, board, view)
    assert surf.get_clip() == rect.inflate(16, 16)  # the caller's clip is left as it was
    return pygame.image.tobytes(surf, "RGB")


def test_layer_matches_drawing_in_place_at_two_sizes_and_back(screen_1080):
    s = setup(players=2, map="Riverside")
    board = s.eng.board
    layer = pd.CityLayer()
    for rect in (SMALL, LARGE, SMALL.move(40, 10)):  # resize, then back to the old size elsewhere
        assert cached(layer, rect, board, s) == in_place(rect, board, s), rect


def test_layer_is_repainted_for_another_board_or_other_names(screen_1080):
    a = setup(players=2, map="Riverside")
    b = setup(players=2, map="Twin Bridges")
    layer = pd.CityLayer()
    first = cached(layer, SMALL, a.eng.board, a)
    other = cached(layer, SMALL, b.eng.board, b)
    assert other != first  # a different map must not reuse the Riverside pixels
    assert other == in_place(SMALL, b.eng.board, b)
    renamed = setup(players=2, map="Twin Bridges")
    renamed.locations = list(reversed(renamed.locations))
    assert cached(layer, SMALL, renamed.eng.board, renamed) == in_place(SMALL, renamed.eng.board, renamed)


def test_view_draws_the_city_from_the_layer_after_a_resize(screen_1080):
    from courier.scenes.games import make_view
    from courier.ui.game_view import SeatInfo, ViewContext

    cfg = GAME.make_config(players=2, map="Riverside")
    seats = [SeatInfo(n, theme.PLAYER_COLOURS[i][1]) for i, n in enumerate(GAME.seat_names(cfg))]
    gv = make_view(ViewContext(GAME, cfg, seats))
    s = setup(players=2, map="Riverside")
    gv.show(GAME.view(s, None), None, [])
    for rect in (SMALL, LARGE):
        gv.layout(rect, pygame.Rect(rect.right, 66, 360, rect.height))
        screen_1080.fill((1, 2, 3))
        screen_1080.set_clip(rect)
        gv.draw_board(screen_1080)
        screen_1080.set_clip(None)
        got = screen_1080.subsurface(rect).copy()
        # a block with nothing on it (no base, van, cube or package) matches a fresh drawing
        busy = {s.eng.board.rogue_base} | {v.base for v in s.vans} | {v.pos for v in s.vans}
        busy |= {c for v in s.vans for c in v.cubes} | {c for c, tile in enumerate(s.tiles) if tile}
        empty = min(set(range(25)) - busy)
        ref = pygame.Surface(screen_1080.get_size())
        ref.set_clip(rect)
        ref.fill(theme.PAPER, rect)
        pd.draw_city(ref, pd.Geometry(rect), s.eng.board, GAME.view(s, None))
        g = pd.Geometry(rect)
        corner = g.cell_rect(empty).move(-rect.x, -rect.y)
        want = ref.subsurface(rect).copy()
        assert pygame.image.tobytes(got.subsurface(corner), "RGB") == pygame.image.tobytes(want.subsurface(corner), "RGB")
        assert gv.city._key is not None and gv.city._key[0] == tuple(rect)  # painted for this area
