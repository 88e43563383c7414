"""Each game's board view (drawing and input) for the board scene.

Game id -> module defining ``make_view(ctx: ViewContext) -> GameView``, as each game's parts
name it in ``courier.rules.registry`` (the one place that names a game's modules).
"""

from __future__ import annotations

import importlib

from courier.rules import registry
from courier.ui.game_view import GameView, ViewContext

#: read from the games' parts once; a test may add a stand-in game's view here
VIEWS: dict[str, str] = {gid: parts.view for gid, parts in registry.PARTS.items() if parts.view}


def make_view(ctx: ViewContext) -> GameView:
    module = importlib.import_module(VIEWS[ctx.game.id])
    return module.make_view(ctx)
