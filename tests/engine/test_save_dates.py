"""The date a save list shows is total: any saved time, in any time zone, gives a date text.

A file may carry year 1 or year 9999 (damaged, or written by a strange clock); turned into
local time in a zone far from UTC such a date leaves the calendar, and the Load screen, the save
dialog and the menu's Continue all print it.
"""

from __future__ import annotations

import re
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from courier.saves.listing import SaveEntry, date_text

DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}")
#: zones at both edges of the world's clocks, and some in between
ZONES = ["Etc/GMT+12", "Etc/GMT-14", "UTC", "Pacific/Kiritimati", "America/St_Johns", "Asia/Kathmandu"]
EDGES = [datetime(1, 1, 1, tzinfo=timezone.utc), datetime(9999, 12, 31, 23, 59, tzinfo=timezone.utc),
         datetime(1, 1, 1), datetime(9999, 12, 31, 23, 59, 59)]

offsets = st.integers(-(24 * 60 - 1), 24 * 60 - 1).map(lambda m: timedelta(minutes=m))
aware = st.builds(lambda d, o: d.replace(tzinfo=timezone(o)), st.datetimes(), offsets)
any_datetime = st.one_of(st.datetimes(), aware)


@pytest.fixture
def zone(monkeypatch: pytest.MonkeyPatch):
    """Set the process's local time zone (TZ) for a test, and put it back afterwards."""

    def use(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()

    yield use
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("name", ZONES)
@pytest.mark.parametrize("when", EDGES, ids=str)
def test_edge_dates_print_in_every_zone(zone, name: str, when: datetime) -> None:
    zone(name)
    entry = SaveEntry(path=Path("a.json"), slot="a", ok=True, saved_at=when)
    assert DATE_RE.fullmatch(entry.saved_at_text)


@settings(max_examples=300, deadline=None)
@given(when=any_datetime, local=offsets)
def test_date_text_is_total_over_datetimes_and_offsets(when: datetime, local: timedelta) -> None:
    text = date_text(when, local)
    assert DATE_RE.fullmatch(text)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(when=any_datetime, name=st.sampled_from(ZONES))
def test_date_text_is_total_in_the_local_zone(zone, when: datetime, name: str) -> None:
    zone(name)
    assert DATE_RE.fullmatch(date_text(when))


def test_an_ordinary_date_is_shown_in_local_time() -> None:
    when = datetime(2026, 11, 21, 13, 5, tzinfo=timezone.utc)
    assert date_text(when, timedelta(hours=1)) == "2026-11-21 14:05"
    assert date_text(when, timedelta(hours=-14)) == "2026-11-20 23:05"
    # a date the zone would push off the calendar is shown as saved rather than not at all
    assert date_text(datetime(1, 1, 1, tzinfo=timezone.utc), timedelta(hours=-12)) == "0001-01-01 00:00"


@pytest.mark.parametrize("name", ["Etc/GMT+12", "Etc/GMT-14"])
@pytest.mark.parametrize("saved", ["0001-01-01T00:00:00Z", "9999-12-31T23:59:00Z"])
def test_a_save_of_year_1_or_9999_is_listed_with_its_date(zone, name: str, saved: str) -> None:
    import json

    from fakegame import GAME_ID, Pass

    from courier import saves
    from courier.match import Match, SeatSpec

    m = Match.new(GAME_ID, [SeatSpec("Ann", (200, 40, 40)), SeatSpec("Bo", (40, 200, 40))], seed=3)
    m.submit(Pass(m.to_act()[0]))
    path = saves.save_match(m, "old")
    data = json.loads(path.read_text())
    data["saved_at"] = saved
    path.write_text(json.dumps(data))
    zone(name)
    [entry] = saves.list_saves()
    assert entry.ok and DATE_RE.fullmatch(entry.saved_at_text)
    zone("UTC" if name != "UTC" else "Etc/GMT+12")  # the list is remembered; the zone may change
    assert DATE_RE.fullmatch(saves.list_saves()[0].saved_at_text)
