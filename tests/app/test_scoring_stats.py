"""The scoring screen's Statistics page: a chart of every player's score round by round (a line
in each player's colour, axis names, a legend by name) and a table of the game's figures, for all
four games; reached by its tab, by S, or with Tab and Enter; the same for a game loaded back."""

from __future__ import annotations

import pygame
import pytest

from courier import saves
from courier.rules import stats
from courier.scenes.scoring import ScoringScene
from courier.scenes.scoring_stats import NO_STATS, fmt, nice_ticks, shown_labels
from courier.ui import draw
from tests.app import shell_states
from tests.app.keys import KeyDriver
from tests.app.shell_states import GAMES


@pytest.fixture
def keys(app) -> KeyDriver:
    return KeyDriver(app)


def drawn_texts(app) -> list[str]:
    audit = draw.start_audit()
    try:
        app.stack.draw(app.screen)
    finally:
        draw.stop_audit()
    return [text for _, _, text in audit.lines]


def colour_pixels(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    sub = surface.subsurface(rect.clip(surface.get_rect()))
    mask = pygame.mask.from_threshold(sub, colour, (1, 1, 1, 255))
    return mask.count()


@pytest.mark.parametrize("gid,n", GAMES, ids=[g for g, _ in GAMES])
def test_statistics_tab_draws_a_line_per_player_and_the_figures(app, drive, gid, n):
    match = shell_states.finished(gid, n)
    scene = app.stack.push(ScoringScene(app, match))
    drive.frame(dt=1.0)
    page = scene.stats_page
    plot = page.plot
    before = {i: colour_pixels(app.screen, plot, tuple(s.colour)) for i, s in enumerate(match.seats)}
    assert scene.page == "scores"
    drive.click_button(scene, "Statistics")
    drive.frame()
    assert scene.page == "stats"
    result = scene.stats
    assert result == stats.statistics(match.game_id, match.config, match.seed, match.log)
    for i, spec in enumerate(match.seats[:len(result.scores)]):
        line = colour_pixels(app.screen, plot, tuple(spec.colour)) - before[i]
        assert line > 3 * plot.width // len(result.rounds), f"no line for {spec.name}"
    texts = drawn_texts(app)
    for name in result.names():  # every figure is a row, every value is written
        assert name in texts
    for figs in result.figures:
        assert all(fmt(v) in texts for v in figs.values())
    assert result.score_name in texts and "Round" in texts  # the axes are named
    assert all(shown in texts for _, _, shown in page.legend)  # the legend names every player
    assert [seat for _, seat, _ in page.legend] == list(range(len(result.scores)))
    assert result.rounds[0] in texts and result.rounds[-1] in texts  # the first and last round
    drive.shot(f"scoring-stats-{gid}")


def test_s_turns_the_page_and_tab_and_enter_reach_the_tabs(app, keys):
    match = shell_states.finished("doorstep-dash", 4)
    scene = app.stack.push(ScoringScene(app, match))
    keys.frame()
    keys.key(pygame.K_s, text="s")
    assert scene.page == "stats"
    keys.key(pygame.K_s, text="s")
    assert scene.page == "scores"
    keys.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    assert scene.page == "scores"  # Ctrl+S is not a page turn
    keys.choose_label("Statistics")
    assert scene.page == "stats" and app.stack.top is scene
    keys.choose_label("Scores")
    assert scene.page == "scores"


def test_a_loaded_game_shows_the_statistics_it_was_played_with(app, drive):
    match = shell_states.finished("package-pandemonium", 3)
    played = app.stack.push(ScoringScene(app, match)).stats
    path = saves.save_match(match, saves.free_slot("stats"))
    loaded = app.stack.push(ScoringScene(app, saves.load_match(path)))
    drive.frame()
    assert played is not None and loaded.stats == played


def test_tooltips_give_the_whole_name_the_row_and_the_round(app, drive):
    match = shell_states.finished("next-day", 4)
    scene = app.stack.push(ScoringScene(app, match))
    scene.show("stats")
    drive.frame()
    page = scene.stats_page
    for rect, seat in page.header_rects():
        assert match.seats[seat].name in scene.tooltip_at(rect.center)
    rect, figure = page.row_rects()[0]
    tip = scene.tooltip_at((rect.left + 5, rect.centery))
    assert tip.startswith(figure) and all(s.name in tip for s in match.seats)
    last = len(scene.stats.rounds) - 1
    tip = scene.tooltip_at((int(page.x_at(last)), page.plot.centery))
    final = match.game.scores(match.state)
    assert tip.startswith(f"After round {scene.stats.rounds[last]}")
    assert all(f"{s.name} {fmt(v)}" in tip for s, v in zip(match.seats, final))
    assert scene.tooltip_at((int(page.x_at(0)), page.plot.centery)).startswith("At the start")


def test_a_game_whose_statistics_cannot_be_worked_out_still_shows_its_scores(app, drive, monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("a move the rules refuse")

    monkeypatch.setattr(stats, "statistics", broken)
    match = shell_states.finished("out-for-delivery", 2)
    scene = app.stack.push(ScoringScene(app, match))
    drive.frame()
    assert scene.stats is None
    assert match.seats[0].name in " ".join(drawn_texts(app))  # the scores page as ever
    drive.click_button(scene, "Statistics")
    assert any(NO_STATS.startswith(t.rstrip("…")[:20]) for t in drawn_texts(app))


def test_axis_ticks_are_round_numbers_covering_every_score():
    for lo, hi in ((0, 540), (-175, 675), (0, 0), (0, 3), (-1, 0), (0, 12345)):
        ticks = nice_ticks(lo, hi)
        assert ticks[0] <= lo and ticks[-1] >= hi and 2 <= len(ticks) <= 6
        steps = {round(b - a, 6) for a, b in zip(ticks, ticks[1:])}
        assert len(steps) == 1
        assert all(float(t).is_integer() for t in ticks)  # whole scores: whole ticks
    assert nice_ticks(0, 0.4, whole=False)[-1] < 1  # fractions only when the scores have them


def test_round_labels_are_thinned_so_none_touch_and_the_last_is_kept():
    for count in (1, 2, 17, 60, 93):
        for slot, widest in ((40.0, 30), (6.0, 30), (3.2, 41)):
            picked = shown_labels(count, slot, widest)
            assert picked[0] == 0
            if (count - 1) * slot >= widest:  # room for two labels at least: the last is one
                assert picked[-1] == count - 1
            assert all((b - a) * slot >= widest for a, b in zip(picked, picked[1:]))
