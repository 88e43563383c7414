"""Each game's board view (drawing and input) for the board scene.

The module of a game's view (defining ``make_view(ctx: ViewContext) -> GameView``) is named
with the game's other parts, in ``courier.rules.registry``.
"""

from __future__ import annotations

import importlib

from courier.rules import registry
from courier.ui.game_view import GameView, ViewContext


def view_module(game_id: str) -> str | None:
    """The module of ``game_id``'s board view; None if it has none."""
    return registry.part(game_id, "view")


def make_view(ctx: ViewContext) -> GameView:
    module = importlib.import_module(registry.parts(ctx.game.id).view)
    return module.make_view(ctx)
