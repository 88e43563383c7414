"""What the Doorstep Dash view says: the die box lines, the status line, tooltips and labels.

Words only, from plain data: no drawing and no input here.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from courier.rules.base import Action
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash.board import Board, Cell
from courier.rules.doorstep_dash.config import RED
from courier.rules.doorstep_dash.state import DashState
from courier.rules.doorstep_dash.table import DashTable
from courier.ui import theme
from courier.words import plural

Names = Callable[[int], str]

ROOF_NAME = {"blue": "Blue", "green": "Green", "yellow": "Yellow", "red": "Red"}


def dice_lines(dice: dict[str, Any], v: DashState, name: Names,
               me: int | None = None) -> tuple[str, str, tuple[int, int, int]]:
    """(first line, second line, colour of the first line) for the die box; ``me`` is "You"."""
    if v.phase == "over":
        best = max(p.score for p in v.players)
        return "Game over", f"Top score: {best} points.", theme.INK
    if not dice:
        if v.phase == "opening":
            return "Opening", "Each driver picks their first parcels.", theme.INK
        return "No roll yet", f"{name(v.current)} is up.", theme.INK
    who = "You" if dice["seat"] == me else name(dice["seat"])
    if dice.get("test"):
        src = "trap" if dice["source"] == "trap" else dice["source"]
        boost = dice.get("boost", 0)
        total = dice["value"] + boost
        line1 = f"{who}: {src} test, needs {dice['target']}"
        if dice.get("rolling"):
            return line1, "Rolling...", theme.INK
        line2 = f"Rolled {dice['value']}" + (f" + {boost} blue = {total}" if boost else "")
        if dice.get("passed") is True:
            return line1, line2 + " - passed!", theme.GOOD
        if dice.get("passed") is False:
            return line1, line2 + " - failed", theme.BAD
        return line1, line2 + " - play blue cards?", theme.ACCENT_DARK
    if dice.get("rolling"):
        return f"{who} {'roll' if who == 'You' else 'rolls'}...", "", theme.INK
    return f"{who} rolled {dice['value']}", "Drive exactly that far.", theme.INK


def status(cfg: Any, board: Board, v: DashState | None, seat: int | None, legal: Sequence[Action],
           acting: Sequence[int], name: Names) -> str:
    """One line of guidance for the person at the device."""
    if v is None:
        return ""
    if v.phase == "over":
        return "The game is over."
    if seat is None:
        return f"{name(acting[0])} is thinking..." if acting else ""
    first = legal[0] if legal else None
    if isinstance(first, A.Keep):
        lo = min(len(a.cards) for a in legal)  # type: ignore[attr-defined]
        n = len(v.opening_draw)
        return f"Keep at least {lo} parcels: click cards or press 1-{n}, then K to keep them."
    if isinstance(first, A.Move):
        return f"You rolled {v.rolled}: click a lit space (or Tab, arrows, Enter) to drive there."
    if isinstance(first, (A.PlayBlue, A.Accept)):
        return f"Your test roll fell short: B plays a blue card (+{cfg.blue_bonus}), A accepts the result."
    if isinstance(first, A.Give):
        return "Caught! Choose a bonus card to hand over: click it or press 1 or 2."
    if isinstance(first, A.Discard):
        return "Too many bonus cards: discard one - click it or press 1 or 2."
    claims = [a for a in legal if isinstance(a, A.Claim)]
    if len(claims) > 1:
        k = len(claims[0].cards)  # type: ignore[attr-defined]
        return f"At the warehouse: pick {k} row cards (click or 1-{len(v.row)}), then C to claim."
    if claims:
        return "At the warehouse: C claims the face-up cards, E ends your turn."
    if any(isinstance(a, A.Roll) for a in legal):
        return "Roll the die to drive: press R (Tab reaches the other buttons)."
    if any(isinstance(a, A.SetTrap) for a in legal):
        return "Set a trap here (T), or end your turn (E)."
    if any(isinstance(a, A.RemoveTrap) for a in legal):
        return "Lift your trap (L), or end your turn (E)."
    why = DashTable(cfg, board, v, seat).trap_problem(seat)
    if why and RED in v.players[seat].bonus:
        return f"End your turn (E): no trap here, {why}."
    return "End your turn: press E."


def hint_words(a: Action, board: Board | None = None, cfg: Any = None, v: DashState | None = None,
               seat: int | None = None, steps: int = 0) -> str | None:
    """A hint's move in the players' words: cards it would claim (picked in the row, then
    Claim), or a drive. A drive names a house only when it is on the person's own card (the
    tile's label names the nearest house as a landmark, which a hint would read as a goal)."""
    if isinstance(a, A.Claim):
        return "Claim " + ", ".join(a.cards) + " from the row"
    if isinstance(a, A.Move) and board is not None and v is not None and seat is not None:
        head = f"Drive {plural(steps, 'space')}" if steps else "Drive"
        if a.to == board.warehouse:
            return f"{head} to the warehouse"
        house = board.entrance_house.get(a.to)
        if house is not None and house in v.players[seat].hand:
            h = board.houses[house]
            pts = cfg.colour_points.get(h.colour, 0) if cfg is not None else 0
            return f"{head} to the door of #{h.number} {house} and deliver there for {plural(pts, 'point')}"
        zone = board.hazard_at.get(a.to)
        if zone is not None:
            return f"{head} to the lit square in {zone.name} (roll {zone.test}+ or lose your next turn)"
        return f"{head} to the lit square"
    return None


def house_tip(board: Board, cfg: Any, name: str) -> str:
    h = board.houses[name]
    pts = cfg.colour_points.get(h.colour, 0)
    return f"#{h.number} {name} - {ROOF_NAME[h.colour].lower()} house, {plural(pts, 'point')}."


def cell_tip(board: Board, cfg: Any, v: DashState, cell: Cell, drive: str | None, name: Names) -> str | None:
    """Everything about one square of the town: a drive on offer there (``drive``, its words),
    the vans on it, what the square is."""
    bits: list[str] = [drive] if drive else []
    for i, p in enumerate(v.players):
        if p.pos == cell:
            bits.append(f"{name(i)}'s van ({plural(len(p.hand), 'parcel')}, {p.score} pts).")
    if drive:
        return " ".join(bits)  # the drive's words already say what the square is
    if cell == board.warehouse:
        bits.append("The warehouse: claim new parcels here. No traps in the green.")
    if cell in board.entrance_house:
        bits.append(house_tip(board, cfg, board.entrance_house[cell]))
    if cell in board.hazard_at:
        z = board.hazard_at[cell]
        bits.append(f"{z.name}: stopping here means a test - roll {z.test} or more or lose your next turn.")
    for i, p in enumerate(v.players):
        if p.trap == cell:
            bits.append(f"{name(i)}'s trap: others stopping here roll {cfg.trap_test}+ or pay.")
    for house in board.houses.values():
        x, y, w, h = house.rect
        if x <= cell[0] < x + w and y <= cell[1] < y + h:
            bits.append(house_tip(board, cfg, house.name))
    if any(cell in z.cells for z in board.greens) and cell != board.warehouse:
        bits.append("Green zone: no traps here.")
    return " ".join(bits) or None


def drive_label(board: Board, cfg: Any, v: DashState, seat: int, cell: Cell, steps: int, name: Names) -> str:
    """A drive on offer in words: how far, and what the space it ends on is."""
    head = f"Drive {plural(steps, 'space')}"
    me = v.players[seat]
    if cell == board.warehouse:
        return f"{head} to the warehouse (claim new parcels there)."
    bits: list[str] = []
    if cell in board.entrance_house:
        house = board.entrance_house[cell]
        h = board.houses[house]
        where = f"to the door of #{h.number} {house}"
        if house in me.hand:
            pts = cfg.colour_points.get(h.colour, 0)
            bits.append(f"deliver there for {plural(pts, 'point')}")
    else:
        near = min(board.houses.values(),
                   key=lambda h: (abs(h.entrance[0] - cell[0]) + abs(h.entrance[1] - cell[1]), h.number))
        where = f"to the road near #{near.number} {near.name}"
    if cell in board.hazard_at:
        z = board.hazard_at[cell]
        bits.append(f"{z.name} is a hazard: roll {z.test}+ or lose your next turn")
    for i, p in enumerate(v.players):
        if p.trap == cell and i != seat:
            bits.append(f"{name(i)}'s trap: roll {cfg.trap_test}+ or give a bonus card")
    return f"{head} {where}" + (": " + "; ".join(bits) if bits else "") + "."
