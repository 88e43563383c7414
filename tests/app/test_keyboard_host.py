"""The board host by keyboard alone: the top bar is reachable, its shortcuts stay, the status
line names the keys while the focus ring shows, a greyed button says why, and the ring of one
person never reaches the next."""

from __future__ import annotations

import pygame

from courier.match import Match, SeatSpec
from courier.scenes.board import BoardScene
from courier.scenes.handoff import HandoffScene
from courier.scenes.menu import MenuScene
from courier.scenes.rules import RulesScene
from courier.ui import theme
from courier.ui.focus import KEYS_HINT
from courier.ui.focus import greyed_caption as greyed
from tests.app.keys import KeyDriver
from tests.app.test_handoff_clean import ANN, BEN, Table, check_clean_handoff, table  # noqa: F401  (a fixture)

C = [c for _, c in theme.PLAYER_COLOURS]


def _board(app, fake_views, *kinds: str, names: tuple[str, ...] = (), **options) -> tuple[BoardScene, KeyDriver]:
    seats = [SeatSpec(names[i] if i < len(names) else f"P{i + 1}", C[i], k, "easy") for i, k in enumerate(kinds)]
    match = Match.new(fake_views, seats, seed=2, **options)
    board = BoardScene(app, match, autosave=False, show_scoring=False)
    app.stack.push(board)
    keys = KeyDriver(app)
    keys.frame()
    return board, keys


def _status_texts(board: BoardScene) -> list[str]:
    return [ln.text for ln in board._status().lines]


def arrow_to(keys: KeyDriver, label: str) -> None:
    """Along the top bar with the arrows (which stop on greyed buttons too) until ``label``."""
    keys.tab_to(lambda t: t.zone == "bar", "the top bar")
    for k in (pygame.K_LEFT,) * 5 + (pygame.K_RIGHT,) * 5:
        if keys.focused().label == label:
            return
        keys.key(k)
    assert keys.focused().label == label


def test_tab_reaches_every_usable_top_bar_button_in_order(app, fake_views):
    """Tab passes over the greyed Undo (nothing played yet); the arrows stop on it, and the ring's
    caption says why it is greyed."""
    board, keys = _board(app, fake_views, "human", "ai")
    assert not board.buttons["undo"].enabled
    seen = []
    for _ in range(4):
        keys.key(pygame.K_TAB)
        t = keys.focused()
        assert t is not None and t.zone == "bar"
        seen.append(t.label)
    assert seen == ["Hint", "Save", "Rules", "Menu"]
    keys.key(pygame.K_TAB)
    assert keys.focused().label == "Hint"  # round again
    keys.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert keys.focused().label == "Menu"
    # the arrows walk along the bar, greyed buttons included
    keys.key(pygame.K_LEFT)
    keys.key(pygame.K_LEFT)
    assert keys.focused().label == "Undo"
    surface = pygame.Surface(app.size)
    items = board.focusables()
    undo = keys.focused()
    card = board.focus_ring.draw(surface, items, board.tooltip_at(undo.click_point))
    assert card is not None  # the caption is drawn: it says why, not what Undo would do
    assert "Nothing to take back" in greyed(undo, board.tooltip_at(undo.click_point))
    keys.key(pygame.K_RIGHT)
    keys.key(pygame.K_RETURN)
    assert isinstance(app.stack.top, RulesScene)
    keys.key(pygame.K_ESCAPE)
    assert app.stack.top is board


def test_enter_on_save_opens_the_save_dialog_and_menu_leaves(app, fake_views):
    board, keys = _board(app, fake_views, "human", "ai")
    keys.choose_label("Save")
    assert app.stack.top is not board and not app.stack.top.opaque
    keys.key(pygame.K_ESCAPE)
    assert app.stack.top is board
    keys.choose_label("Menu")
    assert isinstance(app.stack.top, MenuScene)


def test_ctrl_z_ctrl_s_and_escape_stay(app, fake_views):
    board, keys = _board(app, fake_views, "human", "ai")
    match = board.match
    keys.key(pygame.K_TAB)  # the ring shows: the shortcuts work all the same
    keys.key(pygame.K_w)  # wait (the test game's key)
    keys.run_until(lambda: board.seat == 0 and len(match.log) == 2)
    keys.key(pygame.K_z, pygame.KMOD_CTRL)
    assert match.log == [] and "taken back" in board.status_text()[0]
    keys.key(pygame.K_s, pygame.KMOD_CTRL)
    dialog = app.stack.top
    assert dialog is not board
    keys.key(pygame.K_ESCAPE)
    assert app.stack.top is board
    keys.key(pygame.K_ESCAPE)  # the ring goes first, then Escape opens the game menu
    keys.key(pygame.K_ESCAPE)
    keys.choose_label("Leave to the title screen")
    assert isinstance(app.stack.top, MenuScene)


def test_the_status_line_names_the_keys_while_the_ring_shows(app, fake_views):
    board, keys = _board(app, fake_views, "human", "ai")
    keys.frame()
    hint = "P1: Press Space to roll"
    assert _status_texts(board) == [hint]
    keys.key(pygame.K_TAB)
    texts = _status_texts(board)
    assert texts[0] == hint and texts[1] in (KEYS_HINT, "Tab · Arrows · Enter · Esc")
    # the real mouse moves: the ring hides and so do the keys
    keys.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(400, 300), rel=(1, 1), buttons=(0, 0, 0))])
    assert not board.focus_ring.active and _status_texts(board) == [hint]


def test_a_greyed_button_says_why_on_enter_on_click_and_by_its_shortcut(app, fake_views, monkeypatch):
    board, keys = _board(app, fake_views, "human", "ai")
    undo = board.buttons["undo"]
    assert not undo.enabled  # nothing played yet
    arrow_to(keys, "Undo")  # Tab passes over it; the arrows stop on it
    keys.key(pygame.K_RETURN)
    said, colour = board.status_text()
    assert said.startswith("Nothing to take back") and colour == theme.BAD
    board.flash = None
    keys.key(pygame.K_z, pygame.KMOD_CTRL)
    assert board.status_text()[0].startswith("Nothing to take back")
    board.flash = None
    keys.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=undo.rect.center, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=undo.rect.center, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=undo.rect.center, button=1)])
    assert board.status_text()[0].startswith("Nothing to take back")
    assert board.match.log == []

    # Save while the opened save is still being checked: greyed, and it says so
    monkeypatch.setattr(board.match, "check", object())
    board.refresh_controls()
    board.flash = None
    app.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL, unicode="",
                                              scancode=0))
    assert "still being checked" in board.status_text()[0]
    monkeypatch.setattr(board.match, "check", None)
    board.refresh_controls()
    assert board.buttons["save"].enabled and board.buttons["save"].why_not is None


def test_save_at_the_end_of_the_game_says_why(app, fake_views):
    board, keys = _board(app, fake_views, "ai", "ai", length=3)
    keys.run_until(lambda: board.finished)
    assert app.stack.top is board and not board.buttons["save"].enabled
    arrow_to(keys, "Save")
    keys.key(pygame.K_RETURN)
    assert app.stack.top is board
    assert board.status_text()[0].startswith("The game is over")
    board.flash = None
    arrow_to(keys, "Undo")
    keys.key(pygame.K_RETURN)
    assert board.status_text()[0].startswith("The game is over")


def test_a_long_hint_is_whole_on_focus(app, fake_views, monkeypatch):
    board, keys = _board(app, fake_views, "human", "ai")
    long_hint = "Choose where to drive: " + ", ".join(f"the depot at Little Snoring number {i}" for i in range(12))
    monkeypatch.setattr(board.view, "status", lambda: long_hint)
    keys.key(pygame.K_TAB)
    assert board._status().cut
    t = keys.tab_to(lambda t: t.key == ("bar", "status line"), "the status line")
    assert long_hint in t.label
    keys.frame()
    assert long_hint in (board.tooltip_at(t.click_point) or "")


# -- one person's ring never reaches the next ------------------------------------------------------
def test_a_focused_target_of_a_is_not_shown_to_b(table: Table, fake_views):
    """A tabs along the top bar (ring, caption and the keys named) and plays by key; B takes
    the device with Enter: B's first frame is a fresh board's, with no ring and nothing of A's."""
    seats = [SeatSpec(ANN, C[0], "human"), SeatSpec(BEN, C[1], "human")]
    match = Match.new(fake_views, seats, seed=1)

    def play_a(t: Table, board: BoardScene) -> set[str]:
        keys = KeyDriver(t.app)
        keys.tab_to(lambda t: t.label == "Save", "Save")
        keys.key(pygame.K_RIGHT)
        assert keys.focused().label == "Undo"
        seen = t.texts_of_frame()
        assert any("Tab" in s for s in seen) and any("Nothing to take back" in s for s in seen)
        stash = match.state.stash[0]
        keys.key(pygame.K_w)  # A waits: the device goes to B
        assert len(match.log) == 1
        return {f"{ANN}: stash {stash}"}

    check_clean_handoff(table, "keys-fake", match, 0, 1, play_a)
    board = table.app.stack.top
    assert isinstance(board, BoardScene) and not board.focus_ring.active


def test_the_handoff_screen_clears_the_ring_it_came_from(app, fake_views):
    board, keys = _board(app, fake_views, "human", "human")
    assert isinstance(app.stack.top, HandoffScene)
    keys.key(pygame.K_RETURN)
    assert app.stack.top is board and board.seat == 0
    keys.key(pygame.K_TAB)
    assert board.focus_ring.active
    keys.key(pygame.K_w)
    keys.run_until(lambda: isinstance(app.stack.top, HandoffScene), frames=200)
    keys.key(pygame.K_RETURN)
    assert board.seat == 1 and not board.focus_ring.active and board.focus_ring.current is None


def test_the_keys_are_named_after_a_two_line_hint_without_cutting_it(app, fake_views, monkeypatch):
    board, keys = _board(app, fake_views, "human", "ai")
    hint = ("Choose where to drive: a place ringed on the map, or a depot named in the panel beside it; "
            "the van stops on the way to collect, then")
    monkeypatch.setattr(board.view, "status", lambda: hint + " confirm.")
    keys.key(pygame.K_TAB)
    layout = board._status()
    texts = [ln.text for ln in layout.lines]
    assert not layout.cut and len(texts) == 3 and texts[2] in (KEYS_HINT, "Tab · Arrows · Enter · Esc")
    assert " ".join(texts[:2]) == f"P1: {hint} confirm."
