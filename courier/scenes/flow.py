"""Where each screen leads: the one place that knows how to open every screen of the app.

A screen says where the player goes next (``flow.to_scores(app, match)``, ``flow.to_menu(app)``)
and this module knows how that screen is built and whether it covers the one below, replaces it
or starts the stack again. So the screens do not import one another to move between them, and the
map of the app can be read here in one page:

    title screen ── New game ─→ set-up ── Start ─→ table ─→ (pass the device ⇄ table) ─→ scores
        │  ├─ Continue / Load ─→ table (a save)          └─ Rules, Save, game menu over it
        │  ├─ Learn to play ─→ guided game ─→ scores ─→ set-up for a real game
        │  └─ Rules, Settings over it
        └─ every way out comes back here (``to_menu``)

Every scene module imports this one, so the screens are imported inside the functions below
(importing them at the top would be a circle). This is the one scene module allowed to import
other scene modules inside its functions (``tests/app/test_screen_flow.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from courier.app import App
    from courier.match import Match
    from courier.scenes.base import Scene
    from courier.scenes.choice_dialog import ChoiceDialog
    from courier.scenes.board import BoardScene
    from courier.tutorial.script import Script


# -- the title screen and what hangs off it ----------------------------------------------------------
def to_menu(app: "App") -> None:
    """Back to the title screen: every screen under it is closed."""
    from courier.scenes.menu import MenuScene

    app.stack.reset(MenuScene(app))


def to_setup(app: "App") -> None:
    """New game: the set-up screen over the title screen (Back returns to it)."""
    from courier.scenes.setup import SetupScene

    app.stack.push(SetupScene(app))


def to_load(app: "App") -> None:
    """The list of saved games over the title screen."""
    from courier.scenes.load import LoadScene

    app.stack.push(LoadScene(app))


def load_refused(app: "App", message: str) -> None:
    """A save opened on the table failed its check: the list of saves alone, saying why."""
    from courier.scenes.load import LoadScene
    from courier.ui import theme

    scene = LoadScene(app)
    app.stack.reset(scene)
    scene.message = (message, theme.BAD)


def open_save(app: "App", path: Path, on_error: Callable[[str], None]) -> bool:
    """Open the save at ``path`` on the table (``load.open_save``); a refusal goes to ``on_error``."""
    from courier.scenes.load import open_save as _open

    return _open(app, path, on_error)


def to_rules(app: "App", game_id: str | None = None, section: str | None = None) -> None:
    """How to play, over the screen showing (at ``section`` of ``game_id``'s rules if given)."""
    from courier.scenes.rules import RulesScene

    app.stack.push(RulesScene(app, game_id, section=section))


def to_settings(app: "App") -> None:
    from courier.scenes.settings import SettingsScene

    app.stack.push(SettingsScene(app))


def to_learn(app: "App") -> None:
    """Learn to play: the list of guided games over the title screen."""
    from courier.scenes.tutorial_chooser import TutorialChooser

    app.stack.push(TutorialChooser(app))


def ask_quit(app: "App") -> "ChoiceDialog":
    """"Quit Courier?" over the title screen."""
    from courier.scenes.choice_dialog import ask_quit as _ask

    return _ask(app)


# -- a game --------------------------------------------------------------------------------------------
def to_table(app: "App", match: "Match", *, over_scores: bool = False) -> None:
    """The table for ``match``: the only screen (``over_scores``: in place of the scores, for
    Play again)."""
    from courier.scenes.board import BoardScene

    scene = BoardScene(app, match)
    if over_scores:
        app.stack.replace(scene)
    else:
        app.stack.reset(scene)


def to_scores(app: "App", match: "Match", guided: "Script | None" = None) -> None:
    """The game is over: the scores in place of the table (``guided``: the guided game's script,
    whose scores offer a real game)."""
    from courier.scenes.scoring import ScoringScene

    app.stack.replace(ScoringScene(app, match, guided=guided))


def to_handoff(app: "App", match: "Match", seat: int, on_continue: Callable[[], None], *,
               on_save: Callable[[], None] | None, on_menu: Callable[[], None],
               on_quit: Callable[[], None]) -> None:
    """Pass the device to ``seat``'s person: the pass screen over the table, with what happened
    since their last turn."""
    from courier.scenes.handoff import HandoffScene
    from courier.scenes.handoff_summary import since_last_turn

    s = match.seats[seat]
    app.stack.push(HandoffScene(app, s.name, s.colour, on_continue, game_title=match.game.title,
                                on_save=on_save, on_menu=on_menu, on_quit=on_quit,
                                summary=since_last_turn(match, seat)))


def to_save_dialog(app: "App", match: "Match", on_saved: Callable[[str], None], thumbnail: bytes | None) -> None:
    """Save the game under a name: the dialog over the table."""
    from courier.scenes.save_dialog import SaveDialog

    app.stack.push(SaveDialog(app, match, on_saved=on_saved, thumbnail=thumbnail))


def to_game_menu(app: "App", table: "BoardScene") -> None:
    """Escape on the table: the game menu over it."""
    from courier.scenes.choice_dialog import game_menu

    game_menu(app, table)


def watch_save(app: "App", path: Path) -> None:
    """Watch a finished game of the save list move by move (raises ``ReplayError`` if it cannot)."""
    from courier.scenes.replay import ReplayScene

    app.stack.push(ReplayScene.from_save(app, path))


def watch_match(app: "App", match: "Match") -> None:
    """Watch the game just ended move by move, over its scores."""
    from courier.scenes.replay import ReplayScene

    app.stack.push(ReplayScene.from_match(app, match))


def leave_replay(app: "App", replay: "Scene") -> None:
    """A replay closes: back to the screen under it, or to the title screen if it was alone."""
    stack = app.stack
    if len(stack) > 1:
        stack.remove(replay)
    else:
        to_menu(app)


# -- guided games ----------------------------------------------------------------------------------------
def to_tutorial(app: "App", game_id: str, *, fresh: bool = False) -> str | None:
    """``game_id``'s guided game where it was left (``fresh``: from the first step); a message in
    plain words if it cannot be opened."""
    from courier.scenes.tutorial import open_tutorial

    return open_tutorial(app, game_id, fresh=fresh)


def to_real_game_setup(app: "App", script: "Script") -> None:
    """After a guided game: the set-up screen with the same game and table, over the title screen."""
    from courier.scenes.setup import SetupScene

    to_menu(app)
    setup = SetupScene(app)
    setup.like_guided(script.game_id, script.players)
    app.stack.push(setup)
