"""The screen the window opens on: its size, and a window size made to fit it."""

from __future__ import annotations

import pygame


def display_size() -> tuple[int, int] | None:
    """The size of the screen the window opens on, or None when there is no real screen (the
    headless drivers report a made-up 1024x768) or SDL cannot tell."""
    try:
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return None
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not sizes:
        return None
    width, height = sizes[0]
    return (width, height) if width > 0 and height > 0 else None


def fit_to_display(size: tuple[int, int], screen: tuple[int, int] | None = None) -> tuple[int, int]:
    """``size``, made smaller where the screen is smaller: a window bigger than the screen opens
    off-centre with its edges cut, which no layout can fix (the game lays out for any size)."""
    screen = screen if screen is not None else display_size()
    if screen is None:
        return size
    return min(size[0], screen[0]), min(size[1], screen[1])
