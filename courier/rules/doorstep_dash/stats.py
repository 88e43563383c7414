"""Doorstep Dash's end-of-game figures, counted from the events of the game as played.

Only public facts: a bonus card drawn is counted, never which kind it was.
"""

from __future__ import annotations

from courier.rules.stats import GameStats, Played

DELIVERED = "Parcels delivered"
SQUARES = "Squares driven"
BONUS = "Bonus cards drawn"
TRAPS_SET = "Traps set"
TRAPS_SPRUNG = "Traps sprung on rivals"
PASSED = "Tests passed"
FAILED = "Tests failed"

#: what the score is called, for the chart's axis
SCORE = "Points"
FIGURES = (DELIVERED, SQUARES, BONUS, TRAPS_SET, TRAPS_SPRUNG, PASSED, FAILED)

#: event kind -> the figure it adds one to, for the seat in its data
_COUNTED = {"delivered": DELIVERED, "bonus drawn": BONUS, "trap set": TRAPS_SET,
            "test passed": PASSED, "test failed": FAILED}


def statistics(played: Played) -> GameStats:
    figures = played.blank(FIGURES)
    for ev in played.events():
        data = ev.data
        if ev.kind in _COUNTED:
            figures[data["seat"]][_COUNTED[ev.kind]] += 1
        elif ev.kind == "moved":
            figures[data["seat"]][SQUARES] += len(data["path"]) - 1
        elif ev.kind == "trap sprung":
            figures[data["owner"]][TRAPS_SPRUNG] += 1
    return played.result(figures, SCORE)
