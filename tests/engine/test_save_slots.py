"""Writing and listing saves: one autosave per game, named saves, leftovers, board pictures.

The promises under test: no game in progress is ever replaced by another; a name of any text
makes a safe file inside the saves folder and comes back as typed; a file that cannot be read
is never written to; a damaged picture never spoils the list.
"""

from __future__ import annotations

import base64
import json
import os
import re
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from courier import paths, saves
from courier.saves import listing as save_list
from courier.match import Match, SeatSpec
from courier.saves import SaveError, SaveExists

from fakegame import GAME_ID, Pass, Play, Roll

SEATS = [SeatSpec("Ann", (200, 40, 40)), SeatSpec("Robo", (40, 200, 40), kind="ai", level="easy")]
STEM_RE = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}

#: the smallest valid PNG: 1x1, one grey pixel
PNG_1X1 = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg=="
)


@pytest.fixture
def ticking_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each save is stamped one second after the one before: the order of saves is the order they
    were made, without waiting for the real clock to move."""
    moments = (datetime(2026, 1, 1, 12, 0, tzinfo=timezone.utc) + timedelta(seconds=i) for i in range(10**6))
    monkeypatch.setattr(saves, "clock", lambda: next(moments))


def played(seed: int = 9, moves: int = 4) -> Match:
    m = Match.new(GAME_ID, SEATS, seed=seed)
    script = [lambda: Play(0, sorted(m.state.hands[0])[0]), lambda: Roll(0), lambda: Pass(1),
              lambda: Play(0, sorted(m.state.hands[0])[0])]
    for step in script[:moves]:
        m.submit(step())
    return m


def finished(seed: int = 2) -> Match:
    m = played(seed)
    while not m.is_over():
        m.submit(Pass(m.to_act()[0]))
    return m


def saved_names() -> set[str]:
    return {p.name for p in paths.saves_dir().iterdir()}


# -- one autosave per game ------------------------------------------------------------------


def test_two_unfinished_games_each_keep_their_autosave() -> None:
    first, second = played(1), played(2, moves=2)
    a = saves.autosave(first)
    b = saves.autosave(second)
    assert a != b and a.exists() and b.exists()
    assert a.name == f"auto-test-dice-cards-{first.match_id}.json"
    assert saves.load_match(a).log == first.log and saves.load_match(b).log == second.log
    # the next turn of the first game rewrites only its own file
    before = b.read_bytes()
    first.submit(Pass(first.to_act()[0]))
    assert saves.autosave(first) == a
    assert b.read_bytes() == before
    assert saves.load_match(a).log == first.log
    assert len([e for e in saves.list_saves() if e.ok and not e.finished]) == 2


def test_starting_a_new_game_leaves_the_old_autosave_alone() -> None:
    old = played(1)
    path = saves.autosave(old)
    content = path.read_bytes()
    fresh = Match.new(GAME_ID, SEATS, seed=1)  # even the same seed and seats
    assert fresh.match_id != old.match_id
    saves.autosave(fresh)
    assert path.read_bytes() == content
    assert len(saved_names()) == 2


def test_continue_offers_the_newest_unfinished_game(ticking_clock: None) -> None:
    first, second = played(1), played(2)
    saves.autosave(first)
    b = saves.autosave(second)
    assert saves.latest_save().path == b
    first.submit(Pass(first.to_act()[0]))
    a = saves.autosave(first)
    assert saves.latest_save().path == a


def test_a_finished_game_stays_listed_but_is_not_continued(ticking_clock: None) -> None:
    going = saves.autosave(played(1))
    done = finished(2)
    record = saves.autosave(done)
    entries = saves.list_saves()
    assert [e.path for e in entries] == [record, going]
    assert entries[0].finished and entries[0].is_autosave and entries[0].match_id == done.match_id
    assert saves.latest_save().path == going
    saves.delete_save(going)
    assert saves.latest_save() is None and [e.path for e in saves.list_saves()] == [record]


def test_an_autosave_never_replaces_a_file_of_another_game_or_an_unreadable_one() -> None:
    mine, other = played(1), played(2)
    target = saves.slot_path(saves.autosave_slot(mine))
    target.write_bytes(saves.save_match(other, "other").read_bytes())  # another game under my name
    theirs = target.read_bytes()
    path = saves.autosave(mine)
    assert path.name == f"{target.stem}-2.json" and target.read_bytes() == theirs
    # the next turn goes to the same second file, not a third one
    mine.submit(Pass(mine.to_act()[0]))
    assert saves.autosave(mine) == path
    bad = saves.slot_path(saves.autosave_slot(other))
    bad.write_bytes(b"\x00 not a save")
    assert saves.autosave(other).name == f"{bad.stem}-2.json"
    assert bad.read_bytes() == b"\x00 not a save"


def test_a_loaded_game_keeps_its_identity_and_its_autosave_file() -> None:
    m = played(1)
    path = saves.autosave(m)
    back = saves.load_match(path)
    assert back.match_id == m.match_id
    assert not saves.play_on_from(back, path)  # opened from its own autosave: play on in it
    back.submit(Pass(back.to_act()[0]))
    assert saves.autosave(back) == path and len(saved_names()) == 1


def test_playing_on_from_an_older_named_save_never_replaces_the_newer_autosave() -> None:
    m = played(1, moves=2)
    named = _aged(saves.save_match(m, saves.free_slot("Evening"), name="Evening"), 600)  # made earlier
    m.submit(Pass(m.to_act()[0]))
    m.submit(Play(0, sorted(m.state.hands[0])[0]))
    auto = saves.autosave(m)
    further = auto.read_bytes()
    old = saves.load_match(named)
    assert old.match_id == m.match_id
    assert saves.play_on_from(old, named)
    saves.autosave(old)  # not moved yet: the named save holds this point, nothing is written
    assert auto.read_bytes() == further
    old.submit(Pass(old.to_act()[0]))
    mine = saves.autosave(old)  # moved: a game of its own, in a file of its own
    assert old.match_id != m.match_id and mine != auto and auto.read_bytes() == further
    # saved under a name after the last autosave (then the window was closed): it plays on in
    # its own autosave, no second copy of the game appears
    latest = played(4)
    _aged(saves.autosave(latest), 600)
    newest = saves.save_match(latest, "newest", name="Newest")
    again = saves.load_match(newest)
    assert not saves.play_on_from(again, newest) and again.match_id == latest.match_id
    # a named save with no autosave of its game keeps the identity
    lone = played(3)
    lone_path = saves.save_match(lone, "lone", name="Lone")
    again = saves.load_match(lone_path)
    assert not saves.play_on_from(again, lone_path) and again.match_id == lone.match_id


def test_an_older_file_without_an_identity_loads_and_gets_its_own_autosave() -> None:
    m = played(1)
    path = saves.save_match(m, "auto")  # how autosaves were named before
    data = json.loads(path.read_text())
    for key in ("match_id", "name", "thumbnail"):
        data.pop(key, None)
    path.write_text(json.dumps(data))
    content = path.read_bytes()
    [entry] = saves.list_saves()
    assert entry.ok and entry.is_autosave and entry.match_id == "" and entry.thumbnail is None
    back = saves.load_match(path)
    assert back.match_id and back.log == m.log
    new = saves.autosave(back)
    assert new != path and path.read_bytes() == content


# -- named saves ------------------------------------------------------------------------------


def test_a_named_save_keeps_its_name_inside_the_file() -> None:
    m = played()
    path = saves.save_match(m, saves.free_slot("Friday night – Ann vs Robo"), name="Friday night – Ann vs Robo")
    assert path.name == "friday-night-ann-vs-robo.json"
    [entry] = saves.list_saves()
    assert entry.name == entry.title == "Friday night – Ann vs Robo" and not entry.is_autosave
    assert entry.players == ["Ann", "Robo"] and entry.computer == [False, True]
    # the same name again never lands on the same file
    assert saves.free_slot("Friday night – Ann vs Robo") == "friday-night-ann-vs-robo-2"


def test_a_final_newline_is_refused_as_a_file_name_and_cleaned_from_a_name() -> None:
    m = played()
    with pytest.raises(SaveError):
        saves.slot_path("a\n")
    with pytest.raises(SaveError):
        saves.save_match(m, "a\n")
    assert saved_names() == set()
    path = saves.save_match(m, saves.free_slot("a\n"), name="a\n")
    assert path.name == "a.json"
    assert saves.list_saves()[0].name == "a"


@pytest.mark.parametrize("bad", ["", "../evil", "a/b", ".hidden", "a\n", "a\r", "a\x00b", "\na", "a" * 65, "é",
                                 "a ", "CON", "nul", "com1 save", "LPT9"])
def test_file_names_must_be_plain_as_a_whole(bad: str) -> None:
    with pytest.raises(SaveError):
        saves.slot_path(bad)


@pytest.mark.parametrize("name", [
    "../../etc/passwd", "..", ".", "CON", "con.txt", "Nul", "LPT1", "com9 game", "auto", "Auto-next-day-1234",
    "a/b\\c:d*e?f\"g<h>i|j", "日本語のゲーム", "🚚📦", "   ", "", "x" * 10_000, "tab\tand\nnewline", "\x00",
])
def test_hostile_names_make_safe_file_names(name: str) -> None:
    stem = saves.name_stem(name)
    assert STEM_RE.fullmatch(stem) and len(stem) <= 40
    assert stem.split("-")[0] not in RESERVED and not stem.startswith("auto")
    path = saves.save_match(played(), saves.free_slot(name), name=name)
    assert path.parent == paths.saves_dir() and path.suffix == ".json"
    [entry] = [e for e in saves.list_saves() if e.path == path]
    assert entry.ok and entry.name == saves.clean_name(name) and len(entry.name) <= saves.MAX_NAME
    assert entry.title  # never blank in a list


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(min_size=0, max_size=120))
def test_any_name_round_trips_and_stays_in_the_saves_folder(name: str) -> None:
    folder = paths.saves_dir()
    m = played(moves=1)
    path = saves.save_match(m, saves.free_slot(name), name=name)
    try:
        assert path.resolve().parent == folder.resolve()
        assert saves.slot_path(path.stem) == path
        [entry] = [e for e in saves.list_saves() if e.path == path]
        shown = saves.clean_name(name)
        assert entry.ok and entry.name == shown
        if name == name.strip() and name.isprintable() and len(name) <= saves.MAX_NAME:
            assert shown == name  # what was typed comes back as typed
        assert saves.load_match(path).log == m.log
    finally:
        saves.delete_save(path)


def test_a_name_with_a_lone_surrogate_still_saves() -> None:
    path = saves.save_match(played(), saves.free_slot("bad \udc80 text"), name="bad \udc80 text")
    assert saves.list_saves()[0].name == "bad   text" and path.exists()


def test_replacing_another_games_save_must_be_asked_for() -> None:
    m, other = played(1), played(2)
    path = saves.save_match(other, "evening", name="Evening")
    content = path.read_bytes()
    with pytest.raises(SaveExists):
        saves.save_match(m, "evening", name="Evening", replace=False)
    assert path.read_bytes() == content
    # the same game may always update its own save
    saves.save_match(other, "evening", name="Evening", replace=False)
    # and after asking the player, another game may replace it
    saves.save_match(m, "evening", name="Evening", replace=True)
    assert saves.load_match(path).match_id == m.match_id


def test_an_unreadable_file_is_never_overwritten_whatever_is_asked() -> None:
    path = paths.saves_dir() / "evening.json"
    path.write_bytes(b'{"format_version": 1, "game_id": "next-da')
    content, mtime = path.read_bytes(), path.stat().st_mtime_ns
    for replace in (False, True):
        with pytest.raises(SaveError):
            saves.save_match(played(), "evening", name="Evening", replace=replace)
    # a new save of that name gets a file of its own
    assert saves.free_slot("Evening") == "evening-2"
    saves.save_match(played(), saves.free_slot("Evening"), name="Evening")
    assert path.read_bytes() == content and path.stat().st_mtime_ns == mtime


# -- temporary files --------------------------------------------------------------------------


def _aged(path: Path, seconds: float) -> Path:
    t = time.time() - seconds
    os.utime(path, (t, t))
    return path


def test_stale_temp_files_are_cleaned_and_a_save_in_progress_is_left() -> None:
    folder = paths.saves_dir()
    stale = folder / ".auto-x.json.k2j4_9ab.tmp"
    stale.write_bytes(b"half a save")
    _aged(stale, 3600)
    fresh = folder / ".evening.json.abcd1234.tmp"
    fresh.write_bytes(b"being written")
    other = folder / ".notes.tmp"  # not one of ours
    other.write_bytes(b"keep")
    _aged(other, 3600)
    odd_dir = folder / ".dir.json.abcdef12.tmp"
    odd_dir.mkdir()
    os.utime(odd_dir, (time.time() - 3600,) * 2)
    saves.list_saves()
    assert not stale.exists()
    assert fresh.exists() and other.exists() and odd_dir.is_dir()
    # writing cleans too
    stale.write_bytes(b"again")
    _aged(stale, 120)
    saves.save_match(played(), "slot")
    assert not stale.exists() and fresh.exists()


def test_a_cut_off_save_leaves_a_temp_file_that_the_next_listing_removes(monkeypatch: pytest.MonkeyPatch) -> None:
    def killed(src, dst):
        raise KeyboardInterrupt  # the process dies between writing and renaming

    m = played()
    with monkeypatch.context() as patch:
        patch.setattr(paths.os, "replace", killed)
        patch.setattr(paths.Path, "unlink", lambda self, missing_ok=False: None)  # no clean-up on the way out
        with pytest.raises(KeyboardInterrupt):
            saves.autosave(m)
    [tmp] = [p for p in paths.saves_dir().iterdir()]
    assert tmp.name.endswith(".tmp") and tmp.name.startswith(".auto-")
    saves.list_saves()
    assert tmp.exists()  # young: it might be a save in progress
    _aged(tmp, 61)
    assert saves.list_saves() == [] and not tmp.exists()


# -- board pictures ---------------------------------------------------------------------------


def test_a_board_picture_round_trips() -> None:
    path = saves.autosave(played(), thumbnail=PNG_1X1)
    [entry] = saves.list_saves()
    assert entry.thumbnail == PNG_1X1
    assert base64.b64decode(json.loads(path.read_text())["thumbnail"]) == PNG_1X1


def _huge_png_header() -> bytes:
    data = bytearray(PNG_1X1)
    data[16:20] = (100_000).to_bytes(4, "big")  # claims 100000 pixels wide
    return bytes(data)


BAD_PICTURES = {
    "not base64": "this is ~~ not base64 !!",
    "not a png": base64.b64encode(b"GIF89a" + b"\x00" * 40).decode(),
    "giant png": base64.b64encode(_huge_png_header()).decode(),
    "too long": "A" * (saves.MAX_THUMB_CHARS + 4),
    "a number": 12345,
    "a list": [1, 2, 3],
    "null": None,
    "short": base64.b64encode(PNG_1X1[:10]).decode(),
}


@pytest.mark.parametrize("kind", sorted(BAD_PICTURES))
def test_a_damaged_picture_is_dropped_and_the_save_still_works(kind: str) -> None:
    m = played()
    path = saves.save_match(m, "pic", name="Pic")
    data = json.loads(path.read_text())
    data["thumbnail"] = BAD_PICTURES[kind]
    path.write_text(json.dumps(data))
    [entry] = saves.list_saves()
    assert entry.ok and entry.thumbnail is None and entry.name == "Pic"
    assert saves.load_match(path).log == m.log


def test_odd_names_and_identities_in_a_file_do_not_make_it_unreadable() -> None:
    m = played()
    path = saves.save_match(m, "odd")
    data = json.loads(path.read_text())
    data.update(name={"not": "text"}, match_id="../../escape")
    path.write_text(json.dumps(data))
    [entry] = saves.list_saves()
    assert entry.ok and entry.name == "" and entry.match_id == ""
    back = saves.load_match(path)
    assert re.fullmatch(r"[0-9a-f]{12}", back.match_id)  # a fresh, safe identity instead
    assert saves.autosave(back).parent == paths.saves_dir()


def test_a_picture_too_large_to_keep_is_left_out_and_the_game_is_saved() -> None:
    big = _huge_png_header()
    path = saves.save_match(played(), "big", thumbnail=big)
    assert json.loads(path.read_text())["thumbnail"] == ""
    assert saves.list_saves()[0].ok


# -- listing from memory ----------------------------------------------------------------------


def test_a_settled_file_is_listed_from_memory_and_a_changed_one_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    m = played()
    path = _aged(saves.autosave(m), 30)
    reads: list[Path] = []
    real_read = saves._read
    monkeypatch.setattr(save_list, "_read", lambda p: (reads.append(p), real_read(p))[1])
    first = saves.list_saves()
    assert saves.list_saves() == first and reads == [path]  # the second listing read nothing
    # the game goes on: the file changes and is read again, even if it is rewritten at once
    m.submit(Pass(m.to_act()[0]))
    saves.autosave(m)
    reads.clear()
    assert saves.list_saves()[0].turn_label == m.turn_label() and reads == [path]
    # a file that is gone is gone from the list
    saves.delete_save(path)
    assert saves.list_saves() == [] and path not in save_list._LISTED


def test_a_temp_file_left_before_this_run_started_is_removed_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Courier killed mid-save and started again at once: its leftover is young, but older than
    this run, so none of this run's saves can be writing it."""
    from courier.saves import folder as save_folder

    folder = paths.saves_dir()
    left = folder / ".auto-parcel-race-abcd1234.json.x7_k2m9q.tmp"
    left.write_bytes(b'{"half": ')
    _aged(left, 5)
    real = folder / "evening.json"
    real.write_bytes(b"{}")
    _aged(real, 5)
    monkeypatch.setattr(save_folder, "PROCESS_STARTED", time.time() - 1, raising=False)
    saves.list_saves()
    assert not left.exists() and real.exists()
    # a temp file made since this run started is left until it is STALE_TEMP_SECONDS old
    ours = folder / ".evening.json.abcd1234.tmp"
    ours.write_bytes(b"being written")
    saves.list_saves()
    assert ours.exists() and real.read_bytes() == b"{}"
