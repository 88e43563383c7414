"""The Next Day board view driven by synthetic mouse events: set-up, driving, bidding, moving a
blockage, declaring; then an all-computer game through the real board scene to the scoring
screen. Screenshots of each phase go to tests/_screenshots/next-day-*.png."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from courier.rules.next_day import GAME as G
from courier.rules.next_day import actions as A
from courier.scenes.games.next_day import make_view
from courier.ui import theme
from courier.ui.game_view import SeatInfo, ViewContext

SHOTS = Path(__file__).resolve().parent.parent / "_screenshots"
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def make(players=4, **options):
    cfg = G.make_config(players=players, **options)
    seats = [SeatInfo(n, c) for n, (_, c) in zip(NAMES, theme.PLAYER_COLOURS)]
    ctx = ViewContext(G, cfg, seats[:players], anim_speed=4.0)
    view = make_view(ctx)
    view.layout(pygame.Rect(0, 0, 920, 660), pygame.Rect(920, 60, 360, 660))
    return cfg, view


def shot(view, surf, name):
    surf.fill((226, 218, 198))
    pygame.draw.rect(surf, theme.PANEL, view.panel_rect.inflate(16, 16), border_radius=10)
    view.draw_board(surf)
    view.draw_panel(surf)
    tip = view.tooltip(view.mouse)
    if tip:
        from courier.ui import draw
        draw.text(surf, tip, (10, 690), size=14)
    draw_status = view.status()
    assert isinstance(draw_status, str)
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(SHOTS / f"next-day-{name}.png"))


def click(view, pos):
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    return view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def button(view, label_start):
    for b in view.buttons:
        if b.label.startswith(label_start):
            return b
    raise AssertionError(f"no button {label_start!r}: {[b.label for b in view.buttons]}")


def show(view, s, seat):
    view.show(G.view(s, seat), seat, G.legal_actions(s, seat) if seat is not None else [])


def settle(view):
    for _ in range(400):
        if not view.animating():
            return
        view.update(0.05)
    raise AssertionError("animation never ends")


def test_setup_by_clicks(screen):
    cfg, view = make()
    s = G.new_game(cfg, 7)
    show(view, s, 0)
    hand = s.players[0].hand
    assert click(view, button(view, hand[0]).rect.center) is None
    assert view.pickup == hand[0]
    act = click(view, button(view, hand[1]).rect.center)
    assert act == A.Pair(0, hand[0], hand[1])
    G.apply(s, act)
    show(view, s, 0)
    # a town can also be picked on the map
    assert click(view, view.map.place_xy(hand[2])) is None and view.pickup == hand[2]
    act = click(view, view.map.place_xy(hand[3]))
    assert act == A.Pair(0, hand[2], hand[3])
    G.apply(s, act)
    show(view, s, 0)
    plus = [b for b in view.buttons if b.label == "+"][0]
    act = click(view, plus.rect.center)
    assert act == A.AddParcel(0, hand[0])
    G.apply(s, act)
    show(view, s, 0)
    view.pickup = hand[4]
    view.mouse = view.map.place_xy(hand[5])
    view._rebuild()
    shot(view, screen, "setup")
    assert not button(view, "Done").enabled
    act = click(view, button(view, "Deal randomly").rect.center)
    assert act == A.DealRandomly(0)
    G.apply(s, act)
    show(view, s, 0)
    act = click(view, button(view, "Done").rect.center)
    assert act == A.FinishSetup(0)
    G.apply(s, act)
    # other seats' building stays out of seat 0's sight
    G.apply(s, A.Pair(1, s.players[1].hand[0], s.players[1].hand[1]))
    show(view, s, 0)
    assert view.seen.players[1].drafts == [] and set(view.seen.players[1].hand) == {"?"}
    shot(view, screen, "setup-waiting")


def play_state(seed=3):
    cfg, view = make(quick_setup=True)
    s = G.new_game(cfg, seed)
    return cfg, view, s


def test_drive_by_clicking_vehicle_then_place(screen):
    cfg, view, s = play_state()
    seat = s.current
    show(view, s, seat)
    van_pos = next(pos for st, kind, pos in view.vehicle_spots() if st == seat and kind == "van")
    assert click(view, (int(van_pos[0]), int(van_pos[1]))) is None
    assert view.selected == "van"
    reach = G.reachable(s, seat, "van")
    dest = max(reach, key=lambda p: reach[p].cost)
    view.mouse = view.map.place_xy(dest)
    assert "drive here for" in view.tooltip(view.mouse)
    shot(view, screen, "board")
    act = click(view, view.map.place_xy(dest))
    assert isinstance(act, A.Drive) and act.dest == dest and act.path == reach[dest].path
    events = G.apply(s, act)
    view.animate(events, G.view(s, None))
    show(view, s, seat)
    assert view.animating()
    view.update(0.1)
    shot(view, screen, "driving")
    settle(view)
    assert click(view, button(view, "End turn").rect.center) == A.EndTurn(seat)


def test_bid_and_auction_dialog(screen):
    cfg, view, s = play_state(5)
    seat = s.current
    c = next(c for c in s.contracts if c.owner != seat)
    s.players[seat].vehicle("bike").place = c.pickup
    price0 = c.price
    show(view, s, seat)
    assert click(view, button(view, "Bike: bid for").rect.center) is None
    assert view.offer == ("bike", c.id)
    click(view, button(view, "-5").rect.center)
    act = click(view, button(view, "Bid ").rect.center)
    assert act == A.StartBid(seat, "bike", c.id, c.price - 6)
    G.apply(s, act)
    owner = c.owner
    assert G.to_act(s) == [owner]
    show(view, s, owner)
    click(view, button(view, "-1").rect.center)
    view.mouse = button(view, "Bid ").rect.center
    shot(view, screen, "auction")
    act = click(view, button(view, "Bid ").rect.center)
    assert act == A.Bid(owner, c.price - 8)
    G.apply(s, act)
    show(view, s, seat)
    assert click(view, button(view, "Pass").rect.center) == A.Pass(seat)
    G.apply(s, A.Pass(seat))
    assert c.owner == owner and c.price == price0 - 8


def test_move_a_blockage_with_reason_for_refusal(screen):
    cfg, view, s = play_state(6)
    seat = s.current
    show(view, s, seat)
    board = G.board(cfg)
    click(view, button(view, "Blockage").rect.center)
    assert view.blockage_mode
    div = next(b for b in s.blockages if b.kind == "diversion")
    assert click(view, view.map.blockage_spot(div.road)) is None and view.picked_blockage == div.id
    view.dragging = False
    others = frozenset(b.road for b in s.blockages if b.kind == "diversion" and b.id != div.id)
    bridge = next(r for r in sorted(board.cut_roads(others)) if not s.blockage_on(r))
    pos = view.map.road_mid(bridge)
    view.mouse = pos
    assert "cut part of the map off" in view.tooltip(pos)
    assert click(view, pos) is None
    shot(view, screen, "blockage")
    good = next(a for a in G.legal_actions(s, seat) if isinstance(a, A.MoveBlockage) and a.blockage == div.id
                and view.map.road_at(view.map.road_mid(a.road)) == a.road)
    act = click(view, view.map.road_mid(good.road))
    assert act == good
    events = G.apply(s, act)
    view.animate(events, G.view(s, None))
    show(view, s, seat)
    settle(view)


def test_declare_end_button(screen):
    cfg, view, s = play_state(8)
    seat = s.current
    for c in s.contracts:
        if c.owner == seat:
            c.done, c.waiting, c.delivered = True, 0, c.parcels
    s.players[seat].delivered = 8
    show(view, s, seat)
    assert click(view, button(view, "Declare end").rect.center) == A.Declare(seat)
    events = G.apply(s, A.Declare(seat))
    view.animate(events, G.view(s, None))
    show(view, s, None)
    settle(view)
    shot(view, screen, "over")


def test_all_ai_game_through_the_board_scene_to_scoring(tmp_path, monkeypatch):
    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "home"))
    from courier.app import App
    from courier.match import Match, SeatSpec
    from courier.scenes.board import BoardScene
    from courier.scenes.scoring import ScoringScene
    from courier.settings import Settings

    app = App(Settings(reduced_motion=True), size=(1280, 720), fullscreen=False)
    try:
        seats = [SeatSpec(n, c, "ai", lvl) for n, (_, c), lvl in
                 zip(NAMES, theme.PLAYER_COLOURS, ("easy", "normal", "hard", "normal"))]
        match = Match.new("next-day", seats, seed=21)
        board = app.stack.push(BoardScene(app, match, ai_pause=0.0))
        shot_taken = False
        for _ in range(20000):
            if isinstance(app.stack.top, ScoringScene):
                break
            if board.job is not None:
                board.job.wait(2.0)  # let the computer player think without frames competing
            app.frame(0.05, [])
            if not shot_taken and match.state.phase == "play" and match.state.round >= 3:
                app.screenshot(SHOTS / "next-day-app-board.png")
                shot_taken = True
            time.sleep(0.0002)
        assert isinstance(app.stack.top, ScoringScene)
        assert match.is_over() and board.finished
        app.frame(1.0, [])
        app.screenshot(SHOTS / "next-day-scoring.png")
    finally:
        while app.stack.top is not None:
            app.stack.pop()
        pygame.display.quit()


def test_two_people_build_behind_the_pass_the_device_screen(tmp_path, monkeypatch):
    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "home"))
    from courier.app import App
    from courier.match import Match, SeatSpec
    from courier.scenes.board import BoardScene
    from courier.scenes.handoff import HandoffScene
    from courier.settings import Settings

    app = App(Settings(reduced_motion=True), size=(1280, 720), fullscreen=False)
    try:
        kinds = ("human", "human", "ai")
        seats = [SeatSpec(n, c, k, "easy") for n, (_, c), k in zip(NAMES, theme.PLAYER_COLOURS, kinds)]
        match = Match.new("next-day", seats, seed=2)
        board = app.stack.push(BoardScene(app, match, ai_pause=0.0))
        for _ in range(20):
            app.frame(0.05, [])
        if isinstance(app.stack.top, HandoffScene):
            seat = board.handoff_for
            app.stack.pop()
            board.accept_handoff(seat)
        first = board.seat
        assert first in (0, 1)
        view = board.view
        other = 1 - first
        assert set(view.seen.players[other].hand) == {"?"}
        board.submit(A.DealRandomly(first))
        board.submit(A.FinishSetup(first))
        for _ in range(20):
            app.frame(0.05, [])
            if isinstance(app.stack.top, HandoffScene):
                break
        assert isinstance(app.stack.top, HandoffScene)  # the device goes to the other person first
        assert board.seat is None
    finally:
        while app.stack.top is not None:
            app.stack.pop()
        pygame.display.quit()


def test_a_click_on_a_greyed_button_says_why():
    cfg, view, s = play_state(8)
    seat = s.current
    show(view, s, seat)
    declare = button(view, "Declare end")
    assert not declare.enabled
    assert click(view, declare.rect.center) is None
    assert view.refusal == declare.why_not == G.refusal(view.seen, A.Declare(seat))
    assert view.tooltip(declare.rect.center) == declare.why_not  # a greyed button says why, only


def test_cut_contract_names_read_whole_on_hover(screen):
    cfg, view, s = play_state(8)
    seat = s.current
    view.layout(pygame.Rect(0, 0, 700, 500), pygame.Rect(700, 60, 240, 400))
    show(view, s, seat)
    rows = [r for r in view.panel.rows if r.kind == "contract"]
    assert rows
    for r in rows:
        c = view.seen.contracts[r.ref]
        tip = view.tooltip(r.rect.center)
        assert f"{c.pickup} → {c.dropoff}" in tip and str(c.price) in tip


def test_a_blockage_is_dragged_to_a_road_or_only_picked_by_a_click():
    cfg, view, s = play_state(6)
    seat = s.current
    show(view, s, seat)
    good = next(a for a in G.legal_actions(s, seat) if isinstance(a, A.MoveBlockage)
                and view.map.road_at(view.map.road_mid(a.road)) == a.road)
    spot = view.map.blockage_spot(s.blockages[good.blockage].road)
    assert click(view, spot) is None and view.picked_blockage == good.blockage
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1)
    assert view.handle_event(up) is None and view.picked_blockage == good.blockage  # a click only picks it
    click(view, spot)
    drop = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=view.map.road_mid(good.road), button=1)
    assert view.handle_event(drop) == good


def _bike_under_a_blockage(view, s, seat):
    """Put ``seat``'s bike at the end of a road whose blockage icon covers the bike's own spot,
    with its other vehicles away; return the blockage. Found on this board by geometry."""
    me = s.players[seat]
    b = s.blockages[0]
    for road in range(len(view.board.roads)):
        r = view.board.roads[road]
        for place in (r.a, r.b):
            b.road = road
            for v in me.vehicles:
                v.place = place if v.kind == "bike" else next(p for p in view.board.places if p not in (r.a, r.b))
            show(view, s, seat)
            bike = next(pos for st, kind, pos in view.vehicle_spots() if st == seat and kind == "bike")
            if view.blockage_at((int(bike[0]), int(bike[1]))) == b.id and view.affordable(b.id) \
                    and view.drives("bike"):
                return b
    raise AssertionError("no road on this board puts a blockage over a bike")


def test_a_vehicle_under_a_blockage_icon_is_still_picked_by_click_and_by_keys():
    """A vehicle is drawn over a blockage's icon, so a click there picks the vehicle, the
    keyboard can reach it, and the blockage is still movable through the Blockage button."""
    cfg, view, s = play_state()
    seat = s.current
    s.players[seat].credits = 500
    b = _bike_under_a_blockage(view, s, seat)
    bike = next(pos for st, kind, pos in view.vehicle_spots() if st == seat and kind == "bike")
    assert "bike" in view.tooltip((int(bike[0]), int(bike[1])))
    targets = {t.key: t for t in view.focusables()}
    assert ("vehicle", "bike") in targets, [t.label for t in targets.values()]
    assert click(view, targets[("vehicle", "bike")].point) is None and view.selected == "bike"
    assert click(view, (int(bike[0]), int(bike[1]))) is None and view.selected is None  # put down again
    click(view, button(view, "Blockage").rect.center)
    assert view.blockage_mode
    targets = {t.key: t for t in view.focusables()}
    assert ("blockage", b.id) in targets
    assert click(view, targets[("blockage", b.id)].point) is None and view.picked_blockage == b.id
