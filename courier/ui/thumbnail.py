"""Small pictures of a board for the save list: made when a game is saved, shown by Load.

A picture is a PNG of the board area scaled to fit ``SIZE``. Making one never stops a save
(any failure gives None: the save is written without a picture), and showing one never breaks
the list (a picture that does not decode is drawn as the game's placeholder instead).
"""

from __future__ import annotations

import io
import logging
from typing import Any

import pygame

from courier.ui import draw, sprites, theme

log = logging.getLogger(__name__)

#: the largest picture made (width, height); the Load screen fits it into its own box
SIZE = (160, 90)
_BACKGROUND = (232, 224, 204)

#: the piece drawn on a save without a picture, per game (a sprite name), and its tint
_PLACEHOLDER: dict[str, tuple[str, tuple[int, int, int]]] = {
    "next-day": ("van", (0, 114, 178)),
    "doorstep-dash": ("meeple", (0, 158, 115)),
    "package-pandemonium": ("parcel_crate", (213, 94, 0)),
    "out-for-delivery": ("bike", (160, 90, 170)),
}


def fit(size: tuple[int, int], box: tuple[int, int]) -> tuple[int, int]:
    """``size`` scaled to fit inside ``box``, keeping its shape (at least 1x1)."""
    w, h = max(1, size[0]), max(1, size[1])
    k = min(box[0] / w, box[1] / h)
    return max(1, round(w * k)), max(1, round(h * k))


def png_of(surface: pygame.Surface, box: tuple[int, int] = SIZE) -> bytes:
    """``surface`` scaled down to fit ``box``, as PNG bytes."""
    size = fit(surface.get_size(), box)
    deep = surface.get_bitsize() in (24, 32)
    small = pygame.transform.smoothscale(surface, size) if deep else pygame.transform.scale(surface, size)
    out = io.BytesIO()
    pygame.image.save(small, out, "board.png")
    return out.getvalue()


def of_board(scene: Any) -> bytes | None:
    """A picture of a board scene's board area (its ``view.draw_board`` inside ``board_rect``),
    drawn afresh so that no dialog, tooltip or hand-over screen is in it. None if it fails."""
    try:
        rect = pygame.Rect(scene.board_rect)
        if rect.width < 8 or rect.height < 8:
            return None
        canvas = pygame.Surface((rect.right, rect.bottom), 0, 32)
        canvas.fill(_BACKGROUND)
        canvas.set_clip(rect)
        scene.view.draw_board(canvas)
        canvas.set_clip(None)
        board = canvas.subsurface(rect)
        board.set_colorkey(_BACKGROUND)  # trim the empty margin around a board drawn to fit
        used = board.get_bounding_rect()
        board.set_colorkey(None)
        if used.width >= rect.width // 3 and used.height >= rect.height // 3:
            board = board.subsurface(used)
        return png_of(board)
    except Exception:  # a picture is a nicety: the save goes ahead without one
        log.warning("no board picture for this save", exc_info=True)
        return None


def decode(png: bytes | None) -> pygame.Surface | None:
    """A surface from PNG bytes a save carried, or None if they do not decode (never raises)."""
    if not png:
        return None
    try:
        surf = pygame.image.load(io.BytesIO(png), "board.png")
    except Exception:  # pygame.error, ValueError, MemoryError ...: a damaged picture is no picture
        return None
    if surf.get_width() < 1 or surf.get_height() < 1:
        return None
    return surf


def draw_picture(surface: pygame.Surface, rect: pygame.Rect, picture: pygame.Surface | None, game_id: str,
                 game_title: str = "") -> None:
    """Draw a save's picture fitted into ``rect`` on a card, or the game's placeholder."""
    draw.rounded_rect(surface, rect, _BACKGROUND, 8)
    if picture is not None:
        try:
            size = fit(picture.get_size(), (rect.width - 6, rect.height - 6))
            img = pygame.transform.smoothscale(picture, size) if size != picture.get_size() else picture
            surface.blit(img, img.get_rect(center=rect.center))
        except Exception:
            picture = None
    if picture is None:
        draw_placeholder(surface, rect, game_id, game_title)
    draw.rounded_rect(surface, rect, theme.PAPER_DARK, 8, width=1)


def draw_placeholder(surface: pygame.Surface, rect: pygame.Rect, game_id: str, game_title: str = "") -> None:
    """The game's piece on a road, with its name: for saves without a picture."""
    name, colour = _PLACEHOLDER.get(game_id, ("parcel_box", theme.ACCENT))
    inner = rect.inflate(-6, -6)
    draw.gradient(surface, inner, draw.lighten(colour, 0.78), draw.lighten(colour, 0.6))
    road = pygame.Rect(inner.left, inner.bottom - inner.height // 4, inner.width, max(4, inner.height // 7))
    pygame.draw.rect(surface, (120, 112, 104), road)
    for x in range(road.left + 6, road.right - 6, 22):
        pygame.draw.rect(surface, (238, 214, 120), (x, road.centery - 1, 10, 2))
    side = max(8, int(inner.height * 0.55))
    try:
        img = sprites.tinted(name, colour, side) if name in sprites.TINTABLE else sprites.scaled(name, side)
        surface.blit(img, img.get_rect(midbottom=(inner.centerx, road.top + side // 6)))
    except Exception:  # a missing sprite: the card still shows the name
        pass
    if game_title:
        draw.text(surface, game_title, (inner.centerx, inner.top + 4), 12, draw.darken(colour, 0.45), bold=True,
                  anchor="midtop", max_width=inner.width - 8)
