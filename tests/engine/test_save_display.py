"""What a save puts on screen: text helpers that cope with any string, and a Load screen that one
bad file cannot break or freeze."""

from __future__ import annotations

import json

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from courier import paths, saves
from courier.match import Match, SeatSpec
from courier.settings import Settings, settings_path
from courier.ui import draw

from courier.dev import fuzz_saves as fz
from courier.dev import save_damage as sd


class CountingFont:
    """A font that counts how often text is measured (the cost of fitting text)."""

    def __init__(self, size: int = 16) -> None:
        pygame.font.init()
        self.real = draw.font(size)
        self.calls = 0
        self.measured = 0

    def size(self, text: str) -> tuple[int, int]:
        self.calls += 1
        self.measured += len(text)
        return self.real.size(text)


@pytest.mark.parametrize("length", [10, 1_000, 100_000, 1_000_000])
def test_ellipsize_measures_a_few_times_whatever_the_length(length: int) -> None:
    fnt = CountingFont()
    text = "Wide name " * (length // 10)
    out = draw.ellipsize(text, fnt, 300)
    assert fnt.real.size(out)[0] <= 300
    if fnt.real.size(text)[0] <= 300:
        assert out == text
    else:
        assert out.endswith("…") and text.startswith(out[:-1].rstrip())
        assert len(out) > 20  # it fills the room, not just one letter
    assert fnt.calls <= 14 and fnt.measured <= 14 * 320


def test_ellipsize_keeps_text_that_fits() -> None:
    fnt = CountingFont()
    assert draw.ellipsize("Ann", fnt, 300) == "Ann" and fnt.calls == 1


def test_wrap_cuts_a_huge_word_in_few_measurements(monkeypatch: pytest.MonkeyPatch) -> None:
    fnt = CountingFont(13)
    monkeypatch.setattr(draw, "font", lambda size, bold=False, serif=False: fnt)
    lines = draw.wrap("x" * 1_000_000, 200, 13)
    assert all(fnt.real.size(line)[0] <= 200 for line in lines)
    assert "".join(lines).rstrip("…").strip("x") == ""
    assert fnt.calls < 30 * len(lines) + 50


@pytest.mark.parametrize("text", ["Ann\x00Bob", "\ud800 odd", "tab\there", "\x1b[2Jclear", "\u202eevil", "", "L" * 100_000])
def test_any_text_can_be_drawn(text: str) -> None:
    pygame.font.init()
    surface = pygame.Surface((400, 100))
    draw.text(surface, text, (0, 0), 16)
    draw.text(surface, text, (0, 0), 16, max_width=200)
    draw.text_block(surface, text, pygame.Rect(0, 0, 200, 100), 13)
    assert draw.render_text(text, 16).get_width() <= 1000 * 40


def _save_with(edit) -> bytes:
    m = Match.new("next-day", [SeatSpec(n, c) for n, c in zip(sd.NAMES, sd.COLOURS)][:3], seed=3)
    data = json.loads(saves.to_save_file(m).model_dump_json())
    edit(data)
    return json.dumps(data).encode()


HOSTILE_FILES = {
    "nul-name": lambda: _save_with(lambda d: d["seats"][0].update(name="Ann\x00")),
    "huge-name": lambda: _save_with(lambda d: d["seats"][1].update(name="N" * 100_000)),
    "huge-label": lambda: _save_with(lambda d: d.update(turn_label="L" * 1_000_000)),
    "nul-label": lambda: _save_with(lambda d: d.update(turn_label="Round\x00 1")),
    "far-future": lambda: _save_with(lambda d: d.update(saved_at="9999-12-31T23:59:59+00:00")),
    "deep": lambda: b"[" * 100_000 + b"]" * 100_000,
    "binary": lambda: bytes(range(256)) * 10,
    "unknown-game": lambda: _save_with(lambda d: d.update(game_id="x\x00" * 50_000)),
}


def test_the_load_screen_lists_and_draws_any_folder() -> None:
    from courier.app import App
    from courier.scenes.load import LoadScene

    for name, make in HOSTILE_FILES.items():
        (paths.saves_dir() / f"{name}.json").write_bytes(make())
    before = {p.name: p.read_bytes() for p in paths.saves_dir().iterdir()}
    app = App(Settings(), size=(1280, 720), fullscreen=False, persist_settings=False)
    try:
        scene = app.stack.push(LoadScene(app))
        assert len(scene.entries) == len(HOSTILE_FILES)
        by_slot = {e.slot: e for e in scene.entries}
        assert by_slot["nul-name"].ok and by_slot["nul-name"].players[0] == "Ann"
        assert by_slot["huge-name"].ok and len(by_slot["huge-name"].players[1]) <= 32
        assert len(by_slot["huge-label"].turn_label) <= saves.LABEL_LIMIT
        assert not by_slot["deep"].ok and not by_slot["binary"].ok and not by_slot["unknown-game"].ok
        for e in scene.entries:
            assert e.error is None or fz.message_problem(e.error) is None
        for _ in range(3):
            app.stack.draw(app.screen)
            scene.scroll.offset += 200
            scene._build_rows()
        assert not by_slot["nul-name"].error
    finally:
        while app.stack.top is not None:
            app.stack.pop()
        pygame.display.quit()
    assert {p.name: p.read_bytes() for p in paths.saves_dir().iterdir()} == before


def test_the_game_starts_with_a_deeply_nested_settings_file() -> None:
    from courier.app import App

    settings_path().write_bytes(b"[" * 100_000 + b"]" * 100_000)
    app = App(size=(1280, 720), fullscreen=False, persist_settings=False)
    try:
        assert app.settings == Settings()
        assert app.settings_message and "defaults" in app.settings_message
    finally:
        pygame.display.quit()
    kept = [p for p in paths.config_dir().iterdir() if ".unreadable-" in p.name]
    assert len(kept) == 1


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=120), width=st.integers(20, 700))
def test_a_name_cut_in_the_middle_fits_and_keeps_both_ends(text: str, width: int) -> None:
    from courier.scenes.save_rows import middle_fit

    pygame.font.init()
    shown = middle_fit(text, 16, width, bold=True)
    whole = draw.drawable(text)
    if shown == whole:
        return
    assert draw.font(16, True).size(shown)[0] <= width or shown == "…"
    head, _, tail = shown.partition("…")
    assert whole.startswith(head) and whole.endswith(tail)


def test_two_names_that_differ_at_the_end_stay_different_when_cut() -> None:
    from courier.scenes.save_rows import middle_fit

    pygame.font.init()
    a, b = "Doorstep Dash – Alexandra, Bartholomew, Cyprian – Round 4", "Doorstep Dash – Alexandra, Bartholomew, Cyprian – Round 16"
    for width in (220, 300, 400):
        cut_a, cut_b = middle_fit(a, 18, width, bold=True, serif=True), middle_fit(b, 18, width, bold=True, serif=True)
        assert cut_a != cut_b and cut_a.endswith("4") and cut_b.endswith("16")
