"""Every screen around the board worked with the keyboard alone (``tests/app/keys.py`` sends only
key and text events): a game set up with typed names and started, a save named, replaced and
loaded, a setting changed and kept, rules read, boards chosen, a replay stepped, the scores left.
"""

from __future__ import annotations

import pygame
import pytest

from courier import saves
from courier.scenes.board import BoardScene
from courier.scenes.board_chooser import BoardChooserScene, BoardPick
from courier.scenes.error import ErrorScene
from courier.scenes.handoff import HandoffScene
from courier.scenes.load import LoadScene
from courier.scenes.menu import MenuScene
from courier.scenes.replay import ReplayScene
from courier.scenes.rules import RulesScene
from courier.scenes.save_dialog import SaveDialog
from courier.scenes.scoring import FinalBoardScene, ScoringScene
from courier.scenes.settings import UI_SCALES, SettingsScene
from courier.scenes.setup import SetupScene
from courier.settings import load_settings
from courier.ui import theme
from tests.app import shell_states
from tests.app.keys import KeyDriver
from tests.app.test_load_screen import a_match, ended

@pytest.fixture
def keys(app) -> KeyDriver:
    return KeyDriver(app)


def typed(keys: KeyDriver, text: str) -> None:
    """Type as a real keyboard does: each letter's key press (Shift first for a capital), then its text."""
    for ch in text:
        if ch.isupper():
            keys.key(pygame.K_LSHIFT, pygame.KMOD_LSHIFT)
        keys.key(pygame.key.key_code(ch.lower()) if ch.isalnum() else pygame.K_SPACE,
                 pygame.KMOD_LSHIFT if ch.isupper() else 0, ch)
        keys.type(ch)


def select_all(keys: KeyDriver) -> None:
    keys.key(pygame.K_LCTRL, pygame.KMOD_LCTRL)
    keys.key(pygame.K_a, pygame.KMOD_LCTRL)


def starts(prefix: str):
    return lambda t: t.label.startswith(prefix)


def test_menu_is_reached_by_tab_and_arrows_and_names_its_keys(app, keys):
    menu = app.stack.push(MenuScene(app))
    keys.frame()
    keys.key(pygame.K_DOWN)  # the arrows start the ring on the first control
    assert keys.focused().label == "New game"
    keys.key(pygame.K_DOWN)
    assert keys.focused().label == "Learn to play"
    keys.key(pygame.K_DOWN)
    keys.key(pygame.K_DOWN)
    assert keys.focused().label == "Load"
    keys.key(pygame.K_RETURN)
    assert isinstance(app.stack.top, LoadScene)
    keys.key(pygame.K_ESCAPE)
    assert app.stack.top is menu
    keys.choose_label("Rules")
    assert isinstance(app.stack.top, RulesScene)
    keys.key(pygame.K_ESCAPE)
    keys.choose_label("Settings")
    assert isinstance(app.stack.top, SettingsScene)
    keys.key(pygame.K_ESCAPE)
    from courier.scenes import menu as menu_module

    assert "Tab" in menu_module.HINT and "Enter" in menu_module.HINT
    keys.choose_label("Quit")
    assert not app.running


def test_a_game_is_set_up_with_typed_names_and_started_by_keys(app, keys):
    app.stack.push(MenuScene(app))
    keys.frame()
    keys.choose_label("New game")
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    keys.choose(starts("Game: Doorstep Dash"))
    assert setup.game.id == "doorstep-dash"
    # three players: Right on the count
    keys.tab_to(starts("Players:"))
    before = setup.players
    keys.key(pygame.K_RIGHT)
    assert setup.players == before + 1
    while setup.players != 3:
        keys.key(pygame.K_LEFT)
    assert keys.focused().label == "Players: 3 players (Left/Right to change)"
    # names: Tab reaches the box and typing starts; Ctrl+A selects the old name, typing replaces it
    keys.tab_to(starts("Seat 1 name"))
    assert setup.entries[0].focused
    select_all(keys)
    typed(keys, "Ann")
    keys.key(pygame.K_RETURN)  # ends the typing and moves on
    assert setup.seats[0].name == "Ann" and not setup.entries[0].focused
    assert keys.focused().label.startswith("Seat 1 is played by")
    keys.tab_to(starts("Seat 2 name"))
    select_all(keys)
    typed(keys, "Bob")
    # every seat a person: Left on who plays
    for seat in (2, 3):
        keys.tab_to(starts(f"Seat {seat} is played by"))
        while not keys.focused().label.endswith("Person"):
            keys.key(pygame.K_LEFT)
    keys.tab_to(starts("Seat 3 name"))
    select_all(keys)
    typed(keys, "Cy")
    # another colour for seat 3
    before = setup.seats[2].colour_index
    keys.choose(starts("Seat 3 colour"))
    assert setup.seats[2].colour_index != before
    # the other board, chosen in the chooser with the arrows
    keys.choose(starts("Board:"))
    chooser = app.stack.top
    assert isinstance(chooser, BoardChooserScene)
    other = next(i for i in chooser.pick.playable() if i != chooser.pick.index)
    keys.key(pygame.K_RIGHT if other > chooser.pick.index else pygame.K_LEFT)
    keys.key(pygame.K_RETURN)
    assert app.stack.top is setup and setup.board_pick.index == other
    keys.tab_to(starts("Seed"))
    keys.type("4a2")  # the letter is refused
    keys.key(pygame.K_RETURN)
    assert setup.seed == "42"
    assert "Ctrl+A" in setup.hint() and "Tab" in setup.hint()
    keys.choose_label("Start")
    board = next(s for s in app.stack.scenes if isinstance(s, BoardScene))
    m = board.match
    assert [s.name for s in m.seats] == ["Ann", "Bob", "Cy"] and all(not s.is_ai for s in m.seats)
    assert m.seed == 42 and m.config.map == setup.board_pick.key
    assert len({s.colour for s in m.seats}) == 3


def test_setup_escape_stops_typing_before_it_leaves(app, keys):
    menu = app.stack.push(MenuScene(app))
    keys.frame()
    keys.choose_label("New game")
    setup = app.stack.top
    keys.tab_to(starts("Seat 1 name"))
    keys.key(pygame.K_ESCAPE)
    assert app.stack.top is setup and not setup.entries[0].focused
    keys.key(pygame.K_RETURN)  # Enter on the box: typing again
    assert setup.entries[0].focused
    keys.key(pygame.K_ESCAPE)
    keys.key(pygame.K_ESCAPE)
    assert app.stack.top is menu


def test_a_save_is_named_replaced_and_loaded_by_keys(app, keys, fake_views):
    match = a_match(3)
    app.stack.push(shell_states.Backdrop(app))
    dialog = app.stack.push(SaveDialog(app, match))
    keys.frame()
    assert dialog.entry.focused  # typing at once
    for _ in range(len(dialog.entry.text)):
        keys.key(pygame.K_BACKSPACE)
    keys.type("Sunday game")
    keys.key(pygame.K_RETURN)
    assert dialog.saved is not None and "Sunday game" in dialog.saved  # no board under it: the card says it
    keys.key(pygame.K_ESCAPE)
    assert app.stack.top is not dialog
    assert any(e.title == "Sunday game" for e in saves.list_saves())
    # the same name again: asked first, Enter replaces
    match.submit(match.legal(match.to_act()[0])[-1])
    dialog = app.stack.push(SaveDialog(app, match))
    keys.frame()
    keys.key(pygame.K_DOWN)  # the arrows pick a listed save's name
    assert dialog.entry.text == "Sunday game"
    keys.key(pygame.K_RETURN)
    assert dialog.confirm is not None and dialog.confirm.title == "Sunday game"
    assert [t.label for t in dialog.focusables()] == ["Replace", "Back"]
    keys.key(pygame.K_RETURN)
    named = [e for e in saves.list_saves() if e.title == "Sunday game"]
    assert len(named) == 1 and saves.load_match(named[0].path).log == match.log
    # load it from the menu, by keys alone
    app.stack.reset(MenuScene(app))
    keys.frame()
    keys.choose_label("Load")
    load = app.stack.top
    assert isinstance(load, LoadScene)
    row = keys.tab_to(lambda t: t.label.startswith("Sunday game (in progress)"))
    assert load.entries[load.selected].title == "Sunday game"  # a row reached is the row chosen
    assert "Ann and Bo (computer)" in row.label
    keys.key(pygame.K_RETURN)
    board = app.stack.top
    assert isinstance(board, BoardScene) and board.match.log == match.log


def test_load_rows_delete_and_watch_by_keys(app, keys, fake_views):
    saves.save_match(a_match(1), saves.free_slot("Keep me"), name="Keep me")
    saves.save_match(a_match(2), saves.free_slot("Bin me"), name="Bin me")
    done = saves.save_match(ended(4), saves.free_slot("Done game"), name="Done game")
    load = app.stack.push(LoadScene(app))
    keys.frame()
    # the arrows choose rows and the ring follows them
    keys.tab_to(lambda t: t.label.startswith(load.entries[0].title))
    keys.key(pygame.K_DOWN)
    assert load.selected == 1 and keys.focused().label.startswith(load.entries[1].title)
    # Delete asks; Escape keeps it; Delete twice removes it
    keys.tab_to(lambda t: t.label.startswith("Bin me"))
    keys.key(pygame.K_DELETE)
    assert load.confirm is not None
    keys.key(pygame.K_ESCAPE)
    assert load.confirm is None and app.stack.top is load
    keys.key(pygame.K_DELETE)
    keys.key(pygame.K_RETURN)  # Enter confirms as well
    assert [e.title for e in load.entries if e.title == "Bin me"] == []
    assert any(e.title == "Keep me" for e in load.entries)
    # a finished game: its Watch button is a target
    keys.choose_label("Watch: Done game")
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.step == 0
    keys.key(pygame.K_RIGHT)
    keys.key(pygame.K_RIGHT)
    assert replay.step == 2
    keys.key(pygame.K_ESCAPE)
    assert app.stack.top is load and done.exists()


def test_settings_interface_size_is_changed_by_keys_applied_at_once_and_kept(app, keys):
    settings = app.stack.push(SettingsScene(app))
    keys.frame()
    before = theme.ui_scale()
    keys.tab_to(starts("Interface size"))
    target = UI_SCALES.index(1.25)
    for _ in range(target):
        keys.key(pygame.K_RIGHT)
    assert app.settings.ui_scale == 1.25
    assert theme.ui_scale() == pytest.approx(before * 1.25, abs=0.05)  # applied at once
    assert keys.focused().label.startswith("Interface size: 125%")  # the ring stays on it
    kept, _ = load_settings()
    assert kept.ui_scale == 1.25
    # the other settings by keys too
    keys.tab_to(starts("Reduced motion"))
    keys.key(pygame.K_RETURN)
    keys.tab_to(starts("Volume"))
    keys.key(pygame.K_LEFT)
    kept, _ = load_settings()
    assert kept.reduced_motion is True and kept.volume == pytest.approx(0.75)
    # back to Automatic
    keys.tab_to(starts("Interface size"))
    for _ in range(target):
        keys.key(pygame.K_LEFT)
    assert app.settings.ui_scale == 0 and theme.ui_scale() == pytest.approx(before)
    keys.choose_label("Done")
    assert settings not in app.stack


def test_rules_pages_and_scrolling_by_keys(app, keys):
    rules = app.stack.push(RulesScene(app))
    keys.frame()
    keys.choose(starts("Rules of Out For Delivery"))
    assert rules.current == "out-for-delivery"
    keys.key(pygame.K_DOWN)
    keys.key(pygame.K_PAGEDOWN)
    assert rules.scroll.offset > 0
    keys.key(pygame.K_END)
    assert rules.scroll.offset == rules.scroll.max_offset
    keys.key(pygame.K_HOME)
    assert rules.scroll.offset == 0
    keys.choose(starts("Rules of Next Day"))
    assert rules.current == "next-day"
    keys.key(pygame.K_ESCAPE)
    assert rules not in app.stack


def test_handoff_and_error_by_keys(app, keys):
    went = []
    app.stack.push(HandoffScene(app, "Ann", (0, 114, 178), lambda: went.append(1)))
    keys.frame()
    keys.choose(starts("I am Ann"))
    assert went == [1]
    app.stack.reset(ErrorScene(app, "Something broke.", None))
    keys.frame()
    keys.choose_label("Back to the menu")
    assert isinstance(app.stack.top, MenuScene)


def test_board_chooser_by_tab_and_number_keys(app, keys):
    pick = BoardPick("package-pandemonium")
    app.stack.push(MenuScene(app))
    chooser = app.stack.push(BoardChooserScene(app, pick, "Boards"))
    keys.frame()
    keys.key(pygame.K_3)  # the third board, by its number
    assert pick.index == 2 and chooser not in app.stack
    chooser = app.stack.push(BoardChooserScene(app, pick, "Boards"))
    keys.frame()
    keys.tab_to(lambda t: t.label.startswith(pick.entries[1].title))
    assert chooser.cursor == 1  # Tab moved the arrows' cursor too
    keys.key(pygame.K_RIGHT)
    assert keys.focused().label.startswith(pick.entries[2].title)  # and the arrows move the ring
    keys.key(pygame.K_LEFT)
    keys.key(pygame.K_RETURN)
    assert pick.index == 1


def test_scores_board_rematch_and_menu_by_keys(app, keys):
    match = shell_states.finished("doorstep-dash", 3)
    scoring = app.stack.push(ScoringScene(app, match))
    keys.frame()
    keys.choose_label("See the board")
    assert isinstance(app.stack.top, FinalBoardScene)
    keys.key(pygame.K_ESCAPE)
    assert app.stack.top is scoring
    keys.choose_label("Watch again")
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    keys.key(pygame.K_END)
    assert replay.step == replay.replay.steps
    keys.key(pygame.K_ESCAPE)
    assert app.stack.top is scoring
    keys.choose_label("Menu")
    assert isinstance(app.stack.top, MenuScene)


def test_rematch_by_keys_keeps_the_seats(app, keys):
    match = shell_states.finished("package-pandemonium", 2)
    app.stack.push(ScoringScene(app, match))
    keys.frame()
    keys.choose_label("Rematch")
    board = next(s for s in app.stack.scenes if isinstance(s, BoardScene))
    assert [s.name for s in board.match.seats] == [s.name for s in match.seats]
    assert not board.match.is_over()


def test_replay_play_pause_speed_and_step_by_keys(app, keys):
    replay = app.stack.push(ReplayScene.from_match(app, shell_states.finished("out-for-delivery", 2)))
    keys.frame()
    keys.key(pygame.K_RIGHT)
    assert replay.step == 1
    keys.key(pygame.K_LEFT)
    assert replay.step == 0
    keys.key(pygame.K_EQUALS)
    assert replay.speed_index == 2
    keys.key(pygame.K_MINUS)
    keys.key(pygame.K_MINUS)
    assert replay.speed_index == 0
    keys.key(pygame.K_p)
    assert replay.playing
    keys.key(pygame.K_p)
    assert not replay.playing
    # the same by Tab and Enter
    keys.choose(starts("One move on"))
    assert replay.step == 1
    speed = keys.tab_to(starts("Speed"))
    keys.key(pygame.K_RIGHT)
    assert replay.speed_index == 1 and speed.label.startswith("Speed")
    keys.choose(starts("Play"))
    assert replay.playing
    keys.choose(starts("Close"))
    assert replay not in app.stack


def test_a_scrolling_setup_is_worked_by_keys(courier_home):
    """At 150% in a 1280x720 window the set-up card scrolls: Tab still reaches every seat, the seed
    and Start, each scrolled into view as the keyboard arrives."""
    from courier.app import App
    from courier.settings import Settings

    app = App(Settings(ui_scale=1.5), size=(1280, 720), fullscreen=False)
    try:
        keys = KeyDriver(app)
        setup = app.stack.push(SetupScene(app))
        keys.frame()
        keys.choose(starts("Game: Next Day"))
        keys.tab_to(starts("Players:"))
        while setup.players != 4:
            keys.key(pygame.K_RIGHT)
        assert setup.card_max_scroll > 0  # the card does not hold every seat at once
        for seat in range(1, 5):
            keys.tab_to(starts(f"Seat {seat} is played by"))
            while not keys.focused().label.endswith("Person"):
                keys.key(pygame.K_LEFT)
            keys.tab_to(starts(f"Seat {seat} name"))
            assert setup.card_view.contains(keys.focused().rect)
            select_all(keys)
            typed(keys, f"Driver {seat}")
        keys.tab_to(starts("Seed"))
        assert setup.card_view.contains(keys.focused().rect) and setup.card_scroll > 0
        typed(keys, "7")
        keys.choose_label("Start")
        board = next(s for s in app.stack.scenes if isinstance(s, BoardScene))
        assert [s.name for s in board.match.seats] == [f"Driver {i}" for i in range(1, 5)]
        assert board.match.seed == 7
    finally:
        while app.stack.top is not None:
            app.stack.pop()
        pygame.display.quit()


def test_the_new_game_screen_shows_its_ring_on_entry_and_the_arrows_change_the_game(app, keys):
    """The ring is on the chosen game from the start, and Up/Down on the list of games change
    the game (the ring and the choice never part)."""
    setup = app.stack.push(SetupScene(app))
    keys.frame()
    first = setup.game.id
    t = keys.focused()
    assert t is not None and t.label.startswith(f"Game: {setup.game.title}") and "(chosen)" in t.label
    keys.key(pygame.K_DOWN)
    assert setup.game.id != first and setup.game_index == 1
    t = keys.focused()
    assert t.label == f"Game: {setup.game.title} (chosen)"
    keys.key(pygame.K_UP)
    assert setup.game.id == first and keys.focused().label.startswith(f"Game: {setup.game.title}")
    keys.key(pygame.K_UP)  # the first game: Up stays
    assert setup.game.id == first
