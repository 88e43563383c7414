"""Which of Out For Delivery's controls make a move (for the guided game's lit controls and the
hints): a start is its city; a journey its tile; a flight or a boat trip its button, then the
tile; a trade offer the Trade button, the partner, what is given and asked for (gold set with
the amount's steppers), then Make the offer; an answer to an offer may first need the partner's
"show me" button; the rest are the panel's buttons (turning its pages where they do not all
fit). ``courier.ui.control_paths.follow`` presses them on copies and keeps only a path that
makes the move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Hashable, Sequence

from courier.rules.base import Action
from courier.rules.out_for_delivery import actions as A
from courier.ui.control_paths import follow

if TYPE_CHECKING:
    from courier.scenes.games.out_for_delivery.view import OfdView

#: the panel's or dialog's buttons that only lead on: the partner's "show me", the next page, Cancel
LEADS_ON = ("handoff", "page", "cancel")


def _buttons(view: "OfdView") -> list[tuple[Any, Hashable]]:
    """The buttons pressable now with the ids the keyboard knows them by."""
    if view.dlg.rect is not None:
        return [(b, view._target(b, "dialog", view.dlg.rect).id) for b in view.dlg.buttons]
    return [(b, view._target(b, "panel", view.panel_rect).id) for b in view.acts.buttons]


def _gold_step(have: int, want: int) -> str:
    gap = want - have
    return "+10" if gap >= 10 else "-10" if gap <= -10 else "+1" if gap > 0 else "-1"


def _offer(view: "OfdView", action: A.Offer, btns: list[tuple[Any, Hashable]]) -> list[Hashable]:
    if view.mode != "trade":  # the Trade button, on the panel's next page if not on this one
        return [k for b, k in btns if b.command == "trade"] or [k for b, k in btns if b.command in LEADS_ON]
    t = view.trade
    if t.get("partner") != action.partner:
        return [("dialog", f"partner:{action.partner}")]
    for side, want in (("give", action.give), ("get", action.get)):
        have = str(t.get(side) or "")
        if want.startswith("gold:"):
            if not have.startswith("gold:"):
                return [("dialog", f"gold:{side}")]
            if have != want:
                return [("dialog", f"step:{side}:{_gold_step(int(have[5:]), int(want[5:]))}"), ("dialog", f"step:{side}:All")]
        elif have != want:
            return [("dialog", f"{side}:{want}")]
    return [("dialog", "offer")]


def next_controls(view: "OfdView", action: Action) -> Sequence[Hashable] | None:
    btns = _buttons(view)
    direct = [k for b, k in btns if b.action == action]
    if direct:
        return direct
    if isinstance(action, A.StartCity):
        return [("board", "start", action.city)]
    if isinstance(action, (A.Fly, A.BoatMove)):
        mode = "fly" if isinstance(action, A.Fly) else "boat"
        if view.mode == mode:
            return [("board", mode, action.cell)]
        return [k for b, k in btns if b.command in (mode, "cancel")]
    if isinstance(action, A.Move):
        if view.mode in ("fly", "boat"):
            return [k for b, k in btns if b.command == view.mode]  # out of the flight first
        return [("board", "tile", action.cell), ("tiles", action.cell)]
    if isinstance(action, A.Offer):
        return _offer(view, action, btns)
    return [k for b, k in btns if b.command in LEADS_ON]


def controls_for(view: "OfdView", action: Action) -> list[Hashable] | None:
    return follow(view, action, next_controls)
