"""The board view driven by synthetic mouse and keyboard events; screenshots of each phase."""

from __future__ import annotations

from pathlib import Path

import pygame

from courier.ai.base import make_bot
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash.state import Pending
from courier.rules.rng import Rng
from courier.scenes.games import make_view
from courier.ui import theme
from courier.ui.game_view import SeatInfo, ViewContext
from tests.doorstep_dash.helpers import GAME, board, config, set_bonus, started

SHOTS = Path(__file__).resolve().parents[1] / "_screenshots"


def make(players: int = 3, reduced: bool = False, kinds=("human", "ai", "ai", "ai")):
    cfg = config(players)
    names = ["Ann", "Bea", "Cal", "Dot"]
    seats = [SeatInfo(names[i], theme.PLAYER_COLOURS[i][1], kinds[i], "normal") for i in range(players)]
    ctx = ViewContext(GAME, cfg, seats, anim_speed=2.0, reduced_motion=reduced)
    view = make_view(ctx)
    view.layout(pygame.Rect(0, 0, 920, 660), pygame.Rect(920, 60, 360, 660))
    return cfg, view


def shot(screen, view, name: str) -> None:
    screen.fill(theme.PAPER)
    view.draw_board(screen)
    view.draw_panel(screen)
    SHOTS.mkdir(exist_ok=True)
    pygame.image.save(screen, str(SHOTS / f"doorstep-dash-{name}.png"))


def click(view, pos):
    pos = (int(pos[0]), int(pos[1]))
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    return view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def button(view, prefix: str):
    view.build_buttons()
    controls = view._controls()  # the panel's buttons, or the open prompt's answers
    found = [b for b in controls if b.label.startswith(prefix)]
    assert found, f"no button starting {prefix!r}: {[b.label for b in controls]}"
    return found[0]


def settle(view, dt: float = 0.05, limit: int = 400) -> None:
    for _ in range(limit):
        if not view.animating():
            return
        view.update(dt)
    raise AssertionError("animations never finished")


def show(view, s, seat):
    view.show(GAME.view(s, seat), seat, GAME.legal_actions(s, seat))


def test_opening_pick_cards_and_keep(screen):
    cfg, view = make()
    s = GAME.new_game(cfg, 4)
    seat = s.current
    show(view, s, seat)
    assert button(view, "Keep").label == "Keep 5 cards"
    first, rect = view.row_rects()[0]
    assert click(view, rect.center) is None  # toggles the card off
    assert button(view, "Keep").label == "Keep 4 cards"
    shot(screen, view, "opening")
    act = click(view, button(view, "Keep").rect.center)
    assert isinstance(act, A.Keep) and len(act.cards) == 4 and first not in act.cards
    GAME.apply(s, act)


def test_roll_highlight_hover_and_drive(screen):
    cfg, view = make()
    s = started(3, seed=2)
    seat = s.current
    show(view, s, seat)
    act = click(view, button(view, "Roll").rect.center)
    assert act == A.Roll(seat)
    events = GAME.apply(s, act)
    view.animate(events, GAME.view(s, seat))
    show(view, s, seat)
    assert view.animating()
    view.update(0.1)
    shot(screen, view, "rolling")
    settle(view)
    legal = GAME.legal_actions(s, seat)
    assert view.moves and set(view.moves) == {a.to for a in legal}
    target = sorted(view.moves)[0]
    centre = view.centre(target)
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(centre[0]), int(centre[1])), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    tip = view.tooltip((int(centre[0]), int(centre[1])))
    assert tip and "Drive" in tip
    assert "click a lit space" in view.status()
    shot(screen, view, "choose-drive")
    act = click(view, centre)
    assert act == A.Move(seat, target)
    events = GAME.apply(s, act)
    view.animate(events, GAME.view(s, seat))
    show(view, s, s.current)
    view.update(0.05)
    assert view.animating()
    shot(screen, view, "driving")
    settle(view)
    # a click on the grass does nothing
    assert click(view, (2, 2)) is None


def test_keyboard_roll(screen):
    cfg, view = make()
    s = started(3, seed=2)
    show(view, s, s.current)
    act = view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    assert act == A.Roll(s.current)


def test_blue_card_buttons(screen):
    cfg, view = make()
    s = started(3, seed=5)
    seat = s.current
    set_bonus(s, seat, ["blue", "blue", "red"])
    s.pending = Pending("test", seat, roll=2, target=5, source="Ford")
    view.dice = {"value": 2, "seat": seat, "test": True, "target": 5, "source": "Ford"}
    show(view, s, seat)
    assert "blue" in view.status()
    shot(screen, view, "test")
    act = click(view, button(view, "Play blue").rect.center)
    assert act == A.PlayBlue(seat)
    events = GAME.apply(s, act)
    view.animate(events, GAME.view(s, seat))
    settle(view)
    show(view, s, seat)
    assert click(view, button(view, "Accept").rect.center) == A.Accept(seat)


def test_claim_picking(screen):
    cfg, view = make()
    s = started(3, seed=6)
    seat = s.current
    p = s.players[seat]
    p.pos = board().warehouse
    s.deck.extend(p.hand[2:])
    p.hand = p.hand[:2]
    p.may_claim = True
    show(view, s, seat)
    b = button(view, "Claim")
    assert not b.enabled and b.label == "Claim 0/3"
    rects = view.row_rects()
    for name, rect in rects[:3]:
        assert click(view, rect.center) is None
    assert click(view, rects[3][1].center) is None  # a fourth is refused
    assert len(view.selected) == 3
    shot(screen, view, "claim")
    act = click(view, button(view, "Claim").rect.center)
    assert isinstance(act, A.Claim) and set(act.cards) == {n for n, _ in rects[:3]}
    GAME.apply(s, act)


def test_spectator_view_hides_hands(screen):
    cfg, view = make()
    s = started(3, seed=7)
    view.show(GAME.view(s, None), None, [])
    assert view.owner() is None and view.buttons == []
    shot(screen, view, "spectator")


def test_reduced_motion_has_nothing_moving(screen):
    cfg, view = make(reduced=True)
    s = started(3, seed=2)
    seat = s.current
    events = GAME.apply(s, A.Roll(seat))
    events += GAME.apply(s, GAME.legal_actions(s, seat)[0])
    view.animate(events, GAME.view(s, seat))
    assert not view.animating()


def test_small_window_still_draws(screen):
    cfg, view = make(4)
    s = started(4, seed=3)
    view.layout(pygame.Rect(0, 0, 560, 400), pygame.Rect(560, 0, 300, 600))
    show(view, s, s.current)
    small = pygame.Surface((880, 620))
    view.draw_board(small)
    view.draw_panel(small)
    assert view.cs >= 6 and view.cs * board().width <= 560


def test_all_ai_game_to_the_final_scores(screen):
    cfg, view = make(4, kinds=("ai", "ai", "ai", "ai"))
    s = GAME.new_game(cfg, 11)
    bots = [make_bot("doorstep-dash", lv) for lv in ("easy", "normal", "hard", "normal")]
    rng = Rng(3)
    n = 0
    took_mid = False
    while not GAME.is_over(s):
        seat = GAME.to_act(s)[0]
        v = GAME.view(s, seat)
        act = bots[seat].choose(GAME, v, seat, GAME.legal_actions(v, seat), rng)
        events = GAME.apply(s, act)
        view.animate(events, GAME.view(s, None))
        view.show(GAME.view(s, None), None, [])
        settle(view, dt=0.25)
        n += 1
        if not took_mid and s.round == 12:
            shot(screen, view, "midgame")
            took_mid = True
    assert s.ended == "done"
    view.show(GAME.view(s, None), None, [])
    assert view.status() == "The game is over."
    shot(screen, view, "final")
