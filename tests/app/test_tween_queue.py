"""The one animation queue (ui.tween.Animator) as a game's queue of steps uses it: each step
starts when the one before it ends (on_start, then on_done, in order), and with ``carry`` a
frame's time runs on from one step into the next, so how time is cut into frames changes
nothing of what is shown when."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from courier.ui.tween import Animator, Wait


def _queue(durations: list[float]) -> tuple[Animator, list[str], list[Wait]]:
    runner = Animator(carry=True)
    said: list[str] = []
    steps: list[Wait] = []
    for i, d in enumerate(durations):
        w = Wait(d)
        w.on_start = lambda i=i: said.append(f"start {i}")
        w.on_done = lambda i=i: said.append(f"done {i}")
        runner.add(w, after=steps[-1] if steps else None)
        steps.append(w)
    return runner, said, steps


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0.05, 2.0), min_size=1, max_size=6), st.lists(st.floats(0.001, 0.5), min_size=1, max_size=40))
def test_a_carrying_queue_shows_the_same_whatever_the_frames(durations: list[float], frames: list[float]) -> None:
    whole, whole_said, whole_steps = _queue(durations)
    cut, cut_said, cut_steps = _queue(durations)
    for dt in frames:
        cut.update(dt)
    whole.update(sum(frames))
    assert cut_said == whole_said
    assert [s.done for s in cut_steps] == [s.done for s in whole_steps]
    for a, b in zip(cut_steps, whole_steps):
        assert abs(a.progress - b.progress) < 1e-6
    # steps start and end one after another, never two at once
    starts = [int(x.split()[1]) for x in whole_said if x.startswith("start")]
    assert starts == list(range(len(starts)))


def test_finishing_all_starts_and_ends_every_step_in_order() -> None:
    runner, said, steps = _queue([0.5, 0.5, 0.5])
    runner.update(0.2)
    runner.finish_all()
    assert said == ["start 0", "done 0", "start 1", "done 1", "start 2", "done 2"]
    assert all(s.done for s in steps) and not runner.busy()
