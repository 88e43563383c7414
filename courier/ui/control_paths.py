"""Which controls of a game's view make a given move: the presses, in order, from the view as it
is now (a tile already chosen, a dialog already open count).

Each game's ``paths`` module knows how its own controls build its moves; it says, for the view as
it stands, which control to press next toward the move (``NextControls``). ``follow`` presses
them on throwaway copies of the view, one at a time, and keeps the path only when the last press
gives exactly the move: what is returned is checked, never guessed. The live view is not touched.

A press is a left click at the control's point, which is also what Enter on the focused control
does (``courier.ui.focus.activate``): one path serves the mouse and the keyboard.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Callable, Hashable, Sequence

from courier.rules.base import Action
from courier.ui.focus import Target, click_events

if TYPE_CHECKING:
    from courier.ui.game_view import GameView

#: given a view as it stands and the move wanted: the ids of the controls that may be pressed
#: next toward it, best first ([]: nothing helps now; None: the view does not know this move)
NextControls = Callable[["GameView", Action], "Sequence[Hashable] | None"]

#: the most presses one move may take (a long route, a "+" pressed many times)
MOST_PRESSES = 40


def pressable(t: Target) -> bool:
    """A control a click (or Enter) works: enabled, no key-only changer, no text box."""
    return t.enabled and t.activate is None and t.adjust is None and not t.takes_text


def press(view: "GameView", target: Target) -> Action | None:
    """Click ``target`` as the mouse would; the action the view returns, if any."""
    got = None
    for e in click_events(target.click_point):
        a = view.handle_event(e)
        if a is not None:
            got = a
    return got


def probe(view: "GameView") -> "GameView":
    """A throwaway copy of ``view`` with all its half-made choices. The game, its settings and its
    board are shared, not copied: the board is the rules' fixed data, and the caches it keeps of
    the moves worked out on it grow all game long (copied, they made a late position's hint or
    guided step take a second where it took a hundredth)."""
    shared = [view.ctx, getattr(view, "board", None)]
    return copy.deepcopy(view, {id(x): x for x in shared if x is not None})


def target(view: "GameView", key: Hashable) -> Target | None:
    """The control called ``key`` among what the view offers now (the first, as the hint lights)."""
    return next((t for t in view.focusables() if t.id == key), None)


def follow(view: "GameView", action: Action, nexts: NextControls) -> list[Hashable] | None:
    """The ids of the controls that make ``action`` on ``view``, pressed in order, or None.

    At each step the game's ``nexts`` names the candidates; the first whose press gives the
    action ends the path, else the first whose press gives nothing (a step begun) is taken.
    """
    path: list[Hashable] = []
    here = probe(view)
    for _ in range(MOST_PRESSES):
        keys = nexts(here, action)
        if not keys:
            return None
        for key in keys:
            t = target(here, key)
            if t is None or not pressable(t):
                continue
            trial = probe(here)
            got = press(trial, t)
            if got == action and got.seat == action.seat:
                return path + [key]
            if got is None:
                path.append(key)
                here = trial
                break
        else:
            return None
    return None
