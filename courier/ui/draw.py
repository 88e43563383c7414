"""Drawing helpers shared by every scene and every game view: panels, shadows, text, icons.

Everything here draws onto a surface you pass and keeps only caches (rendered text, shadow
masks, gradients), so calling these from ``draw()`` never changes game or scene state.

    from courier.ui import draw
    draw.panel(surface, rect)                               # rounded card with a soft shadow
    draw.text(surface, "Hello", (x, y), size=18, anchor="center")
    h = draw.text_block(surface, long_text, rect, size=15)  # wrapped; returns the height used
"""

from __future__ import annotations

import contextlib
import functools
from collections import OrderedDict
from typing import Iterable, Iterator

import pygame

from courier.ui import palette, theme

Colour = tuple[int, int, int] | tuple[int, int, int, int]

_ANCHORS = {
    "topleft", "midtop", "topright", "midleft", "center", "midright", "bottomleft", "midbottom",
    "bottomright",
}

# -- text --------------------------------------------------------------------------------------

_TEXT_CACHE: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
_TEXT_CACHE_MAX = 1200


#: longest line drawn; text beyond it (a damaged save's 100,000-character name) is cut first
LINE_LIMIT = 1000
ELLIPSIS = "…"


def drawable(text: str, limit: int = LINE_LIMIT) -> str:
    """``text`` as one line the font can draw: control characters (a NUL cannot be rendered,
    a lone surrogate cannot be encoded) dropped, other spaces made plain, at most ``limit``
    characters (a cut one ends with an ellipsis). Cheap for ordinary text."""
    if len(text) > limit:
        text = text[: limit - 1] + ELLIPSIS
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else " " if ch.isspace() else "" for ch in text)


# -- layout audit -------------------------------------------------------------------------------
# The layout check (tests and ``courier.ui.layout_check``) turns this on to learn, for one frame,
# every line of text drawn and every text that had to be shortened; drawing itself never reads it.


class TextAudit:
    """What one frame drew: ``lines`` (surface size, rect, text) and ``cuts`` (surface size,
    rect, the whole text, what was shown) for texts shortened with an ellipsis or wrapped past
    the bottom of their box. ``covers`` are lines drawn on a card laid over the screen for a
    moment (a tooltip, the focus ring's caption): they must stay in the window, but covering
    the text under them is what they are for."""

    def __init__(self) -> None:
        self.lines: list[tuple[tuple[int, int], pygame.Rect, str]] = []
        self.cuts: list[tuple[tuple[int, int], pygame.Rect, str, str]] = []
        self.covers: list[tuple[tuple[int, int], pygame.Rect, str]] = []
        #: every line drawn with its colour (surface size, rect, text, colour): the check that
        #: the warning colour is kept for warnings reads it
        self.inks: list[tuple[tuple[int, int], pygame.Rect, str, tuple[int, int, int]]] = []


AUDIT: TextAudit | None = None
_covering = 0

#: where text was drawn on one surface since ``record_text`` (a tag laid over the screen looks
#: for a spot that hides none of it); bounded, so a surface never reset cannot grow it
_RECORD_LIMIT = 4000
_recorded: list[pygame.Rect] = []
_recording: int | None = None


def record_text(surface: pygame.Surface) -> None:
    """From now on note every line of text drawn on ``surface`` (forgetting the ones before)."""
    global _recording
    _recorded.clear()
    _recording = id(surface)


def text_drawn(surface: pygame.Surface) -> list[pygame.Rect]:
    """The lines of text drawn on ``surface`` since ``record_text`` (empty if not recording)."""
    return list(_recorded) if _recording == id(surface) else []


@contextlib.contextmanager
def covering() -> Iterator[None]:
    """Text drawn inside is on a card over the screen (a tooltip, a caption): see ``TextAudit``."""
    global _covering
    _covering += 1
    try:
        yield
    finally:
        _covering -= 1


def start_audit() -> TextAudit:
    global AUDIT
    AUDIT = TextAudit()
    return AUDIT


def stop_audit() -> None:
    global AUDIT
    AUDIT = None


def _audit(audit: TextAudit, surface: pygame.Surface, rect: pygame.Rect, whole: str, shown: str,
           colour: Colour | None = None) -> None:
    """Note a line for the layout check: what shows of it inside the surface's clip (a scrolled
    list's hidden lines are not on screen), and whether it was shortened."""
    clip = surface.get_clip()
    if clip != surface.get_rect():
        if not clip.colliderect(rect):
            return
        rect = rect.clip(clip)
    (audit.covers if _covering else audit.lines).append((surface.get_size(), rect, shown))
    if colour is not None:
        audit.inks.append((surface.get_size(), rect, whole, (colour[0], colour[1], colour[2])))
    if shown != whole and shown.endswith(ELLIPSIS) and whole.strip():
        audit.cuts.append((surface.get_size(), rect, whole, shown))


def covered(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """An opaque card is about to hide ``rect``: the layout check forgets the words drawn there
    before (nobody can see them to misread them). ``panel`` calls it for every opaque card."""
    if AUDIT is None:
        return
    size = surface.get_size()
    AUDIT.lines[:] = [x for x in AUDIT.lines if x[0] != size or not rect.contains(x[1])]
    AUDIT.cuts[:] = [x for x in AUDIT.cuts if x[0] != size or not rect.contains(x[1])]


def _clear_text_caches() -> None:
    """Forget every rendered or measured text. Not needed when the interface scale changes: the
    caches are keyed by it (a save's picture is drawn at the design scale between two frames of
    the window's, and neither has to render its text again)."""
    _TEXT_CACHE.clear()
    _ellipsize_cached.cache_clear()
    _wrap_cached.cache_clear()


def font(size: int, bold: bool = False, serif: bool = False) -> pygame.font.Font:
    """The bundled font (same as :func:`courier.ui.theme.font`)."""
    return theme.font(size, bold, serif)


def render_text(
    text: str, size: int = 16, colour: Colour | None = None, bold: bool = False, serif: bool = False
) -> pygame.Surface:
    """A cached antialiased rendering of one line of ``text`` (see :func:`drawable`); the colour
    is the theme's ink unless given (read now, so it follows the active palette)."""
    colour = theme.INK if colour is None else colour
    key = (text, size, tuple(colour), bold, serif, theme.ui_scale())
    surf = _TEXT_CACHE.get(key)
    if surf is not None:
        _TEXT_CACHE.move_to_end(key)
        return surf
    surf = font(size, bold, serif).render(drawable(text), True, colour)
    _TEXT_CACHE[key] = surf
    if len(_TEXT_CACHE) > _TEXT_CACHE_MAX:
        _TEXT_CACHE.popitem(last=False)
    return surf


def text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int] | tuple[float, float],
    size: int = 16,
    colour: Colour | None = None,
    *,
    bold: bool = False,
    serif: bool = False,
    anchor: str = "topleft",
    max_width: int | None = None,
) -> pygame.Rect:
    """Draw one line of text with its ``anchor`` point at ``pos``; returns the rect drawn.

    With ``max_width`` the line is shortened with an ellipsis so it fits.
    """
    if anchor not in _ANCHORS:
        raise ValueError(f"unknown anchor {anchor!r}")
    colour = theme.INK if colour is None else colour
    whole = text
    if max_width is not None:
        text = _ellipsize_cached(drawable(text), size, bold, serif, int(max_width), theme.ui_scale())
    surf = render_text(text, size, colour, bold, serif)
    rect = surf.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    surface.blit(surf, rect)
    if _recording == id(surface) and len(_recorded) < _RECORD_LIMIT and not _covering:
        _recorded.append(rect)
    if AUDIT is not None:
        _audit(AUDIT, surface, rect, whole, text, colour)
    return rect


_line = text  # text_block's parameter is also called "text"


@functools.lru_cache(maxsize=2048)
def _ellipsize_cached(text: str, size: int, bold: bool, serif: bool, max_width: int, scale: float) -> str:
    """(``scale``: the interface scale the font is at, part of the cache key.)"""
    return ellipsize(text, font(size, bold, serif), max_width)


def ellipsize(text: str, fnt: pygame.font.Font, max_width: int) -> str:
    """``text`` cut with "…" so it is at most ``max_width`` pixels wide.

    Fast for any length: no character is narrower than a pixel, so at most ``max_width`` + 1 of
    them are measured, and the cut is found by halving (a few ``size`` calls, not one per character).
    """
    text = drawable(text, max(1, int(max_width)) + 2)
    if fnt.size(text)[0] <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fnt.size(text[:mid] + ELLIPSIS)[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


#: longest text wrapped into a block (more would not fit on any screen)
WRAP_LIMIT = 5000


@functools.lru_cache(maxsize=512)
def _wrap_cached(text: str, size: int, bold: bool, serif: bool, width: int, scale: float) -> tuple[str, ...]:
    fnt = font(size, bold, serif)
    lines: list[str] = []

    def fit(line: str) -> str:
        """Emit hard-cut pieces of a line wider than ``width`` (a long path); return the rest."""
        while fnt.size(line)[0] > width and len(line) > 1:
            lo, hi = 1, min(len(line) - 1, width + 1)  # the longest piece that fits, found by halving
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if fnt.size(line[:mid])[0] <= width:
                    lo = mid
                else:
                    hi = mid - 1
            lines.append(line[:lo])
            line = line[lo:]
        return line

    for para in (drawable(p, WRAP_LIMIT) for p in text.split("\n")):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if fnt.size(trial)[0] <= width:
                line = trial
            elif not line:
                line = fit(word)
            else:
                lines.append(line)
                line = fit(word)
        lines.append(line)
    return tuple(lines)


def wrap(text: str, width: int, size: int = 16, bold: bool = False, serif: bool = False) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels (newlines are kept)."""
    if len(text) > WRAP_LIMIT:
        text = text[: WRAP_LIMIT - 1] + ELLIPSIS
    return list(_wrap_cached(text, size, bold, serif, max(8, int(width)), theme.ui_scale()))


def line_height(size: int, bold: bool = False, serif: bool = False) -> int:
    return font(size, bold, serif).get_linesize()


def text_block(
    surface: pygame.Surface | None,
    text: str,
    rect: pygame.Rect,
    size: int = 16,
    colour: Colour | None = None,
    *,
    bold: bool = False,
    serif: bool = False,
    align: str = "left",
    spacing: float = 1.0,
) -> int:
    """Draw ``text`` wrapped to ``rect.width`` from the top of ``rect``; returns the height used.

    Pass ``surface=None`` to measure without drawing. Lines below ``rect.bottom`` are not drawn.
    """
    colour = theme.INK if colour is None else colour
    lh = int(line_height(size, bold, serif) * spacing)
    y = rect.top
    hidden = False
    for line in wrap(text, rect.width, size, bold, serif):
        if surface is not None and y + lh <= rect.bottom + lh // 3:
            anchor, x = {"left": ("topleft", rect.left), "center": ("midtop", rect.centerx),
                         "right": ("topright", rect.right)}[align]
            _line(surface, line, (x, y), size, colour, bold=bold, serif=serif, anchor=anchor)
        elif line.strip():
            hidden = True
        y += lh
    if surface is not None and hidden and AUDIT is not None:
        AUDIT.cuts.append((surface.get_size(), pygame.Rect(rect), text, "(lines below the box)"))
    return y - rect.top


# -- shapes ------------------------------------------------------------------------------------


def rounded_rect(
    surface: pygame.Surface, rect: pygame.Rect, colour: Colour, radius: int = 10, width: int = 0
) -> None:
    """A filled (or outlined, with ``width``) rectangle with rounded corners; alpha respected."""
    rect = pygame.Rect(rect)
    if len(colour) == 4 and colour[3] < 255:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, colour, layer.get_rect(), width, border_radius=radius)
        surface.blit(layer, rect.topleft)
    else:
        pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


@functools.lru_cache(maxsize=128)
def _shadow_surface(w: int, h: int, radius: int, blur: int, alpha: int) -> pygame.Surface:
    pad = blur * 2
    base = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    pygame.draw.rect(base, (0, 0, 0, alpha), (pad, pad, w, h), border_radius=radius)
    # cheap blur: shrink then grow back, twice
    for _ in range(2):
        small = pygame.transform.smoothscale(base, (max(1, base.get_width() // 4), max(1, base.get_height() // 4)))
        base = pygame.transform.smoothscale(small, (w + pad * 2, h + pad * 2))
    return base


def shadow(
    surface: pygame.Surface, rect: pygame.Rect, radius: int = 12, offset: tuple[int, int] = (0, 4),
    blur: int = 8, alpha: int = 70,
) -> None:
    """A soft drop shadow under ``rect`` (draw it before the thing that casts it)."""
    rect = pygame.Rect(rect)
    if rect.width <= 0 or rect.height <= 0:
        return
    sh = _shadow_surface(rect.width, rect.height, radius, blur, alpha)
    surface.blit(sh, (rect.x - blur * 2 + offset[0], rect.y - blur * 2 + offset[1]))


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: Colour | None = None,
    *,
    radius: int | None = None,
    border: Colour | str | None = "paper_dark",
    with_shadow: bool = True,
) -> None:
    """A rounded card with a soft shadow and a thin border: the house container. ``radius`` is in
    real pixels (pass ``theme.px(...)``; default 12 design pixels); the shadow follows the
    interface scale. ``fill`` is the theme's panel colour unless given; ``border`` a colour, a
    palette role, or None for none (both read now, so they follow the active palette)."""
    fill = theme.PANEL if fill is None else fill
    if isinstance(border, str):
        border = palette.colour(border)
    rect = pygame.Rect(rect)
    if radius is None:
        radius = theme.px(12)
    if AUDIT is not None and not _covering and (len(fill) == 3 or fill[3] == 255):
        covered(surface, rect)
    if with_shadow:
        shadow(surface, rect, radius, offset=(0, theme.px(4)), blur=max(1, theme.px(8)))
    rounded_rect(surface, rect, fill, radius)
    if border is not None:
        rounded_rect(surface, rect, border, radius, width=max(1, theme.px(1)))


@functools.lru_cache(maxsize=32)
def _gradient(w: int, h: int, top: tuple, bottom: tuple) -> pygame.Surface:
    strip = pygame.Surface((1, 2))
    strip.set_at((0, 0), top)
    strip.set_at((0, 1), bottom)
    return pygame.transform.smoothscale(strip, (max(1, w), max(1, h)))


def gradient(surface: pygame.Surface, rect: pygame.Rect, top: Colour, bottom: Colour) -> None:
    """A vertical gradient filling ``rect`` (cached by size)."""
    rect = pygame.Rect(rect)
    surface.blit(_gradient(rect.width, rect.height, tuple(top[:3]), tuple(bottom[:3])), rect.topleft)


def overlay(surface: pygame.Surface, colour: Colour | None = None) -> None:
    """Dim the whole surface (for dialogs drawn over a scene)."""
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    layer.fill(theme.OVERLAY if colour is None else colour)
    surface.blit(layer, (0, 0))


def paper_background(surface: pygame.Surface) -> None:
    """The app's backdrop: warm paper with a gentle top-to-bottom shade."""
    gradient(surface, surface.get_rect(), (248, 243, 231), (232, 222, 200))


def lighten(colour: Colour, amount: float = 0.3) -> tuple[int, int, int]:
    r, g, b = colour[:3]
    return (int(r + (255 - r) * amount), int(g + (255 - g) * amount), int(b + (255 - b) * amount))


def darken(colour: Colour, amount: float = 0.3) -> tuple[int, int, int]:
    r, g, b = colour[:3]
    return (int(r * (1 - amount)), int(g * (1 - amount)), int(b * (1 - amount)))


def text_colour_on(colour: Colour) -> tuple[int, int, int]:
    """Ink or white, whichever reads better on ``colour``."""
    r, g, b = colour[:3]
    return theme.INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (255, 255, 255)


def icon(
    surface: pygame.Surface, name: str, center: tuple[int, int], size: int, colour: Colour | None = None
) -> pygame.Rect:
    """Draw the sprite ``name`` (e.g. ``"icon_save"``) at ``size`` pixels, tinted to ``colour``
    when given (icons are white on transparent so any tint works)."""
    from courier.ui import sprites

    img = sprites.recoloured(name, colour, size) if colour is not None else sprites.scaled(name, size)
    rect = img.get_rect(center=(int(center[0]), int(center[1])))
    surface.blit(img, rect)
    return rect


def swatch(surface: pygame.Surface, center: tuple[int, int], radius: int, colour: Colour) -> None:
    """A player-colour disc with a dark rim (colour is never the only cue: pair it with a name)."""
    pygame.draw.circle(surface, colour, center, radius)
    pygame.draw.circle(surface, darken(colour, 0.45), center, radius, max(1, radius // 6))


def dashed_line(
    surface: pygame.Surface, colour: Colour, start: tuple[float, float], end: tuple[float, float],
    width: int = 2, dash: int | None = None, gap: int | None = None,
) -> None:
    """A dashed straight line (routes being planned, blocked roads); the dashes (8 and 6 design
    pixels unless given) follow the interface scale."""
    dash = max(1, theme.px(8)) if dash is None else max(1, dash)
    gap = max(1, theme.px(6)) if gap is None else max(0, gap)
    sx, sy = start
    ex, ey = end
    length = ((ex - sx) ** 2 + (ey - sy) ** 2) ** 0.5
    if length == 0:
        return
    dx, dy = (ex - sx) / length, (ey - sy) / length
    pos = 0.0
    while pos < length:
        seg = min(dash, length - pos)
        pygame.draw.line(surface, colour, (sx + dx * pos, sy + dy * pos),
                         (sx + dx * (pos + seg), sy + dy * (pos + seg)), width)
        pos += dash + gap


def polyline_length(points: Iterable[tuple[float, float]]) -> float:
    pts = list(points)
    return sum(((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 for a, b in zip(pts, pts[1:]))
