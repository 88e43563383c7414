"""Text sizes for words drawn on a map.

A map already grows with the window (its cells are real pixels), while ``theme.font`` multiplies
every design size by the interface scale; a size worked out from the map's pixels must not grow
twice, so the scale is taken back out here. One helper for the four games (it was three copies)."""

from __future__ import annotations

from courier.ui import theme


def map_size(real: float, least: int = 7) -> int:
    """A font size (design pixels) for text ``real`` window pixels high on a map, never below
    ``least``."""
    return max(least, int(real / theme.ui_scale()))
