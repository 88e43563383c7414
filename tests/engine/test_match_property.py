"""Random mixes of moves, undos and redos: the match always equals a replay of its log, and
undo never crosses a reveal."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from courier.match import Match, SeatSpec
from courier.rules.rng import Rng

from fakegame import GAME, GAME_ID

SEATINGS = {
    "human-vs-ai": [SeatSpec("Ann", (1, 1, 1)), SeatSpec("Robo", (2, 2, 2), "ai", "random")],
    "two-humans": [SeatSpec("Ann", (1, 1, 1)), SeatSpec("Ben", (2, 2, 2))],
}


def replayed(m: Match) -> dict:
    state = GAME.new_game(m.config, m.seed)
    for text in m.log:
        GAME.apply(state, GAME.parse_action(state, text))
    return GAME.state_to_dict(state)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seating=st.sampled_from(sorted(SEATINGS)),
    seed=st.integers(0, 2**31),
    steps=st.lists(st.sampled_from(["act", "act", "act", "undo", "redo"]), max_size=40),
)
def test_any_mix_of_moves_undos_and_redos_stays_consistent(seating: str, seed: int, steps: list[str]) -> None:
    m = Match.new(GAME_ID, SEATINGS[seating], seed=seed, rounds=4)
    rng = Rng(seed)
    for step in steps:
        if m.is_over():
            break
        if step == "act":
            m.submit(rng.choice(m.legal(m.to_act()[0])))
            last = m.events[-1]
            if last.reveals:
                assert not m.can_undo()
        elif step == "undo":
            old_events, old_steps, length = list(m.events), list(m._steps), len(m.log)
            if m.undo():
                removed_events = old_events[len(m.events):]
                removed_humans = {s.seat for s in old_steps[len(m.log):] if s.human}
                assert len(m.log) < length
                assert not any(e.reveals for e in removed_events), "undo crossed a reveal"
                assert len(removed_humans) == 1, "undo took back another person's move"
                assert old_steps[len(m.log)].human, "undo stops just before a human action"
        else:
            m.redo()
        assert GAME.state_to_dict(m.state) == replayed(m)
        assert len(m.events) == len(m.log)  # the test game gives one event per action
