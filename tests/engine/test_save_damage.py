"""Saves that still read well but whose moves or position were damaged on disk.

Listing a save only reads it; loading also replays its moves and proves them against its
position. The promises: once the background check has read such a file, every list marks it
damaged (with what it showed kept, to tell which save it was), and no save, autosave or named,
is ever written over it. A property test flips bits in the values of real saves' JSON (the
corpus of the outside test pass was mostly single bit flips): whatever does not load is marked
damaged after the check, and is never overwritten.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from courier import paths, saves
from courier.saves import verdicts as save_verdicts
from courier.match import Match, SeatSpec
from courier.saves import SaveError

from fakegame import GAME_ID, Pass, Play, Roll

from courier.dev import save_damage as sd

SEATS = [SeatSpec("Ann", (200, 40, 40)), SeatSpec("Robo", (40, 200, 40), kind="ai", level="easy")]


def played(seed: int = 9) -> Match:
    m = Match.new(GAME_ID, SEATS, seed=seed)
    for step in (lambda: Play(0, sorted(m.state.hands[0])[0]), lambda: Roll(0), lambda: Pass(1),
                 lambda: Play(0, sorted(m.state.hands[0])[0])):
        m.submit(step())
    return m


def settled(path: Path) -> Path:
    t = time.time() - 60
    os.utime(path, (t, t))
    return path


def damage_position(path: Path) -> bytes:
    """One number of the saved position changed, as a flipped bit would: the JSON still reads."""
    data = json.loads(path.read_text())
    data["state"]["scores"][0] ^= 4
    path.write_text(json.dumps(data))
    settled(path)
    return path.read_bytes()


def check_all() -> None:
    """What the Load screen does after listing: the whole check of every listed save."""
    check = save_verdicts.BackgroundCheck([e.path for e in saves.list_saves()])
    assert check.wait(60)


def test_a_save_with_a_damaged_position_is_marked_once_the_check_has_read_it() -> None:
    m = played()
    path = saves.save_match(m, saves.free_slot("Evening"), name="Evening")
    damage_position(path)
    [entry] = saves.list_saves()
    assert entry.ok  # reading alone cannot tell
    check_all()
    [entry] = saves.list_saves()
    assert not entry.ok and entry.damaged
    assert entry.error == "This save is damaged: its game position does not match its list of moves."
    assert entry.name == "Evening" and entry.players == ["Ann", "Robo"]  # which save it is, still shown
    assert saves.latest_save() is None  # Continue does not offer it either


def test_a_damaged_move_in_the_log_is_marked_with_the_move() -> None:
    path = saves.autosave(played())
    data = json.loads(path.read_text())
    data["log"][1] = "rolm"
    path.write_text(json.dumps(data))
    settled(path)
    check_all()
    [entry] = saves.list_saves()
    assert entry.damaged and 'move 2 ("rolm")' in entry.error


def test_a_named_save_never_replaces_a_damaged_file_even_when_asked() -> None:
    m = played()
    path = saves.save_match(m, "evening", name="Evening")
    content = damage_position(path)
    for replace in (True, False):  # not even before any listing or check has run
        with pytest.raises(SaveError, match="cannot be loaded"):
            saves.save_match(m, "evening", name="Evening", replace=replace)
    assert path.read_bytes() == content
    assert saves.free_slot("Evening") == "evening-2"


def test_an_autosave_never_replaces_its_own_file_once_that_is_damaged() -> None:
    m = played()
    path = saves.autosave(m)
    content = damage_position(path)
    saves._WRITTEN.clear()  # as after a restart: this run did not write the file
    m.submit(Pass(m.to_act()[0]))
    second = saves.autosave(m)
    assert second != path and second.name.endswith("-2.json")
    assert path.read_bytes() == content
    assert saves.load_match(second).log == m.log


def test_a_save_opened_and_proven_is_not_checked_again() -> None:
    m = played()
    path = settled(saves.autosave(m))
    saves._WRITTEN.clear()
    opened = saves.open_match(path)
    assert opened.settle_check(timeout=30)
    assert save_verdicts.known(path) == (True, None)


def test_the_verdict_follows_the_file() -> None:
    m = played()
    path = saves.save_match(m, "evening", name="Evening")
    damage_position(path)
    check_all()
    assert saves.list_saves()[0].damaged
    path.unlink()
    saves.save_match(m, "evening", name="Evening")  # a good file in its place (after deleting)
    assert saves.list_saves()[0].ok


# -- the property: bit flips in the values of real saves ----------------------------------------

def _leaves(data: Any, where: tuple = ()) -> list[tuple[tuple, Any]]:
    if isinstance(data, dict):
        return [x for k, v in data.items() for x in _leaves(v, (*where, k))]
    if isinstance(data, list):
        return [x for i, v in enumerate(data) for x in _leaves(v, (*where, i))]
    return [(where, data)]


def _flip(value: Any, bit: int) -> Any:
    """``value`` with one bit flipped, as a flipped bit in the file would leave it."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value ^ (1 << (bit % 16))
    if isinstance(value, float):
        return value + (1 << (bit % 8))
    if isinstance(value, str) and value:
        i = bit % len(value)
        ch = chr(ord(value[i]) ^ (1 << (bit // 7 % 7)))
        if 0xD800 <= ord(ch) <= 0xDFFF:
            ch = "?"
        return value[:i] + ch + value[i + 1:]
    return value


def _set(data: Any, where: tuple, value: Any) -> None:
    for k in where[:-1]:
        data = data[k]
    data[where[-1]] = value


@pytest.fixture(scope="module")
def real_saves() -> list[dict]:
    """Real saves of two games, part-way through: their moves and positions."""
    bases = sd.build_corpus(games=["next-day", "doorstep-dash"], points=(0.5,))
    return [bases[0].data, bases[-1].data]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                    HealthCheck.too_slow])
@given(data=st.data())
def test_every_flip_that_does_not_load_is_marked_damaged_and_never_overwritten(real_saves, data) -> None:
    base = data.draw(st.sampled_from(real_saves), label="save")
    content = json.loads(json.dumps(base))
    leaves = [(w, v) for w, v in _leaves({"log": content["log"], "state": content["state"]}) if w]
    where, value = data.draw(st.sampled_from(leaves), label="value")
    _set(content, where, _flip(value, data.draw(st.integers(0, 63), label="bit")))
    for old in paths.saves_dir().iterdir():
        old.unlink()
    saves._WRITTEN.clear()
    # the same damaged file twice: in a named save's slot and in the autosave slot of its game
    m = played()
    m.match_id = content["match_id"]
    named, auto = paths.saves_dir() / "flipped.json", saves.slot_path(saves.autosave_slot(m))
    for path in (named, auto):
        path.write_text(json.dumps(content))
        settled(path)
    raw = named.read_bytes()
    try:
        saves.load_match(named)
        loads = True
    except SaveError:
        loads = False
    check_all()
    entries = saves.list_saves()
    assert [e.ok for e in entries] == [loads, loads], entries[0].error
    if not loads:
        assert all(e.damaged or e.error for e in entries)
        with pytest.raises(SaveError):
            saves.save_match(m, "flipped", replace=True)
        assert saves.autosave(m) != auto
        assert named.read_bytes() == raw and auto.read_bytes() == raw
