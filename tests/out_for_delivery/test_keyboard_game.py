"""A whole game of Out For Delivery played with the keyboard alone: from the title menu (N opens
the set-up) through choosing the game, two seats (a person and a rules-of-thumb computer) and
Start, to the scoring screen. Not one mouse event is sent; the person's choices are read from
what the keyboard can reach (``focusables``), steered toward picking up and delivering so the
game ends."""

from __future__ import annotations

import pygame
import pytest

from courier.rules.out_for_delivery.costs import distances
from courier.rules.rng import Rng
from courier.scenes.board import BoardScene
from courier.scenes.menu import MenuScene
from courier.scenes.scoring import ScoringScene
from courier.scenes.setup import SetupScene
from courier.ui.focus import Target
from tests.app.keys import KeyDriver, forbid_mouse, game_seeds, type_seed


class NoMouse(KeyDriver):
    """The key driver, checking every frame carries key or text events only."""

    keyed = False  # True during a frame that carries a key

    def __init__(self, app) -> None:
        super().__init__(app)
        forbid_mouse(app)

    def frame(self, events: list | None = None, dt: float = 1 / 60) -> None:
        self.keyed = bool(events)
        try:
            super().frame(events, dt)
        finally:
            self.keyed = False


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "home"))
    from courier.app import App
    from courier.settings import Settings

    a = App(Settings(reduced_motion=True, anim_speed=4.0), size=(1024, 600), fullscreen=False)
    yield a
    while a.stack.top is not None:
        a.stack.pop()
    pygame.display.quit()


def _set_up(d: NoMouse, seed: int = 7) -> None:
    """Menu -> set-up -> Out For Delivery, two seats: a person and an easy computer -> Start."""
    d.key(pygame.K_n, text="n")
    setup = d.scene
    assert isinstance(setup, SetupScene)
    d.choose(lambda t: t.label.startswith("Game: Out For Delivery"), "Out For Delivery")
    assert setup.game.id == "out-for-delivery"
    players = d.tab_to(lambda t: "players" in t.label and t.adjust is not None, "the player count")
    while setup.players > 2:
        d.key(pygame.K_LEFT)
    assert setup.players == 2, players
    kinds = [t for t in d.targets() if " is played by: " in t.label]
    assert len(kinds) == 2
    d.tab_to(lambda t: t.id == kinds[1].id, "the second seat's kind")
    for _ in range(4):
        if setup.seat_specs()[1].kind == "ai" and setup.seat_specs()[1].level == "easy":
            break
        d.key(pygame.K_LEFT)
    specs = setup.seat_specs()
    assert [(s.kind, s.level) for s in specs][1] == ("ai", "easy") and specs[0].kind == "human"
    type_seed(d, seed)
    d.choose_label("Start")
    assert isinstance(d.scene, BoardScene)


def _goal(board: BoardScene) -> int | None:
    """The tile the person heads for: the delivery tile of a carried parcel, else a pick-up tile
    with parcels waiting (the nearest by the rules' own travel costs)."""
    s, seat = board.match.state, board.seat
    me = s.players[seat]
    b = board.view.board
    dist, _ = distances(b, s, seat)
    if me.parcels:
        goals = [b.city(p.dest).delivery for p in me.parcels]
    else:
        goals = [c.pickup for c in b.cities if s.waiting[c.number - 1]]
    goals = [g for g in goals if g in dist] or goals
    return min(goals, key=lambda g: dist.get(g, 10**6)) if goals else None


def _pick(board: BoardScene, targets: list[Target], rng: Rng) -> Target | None:
    """The person's choice among the enabled targets (None: end the turn with E)."""
    ok = [t for t in targets if t.enabled and t.zone != "bar"]
    label = lambda *words: [t for t in ok if any(w in t.label for w in words)]  # noqa: E731
    for group in (label("Deliver the parcel"), label("Take a parcel"), label("Accept"), label("Start in"),
                  label("start here"), label("Roll for movement")):
        if group:
            return rng.choice(group)
    v = board.view
    s = board.match.state
    if s.phase == "act" and s.players[board.seat].cell != _goal(board):
        goal = _goal(board)
        tiles = [t for t in ok if t.zone == "board"]
        if goal is not None and tiles:
            b = v.board
            dist, _ = distances(b, s, board.seat)
            # the lit tile from which the goal is nearest (judged on the map's grid)
            gx, gy = b.xy(goal)
            best = min(tiles, key=lambda t: abs(b.xy(v.geo.cell_at(t.click_point))[0] - gx) + abs(b.xy(v.geo.cell_at(t.click_point))[1] - gy))
            if v.geo.cell_at(best.click_point) != s.players[board.seat].cell:
                return best
    return None


@pytest.mark.parametrize("seed", game_seeds(7))
def test_a_whole_game_by_keyboard_reaches_the_scores(app, seed) -> None:
    d = NoMouse(app)
    app.stack.push(MenuScene(app))
    d.frame()
    _set_up(d, seed)
    board = d.scene
    m = board.match
    moves: list[tuple[int, bool]] = []  # (seat, made during a key press) for every move played
    submit = m.submit

    def noted(action):
        moves.append((action.seat, d.keyed))
        return submit(action)

    m.submit = noted  # type: ignore[method-assign]
    rng = Rng(17)
    for _ in range(4000):
        if isinstance(d.scene, ScoringScene):
            break
        if d.scene is not board or board.seat is None or board.view.animating():
            d.frame(dt=0.1)
            if board.job is not None and not board.job.done():
                board.job.wait(5)
            continue
        choice = _pick(board, d.targets(), rng)
        if choice is None:
            d.key(pygame.K_e, text="e")
        else:
            d.choose(lambda t, c=choice: t.id == c.id, choice.label)
    assert isinstance(d.scene, ScoringScene), "the game reached the scoring screen"
    assert m.is_over()
    human = [keyed for seat, keyed in moves if m.seats[seat].kind == "human"]
    assert len(human) > 20 and all(human), "every move of the person was made by a key"
    assert any(m.seats[seat].kind == "ai" for seat, _ in moves)

