"""Where bundled files are, the same way from a checkout, an installed wheel and a frozen app.

Never builds paths from the current directory.
"""

from __future__ import annotations

import sys
from pathlib import Path

_PKG = Path(__file__).resolve().parent


def _roots() -> tuple[Path, Path]:
    """(assets root, rules-docs root)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:  # PyInstaller bundle
        base = Path(frozen)
        return base / "assets", base / "docs" / "rules"
    checkout = _PKG.parent
    if (checkout / "assets").is_dir():  # source checkout (editable install too)
        return checkout / "assets", checkout / "docs" / "rules"
    # installed wheel: the folders are shipped inside the package
    return _PKG / "_assets", _PKG / "_rulesdocs"


def asset(*parts: str) -> Path:
    """Path of a bundled asset, e.g. ``asset("maps", "kevingston.tmx")``."""
    return _roots()[0].joinpath(*parts)


def rules_doc(game_id: str) -> Path:
    """The rules document of a game (``docs/rules/<id>.md``), shown in the rules screen."""
    return _roots()[1] / f"{game_id}.md"


def howto_doc(game_id: str) -> Path:
    """A game's one-page "How to play" (``docs/rules/<id>-howto.md``): the rules screen's first
    page, with the pictures it names drawn from real positions."""
    return _roots()[1] / f"{game_id}-howto.md"


def tutorial_doc(game_id: str) -> Path:
    """A game's guided first game, as steps (``docs/rules/<id>-tutorial.toml``, see ``courier.tutorial``)."""
    return _roots()[1] / f"{game_id}-tutorial.toml"


def rules_links() -> Path:
    """Which rules heading a refused move's message points to, per game (``docs/rules/links.toml``)."""
    return _roots()[1] / "links.toml"
