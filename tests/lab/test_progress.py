"""The progress bar: games done, games per second (this run only) and time left."""

from __future__ import annotations

import io

from courier.lab.progress import Progress, format_duration


def test_the_bar_counts_speed_and_time_left():
    now = [0.0]
    out = io.StringIO()
    p = Progress(10, earlier=2, stream=out, clock=lambda: now[0])
    assert "2/10 games" in p.line() and "starting" in p.line()
    now[0] = 4.0
    p.advance(4)  # 4 new games in 4 s; the 2 from an earlier run do not count towards speed
    assert p.rate() == 1.0
    assert "[" + "#" * 17 in p.line() and "6/10 games  1.0 games/s, 0:04 left" in p.line()
    now[0] = 8.0
    p.advance(4)
    assert "10/10 games" in out.getvalue() and "done in 0:08" in out.getvalue()


def test_durations_read_as_a_clock():
    assert format_duration(7) == "0:07" and format_duration(3725) == "1:02:05" and format_duration(-3) == "0:00"
