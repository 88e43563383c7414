"""Every kind of Package Pandemonium choice made with keys through the real board scene: the
base (arrows among the ringed tiles, Enter), the company and drive-first prompts (Tab, Enter),
the secret priority card (number keys), a route step by step (arrows; Backspace; Enter drives),
a greyed button (Enter says why; a click on it says why too), a panel button, the Rogue's
route, and the theft answer. The status line names the keys."""

from __future__ import annotations

import pygame
import pytest

from courier.rules.package_pandemonium.board import step_cell
from courier.scenes.board import BoardScene
from tests.package_pandemonium.kb_play import NoMouse, open_ways
from tests.package_pandemonium.layout_states import new_match, person_in, play_until, theft_match
from tests.package_pandemonium.pp_helpers import cell, clear_tiles, load, play, put, setup


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "home"))
    from courier.app import App
    from courier.settings import Settings

    a = App(Settings(), size=(1280, 720), fullscreen=False)
    yield a
    while a.stack.top is not None:
        a.stack.pop()
    pygame.display.quit()


def open_board(app, m) -> tuple[BoardScene, NoMouse]:
    board = app.stack.push(BoardScene(app, m, autosave=False, ai_pause=0.0))
    d = NoMouse(app)
    d.frame()
    assert board.seat == 0
    return board, d


def driving(m):
    """Ann (seat 1) drives first in round 1, from A5, with nothing in her van."""
    s = setup(2, bases={0: "A5", 1: "E5"}, companies={0: "express", 1: "long-life"}, names=("Ann", "Ben"))
    play(s, "p1 priority 1", "p2 priority 2", "p1 go first")
    clear_tiles(s)
    m.state = s
    return m


def test_the_base_by_arrows_and_enter(app):
    board, d = open_board(app, play_until(new_match(), person_in("base")))
    assert "arrows" in board.view.status().lower() and "enter" in board.view.status().lower()
    d.key(pygame.K_DOWN)  # the ring comes onto the first ringed tile
    d.key(pygame.K_RIGHT)
    t = d.focused()
    assert t is not None and t.zone == "board" and "put your base here" in t.label
    cell_ = t.key[1]
    d.key(pygame.K_RETURN)
    assert board.match.state.vans[0].base == cell_


def test_the_company_prompt_by_tab_and_enter(app):
    board, d = open_board(app, play_until(new_match(), person_in("company")))
    targets = [t for t in d.targets() if t.zone != "bar"]
    assert targets and all(t.zone == "dialog" for t in targets)  # only the prompt while it is open
    d.choose(lambda t: t.label.startswith("Big Van Co."), "Big Van Co.")
    assert board.match.state.vans[0].company == "big-van"


def test_the_priority_card_by_number_key(app):
    board, d = open_board(app, play_until(new_match(), person_in("priority")))
    cards = [t for t in d.targets() if t.zone == "cards"]
    assert len(cards) == 16 and "Priority 7" in cards[6].label
    assert "1-9" in board.view.status()
    d.key(pygame.K_7)
    van = board.match.state.vans[0]
    assert van.choice == 7 or van.revealed == 7 or 7 not in van.hand


def test_drive_first_by_tab_and_enter(app):
    board, d = open_board(app, play_until(new_match(), person_in("order")))
    d.choose(lambda t: t.label == "Drive second", "Drive second")
    s = board.match.state
    assert s.phase != "order" and s.order[-1] == 0


def test_a_route_by_arrows_backspace_and_enter(app):
    board, d = open_board(app, driving(new_match(map="Riverside")))
    s = board.match.state
    start = s.vans[0].pos
    assert "Arrows" in board.view.status()
    # Tab passes over the greyed End route; the arrows down the buttons stop on it, Enter says the rule
    d.tab_to(lambda t: t.zone == "panel", "a button")
    for _ in range(4):
        if d.focused().label.startswith("End route"):
            break
        d.key(pygame.K_DOWN)
    assert d.focused().label.startswith("End route") and not d.focused().enabled
    d.key(pygame.K_RETURN)
    assert board.flash is not None and "step" in board.flash[0] and s.phase == "route"
    end = d.tab_to(lambda t: t.id == board.view.route_end_key, "the route's end")
    assert open_ways(end) == ["north", "east"]
    d.key(pygame.K_UP)
    d.key(pygame.K_RIGHT)
    assert board.view.plan == ["N", "E"]
    assert d.focused().id == board.view.route_end_key and "drive these 2 steps" in d.focused().label
    d.key(pygame.K_BACKSPACE)
    assert board.view.plan == ["N"]
    d.key(pygame.K_RETURN)
    assert board.match.log[-1] == "p1 step N" and s.vans[0].pos == cell("A4") != start


def test_a_refused_step_and_a_greyed_click_say_why(app):
    board, d = open_board(app, driving(new_match(map="Riverside")))
    d.key(pygame.K_DOWN)  # A5 is on the city's edge
    assert board.view.plan == [] and board.flash is not None and board.flash[0]
    grey = next(b for b in board.view.buttons if not b.enabled and b.label == "End route")
    board.flash = None
    board.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=grey.rect.center, button=1))
    assert board.flash is not None and "step" in board.flash[0]


def test_panel_buttons_by_tab_and_enter(app):
    m = driving(new_match(map="Riverside"))
    put(m.state, "A4", "H")
    board, d = open_board(app, m)
    d.tab_to(lambda t: t.id == board.view.route_end_key)
    d.key(pygame.K_UP)
    d.key(pygame.K_RETURN)
    s = board.match.state
    assert s.vans[0].pos == cell("A4")
    assert "H" in s.vans[0].cargo  # picked up on the way
    d.choose(lambda t: t.label.startswith("Leave high"), "Leave high")
    assert "H" not in s.vans[0].cargo and "H" in s.tiles[cell("A4")] and board.match.log[-1] == "p1 drop high"


def test_the_rogue_by_arrows_and_enter(app):
    m = driving(new_match(map="Riverside"))
    s = m.state
    s.phase, s.chooser, s.mover = "rogue", 0, 2
    ben = s.vans[1]
    ben.pos, ben.cubes = cell("E2"), [cell("D1"), cell("D2"), cell("E2")]
    load(s, 1, "L", "H")
    board, d = open_board(app, m)
    rogue_at = s.vans[2].pos
    assert "Rogue" in board.view.status()
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_RIGHT)
    assert board.view.plan == ["E", "E"]
    d.key(pygame.K_RETURN)
    assert board.match.log[-1] == "p1 rogue E,E"
    assert s.vans[2].pos in (step_cell(rogue_at, "E"), step_cell(step_cell(rogue_at, "E"), "E"))  # Ben may answer a theft


def test_the_theft_answer_by_tab_and_enter(app):
    board, d = open_board(app, theft_match())
    v = board.view
    assert v.prompt is not None and "unless the sat nav steers it away." in v.prompt.body
    assert [t.zone for t in d.targets() if t.zone != "bar"] == ["dialog", "dialog"]
    battery = board.match.state.vans[0].battery
    d.choose(lambda t: t.label.startswith("Protect it"), "Protect it")
    s = board.match.state
    assert board.match.log[-1] == "p1 protect" and s.vans[0].battery == battery - 1 and "H" in s.vans[0].cargo
    if s.phase == "defend":  # the Rogue's second tile on Ann's route: the next answer, by keys too
        d.choose(lambda t: t.label == "Let it go", "Let it go")
        assert board.match.log[-1] == "p1 let it go" or s.phase != "defend"


def test_after_an_answer_the_ring_goes_on_to_the_next_thing_to_do(app):
    """Drive first, by keys: the ring moves on to the route's end, never to a top-bar button
    where the next Enter would undo or leave the game."""
    board, d = open_board(app, play_until(new_match(), person_in("order")))
    d.choose(lambda t: t.label == "Drive first", "Drive first")
    assert board.match.state.phase == "route"
    d.frame()
    t = d.focused()
    assert t is not None and t.zone == "board" and t.id == board.view.route_end_key
    ways = open_ways(t)
    arrow = {"north": pygame.K_UP, "south": pygame.K_DOWN, "east": pygame.K_RIGHT, "west": pygame.K_LEFT}[ways[0]]
    d.key(arrow)
    d.key(pygame.K_RETURN)  # drives the one planned step
    assert board.match.log[-1].startswith("p1 step ")
    d.frame()
    t = d.focused()
    assert t is not None and t.zone != "bar", t.label


def test_enter_acts_on_the_answer_drawn_as_the_main_one(app):
    """"Drive first" is drawn as the main answer: Enter, with no Tab first, chooses it."""
    board, d = open_board(app, play_until(new_match(), person_in("order")))
    assert any(o.primary and o.label == "Drive first" for o in board.view.prompt.options)
    d.key(pygame.K_RETURN)
    s = board.match.state
    assert s.phase != "order" and s.order[0] == 0


def test_every_priority_card_has_a_key_and_the_hint_names_them(app):
    board, d = open_board(app, play_until(new_match(), person_in("priority")))
    hint = board.view.status()
    assert "0" in hint and "Shift" in hint
    van = board.match.state.vans[0]
    d.key(pygame.K_6, pygame.KMOD_SHIFT)  # card 16
    assert van.choice == 16 or 16 not in van.hand


def test_card_ten_is_key_zero(app):
    board, d = open_board(app, play_until(new_match(), person_in("priority")))
    van = board.match.state.vans[0]
    d.key(pygame.K_0)
    assert van.choice == 10 or 10 not in van.hand


def test_a_short_drive_says_the_route_goes_on(app):
    """Routes are 3 steps: a planned 2 is offered as 2 of 3, and End route says what is missing."""
    board, d = open_board(app, driving(new_match(map="Riverside")))
    d.tab_to(lambda t: t.id == board.view.route_end_key)
    d.key(pygame.K_UP)
    d.key(pygame.K_RIGHT)
    confirm = next(b for b in board.view.buttons if b.action == "confirm")
    assert "2 of 3 steps" in confirm.label, confirm.label
    d.key(pygame.K_RETURN)
    s = board.match.state
    assert s.steps_taken == 2
    end = next(b for b in board.view.buttons if b.label.startswith("End route"))
    from courier.words import counted

    why = counted(end.why_not)  # as the status line and the tooltip say it
    assert not end.enabled and "1 more step first" in why and "3 steps" in why, why


@pytest.mark.parametrize("card", [1, 7, 10, 12, 16])
def test_the_number_of_a_played_priority_card_says_so(app, card):
    """A played card is gone from the hand: its number key answers in the status line with the
    rules' own refusal, and nothing is played."""
    from courier.rules.package_pandemonium import actions as A

    m = play_until(new_match(), person_in("priority"))
    van = m.state.vans[0]
    van.hand = [c for c in van.hand if c != card]
    board, d = open_board(app, m)
    said = m.game.refusal(m.view(0), A.PlayPriority(0, card))
    assert said and "already been played" in said
    log = list(m.log)
    key = getattr(pygame, f"K_{card % 10}")
    d.key(key, pygame.KMOD_SHIFT if card > 10 else 0)
    assert m.log == log and van.choice == 0
    assert board.status_text()[0].startswith(said.rstrip("."))  # then the rule behind it (F1)
