"""The words of the Out For Delivery board: status hints, tile tooltips and labels (no drawing)."""

from __future__ import annotations

from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.config import ITEMS, WEATHERS
from courier.rules.out_for_delivery.preview import MovePreview
from courier.rules.out_for_delivery.state import OfdState, Player
from courier.rules.out_for_delivery.table import OfdTable


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
        cost = OfdTable(v.config, board, v, v.current).step_cost(v.current, cell)
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
    """One line of guidance for the person acting now, naming the keys."""
    if v is None:
        return ""
    if seat is None:
        return "The game is over." if v.phase == "over" else ""
    if v.phase == "start":
        return "Choose your start city: click it, press its number, or arrows and Enter."
    if v.phase == "roll":
        return "Roll for your movement points: press R, or choose the Roll button."
    if v.phase == "answer":
        return "Accept or decline the trade offer (Tab, then Enter)."
    if mode == "fly":
        return "Choose a city tile to fly to: click it, or Tab, arrows and Enter (Esc cancels)."
    if mode == "boat":
        return "Choose the river crossing: click it, or Tab and Enter (Esc cancels)."
    if mode == "trade":
        return "Choose what you give and ask for, then make the offer (Esc closes)."
    if hover is not None:
        cell, pv = hover
        where = board.place_name(cell)
        if pv.warning:
            return f"{pv.cost / 2:g} MP to {where} leaves {pv.left / 2:g}: {pv.warning}."
        return f"Travel to {where}: {pv.cost / 2:g} MP, leaving {pv.left / 2:g} MP."
    if only_end:
        return "Nothing more to do this turn: end it with E."
    return f"{v.mp / 2:g} MP left: pick a lit tile (arrows, Enter) or act in the panel (Tab); E ends the turn."


def reason(why: str | None) -> str:
    """The rules' reason as a sentence for a greyed button."""
    if not why:
        return ""
    why = why[0].upper() + why[1:]
    return why if why.endswith(".") else why + "."


#: what the event of the round is to a courier: one that shuts or hinders is a warning, one that
#: pays or saves is good news, "No Obstacle" is plain information (its name's colour follows)
EVENT_ROLE = {"town_riots": "warning", "holiday": "warning", "bridge_construction": "warning",
              "rock_slide": "warning", "shop_sale": "good", "buy_back": "good", "election_day": "good",
              "happy_customer": "good", "none": "info"}


def event_role(obstacle: str) -> str:
    return EVENT_ROLE.get(obstacle, "info")


def round_title(v: OfdState) -> str:
    if v.phase == "start":
        return "Set-up: choose start cities"
    if v.phase == "over":
        return f"Game over after round {v.round}"
    return f"Round {v.round}"


def richest(v: OfdState, cfg, names: list[str]) -> str:
    """Who ends richest (gold, items at their worth, less the parcels still carried)."""
    table = OfdTable.of(cfg, v)
    worth = [table.wealth(i) for i in range(len(v.players))]
    top = max(worth)
    who = " and ".join(n for n, w in zip(names, worth) if w == top)
    return f"Richest: {who} ({top} g)"


def who_line(v: OfdState, name: str) -> str:
    verb = {"start": "picks a city", "roll": "to roll", "act": "on the road", "answer": "decides"}.get(v.phase, "")
    return f"{name} {verb}"


def courier_extra(p: Player) -> str:
    n = len(p.items)
    return f"{p.delivered} delivered · {n} item{'s' if n != 1 else ''}"


def courier_summary(p: Player, name: str) -> str:
    """A courier's card in words (its tooltip: what a small card leaves out)."""
    items = ", ".join(ITEMS[i].name for i in p.items) or "none"
    carried = len(p.parcels)
    return f"{name} · {p.gold} gold · {courier_extra(p)} ({items}) · carrying {carried} parcel{'s' if carried != 1 else ''}"


def weather_words(board: Board, v: OfdState, region: int) -> str:
    w = WEATHERS[v.weather[region]]
    cost = OfdTable(v.config, board, v, v.current).dmc(v.current, region) / 2
    return f"{board.regions[region].name}: {w.name}, {cost:g} MP a step this turn"


def notable_tiles(board: Board, v: OfdState, seat: int, reach: dict[int, int], prev: dict[int, int]) -> list[int]:
    """The tiles the arrow keys visit: each city's pick-up and delivery tiles in reach (or its
    nearest tile), couriers in reach, and the farthest tiles along each road."""
    me = v.players[seat].cell
    out: list[int] = []
    for city in board.cities:
        inside = [c for c in city.cells if c in reach and c != me]
        ends = [c for c in (city.pickup, city.delivery) if c in reach and c != me]
        out += ends or ([min(inside, key=lambda c: (reach[c], c))] if inside else [])
    out += sorted({p.cell for p in v.players if p.cell in reach and p.cell != me and p.cell not in out})
    parents = set(prev.values())
    out += sorted((c for c in reach if c != me and c not in parents and not board.city_of[c] and c not in out),
                  key=lambda c: (board.xy(c)[1], board.xy(c)[0]))
    return out


def hint_words(board: Board, cell: int, preview: MovePreview | None) -> str:
    """A hint's travel in the players' words. A city's tile is named; a road, pass or river
    tile has no name of its own, so the hint speaks of the lit tile and its reason of the place
    it heads for (never "the road" as where to go)."""
    number = board.city_of[cell]
    cost = f"{preview.cost / 2:g} MP, leaving {preview.left / 2:g}" if preview is not None else ""
    if number:
        where = board.place_name(cell)
        text = f"Travel to {where}" + (f": {cost}" if cost else "")
        if preview is not None and preview.warning:
            text += f" ({preview.warning.replace(' there', ' there this turn', 1)})"
        return text
    kind = {"mountain": "mountain pass", "river": "river crossing"}.get(board.terrain[cell], "road tile")
    return f"Travel to the lit {kind}" + (f": {cost}" if cost else "")


def travel_label(board: Board, v: OfdState, cell: int, preview: MovePreview | None, names: list[str]) -> str:
    """A tile the keyboard can pick, in words: where it is, what the move costs and leaves."""
    where = board.place_name(cell)
    where = where[0].upper() + where[1:]
    parts = [where]
    number = board.city_of[cell]
    if number and cell == board.city(number).pickup:
        n = len(v.waiting[number - 1])
        parts[0] += f" ({n} parcel{'s' if n != 1 else ''} waiting)"
    if preview is not None:
        parts.append(f"travel for {preview.cost / 2:g} MP, leaving {preview.left / 2:g}")
        if preview.warning:
            parts.append(preview.warning)
    here = [names[i] for i, p in enumerate(v.players) if p.cell == cell]
    if here:
        parts.append("here: " + ", ".join(here))
    return "; ".join(parts)
