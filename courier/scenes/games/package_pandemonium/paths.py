"""Which of Package Pandemonium's controls make a move (for the guided game's lit controls and
the hints): a route is its tiles clicked one by one, then Drive (or Send the Rogue); a base is
its tile; a priority card is its card; the prompt's answers and the panel's buttons are
themselves. ``courier.ui.control_paths.follow`` presses them on copies and keeps only a path
that makes the move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Hashable, Sequence

from courier.rules.base import Action
from courier.rules.package_pandemonium import actions as A
from courier.rules.package_pandemonium.board import step_cell
from courier.ui.control_paths import follow

if TYPE_CHECKING:
    from courier.scenes.games.package_pandemonium.view import PandemoniumView

CONFIRM = ("panel", "confirm")
CLEAR = ("panel", "Clear (Esc)")


def _route(view: "PandemoniumView", dirs: tuple[str, ...]) -> list[Hashable]:
    """The next press of a route: clear a plan that strays from it, else its next tile, else Drive."""
    plan = tuple(view.plan)
    if plan != dirs[: len(plan)]:
        return [CLEAR]
    if plan == dirs:
        return [CONFIRM]
    cell = step_cell(view._plan_end(), dirs[len(plan)])
    return [("step", cell)]


def next_controls(view: "PandemoniumView", action: Action) -> Sequence[Hashable] | None:
    if isinstance(action, (A.Step, A.Drive)) or (isinstance(action, A.RogueRoute) and action.directions):
        dirs = (action.direction,) if isinstance(action, A.Step) else action.directions
        return _route(view, tuple(dirs))
    if isinstance(action, A.PlaceBase):
        return [("board", action.cell)]
    if isinstance(action, A.PlayPriority):
        return [("card", action.card)]
    if view.prompt is not None:
        return [("dialog", o.label) for o in view.prompt.options if o.target == action]
    if view.plan and not isinstance(action, A.EndRoute):
        return [CLEAR]  # a half-planned route hides the Rogue's "stay" button
    return [("panel", b.label) for b in view.buttons if b.action == action]


def controls_for(view: "PandemoniumView", action: Action) -> list[Hashable] | None:
    return follow(view, action, next_controls)
