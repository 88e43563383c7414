"""Package Pandemonium's board view; the modules have the same names and roles in every game:
``view`` (the GameView and the person's input), ``board`` (the grid and its drawing), ``panel``
(the side panel and the hand), ``dialogs`` (prompts), ``text`` (the words) and ``anim``."""

from courier.scenes.games.package_pandemonium.view import make_view

__all__ = ["make_view"]
