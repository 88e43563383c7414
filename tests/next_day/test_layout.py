"""Next Day's board scene fits every window from 1024x600 to 2560x1440: the layout check finds no
control leaving the window or its panel, no overlap and no text cut without a way to read it
whole, in the set-up (a full hand and a used-up one), on a first turn, with a vehicle picked, while
moving a blockage, in both bid dialogs and at the end. The pictures stay under
tests/_screenshots/layout/ (next-day-*)."""

from __future__ import annotations

from typing import Callable

import pygame
import pytest

from courier.match import Match, SeatSpec
from courier.rules.next_day import actions as A
from courier.scenes.board import BoardScene
from courier.ui import theme
from tests.app.layout_matrix import SIZES, check, close_app, open_app
from tests.next_day.helpers import G, add_contract, play_state, put

NAMES = ("Annabel Fortescue-Smythe", "Bob", "Cat")


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "home"))


def seats(kinds=("human", "ai", "ai")) -> list[SeatSpec]:
    return [SeatSpec(n, c, k, "easy") for n, (_, c), k in zip(NAMES, theme.PLAYER_COLOURS, kinds)]


def open_board(app, match: Match) -> BoardScene:
    board = app.stack.push(BoardScene(app, match, autosave=False, ai_pause=0.0))
    app.settings.reduced_motion = True
    board.view.ctx.reduced_motion = True
    app.frame(0.05, [])
    return board


def put_state(board: BoardScene, s) -> None:
    """A hand-built position (the rules made it with real actions) shown to the human at seat 0."""
    board.match.state = s
    board._show()
    board.app.frame(0.05, [])


def key(app, k: int) -> None:
    app.frame(0.02, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def focus_on(board: BoardScene, want: Callable) -> None:
    """Tab to a target, so its label and ring are drawn as a keyboard player sees them."""
    for _ in range(60):
        t = board.focus_ring.focused(board.focusables()) if board.focus_ring.active else None
        if t is not None and want(t):
            return
        key(board.app, pygame.K_TAB)
    raise AssertionError("no such target")


# -- the states ----------------------------------------------------------------------------------
def setup_full(app) -> BoardScene:
    return open_board(app, Match.new("next-day", seats(), seed=4))


def setup_used(app) -> BoardScene:
    board = setup_full(app)
    board.submit(A.DealRandomly(0))
    app.frame(0.05, [])
    focus_on(board, lambda t: t.zone == "panel")
    return board


def _play(app, seed=3):
    board = open_board(app, Match.new("next-day", seats(), seed=seed, quick_setup=True))
    s = play_state(3, seed)
    # long names on purpose: the panel must show them whole somewhere
    for owner, (a, b) in enumerate((("Nempnett Thrubwell", "Barton in the Beans"), ("Much Wenlock", "Lower Slaughter"),
                                    ("Chipping Sodbury", "Piddletrenthide"))):
        if a in G.board(s.config).places and b in G.board(s.config).places:
            add_contract(s, owner, a, b, parcels=3)
    for owner in range(3):
        places = sorted(G.board(s.config).places)
        add_contract(s, owner, places[owner * 3], places[owner * 3 + 7], parcels=2)
    return board, s


def first_turn(app) -> BoardScene:
    board, s = _play(app)
    put_state(board, s)
    return board


def van_picked(app) -> BoardScene:
    board = first_turn(app)
    focus_on(board, lambda t: t.key == ("vehicle", "van"))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RIGHT)
    return board


def blockage_road(app) -> BoardScene:
    board = first_turn(app)
    focus_on(board, lambda t: t.label.startswith("Blockage"))
    key(app, pygame.K_RETURN)
    focus_on(board, lambda t: t.key[0] == "blockage")
    key(app, pygame.K_RETURN)
    assert board.view.picked_blockage is not None
    return board


def offer_dialog(app) -> BoardScene:
    board, s = _play(app)
    c = next(c for c in s.contracts if c.owner == 1)
    put(s, 0, "van", c.pickup)
    put_state(board, s)
    focus_on(board, lambda t: "bid for" in t.label)
    key(app, pygame.K_RETURN)
    return board


def auction_answer(app) -> BoardScene:
    board, s = _play(app)
    c = next(c for c in s.contracts if c.owner == 0)
    put(s, 1, "van", c.pickup)
    s.current = 1
    G.apply(s, A.StartBid(1, "van", c.id, c.price - 5))
    put_state(board, s)
    return board


def game_over(app) -> BoardScene:
    board, s = _play(app)
    for c in s.contracts:
        if c.owner == 0:
            c.done, c.waiting, c.delivered = True, 0, c.parcels
    s.players[0].delivered = 8
    G.apply(s, A.Declare(0))
    board.match.state = s
    board._show()
    return board


STATES = {
    "setup-full-hand": setup_full,
    "setup-hand-used": setup_used,
    "first-turn": first_turn,
    "van-picked": van_picked,
    "blockage": blockage_road,
    "offer": offer_dialog,
    "auction": auction_answer,
    "over": game_over,
}


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_state_fits(size):
    app = open_app(size)
    problems: list[str] = []
    try:
        for name, build in STATES.items():
            while app.stack.top is not None:
                app.stack.pop()
            board = build(app)
            assert app.stack.top is board, name
            # the pointer rests on the title, where nothing shows a tooltip; the ring hides as it moves
            app.frame(0.02, [pygame.event.Event(pygame.MOUSEMOTION, pos=(4, 4), rel=(0, 0), buttons=(0, 0, 0))])
            problems += check(app, f"next-day-{name}")
    finally:
        close_app(app)
    assert not problems, "\n".join(problems)
