"""Menu, setup, load, settings and rules screens driven by synthetic input."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from courier import paths, saves
from courier.match import Match, SeatSpec
from courier.scenes.board import BoardScene
from courier.scenes.load import LoadScene
from courier.scenes.menu import MenuScene
from courier.scenes.rules import RulesScene
from courier.scenes.settings import SettingsScene
from courier.scenes.setup import SetupScene
from courier.settings import load_settings
from courier.ui import theme
from tests.app import fake_game


def test_menu_without_saves(app, drive):
    menu = app.stack.push(MenuScene(app))
    drive.frame(dt=0.5)
    assert not menu.buttons["continue"].enabled
    assert menu.buttons["continue"].tooltip == "No saved game yet"
    drive.shot("menu")
    drive.click_button(menu, "Settings")
    assert isinstance(app.stack.top, SettingsScene)
    drive.key(pygame.K_ESCAPE)
    assert app.stack.top is menu
    drive.click_button(menu, "Quit")
    assert not app.running


def test_setup_keeps_colours_apart_and_starts_the_game(app, drive, fake_views):
    setup = app.stack.push(SetupScene(app, games=[fake_game.GAME]))
    drive.frame()
    assert setup.players == 2
    # give seat 2 the next colour: never the one seat 1 has
    for _ in range(8):
        setup.next_colour(1)
        assert setup.seats[1].colour_index != setup.seats[0].colour_index
    # rename seat 1 by typing
    entry = setup.entries[0]
    drive.click(entry.rect.center)
    for _ in range(len(entry.text)):
        drive.key(pygame.K_BACKSPACE)
    drive.type("Ann")
    drive.key(pygame.K_RETURN)
    assert setup.seats[0].name == "Ann" and not entry.focused
    setup.set_players(3)
    assert setup.players == 3
    seed_entry = [w for w in setup.ui.widgets if getattr(w, "placeholder", "") == "random"][0]
    drive.click(seed_entry.rect.center)
    drive.type("12ab3")  # letters are refused
    assert setup.seed == "123"
    drive.frame()
    drive.shot("setup")
    drive.click_button(setup, "Start")
    board = app.stack.top
    assert isinstance(board, BoardScene)
    assert board.match.seed == 123 and [s.name for s in board.match.seats][0] == "Ann"
    assert len({s.colour for s in board.match.seats}) == 3


def test_setup_refuses_two_seats_with_one_name(app, drive):
    setup = app.stack.push(SetupScene(app, games=[fake_game.GAME]))
    setup.seats[1].name = setup.seats[0].name
    assert setup.start() is None
    assert "same name" in (setup.message or "")
    assert isinstance(app.stack.top, SetupScene)


def _good_save() -> Path:
    m = Match.new(fake_game.GAME_ID, [SeatSpec("Ann", theme.PLAYER_COLOURS[0][1]), SeatSpec("Bo", theme.PLAYER_COLOURS[1][1], "ai")], seed=9)
    m.submit(m.legal(0)[1])
    return saves.save_match(m, "slot-1")


def test_load_lists_a_corrupt_save_as_unreadable_and_leaves_it_alone(app, drive, fake_views):
    good = _good_save()
    bad = paths.saves_dir() / "broken.json"
    bad.write_bytes(b'{"format_version": 1, "game_id": "next-da')
    before = bad.read_bytes()
    load = app.stack.push(LoadScene(app))
    drive.frame()
    by_path = {e.path: e for e in load.entries}
    assert by_path[bad].ok is False and by_path[bad].error
    assert by_path[good].ok is True
    drive.shot("load")
    bad_index = load.entries.index(by_path[bad])
    load_btn, delete_btn = load.rows.widgets[2 * bad_index], load.rows.widgets[2 * bad_index + 1]
    assert not load_btn.enabled and delete_btn.enabled  # it cannot be loaded; it may be deleted, after asking
    drive.click(load_btn.rect.center)
    drive.click(delete_btn.rect.center)
    assert bad.read_bytes() == before and isinstance(app.stack.top, LoadScene) and load.confirm == bad
    drive.key(pygame.K_ESCAPE)
    # the good one loads into a board
    good_index = load.entries.index(by_path[good])
    drive.click(load.rows.widgets[2 * good_index].rect.center)
    board = app.stack.top
    assert isinstance(board, BoardScene) and board.match.log == ["wait"]
    assert bad.read_bytes() == before


def test_load_deletes_only_after_a_second_click(app, drive, fake_views):
    good = _good_save()
    load = app.stack.push(LoadScene(app))
    drive.frame()
    drive.click(load.rows.widgets[1].rect.center)
    assert good.exists()
    drive.click(load.rows.widgets[1].rect.center)
    assert not good.exists() and load.entries == []


def test_settings_changes_are_kept(app, drive):
    scene = app.stack.push(SettingsScene(app))
    drive.frame()
    speed = scene.widgets["speed"]
    track = speed.track()
    drive.click((track.right - 1, track.centery))
    assert app.settings.anim_speed == 4.0
    motion = scene.widgets["motion"]
    drive.click(motion.rect.center)
    assert app.settings.reduced_motion is True
    volume = scene.widgets["volume"]
    drive.click((volume.track().left, volume.track().centery))
    drive.frame()
    drive.shot("settings")
    kept, message = load_settings()
    assert message is None
    assert kept.anim_speed == 4.0 and kept.reduced_motion is True and kept.volume == 0.0
    size = scene.widgets["size"]
    drive.click((size.rect.right - 5, size.rect.centery))
    drive.frame()
    kept, _ = load_settings()
    assert (kept.window_width, kept.window_height) != (1280, 720)
    assert app.size == (kept.window_width, kept.window_height)


RULES_MD = """# Parcel Race

A short race. **Roll** the die and move your van.

## Set-up
- Every van starts at the depot.
- Shuffle the parcels:
  1. small ones first
  2. big ones last

## Scoring
| Delivered | Points |
|---|---|
| 1 parcel | 2 |
| 2 parcels | 5 |

---
""" + "\n".join(f"Paragraph {i}: more words so the page is taller than the window." for i in range(80))


def test_rules_scene_renders_markdown_and_scrolls(app, drive, monkeypatch, tmp_path):
    from courier import resources
    from courier.scenes import rules as rules_mod

    doc = tmp_path / "race.md"
    doc.write_text(RULES_MD.replace("\n\nParagraph", "\n\nParagraph"), encoding="utf-8")
    monkeypatch.setattr(rules_mod, "available_docs", lambda: [(fake_game.GAME_ID, "Parcel Race")])
    monkeypatch.setattr(resources, "rules_doc", lambda gid: doc)
    scene = app.stack.push(RulesScene(app, fake_game.GAME_ID))
    drive.frame()
    assert scene.scroll.max_offset > 0
    drive.move(scene.page.center)
    drive.wheel(-3)
    after_wheel = scene.scroll.offset
    assert after_wheel > 0
    drive.key(pygame.K_PAGEDOWN)
    assert scene.scroll.offset > after_wheel
    drive.key(pygame.K_END)
    assert scene.scroll.offset == scene.scroll.max_offset
    drive.key(pygame.K_HOME)
    assert scene.scroll.offset == 0
    drive.shot("rules-markdown")


def test_rules_scene_shows_every_real_rules_document(app, drive):
    from courier.scenes.rules import available_docs

    docs = available_docs()
    if not docs:
        pytest.skip("no rules documents yet")
    scene = app.stack.push(RulesScene(app))
    for gid, title in docs:
        drive.click_button(scene, title)
        assert scene.current == gid
        drive.frame()
        assert scene.scroll.content_height > 200
        drive.shot(f"rules-{gid}")


def test_continue_offers_only_a_game_in_progress(app, drive, fake_views):
    seats = [SeatSpec("Ann", (200, 40, 40), "human", "easy"), SeatSpec("Bea", (40, 40, 200), "human", "easy")]
    done = Match.new(fake_views, seats, seed=1)
    while not done.is_over():
        done.submit(done.game.legal_actions(done.state, done.game.to_act(done.state)[0])[0])
    saves.save_match(done, "finished")
    menu = app.stack.push(MenuScene(app))
    drive.frame()
    assert not menu.buttons["continue"].enabled
    assert menu.buttons["continue"].tooltip == "No game in progress; finished games are in Load"
    going = saves.save_match(Match.new(fake_views, seats, seed=2), "going")
    menu.resume()
    assert menu.buttons["continue"].enabled and menu.latest.path == going
