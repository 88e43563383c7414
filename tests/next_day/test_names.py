"""Next Day's worked examples of names typed at set-up (what holds for every game, random play with
and without names included, is in tests/conformance/test_names.py)."""

from __future__ import annotations

import re

from courier.rules.next_day import GAME as G
from courier.rules.next_day import actions as A

NAMES = ("Ann", "Bob", "Cy")


def test_turn_label_names_the_bidder_and_score_rows_stay_by_seat():
    cfg = G.make_config(players=3, names=NAMES, quick_setup=True)
    s = G.new_game(cfg, 4)
    assert G.turn_label(s).endswith(f"{NAMES[s.current]} to move")
    rows = G.score_breakdown(s)
    assert [r["seat"] for r in rows] == [0, 1, 2]
    assert not [k for r in rows for k in r if re.search(r"[Pp]layer \d", k)]


def test_blank_names_fall_back_to_the_default():
    cfg = G.make_config(players=3, names=("Ann", "  ", "Cy"), quick_setup=True)
    assert [G.seat_name(cfg, i) for i in range(3)] == ["Ann", "Player 2", "Cy"]
    s = G.new_game(cfg, 4)
    seen = []
    for _ in range(3):
        seat = s.current
        seen += [e.text for e in G.apply(s, A.EndTurn(seat)) if e.kind == "turn_ended"]
    assert sorted(seen) == ["Ann ends their turn.", "Cy ends their turn.", "Player 2 ends their turn."]
