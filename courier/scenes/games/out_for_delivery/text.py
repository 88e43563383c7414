"""The words of the Out For Delivery board: status hints, tile tooltips and labels (no drawing)."""

from __future__ import annotations

from courier.rules.out_for_delivery import engine
from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.config import OBSTACLES
from courier.rules.out_for_delivery.preview import MovePreview
from courier.rules.out_for_delivery.state import OfdState


def describe_cell(board: Board, v: OfdState, cell: int, reach: dict[int, int], preview: MovePreview | None,
                  names: list[str]) -> str:
    """Tooltip words for a tile: what it is, what entering it costs now, who and what is there."""
    parts = []
    number = board.city_of[cell]
    region = board.regions[board.region_of[cell]].name if board.region_of[cell] >= 0 else ""
    if number:
        c = board.city(number)
        kind = "pick-up tile" if cell == c.pickup else "delivery tile" if cell == c.delivery else "streets"
        parts.append(f"{c.name} (city {number}, {region}): {kind}")
        if cell == c.pickup:
            waiting = v.waiting[number - 1]
            parts.append(f"{len(waiting)} parcel{'s' if len(waiting) != 1 else ''} waiting" + (": " + ", ".join(board.city(d).name for d in sorted(waiting)) if waiting else ""))
    else:
        t = board.terrain[cell]
        parts.append({"road": "Road", "mountain": "Mountain pass (rough: double cost)", "river": "River crossing (rough: double cost)"}.get(t, "Off the road"))
        if region:
            parts[-1] += f", {region}"
    if board.terrain[cell] != "offroad" and v.round > 0 and v.phase != "over":
        cost = engine.step_cost(board, v, v.current, cell)
        parts.append("Shut this round" if cost is None else f"{cost / 2:g} MP to enter")
    if preview is not None:
        parts.append(f"Travel here: {preview.cost / 2:g} of your {v.mp / 2:g} MP, leaving {preview.left / 2:g}")
        if preview.warning:
            parts.append(f"Careful: you would arrive with {preview.left / 2:g} MP, {preview.warning}")
    elif cell in reach and cell != v.players[v.current].cell:
        parts.append(f"Travel here: {reach[cell] / 2:g} of your {v.mp / 2:g} MP")
    here = [names[i] for i, p in enumerate(v.players) if p.cell == cell]
    if here:
        parts.append("Here: " + ", ".join(here))
    return ". ".join(parts)


def status(board: Board, v: OfdState | None, seat: int | None, mode: str, only_end: bool,
           hover: tuple[int, MovePreview] | None) -> str:
    """One line of guidance for the person acting now."""
    if v is None:
        return ""
    if seat is None:
        return "The game is over." if v.phase == "over" else ""
    if v.phase == "start":
        return "Choose the city you start in: click it on the map or in the panel."
    if v.phase == "roll":
        return "Roll the dice for your movement points (Space)."
    if v.phase == "answer":
        return "Accept or decline the trade offer."
    if mode == "fly":
        return "Click a tile of the city to fly to (Esc to cancel)."
    if mode == "boat":
        return "Click the river crossing to row across (Esc to cancel)."
    if mode == "trade":
        return "Choose what you give and what you ask for, then make the offer."
    ob = OBSTACLES[v.obstacle].name if v.obstacle != "none" else ""
    if hover is not None:
        cell, pv = hover
        where = board.place_name(cell)
        if pv.warning:
            return f"{pv.cost / 2:g} MP to {where} leaves {pv.left / 2:g}: {pv.warning}."
        return f"Travel to {where}: {pv.cost / 2:g} MP, leaving {pv.left / 2:g} MP."
    if only_end:
        return "Nothing more to do this turn: end it (E)." + (f" Event: {ob}." if ob else "")
    return f"{v.mp / 2:g} MP left: click a lit tile to travel, or act from the panel." + (f" Event: {ob}." if ob else "")
