"""The scores reveal what was secret, open the final board with its log, and offer a rematch."""

from __future__ import annotations

import random

import pygame
import pytest

from courier.match import Match, SeatSpec
from courier.scenes.board import BoardScene
from courier.scenes.scoring import FinalBoardScene, ScoringScene
from tests.app.test_flow import need_view


def _finished(gid: str, n: int, seed: int = 3) -> Match:
    seats = [SeatSpec(f"Ann{i}" if i == 0 else f"Bot{i}", (200, 30 * i, 40), "human" if i == 0 else "ai",
                      "normal" if i == 0 else "hard") for i in range(n)]
    m = Match.new(gid, seats, seed=seed)
    r = random.Random(seed)
    for _ in range(20000):
        if m.is_over():
            break
        seat = m.to_act()[0]
        m.submit(r.choice(m.legal(seat)))
    assert m.is_over()
    return m


def _texts(scene: ScoringScene) -> str:
    return " | ".join(line for lines in scene.secrets.values() for line in lines)


def test_doorstep_dash_scores_show_every_hand(app, drive):
    need_view("doorstep-dash")
    m = _finished("doorstep-dash", 3)
    scene = app.stack.push(ScoringScene(app, m))
    drive.frame()
    assert set(scene.secrets) == {0, 1, 2}
    for i, p in enumerate(m.state.players):
        line = scene.secrets[i][0]
        assert line.startswith("Still holding")
        houses = m.game.board(m.config).houses
        assert f"{len(p.hand)} parcel" in line or (not p.hand and "no parcels" in line)
        for house in p.hand:
            assert f"#{houses[house].number}" in line
    # with room to spare, the houses are named as well
    from courier.scenes.scoring import revealed

    full = revealed(m)
    for i, p in enumerate(m.state.players):
        assert all(house in full[i][0] for house in p.hand)
    drive.shot("scoring-dash-hands")


def test_package_pandemonium_scores_show_missions_done_or_not(app, drive):
    need_view("package-pandemonium")
    m = _finished("package-pandemonium", 3)
    from courier.rules.package_pandemonium import scoring as pp

    scene = app.stack.push(ScoringScene(app, m))
    drive.frame()
    cfg = m.state.config
    drivers = [v for v in m.state.vans if v.seat >= 0 and v.missions]
    assert {v.seat for v in drivers} == set(scene.secrets)
    for v in drivers:
        for mission, line in zip(v.missions, scene.secrets[v.seat]):
            assert cfg.missions[mission][0] in line
            assert ("not done" not in line) == pp.mission_done(v, mission, cfg)
    assert 2 not in scene.secrets  # the Rogue player has no missions
    drive.shot("scoring-pp-missions")


def test_see_the_board_shows_the_final_board_and_goes_back(app, drive):
    need_view("doorstep-dash")
    m = _finished("doorstep-dash", 2)
    scores = app.stack.push(ScoringScene(app, m))
    drive.frame()
    drive.click_button(scores, "See the board")
    board = app.stack.top
    assert isinstance(board, FinalBoardScene) and board.match is m
    drive.frame()
    assert board.buttons["menu"].text == "Scores"
    assert board.log_box.content_height() > board.log_box.scroll.rect.height  # the whole game: it scrolls
    drive.shot("scoring-final-board")
    drive.key(pygame.K_ESCAPE)
    assert app.stack.top is scores


def test_rematch_builds_the_same_seats_and_options_with_a_new_seed(app, drive):
    need_view("package-pandemonium")
    m = _finished("package-pandemonium", 3)
    scores = app.stack.push(ScoringScene(app, m))
    drive.frame()
    drive.click_button(scores, "Rematch")
    again = app.stack.top
    assert isinstance(again, BoardScene) and not isinstance(again, FinalBoardScene)
    assert again.match.seats == m.seats
    assert again.match.config == m.config
    assert again.match.seed != m.seed and again.match.log == []


def test_watch_again_steps_through_the_game_and_closing_comes_back_to_the_scores(app, drive):
    from courier.scenes.replay import ReplayScene

    need_view("out-for-delivery")
    m = _finished("out-for-delivery", 2)
    scores = app.stack.push(ScoringScene(app, m))
    drive.frame()
    drive.click_button(scores, "Watch again")
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.replay.steps == len(m.log) and replay.step == 0
    drive.frame()
    drive.shot("scoring-watch-again")
    replay.close()
    assert app.stack.top is scores


@pytest.mark.parametrize("gid, n", [("doorstep-dash", 2), ("package-pandemonium", 2)])
def test_the_final_board_is_not_covered_by_the_winner_box(app, drive, gid, n):
    """From the scores, "See the board" shows the board itself: the box naming the winner, drawn
    over the middle of the board at the end of play, is left out (the scores are one key away)."""
    need_view(gid)
    m = _finished(gid, n)
    scores = app.stack.push(ScoringScene(app, m))
    drive.frame()
    drive.click_button(scores, "See the board")
    board = app.stack.top
    assert isinstance(board, FinalBoardScene)
    drive.frame()
    shown = app.screen.subsurface(board.board_rect).copy()
    assert board.view.tooltip(board.board_rect.center) is None or "win" not in board.view.tooltip(board.board_rect.center)
    board.view.show_result = True  # as the board at the end of play draws it
    drive.frame()
    with_box = app.screen.subsurface(board.board_rect).copy()
    assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(with_box, "RGB")
