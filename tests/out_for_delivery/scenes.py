"""Out For Delivery's board scene in a real app, brought to the positions the layout and keyboard
tests look at: set-up, the roll, a city with every button, the trade dialog and its answer, a full
load, fly mode and the end of the game. Positions are reached by playing the rules' own actions
through the match; where a test needs two couriers on one tile or a full load, the state is placed
by hand as the rules tests do."""

from __future__ import annotations

import pygame

from courier.match import Match, SeatSpec
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery.state import Parcel
from courier.rules.rng import Rng
from courier.scenes.board import BoardScene
from courier.scenes.handoff import HandoffScene
from courier.ui import theme

NAMES = ["Ann", "Bartholomew", "Cat", "Dan"]


def people(n: int, kinds: list[str] | None = None) -> list[SeatSpec]:
    kinds = kinds or ["human"] * n
    return [SeatSpec(NAMES[i], theme.PLAYER_COLOURS[i][1], kinds[i], "easy") for i in range(n)]


def ready(app, board: BoardScene, frames: int = 2000) -> None:
    """Run frames until a person may act on the board (taking the device whenever asked)."""
    for _ in range(frames):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            top._continue()
        if top is board and board.seat is not None and not board.view.animating():
            return
        if board.view.animating():
            board.view.shows.anim.finish_all()
        app.frame(0.05, [])
    raise AssertionError("nobody got the board")


def settle(app, board: BoardScene) -> None:
    for _ in range(50):
        if not board.view.animating():
            break
        board.view.shows.anim.finish_all()
        app.frame(0.05, [])
    app.frame(0.05, [])


def open_board(app, players: int = 3, seed: int = 3, show_scoring: bool = True, **options) -> tuple[Match, BoardScene]:
    match = Match.new("out-for-delivery", people(players), seed=seed, **options)
    board = BoardScene(app, match, autosave=False, show_scoring=show_scoring)
    app.stack.push(board)
    app.frame(0.05, [])
    return match, board


def play(app, board: BoardScene, action) -> None:
    assert board.submit(action), action
    ready(app, board)


def to_roll(app, board: BoardScene) -> None:
    """Everyone picks a start city (the first offered)."""
    m = board.match
    while m.state.phase == "start":
        ready(app, board)
        play(app, board, next(a for a in m.legal(board.seat) if isinstance(a, A.StartCity)))
    ready(app, board)


def to_act(app, board: BoardScene) -> None:
    to_roll(app, board)
    play(app, board, A.Roll(board.seat))


def replace(app, board: BoardScene) -> None:
    """The state was placed by hand: show it afresh."""
    board._show()
    settle(app, board)


def at_a_city(app, board: BoardScene, items: list[str] | None = None, parcels: int = 2) -> None:
    """The courier to act stands on a pick-up tile with parcels waiting, items in hand and
    parcels to deliver, with plenty of movement points and no event."""
    to_act(app, board)
    s = board.match.state
    me = s.players[s.current]
    city = board.view.board.city(1)
    me.cell = city.pickup
    s.waiting[0] = [2, 3, 4, 5, 6]
    me.items = list(items if items is not None else ["coffee", "airplane_ticket", "umbrella"])
    me.parcels = [Parcel(2 + k % 5, k) for k in range(parcels)]
    me.gold = 240
    s.mp, s.obstacle, s.bought, s.sold = 24, "none", False, False
    s.weather = ["light_rain"] * len(s.weather)
    replace(app, board)


def two_on_a_tile(app, board: BoardScene) -> None:
    """The courier to act and the next one share a road tile, both with things to trade."""
    to_act(app, board)
    s = board.match.state
    me, other = s.current, (s.current + 1) % len(s.players)
    road = next(c for c in range(len(board.view.board.terrain)) if board.view.board.terrain[c] == "road")
    s.players[me].cell = s.players[other].cell = road
    s.players[me].parcels = [Parcel(3, 1), Parcel(5, 4)]
    s.players[other].parcels = [Parcel(6, 7), Parcel(2, 0)]
    s.players[me].items = ["coffee"]
    s.players[other].items = ["umbrella", "snow_shoes"]
    s.players[me].gold, s.players[other].gold = 120, 80
    s.mp, s.obstacle, s.traded = 20, "none", False
    replace(app, board)


def press(app, board: BoardScene, text: str, dialog: bool = False) -> None:
    """Click the view's button labelled ``text`` (a mouse helper for building positions)."""
    for _ in range(6):
        v = board.view
        b = next((b for b in (v.dialog if dialog else v.buttons) if b.label == text or b.command == text), None)
        if b is not None or dialog:
            break
        press(app, board, "page")  # on the next page of the panel's actions
    assert b is not None, f"no button {text!r}"
    pos = b.rect.center
    app.frame(0.05, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                     pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    app.frame(0.05, [pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0))])


def play_to_the_end(app, board: BoardScene, seed: int = 1) -> None:
    """Finish the game with the rules-of-thumb courier choosing for every person."""
    from courier.ai.base import make_bot

    m = board.match
    bot = make_bot("out-for-delivery", "easy")
    rng = Rng(seed)
    for _ in range(5000):
        if m.is_over():
            break
        if board.seat is None:
            ready(app, board)
        seat = board.seat
        legal = m.legal(seat)
        a = bot.choose(m.game, m.view(seat), seat, legal, rng)
        board.submit(a)
        settle(app, board)
    assert m.is_over()
