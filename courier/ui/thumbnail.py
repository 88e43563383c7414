"""Small pictures of a board for the save list: made when a game is saved, shown by Load.

A picture is a PNG of the board area scaled to fit ``SIZE``. Making one never stops a save
(any failure gives None: the save is written without a picture), and showing one never breaks
the list (a picture that does not decode is drawn as the game's placeholder instead).
"""

from __future__ import annotations

import io
import logging
import struct
import zlib
from typing import Any

import pygame

from courier.ui import draw, sprites, theme

log = logging.getLogger(__name__)

#: the largest picture made (width, height); the Load screen fits it into its own box
SIZE = (160, 90)
BACKGROUND = (232, 224, 204)
_PNG_MAGIC = b"\x89PNG\r\n\x1a\n"

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
    return encode_png(small)


def encode_png(surface: pygame.Surface) -> bytes:
    """A plain RGB PNG of ``surface``. Written here because it is a few times quicker than
    ``pygame.image.save`` for these small pictures and gives smaller files."""
    w, h = surface.get_size()
    raw = pygame.image.tobytes(surface, "RGB")
    stride = w * 3
    rows = b"".join(b"\x00" + raw[y * stride:(y + 1) * stride] for y in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return _PNG_MAGIC + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b"")


def trimmed(surface: pygame.Surface) -> pygame.Surface:
    """``surface`` without the plain ``BACKGROUND`` margin around a board drawn to fit."""
    surface.set_colorkey(BACKGROUND)
    used = surface.get_bounding_rect()
    surface.set_colorkey(None)
    w, h = surface.get_size()
    if used.width >= w // 3 and used.height >= h // 3:
        return surface.subsurface(used)
    return surface


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
    draw.rounded_rect(surface, rect, BACKGROUND, 8)
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
