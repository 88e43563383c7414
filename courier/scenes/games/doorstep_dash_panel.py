"""The Doorstep Dash side panel: players, the face-up row, your cards, the dice and the buttons.

Kept apart from the board view so each file stays one concern; the view mixes it in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from courier.rules.base import Action
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash.config import BLUE, RED
from courier.rules.doorstep_dash.state import HIDDEN
from courier.scenes.games.doorstep_dash_board import ROOF, ROOF_NAME
from courier.ui import draw, sprites, theme

if TYPE_CHECKING:
    from courier.scenes.games.doorstep_dash import DoorstepView

BLUE_CARD = (60, 110, 200)
RED_CARD = (200, 60, 50)


@dataclass
class Button:
    rect: pygame.Rect
    text: str
    action: Action | None = None
    enabled: bool = True
    style: str = "secondary"
    tip: str = ""
    key: int | None = None


def seat_shape(surface: pygame.Surface, seat: int, center: tuple[float, float], r: float,
               fill: tuple[int, int, int], outline: tuple[int, int, int] = theme.INK) -> None:
    """Each seat has its own shape as well as its colour (circle, square, triangle, diamond)."""
    cx, cy = center
    k = seat % 4
    if k == 0:
        pts = None
        pygame.draw.circle(surface, fill, (cx, cy), r)
        pygame.draw.circle(surface, outline, (cx, cy), r, max(1, int(r // 4)))
        return
    if k == 1:
        pts = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
        pts = [(cx - r * 0.85, cy - r * 0.85), (cx + r * 0.85, cy - r * 0.85), (cx + r * 0.85, cy + r * 0.85),
               (cx - r * 0.85, cy + r * 0.85)]
    elif k == 2:
        pts = [(cx, cy - r * 1.05), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)]
    else:
        pts = [(cx, cy - r * 1.1), (cx + r, cy), (cx, cy + r * 1.1), (cx - r, cy)]
    pygame.draw.polygon(surface, fill, pts)
    pygame.draw.polygon(surface, outline, pts, max(1, int(r // 4)))


class PanelMixin:
    """Panel drawing and its buttons; expects the attributes set by DoorstepView."""

    # -- buttons ---------------------------------------------------------------------------
    def build_buttons(self: "DoorstepView") -> None:
        self.buttons = []
        pr = self.panel_rect
        legal = self.legal if self.seat is not None else []
        area = pygame.Rect(pr.x + 12, pr.bottom - 104, pr.width - 24, 96)
        half = (area.width - 8) // 2
        row1 = pygame.Rect(area.x, area.y, area.width, 44)
        left = pygame.Rect(area.x, area.y + 52, half, 40)
        right = pygame.Rect(area.x + half + 8, area.y + 52, half, 40)
        if not legal:
            return
        first = legal[0]
        by_type: dict[type, list[Action]] = {}
        for a in legal:
            by_type.setdefault(type(a), []).append(a)
        if isinstance(first, A.Keep):
            n = len(self.selected)
            ok = self.keep_action() is not None
            lo = min(len(c.cards) for c in legal)  # type: ignore[attr-defined]
            self.buttons.append(Button(row1, f"Keep {n} card{'s' if n != 1 else ''}", self.keep_action(), ok,
                                       "primary", f"Keep at least {lo}: click cards to choose", pygame.K_RETURN))
            return
        if A.PlayBlue in by_type or A.Accept in by_type:
            pend = self.view.pending
            if A.PlayBlue in by_type:
                self.buttons.append(Button(left, f"Play blue +{self.ctx.config.blue_bonus}", by_type[A.PlayBlue][0],
                                           True, "primary", "Add a blue card to the roll"))
            self.buttons.append(Button(right if A.PlayBlue in by_type else row1, "Accept result",
                                       by_type[A.Accept][0], True, "danger",
                                       "Take the failed test" if pend else ""))
            return
        if A.Give in by_type or A.Discard in by_type:
            acts = by_type.get(A.Give, []) + by_type.get(A.Discard, [])
            for a, rect in zip(acts, (left, right)):
                verb = "Give" if isinstance(a, A.Give) else "Discard"
                kind = a.kind  # type: ignore[attr-defined]
                self.buttons.append(Button(rect, f"{verb} {kind}", a, True, "primary" if kind == BLUE else "danger"))
            return
        if A.Move in by_type:
            return  # the board takes the click
        if A.Roll in by_type:
            self.buttons.append(Button(row1, "Roll the die", by_type[A.Roll][0], True, "primary",
                                       "Roll to drive (Space)", pygame.K_SPACE))
        claims = by_type.get(A.Claim, [])
        small = []
        if claims:
            if len(claims) == 1:
                k = len(claims[0].cards)  # type: ignore[attr-defined]
                small.append(Button(left, f"Claim {k} card{'s' if k != 1 else ''}", claims[0], True, "good",
                                    "Take cards from the face-up row"))
            else:
                act = self.claim_action()
                k = len(claims[0].cards)  # type: ignore[attr-defined]
                small.append(Button(left, f"Claim {len(self.selected)}/{k}", act, act is not None, "good",
                                    f"Click {k} cards in the row, then claim"))
        if A.SetTrap in by_type:
            small.append(Button(left, "Set trap", by_type[A.SetTrap][0], True, "danger",
                                "Spend a red card to set your trap here"))
        if A.RemoveTrap in by_type and not claims:
            small.append(Button(left, "Lift trap", by_type[A.RemoveTrap][0], True, "secondary",
                                "Take your trap off the board"))
        if A.GiveUp in by_type:
            small.append(Button(left, "Give up cards", by_type[A.GiveUp][0], True, "secondary",
                                "Hand back cards you cannot deliver"))
        if A.EndTurn in by_type:
            small.append(Button(right, "End turn", by_type[A.EndTurn][0], True,
                                "secondary" if A.Roll in by_type else "primary", "Finish your turn (Enter)",
                                pygame.K_RETURN))
        if A.Roll in by_type or len(small) >= 2:
            slots = [left, right]
        else:
            slots = [row1]
        for b, rect in zip(small, slots):
            b.rect = rect
        if len(small) > len(slots):  # squeeze three small buttons side by side
            w = (area.width - 16) // 3
            y = left.y if A.Roll in by_type else row1.y
            small = small[:3]
            for i, b in enumerate(small):
                b.rect = pygame.Rect(area.x + i * (w + 8), y, w, 40)
        self.buttons.extend(small)

    def keep_action(self: "DoorstepView") -> Action | None:
        for a in self.legal:
            if isinstance(a, A.Keep) and set(a.cards) == self.selected:
                return a
        return None

    def claim_action(self: "DoorstepView") -> Action | None:
        for a in self.legal:
            if isinstance(a, A.Claim) and set(a.cards) == self.selected:
                return a
        return None

    def row_top(self: "DoorstepView") -> int:
        """Top of the face-up row section: below one 48-pixel line per player."""
        return self.panel_rect.y + 10 + 48 * len(self.view.players) + 6

    # -- card rectangles (clickable) ---------------------------------------------------------
    def row_rects(self: "DoorstepView") -> list[tuple[str, pygame.Rect]]:
        cards = self.view.opening_draw if self.view.phase == "opening" else self.view.row
        pr = self.panel_rect
        n = max(1, len(cards))
        w = min(64, (pr.width - 24 - 6 * (n - 1)) // n)
        y = self.row_top() + 22
        return [(c, pygame.Rect(pr.x + 12 + i * (w + 6), y, w, 62)) for i, c in enumerate(cards)]

    # -- drawing -----------------------------------------------------------------------------
    def draw_panel(self: "DoorstepView", surface: pygame.Surface) -> None:
        if self.view is None:
            return
        pr = self.panel_rect
        draw.panel(surface, pr, theme.PANEL, radius=12)
        self._draw_players(surface, pr.x + 10, pr.y + 10, pr.width - 20)
        y = self._draw_row(surface)
        y = self._draw_hand(surface, y + 8)
        self._draw_legend(surface, y + 8)
        self._draw_dice(surface)
        self.build_buttons()
        for b in self.buttons:
            self._draw_button(surface, b)

    def _draw_players(self: "DoorstepView", surface: pygame.Surface, x: int, y: int, w: int) -> int:
        v = self.view
        for i, p in enumerate(v.players):
            seat = self.ctx.seats[i] if i < len(self.ctx.seats) else None
            colour = seat.colour if seat else theme.PLAYER_COLOURS[i][1]
            name = seat.name if seat else f"Player {i + 1}"
            row = pygame.Rect(x, y, w, 44)
            active = v.phase != "over" and i in self.game.to_act(v)
            if active:
                draw.rounded_rect(surface, row, draw.lighten(colour, 0.75), radius=8)
                draw.rounded_rect(surface, row, colour, radius=8, width=2)
            seat_shape(surface, i, (row.x + 18, row.centery), 10, colour)
            label = name + ("  (AI)" if seat and seat.kind == "ai" else "")
            draw.text(surface, label, (row.x + 36, row.y + 5), 16, theme.INK, bold=True, max_width=w - 110)
            draw.text(surface, str(p.score), (row.right - 10, row.y + 4), 24, theme.INK, bold=True, anchor="topright")
            draw.text(surface, "pts", (row.right - 10, row.y + 29), 11, theme.INK_SOFT, anchor="topright")
            bits = [f"{len(p.hand)} parcel{'s' if len(p.hand) != 1 else ''}", f"{len(p.bonus)} bonus"]
            if p.trap is not None:
                bits.append("trap set")
            if p.skip_next:
                bits.append("misses a turn")
            draw.text(surface, " · ".join(bits), (row.x + 36, row.y + 25), 13,
                      theme.BAD if p.skip_next else theme.INK_SOFT, max_width=w - 90)
            y += 48
        return y

    def _card(self: "DoorstepView", surface: pygame.Surface, name: str, rect: pygame.Rect, selected: bool,
              hovered: bool) -> None:
        if name == HIDDEN or name not in self.board.houses:
            draw.rounded_rect(surface, rect, (120, 110, 96), radius=6)
            draw.text(surface, "?", rect.center, 22, (255, 255, 255), bold=True, anchor="center")
            return
        house = self.board.houses[name]
        roof = ROOF[house.colour]
        if selected:
            draw.rounded_rect(surface, rect.inflate(6, 6), theme.HIGHLIGHT, radius=8)
        draw.rounded_rect(surface, rect, (255, 253, 246), radius=6)
        band = pygame.Rect(rect.x, rect.y, rect.width, 20)
        draw.rounded_rect(surface, band, roof, radius=6)
        pygame.draw.rect(surface, roof, (band.x, band.bottom - 6, band.width, 6))
        ink = draw.text_colour_on(roof)
        draw.text(surface, f"#{house.number}", (band.x + 4, band.centery), 12, ink, bold=True, anchor="midleft")
        pts = self.ctx.config.colour_points.get(house.colour, 0)  # type: ignore[attr-defined]
        draw.text(surface, f"{pts}", (band.right - 5, band.centery), 13, ink, bold=True, anchor="midright")
        size = 11 if all(draw.font(11).size(w)[0] <= rect.width - 6 for w in name.split()) else 10
        lines = draw.wrap(name, rect.width - 6, size)
        for j, line in enumerate(lines[:2]):
            draw.text(surface, line, (rect.centerx, rect.y + 24 + j * 13), size, theme.INK, anchor="midtop",
                      max_width=rect.width - 4)
        draw.text(surface, ROOF_NAME[house.colour], (rect.centerx, rect.bottom - 4), 10, theme.INK_SOFT,
                  anchor="midbottom")
        edge = theme.ACCENT if hovered else (200, 190, 170)
        draw.rounded_rect(surface, rect, edge, radius=6, width=2 if hovered else 1)

    def _draw_row(self: "DoorstepView", surface: pygame.Surface) -> int:
        v = self.view
        pr = self.panel_rect
        y = self.row_top()
        opening = v.phase == "opening"
        title = "Cards dealt to you" if opening and self.seat is not None else (
            "Opening cards" if opening else "Face-up row")
        draw.text(surface, title, (pr.x + 12, y), 15, theme.INK, bold=True)
        draw.text(surface, f"deck {len(v.deck)}", (pr.right - 12, y + 2), 13, theme.INK_SOFT, anchor="topright")
        rects = self.row_rects()
        if not rects:
            draw.text(surface, "empty", (pr.x + 14, y + 30), 14, theme.INK_SOFT)
        for name, rect in rects:
            self._card(surface, name, rect, name in self.selected, rect.collidepoint(self.mouse))
        return y + 22 + 62

    def _draw_hand(self: "DoorstepView", surface: pygame.Surface, y: int) -> int:
        v = self.view
        pr = self.panel_rect
        owner = self.owner()
        if owner is None:
            draw.text(surface, "Hands are hidden", (pr.x + 12, y), 15, theme.INK_SOFT, bold=True)
            return y + 24
        p = v.players[owner]
        name = self.ctx.seats[owner].name if owner < len(self.ctx.seats) else f"Player {owner + 1}"
        draw.text(surface, f"{name}'s van", (pr.x + 12, y), 15, theme.INK, bold=True)
        blues, reds = p.bonus.count(BLUE), p.bonus.count(RED)
        bx = pr.right - 12
        for kind, count, col in ((RED, reds, RED_CARD), (BLUE, blues, BLUE_CARD)):
            chip = pygame.Rect(0, 0, 44, 20)
            chip.topright = (bx, y)
            draw.rounded_rect(surface, chip, col, radius=5)
            draw.text(surface, f"{kind[0].upper()}×{count}", chip.center, 12, (255, 255, 255), bold=True,
                      anchor="center")
            bx -= 50
        y += 24
        if not p.hand:
            draw.text(surface, "No parcels: head to the warehouse.", (pr.x + 14, y), 13, theme.INK_SOFT)
            return y + 20
        for card in p.hand:
            house = self.board.houses.get(card)
            if house is None:
                continue
            row = pygame.Rect(pr.x + 12, y, pr.width - 24, 22)
            if row.collidepoint(self.mouse):
                draw.rounded_rect(surface, row, theme.PAPER, radius=4)
            pygame.draw.rect(surface, ROOF[house.colour], (row.x + 2, row.y + 3, 16, 16), border_radius=3)
            draw.text(surface, str(house.number), (row.x + 10, row.centery), 10,
                      draw.text_colour_on(ROOF[house.colour]), bold=True, anchor="center")
            pts = self.ctx.config.colour_points.get(house.colour, 0)  # type: ignore[attr-defined]
            draw.text(surface, card, (row.x + 24, row.centery), 14, theme.INK, anchor="midleft",
                      max_width=row.width - 110)
            dist = self.board.distance(p.pos, house.entrance)
            draw.text(surface, f"{dist} away · {pts} pt{'s' if pts != 1 else ''}", (row.right - 4, row.centery), 12,
                      theme.INK_SOFT, anchor="midright")
            y += 22
        return y

    def _draw_legend(self: "DoorstepView", surface: pygame.Surface, top: int) -> None:
        """A reminder of values and tests, when there is room above the dice."""
        pr = self.panel_rect
        box = pygame.Rect(pr.x + 12, pr.bottom - 178 - 78, pr.width - 24, 70)
        if box.y < top:
            return
        x = box.x + 4
        for colour, pts in self.ctx.config.colour_points.items():  # type: ignore[attr-defined]
            chip = pygame.Rect(x, box.y + 2, 24, 18)
            draw.rounded_rect(surface, chip, ROOF.get(colour, theme.INK_SOFT), radius=4)
            draw.text(surface, str(pts), chip.center, 12, draw.text_colour_on(ROOF.get(colour, theme.INK)),
                      bold=True, anchor="center")
            draw.text(surface, ROOF_NAME.get(colour, colour), (chip.right + 4, chip.centery), 12, theme.INK_SOFT,
                      anchor="midleft")
            x = chip.right + 4 + draw.font(12).size(ROOF_NAME.get(colour, colour))[0] + 10
        from courier.scenes.games.doorstep_dash_board import hazard_badge

        hazard_badge(surface, (box.x + 14, box.y + 36), 4, 18)
        draw.text(surface, "Hazard: stop in it, roll the number or lose a turn", (box.x + 30, box.y + 36), 12,
                  theme.INK_SOFT, anchor="midleft", max_width=box.width - 32)
        img = sprites.scaled("trap", 18)
        surface.blit(img, img.get_rect(center=(box.x + 14, box.y + 58)))
        test = self.ctx.config.trap_test  # type: ignore[attr-defined]
        draw.text(surface, f"Trap: stop on it, roll {test}+ or give up a bonus card", (box.x + 30, box.y + 58), 12,
                  theme.INK_SOFT, anchor="midleft", max_width=box.width - 32)

    def _draw_dice(self: "DoorstepView", surface: pygame.Surface) -> None:
        pr = self.panel_rect
        box = pygame.Rect(pr.x + 12, pr.bottom - 178, pr.width - 24, 66)
        draw.rounded_rect(surface, box, theme.PAPER, radius=8)
        face, line1, line2, colour = self.dice_display()
        if face:
            size = 50
            img = sprites.die(face, size)
            surface.blit(img, img.get_rect(midleft=(box.x + 10, box.centery)))
        draw.text(surface, line1, (box.x + 72, box.y + 12), 15, colour, bold=True, max_width=box.width - 80)
        draw.text(surface, line2, (box.x + 72, box.y + 36), 13, theme.INK_SOFT, max_width=box.width - 80)

    def _draw_button(self, surface: pygame.Surface, b: Button) -> None:
        from courier.ui.widgets import DISABLED, STYLES

        fill, hover, ink, border = STYLES[b.style] if b.enabled else DISABLED
        hovered = b.rect.collidepoint(self.mouse) and b.enabled  # type: ignore[attr-defined]
        radius = min(12, b.rect.height // 2)
        if b.enabled:
            draw.shadow(surface, b.rect, radius, offset=(0, 3), blur=4, alpha=55)
        draw.rounded_rect(surface, b.rect, hover if hovered else fill, radius)
        if border is not None:
            draw.rounded_rect(surface, b.rect, border, radius, width=2 if hovered else 1)
        draw.text(surface, b.text, b.rect.center, 17 if b.rect.height > 40 else 15, ink, bold=True, anchor="center",
                  max_width=b.rect.width - 10)

    def owner(self: "DoorstepView") -> int | None:
        """The seat whose secrets this view shows (None for a spectator's view)."""
        if self.seat is not None:
            return self.seat
        v: Any = self.view
        for i, p in enumerate(v.players):
            if (p.hand and HIDDEN not in p.hand) or (p.bonus and HIDDEN not in p.bonus):
                return i
        return self.ctx.extra.get("viewer") if isinstance(self.ctx.extra.get("viewer"), int) else None
