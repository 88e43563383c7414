"""Fonts that fall back glyph by glyph, so a place called 北京, 東京 or 🚚 Depot is drawn with its own
characters instead of a row of identical boxes.

The DejaVu fonts draw the interface; a character they lack is drawn with the first fallback font
that has it. Courier ships its fallbacks, so every computer shows the same thing:
``DroidSansFallbackFull.ttf`` (Chinese and Japanese, Apache 2.0, 4 MB) and ``SymbolaEmoji.ttf``
(emoji and symbols, a 1.2 MB subset of Symbola). For what neither has (Korean, for one) the fonts
of the computer are tried last (:data:`SYSTEM_FALLBACKS`, found through fontconfig on first need).
Whether a font has a glyph is asked of FreeType (``pygame.freetype``), which, unlike
``pygame.font``, says so; the answers are cached per font and character.
"""

from __future__ import annotations

import functools

import pygame
import pygame.freetype

from courier import resources

#: (font file in assets/fonts, its licence file), tried in order for a character DejaVu lacks
FALLBACKS = (
    ("DroidSansFallbackFull.ttf", "LICENSE-DroidSansFallback.txt"),
    ("SymbolaEmoji.ttf", "LICENSE-Symbola.txt"),
)
#: the computer's own fonts tried after the shipped ones, by fontconfig name (none is required)
SYSTEM_FALLBACKS = ("notosanscjkkr", "notosanscjk", "nanumgothic", "unbatang", "notosans", "unifont")
#: characters that change the one before them and are drawn by no font alone (emoji variation selectors)
_INVISIBLE = frozenset(chr(c) for c in range(0xFE00, 0xFE10))

_has: dict[tuple[str, str], bool] = {}


@functools.lru_cache(maxsize=16)
def _face(path: str) -> pygame.freetype.Font:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(path, 16)


def has_glyph(path: str, ch: str) -> bool:
    """Whether the font file at ``path`` draws ``ch`` (not its missing-glyph box)."""
    key = (path, ch)
    hit = _has.get(key)
    if hit is None:
        try:
            hit = _face(path).get_metrics(ch)[0] is not None
        except (pygame.error, OSError, IndexError):
            hit = False
        _has[key] = hit
    return hit


@functools.lru_cache(maxsize=1)
def fallback_paths() -> tuple[str, ...]:
    """The shipped fallback fonts, in the order they are tried."""
    return tuple(str(resources.asset("fonts", name)) for name, _licence in FALLBACKS)


@functools.lru_cache(maxsize=1)
def _system_paths() -> tuple[str, ...]:
    """The computer's fallback fonts, looked up once, when a character no shipped font has is met."""
    found: list[str] = []
    for name in SYSTEM_FALLBACKS:
        try:
            path = pygame.font.match_font(name)
        except Exception:  # noqa: BLE001 - no fontconfig, no system fallback: boxes, never a crash
            path = None
        if path and path not in found:
            found.append(path)
    return tuple(found)


@functools.lru_cache(maxsize=64)
def _fallback_font(path: str, size: int, bold: bool) -> pygame.font.Font:
    fnt = pygame.font.Font(path, size)
    fnt.bold = bold  # the fallbacks have no bold face: thickened like one
    return fnt


class FallbackFont(pygame.font.Font):
    """A ``pygame.font.Font`` whose ``render`` and ``size`` draw each character with the first font
    that has it. Text the main font draws whole takes the plain, unchanged path."""

    def __init__(self, path: str, size: int, bold: bool = False) -> None:
        super().__init__(path, size)
        self._path = path
        self._px = size
        self._bold = bold

    def _font_for(self, ch: str) -> pygame.font.Font:
        if has_glyph(self._path, ch) or ch.isspace():
            return self
        for path in fallback_paths():
            if has_glyph(path, ch):
                return _fallback_font(path, self._px, self._bold)
        for path in _system_paths():
            if has_glyph(path, ch):
                return _fallback_font(path, self._px, self._bold)
        return self  # no font has it: the main font's box

    def _runs(self, text: str) -> list[tuple[pygame.font.Font, str]] | None:
        """(font, piece) runs of ``text``; None when the main font draws all of it."""
        if text.isascii() or all(has_glyph(self._path, ch) for ch in text):
            return None
        runs: list[tuple[pygame.font.Font, str]] = []
        for ch in text:
            if ch in _INVISIBLE:
                continue
            fnt = self._font_for(ch)
            if runs and runs[-1][0] is fnt:
                runs[-1] = (fnt, runs[-1][1] + ch)
            else:
                runs.append((fnt, ch))
        return runs

    def _measure(self, runs: list[tuple[pygame.font.Font, str]]) -> tuple[int, int, int]:
        """(width, height, baseline) of the runs set on one baseline."""
        width = sum(self._size_of(f, t)[0] for f, t in runs)
        ascent = max([self.get_ascent()] + [f.get_ascent() for f, _t in runs])
        descent = max([-self.get_descent()] + [-f.get_descent() for f, _t in runs])
        return width, max(self.get_height(), ascent + descent), ascent

    def _size_of(self, fnt: pygame.font.Font, text: str) -> tuple[int, int]:
        return pygame.font.Font.size(self, text) if fnt is self else fnt.size(text)

    def size(self, text: str | bytes, /) -> tuple[int, int]:
        runs = self._runs(text) if isinstance(text, str) else None
        if runs is None:
            return super().size(text)
        width, height, _base = self._measure(runs)
        return width, height

    def render(self, text, antialias, color, bgcolor=None, wraplength=0):
        runs = self._runs(text) if isinstance(text, str) else None
        if runs is None:
            return super().render(text, antialias, color, bgcolor, wraplength)
        width, height, base = self._measure(runs)
        out = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
        if bgcolor is not None:
            out.fill(bgcolor)
        x = 0
        for fnt, piece in runs:
            surf = (pygame.font.Font.render(self, piece, antialias, color) if fnt is self
                    else fnt.render(piece, antialias, color))
            out.blit(surf, (x, base - fnt.get_ascent()))
            x += self._size_of(fnt, piece)[0]
        return out
