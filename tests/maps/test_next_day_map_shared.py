"""Next Day's painted map is shared by every painter of the same board at the same place and size
(a view built anew for the next person, or a hint's trial views, paints nothing again), and the
names' places come with it; another size is painted for itself."""

from __future__ import annotations

import pygame
import pytest

from courier.rules import registry
from courier.scenes.games.next_day import mapart
from courier.scenes.games.next_day.mapart import MapPainter


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def test_a_second_painter_of_the_same_board_and_size_reuses_the_picture(monkeypatch):
    board = registry.get("next-day").board(registry.get("next-day").make_config(players=3))
    first = MapPainter(board)
    first.layout(pygame.Rect(6, 79, 736, 483))
    bg = first.background()
    painted: list[int] = []
    real = MapPainter._paint
    monkeypatch.setattr(MapPainter, "_paint", lambda self: painted.append(1) or real(self))
    second = MapPainter(board)
    second.layout(pygame.Rect(6, 79, 736, 483))
    assert second.background() is bg and not painted
    assert second.labels == first.labels and second.labels is not first.labels
    other = MapPainter(board)
    other.layout(pygame.Rect(12, 150, 1378, 858))
    assert other.background().get_size() == (1378, 858) and painted == [1]
    assert len(mapart._PAINTED) <= mapart.PAINTED_KEPT
