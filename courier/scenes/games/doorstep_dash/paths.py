"""Which of Doorstep Dash's controls make a move (for the guided game's lit controls and the
hints): a drive is its square; keeping opening cards or claiming from the row is the cards picked
(or put back) one by one, then Keep or Claim; the prompt's answers and the panel's buttons are
themselves. ``courier.ui.control_paths.follow`` presses them on copies and keeps only a path
that makes the move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Hashable, Sequence

from courier.rules.base import Action
from courier.rules.doorstep_dash import actions as A
from courier.ui.control_paths import follow

if TYPE_CHECKING:
    from courier.scenes.games.doorstep_dash.view import DoorstepView


def _cards(view: "DoorstepView", action: A.Keep | A.Claim) -> list[Hashable] | None:
    """The next card to put back or pick, while the cards picked are not yet the move's."""
    wanted = set(action.cards)
    extra = sorted(view.selected - wanted)
    if extra:
        return [("card", extra[0])]
    lacking = [c for c in action.cards if c not in view.selected]
    return [("card", lacking[0])] if lacking else None


def next_controls(view: "DoorstepView", action: Action) -> Sequence[Hashable] | None:
    if isinstance(action, A.Move):
        return [("drive", action.to)]
    view.build_buttons()
    if view.prompt is not None:
        return [("prompt", k) for k, b in enumerate(view.prompt.choices) if b.action == action]
    if isinstance(action, (A.Keep, A.Claim)):
        cards = _cards(view, action)
        if cards is not None:
            return cards
    return [("button", b.label.split()[0]) for b in view.buttons if b.action == action]


def controls_for(view: "DoorstepView", action: Action) -> list[Hashable] | None:
    return follow(view, action, next_controls)
