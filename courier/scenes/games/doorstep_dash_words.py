"""What the Doorstep Dash view says: the dice box lines, the status line and tooltips."""

from __future__ import annotations

from typing import TYPE_CHECKING

from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash.config import RED
from courier.rules.doorstep_dash.engine import current_moves, trap_problem
from courier.scenes.games.doorstep_dash_board import ROOF_NAME
from courier.ui import theme

if TYPE_CHECKING:
    from courier.scenes.games.doorstep_dash import DoorstepView


class WordsMixin:
    """Text for the player; expects the attributes set by DoorstepView."""

    def dice_display(self: "DoorstepView") -> tuple[int, str, str, tuple[int, int, int]]:
        """(die face or 0, first line, second line, colour of the first line) for the dice box."""
        d = self.dice
        v = self.view
        if v.phase == "over":
            best = max(p.score for p in v.players)
            return 0, "Game over", f"Top score: {best} points.", theme.INK
        if not d:
            if v.phase == "opening":
                return 0, "Opening", "Each driver picks their first parcels.", theme.INK
            return 0, "No roll yet", f"{self._name(v.current)} is up.", theme.INK
        face = d["value"]
        if d.get("rolling"):
            face = 1 + int(self.clock * 14 + self._shake.random()) % 6
        who = self._name(d["seat"])
        if d.get("test"):
            src = "trap" if d["source"] == "trap" else d["source"]
            boost = d.get("boost", 0)
            total = d["value"] + boost
            line1 = f"{who}: {src} test, needs {d['target']}"
            if d.get("rolling"):
                return face, line1, "Rolling...", theme.INK
            line2 = f"Rolled {d['value']}" + (f" + {boost} blue = {total}" if boost else "")
            if d.get("passed") is True:
                return face, line1, line2 + " - passed!", theme.GOOD
            if d.get("passed") is False:
                return face, line1, line2 + " - failed", theme.BAD
            return face, line1, line2 + " - play blue cards?", theme.ACCENT_DARK
        if d.get("rolling"):
            return face, f"{who} rolls...", "", theme.INK
        return face, f"{who} rolled {d['value']}", "Drive exactly that far.", theme.INK

    def status(self: "DoorstepView") -> str:
        v = self.view
        if v is None:
            return ""
        if v.phase == "over":
            return "The game is over."
        if self.seat is None:
            return f"{self._name(self.game.to_act(v)[0])} is thinking..." if self.game.to_act(v) else ""
        first = self.legal[0] if self.legal else None
        if isinstance(first, A.Keep):
            lo = min(len(a.cards) for a in self.legal)  # type: ignore[attr-defined]
            return f"Choose the parcels to keep (at least {lo}), then press Keep."
        if isinstance(first, A.Move):
            return f"You rolled {v.rolled}: click a highlighted space to drive there."
        if isinstance(first, (A.PlayBlue, A.Accept)):
            return "Your test roll fell short: play blue cards (+2 each) or accept the result."
        if isinstance(first, A.Give):
            return "Caught! Choose a bonus card to hand to the trap's owner."
        if isinstance(first, A.Discard):
            return "Too many bonus cards: choose one to discard."
        if any(isinstance(a, A.Claim) for a in self.legal):
            return "You are at the warehouse: claim cards from the face-up row."
        if any(isinstance(a, A.Roll) for a in self.legal):
            return "Roll the die to drive (Space)."
        if any(isinstance(a, A.SetTrap) for a in self.legal):
            return "Set a trap here, or end your turn (Enter)."
        if any(isinstance(a, A.RemoveTrap) for a in self.legal):
            return "Lift your trap, or end your turn (Enter)."
        why = trap_problem(self.ctx.config, v, self.board, self.seat)  # type: ignore[arg-type]
        if why and RED in self.view.players[self.seat].bonus:
            return f"End your turn (Enter): no trap here, {why}."
        return "End your turn (Enter)."

    def tooltip(self: "DoorstepView", pos: tuple[int, int]) -> str | None:
        if self.view is None:
            return None
        for b in self.buttons:
            if b.rect.collidepoint(pos) and b.tip:
                return b.tip
        if self.panel_rect.collidepoint(pos):
            for name, rect in self.row_rects():
                if rect.collidepoint(pos) and name in self.board.houses:
                    return self._house_tip(name)
            return None
        cell = self.cell_at(pos)
        if cell is None:
            return None
        bits: list[str] = []
        for i, p in enumerate(self.view.players):
            if p.pos == cell:
                n = len(p.hand)
                bits.append(f"{self._name(i)}'s van ({n} parcel{'s' if n != 1 else ''}, {p.score} pts).")
        if cell in self.moves:
            route = current_moves(self.view, self.board).get(cell, [])
            bits.append(f"Drive {len(route)} space{'s' if len(route) != 1 else ''} here.")
        if cell == self.board.warehouse:
            bits.append("The warehouse: claim new parcels here. No traps in the green.")
        if cell in self.board.entrance_house:
            bits.append(self._house_tip(self.board.entrance_house[cell]))
        if cell in self.board.hazard_at:
            z = self.board.hazard_at[cell]
            bits.append(f"{z.name}: stopping here means a test - roll {z.test} or more or lose your next turn.")
        for i, p in enumerate(self.view.players):
            if p.trap == cell:
                bits.append(f"{self._name(i)}'s trap: others stopping here roll {self.ctx.config.trap_test}+ or pay.")  # type: ignore[attr-defined]
        for house in self.board.houses.values():
            x, y, w, h = house.rect
            if x <= cell[0] < x + w and y <= cell[1] < y + h:
                bits.append(self._house_tip(house.name))
        if any(cell in z.cells for z in self.board.greens) and cell != self.board.warehouse:
            bits.append("Green zone: no traps here.")
        return " ".join(bits) or None

    def _house_tip(self: "DoorstepView", name: str) -> str:
        h = self.board.houses[name]
        pts = self.ctx.config.colour_points.get(h.colour, 0)  # type: ignore[attr-defined]
        return f"#{h.number} {name} - {ROOF_NAME[h.colour].lower()} house, {pts} point{'s' if pts != 1 else ''}."
