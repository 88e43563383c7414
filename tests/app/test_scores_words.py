"""Every word on the scores tables is whole: no column name, player name, figure or secret is cut
across two lines ("Undelivere" / "d") or cut short, on either page of the scores of every game,
at 1024x600, 1280x720 and 1920x1080.

Read from what a frame really draws (the layout audit of ``courier.ui.draw``): each line drawn
inside a table must be made of words the table means to show, and no text there is shortened.
"""

from __future__ import annotations

import re

import pygame
import pytest

from courier.scenes.scoring import ScoringScene, _fmt, _label
from courier.ui import draw
from tests.app import layout_matrix, shell_states
from tests.app.shell_states import GAMES

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def sized_app(request, courier_home):
    app = layout_matrix.open_app(request.param)
    yield app
    layout_matrix.close_app(app)


def words(*texts: str) -> set[str]:
    return {w for t in texts for w in re.split(r"[\s,()·:.]+", t) if w}


def scores_vocabulary(scene: ScoringScene) -> set[str]:
    texts = ["Player", "Total", *(_label(k) for k in scene.columns)]
    for row in scene.rows:
        texts.append(scene.row_text(row))
        texts += [_fmt(row.get(k, "")) for k in scene.columns + ["score"]]
    for seat, lines in scene.secrets.items():
        texts += lines
    return words(*texts)


def stats_vocabulary(scene: ScoringScene) -> set[str]:
    page = scene.stats_page
    st = page.stats
    texts = [st.score_name, "Round", *st.rounds, *st.names()]
    texts += [page.name(i) for i in range(page.count)]
    texts += [page.row_text(f) for f in st.names()]
    texts += [page.round_text(k) for k in range(len(st.rounds))]
    from courier.scenes.scoring_stats import fmt

    texts += [fmt(t) for t in page.ticks]
    return words(*texts)


def drawn_in(app, area: pygame.Rect) -> tuple[list[str], list[tuple[str, str]]]:
    """The lines drawn inside ``area`` in one frame, and the texts shortened there."""
    audit = draw.start_audit()
    try:
        app.stack.draw(app.screen)
    finally:
        draw.stop_audit()
    lines = [text for _, rect, text in audit.lines if area.contains(rect)]
    cuts = [(whole, shown) for _, rect, whole, shown in audit.cuts if area.colliderect(rect)]
    return lines, cuts


def broken(lines: list[str], vocabulary: set[str]) -> list[str]:
    return [f"{w!r} in {line!r}" for line in lines for w in words(line) if w not in vocabulary]


@pytest.mark.parametrize("gid,n", GAMES, ids=[g for g, _ in GAMES])
def test_no_word_is_broken_on_the_scores_tables(sized_app, gid, n):
    app = sized_app
    scene = app.stack.push(ScoringScene(app, shell_states.finished(gid, n)))
    for _ in range(6):
        app.frame(0.5, [])  # the winner's line has popped in
    lines, cuts = drawn_in(app, scene._table_area())
    assert lines, "the table drew nothing"
    assert broken(lines, scores_vocabulary(scene)) == [] and cuts == []
    scene.show("stats")
    app.frame(0.1, [])
    page = scene.stats_page
    lines, cuts = drawn_in(app, page.table)
    assert lines, "the figures drew nothing"
    assert broken(lines, stats_vocabulary(scene)) == [] and cuts == []
