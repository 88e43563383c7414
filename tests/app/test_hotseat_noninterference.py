"""Hot-seat keeps secrets at every frame, at every table: people and computers in any mix.

Random tables for every game (two to the most seats, people and computers of any level, one
person or several), played through the real board scene with synthetic input, hand-offs and Undo
included; see ``hotseat_table`` for the property checked at every third frame and at every pass
screen (whose "since your last turn" list is drawn in the frames compared, and must be exactly the
log lines since that person's last decision). The suite plays a
few tables a game; ``COURIER_HOTSEAT_TABLES=200`` plays that many a game (the long run;
``COURIER_HOTSEAT_STEPS`` sets how many moves into each table it plays, 400 by default, and
``COURIER_HOTSEAT_FIGURES=FILE`` appends each game's figures to FILE).
"""

from __future__ import annotations

import os
import random

import pytest

from courier.rules import registry
from tests.app.hotseat_table import Figures, play_table, random_kinds

TABLES = int(os.environ.get("COURIER_HOTSEAT_TABLES", "4"))
#: moves into each table (the long run may play shorter tables to play more of them)
STEPS = int(os.environ.get("COURIER_HOTSEAT_STEPS", "400"))


@pytest.mark.parametrize("game_id", registry.ids())
def test_no_frame_depends_on_a_secret_nobody_looking_may_see(app, game_id: str) -> None:
    figures = Figures()
    rng = random.Random(f"hotseat-{game_id}")
    tables = [random_kinds(game_id, rng) for _ in range(TABLES)]
    # the tables of the outside findings first: two people and a computer, and people only
    game = registry.get(game_id)
    if game.max_players >= 3:
        tables[:0] = [["ai", "human", "human"] + ["ai"] * (max(3, game.min_players) - 3)]
    tables[:0] = [["human", "human"] + ["ai"] * (max(2, game.min_players) - 2)]
    for i, kinds in enumerate(tables):
        play_table(app, game_id, kinds, seed=7 + i, figures=figures, max_steps=STEPS)
    line = (f"{game_id}: {figures.tables} tables, {figures.frames} frames, {figures.compared} compared, "
            f"{figures.shows_checked} views checked, {figures.hand_offs} hand-offs, {figures.summaries} with a "
            f"since-your-last-turn list, {figures.undos} undos, "
            f"{len(figures.leaks)} leaks")
    print(line)
    if os.environ.get("COURIER_HOTSEAT_FIGURES"):  # the long run keeps its figures (xdist hides prints)
        with open(os.environ["COURIER_HOTSEAT_FIGURES"], "a", encoding="utf-8") as out:
            out.write(line + "\n")
    assert not figures.leaks, "\n".join(figures.leaks[:10])
    assert figures.compared > 20 and figures.shows_checked > 20
    assert figures.hand_offs > 0 or not game.has_hidden_info
    assert figures.summaries > 0 or not game.has_hidden_info  # the lists were checked, not only absent
