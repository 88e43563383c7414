"""Colours and fonts: one look for every screen. Fonts are bundled so text renders the same
everywhere."""

from __future__ import annotations

import functools

import pygame

from courier import resources

# A warm paper-and-ink palette; player colours chosen to stay apart for common colour blindness
# (pieces also differ by shape, never by colour alone).
PAPER = (244, 238, 224)
PAPER_DARK = (226, 216, 194)
INK = (40, 36, 32)
INK_SOFT = (98, 90, 80)
ACCENT = (196, 84, 44)
ACCENT_DARK = (150, 58, 28)
GOOD = (54, 130, 80)
BAD = (186, 50, 50)
HIGHLIGHT = (255, 206, 84)
PANEL = (252, 249, 241)
SHADOW = (0, 0, 0, 60)
OVERLAY = (24, 22, 20, 200)

PLAYER_COLOURS: list[tuple[str, tuple[int, int, int]]] = [
    ("Blue", (0, 114, 178)),
    ("Orange", (230, 159, 0)),
    ("Green", (0, 158, 115)),
    ("Purple", (160, 90, 170)),
    ("Vermilion", (213, 94, 0)),
    ("Sky", (86, 180, 233)),
]


@functools.lru_cache(maxsize=64)
def font(size: int, bold: bool = False, serif: bool = False) -> pygame.font.Font:
    """The bundled font at ``size`` pixels."""
    if not pygame.font.get_init():
        pygame.font.init()
    name = {
        (False, False): "DejaVuSans.ttf",
        (True, False): "DejaVuSans-Bold.ttf",
        (False, True): "DejaVuSerif.ttf",
        (True, True): "DejaVuSerif-Bold.ttf",
    }[(bold, serif)]
    return pygame.font.Font(str(resources.asset("fonts", name)), size)
