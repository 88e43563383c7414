"""Place names painted into the Next Day map never cover one another, nor a lake's or river's
name, and stay on the map, at every window size. The layout check audits text drawn on the window;
these names are painted once into the cached map picture, so they are checked here."""

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
