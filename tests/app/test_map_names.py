"""Place names painted into the maps never cover one another or what a player needs to see, and
stay on the map, at every window size: Next Day's town names keep clear of each other and of the
lakes' and rivers' names; Out For Delivery's landscape names keep clear of the cities, the roads'
bridges and passes, and each other. The layout check audits text drawn on the window; these names
are painted once into the cached map picture, so they are checked here."""

from __future__ import annotations

import pygame
import pytest

from courier.match import Match
from courier.scenes.board import BoardScene

from . import layout_matrix
from .test_layout_board_host import _frame, _seats


@pytest.mark.parametrize("size", layout_matrix.SIZES)
def test_next_day_place_names_keep_clear_of_each_other(size, courier_home) -> None:
    app = layout_matrix.open_app(size)
    try:
        match = Match.new("next-day", _seats("human", "ai", "ai"), seed=3)
        board = app.stack.push(BoardScene(app, match, autosave=False))
        _frame(app)
        painter = board.view.map
        names = list(painter.labels.items())
        assert len(names) == len(painter.board.places)
        names += [(f"water {i}", r) for i, r in enumerate(painter._scenery_names)]
        clashes = [(a, b) for i, (a, ra) in enumerate(names) for b, rb in names[i + 1:] if ra.colliderect(rb)]
        assert not clashes, f"names over names at {size}: {clashes}"
        outside = [n for n, r in painter.labels.items() if not painter.map_rect.contains(r)]
        assert not outside, f"names off the map at {size}: {outside}"
    finally:
        layout_matrix.close_app(app)


@pytest.mark.parametrize("size", layout_matrix.SIZES)
def test_out_for_delivery_landscape_names_leave_cities_and_crossings_clear(size, courier_home) -> None:
    from courier.scenes.games.out_for_delivery.mapart import Geometry, map_label_rect

    app = layout_matrix.open_app(size)
    try:
        match = Match.new("out-for-delivery", _seats("human", "ai"), seed=3)
        board = app.stack.push(BoardScene(app, match, autosave=False))
        _frame(app)
        art = board.view.art
        geo = Geometry.__new__(Geometry)  # the map is painted at the origin, as the painter does
        geo.board, geo.tile, geo.rect = art.board, art.geo.tile, pygame.Rect((0, 0), art.geo.rect.size)
        b = art.board
        names = {lb.text: map_label_rect(geo, lb.text, lb.x, lb.y, lb.angle) for lb in b.labels}
        assert names, "the map has landscape names"
        keep_clear = {f"city {c.number}": geo.cell_rect(c.pickup).union(geo.cell_rect(c.delivery)) for c in b.cities}
        keep_clear.update({f"{b.terrain[c]} crossing {c}": geo.cell_rect(c) for c in range(b.width * b.height)
                           if b.terrain[c] in ("river", "mountain")})
        covered = [(n, k) for n, r in names.items() for k, kr in keep_clear.items() if r.colliderect(kr)]
        assert not covered, f"names over the board at {size}: {covered}"
        listed = list(names.items())
        clashes = [(a, c) for i, (a, ra) in enumerate(listed) for c, rc in listed[i + 1:] if ra.colliderect(rc)]
        assert not clashes, f"names over names at {size}: {clashes}"
        outside = [n for n, r in names.items() if not geo.rect.contains(r)]
        assert not outside, f"names off the map at {size}: {outside}"
    finally:
        layout_matrix.close_app(app)
