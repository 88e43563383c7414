"""A window never opens bigger than the screen, and Settings offers only sizes that fit it."""

from __future__ import annotations

from courier.app import fit_to_display
from courier.scenes.settings import SIZES, offered_sizes


def test_a_window_larger_than_the_screen_is_made_to_fit():
    assert fit_to_display((1280, 720), (1024, 600)) == (1024, 600)
    assert fit_to_display((1920, 1080), (1366, 768)) == (1366, 768)
    assert fit_to_display((1280, 720), (1920, 1080)) == (1280, 720)  # room enough: unchanged
    assert fit_to_display((1280, 720), None) == (1280, 720)  # no display to ask: unchanged


def test_settings_offer_only_sizes_that_fit_the_screen():
    assert offered_sizes((1280, 720)) == [(1024, 640), (1280, 720)]
    assert (1366, 768) not in offered_sizes((1280, 720)) and (1600, 900) not in offered_sizes((1280, 720))
    assert offered_sizes((1024, 600)) == [min(SIZES)]  # always something to choose
    assert offered_sizes((2560, 1440)) == SIZES
    assert offered_sizes(None) == SIZES


def test_headless_drivers_have_no_screen_to_fit(monkeypatch):
    """The dummy and offscreen drivers report a made-up 1024x768 desktop: a window there keeps the
    size asked for (tests and the bench draw at 1920x1080)."""
    from courier.app import display_size

    assert display_size() is None
