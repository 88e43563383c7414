"""What a guided game's steps say is true of the screen: a choice the screen offers in two
places ("here or on the map") is taken in both, through the same move; what a step points at
is drawn, and is a thing, not the whole board."""

from __future__ import annotations

import pytest

from courier.rules import registry
from courier.scenes.menu import MenuScene
from courier.tutorial.script import load
from tests.app import guided

#: a "Look here" may light at most this share of the board's area
LOOK_SHARE = 0.2


@pytest.fixture(autouse=True)
def step_files(monkeypatch):
    guided.use_step_files(monkeypatch)


def _open_at(app, game_id: str, index: int):
    app.settings.anim_speed, app.settings.reduced_motion = 4.0, True
    app.stack.reset(MenuScene(app))
    player = guided.Player(app, keys=False)
    scene = player.open_from_menu(registry.get(game_id).title)
    while not (scene.walker.index == index and scene.lit_target() is not None):
        player.turn(scene)
    return scene, player


def test_out_for_delivery_start_city_is_taken_on_the_map_too(app):
    """Step 4's panel says "Choose a start city: here or on the map": the map's Millhaven makes
    the same move as the lit button."""
    scene, player = _open_at(app, "out-for-delivery", 3)
    assert scene.walker.wanted() == "start 4"
    on_map = next(t for t in scene.view.focusables() if t.zone == "board" and t.label.startswith("Millhaven"))
    assert on_map.id != scene.lit_target().id
    log = list(scene.match.log)
    player.click(on_map.click_point)
    assert scene.match.log[len(log):] == ["start 4"]
    assert scene.walker.index == 4


def test_a_map_city_the_step_does_not_want_is_still_refused(app):
    scene, player = _open_at(app, "out-for-delivery", 3)
    other = next(t for t in scene.view.focusables() if t.zone == "board" and t.label.startswith("Saltmarsh"))
    log = list(scene.match.log)
    player.click(other.click_point)
    assert scene.match.log == log and scene.walker.index == 3


@pytest.mark.parametrize("game_id", list(registry.ids()))
def test_no_step_lights_the_whole_board(game_id):
    """"Look here" on the whole board says nothing: a step names what it is about (``look``)."""
    script = load(game_id)
    whole = [i + 1 for i, s in enumerate(script.steps) if s.point == "board"]
    assert whole == [], f"{game_id}: steps {whole} light the whole board"


@pytest.mark.slow
def test_a_step_telling_what_the_computer_did_is_read_once_it_is_done(app):
    """Out For Delivery's "Robin rolled 10, picked up parcels ... and rode west" is shown as
    soon as the learner ends the turn: Next waits until Robin has played it (the learner is to
    act again), so no step is read on before what it tells has happened."""
    app.settings.anim_speed, app.settings.reduced_motion = 4.0, True
    app.stack.reset(MenuScene(app))
    player = guided.Player(app, keys=False)
    scene = player.open_from_menu(registry.get("out-for-delivery").title)
    early: list[int] = []
    while scene.walker.index < 20:
        w, m = scene.walker, scene.match
        if w.step.kind == "read" and w.may_read_on() and not (m.is_over() or 0 in m.to_act()):
            early.append(w.index + 1)
        player.turn(scene)
    assert early == [], f"steps {sorted(set(early))} could be read on while the computer was still to play"
