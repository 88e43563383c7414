"""The board view driven by synthetic input: every phase, the trade dialog, and screenshots.

Screenshots land in tests/_screenshots/out-for-delivery-*.png.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from courier.rules.out_for_delivery import actions as A
from courier.scenes.games import make_view
from courier.ui import draw, theme
from courier.ui.game_view import SeatInfo, ViewContext

from tests.out_for_delivery.helpers import GAME, at, board, config, give
from tests.out_for_delivery.play import ai_game

SHOTS = Path(__file__).resolve().parents[1] / "_screenshots"
B = board()
BOARD_RECT, PANEL_RECT = pygame.Rect(0, 0, 920, 660), pygame.Rect(920, 60, 360, 660)


class Table:
    """A tiny host: one state, every seat human, the view shown to whoever must act."""

    def __init__(self, players: int = 3, seed: int = 2, kinds: list[str] | None = None, reduced: bool = False, **options) -> None:
        self.cfg = config(players, **options)
        self.s = GAME.new_game(self.cfg, seed)
        kinds = kinds or ["human"] * players
        seats = [SeatInfo(f"Courier {i + 1}", theme.PLAYER_COLOURS[i][1], kinds[i]) for i in range(players)]
        self.view = make_view(ViewContext(GAME, self.cfg, seats, reduced_motion=reduced))
        self.view.layout(BOARD_RECT, PANEL_RECT)
        self.refresh()

    def refresh(self) -> None:
        seats = GAME.to_act(self.s)
        if not seats:
            self.view.show(GAME.view(self.s, None), None, [])
            return
        seat = seats[0]
        self.view.show(GAME.view(self.s, seat), seat, GAME.legal_actions(self.s, seat))

    def submit(self, action: A.Action | None) -> list:
        assert action is not None, "the click should have made an action"
        assert action in GAME.legal_actions(self.s, action.seat)
        events = GAME.apply(self.s, action)
        self.view.animate(events, GAME.view(self.s, None))
        self.refresh()
        return events

    def settle(self) -> None:
        for _ in range(2000):
            if not self.view.animating():
                return
            self.view.update(0.05)
        raise AssertionError("animations never finished")

    def click(self, pos) -> A.Action | None:
        pos = (int(pos[0]), int(pos[1]))
        self.view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        return self.view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))

    def key(self, key: int) -> A.Action | None:
        return self.view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))

    def button(self, text: str, dialog: bool = False):
        for b in self.view.dialog if dialog else self.view.buttons:
            if b.label == text:
                assert b.enabled, f"{text!r} is disabled"
                return b
        raise AssertionError(f"no button {text!r}; have {[b.label for b in self.view.buttons + self.view.dialog]}")

    def shot(self, screen: pygame.Surface, name: str) -> None:
        draw.paper_background(screen)
        self.view.draw_board(screen)
        self.view.draw_panel(screen)
        tip = self.view.tooltip(self.view.mouse)
        if tip:
            draw.text(screen, tip, (10, 694), 14, theme.INK, max_width=900)
        status = self.view.status()
        if status:
            draw.text(screen, status, (10, 672), 14, theme.INK_SOFT, max_width=900)
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(screen, str(SHOTS / f"out-for-delivery-{name}.png"))


def test_a_turn_from_start_city_to_travel(screen) -> None:
    t = Table(3)
    t.shot(screen, "start")
    # seat 0 clicks Saltmarsh on the map, seat 1 picks Kingsbridge in the panel, seat 2 presses a city too
    assert t.click(t.view.geo.center(B.city(2).pickup)) == A.StartCity(0, 2)
    t.submit(A.StartCity(0, 2))
    t.settle()
    assert t.click(t.button("Kingsbridge").rect.center) == A.StartCity(1, 3)
    t.submit(A.StartCity(1, 3))
    t.settle()
    t.submit(t.click(t.button("Eastwatch").rect.center))
    assert t.view.animating(), "the round start is shown"
    for _ in range(400):
        card = t.view.card
        if card is not None and card.visible() and card.rows[-1].tween is not None and card.rows[-1].tween.progress > 0.5:
            break
        t.view.update(0.02)
    assert card is not None and card.visible()
    t.shot(screen, "round-start")
    assert t.click(t.view.geo.rect.center) is None, "a click on the card skips it"
    assert not t.view.animating() and not card.visible()
    assert t.s.phase == "roll"
    t.shot(screen, "roll")
    roll = t.key(pygame.K_SPACE)
    assert roll == A.Roll(0)
    t.submit(roll)
    t.view.update(0.3)
    t.shot(screen, "dice-rolling")
    t.settle()
    # travel: hover a reachable tile to see the path and its cost, then click it
    moves = [a for a in t.view.legal if isinstance(a, A.Move)]
    assert moves, "something is in reach"
    far = max(moves, key=lambda a: t.view.reach[a.cell])
    t.view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=t.view.geo.center(far.cell), rel=(0, 0), buttons=(0, 0, 0)))
    assert "Travel here" in (t.view.tooltip(t.view.mouse) or "")
    t.shot(screen, "act-hover")
    assert t.click(t.view.geo.center(far.cell)) == far
    t.submit(far)
    t.view.update(0.25)
    assert 0 in t.view.moving and t.view.animating()
    t.shot(screen, "travel")
    t.settle()
    assert t.key(pygame.K_e) == A.EndTurn(0)
    t.submit(A.EndTurn(0))
    assert GAME.to_act(t.s) == [1]


def _acting_table(**kw) -> Table:
    t = Table(3, **kw)
    for i in range(3):
        t.submit(A.StartCity(i, i + 1))
    t.submit(A.Roll(0))
    t.settle()
    s = t.s
    s.weather = ["cloudy", "light_rain", "sunny"]
    s.obstacle = "none"
    s.mp = 20
    return t


def test_pick_up_deliver_buy_and_sell_from_the_panel(screen) -> None:
    t = _acting_table()
    s = t.s
    at(t.s, 0, B.city(1).pickup)
    s.waiting[0] = [2, 4, 4]
    s.players[0].items = ["coffee"]
    s.players[0].gold = 160
    give(s, 0, (1, 2), (5, 4))
    t.refresh()
    t.shot(screen, "city-actions")
    assert t.click(t.button("Saltmarsh").rect.center) == A.Pickup(0, 2)
    assert t.click(t.button("Buy an item").rect.center) == A.Buy(0)
    assert t.click(t.button("Sell Coffee").rect.center) == A.Sell(0, "coffee")
    assert t.click(t.button("Use Coffee").rect.center) == A.UseItem(0, "coffee")
    t.submit(A.Pickup(0, 2))
    at(t.s, 0, B.city(1).delivery)
    t.refresh()
    d = t.button("+150 gold")
    assert t.click(d.rect.center) == A.Deliver(0, 1, 2)
    t.submit(A.Deliver(0, 1, 2))
    t.view.update(0.4)
    t.shot(screen, "delivered")
    assert s.players[0].gold == 310


def test_trade_dialog_and_the_pass_the_device_answer(screen) -> None:
    t = _acting_table()
    s = t.s
    here = B.cell(5, 3)
    at(s, 0, here)
    at(s, 1, here)
    give(s, 0, (3, 1))
    give(s, 1, (6, 7), (2, 0))
    s.players[0].items = []
    s.players[1].items = ["umbrella"]
    t.refresh()
    assert t.click(t.button("Trade…").rect.center) is None
    assert t.view.dialog_rect is not None
    t.click(next(b for b in t.view.dialog if b.command == "trade:give:parcel:3@2").rect.center)
    t.click(next(b for b in t.view.dialog if b.command == "trade:get:item:umbrella").rect.center)
    t.shot(screen, "trade-dialog")
    offer = t.click(t.button("Make the offer (1 MP)", dialog=True).rect.center)
    assert offer == A.Offer(0, 1, "parcel:3@2", "item:umbrella")
    t.submit(offer)
    assert GAME.to_act(s) == [1] and t.view.needs_handoff()
    t.shot(screen, "trade-handoff")
    assert not any(b.label == "Accept" for b in t.view.dialog), "the offer stays hidden until the partner has the device"
    assert t.click(t.button("I am Courier 2: show the offer", dialog=True).rect.center) is None
    assert not t.view.needs_handoff()
    t.shot(screen, "trade-answer")
    assert t.click(t.button("Accept", dialog=True).rect.center) == A.Accept(1)
    t.submit(A.Accept(1))
    assert s.players[0].items == ["umbrella"] and [(p.dest, p.square) for p in s.players[1].parcels][-1] == (3, 1)
    assert t.view.dialog_rect is None


def test_fly_mode_picks_a_city_tile(screen) -> None:
    t = _acting_table()
    at(t.s, 0, B.city(1).pickup)
    t.s.players[0].items = ["airplane_ticket"]
    t.refresh()
    t.click(t.button("Fly to a city…").rect.center)
    assert t.view.mode == "fly"
    t.shot(screen, "fly")
    target = B.city(5).delivery
    assert t.click(t.view.geo.center(target)) == A.Fly(0, target, B.cell_text(target))
    assert t.click(t.view.geo.center(B.cell(5, 3))) is None, "a road tile is no flight target"


def test_reduced_motion_moves_nothing(screen) -> None:
    t = _acting_table(reduced=True)
    t.refresh()
    move = next(a for a in t.view.legal if isinstance(a, A.Move))
    t.submit(move)
    assert not t.view.animating()
    t.submit(A.EndTurn(0))
    t.submit(A.Roll(1))
    assert not t.view.animating()


def test_tooltips_and_status_explain_the_board(screen) -> None:
    t = _acting_table()
    tip = t.view.tooltip(t.view.geo.center(B.city(3).pickup))
    assert tip and "Kingsbridge" in tip and "pick-up" in tip
    assert "MP to enter" in (t.view.tooltip(t.view.geo.center(B.cell(4, 8))) or "")
    assert "MP left" in t.view.status()


def test_small_host_panel_and_game_over(screen) -> None:
    log: list[str] = []
    final = ai_game(5, players=4, on_step=lambda s, a: log.append(a.to_text()))
    t = Table(4, seed=5)
    for text in log[:-40]:
        GAME.apply(t.s, GAME.parse_action(t.s, text))
    t.view.layout(pygame.Rect(8, 66, 919, 606), pygame.Rect(949, 72, 317, 405))
    t.refresh()
    t.shot(screen, "host-layout")
    for text in log[-40:]:
        GAME.apply(t.s, GAME.parse_action(t.s, text))
    assert t.s == final
    t.refresh()
    t.shot(screen, "game-over")
    assert t.view.seat is None and t.view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(300, 300), button=1)) is None


def test_an_all_ai_game_in_the_app_reaches_the_scoring_screen(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "home"))
    from courier.app import App
    from courier.match import Match, SeatSpec
    from courier.scenes.board import BoardScene
    from courier.scenes.scoring import ScoringScene
    from courier.settings import Settings

    app = App(Settings(anim_speed=4.0), size=(1280, 720), fullscreen=False)
    try:
        seats = [SeatSpec(f"Courier {i + 1}", theme.PLAYER_COLOURS[i][1], "ai", lvl) for i, lvl in enumerate(("normal", "hard"))]
        match = Match.new("out-for-delivery", seats, seed=8, deliveries_to_end=4)
        app.stack.push(BoardScene(app, match, ai_pause=0.0))
        shot_taken = False
        for _ in range(40_000):
            if isinstance(app.stack.top, ScoringScene):
                break
            app.frame(0.1, [])
            if not shot_taken and match.state.round >= 3:
                SHOTS.mkdir(parents=True, exist_ok=True)
                app.screenshot(SHOTS / "out-for-delivery-app-board.png")
                shot_taken = True
            time.sleep(0.0002)
        assert isinstance(app.stack.top, ScoringScene) and match.is_over()
        assert match.state.delivered_total >= 4
        app.frame(1.0, [])
        app.screenshot(SHOTS / "out-for-delivery-app-scoring.png")
    finally:
        while app.stack.top is not None:
            app.stack.pop()


def test_a_computer_offer_to_one_person_skips_handoff(screen) -> None:
    t = Table(2, kinds=["ai", "human"])
    t.submit(A.StartCity(0, 1))
    t.submit(A.StartCity(1, 2))
    t.submit(A.Roll(0))
    t.settle()
    s = t.s
    s.mp, s.obstacle = 20, "none"
    here = B.cell(5, 3)
    at(s, 0, here)
    at(s, 1, here)
    give(s, 0, (2, 0))
    give(s, 1, (1, 0))
    t.submit(A.Offer(0, 1, "parcel:2@1", "parcel:1@1"))
    assert GAME.to_act(s) == [1] and not t.view.needs_handoff()
    assert [b.label for b in t.view.dialog] == ["Accept", "Decline"]
    assert t.click(t.button("Decline", dialog=True).rect.center) == A.Decline(1)


def test_parcel_boards_slide_right_when_a_round_starts(screen) -> None:
    t = Table(2)
    t.submit(A.StartCity(0, 1))
    t.submit(A.StartCity(1, 2))
    t.settle()
    give(t.s, 0, (3, 0), (5, 2))
    t.submit(A.Roll(0))
    t.submit(A.EndTurn(0))
    t.submit(A.Roll(1))
    t.submit(A.EndTurn(1))
    assert [(p.dest, p.square) for p in t.s.players[0].parcels] == [(3, 1), (5, 3)]
    slide = t.view.slide
    assert slide is not None and not slide.done
    while not slide.started or slide.progress < 0.4:
        t.view.update(0.02)
    t.shot(screen, "parcels-slide")
    t.settle()
    assert slide.done


def test_the_round_card_counts_in_words():
    """One new parcel "waits"; one that fell off costs 50 g, not "50 g each"."""
    from courier.rules.out_for_delivery.events import ParcelsAdvanced, ParcelsGenerated
    from courier.scenes.games.out_for_delivery.anim import round_rows

    cfg = config(2)
    one = [ParcelsAdvanced(text="", round=1, moved=[], lost=[{"seat": 0, "dest": 2, "gold": -50}]),
           ParcelsGenerated(text="", cities={"3": [1]})]
    assert [r.text for r in round_rows(one, B, cfg)] == [
        "Every parcel moves one square right. 1 parcel fell off (-50 g).", "1 new parcel waits in the cities."]
    two = [ParcelsAdvanced(text="", round=1, moved=[], lost=[{"seat": 0, "dest": 2, "gold": -50}] * 2),
           ParcelsGenerated(text="", cities={"3": [1], "4": [2, 5]})]
    assert [r.text for r in round_rows(two, B, cfg)] == [
        "Every parcel moves one square right. 2 parcels fell off (-50 g each).", "3 new parcels wait in the cities."]
