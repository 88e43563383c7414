"""The parcels on the couriers' parcel boards stay readable in a small window: at 1024 x 600 with
two or four couriers each chip is tall enough for its number and not squashed flat."""

from __future__ import annotations

import pygame
import pytest

from courier.rules.out_for_delivery.state import Parcel
from courier.scenes.games.out_for_delivery import pieces
from courier.scenes.games.out_for_delivery import panel
from courier.ui import draw
from tests.app import layout_matrix
from tests.out_for_delivery import scenes


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "home"))
    a = layout_matrix.open_app((1024, 600))
    yield a
    layout_matrix.close_app(a)


@pytest.mark.parametrize("players", [2, 4])
def test_parcel_chips_are_readable_at_1024_by_600(app, monkeypatch, players):
    m, board = scenes.open_board(app, players=players)
    scenes.to_act(app, board)
    for seat, p in enumerate(m.state.players):
        p.parcels = [Parcel(1 + (seat + k) % 6, k * 3) for k in range(3)]  # squares 1, 4 and 7
    scenes.replace(app, board)
    chips: list[tuple[pygame.Rect, bool]] = []
    real = pieces.parcel_chip

    def spy(surf, rect, colour, number):
        rect = pygame.Rect(rect)
        size = pieces.map_size(rect.height * 0.72, 8)
        chips.append((rect, draw.font(size, True).size(str(number))[0] <= rect.width))
        return real(surf, rect, colour, number)

    monkeypatch.setattr(panel.pieces, "parcel_chip", spy)
    board.view.draw_panel(app.screen)
    assert len(chips) >= 3 * players
    for rect, number_fits in chips:
        assert rect.height >= 13 and rect.width >= 10 and number_fits, rect  # tall enough, never a flat sliver
