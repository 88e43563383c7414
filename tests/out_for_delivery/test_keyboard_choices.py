"""Every kind of choice in Out For Delivery made with keys alone, in the real board scene: the
start city, the roll, travelling (with the move preview shown for the focused tile as on hover),
picking up and delivering, items and the market, the trade dialog (offer, gold amount, accept),
flying, the pages of actions, greyed buttons that say why, and ending the turn. No mouse event
is sent by these tests except where one checks that a click on a greyed button says why too."""

from __future__ import annotations

import pygame
import pytest

from tests.app import layout_matrix
from tests.app.keys import KeyDriver
from tests.out_for_delivery import scenes


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "home"))
    a = layout_matrix.open_app((1024, 600))
    yield a
    layout_matrix.close_app(a)


def status(board) -> str:
    return board.status_text()[0]


def choose_on_any_page(d: KeyDriver, starts: str) -> None:
    """Enter on the panel button whose label starts with ``starts``, turning the pages of
    actions with "More actions" until it shows."""
    for _ in range(5):
        if any(t.label.startswith(starts) for t in d.targets()):
            break
        d.choose(lambda t: t.label.startswith("More ("))
    d.choose(lambda t: t.label.startswith(starts))


def labels(d: KeyDriver, zone: str | None = None) -> list[str]:
    return [t.label for t in d.targets() if zone is None or t.zone == zone]


def test_start_city_with_the_arrows_and_the_roll_with_r(app) -> None:
    m, board = scenes.open_board(app, players=2)
    scenes.ready(app, board)
    d = KeyDriver(app)
    assert "arrows and Enter" in status(board)
    assert all("start here" in t.label for t in d.targets() if t.zone == "board")
    d.key(pygame.K_RIGHT)  # the ring starts on the board
    first = d.focused()
    assert first is not None and first.zone == "board"
    d.key(pygame.K_RIGHT)
    moved = d.focused()
    assert moved is not None and moved.id != first.id, "the arrow moved to another city"
    number = moved.key[2]
    d.key(pygame.K_RETURN)
    assert m.state.players[0].cell in board.view.board.city(number).cells
    scenes.ready(app, board)
    d.choose(lambda t: t.zone == "panel" and "Start in" in t.label)  # the panel's city buttons too
    scenes.ready(app, board)
    assert m.state.phase == "roll" and "press R" in status(board)
    d.key(pygame.K_r, text="r")  # R rolls wherever the focus ring is
    assert m.state.phase == "act"


def test_travel_with_the_arrows_shows_the_points_left_and_enter_goes(app) -> None:
    m, board = scenes.open_board(app, players=2)
    scenes.to_act(app, board)
    d = KeyDriver(app)
    assert "arrows" in status(board) and "Tab" in status(board) and "E ends" in status(board)
    tiles = [t for t in d.targets() if t.zone == "board"]
    assert tiles and all("travel for" in t.label and "leaving" in t.label for t in tiles)
    assert len(tiles) < len(board.view.reach), "the arrows visit the places that matter, not every road tile"
    d.key(pygame.K_DOWN)
    t = d.focused()
    assert t is not None and t.zone == "board"
    cell = board.view.geo.cell_at(t.click_point)
    pv = board.view.move_preview(cell)
    assert pv is not None
    assert f"leaving {pv.left / 2:g}" in status(board), "the focused tile's preview is in the status line"
    assert board.view._frame().pointer == cell, "and its path is drawn as on hover"
    d.key(pygame.K_RETURN)
    assert m.state.players[0].cell == cell
    assert m.state.mp == pv.left


def test_pick_up_deliver_and_the_market_by_keys(app) -> None:
    m, board = scenes.open_board(app, players=2)
    scenes.at_a_city(app, board, items=["coffee"], parcels=0)
    s = m.state
    d = KeyDriver(app)
    d.choose(lambda t: t.label.startswith("Take a parcel for Saltmarsh"))
    assert [p.dest for p in s.players[0].parcels] == [2]
    choose_on_any_page(d, "Buy an item")
    assert s.bought
    scenes.settle(app, board)
    gold = s.players[0].gold
    choose_on_any_page(d, "Sell Coffee")
    assert s.sold and s.players[0].gold == gold + m.config.sale_price(s.obstacle)
    scenes.settle(app, board)
    # now on Saltmarsh's delivery tile with the parcel
    s.players[0].cell = board.view.board.city(2).delivery
    board._show()
    scenes.settle(app, board)
    before = s.players[0].gold
    d.choose(lambda t: t.label.startswith("Deliver the parcel for Saltmarsh"))
    assert s.players[0].gold > before and not s.players[0].parcels


def test_a_greyed_button_says_why_by_key_and_by_click(app) -> None:
    m, board = scenes.open_board(app, players=2)
    scenes.at_a_city(app, board, items=[], parcels=5)  # a full load: nothing more can be picked up
    d = KeyDriver(app)
    greyed = [t for t in d.targets() if t.zone == "panel" and not t.enabled]
    assert greyed and all(t.why_not for t in greyed)
    pick = next(t for t in greyed if t.label.startswith("Take a parcel"))
    assert "carry 5 parcels" in pick.why_not
    d.choose_greyed(lambda t: t.id == pick.id)
    assert "carry 5 parcels" in status(board) and len(m.state.players[0].parcels) == 5
    board.flash = None
    pos = pick.rect.center
    app.frame(0.05, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                     pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    assert "carry 5 parcels" in status(board), "a click on a greyed button says why too"


def test_more_actions_pages_and_fly_by_keys(app) -> None:
    m, board = scenes.open_board(app, players=4)
    scenes.at_a_city(app, board, items=["coffee", "airplane_ticket", "umbrella", "ski_mask", "snow_shoes", "portable_boat"], parcels=5)
    d = KeyDriver(app)
    first = labels(d, "panel")
    assert any(x.startswith("More (1/") for x in first)
    d.choose(lambda t: t.label.startswith("More ("))
    second = labels(d, "panel")
    assert second != first and any(x.startswith("More (2/") for x in second)
    choose_on_any_page(d, "Fly to a city")
    assert board.view.mode == "fly"
    tiles = [t for t in d.targets() if t.zone == "board"]
    assert tiles and all(t.label.startswith("Fly to") for t in tiles)
    assert "Esc" in status(board)
    d.key(pygame.K_TAB)  # from the fly button straight to the first destination
    assert d.focused().zone == "board"
    d.key(pygame.K_RIGHT)
    t = d.focused()
    assert t.zone == "board"
    cell = board.view.geo.cell_at(t.click_point)
    d.key(pygame.K_RETURN)
    assert m.state.players[0].cell == cell and "airplane_ticket" not in m.state.players[0].items


def test_the_trade_dialog_by_keys_offer_gold_and_accept(app) -> None:
    m, board = scenes.open_board(app, players=3)
    scenes.two_on_a_tile(app, board)
    s = m.state
    d = KeyDriver(app)
    d.choose(lambda t: t.label.startswith("Trade…"))
    assert board.view.dialog_rect is not None
    assert {t.zone for t in d.targets()} <= {"dialog", "bar"}, "only the dialog's controls while it is open"
    offer = next(t for t in d.targets() if t.label.startswith("Make the offer"))
    assert not offer.enabled and "Choose what you give" in offer.why_not
    d.choose_greyed(lambda t: t.id == offer.id)
    assert "Choose what you give" in status(board)
    d.choose(lambda t: t.label.startswith("Kingsbridge, square 2"))
    d.choose(lambda t: t.zone == "dialog" and t.key == ("dialog", "gold:get"))
    assert board.view.trade["get"] == "gold:50"
    d.key(pygame.K_RIGHT)  # Left/Right change the amount on the gold button
    d.key(pygame.K_RIGHT)
    assert board.view.trade["get"] == "gold:52"
    d.choose(lambda t: t.label.startswith("-10"))
    assert board.view.trade["get"] == "gold:42"
    all_in = next(t for t in d.targets() if t.label.startswith("All"))
    d.choose(lambda t: t.id == all_in.id)
    assert board.view.trade["get"] == "gold:80"
    top = next(t for t in d.targets() if t.label.startswith("+10"))
    assert not top.enabled and "80 gold is all they have" in top.why_not
    d.choose(lambda t: t.label.startswith("Make the offer"))
    assert s.phase == "answer" and s.offer is not None
    scenes.ready(app, board)
    assert board.view.needs_handoff()
    d.choose(lambda t: t.label.startswith("I am Bartholomew"))
    d.choose(lambda t: t.label.startswith("Accept"))
    assert s.phase == "act" and s.players[1].gold == 0 and any(p.dest == 3 for p in s.players[1].parcels)


def test_escape_closes_the_trade_and_e_ends_the_turn(app) -> None:
    m, board = scenes.open_board(app, players=2)
    scenes.two_on_a_tile(app, board)
    d = KeyDriver(app)
    d.choose(lambda t: t.label.startswith("Trade…"))
    assert board.view.dialog_rect is not None
    d.key(pygame.K_ESCAPE)
    assert board.view.dialog_rect is None and board.view.mode == ""
    d.choose(lambda t: t.label.startswith("End turn"))
    assert m.state.current == 1
    scenes.ready(app, board)
    d.key(pygame.K_SPACE)
    scenes.settle(app, board)
    assert m.state.phase == "act"
    d.key(pygame.K_e, text="e")
    assert m.state.current == 0 and m.state.phase == "roll"


def test_use_an_item_by_keys(app) -> None:
    m, board = scenes.open_board(app, players=2)
    scenes.at_a_city(app, board, items=["coffee"], parcels=0)
    d = KeyDriver(app)
    before = m.state.mp
    choose_on_any_page(d, "Use Coffee")
    assert m.state.mp > before and "coffee" not in m.state.players[0].items


def test_space_skips_the_round_card_as_a_click_does(app) -> None:
    m, board = scenes.open_board(app, players=2)
    d = KeyDriver(app)
    for _ in range(2):  # both start cities: the round begins with its card
        scenes.ready(app, board)
        d.choose(lambda t: t.zone == "panel" and "Start in" in t.label)
    app.frame(0.05, [])
    assert board.view.shows.covering() and board.view.animating()
    board.focus_ring.clear()
    d.key(pygame.K_SPACE)
    assert not board.view.animating()


def test_number_keys_pick_the_numbered_start_cities(app) -> None:
    from courier.rules.out_for_delivery import actions as A

    m, board = scenes.open_board(app, players=2)
    scenes.ready(app, board)
    d = KeyDriver(app)
    assert "press its number" in status(board)
    n = [a.city for a in m.legal(0) if isinstance(a, A.StartCity)][-1]
    d.key(getattr(pygame, f"K_{n}"), text=str(n))
    assert m.state.players[0].cell in board.view.board.city(n).cells


def test_the_first_arrow_goes_its_way_from_the_courier(app) -> None:
    m, board = scenes.open_board(app, players=2)
    scenes.at_a_city(app, board)  # plenty of movement points
    b = board.view.board
    xs = [b.xy(c.pickup) for c in b.cities]
    mid = (sum(x for x, _ in xs) / len(xs), sum(y for _, y in xs) / len(xs))
    central = min(b.cities, key=lambda c: (b.xy(c.pickup)[0] - mid[0]) ** 2 + (b.xy(c.pickup)[1] - mid[1]) ** 2)
    m.state.players[m.state.current].cell = central.pickup  # places to go on every side
    scenes.replace(app, board)
    d = KeyDriver(app)
    me = board.view.geo.cell_rect(m.state.players[0].cell).center
    tried = []
    for key, (dx, dy) in ((pygame.K_LEFT, (-1, 0)), (pygame.K_RIGHT, (1, 0)), (pygame.K_UP, (0, -1)),
                          (pygame.K_DOWN, (0, 1))):
        ahead = [t for t in d.targets() if t.zone == "board"
                 and (t.rect.centerx - me[0]) * dx + (t.rect.centery - me[1]) * dy > 0]
        if not ahead:
            continue
        tried.append((dx, dy))
        board.focus_ring.clear()
        d.key(key)
        t = d.focused()
        assert t is not None and t.zone == "board"
        assert (t.rect.centerx - me[0]) * dx + (t.rect.centery - me[1]) * dy > 0, (key, t.label)
    # places on both sides of the piece along one line at least, so no one fixed start passes
    assert any((-dx, -dy) in tried for dx, dy in tried), tried


def test_tab_goes_to_the_panel_first_as_the_hint_says(app) -> None:
    m, board = scenes.open_board(app, players=2)
    scenes.to_act(app, board)
    d = KeyDriver(app)
    assert "in the panel (Tab)" in status(board)
    cell = m.state.players[0].cell
    d.key(pygame.K_TAB)
    t = d.focused()
    assert t is not None and t.zone == "panel", t.label
    assert m.state.players[0].cell == cell
