"""The set-up screen's board chooser: every board of the game by title with a picture, a broken
board greyed with its first problem (never chosen, never a crash), a player's own board played."""

from __future__ import annotations

import re

import pygame
import pytest

from courier import boards, paths
from courier.rules import registry
from courier.scenes.board_chooser import BoardChooserScene, BoardRow, _BoardCard
from courier.scenes.setup import SetupScene
from tests.app.conftest import SHOTS
from tests.maps.test_board_catalogue import user_board

DD = "doorstep-dash"


@pytest.fixture(autouse=True)
def _no_extra_folders():
    boards.clear_folders()
    yield
    boards.clear_folders()


def _setup(app, drive):
    setup = app.stack.push(SetupScene(app, games=[registry.get(DD)]))
    drive.frame()
    return setup


def _broken(text: str) -> str:
    return re.sub(r'name="number" type="int" value="1"', 'name="number" type="int" value="ten"', text)


def test_the_chooser_lists_boards_with_pictures_and_greys_a_broken_one(app, drive):
    user_board(paths.boards_dir(), "Little Snoring")
    user_board(paths.boards_dir(), "Broken Lanes", "broken", edit=_broken)
    (paths.boards_dir() / "junk.tmx").write_text("<map><oops", encoding="utf-8")
    setup = _setup(app, drive)
    row = next(w for w in setup.ui.widgets if isinstance(w, BoardRow))
    assert setup.board_pick.chosen.title == "Bramblecombe"
    drive.shot("board-row")
    drive.click(row.rect.center)
    chooser = app.stack.top
    assert isinstance(chooser, BoardChooserScene)
    drive.frame()
    drive.shot("board-chooser")
    cards = {chooser.pick.entries[w.index].title: w for w in chooser.ui.widgets if isinstance(w, _BoardCard)}
    assert set(cards) == {"Bramblecombe", "Saltmarsh Quay", "Little Snoring", "Broken Lanes", "Junk"}
    assert [chooser.pick.entries[w.index].title for w in chooser.ui.widgets if isinstance(w, _BoardCard)][:2] == \
        ["Bramblecombe", "Saltmarsh Quay"]  # the game's own boards first
    assert not cards["Broken Lanes"].enabled and "'ten'" in cards["Broken Lanes"].tooltip
    assert not cards["Junk"].enabled and "XML is broken" in cards["Junk"].tooltip
    # a picture was drawn on the card of a good board: its thumbnail area is not the plain card colour
    surface = pygame.display.get_surface()
    r = cards["Little Snoring"].rect
    colours = {tuple(surface.get_at((r.left + 20 + 7 * k, r.top + 40))) for k in range(20)}
    assert len(colours) > 3
    drive.click(cards["Broken Lanes"].rect.center)
    assert app.stack.top is chooser and setup.board_pick.chosen.title == "Bramblecombe"
    drive.click(cards["Little Snoring"].rect.center)
    assert app.stack.top is setup and setup.board_pick.chosen.title == "Little Snoring"
    match = setup.start()
    assert match is not None and match.config.map == str((paths.boards_dir() / "my_town.tmx").resolve())


def test_the_chooser_works_by_keyboard(app, drive):
    user_board(paths.boards_dir(), "Little Snoring")
    setup = _setup(app, drive)
    from courier.scenes.board_chooser import open_chooser

    chooser = open_chooser(app, setup.board_pick, "Doorstep Dash")
    drive.frame()
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RETURN)
    assert app.stack.top is setup and setup.board_pick.chosen.title == "Little Snoring"
    open_chooser(app, setup.board_pick, "Doorstep Dash")
    drive.key(pygame.K_ESCAPE)
    assert app.stack.top is setup and chooser is not app.stack.top


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_the_chooser_fits_every_window(app, drive, size):
    for i in range(9):
        user_board(paths.boards_dir(), f"Town {i}", f"town_{i}", edit=_broken if i == 4 else None)
    setup = _setup(app, drive)
    from courier.scenes.board_chooser import open_chooser

    chooser = open_chooser(app, setup.board_pick, "Doorstep Dash")
    for scene in (setup, chooser):
        scene.layout(size)
        surface = pygame.Surface(size)
        scene.draw(surface)
        assert all(pygame.Rect((0, 0), size).contains(w.rect) for w in scene.ui.widgets)
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, SHOTS / f"app-board-{type(scene).__name__}-{size[0]}x{size[1]}.png")
    cards = [w for w in chooser.ui.widgets if isinstance(w, _BoardCard)]
    assert cards
    before = {w.index for w in cards}
    chooser.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    after = {w.index for w in chooser.ui.widgets if isinstance(w, _BoardCard)}
    assert chooser.more == (after != before)


def test_settings_show_the_boards_folder_and_open_it(app, drive, monkeypatch):
    import subprocess

    from courier.scenes.settings import SettingsScene

    opened: list[list[str]] = []
    monkeypatch.setattr(subprocess, "Popen", lambda args, **kw: opened.append(list(args)))
    monkeypatch.setattr("sys.platform", "linux")
    settings = app.stack.push(SettingsScene(app))
    drive.frame()
    assert settings._boards_folder() == str(paths.boards_dir())
    drive.click_button(settings, "Open folder")
    assert opened == [["xdg-open", str(paths.boards_dir())]]
    assert settings.message is not None and settings.message[1] != (0, 0, 0)
    drive.shot("settings-boards-folder")

    def missing(args, **kw):
        raise FileNotFoundError(2, "No such file", args[0])

    monkeypatch.setattr(subprocess, "Popen", missing)
    drive.click_button(settings, "Open folder")
    assert "could not be opened" in settings.message[0] and str(paths.boards_dir()) in settings.message[0]
