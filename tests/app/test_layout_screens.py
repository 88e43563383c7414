"""Every screen around the board fits every window: the layout check (``courier.ui.layout_check``)
finds no problem on the menu, set-up, load, save, settings, rules, pass-the-device, scoring, board
chooser, replay and error screens at 1024x600, 1280x720, 1920x1080 and 2560x1440, in the states
that stretch them (most seats, long names, many saves, a replace question, every rules page).

The pictures checked are kept under ``tests/_screenshots/layout/`` for people to look at.
"""

from __future__ import annotations

import pytest

from courier import saves
from courier.match import Match
from courier.scenes.board_chooser import BoardChooserScene, BoardPick
from courier.scenes.error import ErrorScene
from courier.scenes.handoff import HandoffScene
from courier.scenes.load import LoadScene
from courier.scenes.menu import MenuScene
from courier.scenes.replay import ReplayScene
from courier.scenes.rules import RulesScene
from courier.scenes.save_dialog import SaveDialog
from courier.scenes.scoring import ScoringScene
from courier.scenes.settings import SettingsScene
from courier.scenes.setup import SetupScene
from tests.app import layout_matrix, shell_states
from tests.app.shell_states import GAMES, LONG_NAMES


@pytest.fixture(params=layout_matrix.SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def big_app(request, courier_home):
    app = layout_matrix.open_app(request.param)
    yield app
    layout_matrix.close_app(app)


def frames(app, n: int = 2, dt: float = 1 / 60) -> None:
    for _ in range(n):
        app.frame(dt, [])


def show(app, scene, name: str, n: int = 2, dt: float = 1 / 60) -> list[str]:
    app.stack.reset(scene)
    frames(app, n, dt)
    return layout_matrix.check(app, name)


def no_problems(problems: list[str]) -> None:
    assert problems == [], "\n".join(problems)


def test_menu_with_games_in_progress(big_app):
    shell_states.several_saves()
    menu = MenuScene(big_app)
    problems = show(big_app, menu, "menu")
    assert menu.latest is not None and menu.others_in_progress >= 1
    menu.message = "The settings file was unreadable (file: not valid settings data); using the defaults."
    frames(big_app, 1)
    no_problems(problems + layout_matrix.check(big_app, "menu-message"))


@pytest.mark.parametrize("game_index", range(4), ids=[g for g, _ in GAMES])
def test_setup_of_each_game_with_the_most_seats_and_long_names(big_app, game_index):
    setup = SetupScene(big_app)
    big_app.stack.reset(setup)
    gid = GAMES[game_index][0]
    setup._pick_game([g.id for g in setup.games].index(gid))
    setup.set_players(6)
    for i, seat in enumerate(setup.seats):
        seat.name = f"{LONG_NAMES[i % len(LONG_NAMES)][:14]} {i + 1}"
    setup.layout(setup.size)
    frames(big_app)
    assert setup.players == GAMES[game_index][1]
    no_problems(layout_matrix.check(big_app, f"setup-{gid}"))


def test_load_with_several_saves(big_app):
    shell_states.several_saves()
    load = LoadScene(big_app)
    problems = show(big_app, load, "load")
    assert len(load.entries) >= 7
    load.select(len(load.entries) - 1)  # scrolled to the end
    frames(big_app, 1)
    problems += layout_matrix.check(big_app, "load-end")
    load._delete(load.entries[load.selected].path) if load.entries[load.selected].ok else None
    frames(big_app, 1)
    no_problems(problems + layout_matrix.check(big_app, "load-confirm"))


def test_load_with_no_saves(big_app):
    no_problems(show(big_app, LoadScene(big_app), "load-empty"))


def test_save_dialog_and_its_replace_question(big_app):
    match = Match.new("doorstep-dash", shell_states.seats(4), seed=3)
    for k in range(8):
        saves.save_match(match, saves.free_slot(f"Table {k}"), name=(f"Kitchen table game number {k} " * 3)[:saves.MAX_NAME])
    big_app.stack.reset(shell_states.Backdrop(big_app))
    dialog = big_app.stack.push(SaveDialog(big_app, match))
    frames(big_app)
    problems = layout_matrix.check(big_app, "save")
    dialog.entry.text = dialog.listed[0].title
    dialog.save()
    frames(big_app)
    assert dialog.confirm is not None
    no_problems(problems + layout_matrix.check(big_app, "save-replace"))


def test_settings(big_app):
    no_problems(show(big_app, SettingsScene(big_app), "settings"))


def test_every_rules_page_top_and_end(big_app):
    problems = []
    docs = RulesScene(big_app).docs
    assert len(docs) == 4
    for gid, _ in docs:
        rules = RulesScene(big_app, gid)
        problems += show(big_app, rules, f"rules-{gid}")
        rules.scroll.offset = rules.scroll.max_offset
        frames(big_app, 1)
        problems += layout_matrix.check(big_app, f"rules-{gid}-end")
    no_problems(problems)


def test_handoff(big_app):
    scene = HandoffScene(big_app, "Maximilian Ross", (0, 114, 178), lambda: None, game_title="Package Pandemonium")
    no_problems(show(big_app, scene, "handoff"))


@pytest.mark.parametrize("gid,n", GAMES, ids=[g for g, _ in GAMES])
def test_scoring_of_each_game(big_app, gid, n):
    scene = ScoringScene(big_app, shell_states.finished(gid, n))
    problems = show(big_app, scene, f"scoring-{gid}", n=6, dt=0.5)  # the winner's line has popped in
    scene.show("stats")  # the chart and the figures, on the same card
    frames(big_app, 1)
    assert scene.stats is not None
    no_problems(problems + layout_matrix.check(big_app, f"scoring-stats-{gid}"))


def test_board_chooser(big_app):
    scene = BoardChooserScene(big_app, BoardPick("package-pandemonium"), "Boards for Package Pandemonium")
    assert len(scene.pick.entries) >= 4
    no_problems(show(big_app, scene, "chooser"))


@pytest.mark.parametrize("gid,n", GAMES, ids=[g for g, _ in GAMES])
def test_replay_frame(big_app, gid, n):
    """The replay's own parts (top bar, controls, log); the board and panel are the game's view,
    checked by that game's layout tests, so they are left blank here."""
    replay = ReplayScene.from_match(big_app, shell_states.finished(gid, n))
    replay.view.draw_board = lambda surface: None
    replay.view.draw_panel = lambda surface: None
    problems = show(big_app, replay, f"replay-{gid}")
    replay.go(replay.replay.steps // 2)
    frames(big_app, 1)
    no_problems(problems + layout_matrix.check(big_app, f"replay-{gid}-middle"))


def test_error_screen(big_app):
    scene = ErrorScene(big_app, "The board file could not be read: the road between Ugley and Much Wenlock "
                                "names a place that is not on the map, so the game cannot go on.", None)
    no_problems(show(big_app, scene, "error"))


@pytest.mark.parametrize("factor", (0.8, 1.25, 1.5))
@pytest.mark.parametrize("size", ((1024, 600), (1920, 1080)), ids=lambda s: f"{s[0]}x{s[1]}")
def test_setup_and_settings_at_every_interface_size(courier_home, size, factor):
    """A big interface size in a small window: the set-up's card scrolls, the settings go in two
    columns; nothing is cut or spills."""
    from courier.app import App
    from courier.settings import Settings

    app = App(Settings(ui_scale=factor), size=size, fullscreen=False)
    try:
        problems = []
        for gid, _ in GAMES:
            setup = SetupScene(app)
            app.stack.reset(setup)
            setup._pick_game([g.id for g in setup.games].index(gid))
            setup.set_players(6)
            frames(app, 1)
            problems += layout_matrix.check(app, f"setup-{gid}-at-{round(factor * 100)}")
            setup.scroll_card(10_000)  # the far end of a card that scrolls
            frames(app, 1)
            problems += layout_matrix.check(app, f"setup-{gid}-at-{round(factor * 100)}-end")
        problems += show(app, SettingsScene(app), f"settings-at-{round(factor * 100)}")
        no_problems(problems)
    finally:
        layout_matrix.close_app(app)


@pytest.fixture(params=[((1024, 600), 1.5), ((1920, 1080), 1.5), ((1280, 720), 0.8)],
                ids=lambda p: f"{p[0][0]}x{p[0][1]}-at-{round(p[1] * 100)}")
def scaled_app(request, courier_home):
    from courier.app import App
    from courier.settings import Settings

    size, factor = request.param
    app = App(Settings(ui_scale=factor), size=size, fullscreen=False)
    yield app
    layout_matrix.close_app(app)


def test_every_other_screen_at_a_chosen_interface_size(scaled_app):
    """The interface size the player chose (150% in a small window, 80% in a big one) leaves
    nothing cut or spilling on the other screens either: the menu goes to two columns, the save
    list and the rules scroll, the replay's move counter moves to the log's heading."""
    app = scaled_app
    tag = f"at-{round(app.settings.ui_scale * 100)}"
    shell_states.several_saves()
    problems = show(app, MenuScene(app), f"menu-{tag}")
    problems += show(app, LoadScene(app), f"load-{tag}")
    problems += show(app, RulesScene(app, "package-pandemonium"), f"rules-{tag}")
    problems += show(app, HandoffScene(app, "Maximilian Ross", (0, 114, 178), lambda: None, game_title="Next Day"),
                     f"handoff-{tag}")
    problems += show(app, BoardChooserScene(app, BoardPick("package-pandemonium"), "Boards"), f"chooser-{tag}")
    problems += show(app, ErrorScene(app, "Something broke while drawing the board.", None), f"error-{tag}")
    match = shell_states.finished("package-pandemonium", 3)
    scoring = ScoringScene(app, match)
    problems += show(app, scoring, f"scoring-{tag}", n=6, dt=0.5)
    scoring.show("stats")
    frames(app, 1)
    problems += layout_matrix.check(app, f"scoring-stats-{tag}")
    replay = ReplayScene.from_match(app, match)
    replay.view.draw_board = lambda surface: None
    replay.view.draw_panel = lambda surface: None
    problems += show(app, replay, f"replay-{tag}")
    app.stack.reset(shell_states.Backdrop(app))
    app.stack.push(SaveDialog(app, Match.new("doorstep-dash", shell_states.seats(4), seed=3)))
    frames(app)
    no_problems(problems + layout_matrix.check(app, f"save-{tag}"))
