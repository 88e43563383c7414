"""Save files: round trip, unreadable files kept untouched, atomic writes, the upgrade chain."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from courier import paths, saves
from courier.saves import format as save_format
from courier.match import Match, SeatSpec
from courier.saves import FORMAT_VERSION, UPGRADES, SaveError

from fakegame import GAME, GAME_ID, Pass, Play, Roll

SEATS = [SeatSpec("Ann", (200, 40, 40)), SeatSpec("Robo", (40, 200, 40), kind="ai", level="easy")]


def played(seed: int = 9) -> Match:
    m = Match.new(GAME_ID, SEATS, seed=seed)
    m.submit(Play(0, sorted(m.state.hands[0])[0]))
    m.submit(Roll(0))
    m.submit(Pass(1))
    m.submit(Play(0, sorted(m.state.hands[0])[0]))
    return m


def state_of(m: Match) -> dict:
    return GAME.state_to_dict(m.state)


def test_save_then_load_gives_an_identical_match() -> None:
    m = played()
    path = saves.save_match(m, "slot1")
    assert path.parent == paths.saves_dir() and path.name == "slot1.json"
    back = saves.load_match(path)
    assert back.state == m.state and state_of(back) == state_of(m)
    assert back.state.rng == m.state.rng
    assert back.log == m.log and back.seed == m.seed
    assert back.seats == m.seats and back.config == m.config
    assert back.replay_ok
    assert [e.text for e in back.events] == [e.text for e in m.events]
    # undo works on the loaded match exactly as on the original
    assert back.can_undo() == m.can_undo()
    m.undo(), back.undo()
    assert state_of(back) == state_of(m)


def test_save_file_carries_the_promised_fields() -> None:
    m = played()
    data = json.loads(saves.save_match(m, "fields").read_text())
    assert data["format_version"] == FORMAT_VERSION
    assert data["game_id"] == GAME_ID and data["game_version"] == GAME.version
    assert data["seed"] == 9 and data["log"] == m.log
    assert data["config"]["rounds"] == 3
    assert data["state"]["rng"] == str(m.state.rng.state)
    assert data["seats"][1] == {"name": "Robo", "colour": [40, 200, 40], "kind": "ai", "level": "easy"}
    assert data["turn_label"] == GAME.turn_label(m.state) and data["saved_at"]


def test_list_and_latest_and_delete() -> None:
    assert saves.list_saves() == [] and saves.latest_save() is None
    a = saves.save_match(played(1), "first")
    second = played(2)
    b = saves.autosave(second)
    assert b.name == f"auto-test-dice-cards-{second.match_id}.json"
    entries = saves.list_saves()
    assert [e.slot for e in entries] == [b.stem, "first"]  # newest first
    assert entries[0].is_autosave and entries[0].title.startswith("Autosave – Ann, Robo – ") and entries[0].match_id == second.match_id
    e = entries[1]
    assert e.ok and e.error is None and e.game_id == GAME_ID and e.game_title == "Dice and Cards"
    assert e.players == ["Ann", "Robo"] and e.turn_label and e.saved_at is not None and e.saved_at_text
    assert not e.finished
    assert saves.latest_save().path == b
    saves.delete_save(b)
    assert not b.exists() and saves.latest_save().path == a


def test_continue_skips_finished_games() -> None:
    unfinished = saves.save_match(played(1), "going")
    done = played(2)
    while not done.is_over():
        seat = done.game.to_act(done.state)[0]
        done.submit(done.game.legal_actions(done.state, seat)[0])
    saves.save_match(done, "over")
    assert [e.slot for e in saves.list_saves()] == ["over", "going"]  # Load still lists both
    assert saves.list_saves()[0].finished
    assert saves.latest_save().path == unfinished
    saves.delete_save(unfinished)
    assert saves.latest_save() is None


def test_delete_refuses_files_outside_the_saves_folder(tmp_path: Path) -> None:
    outside = tmp_path / "keep.json"
    outside.write_text("{}")
    with pytest.raises(SaveError):
        saves.delete_save(outside)
    assert outside.exists()


def test_bad_slot_names_are_refused() -> None:
    for bad in ("", "../evil", "a/b", ".hidden"):
        with pytest.raises(SaveError):
            saves.save_match(played(), bad)


def _good_bytes() -> bytes:
    return saves.save_match(played(), "template").read_bytes()


def _newer_format() -> bytes:
    data = json.loads(_good_bytes())
    data["format_version"] = FORMAT_VERSION + 1
    return json.dumps(data).encode()


def _newer_game() -> bytes:
    data = json.loads(_good_bytes())
    data["game_version"] = GAME.version + 1
    return json.dumps(data).encode()


def _unknown_game() -> bytes:
    data = json.loads(_good_bytes())
    data["game_id"] = "chess-with-vans"
    return json.dumps(data).encode()


def _bad_state() -> bytes:
    data = json.loads(_good_bytes())
    data["state"]["hands"] = "not a list"
    return json.dumps(data).encode()


BAD_FILES = {
    "corrupt": (lambda: b"\x00\xff\xfe garbage \x89PNG", "not a Courier save"),
    "truncated": (lambda: _good_bytes()[:120], "cut short"),
    "empty": (lambda: b"", "empty"),
    "foreign-json": (lambda: json.dumps({"name": "my shopping list", "items": [1, 2]}).encode(), "not a Courier save"),
    "foreign-list": (lambda: b"[1, 2, 3]", "not a Courier save"),
    "newer-format": (_newer_format, "newer version of Courier"),
    "newer-game": (_newer_game, "made by a newer version of Courier"),
    "unknown-game": (_unknown_game, "does not have"),
    "bad-state": (_bad_state, "could not be read"),
    "odd-old-format": (lambda: json.dumps({"game": "x", "seed": 1, "actions": [], "players": [7], "state": {}}).encode(), "brought up to date"),
    "wrong-types": (lambda: json.dumps({**json.loads(_good_bytes()), "seats": "everyone"}).encode(), "damaged"),
    "missing-field": (lambda: json.dumps({k: v for k, v in json.loads(_good_bytes()).items() if k != "seed"}).encode(), "damaged"),
}


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_unreadable_files_are_listed_with_a_message_and_never_touched(kind: str) -> None:
    make, words = BAD_FILES[kind]
    content = make()
    saves.delete_save(paths.saves_dir() / "template.json")
    path = paths.saves_dir() / f"{kind}.json"
    path.write_bytes(content)
    stat = path.stat()

    entries = saves.list_saves()
    assert len(entries) == 1
    entry = entries[0]
    assert not entry.ok and entry.slot == kind
    assert words.lower() in entry.error.lower()
    assert saves.latest_save() is None
    with pytest.raises(SaveError) as err:
        saves.load_match(path)
    assert words.lower() in str(err.value).lower()
    # saving into its slot is refused; the autosave goes elsewhere
    with pytest.raises(SaveError):
        saves.save_match(played(), kind)
    if kind == "corrupt":
        m = played()
        auto = saves.slot_path(saves.autosave_slot(m))
        auto.write_bytes(content)
        assert saves.autosave(m).name == f"{auto.stem}-2.json"
        assert auto.read_bytes() == content
    assert path.read_bytes() == content
    assert path.stat().st_mtime_ns == stat.st_mtime_ns


@pytest.mark.parametrize("failing", ["replace", "write", "fsync"])
def test_failed_write_leaves_the_old_save_intact(monkeypatch: pytest.MonkeyPatch, failing: str) -> None:
    m = played()
    path = saves.save_match(m, "slot")
    old = path.read_bytes()
    m.submit(Pass(0))

    def disk_full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patch:
        if failing == "replace":
            patch.setattr(os, "replace", disk_full)
        elif failing == "fsync":
            patch.setattr(os, "fsync", disk_full)
        else:
            patch.setattr(os, "fdopen", lambda fd, mode: _FullFile(fd))
        with pytest.raises(SaveError) as err:
            saves.save_match(m, "slot")
    assert "disk is full" in str(err.value)
    assert path.read_bytes() == old
    assert [p.name for p in paths.saves_dir().iterdir()] == ["slot.json"]  # no temp file left behind
    assert saves.load_match(path).log == m.log[:-1]


class _FullFile:
    """A file whose writes fail as on a full disk."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        os.close(self.fd)
        return False

    def write(self, data: bytes) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def _format0(m: Match) -> dict:
    """How the same match was written before save files carried a version."""
    return {
        "game": GAME_ID,
        "options": {"rounds": 3},
        "players": [{"name": "Ann", "colour": [200, 40, 40], "ai": None}, {"name": "Robo", "colour": [40, 200, 40], "ai": "easy"}],
        "seed": m.seed,
        "actions": list(m.log),
        "state": GAME.state_to_dict(m.state),
        "time": 1_700_000_000.0,
    }


def test_upgrade_chain_reads_format_0() -> None:
    m = played()
    old = json.dumps(_format0(m)).encode()
    path = paths.saves_dir() / "old.json"
    path.write_bytes(old)
    back = saves.load_match(path)
    assert back.state == m.state and back.log == m.log and back.seats == m.seats and back.config.rounds == 3
    [entry] = saves.list_saves()
    assert entry.ok and entry.saved_at.year == 2023 and entry.players == ["Ann", "Robo"]
    assert path.read_bytes() == old  # loading never rewrites
    upgraded = UPGRADES[0](_format0(m))
    assert upgraded["format_version"] == 1
    assert saves.SaveFile.model_validate(upgraded).game_id == GAME_ID


def test_upgrade_chain_applies_every_step_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    m = played()

    def step(n):
        def run(data):
            calls.append(n)
            data = dict(data)
            data["format_version"] = n + 1
            return data

        return run

    monkeypatch.setattr(save_format, "FORMAT_VERSION", 3)
    monkeypatch.setattr(save_format, "UPGRADES", {0: lambda d: (calls.append(0), UPGRADES[0](d))[1], 1: step(1), 2: step(2)})
    monkeypatch.setattr(saves.SaveFile.model_fields["format_version"], "default", 3)
    data = saves._upgrade(_format0(m))
    assert calls == [0, 1, 2] and data["format_version"] == 3


def test_damaged_old_format_gives_a_message() -> None:
    data = _format0(played())
    del data["players"][0]["colour"]
    path = paths.saves_dir() / "old.json"
    path.write_text(json.dumps(data))
    [entry] = saves.list_saves()
    assert not entry.ok and "brought up to date" in entry.error


def test_a_state_that_differs_from_its_log_is_refused_and_kept() -> None:
    """The log is the proof of the position: an edited or damaged state is refused, not trusted."""
    m = played()
    path = saves.save_match(m, "edited")
    data = json.loads(path.read_text())
    data["state"]["scores"] = [50, 60]  # edited by hand: no longer what the log gives
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(SaveError) as err:
        saves.load_match(path)
    assert str(err.value) == "This save is damaged: its game position does not match its list of moves."
    assert path.read_bytes() == before


def test_a_log_with_a_refused_move_names_the_move() -> None:
    m = played()
    path = saves.save_match(m, "edited")
    data = json.loads(path.read_text())
    data["log"][2] = "play 99"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as err:
        saves.load_match(path)
    assert str(err.value) == 'This save is damaged: move 3 ("play 99") is not allowed by the rules.'


def test_a_state_that_cannot_be_written_gives_a_save_error(monkeypatch: pytest.MonkeyPatch) -> None:
    m = played()
    path = saves.save_match(m, "slot")
    old = path.read_bytes()

    def broken(state):
        raise TypeError("cannot save a value of type Surface")

    monkeypatch.setattr(m.game, "state_to_dict", broken)
    with pytest.raises(SaveError) as err:
        saves.save_match(m, "slot")
    assert "could not be saved" in str(err.value)
    assert path.read_bytes() == old


def test_no_permission_gives_a_readable_message(monkeypatch: pytest.MonkeyPatch) -> None:
    m = played()

    def refused(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    with monkeypatch.context() as patch:
        patch.setattr(paths, "write_atomic", refused)
        with pytest.raises(SaveError) as err:
            saves.autosave(m)
    assert "no permission" in str(err.value)
    assert saves.list_saves() == []


def test_unknown_extra_keys_are_ignored() -> None:
    m = played()
    path = saves.save_match(m, "extra")
    data = json.loads(path.read_text())
    data["thumbnail"] = "not known to this version"
    path.write_text(json.dumps(data))
    assert saves.load_match(path).state == m.state


def test_a_broken_game_module_is_a_message_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    path = saves.save_match(played(), "slot")
    from courier.rules import registry

    def broken_get(game_id):
        raise NameError("name 'x' is not defined")

    monkeypatch.setattr(registry, "get", broken_get)
    [entry] = saves.list_saves()
    assert not entry.ok and "could not be loaded" in entry.error
    with pytest.raises(SaveError):
        saves.load_match(path)


def test_settings_this_version_never_offers_are_refused() -> None:
    """The set-up screen saves only the default tuning, so another value in a save is damage."""
    path = saves.save_match(played(), "tuned")
    data = json.loads(path.read_text())
    data["config"]["hand_size"] = 0
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as err:
        saves.load_match(path)
    assert str(err.value) == "This save uses settings for Dice and Cards that this version of Courier does not offer."


def test_an_older_game_version_may_carry_other_tuning_of_the_same_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    m = Match.new(GAME_ID, SEATS, seed=4, rounds=4)
    path = saves.save_match(m, "older")
    with pytest.raises(SaveError):
        saves.load_match(path)  # this version never offers 4 rounds
    monkeypatch.setattr(type(GAME), "version", GAME.version + 1)
    assert saves.load_match(path).config.rounds == 4  # an older version's default, still a number
    data = json.loads(path.read_text())
    data["config"]["rounds"] = -4
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError):
        saves.load_match(path)


def test_a_finished_game_is_marked_in_the_list() -> None:
    m = played()
    while not m.is_over():
        m.submit(Pass(m.to_act()[0]))
    saves.save_match(m, "done")
    [entry] = saves.list_saves()
    assert entry.ok and entry.finished
