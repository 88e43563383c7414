"""The view reflows inside whatever panel the board scene gives it: at each window size, from the
narrowest panel (300 design pixels) to one a little wider than a quarter of the window, the layout
check finds nothing leaving the panel, no overlapping controls and no text cut without a way to
read it whole. (The board scene itself is checked in test_layout; here the view is drawn alone.)"""

from __future__ import annotations

import pygame
import pytest

from courier.rules.out_for_delivery import actions as A
from courier.ui import draw, layout_check, theme
from tests.out_for_delivery.helpers import GAME, at, board, give
from tests.out_for_delivery.test_view import Table

B = board()


class _Scene:
    def __init__(self, view) -> None:
        self.view = view

    def focusables(self):
        return self.view.focusables()

    def tooltip_at(self, pos):
        return self.view.tooltip(pos)


class _Stack:
    """Just enough of a scene stack for the layout check: the view's board and panel."""

    def __init__(self, view) -> None:
        self.top = _Scene(view)

    def draw(self, surface: pygame.Surface) -> None:
        view = self.top.view
        draw.paper_background(surface)
        surface.set_clip(view.board_rect)
        view.draw_board(surface)
        surface.set_clip(None)
        view.draw_panel(surface)


def _rects(size: tuple[int, int], share: float) -> tuple[pygame.Rect, pygame.Rect]:
    w, h = size
    px = theme.px
    side = max(px(300), int(w * share))
    top = px(58)
    board_rect = pygame.Rect(0, top, w - side, h - top - px(40)).inflate(-16, -16)
    inner = pygame.Rect(w - side + 8, top + 8, side - 16, h - top - 16)
    panel_rect = pygame.Rect(inner.x, inner.y, inner.width, int(inner.height * 0.62)).inflate(-12, -12)
    return board_rect, panel_rect


def _positions(t: Table):
    """Set-up, a city with a full load and every item, and the trade dialog."""
    yield "start"
    for i in range(4):
        t.submit(A.StartCity(i, i + 1))
    t.submit(A.Roll(0))
    t.settle()
    s = t.s
    s.mp, s.obstacle = 24, "none"
    at(s, 0, B.city(1).pickup)
    s.waiting[0] = [2, 3, 4, 5, 6]
    s.players[0].items = ["coffee", "airplane_ticket", "umbrella", "ski_mask", "snow_shoes", "portable_boat"]
    s.players[0].gold = 240
    give(s, 0, (2, 0), (3, 1), (4, 2), (5, 3), (6, 4))
    t.refresh()
    yield "city"
    here = B.cell(5, 3)
    at(s, 0, here)
    at(s, 1, here)
    give(s, 0, (3, 1))
    give(s, 1, (6, 7), (2, 0))
    s.players[1].items = ["umbrella"]
    t.refresh()
    for _ in range(4):
        if any(b.label == "Trade…" for b in t.view.buttons):
            break
        t.click(next(b for b in t.view.buttons if b.command == "page").rect.center)
    t.click(t.button("Trade…").rect.center)
    give_gold = next(b for b in t.view.dialog if b.command.startswith("trade:give:gold:"))
    t.click(give_gold.rect.center)
    yield "trade"


@pytest.mark.parametrize("size", layout_check.SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("share", (0.0, 0.27, 0.32))
def test_the_view_reflows_in_any_panel(size, share) -> None:
    pygame.display.init()
    screen = pygame.display.set_mode(size)
    theme.set_ui_scale(theme.scale_for(size))
    try:
        t = Table(4, seed=3)
        board_rect, panel_rect = _rects(size, share)
        problems: list[str] = []
        for name in _positions(t):
            t.view.layout(board_rect, panel_rect)
            found = layout_check.check(_Stack(t.view), screen)
            problems += [f"{name} at {size} with a {panel_rect.width}px panel: {p}" for p in found]
        assert not problems, "\n".join(problems)
        assert GAME.to_act(t.s) == [0]
    finally:
        theme.set_ui_scale(1.0)
