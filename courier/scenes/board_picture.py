"""The small picture of a board that goes with a save (shown by the Load screen).

It is drawn by a view of its own that shows only what every player may see (``view(None)``):
the picture is on screen for anyone opening Load, so no hand, card or secret may be in it (the
board on screen shows the current player's). It is drawn at about the size of the smallest
window (views are made for that) and scaled down, always at the design interface scale, so a
save's picture looks the same whatever the window it was made in. Drawing costs tens of milliseconds, so the
autosave after every turn reuses a picture younger than ``MAX_AGE`` seconds; the end of the game
and a save the player asks for always get a fresh one. Any failure gives None and the save goes
ahead without a picture.
"""

from __future__ import annotations

import contextlib
import logging
import time
import weakref
from typing import Any, Iterator

import pygame

from courier.scenes.games import make_view
from courier.scenes.table import view_context
from courier.ui import theme, thumbnail

log = logging.getLogger(__name__)

#: the board is drawn to fit this box (the board area of the smallest window), then scaled down
DRAW_BOX = (640, 420)
#: an autosave reuses a picture younger than this (seconds)
MAX_AGE = 20.0
#: the interface scale the picture is drawn at (labels and tokens keep their size to the board)
SCALE = 1.0


@contextlib.contextmanager
def _design_scale() -> Iterator[None]:
    """Draw at ``SCALE`` and give the window its own scale back after."""
    old = theme.ui_scale()
    theme.set_ui_scale(SCALE)
    try:
        yield
    finally:
        theme.set_ui_scale(old)


class _Painter:
    """One scene's public view and its last picture."""

    def __init__(self, view: Any, size: tuple[int, int]) -> None:
        self.view, self.size = view, size
        self.png: bytes | None = None
        self.made_at = float("-inf")


#: per board scene, while the scene lives
_PAINTERS: "weakref.WeakKeyDictionary[Any, _Painter]" = weakref.WeakKeyDictionary()


def board_picture(scene: Any, fresh: bool = False) -> bytes | None:
    """PNG bytes of ``scene``'s board as everyone sees it, shaped like the board on screen.
    ``fresh``: draw it now even if a recent picture exists."""
    try:
        match = scene.match
        size = thumbnail.fit(pygame.Rect(scene.board_rect).size, DRAW_BOX)
        painter = _PAINTERS.get(scene)
        now = time.monotonic()
        if (painter is not None and painter.size == size and not (fresh or match.is_over())
                and painter.png is not None and now - painter.made_at < MAX_AGE):
            return painter.png
        with _design_scale():
            return _draw(scene, size, now)
    except Exception:  # a picture is a nicety: the save goes ahead without one
        log.warning("no board picture for this save", exc_info=True)
        return None


def _draw(scene: Any, size: tuple[int, int], now: float) -> bytes:
    match = scene.match
    painter = _PAINTERS.get(scene)
    if painter is None or painter.size != size:
        view = make_view(view_context(scene.app, match))
        # the panel is laid out beside the picture and never drawn
        view.layout(pygame.Rect((0, 0), size), pygame.Rect(size[0], 0, 320, 480))
        _PAINTERS[scene] = painter = _Painter(view, size)
    painter.view.show(match.view(None), None, [])
    canvas = pygame.Surface(size)
    canvas.fill(thumbnail.BACKGROUND)
    painter.view.draw_board(canvas)
    painter.png, painter.made_at = thumbnail.png_of(thumbnail.trimmed(canvas)), now
    return painter.png
