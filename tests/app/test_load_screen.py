"""The Load screen, the Save dialog and Continue, driven by synthetic input.

Many saves scroll and are reached by keys; a row says what the save is; deleting asks first;
a damaged board picture never breaks the screen; the Save dialog names saves and asks before
replacing one; each game keeps its own autosave from the board.
"""

from __future__ import annotations

import base64
import json

import pygame
import pytest

from courier import saves
from courier.match import Match, SeatSpec
from courier.scenes.board import BoardScene
from courier.scenes.load import LoadScene, players_text
from courier.scenes.menu import MenuScene
from courier.scenes.save_dialog import SaveDialog, default_name
from courier.ui import theme, thumbnail
from tests.app import fake_game

C = [c for _, c in theme.PLAYER_COLOURS]
PNG_1X1 = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg=="
)


def seats(*names: str, computer: tuple[int, ...] = ()) -> list[SeatSpec]:
    return [SeatSpec(n, C[i], "ai" if i in computer else "human", "easy") for i, n in enumerate(names)]


def a_match(seed: int = 1, moves: int = 1, names: tuple[str, ...] = ("Ann", "Bo"), computer=(1,)) -> Match:
    m = Match.new(fake_game.GAME_ID, seats(*names, computer=computer), seed=seed)
    for _ in range(moves):
        m.submit(m.legal(m.to_act()[0])[-1])  # "wait": no roll, no reveal
    return m


def ended(seed: int = 5) -> Match:
    m = a_match(seed, moves=0)
    while not m.is_over():
        m.submit(m.legal(m.to_act()[0])[0])
    return m


def open_load(app, drive) -> LoadScene:
    load = app.stack.push(LoadScene(app))
    drive.frame()
    return load


def visible_rows(load: LoadScene) -> list[int]:
    return [i for i in range(len(load.entries))
            if load._row_rect(i).top >= load.scroll.rect.top and load._row_rect(i).bottom <= load.scroll.rect.bottom]


def test_a_row_tells_what_the_save_is(app, drive, fake_views):
    named = saves.save_match(a_match(1), saves.free_slot("Club night"), name="Club night", thumbnail=PNG_1X1)
    auto = saves.autosave(ended(2))
    load = open_load(app, drive)
    by_path = {e.path: e for e in load.entries}
    e = by_path[named]
    assert e.title == "Club night" and e.game_title == "Parcel Race" and not e.finished
    assert players_text(e) == "Ann and Bo (computer)"
    assert e.turn_label and e.saved_at_text and load._pictures[named] is not None
    done = by_path[auto]
    assert done.finished and done.title.startswith("Autosave – Ann, Bo")
    # a finished game is there to look back on: its button says so
    assert row_buttons(load, done) == ["View", "Delete", "Watch"]
    assert row_buttons(load, e) == ["Load", "Delete"]
    drive.shot("load-rows")


def row_buttons(load: LoadScene, entry) -> list[str]:
    rr = load._row_rect(load.entries.index(entry))
    return [w.text for w in load.rows.widgets if rr.contains(w.rect)]


def test_a_finished_game_can_be_watched_again_and_closing_comes_back(app, drive, fake_views):
    from courier.scenes.replay import ReplayScene

    going = saves.autosave(a_match(1))
    done = saves.autosave(ended(2))
    load = open_load(app, drive)
    load.select([e.path for e in load.entries].index(going))
    drive.key(pygame.K_w)  # a game in progress is not watched: that would show its secrets
    assert app.stack.top is load
    load.select([e.path for e in load.entries].index(done))
    drive.key(pygame.K_w)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.step == 0 and replay.replay.steps > 0
    drive.frame()
    replay.close()
    assert app.stack.top is load


def test_many_saves_scroll_and_are_reached_by_keys(app, drive, fake_views):
    games = [a_match(seed, moves=1 + seed % 3) for seed in range(24)]
    for m in games:
        saves.autosave(m)
    load = open_load(app, drive)
    assert len(load.entries) == 24 and load.scroll.max_offset > 0
    assert load.selected == 0 and 0 in visible_rows(load)
    drive.key(pygame.K_END)
    assert load.selected == 23 and 23 in visible_rows(load) and load.scroll.offset == load.scroll.max_offset
    # buttons of rows scrolled out of view take no clicks
    assert not load.rows.widgets[0].visible and load.rows.widgets[2 * 23].visible
    drive.key(pygame.K_HOME)
    assert load.selected == 0 and load.scroll.offset == 0
    for _ in range(7):
        drive.key(pygame.K_DOWN)
    assert load.selected == 7 and 7 in visible_rows(load)
    drive.key(pygame.K_PAGEDOWN)
    assert load.selected > 7 and load.selected in visible_rows(load)
    drive.key(pygame.K_UP)
    chosen = load.entries[load.selected]
    drive.shot("load-many")
    drive.key(pygame.K_RETURN)
    board = app.stack.top
    assert isinstance(board, BoardScene) and board.match.match_id == chosen.match_id
    assert board.match.log == saves.load_match(chosen.path).log


def test_wheel_scrolls_the_list(app, drive, fake_views):
    for seed in range(12):
        saves.autosave(a_match(seed))
    load = open_load(app, drive)
    drive.move(load.scroll.rect.center)
    drive.wheel(-3)
    assert load.scroll.offset > 0


def test_delete_key_asks_then_deletes_and_escape_keeps(app, drive, fake_views):
    keep = saves.autosave(a_match(1))
    gone = saves.autosave(a_match(2))
    load = open_load(app, drive)
    assert load.entries[0].path == gone
    drive.key(pygame.K_DELETE)
    assert load.confirm == gone and gone.exists() and "Delete" in load.message[0]
    drive.key(pygame.K_ESCAPE)  # keeps it, and stays on the Load screen
    assert load.confirm is None and gone.exists() and app.stack.top is load
    drive.key(pygame.K_DELETE)
    drive.key(pygame.K_DELETE)
    assert not gone.exists() and keep.exists()
    assert [e.path for e in load.entries] == [keep]
    # moving to another row forgets a pending question
    saves.autosave(a_match(3))
    load.refresh()
    drive.key(pygame.K_DELETE)
    drive.key(pygame.K_DOWN)
    assert load.confirm is None
    drive.key(pygame.K_ESCAPE)
    assert load not in app.stack


def test_an_unreadable_file_is_deleted_only_after_asking(app, drive, fake_views):
    bad = saves.slot_path("broken")
    bad.write_bytes(b"\x00\x01 not a save")
    load = open_load(app, drive)
    drive.key(pygame.K_RETURN)  # cannot be loaded: says so, changes nothing
    drive.key(pygame.K_DELETE)  # asks
    assert bad.read_bytes() == b"\x00\x01 not a save" and load.confirm == bad and "broken.json" in load.message[0]
    drive.key(pygame.K_ESCAPE)  # keeps it
    assert bad.exists() and app.stack.top is load and load.confirm is None
    drive.key(pygame.K_DELETE)
    drive.key(pygame.K_DELETE)
    assert not bad.exists() and load.entries == []


def test_every_row_that_is_a_file_can_be_deleted_with_its_question(app, drive, fake_views, tmp_path):
    """A save on a board that is gone, a damaged save and an unreadable file: Delete (the key and
    the button) asks, then removes, as for any other save."""
    import shutil

    from courier import boards
    from tests.maps.helpers import MAPS_DIR

    folder = boards.paths.boards_dir()
    for f in ("doorstep_dash_tiles.tsx", "doorstep_dash_tiles.png", "doorstep_dash_town.tmx"):
        shutil.copy(MAPS_DIR / f, folder / f.replace("doorstep_dash_town", "my_town"))
    board = folder / "my_town.tmx"
    board.write_text(board.read_text(encoding="utf-8").replace('value="Bramblecombe"', 'value="Little Snoring"'),
                     encoding="utf-8")
    dd = Match.new("doorstep-dash", seats("Ann", "Bo"), seed=3, map=boards.resolve("doorstep-dash", "Little Snoring"))
    gone_board = saves.save_match(dd, "snoring", name="Snoring")
    board.unlink()
    damaged = saves.save_match(a_match(2, moves=3), "damaged", name="Damaged")
    _damage_position(damaged)
    unreadable = saves.slot_path("broken")
    unreadable.write_bytes(b"{")
    load = open_load(app, drive)
    drive.run_until(lambda: load.check is None)
    assert all(not e.ok for e in load.entries) and len(load.entries) == 3
    for path in (gone_board, damaged, unreadable):
        i = next(i for i, e in enumerate(load.entries) if e.path == path)
        delete = load.row_buttons[i][-1]
        assert delete.enabled and delete.text == "Delete"
        drive.click(delete.rect.center)
        assert path.exists() and load.confirm == path and load.row_buttons[i][-1].text == "Sure?"
        drive.click(load.row_buttons[i][-1].rect.center)
        assert not path.exists() and path not in [e.path for e in load.entries]
    assert load.entries == [] and load.message[0] == "Save deleted."


@pytest.mark.parametrize("picture", [
    "garbage!!",
    base64.b64encode(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10" + b"\xff" * 40).decode(),
    12,
])
def test_a_damaged_picture_draws_the_placeholder(app, drive, fake_views, picture):
    path = saves.save_match(a_match(1), "pic", name="Pic", thumbnail=PNG_1X1)
    data = json.loads(path.read_text())
    data["thumbnail"] = picture
    path.write_text(json.dumps(data))
    load = open_load(app, drive)
    [entry] = load.entries
    assert entry.ok and load._pictures[path] is None
    drive.frame()
    drive.shot("load-placeholder")


def test_thumbnail_decode_never_raises():
    assert thumbnail.decode(None) is None
    assert thumbnail.decode(b"\x89PNG\r\n\x1a\n broken") is None
    assert thumbnail.decode(PNG_1X1).get_size() == (1, 1)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_load_screen_fits_common_windows(app, drive, fake_views, size):
    for seed in range(6):
        saves.save_match(a_match(seed, names=("Alexandra", "Bartholomew", "Cy"), computer=(1, 2)),
                         saves.free_slot("A long name " * 8), name="A long name " * 8)
    saves.slot_path("broken").write_bytes(b"{")
    load = open_load(app, drive)
    load.layout(size)
    surface = pygame.Surface(size)
    load.draw(surface)
    screen = pygame.Rect((0, 0), size)
    assert screen.contains(load.card)
    for w in load.rows.widgets:
        if w.visible:
            assert load.card.contains(w.rect.clip(load.scroll.rect)) and w.rect.width > 60
    for w in load.ui.widgets:
        assert screen.contains(w.rect)
    pygame.image.save(surface, str(drive.shot("load").with_name(f"app-load-{size[0]}x{size[1]}.png")))


def test_autosave_from_the_board_carries_a_picture_and_new_games_keep_old_ones(app, drive, fake_views):
    first = a_match(1, moves=0, computer=(1,))
    board = app.stack.push(BoardScene(app, first))
    drive.frame()
    drive.key(pygame.K_w)
    drive.run_until(lambda: board.seat == 0 and len(first.log) >= 2)
    [entry] = saves.list_saves()
    assert entry.match_id == first.match_id and entry.thumbnail is not None
    assert thumbnail.decode(entry.thumbnail) is not None
    # back to the menu (which autosaves), start another game: the first one's autosave stays as it was
    drive.click_button(board, "Menu")
    first_file = entry.path.read_bytes()
    second = a_match(2, moves=0, computer=(1,))
    board2 = app.stack.reset(BoardScene(app, second))
    drive.frame()
    drive.key(pygame.K_w)
    drive.run_until(lambda: board2.seat == 0 and len(second.log) >= 2)
    entries = saves.list_saves()
    assert {e.match_id for e in entries} == {first.match_id, second.match_id}
    assert entry.path.read_bytes() == first_file and saves.load_match(entry.path).log == first.log
    # Continue offers the newest: the second game
    menu = app.stack.reset(MenuScene(app))
    drive.frame()
    assert menu.latest.match_id == second.match_id and menu.others_in_progress == 1
    drive.shot("menu-two-games")


def test_save_dialog_names_a_save(app, drive, fake_views):
    match = a_match(1)
    board = app.stack.push(BoardScene(app, match))
    drive.frame()
    drive.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    dialog = app.stack.top
    assert isinstance(dialog, SaveDialog) and dialog.entry.text == default_name(match)
    assert dialog.entry.text.startswith("Parcel Race – Ann, Bo – ")
    for _ in range(len(dialog.entry.text)):
        drive.key(pygame.K_BACKSPACE)
    drive.type("Évening/../ game")
    drive.key(pygame.K_RETURN)
    assert app.stack.top is board
    [entry] = [e for e in saves.list_saves() if not e.is_autosave]
    assert entry.name == "Évening/../ game" and entry.path.name == "evening-game.json"
    assert entry.thumbnail is not None  # the board's picture came with it
    assert "Évening" in board.status_text()[0]


def test_save_dialog_asks_before_replacing_and_warns_about_another_game(app, drive, fake_views):
    other = a_match(7)
    theirs = saves.save_match(other, saves.free_slot("Evening"), name="Evening")
    content = theirs.read_bytes()
    match = a_match(1)
    board = app.stack.push(BoardScene(app, match))
    drive.frame()
    drive.click_button(board, "Save")
    dialog = app.stack.top
    for _ in range(len(dialog.entry.text)):
        drive.key(pygame.K_BACKSPACE)
    drive.type("evening")  # any case
    drive.key(pygame.K_RETURN)
    assert dialog.confirm is not None and dialog.confirm.path == theirs and dialog.replaces_another_game()
    drive.shot("save-replace")
    drive.key(pygame.K_ESCAPE)  # back to the name, nothing written
    assert dialog.confirm is None and app.stack.top is dialog and theirs.read_bytes() == content
    # choosing the listed save fills its name; Enter asks; Replace replaces
    drive.key(pygame.K_DOWN)
    assert dialog.entry.text == "Evening"
    drive.key(pygame.K_RETURN)
    drive.click_button(dialog, "Replace")
    assert app.stack.top is board
    assert saves.load_match(theirs).match_id == match.match_id
    assert [e.name for e in saves.list_saves() if not e.is_autosave] == ["Evening"]


def test_save_dialog_refuses_an_empty_name_and_cancel_writes_nothing(app, drive, fake_views):
    board = app.stack.push(BoardScene(app, a_match(1)))
    drive.frame()
    drive.click_button(board, "Save")
    dialog = app.stack.top
    for _ in range(len(dialog.entry.text)):
        drive.key(pygame.K_BACKSPACE)
    drive.type("   ")
    drive.key(pygame.K_RETURN)
    assert app.stack.top is dialog and "name" in dialog.error
    drive.key(pygame.K_ESCAPE)
    assert app.stack.top is board
    assert [e for e in saves.list_saves() if not e.is_autosave] == []


def test_default_name_stays_within_the_cap(fake_views):
    m = a_match(1, names=tuple("N" * 30 + str(i) for i in range(4)), computer=())
    name = default_name(m)
    assert len(name) <= saves.MAX_NAME and name.startswith("Parcel Race")


def test_the_board_picture_shows_only_what_everyone_may_see(app, drive, fake_views, monkeypatch):
    from courier.scenes.board_picture import board_picture

    shown = []
    real_show = fake_game.RaceView.show

    def spy(self, view, seat, legal):
        shown.append((self, view, seat, list(legal)))
        return real_show(self, view, seat, legal)

    monkeypatch.setattr(fake_game.RaceView, "show", spy)
    match = a_match(1, moves=0, names=("Ann", "Bea"), computer=())
    board = app.stack.push(BoardScene(app, match))
    drive.frame()
    png = board_picture(board, fresh=True)
    assert png is not None and thumbnail.decode(png) is not None
    for_picture = [(view, seat, legal) for owner, view, seat, legal in shown if owner is not board.view]
    assert for_picture, "the picture is drawn by a view of its own"
    assert all(seat is None and legal == [] and view == match.view(None) for view, seat, legal in for_picture)
    # an autosave soon after reuses the picture; asking for a fresh one draws again
    again = len(shown)
    assert board_picture(board) is png and len(shown) == again
    board_picture(board, fresh=True)
    assert len(shown) == again + 1


def test_a_full_disk_in_the_save_dialog_says_so_and_keeps_the_dialog(app, drive, fake_views, monkeypatch):
    import errno

    from courier import paths

    board = app.stack.push(BoardScene(app, a_match(1)))
    drive.frame()
    drive.click_button(board, "Save")
    dialog = app.stack.top

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(paths, "write_atomic", full)
    drive.key(pygame.K_RETURN)
    assert app.stack.top is dialog and "disk is full" in dialog.error
    assert [e for e in saves.list_saves() if not e.is_autosave] == []
    drive.frame()
    drive.shot("save-disk-full")


def test_a_click_chooses_a_row_and_a_double_click_loads_it(app, drive, fake_views, monkeypatch):
    from courier.scenes import load as load_module

    older = saves.autosave(a_match(1))
    saves.autosave(a_match(2))
    load = open_load(app, drive)
    i = [e.path for e in load.entries].index(older)
    row = load._row_rect(i)
    spot = (row.left + 200, row.centery)  # on the row's text, not on its buttons
    clock = iter([100.0, 105.0, 105.2])
    monkeypatch.setattr(load_module.time, "monotonic", lambda: next(clock))
    drive.click(spot)
    assert load.selected == i and app.stack.top is load
    drive.click(spot)  # five seconds later: two single clicks
    assert app.stack.top is load
    drive.click(spot)  # quickly after: a double click
    board = app.stack.top
    assert isinstance(board, BoardScene) and board.match.log == saves.load_match(older).log


def _damage_position(path) -> bytes:
    """One number of the saved position changed (as a flipped bit would), the JSON still reads."""
    import os
    import time

    data = json.loads(path.read_text())
    data["state"]["stash"][0] ^= 4
    path.write_text(json.dumps(data))
    t = time.time() - 60
    os.utime(path, (t, t))
    return path.read_bytes()


def test_load_marks_a_save_with_damaged_moves_once_the_background_check_has_read_it(app, drive, fake_views):
    good = saves.save_match(a_match(1, moves=3), saves.free_slot("Good game"), name="Good game")
    bad = saves.save_match(a_match(2, moves=3), saves.free_slot("Bad game"), name="Bad game", thumbnail=PNG_1X1)
    content = _damage_position(bad)
    load = open_load(app, drive)
    drive.run_until(lambda: load.check is None)
    by_path = {e.path: e for e in load.entries}
    assert by_path[good].ok and not by_path[good].damaged
    e = by_path[bad]
    assert not e.ok and e.damaged and e.name == "Bad game" and e.players == ["Ann", "Bo"]
    assert "does not match its list of moves" in e.error
    i = load.entries.index(e)
    load_button = load.row_buttons[i][0]
    assert not load_button.enabled and "does not match" in load_button.tooltip
    load.select(i)
    drive.key(pygame.K_RETURN)
    assert app.stack.top is load and "does not match" in load.message[0]
    assert "Damaged save Bad game" in load.row_label(e)
    drive.frame()
    drive.shot("load-damaged")
    assert bad.read_bytes() == content


def test_ctrl_a_in_the_save_dialog_selects_the_name_so_typing_replaces_it(app, drive, fake_views):
    board = app.stack.push(BoardScene(app, a_match(1)))
    drive.frame()
    drive.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    dialog = app.stack.top
    assert isinstance(dialog, SaveDialog) and dialog.entry.text == default_name(board.match)
    drive.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    drive.key(pygame.K_e, text="e")  # a letter's own key press, then its text
    drive.type("Evening")
    assert dialog.entry.text == "Evening"
    drive.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    drive.key(pygame.K_BACKSPACE)
    assert dialog.entry.text == ""
    drive.type("Late")
    drive.key(pygame.K_RETURN)
    assert [e.name for e in saves.list_saves() if not e.is_autosave] == ["Late"]


def _drawn_lines(scene, size) -> list[str]:
    """Every line of text one frame of ``scene`` shows at ``size``."""
    from courier.ui import draw

    scene.layout(size)
    audit = draw.start_audit()
    try:
        scene.draw(pygame.Surface(size))
    finally:
        draw.stop_audit()
    return [text for _, _, text in audit.lines]


LONG = "The Thursday club's long-running game at the harbour – Ann, Bo – Round "


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_two_long_names_of_one_game_differ_on_screen_and_are_whole_in_a_tooltip(app, drive, fake_views, size):
    first = saves.save_match(a_match(1), saves.free_slot(LONG + "7"), name=LONG + "7")
    second = saves.save_match(a_match(1, moves=2), saves.free_slot(LONG + "9"), name=LONG + "9")
    load = open_load(app, drive)
    titles = [t for t in _drawn_lines(load, size) if t.startswith("The Thurs")]
    assert len(titles) == 2 and titles[0] != titles[1], titles
    assert {t[-1] for t in titles} == {"7", "9"}  # the end, where they differ, shows
    assert {e.path for e in load.entries} == {first, second}
    # the whole name in a tooltip over the row
    for i, e in enumerate(load.entries):
        rr = load._row_rect(i)
        tip = load.tooltip_at((rr.left + theme.px(260), rr.top + theme.px(20)))
        assert tip is not None and e.name in tip


def test_autosaves_of_different_games_read_differently(app, drive, fake_views):
    """Two games with the same players at the same turn, autosaved within the same minute, and a
    third: each row of the list reads differently from every other."""
    from datetime import datetime, timedelta, timezone

    start = datetime(2026, 11, 21, 14, 5, 10, tzinfo=timezone.utc)
    for seed in (1, 2, 3):
        path = saves.autosave(a_match(seed, moves=2 if seed < 3 else 3))
        data = json.loads(path.read_text())
        data["saved_at"] = (start + timedelta(seconds=20 * seed)).isoformat()  # one game after another
        path.write_text(json.dumps(data))
    load = open_load(app, drive)
    assert len(load.entries) == 3
    rows = []
    for i, e in enumerate(load.entries):
        rr = load._row_rect(i)
        surface = pygame.Surface(load.size)
        from courier.ui import draw

        audit = draw.start_audit()
        try:
            load._draw_row(surface, rr, e, False)
        finally:
            draw.stop_audit()
        rows.append(tuple(t for _, _, t in audit.lines))
    assert len(set(rows)) == 3, rows
    assert all(e.title != "Autosave" and "Ann" in e.title for e in load.entries)


def test_the_save_dialog_shows_the_end_of_long_names(app, drive, fake_views):
    for n in (7, 9):
        saves.save_match(a_match(n), saves.free_slot(LONG + str(n)), name=LONG + str(n))
    board = app.stack.push(BoardScene(app, a_match(1)))
    drive.frame()
    dialog = app.stack.push(SaveDialog(app, board.match))
    drive.frame()
    for size in [(1024, 600), (1920, 1080)]:
        titles = [t for t in _drawn_lines(dialog, size) if t.startswith("The Thurs")]
        assert len(titles) == 2 and titles[0] != titles[1] and {t[-1] for t in titles} == {"7", "9"}, titles


def test_the_save_dialog_never_replaces_a_damaged_save(app, drive, fake_views):
    """Named "Evening" again: before the check has read the old file, Replace is refused with a
    message and the file kept; once the check has marked it, the name gets a file of its own."""
    from courier.saves import verdicts as save_verdicts

    old = saves.save_match(a_match(7, moves=3), saves.free_slot("Evening"), name="Evening")
    content = _damage_position(old)
    board = app.stack.push(BoardScene(app, a_match(1)))
    drive.frame()
    for checked in (False, True):
        if checked:
            assert save_verdicts.BackgroundCheck([old]).wait(30)
        drive.key(pygame.K_s, mod=pygame.KMOD_CTRL)
        dialog = app.stack.top
        drive.key(pygame.K_a, mod=pygame.KMOD_CTRL)
        drive.type("Evening")
        drive.key(pygame.K_RETURN)
        if not checked:
            assert dialog.confirm is not None  # read alone, it looked like a save to replace
            drive.key(pygame.K_RETURN)
            assert app.stack.top is dialog and "cannot be loaded" in dialog.error
            drive.key(pygame.K_ESCAPE)
        else:
            assert app.stack.top is board
        assert old.read_bytes() == content
    assert [e.path.name for e in saves.list_saves() if e.name == "Evening" and e.ok] == ["evening-2.json"]
