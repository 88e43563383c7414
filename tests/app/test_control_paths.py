"""Each game's view says which of its controls make a move (``GameView.controls_for``), for the
guided games' lit controls and the hints.

Over positions of seeded random games of every game, with a person in every seat: for each legal
move of a seat to act, a fresh view shown that position, given the path's presses, returns
exactly that move on the last press, both when each control is clicked and when the keyboard's
focus is put on it and Enter pressed (the focus model as the board drives it). Each game's share
of moves with a path is counted and must be whole, save the moves named in ``NO_CONTROL``. Every
move the four guided games ask for has a path at its step.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable, Hashable

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from courier.ai.base import make_bot
from courier.match import Match, SeatSpec
from courier.rules.base import Action
from courier.rules.rng import Rng
from courier.scenes.board import BoardScene
from courier.tutorial import script as tutorial_script
from courier.tutorial.walk import LEARNER, Walker, play_computers
from courier.ui import focus, theme
from courier.ui.game_view import GameView

GAMES = {"next-day": 3, "doorstep-dash": 2, "package-pandemonium": 2, "out-for-delivery": 2}
C = [c for _, c in theme.PLAYER_COLOURS]


def _route_comes_back(view: Any, action: Action) -> bool:
    """A Package Pandemonium route that comes back onto a tile already on it: a click on a planned
    tile takes the route back to that tile, so only the arrow keys plan such a route."""
    from courier.rules.package_pandemonium.board import step_cell

    dirs = getattr(action, "directions", None)
    if not dirs:
        return False
    cells = [view._start_cell()]
    for d in dirs:
        cells.append(step_cell(cells[-1], d))
    return len(set(cells)) < len(cells)


#: moves a person makes with no path of clicks, by game: (name, test on the view and the move)
NO_CONTROL: dict[str, list[tuple[str, Callable[[Any, Action], bool]]]] = {gid: [] for gid in GAMES}
NO_CONTROL["package-pandemonium"].append(("route back over a planned tile", _route_comes_back))


def _exception(game_id: str, view: GameView, action: Action) -> str | None:
    return next((name for name, test in NO_CONTROL[game_id] if test(view, action)), None)
#: moves a seeded game is played for; every ``EVERY``-th position is looked at
MOVES, EVERY = 240, 6
#: at most this many legal moves of one position are tried (a sample, seeded, when there are more);
#: fewer, and fewer positions, for the games whose views are slow to copy and to ask (Next Day)
PER_POSITION = 6
LIGHTER = {"next-day": (2, 12), "doorstep-dash": (4, EVERY)}


def _budget(game_id: str) -> tuple[int, int]:
    """(moves tried per position, every how many moves a position is looked at) for the game."""
    return LIGHTER.get(game_id, (PER_POSITION, EVERY))


def _match(game_id: str, seed: int) -> Match:
    seats = [SeatSpec(f"P{i + 1}", C[i], "human", "easy") for i in range(GAMES[game_id])]
    return Match.new(game_id, seats, seed=seed)


class Host:
    """The board's part in a key press: the focus ring over the view's targets; Enter on a target
    with no action of its own is a click through ``handle_event``, as ``focus.activate`` does."""

    def __init__(self, view: GameView) -> None:
        self.view = view
        self.focus_ring = focus.FocusRing()
        self.got: list[Action] = []

    def focusables(self) -> list[focus.Target]:
        return self.view.focusables()

    def focus_origin(self) -> Any:
        return self.view.focus_origin()

    def handle_event(self, event: pygame.event.Event) -> bool:
        a = self.view.handle_event(event)
        if a is not None:
            self.got.append(a)
            return True
        return False

    def say_refusal(self, text: str) -> None:
        raise AssertionError(f"a control on the path was refused: {text}")


def _play_on(match: Match, rng: random.Random) -> None:
    """One move of the seeded game: half the time any legal move, else the rule-of-thumb
    player's (so games get past their set-up and reach every phase)."""
    seat = rng.choice(match.to_act())
    legal = match.legal(seat)
    if rng.random() < 0.5:
        match.submit(rng.choice(legal))
        return
    bot = make_bot(match.game_id, "heuristic-easy")
    match.submit(bot.choose(match.game, match.view(seat), seat, legal, Rng(rng.randrange(1 << 30))))


def _fresh(board: BoardScene, match: Match, seat: int) -> GameView:
    view = board.make_game_view()
    view.show(match.view(seat), seat, match.legal(seat))
    return view


def _by_click(view: GameView, path: list[Hashable]) -> list[Action | None]:
    out: list[Action | None] = []
    for key in path:
        t = next((t for t in view.focusables() if t.id == key), None)
        assert t is not None, f"no control {key!r} at this press"
        got = [a for e in focus.click_events(t.click_point) if (a := view.handle_event(e)) is not None]
        out.append(got[-1] if got else None)
    return out


def _by_enter(view: GameView, path: list[Hashable]) -> list[Action | None]:
    host = Host(view)
    out: list[Action | None] = []
    for key in path:
        t = next((t for t in view.focusables() if t.id == key), None)
        assert t is not None, f"no control {key!r} at this press"
        host.focus_ring.active = True
        host.focus_ring._set(t)
        host.handle_event(focus.hover_event(t.click_point))  # where the ring stands, as the board hovers it
        before = len(host.got)
        focus.route(host, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
        out.append(host.got[-1] if len(host.got) > before else None)
    return out


def check(board: BoardScene, match: Match, seat: int, action: Action) -> str:
    """The move's path makes it by clicks and by Enter ("path"); with no path, the documented
    exception it falls under, or "none"."""
    view = _fresh(board, match, seat)
    path = view.controls_for(action)
    if path is None:
        return _exception(match.game_id, view, action) or "none"
    assert path, f"an empty path for {action.to_text()}"
    # the clicks go to the view that answered: working the path out must have changed nothing
    for press, on in ((_by_click, view), (_by_enter, _fresh(board, match, seat))):
        got = press(on, path)
        assert got[-1] == action, f"{press.__name__} {path} made {got[-1]} not {action.to_text()}"
        assert all(g is None for g in got[:-1]), f"{press.__name__} {path}: a move before the last press: {got}"
    return "path"


def _kind(action: Action) -> str:
    return type(action).__name__


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_move_of_seeded_games_has_a_path(app: Any, game_id: str) -> None:
    covered: Counter[str] = Counter()
    missing: Counter[str] = Counter()
    excused: Counter[str] = Counter()
    board: BoardScene | None = None
    for seed in (1, 2, 3):
        match = _match(game_id, seed)
        board = board or app.stack.push(BoardScene(app, match, autosave=False, ai_pause=0.0))
        rng = random.Random(seed)
        per, every = _budget(game_id)
        for n in range(MOVES):
            if match.is_over():
                break
            for seat in match.to_act() if n % every == 0 else ():
                legal = match.legal(seat)
                for action in rng.sample(legal, min(per, len(legal))):
                    got = check(board, match, seat, action)
                    if got == "path":
                        covered[_kind(action)] += 1
                    else:
                        (missing if got == "none" else excused)[f"{_kind(action)} ({got})"] += 1
            _play_on(match, rng)
    n, made = sum(covered.values()) + sum(missing.values()) + sum(excused.values()), sum(covered.values())
    print(f"{game_id}: {made}/{n} moves tried have a path ({made / max(1, n):.1%}); "
          f"by kind {dict(covered)}; documented exceptions {dict(excused)}")
    assert not missing, f"{game_id}: no path for {dict(missing)} (with: {dict(covered)})"
    assert made > 100


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_probe_copies_the_choices_and_shares_the_board(app: Any, game_id: str) -> None:
    # the board's move caches grow all game long: copied with every probe, a late position's
    # hint took a second (the seeded Doorstep Dash test above, after a behaviour key, half an hour)
    from courier.ui.control_paths import probe

    match = _match(game_id, 1)
    board = app.stack.push(BoardScene(app, match, autosave=False, ai_pause=0.0))
    view = _fresh(board, match, match.to_act()[0])
    trial = probe(view)
    assert trial is not view and trial.ctx is view.ctx
    rules_board = getattr(view, "board", None)
    if rules_board is not None:
        assert trial.board is rules_board
        parts = [getattr(trial, name) for name in ("painter", "panel", "anim") if hasattr(trial, name)]
        assert all(getattr(part, "board", rules_board) is rules_board for part in parts)
    app.stack.pop()


#: generated positions per game: fewer for Next Day, whose board is slow to build and its views to
#: copy (its seeded test above looks at many more of its positions)
EXAMPLES = {"next-day": 3}


def _examples(game_id: str) -> Any:
    return settings(max_examples=EXAMPLES.get(game_id, 10), deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_random_position_s_moves_have_paths(app: Any, game_id: str) -> None:
    @_examples(game_id)
    @given(seed=st.integers(0, 10_000), moves=st.integers(0, 300), pick=st.randoms(use_true_random=False))
    def one(seed: int, moves: int, pick: random.Random) -> None:
        _random_position(app, game_id, seed, moves, pick)

    one()


def _random_position(app: Any, game_id: str, seed: int, moves: int, pick: random.Random) -> None:
    match = _match(game_id, seed)
    for _ in range(moves):
        if match.is_over():
            break
        _play_on(match, pick)
    if match.is_over():
        return
    board = app.stack.push(BoardScene(app, match, autosave=False, ai_pause=0.0))
    for seat in match.to_act():
        legal = match.legal(seat)
        for action in pick.sample(legal, min(_budget(game_id)[0], len(legal))):
            assert check(board, match, seat, action) != "none", action.to_text()
    app.stack.pop()


@pytest.mark.parametrize("game_id", tutorial_script.games_with_tutorials(list(GAMES)))
def test_every_move_a_guided_game_asks_for_has_a_path(app: Any, game_id: str) -> None:
    walker = Walker(tutorial_script.load(game_id))
    m = walker.match
    board = app.stack.push(BoardScene(app, m, autosave=False, ai_pause=0.0))
    asked = 0
    while not walker.finished and not (walker.step and walker.step.play):
        step = walker.step
        assert step is not None
        play_computers(m)
        if step.kind == "read":
            assert walker.read_on()
            continue
        action = walker.wanted_action()
        assert action is not None, f"step {walker.index + 1}: {walker.wanted()!r} is not legal"
        assert check(board, m, LEARNER, action) == "path", f"step {walker.index + 1}: no path for {action.to_text()}"
        asked += 1
        m.submit(action)
        walker.moved()
    assert asked > 3
