"""Settings: kept between runs, validated, and an unreadable file is moved aside, never lost."""

from __future__ import annotations

import errno
import json
import os

import pytest
from pydantic import ValidationError

from courier import paths
from courier.settings import Settings, load_settings, save_settings, settings_path


def test_defaults_when_there_is_no_file() -> None:
    s, message = load_settings()
    assert message is None
    assert (s.window_width, s.window_height, s.fullscreen) == (1280, 720, False)
    assert (s.volume, s.anim_speed, s.reduced_motion) == (0.8, 1.0, False)


def test_round_trip() -> None:
    s = Settings(window_width=1600, window_height=900, fullscreen=True, volume=0.25, anim_speed=2.0, reduced_motion=True)
    save_settings(s)
    assert settings_path().parent == paths.config_dir()
    back, message = load_settings()
    assert message is None and back == s


@pytest.mark.parametrize(
    "field, value",
    [("window_width", 10), ("window_height", 100000), ("volume", 1.5), ("volume", -0.1), ("anim_speed", 0), ("anim_speed", 9)],
)
def test_values_out_of_range_are_refused(field: str, value: float) -> None:
    with pytest.raises(ValidationError):
        Settings(**{field: value})
    s = Settings()
    with pytest.raises(ValidationError):
        setattr(s, field, value)


def test_unknown_keys_from_a_newer_version_are_ignored() -> None:
    settings_path().write_text(json.dumps({"volume": 0.5, "colour_theme": "dark"}))
    s, message = load_settings()
    assert message is None and s.volume == 0.5


@pytest.mark.parametrize(
    "content",
    [b"{not json", b"\xff\xfe\x00", json.dumps({"volume": 7}).encode(), b"[]", b""],
    ids=["broken", "binary", "out-of-range", "wrong-shape", "empty"],
)
def test_unreadable_file_is_kept_aside_and_defaults_used(content: bytes) -> None:
    path = settings_path()
    path.write_bytes(content)
    s, message = load_settings()
    assert s == Settings()
    assert message and "unreadable" in message and "defaults" in message
    kept = [p for p in paths.config_dir().iterdir() if p.name.startswith("settings.json.unreadable-")]
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert kept[0].name in message
    # saving new settings writes a fresh file and leaves the kept one alone
    save_settings(Settings(volume=0.3))
    assert load_settings() == (Settings(volume=0.3), None)
    assert kept[0].read_bytes() == content


def test_two_bad_files_in_a_row_are_both_kept() -> None:
    path = settings_path()
    path.write_bytes(b"first bad")
    load_settings()
    path.write_bytes(b"second bad")
    load_settings()
    kept = sorted(p.read_bytes() for p in paths.config_dir().iterdir() if ".unreadable-" in p.name)
    assert kept == [b"first bad", b"second bad"]


def test_save_moves_a_bad_file_aside_before_writing() -> None:
    path = settings_path()
    path.write_bytes(b"garbage")
    save_settings(Settings(volume=0.1))
    kept = [p for p in paths.config_dir().iterdir() if ".unreadable-" in p.name]
    assert [p.read_bytes() for p in kept] == [b"garbage"]
    assert load_settings()[0].volume == 0.1


def test_failed_save_leaves_the_old_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    save_settings(Settings(volume=0.4))
    old = settings_path().read_bytes()

    def disk_full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", disk_full)
        with pytest.raises(OSError):
            save_settings(Settings(volume=0.9))
    assert settings_path().read_bytes() == old
    assert [p.name for p in paths.config_dir().iterdir()] == ["settings.json"]


HOSTILE = {
    "deep-list": b"[" * 100_000 + b"]" * 100_000,
    "deep-object": b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
    "deep-value": b'{"volume": ' + b"[" * 5000 + b"]" * 5000 + b"}",
    "wrong-types": json.dumps({"window_width": "wide", "fullscreen": [1], "volume": {"x": 1}}).encode(),
    "bool-for-int": json.dumps({"window_width": True}).encode(),
    "nan": b'{"volume": NaN}',
    "infinity": b'{"anim_speed": Infinity, "window_width": 1e999}',
    "huge-int": b'{"window_width": ' + b"9" * 5000 + b"}",
    "string": b'"settings"',
    "null": b"null",
    "nul-bytes": b'{"volume": 0.5}\x00\x00',
    "utf16": '{"volume": 0.5}'.encode("utf-16"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_any_hostile_file_gives_defaults_and_is_kept(name: str) -> None:
    content = HOSTILE[name]
    settings_path().write_bytes(content)
    s, message = load_settings()
    assert s == Settings()
    assert message and "defaults" in message and len(message) < 300
    kept = [p for p in paths.config_dir().iterdir() if ".unreadable-" in p.name]
    assert [p.read_bytes() for p in kept] == [content]
    assert load_settings() == (Settings(), None)  # told once: the next start is quiet


def test_a_huge_file_is_not_read_but_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    import courier.settings as settings_module

    monkeypatch.setattr(settings_module, "MAX_BYTES", 100)
    content = json.dumps({"volume": 0.5, "pad": "x" * 200}).encode()
    settings_path().write_bytes(content)
    s, message = load_settings()
    assert s == Settings() and "too large" in message
    kept = [p for p in paths.config_dir().iterdir() if ".unreadable-" in p.name]
    assert [p.read_bytes() for p in kept] == [content]


def test_a_folder_where_the_file_should_be_is_moved_aside() -> None:
    settings_path().mkdir()
    (settings_path() / "inside.txt").write_text("keep me")
    s, message = load_settings()
    assert s == Settings() and "unreadable" in message
    [kept] = [p for p in paths.config_dir().iterdir() if ".unreadable-" in p.name]
    assert (kept / "inside.txt").read_text() == "keep me"
    save_settings(Settings(volume=0.2))
    assert load_settings() == (Settings(volume=0.2), None)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_where_the_file_should_be_never_blocks() -> None:
    os.mkfifo(settings_path())
    s, message = load_settings()
    assert s == Settings() and "unreadable" in message


def test_a_bad_file_that_cannot_be_moved_aside_is_never_overwritten(monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path

    settings_path().write_bytes(b"garbage")

    def refused(self, target):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(Path, "rename", refused)
    s, message = load_settings()
    assert s == Settings() and "unreadable" in message and "kept as" not in message
    with pytest.raises(OSError):
        save_settings(Settings(volume=0.3))
    assert settings_path().read_bytes() == b"garbage"


from hypothesis import HealthCheck, given, settings as hsettings, strategies as st  # noqa: E402


@hsettings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=200) | st.recursive(st.none() | st.booleans() | st.floats() | st.integers() | st.text(max_size=8),
                                               lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                                                   st.sampled_from(["volume", "window_width", "fullscreen", "x"]), inner, max_size=4),
                                               max_leaves=12).map(lambda v: json.dumps(v).encode()))
def test_any_bytes_start_the_game(content: bytes) -> None:
    path = settings_path()
    for p in paths.config_dir().iterdir():
        p.unlink()
    path.write_bytes(content)
    s, message = load_settings()
    assert isinstance(s, Settings)
    if message is None:
        assert path.read_bytes() == content  # a good file is used as it is
    else:
        kept = [p for p in paths.config_dir().iterdir() if ".unreadable-" in p.name]
        assert [p.read_bytes() for p in kept] == [content] and not path.exists()
