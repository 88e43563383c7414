"""Every kind of Doorstep Dash choice made with keys alone through the real board scene: the
opening keep (number keys), rolling (Space), driving (arrows and Enter), claiming row cards
(number keys), a test prompt (only its answers reachable), a bonus card to hand over (number
keys), setting and lifting a trap, giving up cards, and a greyed button that says why."""

from __future__ import annotations

import pygame
import pytest

from courier.match import Match
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash.state import Pending
from courier.scenes.board import BoardScene
from tests.app.keys import KeyDriver
from tests.doorstep_dash.scenes import kinds, play_until


@pytest.fixture
def app(tmp_path, monkeypatch):
    from courier.ai import base
    from courier.app import App
    from courier.settings import Settings

    monkeypatch.setattr(base, "LEVELS_USE_SEARCH", False)
    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "courier-home"))
    a = App(Settings(), size=(1280, 720), fullscreen=False)
    a.settings.reduced_motion = True
    yield a
    while a.stack.top is not None:
        a.stack.pop()
    pygame.display.quit()


def _open(app, match: Match) -> tuple[KeyDriver, BoardScene]:
    board = app.stack.push(BoardScene(app, match, autosave=False, show_scoring=False))
    keys = KeyDriver(app)
    for _ in range(100):
        keys.frame(dt=0.05)
        if board.seat == 0 and not board.view.animating():
            break
    assert board.seat == 0
    return keys, board


def _mine(m: Match) -> bool:
    return 0 in m.to_act()


def _last(match: Match) -> str:
    return match.log[-1]


def test_opening_keep_with_number_keys_and_enter(app):
    match = play_until(lambda m: _mine(m) and A.Keep in kinds(m), seed=3)
    keys, board = _open(app, match)
    dealt = list(match.view(0).opening_draw)
    cards = [t for t in keys.targets() if t.zone == "cards"]
    assert [t.id for t in cards] == [("card", c) for c in dealt]
    assert "press 1-5" in board.view.status()
    keys.key(pygame.K_2)  # puts the second card back
    keys.key(pygame.K_4)
    assert board.view.selected == set(dealt) - {dealt[1], dealt[3]}
    keep = keys.tab_to(lambda t: t.label.startswith("Keep"), "Keep")
    assert keep.zone == "panel" and keep.within == board.view.panel_rect
    keys.key(pygame.K_RETURN)
    assert _last(match).startswith("keep ") and dealt[1] not in _last(match) and dealt[3] not in _last(match)


def test_a_keep_below_the_minimum_is_greyed_and_enter_says_why(app):
    match = play_until(lambda m: _mine(m) and A.Keep in kinds(m), seed=3)
    keys, board = _open(app, match)
    for k in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4):
        keys.key(k)
    keep = next(t for t in keys.targets() if t.label.startswith("Keep"))
    assert not keep.enabled and keep.why_not
    log = list(match.log)
    keys.choose_greyed(lambda t: t.label.startswith("Keep"), "Keep")
    assert match.log == log
    said = board.status_text()[0]
    assert keep.why_not.rstrip(".").lower()[:20] in said.lower()


def test_roll_with_its_letter_then_drive_with_the_arrows(app):
    match = play_until(lambda m: _mine(m) and A.Roll in kinds(m), seed=3)
    keys, board = _open(app, match)
    assert "press R" in board.view.status()
    keys.key(pygame.K_r, text="r")
    assert _last(match) == "roll"
    keys.frame(dt=0.1)
    assert "arrows" in board.view.status()
    drives = [t for t in keys.targets() if t.zone == "board"]
    assert drives and all(t.label.startswith("Drive ") for t in drives)
    assert {t.id[1] for t in drives} == {a.to for a in match.legal(0)}
    keys.key(pygame.K_RIGHT)  # the arrows start on the board
    first = keys.focused()
    assert first is not None and first.zone == "board"
    # the route to the focused space is drawn: the view was told where the focus is
    assert board.view.geo.cell_at(board.view.mouse) == first.id[1]
    for key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP):
        keys.key(key)
    chosen = keys.focused()
    keys.key(pygame.K_RETURN)
    assert _last(match) == A.Move(0, chosen.id[1]).to_text()


def test_claiming_row_cards_with_number_keys_and_escape_drops_them(app):
    match = play_until(lambda m: _mine(m) and sum(isinstance(a, A.Claim) for a in m.legal(0)) > 1, seed=3)
    keys, board = _open(app, match)
    need = len(next(a for a in match.legal(0) if isinstance(a, A.Claim)).cards)
    row = list(match.state.row)
    keys.key(pygame.K_1)
    assert board.view.selected == {row[0]}
    keys.key(pygame.K_ESCAPE)  # drops the picks, stays on the board
    assert board.view.selected == set() and app.stack.top is board
    for k in range(need):
        keys.key(getattr(pygame, f"K_{k + 1}"))
    claim = keys.choose(lambda t: t.label.startswith("Claim") and t.enabled, "Claim")
    assert claim.zone == "panel"
    assert _last(match) == A.Claim(0, tuple(row[:need])).to_text() or set(_last(match)[6:].split(" + ")) == set(row[:need])


def test_a_test_prompt_offers_only_its_answers(app):
    match = play_until(lambda m: _mine(m) and A.Accept in kinds(m), seed=3)
    keys, board = _open(app, match)
    game = [t for t in keys.targets() if t.zone != "bar"]
    assert game and all(t.zone == "dialog" for t in game)
    assert {t.label.split(" - ")[0] for t in game} <= {"Accept", "Play blue +2"}
    assert "A accepts" in board.view.status()
    keys.choose(lambda t: t.label.startswith("Accept"), "Accept")
    assert _last(match) == "accept"


def test_the_letters_named_in_the_hint_act_even_when_the_ring_is_elsewhere(app):
    match = play_until(lambda m: _mine(m) and A.Roll in kinds(m), seed=3)
    keys, board = _open(app, match)
    keys.tab_to(lambda t: t.zone == "bar", "a top-bar button")  # the ring on Save/Undo/Rules/Menu
    keys.key(pygame.K_r, text="r")
    assert _last(match) == "roll" and app.stack.top is board


def test_a_bonus_card_to_hand_over_is_picked_with_a_number_key(app):
    match = play_until(lambda m: _mine(m) and A.Roll in kinds(m), seed=5)
    match.state.players[0].bonus[:] = ["blue", "red"]
    match.state.pending = Pending("give", 0, owner=1, source="trap")
    keys, board = _open(app, match)
    cards = [t for t in keys.targets() if t.zone == "cards"]
    assert [t.label.split(" ")[0] for t in cards] == ["Blue", "Red"]
    assert "press 1 or 2" in board.view.status()
    keys.key(pygame.K_2)
    assert _last(match) == "give red"


def test_a_greyed_trap_says_why_with_enter(app):
    match = play_until(lambda m: _mine(m) and A.Roll in kinds(m) and A.SetTrap not in kinds(m)
                       and "red" in m.state.players[0].bonus, seed=4)
    keys, board = _open(app, match)
    greyed = next((t for t in keys.targets() if t.label.startswith("Set trap")), None)
    assert greyed is not None and not greyed.enabled and greyed.why_not
    log = list(match.log)
    keys.choose_greyed(lambda t: t.label.startswith("Set trap"), "Set trap")
    assert match.log == log and greyed.why_not[:15].lower() in board.status_text()[0].lower()
    # pointing at it says the same reason
    assert greyed.why_not in (board.view.tooltip(greyed.rect.center) or "")


def test_set_and_lift_a_trap(app):
    match = play_until(lambda m: _mine(m) and A.SetTrap in kinds(m) and A.EndTurn in kinds(m), seed=4)
    keys, board = _open(app, match)
    keys.choose(lambda t: t.label.startswith("Set trap"), "Set trap")
    assert _last(match) == "set trap"
    # next own turn: the trap can be lifted
    for _ in range(400):
        if _mine(match) and A.RemoveTrap in kinds(match):
            break
        keys.frame(dt=0.1)
        if board.job is not None and not board.job.done():
            board.job.wait(5)
        if _mine(match) and board.seat == 0 and not board.view.animating() and A.RemoveTrap not in kinds(match):
            legal = match.legal(0)
            board.submit(next((a for a in legal if isinstance(a, (A.Roll, A.Accept, A.Give, A.Discard, A.Keep))),
                              legal[0]))
    for _ in range(50):
        if board.seat == 0 and not board.view.animating():
            break
        keys.frame(dt=0.1)
    keys.choose(lambda t: t.label.startswith("Lift trap"), "Lift trap")
    assert _last(match) == "remove trap"


def test_giving_up_cards_at_an_empty_warehouse(app):
    match = play_until(lambda m: _mine(m) and A.Roll in kinds(m) and len(m.state.players[0].hand) >= 1, seed=3)
    s = match.state
    s.players[0].pos = match.game.board(match.config).warehouse
    s.deck.clear()
    s.row.clear()
    assert A.GiveUp in kinds(match)
    keys, board = _open(app, match)
    keys.choose(lambda t: t.label.startswith("Give up"), "Give up")
    assert _last(match) == "give up cards"


def test_the_first_arrow_goes_its_way_from_the_players_piece(app):
    match = play_until(lambda m: _mine(m) and A.Roll in kinds(m), seed=3)
    keys, board = _open(app, match)
    keys.key(pygame.K_r, text="r")
    keys.frame(dt=0.1)
    me = board.view.geo.rect(match.state.players[0].pos).center
    tried = []
    for key, (dx, dy) in ((pygame.K_LEFT, (-1, 0)), (pygame.K_RIGHT, (1, 0)), (pygame.K_UP, (0, -1)),
                          (pygame.K_DOWN, (0, 1))):
        ahead = [t for t in keys.targets() if t.zone == "board"
                 and (t.rect.centerx - me[0]) * dx + (t.rect.centery - me[1]) * dy > 0]
        if not ahead:
            continue
        tried.append((dx, dy))
        board.focus_ring.clear()
        keys.key(key)
        t = keys.focused()
        assert t is not None and t.zone == "board"
        assert (t.rect.centerx - me[0]) * dx + (t.rect.centery - me[1]) * dy > 0, (key, t.label)
    # places on both sides of the piece along one line at least, so no one fixed start passes
    assert any((-dx, -dy) in tried for dx, dy in tried), tried


def test_a_chosen_opening_card_looks_unmistakably_different(app):
    """Not just a thin outline: a card put back and the same card kept differ over a good part of
    the card itself (a tick, a veil)."""
    match = play_until(lambda m: _mine(m) and A.Keep in kinds(m), seed=3)
    keys, board = _open(app, match)
    dealt = list(match.view(0).opening_draw)
    rect = dict(board.view.row_rects())[dealt[1]]
    keys.frame()
    kept = app.screen.subsurface(rect).copy()
    keys.key(pygame.K_2)  # put the second card back
    assert dealt[1] not in board.view.selected
    board.focus_ring.active = False  # the card itself, not the ring around it
    keys.frame()
    back = app.screen.subsurface(rect).copy()
    differ = sum(kept.get_at((x, y)) != back.get_at((x, y)) for x in range(rect.width) for y in range(rect.height))
    assert differ > 0.5 * rect.width * rect.height, differ / (rect.width * rect.height)


def test_the_vans_parcels_are_all_shown_at_1024_by_600(tmp_path, monkeypatch):
    """Five parcels in a small window at a big interface size: every one is shown (by its house number at least), never
    folded away into "+5 more"."""
    from courier.app import App
    from courier.settings import Settings

    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "home"))
    app = App(Settings(ui_scale=1.25), size=(1024, 600), fullscreen=False)
    try:
        match = play_until(lambda m: _mine(m) and A.Roll in kinds(m), seed=3)
        keys, board = _open(app, match)
        keys.key(pygame.K_r, text="r")  # rolled: the die's box takes room too
        houses = sorted(board.view.board.houses)[:5]
        match.state.players[0].hand = list(houses)
        board._show()
        keys.frame()
        shown = [name for name, _ in board.view.panel.hand]
        assert sorted(shown) == houses
        assert not any(tip.startswith("+") for _, tip in board.view.panel.tips)
        for _, rect in board.view.panel.hand:
            assert board.view.panel_rect.contains(rect), rect
    finally:
        while app.stack.top is not None:
            app.stack.pop()
