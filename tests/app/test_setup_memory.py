"""Set-up remembers each game's last table, Ctrl+A selects a name, and the Rogue seat is named."""

from __future__ import annotations

import json

import pygame

from courier.rules import registry
from courier.scenes.setup import KINDS, NameEntry, SetupScene
from courier.settings import load_settings, settings_path

PERSON, HARD = 0, next(i for i, k in enumerate(KINDS) if k[:2] == ("ai", "hard"))


def _setup(app, gid: str) -> SetupScene:
    return app.stack.push(SetupScene(app, games=[registry.get(gid)]))


def test_setup_is_remembered_per_game_across_a_restart(app, drive):
    setup = _setup(app, "doorstep-dash")
    setup.set_players(3)
    drive.frame()
    setup.seats[0].name = "Ann"
    setup.seats[1].name = "Bob"
    setup.set_kind(2, HARD)
    setup.next_colour(0)
    ann_colour = setup.seats[0].colour_index
    assert setup.start() is not None

    # a fresh start of the program reads the file again
    saved, msg = load_settings()
    assert msg is None
    assert saved.last_setup["doorstep-dash"].players == 3
    app.settings = saved
    again = _setup(app, "doorstep-dash")
    assert again.players == 3
    assert [s.name for s in again.seat_specs()] == ["Ann", "Bob", again.seat_specs()[2].name]
    assert again.seats[0].colour_index == ann_colour
    assert [(s.kind, s.level) for s in again.seat_specs()] == [("human", "normal"), ("ai", "normal"), ("ai", "hard")]

    # another game keeps its own memory (none yet): its defaults are not Doorstep Dash's table
    other = _setup(app, "out-for-delivery")
    assert "out-for-delivery" not in app.settings.last_setup
    assert other.seats[0].name == "Player 1"


def test_a_bad_remembered_setup_is_dropped_alone(courier_home):
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"volume": 0.3, "last_setup": {
        "next-day": {"players": 4, "seats": [{"name": "Cy", "colour": 1, "kind": "ai", "level": "easy"}]},
        "doorstep-dash": {"players": "lots"},
    }}))
    s, msg = load_settings()
    assert msg is None and s.volume == 0.3
    assert list(s.last_setup) == ["next-day"] and s.last_setup["next-day"].seats[0].name == "Cy"
    assert path.exists()  # the file was good enough: it is not moved aside


def test_ctrl_a_selects_the_name_and_typing_replaces_it(app, drive):
    setup = _setup(app, "doorstep-dash")
    drive.frame()
    entry = setup.entries[0]
    assert isinstance(entry, NameEntry)
    drive.click(entry.rect.center)
    assert entry.focused
    drive.key(pygame.K_a, pygame.KMOD_LCTRL)
    assert entry.all_selected
    drive.shot("setup-ctrl-a")
    drive.type("Zoe")
    assert entry.text == "Zoe" and setup.seats[0].name == "Zoe"
    # Ctrl+A then Backspace empties it; an arrow key only drops the selection
    drive.key(pygame.K_a, pygame.KMOD_LCTRL)
    drive.key(pygame.K_LEFT)
    assert not entry.all_selected and entry.text == "Zoe"
    drive.key(pygame.K_a, pygame.KMOD_LCTRL)
    drive.key(pygame.K_BACKSPACE)
    assert entry.text == "" and setup.seats[0].name == ""


def test_the_rogue_seat_is_named_before_it_is_chosen(app, drive):
    setup = _setup(app, "package-pandemonium")
    setup.set_players(2)
    assert [setup.seat_role(i) for i in range(2)] == [None, None]
    setup.set_players(3)
    assert setup.seat_role(2) is not None and "Rogue" in setup.seat_role(2)
    assert setup.seat_role(0) is None
    drive.frame()
    drive.shot("setup-rogue-seat")
    other = _setup(app, "out-for-delivery")
    assert all(other.seat_role(i) is None for i in range(other.players))
