"""The layout check over a real app at the four window sizes (see ``courier.ui.layout_check``).

``open_app(size)`` opens the app at a size under the dummy driver; ``check(app, name)`` draws one
frame, keeps the picture under ``tests/_screenshots/layout/`` and returns the problems found.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from courier.ui import layout_check

SIZES = layout_check.SIZES
SHOTS = Path(__file__).resolve().parent.parent / "_screenshots" / "layout"


def open_app(size: tuple[int, int]):
    from courier.app import App
    from courier.settings import Settings

    return App(Settings(), size=size, fullscreen=False)


def close_app(app) -> None:
    while app.stack.top is not None:
        app.stack.pop()
    pygame.display.quit()


def check(app, name: str) -> list[str]:
    """Problems of the screen now showing, tagged with ``name`` and the size; keeps the PNG."""
    surface = app.screen
    w, h = surface.get_size()
    problems = layout_check.check(app.stack, surface)
    layout_check.save(surface, SHOTS / f"{name}-{w}x{h}.png")
    return [f"{name} at {w}x{h}: {p}" for p in problems]
