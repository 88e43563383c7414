"""Escape first drops a half-made choice (a planned route, a picked vehicle); only when there is
none does it open the game menu, where leaving for the title screen is one answer (the game is
autosaved)."""

from __future__ import annotations

import pygame

from courier.match import Match, SeatSpec
from courier.scenes.board import BoardScene
from courier.scenes.choice_dialog import ChoiceDialog
from courier.scenes.menu import MenuScene
from courier.ui import theme


def _board(app, drive, game_id: str, players: int, **options) -> BoardScene:
    seats = [SeatSpec(f"P{i + 1}", theme.PLAYER_COLOURS[i][1], "human" if i == 0 else "ai") for i in range(players)]
    match = Match.new(game_id, seats, seed=2, **options)
    board = BoardScene(app, match, autosave=False)
    app.stack.push(board)
    drive.frame()
    return board


def test_escape_clears_a_planned_route_before_leaving(app, drive):
    from courier.rules.package_pandemonium.state import ROUTE
    from courier.scenes.games.package_pandemonium.view import KEYS

    board = _board(app, drive, "package-pandemonium", 2, map="Riverside")
    m = board.match
    while not (m.state.phase == ROUTE and board.seat == 0 and board.view._planner() == "route"):
        seat = m.to_act()[0]
        if m.is_human(seat):
            board.submit(m.legal(seat)[-1] if m.state.phase == "priority" else m.legal(seat)[0])
        else:
            m.submit(m.legal(seat)[0])
            board._show()
        drive.frame()
    for key in KEYS:
        drive.key(key)
        if board.view.plan:
            break
    assert board.view.plan
    drive.key(pygame.K_ESCAPE)
    assert board.view.plan == [] and app.stack.top is board
    if board.focus_ring.active:  # the arrows showed the ring: it goes next
        drive.key(pygame.K_ESCAPE)
        assert app.stack.top is board and not board.focus_ring.active
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.stack.top, ChoiceDialog) and board in app.stack
    drive.click_button(app.stack.top, "Leave to the title screen")
    assert isinstance(app.stack.top, MenuScene)


def test_escape_drops_a_picked_vehicle_before_leaving(app, drive):
    board = _board(app, drive, "next-day", 3, quick_setup=True)
    drive.run_until(lambda: board.seat == 0, frames=2000)
    drive.key(pygame.K_v)
    assert board.view.selected == "van" and board.focus_ring.active  # the ring is on the van
    drive.key(pygame.K_ESCAPE)
    assert board.view.selected is None and app.stack.top is board
    drive.key(pygame.K_ESCAPE)  # then the ring goes
    assert not board.focus_ring.active and app.stack.top is board
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.stack.top, ChoiceDialog) and board in app.stack
    drive.click_button(app.stack.top, "Leave to the title screen")
    assert isinstance(app.stack.top, MenuScene)
