"""The device is passed only to someone who does not hold it, and nobody decides on another's screen.

Seeded tables of every game, two to the most seats, people and computers mixed (and people only),
are played through the real board scene (``hotseat_table``: synthetic input, Undo, the pass
screen's menu). Their trace of hand-offs ("I am X: show my turn") and people's decisions must keep
two promises in every game with something hidden:

- the pass screen never names the same person twice in a row without another person's decision
  between (a person who answered a theft, won an auction round or made a choice, with only
  computers moving since, still holds the device);
- every decision of a person is made after their own hand-off, never on the screen someone else
  took (others may have looked since).

In a game with nothing hidden no pass screen comes at all.
"""

from __future__ import annotations

import random

import pytest

from courier.rules import registry
from tests.app.hotseat_table import Figures, Trace, play_table

TABLES = 3
STEPS = 260


def hand_off_faults(trace: Trace, hidden: bool) -> list[str]:
    """The broken promises in ``trace``, each as a sentence naming its place in the trace."""
    faults: list[str] = []
    holder: int | None = None
    decided_since: set[int] = set()  # people who decided since the last hand-off
    for i, (kind, seat) in enumerate(trace):
        if kind == "handoff":
            if not hidden:
                faults.append(f"step {i}: a pass screen in a game with nothing hidden")
            if seat == holder and not decided_since - {seat}:
                faults.append(f"step {i}: the device is passed to seat {seat}, who already holds it")
            holder, decided_since = seat, set()
        else:
            if hidden and holder != seat:
                faults.append(f"step {i}: seat {seat} decides on the screen seat {holder} took")
            decided_since.add(seat)
    return faults


def test_the_trace_check_sees_both_faults() -> None:
    assert hand_off_faults([("handoff", 0), ("decision", 0), ("handoff", 1), ("decision", 1)], True) == []
    assert hand_off_faults([("handoff", 0), ("decision", 0), ("handoff", 0)], True)
    assert hand_off_faults([("handoff", 0), ("decision", 0), ("decision", 1)], True)


def mixed_tables(game_id: str, rng: random.Random) -> list[list[str]]:
    """Two people at least, computers among them where the game has room; then people only."""
    game = registry.get(game_id)
    low, high = max(2, game.min_players), game.max_players
    tables = []
    for _ in range(TABLES):
        n = rng.randint(max(3, low), high) if high >= 3 else low
        kinds = ["human", "human"] + [rng.choice(["human", "ai"]) for _ in range(n - 2)]
        if "ai" not in kinds and n > 2:
            kinds[-1] = "ai"
        rng.shuffle(kinds)
        tables.append(kinds)
    tables.append(["human"] * low)
    return tables


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_device_goes_to_each_person_once_per_turn_of_theirs(app, game_id: str) -> None:
    game = registry.get(game_id)
    rng = random.Random(f"handoff-turns-{game_id}")
    faults: list[str] = []
    figures = Figures()
    hand_offs = 0
    for i, kinds in enumerate(mixed_tables(game_id, rng)):
        trace = play_table(app, game_id, kinds, seed=31 + i, figures=figures, max_steps=STEPS, check_every=None)
        hand_offs += sum(1 for kind, _ in trace if kind == "handoff")
        faults += [f"{'/'.join(kinds)} seed {31 + i}, {f}" for f in hand_off_faults(trace, game.has_hidden_info)]
    assert not faults, "\n".join(faults[:10])
    assert not figures.leaks, "\n".join(figures.leaks[:10])  # the pass screens' lists too
    assert hand_offs > 3 or not game.has_hidden_info
