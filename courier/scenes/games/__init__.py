"""Each game's board view (drawing and input) for the board scene.

Game id -> module defining ``make_view(ctx: ViewContext) -> GameView``.
"""

from __future__ import annotations

import importlib

from courier.ui.game_view import GameView, ViewContext

VIEWS = {
    "next-day": "courier.scenes.games.next_day",
    "doorstep-dash": "courier.scenes.games.doorstep_dash",
    "package-pandemonium": "courier.scenes.games.package_pandemonium",
    "out-for-delivery": "courier.scenes.games.out_for_delivery",
}


def make_view(ctx: ViewContext) -> GameView:
    module = importlib.import_module(VIEWS[ctx.game.id])
    return module.make_view(ctx)
