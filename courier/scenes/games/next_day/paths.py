"""Which of Next Day's controls make a move (for the guided game's lit controls and the hints):
a contract at set-up is its two town cards; a drive is the vehicle, then the place; moving a
blockage is the blockage, then the road (through Blockage… when a vehicle is picked); a first
bid is its "bid for" button, the amount set with the prompt's steppers, then "Bid N"; a bid in an
auction is the steppers then "Bid N", or Pass; the rest are the panel's buttons. The amount can
also be changed by Left/Right on it, but a path uses the steppers, which a click works.
``courier.ui.control_paths.follow`` presses them on copies and keeps only a path that makes the
move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Hashable, Sequence

from courier.rules.base import Action
from courier.rules.next_day import actions as A
from courier.scenes.games.next_day import dialogs
from courier.ui.control_paths import follow

if TYPE_CHECKING:
    from courier.scenes.games.next_day.view import NextDayView


def _id(b: Any) -> Hashable:
    """A button's keyboard name, as ``focusables`` gives it."""
    if b.zone == "dialog":
        return ("dialog", b.extra.get("key", b.label))
    return (b.zone, b.extra.get("key", b.label), b.label)


def _card(view: "NextDayView", town: str) -> list[Hashable]:
    return [_id(b) for b in view.buttons if b.extra.get("card") == town]


def _amount(view: "NextDayView", amount: int) -> list[Hashable]:
    """The prompt's next stepper toward ``amount``, or its "Bid N" once there."""
    gap = amount - view.amount
    if gap == 0:
        return [("dialog", "bid")]
    step = "+5" if gap >= 5 else "-5" if gap <= -5 else "+1" if gap > 0 else "-1"
    return [("dialog", step)]


def _opens(b: Any, vehicle: str, contract: int) -> bool:
    """Whether the button opens the first bid for ``vehicle`` on ``contract``."""
    return getattr(b.action, "args", None) == (vehicle, contract)


def next_controls(view: "NextDayView", action: Action) -> Sequence[Hashable] | None:
    direct = [_id(b) for b in view.buttons if isinstance(b.action, Action) and b.action == action]
    if direct:
        return direct
    if isinstance(action, A.Pair):
        return _card(view, action.dropoff if view.pickup == action.pickup else action.pickup)
    if isinstance(action, (A.Bid, A.StartBid)):
        if isinstance(action, A.StartBid) and view.offer != (action.vehicle, action.contract):
            if view.offer is not None:
                return [("dialog", "Cancel")]
            return [_id(b) for b in view.buttons if _opens(b, action.vehicle, action.contract)]
        return _amount(view, action.amount) if dialogs.is_open(view) else []
    if isinstance(action, A.Drive):
        if view.selected != action.vehicle:
            return [("vehicle", action.vehicle)]
        return [("place", action.dest)]
    if isinstance(action, A.MoveBlockage):
        if view.picked_blockage == action.blockage:
            return [("road", action.road)]
        return [("blockage", action.blockage)] + [_id(b) for b in view.buttons if b.label == "Blockage…"]
    return []


def controls_for(view: "NextDayView", action: Action) -> list[Hashable] | None:
    return follow(view, action, next_controls)
