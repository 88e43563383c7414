"""Colours and fonts: one look for every screen. Fonts are bundled so text renders the same
everywhere (with fallbacks for Chinese, Japanese and emoji: :mod:`courier.ui.fonts`)."""

from __future__ import annotations

import functools

import pygame

from courier import resources
from courier.ui import palette

# A warm paper-and-ink palette; player colours chosen to stay apart for common colour blindness
# (pieces also differ by shape, never by colour alone). The values live in the active palette
# (:mod:`courier.ui.palette`, by role); these names follow it whenever another palette is made
# active, so ``theme.INK`` read at draw time is the active palette's ink.
PAPER = palette.colour("paper")
PAPER_DARK = palette.colour("paper_dark")
INK = palette.colour("ink")
INK_SOFT = palette.colour("ink_soft")
ACCENT = palette.colour("accent")
ACCENT_DARK = palette.colour("accent_dark")
GOOD = palette.colour("good")
BAD = palette.colour("bad")
HIGHLIGHT = palette.colour("highlight")
PANEL = palette.colour("panel")
SHADOW = palette.colour("shadow")
OVERLAY = palette.colour("overlay")

#: a message's colour by what it says, never by where it is drawn: the warning colour is for a
#: refusal or a warning alone, so that it keeps meaning "look out" (information and guidance, such
#: as what a planned route costs, are drawn in ink)
MESSAGE_ROLES: dict[str, str] = {
    "info": "ink_soft",
    "guide": "ink",
    "good": "good",
    "warning": "accent_dark",
    "refusal": "bad",
}
MESSAGE_COLOURS: dict[str, palette.RGB] = {k: palette.colour(r) for k, r in MESSAGE_ROLES.items()}


def message_colour(role: str) -> palette.RGB:
    """The colour of a message of ``role`` (see ``MESSAGE_ROLES``), from the active palette."""
    return palette.colour(MESSAGE_ROLES[role])


PLAYER_COLOURS: list[tuple[str, palette.RGB]] = palette.seat_colours()

_NAMED = {"PAPER": "paper", "PAPER_DARK": "paper_dark", "INK": "ink", "INK_SOFT": "ink_soft", "ACCENT": "accent",
          "ACCENT_DARK": "accent_dark", "GOOD": "good", "BAD": "bad", "HIGHLIGHT": "highlight", "PANEL": "panel",
          "SHADOW": "shadow", "OVERLAY": "overlay"}


def _follow_palette() -> None:
    """Point the named colours at the palette just made active (the lists and tables in place,
    so a screen holding ``PLAYER_COLOURS`` sees the new seats)."""
    g = globals()
    for name, role in _NAMED.items():
        g[name] = palette.colour(role)
    MESSAGE_COLOURS.update({k: palette.colour(r) for k, r in MESSAGE_ROLES.items()})
    PLAYER_COLOURS[:] = palette.seat_colours()


palette.on_change(_follow_palette)


def use_palette(p: palette.Palette) -> None:
    """Draw every screen with ``p`` from the next frame on."""
    palette.use(p)


# -- interface scale ------------------------------------------------------------------------------
# Every size in the code (font sizes, paddings, button heights) is written for a 1280x720 window.
# The interface scale follows the window (or the player's setting) so that text and controls grow
# on a big screen and shrink a little on a small one; ``font`` applies it to every text, and
# layouts use ``px`` for their measurements.

#: the design size every layout is written for
DESIGN_SIZE = (1280, 720)
#: the range of the automatic scale (and of the player's setting)
MIN_SCALE, MAX_SCALE = 0.8, 2.0
_scale = 1.0
_on_change: list = []


def auto_scale(size: tuple[int, int]) -> float:
    """The scale that fits the design size to a ``size`` window: 1 at 1280x720, 0.8 at 1024x600,
    1.5 at 1920x1080, 2 at 2560x1440 (in steps of 0.05)."""
    w, h = size
    s = min(w / DESIGN_SIZE[0], h / DESIGN_SIZE[1])
    s = round(s * 20) / 20
    return max(MIN_SCALE, min(MAX_SCALE, s))


def scale_for(size: tuple[int, int], setting: float = 0.0) -> float:
    """The scale for a window of ``size``: the player's setting (a factor, 0 = automatic)
    multiplies the automatic one, so 125% stays 25% bigger than the window's own choice."""
    s = auto_scale(size)
    if setting:
        s *= setting
    return max(0.6, min(3.0, round(s * 20) / 20))


def ui_scale() -> float:
    return _scale


def set_ui_scale(scale: float) -> bool:
    """Set the interface scale; returns True when it changed (cached text is then dropped)."""
    global _scale
    scale = max(0.5, min(3.0, float(scale)))
    if abs(scale - _scale) < 1e-9:
        return False
    _scale = scale
    for fn in list(_on_change):
        fn()
    return True


def on_scale_change(fn) -> None:
    """Call ``fn()`` whenever the scale changes (caches of rendered text register here)."""
    _on_change.append(fn)


def px(n: float) -> int:
    """``n`` design pixels at the current interface scale (for paddings, heights and widths)."""
    return int(round(n * _scale))


def font(size: int, bold: bool = False, serif: bool = False) -> pygame.font.Font:
    """The bundled font at ``size`` design pixels, scaled by the interface scale."""
    return _font(max(7, int(round(size * _scale))), bold, serif)


@functools.lru_cache(maxsize=128)
def _font(size: int, bold: bool = False, serif: bool = False) -> pygame.font.Font:
    """The bundled font at ``size`` real pixels."""
    if not pygame.font.get_init():
        pygame.font.init()
    name = {
        (False, False): "DejaVuSans.ttf",
        (True, False): "DejaVuSans-Bold.ttf",
        (False, True): "DejaVuSerif.ttf",
        (True, True): "DejaVuSerif-Bold.ttf",
    }[(bold, serif)]
    from courier.ui.fonts import FallbackFont  # a character DejaVu lacks is drawn by a shipped fallback

    return FallbackFont(str(resources.asset("fonts", name)), size, bold)
