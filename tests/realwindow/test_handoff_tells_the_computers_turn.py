"""The pass screen tells the next person what the computer did meanwhile (a real window, real keys).

An outside tester's finding: with two people and a computer, the pass screen came up at once
after the computer's turn, and the next person had only the game log to learn what it did. The
same table as ``test_computer_turn_hides_secrets`` (Doorstep Dash, seed 2): Player 1 and Player 2
keep their opening cards, the computer takes its turn, and the pass screen back to Player 1 must
say, under "Since your last turn", that Player 2 kept their cards and that the computer rolled and
drove, read back by OCR from the screen. (That it shows nothing secret is proven off screen, by
the hot-seat non-interference property: a house named in a public line, "the road by Foxglove",
may also be on someone's card, so OCR cannot tell a leak from a place.)
"""

from __future__ import annotations

import sys

import pytest

from tests.realwindow import reading
from tests.realwindow.test_computer_turn_hides_secrets import (
    GAME, SEATS, SEED, UNPICK, hand_off, is_handoff, names, turn_of)
from tests.realwindow.xwindow import Session, Shot, fullscreen_args

pytestmark = [pytest.mark.realwindow,
              pytest.mark.skipif(sys.platform != "linux", reason="Xvfb and xdotool are Linux tools")]


def card(shot: Shot) -> str:
    """The pass screen's card, where the list is (enlarged, as lines)."""
    return reading.read(shot, reading.region(shot, 0.2, 0.12, 0.8, 0.88), scale=2, psm=6)


def test_the_pass_screen_lists_the_computers_turn(session: Session) -> None:
    s = session
    p1, p2, computer = names()
    s.launch(*fullscreen_args(GAME, SEATS, SEED))
    hand_off(s, p1, "pass-to-player-1")
    turn_of(s, p1, "player-1-keeps")
    s.keys("k")
    hand_off(s, p2, "pass-to-player-2")
    turn_of(s, p2, "player-2-picks")
    s.keys(*(str(n) for n in UNPICK[1]))
    s.keys("k")

    def listed(shot: Shot) -> bool:
        return is_handoff(shot, p1) and reading.close_to(card(shot), "Since your last turn")

    back = s.wait_for("the pass screen back to Player 1, with its list", listed, timeout=60)
    s.keep(back, "pass-back-to-player-1")
    text = card(back)
    for line in (f"{p2} keeps", f"{computer} rolls", f"{computer} drives"):
        assert reading.close_to(text, line), f"the pass screen ({back.path}) does not say {line!r}; OCR read: {text!r}"
