"""The first screen shows before the saves are read and the sound effects are made."""

from __future__ import annotations

from courier import saves
from courier.app import main_menu
from courier.match import Match, SeatSpec


def test_the_first_menu_lists_the_saves_after_its_first_frame(app, drive, fake_views):
    seats = [SeatSpec("Ann", (200, 40, 40), "human", "easy"), SeatSpec("Bea", (40, 40, 200), "human", "easy")]
    going = saves.save_match(Match.new(fake_views, seats, seed=2), "going")
    menu = app.stack.push(main_menu(app))
    assert menu.latest is None  # nothing read before the first frame
    drive.frame()
    assert app.frames == 1 and menu.latest is None and not menu.buttons["continue"].enabled
    drive.frame()
    assert menu.latest is not None and menu.latest.path == going
    assert menu.buttons["continue"].enabled


def test_sound_effects_are_made_when_first_wanted(app):
    assert app._sounds is None
    sounds = app.sounds
    assert app.sounds is sounds  # made once
    sounds.play("tick")  # safe with or without a sound device
