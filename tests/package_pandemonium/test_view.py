"""The board view driven by synthetic input: set-up clicks, the secret priority hand, the reveal,
route planning by arrow keys and clicks (refusals with reasons, battery cost before driving),
the Rogue's route, theft answers, animations; and an all-AI game through the real board scene
to the scoring screen. Screenshots go to tests/_screenshots/package-pandemonium-*.png."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from courier.ai.package_pandemonium import make_bot as heuristic
from courier.rules.package_pandemonium import actions as A
from courier.rules.package_pandemonium.state import DEFEND, ROGUE, ROUTE
from courier.rules.rng import Rng
from courier.scenes.games import make_view
from courier.ui import theme
from courier.ui.game_view import SeatInfo, ViewContext
from tests.package_pandemonium.pp_helpers import GAME, cell, clear_tiles, load, play, put, setup

SHOTS = Path(__file__).resolve().parent.parent / "_screenshots"
KEY = {"N": pygame.K_UP, "S": pygame.K_DOWN, "E": pygame.K_RIGHT, "W": pygame.K_LEFT}


def make(players: int = 2, **kw):
    cfg = GAME.make_config(players=players, map=kw.pop("map", "Riverside"))
    seats = [SeatInfo(n, theme.PLAYER_COLOURS[i][1]) for i, n in enumerate(GAME.seat_names(cfg))]
    gv = make_view(ViewContext(GAME, cfg, seats, **kw))
    gv.layout(pygame.Rect(0, 0, 920, 660), pygame.Rect(920, 60, 360, 660))
    return gv


def sync(gv, s, seat):
    gv.show(GAME.view(s, seat), seat, GAME.legal_actions(s, seat) if seat is not None else [])


def shot(screen, gv, name):
    screen.fill(theme.PAPER)
    gv.draw_board(screen)
    gv.draw_panel(screen)
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(screen, str(SHOTS / f"package-pandemonium-{name}.png"))


def click(gv, pos):
    return gv.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=1))


def key(gv, k):
    return gv.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def button(gv, label_start):
    """A panel button or an answer of the prompt beside the board, by the start of its label."""
    options = gv.prompt.options if gv.prompt is not None else []
    for b in [*gv.buttons, *options]:
        if b.label.startswith(label_start):
            return b
    raise AssertionError(f"no button {label_start!r}: {[b.label for b in [*gv.buttons, *options]]}")


def test_setup_by_clicking_a_base_tile_and_a_company(screen):
    gv = make()
    s = GAME.new_game(GAME.make_config(players=2, map="Riverside"), 1)
    seat = GAME.to_act(s)[0]
    sync(gv, s, seat)
    assert click(gv, gv.geo.centre(cell("B1"))) is None  # the Rogue's side: refused
    assert "border tile" in gv.note
    shot(screen, gv, "setup-base")
    act = click(gv, gv.geo.centre(cell("A5")))
    assert act == A.PlaceBase(seat, cell("A5"))
    GAME.apply(s, act)
    GAME.apply(s, GAME.legal_actions(s, GAME.to_act(s)[0])[-1])
    seat = GAME.to_act(s)[0]
    sync(gv, s, seat)
    b = button(gv, "Big Van")
    assert click(gv, b.rect.center) == A.ChooseCompany(seat, "big-van")
    shot(screen, gv, "setup-company")


def test_priority_hand_is_secret_and_clickable(screen):
    gv = make()
    s = setup(2, bases={0: "A5", 1: "E5"})
    sync(gv, s, 0)
    shot(screen, gv, "priority-hand")
    assert len(gv.hand_rects) == 16
    rect, act = gv.hand_rects[6]
    assert click(gv, rect.center) == act == A.PlayPriority(0, 7)
    GAME.apply(s, act)
    # p2 now chooses: its view shows p1 has chosen, but not which card
    sync(gv, s, 1)
    assert gv.seen.vans[0].choice == -1
    shot(screen, gv, "priority-second-player")
    ev = GAME.apply(s, A.PlayPriority(1, 3))
    gv.animate(ev, GAME.view(s, 1))
    sync(gv, s, 1)
    assert gv.animating()
    gv.update(0.3)
    shot(screen, gv, "reveal")
    for _ in range(100):
        gv.update(0.1)
    assert not gv.animating()
    assert click(gv, button(gv, "Drive first").rect.center) == A.ChooseOrder(1, True)


def driving_view(players=2, **kw):
    s = setup(players, bases={0: "A5", 1: "E5"}, companies={0: "express", 1: "long-life"})
    play(s, "p1 priority 1", "p2 priority 2", *(["p3 priority 3"] if players == 3 else []), "p1 go first")
    gv = make(players, **kw)
    sync(gv, s, 0)
    return gv, s


def test_route_planning_with_keys_refusals_and_battery_cost(screen):
    gv, s = driving_view()
    clear_tiles(s)
    put(s, "B4", "H", "L")
    sync(gv, s, 0)
    assert key(gv, KEY["S"]) is None and gv.plan == [] and "city ends" in gv.note  # off the grid
    assert key(gv, KEY["N"]) is None and gv.plan == ["N"]
    assert key(gv, KEY["N"]) is None and gv.plan == ["N"] and "Water" in gv.note  # no bridge at A3/A4
    key(gv, KEY["E"])
    key(gv, KEY["W"])  # back onto its own cube: allowed, for one charge
    assert gv.plan == ["N", "E", "W"] and gv._plan_cost() == 1
    assert "1 sat-nav charge" in gv._cost_note()
    assert "1 charge" in button(gv, "Drive").label
    tip = gv.tooltip(gv.geo.centre(cell("A3")))
    assert tip and "Cathedral" not in tip
    shot(screen, gv, "route-plan")
    key(gv, pygame.K_BACKSPACE)
    assert gv.plan == ["N", "E"]
    act = key(gv, pygame.K_RETURN)
    assert act == A.Drive(0, ("N", "E"))
    ev = GAME.apply(s, act)
    gv.animate(ev, GAME.view(s, 0))
    sync(gv, s, 0)
    gv.update(0.2)
    assert gv._van_pos(0) is not None  # the van is between tiles
    shot(screen, gv, "route-moving")
    for _ in range(50):
        gv.update(0.1)
    assert s.vans[0].cargo.count("H") == 1
    # one step left: click the tile east twice (plan, then drive)
    assert click(gv, gv.geo.centre(cell("C4"))) is None and gv.plan == ["E"]
    act = click(gv, gv.geo.centre(cell("C4")))
    assert act == A.Step(0, "E")
    GAME.apply(s, act)
    sync(gv, s, 0)
    labels = [b.label for b in gv.buttons]
    assert "End route" in labels and any(l.startswith("Leave") for l in labels)
    shot(screen, gv, "route-end")
    assert click(gv, button(gv, "End route").rect.center) == A.EndRoute(0)


def test_clicking_far_tiles_explains_the_rule(screen):
    gv, s = driving_view()
    assert click(gv, gv.geo.centre(cell("C3"))) is None
    assert "one tile at a time" in gv.note


def test_steering_the_rogue_and_answering_a_theft(screen):
    gv, s = driving_view()
    clear_tiles(s)
    s.phase, s.chooser, s.mover = ROGUE, 1, 2
    p1 = s.vans[0]
    p1.pos, p1.cubes = cell("E2"), [cell("D1"), cell("D2"), cell("E2")]
    load(s, 0, "L", "H")
    sync(gv, s, 1)
    assert key(gv, KEY["S"]) is None and "priority list" in gv.note  # must head for p1's van
    key(gv, KEY["E"])
    key(gv, KEY["E"])
    shot(screen, gv, "rogue-plan")
    act = key(gv, pygame.K_RETURN)
    assert act == A.RogueRoute(1, ("E", "E"))
    ev = GAME.apply(s, act)
    assert s.phase == DEFEND and GAME.to_act(s) == [0]
    gv.animate(ev, GAME.view(s, 0))
    sync(gv, s, 0)
    gv.update(0.1)
    shot(screen, gv, "theft-answer")
    assert click(gv, button(gv, "Protect").rect.center) == A.Defend(0, True)
    assert click(gv, button(gv, "Let it go").rect.center) == A.Defend(0, False)


def test_reduced_motion_has_nothing_moving(screen):
    gv, s = driving_view(reduced_motion=True)
    ev = GAME.apply(s, A.Step(0, "N"))
    gv.animate(ev, GAME.view(s, 0))
    assert not gv.animating()


def test_spectator_sees_no_hand_nor_missions(screen):
    gv = make()
    s = setup(2)
    GAME.apply(s, A.PlayPriority(0, 9))
    sync(gv, s, None)
    assert gv.hand_rects == [] and gv.buttons == []
    assert all(m == "hidden" for v in gv.seen.vans for m in v.missions)
    shot(screen, gv, "spectator")


@pytest.mark.parametrize("players", [1, 3])
def test_every_player_count_draws_mid_game(screen, players):
    gv = make(players, map="Canal Quarter" if players == 1 else "Harbour Loop")
    s = GAME.new_game(GAME.make_config(players=players, map="Canal Quarter" if players == 1 else "Harbour Loop"), 7)
    bots = [heuristic("normal") for _ in range(players)]
    rng = Rng(1)
    while s.round < 6 or s.phase != ROUTE:
        seat = GAME.to_act(s)[0]
        GAME.apply(s, bots[seat].choose(GAME, GAME.view(s, seat), seat, GAME.legal_actions(s, seat), rng))
    seat = GAME.to_act(s)[0]
    sync(gv, s, seat)
    shot(screen, gv, f"{players}p-midgame")
    assert gv.status()


def test_small_window_still_draws(screen):
    gv, s = driving_view()
    gv.layout(pygame.Rect(0, 0, 600, 420), pygame.Rect(600, 0, 300, 420))
    screen.fill(theme.PAPER)
    gv.draw_board(screen)
    gv.draw_panel(screen)
    assert gv.geo.grid.width <= 420


def _host_game(tmp_path, monkeypatch, levels, seed, map_name, shot_round=None):
    """Play an all-AI match through the real board scene until the scoring screen shows."""
    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "home"))
    import time

    import courier.ai.base as ai_base
    from courier.app import App
    from courier.match import Match, SeatSpec
    from courier.scenes.board import BoardScene
    from courier.scenes.scoring import ScoringScene
    from courier.settings import Settings

    app = App(Settings(), size=(1280, 720), fullscreen=False)
    # this game's own heuristic players (named "heuristic-..." once a search player exists)
    prefix = "heuristic-" if hasattr(ai_base, "heuristic_bot") else ""
    seats = [SeatSpec(f"Bot {i + 1}", theme.PLAYER_COLOURS[i][1], "ai", prefix + lvl) for i, lvl in enumerate(levels)]
    match = Match.new(GAME.id, seats, seed=seed, map=map_name)
    app.stack.push(BoardScene(app, match, ai_pause=0.0))
    for _ in range(40000):
        if isinstance(app.stack.top, ScoringScene):
            break
        app.frame(0.05, [])
        if shot_round and match.state.round == shot_round and match.state.phase == "route":
            app.screenshot(SHOTS / "package-pandemonium-host-board.png")
            shot_round = None
        time.sleep(0.0003)
    assert isinstance(app.stack.top, ScoringScene) and match.is_over()
    return app, match


def test_all_ai_game_through_the_board_scene_to_scoring(screen, tmp_path, monkeypatch):
    app, match = _host_game(tmp_path, monkeypatch, ("normal", "hard"), 4, "Twin Bridges", shot_round=8)
    app.frame(1.0, [])
    app.screenshot(SHOTS / "package-pandemonium-scoring.png")
    assert type(app.stack.top).__name__ == "ScoringScene"
    while app.stack.top is not None:
        app.stack.pop()


def test_solo_game_reaches_the_scoring_screen_win_or_lose(screen, tmp_path, monkeypatch):
    app, match = _host_game(tmp_path, monkeypatch, ("easy",), 3, "Canal Quarter")
    app.frame(1.0, [])
    app.screenshot(SHOTS / "package-pandemonium-solo-scoring.png")
    assert type(app.stack.top).__name__ == "ScoringScene"  # not the error screen
    row = GAME.score_breakdown(match.state)[0]
    assert "Rogue's haul" in row and "rival's haul" in row
    while app.stack.top is not None:
        app.stack.pop()
