"""A refused drive is explained in the board's own words: players never see grid coordinates."""

from __future__ import annotations

import re

from courier.rules.doorstep_dash import actions as A
from tests.doorstep_dash.helpers import GAME, board, started

COORDS = re.compile(r"\d+\s*,\s*\d+")


def test_a_refused_drive_names_the_place_without_coordinates():
    s = started(2, seed=3)
    seat = GAME.to_act(s)[0]
    GAME.apply(s, A.Roll(seat))
    b = board()
    legal = {a.to for a in GAME.legal_actions(s, seat) if isinstance(a, A.Move)}
    said = 0
    for cell in b.spaces:
        if cell in legal:
            continue
        why = GAME.refusal(s, A.Move(seat, cell))
        assert why and not COORDS.search(why), why
        said += 1
    assert said > 20
