"""The shell fixtures (headless window, synthetic input) for the tests that start a game on a bad board."""

from tests.app.conftest import app, courier_home, drive  # noqa: F401
