"""Place names (and any text) in Chinese, Japanese or with emoji are drawn with their own glyphs,
not as a row of identical boxes: the game's font falls back, glyph by glyph, to fonts it ships."""

from __future__ import annotations

import pygame
import pytest

from courier import resources
from courier.ui import draw, fonts, theme


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("a, b", [("北", "京"), ("東", "西"), ("か", "な"), ("カ", "ナ"), ("🚚", "🏠")])
@pytest.mark.parametrize("bold", [False, True])
def test_two_different_characters_are_drawn_differently(a, b, bold):
    first, second = draw.render_text(a, 20, bold=bold), draw.render_text(b, 20, bold=bold)
    assert first.get_width() > 4 and pixels(first) != pixels(second)


@pytest.mark.parametrize("text", ["北", "か", "🚚"])
def test_a_character_is_not_drawn_as_the_missing_glyph_box(text):
    missing = "\U0010fffd"  # a private-use character no font draws
    assert pixels(draw.render_text(text, 20)) != pixels(draw.render_text(missing, 20))


def test_mixed_text_is_measured_as_it_is_drawn():
    fnt = theme.font(18)
    for text in ("Kevingston 北京 🚚", "Tōkyō 東京都", "Kevingston"):
        assert fnt.size(text) == fnt.render(text, True, theme.INK).get_size()


def test_latin_text_is_drawn_exactly_as_before():
    plain = pygame.font.Font(str(resources.asset("fonts", "DejaVuSans.ttf")), 20)
    assert pixels(theme._font(20).render("Great Snoring", True, theme.INK)) == \
        pixels(plain.render("Great Snoring", True, theme.INK))


def test_the_fallback_fonts_ship_with_the_game_with_their_licences():
    for name, licence in fonts.FALLBACKS:
        assert resources.asset("fonts", name).is_file()
        assert resources.asset("fonts", licence).is_file()
