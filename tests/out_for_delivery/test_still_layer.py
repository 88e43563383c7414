"""The cached still layer (map, city labels, this round's closures and weather boxes) shows exactly
what drawing them in place shows, and is painted again when the window size, the weather, the
round's event or the player whose costs are shown change (a stale layer would show last
round's weather or a map cut to the old size)."""

from __future__ import annotations

import pygame

from courier.scenes.games import make_view
from courier.scenes.games.out_for_delivery import mapart as paint
from courier.ui import theme
from courier.ui.game_view import SeatInfo, ViewContext

from tests.out_for_delivery.helpers import GAME, acting

#: board areas as the board scene lays them out at 1280x720 and 1920x1080
SMALL = pygame.Rect(8, 66, 919, 606)
LARGE = pygame.Rect(8, 66, 1524, 966)


def make_view_for(state):
    n = len(state.players)
    seats = [SeatInfo(f"Courier {i + 1}", theme.PLAYER_COLOURS[i][1]) for i in range(n)]
    return make_view(ViewContext(GAME, GAME.make_config(players=n), seats))


def in_place(view) -> bytes:
    """The reference: map, labels, closures and weather drawn straight onto a window surface."""
    surf = pygame.Surface((1920, 1080))
    surf.fill((1, 2, 3))
    surf.set_clip(view.board_rect)
    surf.blit(paint.paint_map(view.board, view.geo), view.geo.rect.topleft)
    for city in view.board.cities:
        view.art.city_label(surf, city.number)
    view.art.event_marks(surf, view.seen)
    view.art.weather(surf, view._frame())
    return pygame.image.tobytes(surf.subsurface(view.geo.rect), "RGB")


def cached(view) -> bytes:
    surf = pygame.Surface((1920, 1080))
    surf.fill((1, 2, 3))
    surf.blit(view.art.still_layer(view._frame()), view.geo.rect.topleft, view.geo.rect)
    return pygame.image.tobytes(surf.subsurface(view.geo.rect), "RGB")


def show(view, state) -> None:
    view.show(GAME.view(state, 0), 0, GAME.legal_actions(state, 0))


def test_still_layer_matches_drawing_in_place_at_two_sizes(screen_1080):
    s = acting(players=3, weather="heavy_rain", obstacle="rock_slide")
    view = make_view_for(s)
    show(view, s)
    for rect in (SMALL, LARGE, SMALL.move(30, 0)):
        view.layout(rect, pygame.Rect(rect.right, 66, 360, rect.height))
        assert not view.art.loose_labels  # every label fits inside the map at these sizes
        assert cached(view) == in_place(view), rect


def test_still_layer_follows_the_weather_event_and_the_turn(screen_1080):
    s = acting(players=3, weather="sunny", obstacle="none")
    view = make_view_for(s)
    view.layout(SMALL, pygame.Rect(SMALL.right, 66, 360, SMALL.height))
    show(view, s)
    sunny = cached(view)
    assert sunny == in_place(view)
    s.weather = ["heavy_snow"] + s.weather[1:]
    s.obstacle = "bridge_construction"
    show(view, s)
    snowy = cached(view)
    assert snowy != sunny and snowy == in_place(view)
    s.snow_shoes = True  # the player now acting walks through snow at the normal cost
    show(view, s)
    shod = cached(view)
    assert shod != snowy and shod == in_place(view)


def test_the_board_view_uses_the_layer_and_drops_it_on_resize(screen_1080):
    s = acting(players=2)
    view = make_view_for(s)
    show(view, s)
    view.layout(SMALL, pygame.Rect(SMALL.right, 66, 360, SMALL.height))
    view.draw_board(screen_1080)
    small = view.art._layer
    assert small is not None and view.art._layer_key is not None
    view.draw_board(screen_1080)
    assert view.art._layer is small  # nothing changed: the same pixels are reused
    view.layout(LARGE, pygame.Rect(LARGE.right, 66, 360, LARGE.height))
    view.draw_board(screen_1080)
    assert view.art._layer is not small and view.art._base_key[0] == tuple(view.geo.rect)
