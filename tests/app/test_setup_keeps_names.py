"""The New game screen keeps the names typed on it, as a player expects: through a change of
game (even to a game that remembers another table), a change of the number of players (a seat
left out comes back with its name), a change of who plays a seat, and a trip to the title screen
and back; starting a game makes them that game's memory.

Checked over generated sequences of those steps, driven by real clicks and keys.
"""

from __future__ import annotations

import pygame
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from courier.scenes.menu import MenuScene
from courier.scenes.setup import KINDS, SetupScene
from courier.settings import SeatChoice, SetupChoice

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eli", "Flo"]

STEPS = st.one_of(
    st.tuples(st.just("type"), st.integers(0, 3), st.sampled_from(NAMES)),
    st.tuples(st.just("game"), st.integers(0, 3), st.just("")),
    st.tuples(st.just("players"), st.integers(1, 4), st.just("")),
    st.tuples(st.just("kind"), st.integers(0, 3), st.sampled_from([str(k) for k in range(len(KINDS))])),
    st.tuples(st.just("away"), st.just(0), st.just("")),
)


def setup_top(app) -> SetupScene:
    top = app.stack.top
    assert isinstance(top, SetupScene)
    return top


def type_name(drive, setup: SetupScene, seat: int, name: str) -> None:
    entry = setup.entries[seat]
    drive.click(entry.rect.center)
    drive.key(pygame.K_a, pygame.KMOD_LCTRL)
    drive.type(name)
    drive.key(pygame.K_RETURN)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(STEPS, min_size=1, max_size=10))
@example(steps=[("type", 1, "Bob"), ("game", 2, ""), ("away", 0, "")])  # three players shown, for a game of 1-3
@example(steps=[("type", 0, "Ann"), ("game", 1, "")])  # a game remembering another table
def test_names_typed_on_the_new_game_screen_are_kept(app, drive, steps):
    app.setup_draft = None
    # Doorstep Dash remembers another table: changing to it must not wipe what was typed
    app.settings.last_setup = {"doorstep-dash": SetupChoice(players=3, seats=[
        SeatChoice(name=n, colour=i, kind="human") for i, n in enumerate(["Zed", "Yan", "Xia"])])}
    app.stack.reset(MenuScene(app))
    drive.frame()
    drive.key(pygame.K_n)
    typed: dict[int, str] = {}
    for kind, k, text in steps:
        setup = setup_top(app)
        if kind == "type" and k < setup.players:
            type_name(drive, setup, k, text)
            typed[k] = text
        elif kind == "game":
            b = setup.game_buttons[k % len(setup.game_buttons)]
            drive.click(b.rect.center)
        elif kind == "players":
            setup.set_players(k)
        elif kind == "kind" and k < setup.players:
            setup.set_kind(k, int(text))
        elif kind == "away":
            left = (setup.game_index, setup.players)
            drive.key(pygame.K_ESCAPE)
            assert isinstance(app.stack.top, MenuScene)
            drive.key(pygame.K_n)
            back = setup_top(app)
            assert (back.game_index, back.players) == left, "the screen comes back as it was left"
        setup = setup_top(app)
        drive.frame()
        for seat, name in typed.items():
            if seat < setup.players:
                assert setup.seats[seat].name == name and setup.entries[seat].text == name, (seat, name, steps)


def test_a_started_game_leaves_no_draft_behind(app, drive):
    app.stack.reset(MenuScene(app))
    drive.frame()
    drive.key(pygame.K_n)
    setup = setup_top(app)
    type_name(drive, setup, 0, "Ann")
    drive.key(pygame.K_ESCAPE)
    drive.key(pygame.K_n)
    setup = setup_top(app)
    assert setup.seats[0].name == "Ann"
    assert setup.start() is not None
    assert getattr(app, "setup_draft", None) is None
    again = app.stack.push(SetupScene(app))
    assert again.seats[0].name == "Ann"  # now the game's memory offers it
