import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest

from courier import boards

boards.install()  # the rules read boards through the catalogue, as every program of Courier does


@pytest.fixture(autouse=True)
def _rule_of_thumb_levels(request, monkeypatch):
    """The games' own tests play hundreds of whole games with seats named easy/normal/hard and
    mean the fast rule-of-thumb players; a test marked ``search_levels`` gets the levels as the
    setup screen gives them to players (the search player)."""
    if request.node.get_closest_marker("search_levels") is None:
        from courier.ai import base

        monkeypatch.setattr(base, "LEVELS_USE_SEARCH", False)


@pytest.fixture(autouse=True)
def _design_scale():
    """Every test starts at the design scale (an app opened at another size sets it for the
    process); only touched when the interface was loaded, so rules tests never load pygame."""
    yield
    import sys

    theme = sys.modules.get("courier.ui.theme")
    if theme is not None:
        theme.set_ui_scale(1.0)


def _window(size: tuple[int, int]):
    import pygame  # here, not at the top: the rules tests check the core never loads pygame

    pygame.display.init()
    pygame.font.init()
    return pygame.display.set_mode(size)


@pytest.fixture
def screen():
    """A fresh 1280x720 window under the dummy driver (another test may have closed the display)."""
    return _window((1280, 720))


@pytest.fixture
def screen_1080():
    """A fresh 1920x1080 window, for drawing at full-HD size."""
    return _window((1920, 1080))
