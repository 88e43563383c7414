"""A whole game of Doorstep Dash with the keyboard alone: from the title menu (N), through the
set-up (the game, the seats, Start), every choice on the board (the opening keep, rolling, driving
with the arrows, claiming cards with the number keys, tests, traps) to the scoring screen. No
mouse event is sent; each human move is read from ``focusables()`` as a player reads the screen.
"""

from __future__ import annotations

import pygame
import pytest

from courier.ai.base import make_bot
from courier.rules.doorstep_dash import actions as A
from courier.rules.rng import Rng
from courier.scenes.board import BoardScene
from courier.scenes.handoff import HandoffScene
from courier.scenes.menu import MenuScene
from courier.scenes.scoring import ScoringScene
from courier.scenes.setup import SetupScene
from courier.ui.focus import ARROWS, Target
from tests.app.keys import KeyDriver, forbid_mouse, game_seeds, type_seed

ARROW_OF = {v: k for k, v in ARROWS.items()}
DIGIT = [getattr(pygame, f"K_{i}") for i in range(1, 10)]
FIRST_TRIES = (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_DOWN, pygame.K_UP)


@pytest.fixture
def app(tmp_path, monkeypatch):
    from courier.app import App
    from courier.settings import Settings

    monkeypatch.setenv("COURIER_HOME", str(tmp_path / "courier-home"))
    a = App(Settings(), size=(1024, 600), fullscreen=False)
    yield a
    while a.stack.top is not None:
        a.stack.pop()
    pygame.display.quit()


def _board_targets(keys: KeyDriver) -> list[Target]:
    return [t for t in keys.targets() if t.zone != "bar"]


def _arrow_to(keys: KeyDriver, want) -> Target:
    """Move the focus with the arrow keys to the board target whose key is ``want`` (Tab when the
    arrows would go round in circles)."""
    seen: set = set()
    tries = 0
    for _ in range(60):
        cur = keys.focused()
        if cur is not None and cur.id == want:
            return cur
        items = [t for t in keys.targets() if t.zone == "board"]
        goal = next(t for t in items if t.id == want)
        if cur is None:
            # with nothing focused, the first arrow goes from the van that way, and does nothing
            # when no drive lies that way: try the arrows in turn, as a player would
            keys.key(FIRST_TRIES[tries % len(FIRST_TRIES)])
            tries += 1
            continue
        if cur.zone != "board":
            keys.tab_to(lambda t: t.zone == "board", "the board")
            continue
        dx, dy = goal.rect.centerx - cur.rect.centerx, goal.rect.centery - cur.rect.centery
        order = sorted([((1 if dx > 0 else -1), 0), (0, (1 if dy > 0 else -1))],
                       key=lambda d: -abs(dx if d[0] else dy))
        before = cur.id
        seen.add(before)
        for d in order:
            keys.key(ARROW_OF[d])
            now = keys.focused()
            if now is not None and now.id != before:
                break
        if now is None or now.id == before or (now.id in seen and now.id != want):
            return keys.tab_to(lambda t: t.id == want, str(want))  # boxed in: Tab reaches it
    raise AssertionError(f"the arrows never reached {want}")


def _pick_cards(keys: KeyDriver, view, cards: tuple[str, ...]) -> None:
    """Press the number keys of the row's cards until exactly ``cards`` are picked."""
    for _ in range(12):
        want = set(cards)
        if view.selected == want:
            return
        targets = [t for t in keys.targets() if t.zone == "cards"]
        for n, t in enumerate(targets):
            name = t.id[1]
            if (name in want) != (name in view.selected):
                if name not in want or len(view.selected) < len(cards) or isinstance(view.legal[0], A.Keep):
                    keys.key(DIGIT[n])
                    break
    assert view.selected == set(cards), (view.selected, cards)


def _act(keys: KeyDriver, board: BoardScene, action, used: dict[str, int]) -> None:
    """Make ``action`` with keys only, the way a player at the keyboard would."""
    view = board.view
    if isinstance(action, A.Move):
        _arrow_to(keys, ("drive", action.to))
        keys.key(pygame.K_RETURN)
        used["arrows"] += 1
    elif isinstance(action, (A.Keep, A.Claim)):
        if isinstance(action, A.Claim) and len([a for a in view.legal if isinstance(a, A.Claim)]) == 1:
            keys.choose(lambda t: t.label.startswith("Claim"), "Claim")
        else:
            _pick_cards(keys, view, action.cards)
            used["numbers"] += 1
            word = "Keep" if isinstance(action, A.Keep) else "Claim"
            keys.choose(lambda t: t.label.startswith(word) and t.enabled, word)
    elif isinstance(action, (A.Give, A.Discard)):
        cards = [t for t in keys.targets() if t.zone == "cards"]
        n = next(i for i, t in enumerate(cards) if t.label.lower().startswith(action.kind))
        keys.key(DIGIT[n])
        used["numbers"] += 1
    else:
        word = {A.Roll: "Roll", A.EndTurn: "End turn", A.PlayBlue: "Play blue", A.Accept: "Accept",
                A.SetTrap: "Set trap", A.RemoveTrap: "Lift trap", A.GiveUp: "Give up"}[type(action)]
        keys.choose(lambda t: t.label.startswith(word) and t.enabled, word)
        used[word] = used.get(word, 0) + 1


@pytest.mark.parametrize("seed", game_seeds(5))
def test_a_whole_game_by_keyboard_from_the_menu_to_the_scores(app, seed):
    app.settings.reduced_motion = True  # the test is about the keys; animations end at once
    forbid_mouse(app)
    keys = KeyDriver(app)
    app.stack.push(MenuScene(app))
    keys.frame()
    keys.key(pygame.K_n, text="n")
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    keys.choose(lambda t: t.label.startswith("Game: Doorstep Dash"), "Doorstep Dash")
    assert setup.game is not None and setup.game.id == "doorstep-dash"
    # the shortest game: two seats (a person and a computer); Left/Right change a stepper
    keys.tab_to(lambda t: "players" in t.label and t.adjust is not None, "the players stepper")
    for _ in range(4):
        if setup.players == 2:
            break
        keys.key(pygame.K_LEFT)
    assert setup.players == 2 and setup.seat_specs()[0].kind == "human" and setup.seat_specs()[1].kind == "ai"
    type_seed(keys, seed)
    keys.choose_label("Start")
    board = app.stack.top
    assert isinstance(board, BoardScene) and board.match.game_id == "doorstep-dash"
    match = board.match
    human = match.seats.index(next(s for s in match.seats if not s.is_ai))
    by_seat: dict[int, int] = {}
    submit = match.submit

    def counted(action):
        by_seat[action.seat] = by_seat.get(action.seat, 0) + 1
        return submit(action)

    match.submit = counted  # type: ignore[method-assign]
    bot = make_bot("doorstep-dash", "easy")
    rng = Rng(7)
    used = {"arrows": 0, "numbers": 0}
    moves = 0
    kinds: set[type] = set()
    for _ in range(5000):
        top = app.stack.top
        if isinstance(top, ScoringScene):
            break
        if isinstance(top, HandoffScene):
            keys.key(pygame.K_RETURN)
            continue
        if top is board and board.seat == human and not board.view.animating() and board.job is None:
            legal = match.legal(human)
            action = bot.choose(match.game, match.view(human), human, legal, rng)
            before = len(match.log)
            _act(keys, board, action, used)
            keys.frame(dt=0.05)
            assert len(match.log) > before and match.log[before] == action.to_text(), (action, match.log[before:])
            assert board.flash is None or "wait" not in board.flash[0].lower()
            kinds.add(type(action))
            moves += 1
            continue
        keys.frame(dt=0.1)
        if board.job is not None and not board.job.done():
            board.job.wait(5)
    assert isinstance(app.stack.top, ScoringScene), "the game did not reach the scores"
    assert match.is_over()
    # every human move was made by keys, and every kind of choice the game offered was met
    assert by_seat.get(human) == moves and moves > 10, (by_seat, moves)
    assert by_seat.get(1 - human, 0) > 0  # the computer played too
    assert {A.Keep, A.Roll, A.Move, A.EndTurn} <= kinds, kinds
    assert used["arrows"] > 0 and used["numbers"] > 0
