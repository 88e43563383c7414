import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest


@pytest.fixture(autouse=True)
def _rule_of_thumb_levels(request, monkeypatch):
    """The games' own tests play hundreds of whole games with seats named easy/normal/hard and
    mean the fast rule-of-thumb players; a test marked ``search_levels`` gets the levels as the
    setup screen gives them to players (the search player)."""
    if request.node.get_closest_marker("search_levels") is None:
        from courier.ai import base

        monkeypatch.setattr(base, "LEVELS_USE_SEARCH", False)
