"""The progress bar: games done, games per second (this run only) and time left."""

from __future__ import annotations

import io

from courier.dev.lab.progress import Progress, format_duration


def test_the_bar_counts_speed_and_time_left():
    now = [0.0]
    out = io.StringIO()
    p = Progress(12, earlier=2, stream=out, clock=lambda: now[0])
    assert "2/12 games" in p.line() and "starting" in p.line()
    now[0] = 15.0
    p.advance(1)  # the first game comes after the workers started: no speed from that
    assert p.rate() == 0.0 and "starting" in p.line()
    now[0] = 19.0
    p.advance(4)  # 4 games in the 4 s since; the 2 from an earlier run do not count towards speed
    assert p.rate() == 1.0
    assert "7/12 games  1.0 games/s, 0:05 left" in p.line()
    now[0] = 24.0
    p.advance(5)
    assert "12/12 games" in out.getvalue() and "done in 0:24" in out.getvalue()


def test_the_first_time_left_is_not_inflated_by_the_start():
    """A 20-second study whose workers take 8 s to start: the first estimate is seconds, not minutes."""
    now = [0.0]
    p = Progress(40, stream=io.StringIO(), clock=lambda: now[0])
    now[0] = 8.0
    p.advance(2)  # two workers finish their first games together
    for k in range(1, 4):
        now[0] = 8.0 + k * 0.6
        p.advance(2)
    assert p.rate() > 3 and "0:10 left" in p.line()  # 32 games at 3.3 a second


def test_durations_read_as_a_clock():
    assert format_duration(7) == "0:07" and format_duration(3725) == "1:02:05" and format_duration(-3) == "0:00"
