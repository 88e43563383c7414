"""Where a guided game was left: kept whole, resumed by replaying its moves, and a file that no
longer fits is moved aside (never overwritten) with a plain message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from courier.tutorial import progress, walk
from courier.tutorial.script import parse
from courier.tutorial.walk import Walker

SCRIPT = Path(__file__).resolve().parent / "scripts" / "doorstep-dash.toml"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "home"))


def _script(extra: str = ""):
    return parse("doorstep-dash", SCRIPT.read_text(encoding="utf-8") + extra)


def _walked(script, steps: int) -> Walker:
    w = Walker(script)
    for _ in walk(script, walker=w, stop_after=steps):
        pass
    return w


def test_nothing_kept_starts_at_the_first_step():
    w, msg = progress.resume(_script())
    assert (w.index, w.within, w.match.log, msg) == (0, 0, [], None)
    assert progress.place(_script()) is None and not progress.is_done("doorstep-dash")


def test_a_kept_place_resumes_at_the_same_step_with_the_same_moves():
    script = _script()
    w = _walked(script, 4)
    assert w.match.log
    assert progress.save(w) is None
    back, msg = progress.resume(script)
    assert msg is None
    assert (back.index, back.within) == (w.index, w.within)
    assert back.match.log == w.match.log and back.match.state == w.match.state
    assert progress.place(script) == w.index


def test_the_file_is_written_whole_and_only_there():
    script = _script()
    progress.save(_walked(script, 2))
    folder = progress.folder()
    assert sorted(p.name for p in folder.iterdir()) == ["doorstep-dash.json"]
    data = json.loads(progress.path_for("doorstep-dash").read_text())
    assert set(data) == {"digest", "step", "within", "log", "done"} and data["digest"] == script.digest


@pytest.mark.parametrize("raw", [b"{not json", b"[1, 2]", b'{"step": "three"}', b'{"step": 1, "log": [5]}',
                                 b"\xff\xfe", b'{"step": -1}'])
def test_a_damaged_file_is_moved_aside_with_a_message(raw):
    path = progress.path_for("doorstep-dash")
    path.write_bytes(raw)
    w, msg = progress.resume(_script())
    assert msg == progress.STARTS_AGAIN
    assert w.index == 0 and w.match.log == []
    assert not path.exists()
    assert progress.aside_path("doorstep-dash").read_bytes() == raw  # kept as it was


def test_a_place_in_another_version_of_the_script_starts_again():
    old = _script()
    progress.save(_walked(old, 4))
    kept = progress.path_for("doorstep-dash").read_bytes()
    w, msg = progress.resume(_script("\n# a changed file\n"))
    assert msg == progress.CHANGED and w.index == 0
    assert progress.aside_path("doorstep-dash").read_bytes() == kept


def test_a_move_the_rules_refuse_starts_again():
    script = _script()
    progress.save(_walked(script, 4))
    path = progress.path_for("doorstep-dash")
    data = json.loads(path.read_text())
    data["log"][0] = "fly to the moon"
    path.write_text(json.dumps(data))
    w, msg = progress.resume(script)
    assert msg == progress.CHANGED and w.match.log == []
    assert json.loads(progress.aside_path("doorstep-dash").read_text())["log"][0] == "fly to the moon"


def test_finishing_clears_the_place_and_counts_as_done():
    script = _script()
    progress.save(_walked(script, 3))
    progress.finish(script)
    assert progress.is_done("doorstep-dash") and progress.place(script) is None
    w, msg = progress.resume(script)
    assert (w.index, msg) == (0, None)
    progress.save(_walked(script, 2))  # played again: still done, with a place kept
    assert progress.is_done("doorstep-dash") and progress.place(script) is not None
    progress.start_over("doorstep-dash")
    assert progress.is_done("doorstep-dash") and progress.place(script) is None
