"""A refused click or key in a guided game is answered on the status line whole, in a line that
names the lit control the step wants (its card beside it holds the why), never the step's whole
text cut short with "…". Checked with the status line's own layout at the narrowest window, keys
named beside it or not, for names up to the longest a refusal repeats and past it."""

from __future__ import annotations

import pygame
import pytest

from courier.scenes import board_status
from courier.scenes.tutorial import ASKS_NAME, READ_ON, REFUSED, asks
from courier.ui import theme

WINDOW = (1024, 600)
#: names as long as a control's can be (the longest a refusal repeats, and one past it)
NAMES = ["", "Sell Doughnut", "Blackberry Barn", "W" * ASKS_NAME, "Puddinglake" * 4]


@pytest.fixture(scope="module", autouse=True)
def _fonts():
    pygame.font.init()
    theme.set_ui_scale(theme.scale_for(WINDOW))
    yield
    theme.set_ui_scale(1.0)


def _box() -> pygame.Rect:
    """The status bar's text area at 1024x600: the board's width (the window less the side
    panel) less the seat marker before the text and the margins."""
    side = max(theme.px(300), min(theme.px(380), int(WINDOW[0] * 0.27)))
    return pygame.Rect(theme.px(30), WINDOW[1] - theme.px(30), WINDOW[0] - side - theme.px(46), theme.px(30))


@pytest.mark.parametrize("keys", (False, True), ids=("mouse", "keys"))
@pytest.mark.parametrize("words", [READ_ON] + [asks(n) for n in NAMES] + [asks(f"{n} - what it does") for n in NAMES])
def test_every_refusal_fits_the_status_line_whole(words: str, keys: bool) -> None:
    assert words == READ_ON or words.startswith(REFUSED)
    layout = board_status.lay_out(words, theme.INK, _box(), keys)
    assert not layout.cut
    assert all(not ln.max_width or board_status._width(ln.text, ln.size) <= ln.max_width for ln in layout.lines)
    assert "…" not in words


def test_a_refusal_names_the_control_not_its_tooltip() -> None:
    assert asks("Sell Doughnut - Sell it for 50 gold") == "This step asks for the lit 'Sell Doughnut'; its card says why."
    assert asks("W" * (ASKS_NAME + 1)) == "This step asks for the lit control; its card says why."
