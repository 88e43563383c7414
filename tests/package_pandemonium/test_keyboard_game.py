"""One whole game of Package Pandemonium played with key events only, from the title menu to
the scoring screen: N opens the set-up, Tab and Enter choose the game, the arrows set two
players, Enter on Start; then the person at seat 1 places a base, picks a company, plays a
priority card each round (number keys), chooses who drives first, plans routes with the
arrows and drives them with Enter, steers the Rogue, presses the panel's buttons, against a
computer player. No mouse event is ever sent."""

from __future__ import annotations

import random

import pygame
import pytest

from courier.scenes.board import BoardScene
from courier.scenes.handoff import HandoffScene
from courier.scenes.menu import MenuScene
from courier.scenes.scoring import ScoringScene
from tests.app.keys import game_seeds, type_seed
from tests.package_pandemonium.kb_play import NoMouse, take_turn


def _set_up_by_keys(d: NoMouse, seed: int) -> None:
    d.key(pygame.K_n, text="n")
    assert type(d.scene).__name__ == "SetupScene"
    d.choose(lambda t: "Package Pandemonium" in t.label, "the game")
    players = d.tab_to(lambda t: "players" in t.label and t.adjust is not None, "the number of players")
    for _ in range(4):
        if ": 2 players" in players.label:
            break
        d.key(pygame.K_LEFT)
        players = d.focused()
        assert players is not None
    assert ": 2 players" in players.label, players.label
    type_seed(d, seed)
    d.choose(lambda t: t.label == "Start", "Start")


# seed 60: a game where the ring's target lends its key to End route (see kb_play.same)
@pytest.mark.parametrize("seed", game_seeds(60))
def test_a_whole_game_by_keys_from_the_title_menu(tmp_path, monkeypatch, seed):
    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "home"))
    from courier.app import App
    from courier.settings import Settings

    settings = Settings()
    settings.reduced_motion = True  # moves show their result at once: the test is about the keys
    app = App(settings, size=(1280, 720), fullscreen=False)
    try:
        app.stack.push(MenuScene(app))
        d = NoMouse(app)
        d.frame()
        _set_up_by_keys(d, seed)
        board = d.scene
        assert isinstance(board, BoardScene) and board.match.game_id == "package-pandemonium"
        m = board.match
        people = [i for i, s in enumerate(m.seats) if not s.is_ai]
        assert people and len(m.seats) == 2
        rng = random.Random(7)
        kinds: dict[str, int] = {}
        moves, still = len(m.log), 0
        for _ in range(30000):
            top = app.stack.top
            if isinstance(top, ScoringScene):
                break
            if len(m.log) == moves:
                still += 1
                assert still < 400, (f"stuck in round {m.state.round}, phase {m.state.phase}: "
                                     f"{[t.label for t in d.targets()]} {board.flash}")
            else:
                moves, still = len(m.log), 0
            if isinstance(top, HandoffScene):
                d.key(pygame.K_RETURN)
                continue
            if top is board and board.seat is not None and not board.view.animating() and board.job is None:
                kind = take_turn(d, board, rng)
                kinds[kind] = kinds.get(kind, 0) + 1
                continue
            if board.job is not None and not board.job.done():
                board.job.wait(5)
            d.frame(dt=0.25)
        print("choices by keys:", kinds)
        assert isinstance(app.stack.top, ScoringScene), "the game never reached the scoring screen"
        assert m.is_over() and m.state.round >= m.state.config.rounds
        # every kind of the person's choice was made, and only by keys (NoMouse checks every event)
        for kind in ("base", "card", "prompt", "step", "drive"):
            assert kinds.get(kind), (kind, kinds)
        mine = [t for t in m.log if any(t.startswith(f"p{p + 1} ") for p in people)]
        assert sum(" priority " in t for t in mine) == m.state.config.rounds  # a card each round
        assert any(" base " in t for t in mine) and any(" company " in t for t in mine), mine[:4]
    finally:
        while app.stack.top is not None:
            app.stack.pop()
        pygame.display.quit()
