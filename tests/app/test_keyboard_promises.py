"""The keyboard's promises, checked over seeded positions of every game (``key_positions``):

- every key the hint line at the foot of the board names does something in that state: it changes
  the game, the focus or the screen's input, or the status line says why not; never nothing;
- Tab and Shift+Tab never stop on a greyed control, on the board or on any screen around it (the
  arrows and the caption are how a keyboard player reads why a control is greyed);
- the turn's main action (End turn, or End route) is one key away from any focus: E, which says
  the rules' reason where the turn cannot end yet.
"""

from __future__ import annotations

import hashlib

import pygame
import pytest

from tests.app.hint_keys import Named, named_keys
from tests.app.key_positions import TABLES, Position, board_at, positions

POSITIONS = positions()


@pytest.fixture
def app(courier_home, monkeypatch):
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: 0)  # pulsing rings hold still: a change is a key's
    from courier.app import App
    from courier.settings import Settings

    a = App(Settings(reduced_motion=True), size=(1280, 720), fullscreen=False)
    yield a
    while a.stack.top is not None:
        a.stack.pop()
    pygame.display.quit()


def _press(app, key: int, mod: int = 0, text: str = "") -> None:
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)])


def _settle(app, board) -> None:
    for _ in range(200):
        if not board.view.animating() and board.job is None:
            break
        app.frame(0.05, [])
    app.frame(1 / 60, [])


def _hint_line(board) -> str:
    return "  ".join(line.text for line in board._status().lines)


def _signature(app, board) -> tuple:
    """What a player sees and what the game holds: the top screen, the moves made, the picture."""
    app.frame(0.0, [])
    return id(app.stack.top), len(board.match.log), hashlib.sha1(pygame.image.tobytes(app.screen, "RGB")).digest()


def _at(app, pos: Position, prelude: tuple[tuple[int, int, str], ...]):
    board = board_at(app, pos)
    assert board is not None, f"{pos}: random play ended the game; choose another depth"
    for key in prelude:
        _press(app, *key)
        _settle(app, board)
    return board


def _answers(app, pos: Position, prelude, press) -> bool:
    """On a fresh board of ``pos`` after ``prelude``: does ``press`` change anything?"""
    board = _at(app, pos, prelude)
    if app.stack.top is not board:
        return True  # the prelude left the board (a dialog): not this state's question
    before = _signature(app, board)
    assert _signature(app, board) == before, "an idle frame changed the picture"
    _press(app, *press)
    return _signature(app, board) != before


def _dead_keys(app, pos: Position, prelude) -> tuple[str, list[Named], list[Named]]:
    board = _at(app, pos, prelude)
    if app.stack.top is not board:
        return "", [], []
    text = _hint_line(board)
    numbers = [t.number for t in board.focusables() if t.number is not None]
    named = named_keys(text, numbers)
    dead = [n for n in named if not any(_answers(app, pos, prelude, p) for p in n.presses)]
    return text, named, dead


TAB = (pygame.K_TAB, 0, "")


@pytest.mark.parametrize("pos", POSITIONS, ids=str)
def test_every_key_the_hint_line_names_answers(app, pos):
    """With the ring hidden and showing, and one named letter later (V, R...), every key the hint
    line names changes what is on screen (the game, the focus, a picked piece, a message)."""
    failures = []
    preludes: list[tuple] = [(), (TAB,)]
    board = _at(app, pos, ())
    letters = [n for n in named_keys(_hint_line(board)) if len(n.name) == 1 and n.name.isalpha()]
    preludes += [(n.presses[0],) for n in letters]
    for prelude in preludes:
        text, named, dead = _dead_keys(app, pos, prelude)
        if dead:
            failures.append(f"after {[pygame.key.name(k) for k, _, _ in prelude]}: {text!r} names "
                            f"{[n.name for n in dead]}, which do nothing")
    assert not failures, "\n".join(failures)


def _tab_round(app) -> tuple[list, list]:
    """Tab once round the top screen's targets and Shift+Tab once back: (stops, greyed targets)."""
    scene = app.stack.top
    n = len(scene.focusables())
    stops, greyed = [], [t for t in scene.focusables() if not t.enabled]
    for mod in (0, pygame.KMOD_SHIFT):
        for _ in range(n + 1):
            _press(app, pygame.K_TAB, mod)
            scene = app.stack.top
            if scene.focus_ring.active:
                cur = scene.focus_ring.focused(scene.focusables())
                if cur is not None:
                    stops.append(cur)
    return stops, greyed


@pytest.mark.parametrize("pos", POSITIONS, ids=str)
def test_tab_never_stops_on_a_greyed_control_on_the_board(app, pos):
    _at(app, pos, ())
    stops, _ = _tab_round(app)
    assert stops and all(t.enabled for t in stops), [t.label for t in stops if not t.enabled]


def _shell_screens(app):
    """Every screen around the board, each as it opens (several with greyed controls)."""
    from courier import saves
    from courier.scenes.board_chooser import BoardChooserScene, BoardPick
    from courier.scenes.choice_dialog import ask_quit
    from courier.scenes.error import ErrorScene
    from courier.scenes.handoff import HandoffScene
    from courier.scenes.load import LoadScene
    from courier.scenes.menu import MenuScene
    from courier.scenes.replay import ReplayScene
    from courier.scenes.rules import RulesScene
    from courier.scenes.save_dialog import SaveDialog
    from courier.scenes.scoring import ScoringScene
    from courier.scenes.settings import SettingsScene
    from courier.scenes.setup import SetupScene
    from tests.app import shell_states

    done = shell_states.finished("doorstep-dash", 3)
    yield "menu, nothing saved", lambda: MenuScene(app)
    yield "load, nothing saved", lambda: LoadScene(app)
    yield "set-up", lambda: SetupScene(app)
    yield "settings", lambda: SettingsScene(app)
    yield "rules", lambda: RulesScene(app)
    yield "scores", lambda: ScoringScene(app, done)
    yield "replay", lambda: ReplayScene.from_match(app, done)
    yield "boards", lambda: BoardChooserScene(app, BoardPick("package-pandemonium"), "Boards")
    yield "error", lambda: ErrorScene(app, "Something broke.", None)
    yield "pass screen", lambda: HandoffScene(app, "Ann", (0, 114, 178), lambda: None, on_menu=lambda: None)
    yield "save", lambda: SaveDialog(app, done)
    yield "quit?", lambda: ask_quit(app)
    shell_states.several_saves()
    saves.list_saves()
    yield "menu, games saved", lambda: MenuScene(app)
    yield "load, several saves", lambda: LoadScene(app)


def test_tab_never_stops_on_a_greyed_control_around_the_board(app):
    from tests.app import shell_states

    seen_greyed = []
    for name, make in _shell_screens(app):
        while app.stack.top is not None:
            app.stack.pop()
        app.stack.push(shell_states.Backdrop(app))
        scene = make()
        if app.stack.top is not scene:
            app.stack.push(scene)
        app.frame(1 / 60, [])
        stops, greyed = _tab_round(app)
        seen_greyed += [(name, t.label) for t in greyed]
        assert all(t.enabled for t in stops), (name, [t.label for t in stops if not t.enabled])
    assert seen_greyed, "no screen had a greyed control: the check proved nothing"


#: the turn's main action in each game (its class name), and the key that makes it
MAIN_ACTION = {"next-day": "EndTurn", "doorstep-dash": "EndTurn", "out-for-delivery": "EndTurn",
               "package-pandemonium": "EndRoute"}
MAIN_POSITIONS = [Position(g, n, seed, depth, tuple(sorted(o.items())), until=MAIN_ACTION[g])
                  for g, n, o in TABLES if not (g == "next-day" and not o) for seed, depth in ((1, 0), (2, 20))]


@pytest.mark.parametrize("pos", MAIN_POSITIONS, ids=str)
def test_the_turns_main_action_is_one_key_from_any_focus(app, pos):
    """The bound: one press. From the ring hidden and from every Tab stop in turn, E makes the
    turn's main action (End turn; End route in Package Pandemonium)."""
    board = _at(app, pos, ())
    stops = len([t for t in board.focusables() if t.enabled])
    for tabs in range(stops + 1):
        board = _at(app, pos, (TAB,) * tabs)
        main = next(a for a in board.match.legal(0) if type(a).__name__ == MAIN_ACTION[pos.game_id])
        log = list(board.match.log)
        focus = board.focus_ring.focused(board.focusables()) if board.focus_ring.active else None
        _press(app, pygame.K_e, 0, "e")
        assert board.match.log[len(log):][:1] == [main.to_text()], (tabs, focus and focus.label)


def test_the_hint_line_reader_reads_keys_as_a_player_does():
    def names(text: str) -> list[str]:
        return [n.name for n in named_keys(text)]

    assert names("Pick your van, bike or a blockage: V, B or arrows, Enter; Tab for buttons; E ends the turn.") == [
        "Tab", "Enter", "Arrows", "V", "B", "E"]
    assert names("Pick a priority card (keys 1-9, 0 for 10, Shift+1-6 for 11-16): lowest wins the round.") == [
        *[f"Shift+{n}" for n in range(1, 7)], *[str(n) for n in range(1, 10)], "0"]
    assert names("Your test roll fell short: B plays a blue card (+2), A accepts the result.") == ["B", "A"]
    assert names("Set a trap here (T), or end your turn (E).") == ["T", "E"]
    assert names("Bid below 40 or pass (Left/Right, Tab, Enter).") == ["Left/Right", "Tab", "Enter"]
    assert names("A parcel waits. I am here, 4.5 MP left.") == []


@pytest.mark.parametrize("pos", POSITIONS, ids=str)
def test_the_main_actions_key_answers_where_the_turn_cannot_end(app, pos):
    """Where the turn's main action is not on offer (a roll first, a card to pick, a route to
    drive), E still answers: the status line says the rules' reason."""
    board = _at(app, pos, ())
    if any(type(a).__name__ == MAIN_ACTION[pos.game_id] for a in board.match.legal(0)):
        return  # the test above makes the move here
    assert _answers(app, pos, (), (pygame.K_e, 0, "e")), board.status_text()[0]
