"""The Doorstep Dash side panel: players, the face-up row, your van's cards, the die box and
the buttons, laid out inside whatever rectangle the host gives.

Drawn from plain data (:class:`PanelData`) the view hands over; the buttons carry the actions the
view returns when they are pressed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import pygame

from courier.rules.base import Action
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash.board import Board
from courier.rules.doorstep_dash.config import BLUE, RED
from courier.rules.doorstep_dash.state import HIDDEN, DashState
from courier.scenes.games.doorstep_dash.board import ROOF, hazard_badge, seat_shape
from courier.scenes.games.doorstep_dash.text import ROOF_NAME
from courier.ui import draw, sprites, theme
from courier.ui.game_view import SeatInfo

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
    #: what a click on the greyed button tries anyway, so the rules can say why it is refused
    attempt: Action | None = None


def _word_lines(text: str, width: int, size: int) -> list[str]:
    """Wrap at spaces only (a long word stays whole and is shortened when drawn)."""
    lines: list[str] = []
    for word in text.split():
        if lines and draw.font(size).size(lines[-1] + " " + word)[0] <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


@dataclass(frozen=True)
class Sizes:
    """Panel measurements: roomy on a tall panel, compact on the host's usual one."""

    pad: int
    player_h: int
    card_h: int
    line_h: int
    dice_h: int
    btn_h: int
    compact: bool


def sizes_for(rect: pygame.Rect) -> Sizes:
    if rect.height >= 560:
        return Sizes(12, 48, 62, 22, 66, 44, False)
    return Sizes(8, 28, 50, 17, 46, 34, True)


def button_specs(seat: int | None, legal: Sequence[Action], selected: set[str], blue_bonus: int,
                 compact: bool) -> list[Button]:
    """The buttons for the actions on offer (the board takes drives, the row takes card picks)."""
    legal = legal if seat is not None else []
    if not legal:
        return []
    first = legal[0]
    by_type: dict[type, list[Action]] = {}
    for a in legal:
        by_type.setdefault(type(a), []).append(a)
    r0 = pygame.Rect(0, 0, 0, 0)
    out: list[Button] = []
    if isinstance(first, A.Keep):
        n = len(selected)
        lo = min(len(c.cards) for c in legal)  # type: ignore[attr-defined]
        out.append(Button(r0, f"Keep {n} card{'s' if n != 1 else ''}", _matching(legal, A.Keep, selected),
                          _matching(legal, A.Keep, selected) is not None, "primary",
                          f"Keep at least {lo}: click cards to choose", pygame.K_RETURN,
                          A.Keep(seat, tuple(sorted(selected)))))  # type: ignore[call-arg]
        return out
    if A.Accept in by_type:
        if A.PlayBlue in by_type:
            out.append(Button(r0, f"Play blue +{blue_bonus}",
                              by_type[A.PlayBlue][0], True, "primary", "Add a blue card to the roll"))
        out.append(Button(r0, "Accept" if compact else "Accept result", by_type[A.Accept][0], True, "danger",
                          "Take the failed test"))
        return out
    if A.Give in by_type or A.Discard in by_type:
        for a in by_type.get(A.Give, []) + by_type.get(A.Discard, []):
            verb = "Give" if isinstance(a, A.Give) else "Discard"
            kind = a.kind  # type: ignore[attr-defined]
            out.append(Button(r0, f"{verb} {kind}", a, True, "primary" if kind == BLUE else "danger",
                              f"{verb} one {kind} bonus card"))
        return out
    if A.Move in by_type:
        return out  # the board takes the click
    if A.Roll in by_type:
        out.append(Button(r0, "Roll" if compact else "Roll the die", by_type[A.Roll][0], True, "primary",
                          "Roll the die to drive (Space)", pygame.K_SPACE))
    claims = by_type.get(A.Claim, [])
    if claims:
        k = len(claims[0].cards)  # type: ignore[attr-defined]
        if len(claims) == 1:
            out.append(Button(r0, f"Claim {k}", claims[0], True, "good", "Take the face-up cards"))
        else:
            act = _matching(legal, A.Claim, selected)
            out.append(Button(r0, f"Claim {len(selected)}/{k}", act, act is not None, "good",
                              f"Click {k} cards in the row, then claim them",
                              attempt=A.Claim(seat, tuple(sorted(selected)))))  # type: ignore[call-arg]
    if A.SetTrap in by_type:
        out.append(Button(r0, "Set trap", by_type[A.SetTrap][0], True, "danger",
                          "Spend a red card to set your trap on this square"))
    if A.RemoveTrap in by_type:
        out.append(Button(r0, "Lift trap", by_type[A.RemoveTrap][0], True, "secondary",
                          "Take your trap off the board"))
    if A.GiveUp in by_type:
        out.append(Button(r0, "Give up", by_type[A.GiveUp][0], True, "secondary",
                          "Hand back the cards you cannot deliver"))
    if A.EndTurn in by_type:
        out.append(Button(r0, "End turn", by_type[A.EndTurn][0], True,
                          "secondary" if A.Roll in by_type else "primary", "Finish your turn (Enter)",
                          pygame.K_RETURN))
    return out


def _matching(legal: Sequence[Action], kind: type, selected: set[str]) -> Action | None:
    """The keep or claim of exactly the cards picked, if the rules offer it."""
    for a in legal:
        if isinstance(a, kind) and set(a.cards) == selected:  # type: ignore[attr-defined]
            return a
    return None


@dataclass
class PanelData:
    """What the panel shows this frame."""

    v: DashState
    seats: list[SeatInfo]
    #: seats who must act now (their rows are lit)
    acting: list[int]
    #: whose cards are shown (None: nobody's)
    owner: int | None
    #: the person at the device (None: nobody may act)
    seat: int | None
    selected: set[str]
    mouse: tuple[int, int]
    #: the die box: face (0: none), two lines, colour of the first
    face: int
    dice: tuple[str, str, tuple[int, int, int]]
    colour_points: dict[str, int] = field(default_factory=dict)
    trap_test: int = 4


class Panel:
    """The side panel's layout (cards, buttons) and drawing."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.rect = pygame.Rect(960, 0, 320, 720)
        self.buttons: list[Button] = []
        self.buttons_top = self.rect.bottom

    def place_buttons(self, specs: list[Button]) -> None:
        """Lay the buttons out in rows of up to three, from the bottom of the panel up."""
        z = sizes_for(self.rect)
        pr = self.rect
        rows: list[list[Button]] = []
        rest = specs
        if not z.compact and len(specs) > 1 and specs[0].style == "primary":
            rows.append([specs[0]])
            rest = specs[1:]
        while rest:
            rows.append(rest[:3])
            rest = rest[3:]
        y = pr.bottom - z.pad - len(rows) * (z.btn_h + 6) + 6
        width = pr.width - 2 * z.pad
        for row in rows:
            w = (width - 6 * (len(row) - 1)) // len(row)
            for i, b in enumerate(row):
                b.rect = pygame.Rect(pr.x + z.pad + i * (w + 6), y, w, z.btn_h)
            y += z.btn_h + 6
        self.buttons = specs
        self.buttons_top = pr.bottom - z.pad - len(rows) * (z.btn_h + 6) + (6 if rows else 0)

    def row_top(self, v: DashState) -> int:
        """Top of the face-up row section: below one line per player."""
        z = sizes_for(self.rect)
        return self.rect.y + z.pad + (z.player_h + 4) * len(v.players) + 2

    # -- card rectangles (clickable) ---------------------------------------------------------
    def row_rects(self, v: DashState) -> list[tuple[str, pygame.Rect]]:
        cards = v.opening_draw if v.phase == "opening" else v.row
        z = sizes_for(self.rect)
        pr = self.rect
        n = max(1, len(cards))
        w = min(64, (pr.width - 2 * z.pad - 5 * (n - 1)) // n)
        y = self.row_top(v) + 20
        return [(c, pygame.Rect(pr.x + z.pad + i * (w + 5), y, w, z.card_h)) for i, c in enumerate(cards)]

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, d: PanelData) -> None:
        pr = self.rect
        z = sizes_for(pr)
        if not z.compact:
            draw.panel(surface, pr, theme.PANEL, radius=12)
        self._draw_players(surface, d)
        y = self._draw_row(surface, d)
        dice_top = self.buttons_top - z.dice_h - 6
        y = self._draw_hand(surface, d, y + 6, dice_top - 4)
        self._draw_legend(surface, d, y + 6, dice_top - 6)
        self._draw_dice(surface, d, pygame.Rect(pr.x + z.pad, dice_top, pr.width - 2 * z.pad, z.dice_h))
        for b in self.buttons:
            self._draw_button(surface, b, z, d.mouse)

    def _draw_players(self, surface: pygame.Surface, d: PanelData) -> None:
        v = d.v
        z = sizes_for(self.rect)
        x, y, w = self.rect.x + z.pad - 2, self.rect.y + z.pad, self.rect.width - 2 * z.pad + 4
        for i, p in enumerate(v.players):
            seat = d.seats[i] if i < len(d.seats) else None
            colour = seat.colour if seat else theme.PLAYER_COLOURS[i][1]
            name = seat.name if seat else f"Player {i + 1}"
            row = pygame.Rect(x, y, w, z.player_h)
            if v.phase != "over" and i in d.acting:
                draw.rounded_rect(surface, row, draw.lighten(colour, 0.75), radius=7)
                draw.rounded_rect(surface, row, colour, radius=7, width=2)
            seat_shape(surface, i, (row.x + 14, row.centery), 8 if z.compact else 10, colour)
            label = name + (" (AI)" if seat and seat.kind == "ai" else "")
            score_w = 40
            if z.compact:
                draw.text(surface, label, (row.x + 28, row.centery), 14, theme.INK, bold=True, anchor="midleft",
                          max_width=w - 150)
                bx = row.right - score_w - 4
                draw.text(surface, f"{len(p.hand)}", (bx, row.centery), 13, theme.INK_SOFT, anchor="midright")
                img = sprites.scaled("parcel_box", 15)
                surface.blit(img, img.get_rect(midright=(bx - 12, row.centery)))
                bx -= 36
                draw.text(surface, f"{len(p.bonus)}", (bx, row.centery), 13, theme.INK_SOFT, anchor="midright")
                card = pygame.Rect(0, 0, 11, 15)
                card.midright = (bx - 12, row.centery)
                pygame.draw.rect(surface, BLUE_CARD, card, border_radius=2)
                pygame.draw.rect(surface, RED_CARD, (card.x + 5, card.y, 6, card.height), border_top_right_radius=2,
                                 border_bottom_right_radius=2)
                pygame.draw.rect(surface, theme.INK, card, 1, border_radius=2)
                chip = card
                bx = chip.left - 6
                if p.trap is not None:
                    img = sprites.scaled("trap", 16)
                    surface.blit(img, img.get_rect(midright=(bx, row.centery)))
                    bx -= 20
                if p.skip_next:
                    draw.text(surface, "skip", (bx, row.centery), 11, theme.BAD, bold=True, anchor="midright")
                draw.text(surface, str(p.score), (row.right - 8, row.centery), 18, theme.INK, bold=True,
                          anchor="midright")
            else:
                draw.text(surface, label, (row.x + 32, row.y + 5), 16, theme.INK, bold=True, max_width=w - 110)
                draw.text(surface, str(p.score), (row.right - 10, row.y + 4), 24, theme.INK, bold=True,
                          anchor="topright")
                draw.text(surface, "pts", (row.right - 10, row.y + 29), 11, theme.INK_SOFT, anchor="topright")
                bits2 = [f"{len(p.hand)} parcel{'s' if len(p.hand) != 1 else ''}", f"{len(p.bonus)} bonus"]
                if p.trap is not None:
                    bits2.append("trap set")
                if p.skip_next:
                    bits2.append("misses a turn")
                draw.text(surface, " · ".join(bits2), (row.x + 32, row.y + 25), 13,
                          theme.BAD if p.skip_next else theme.INK_SOFT, max_width=w - 90)
            y += z.player_h + 4

    def _card(self, surface: pygame.Surface, d: PanelData, name: str, rect: pygame.Rect, selected: bool,
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
        band = pygame.Rect(rect.x, rect.y, rect.width, 18)
        draw.rounded_rect(surface, band, roof, radius=6)
        pygame.draw.rect(surface, roof, (band.x, band.bottom - 6, band.width, 6))
        ink = draw.text_colour_on(roof)
        draw.text(surface, f"#{house.number}", (band.x + 4, band.centery), 12, ink, bold=True, anchor="midleft")
        pts = d.colour_points.get(house.colour, 0)
        draw.text(surface, f"{pts}", (band.right - 5, band.centery), 13, ink, bold=True, anchor="midright")
        size = next((k for k in (11, 10, 9, 8) if all(draw.font(k).size(w)[0] <= rect.width - 6
                                                      for w in name.split())), 8)
        for j, line in enumerate(_word_lines(name, rect.width - 6, size)[:2]):
            draw.text(surface, line, (rect.centerx, rect.y + 21 + j * 13), size, theme.INK, anchor="midtop",
                      max_width=rect.width - 4)
        if rect.height >= 58:
            draw.text(surface, ROOF_NAME[house.colour], (rect.centerx, rect.bottom - 4), 10, theme.INK_SOFT,
                      anchor="midbottom")
        edge = theme.ACCENT if hovered else (200, 190, 170)
        draw.rounded_rect(surface, rect, edge, radius=6, width=2 if hovered else 1)

    def _draw_row(self, surface: pygame.Surface, d: PanelData) -> int:
        v = d.v
        pr = self.rect
        z = sizes_for(pr)
        y = self.row_top(v)
        opening = v.phase == "opening"
        title = "Cards dealt to you" if opening and d.seat is not None else (
            "Opening cards" if opening else "Face-up row")
        draw.text(surface, title, (pr.x + z.pad, y), 14, theme.INK, bold=True)
        draw.text(surface, f"deck {len(v.deck)}", (pr.right - z.pad, y + 1), 12, theme.INK_SOFT, anchor="topright")
        rects = self.row_rects(v)
        if not rects:
            draw.text(surface, "empty", (pr.x + z.pad + 2, y + 26), 13, theme.INK_SOFT)
            return y + 20 + 26
        for name, rect in rects:
            self._card(surface, d, name, rect, name in d.selected, rect.collidepoint(d.mouse))
        return y + 20 + z.card_h

    def _draw_hand(self, surface: pygame.Surface, d: PanelData, y: int, bottom: int) -> int:
        v = d.v
        pr = self.rect
        z = sizes_for(pr)
        owner = d.owner
        if owner is None:
            return y
        p = v.players[owner]
        name = d.seats[owner].name if owner < len(d.seats) else f"Player {owner + 1}"
        draw.text(surface, f"{name}'s van", (pr.x + z.pad, y), 14, theme.INK, bold=True,
                  max_width=pr.width - 130)
        blues, reds = p.bonus.count(BLUE), p.bonus.count(RED)
        bx = pr.right - z.pad
        for kind, count, col in ((RED, reds, RED_CARD), (BLUE, blues, BLUE_CARD)):
            chip = pygame.Rect(0, 0, 48, 18)
            chip.topright = (bx, y)
            draw.rounded_rect(surface, chip, col, radius=5)
            draw.text(surface, f"{count} {kind}", chip.center, 11, (255, 255, 255), bold=True, anchor="center")
            bx -= 52
        y += 20
        if not p.hand:
            if y + z.line_h <= bottom:
                draw.text(surface, "No parcels: head to the warehouse.", (pr.x + z.pad + 2, y), 13, theme.INK_SOFT)
                y += z.line_h
            return y
        for k, card in enumerate(p.hand):
            house = self.board.houses.get(card)
            if house is None:
                continue
            if y + z.line_h > bottom:
                draw.text(surface, f"+{len(p.hand) - k} more", (pr.right - z.pad, y - z.line_h), 11, theme.INK_SOFT,
                          anchor="topright")
                break
            row = pygame.Rect(pr.x + z.pad, y, pr.width - 2 * z.pad, z.line_h)
            if row.collidepoint(d.mouse):
                draw.rounded_rect(surface, row, theme.PAPER, radius=4)
            chip = pygame.Rect(row.x + 1, row.y + 1, 20, row.height - 2)
            pygame.draw.rect(surface, ROOF[house.colour], chip, border_radius=3)
            draw.text(surface, str(house.number), chip.center, 10, draw.text_colour_on(ROOF[house.colour]), bold=True,
                      anchor="center")
            pts = d.colour_points.get(house.colour, 0)
            draw.text(surface, card, (row.x + 26, row.centery), 13, theme.INK, anchor="midleft",
                      max_width=row.width - 120)
            dist = self.board.distance(p.pos, house.entrance)
            draw.text(surface, f"{dist} away · {pts} pt{'s' if pts != 1 else ''}", (row.right - 2, row.centery), 12,
                      theme.INK_SOFT, anchor="midright")
            y += z.line_h
        return y

    def _draw_legend(self, surface: pygame.Surface, d: PanelData, top: int, bottom: int) -> None:
        """A reminder of values and tests, when there is room above the dice."""
        pr = self.rect
        z = sizes_for(pr)
        box = pygame.Rect(pr.x + z.pad, bottom - 66, pr.width - 2 * z.pad, 66)
        if box.y < top:
            return
        x = box.x + 2
        for colour, pts in d.colour_points.items():
            chip = pygame.Rect(x, box.y + 2, 22, 18)
            draw.rounded_rect(surface, chip, ROOF.get(colour, theme.INK_SOFT), radius=4)
            draw.text(surface, str(pts), chip.center, 12, draw.text_colour_on(ROOF.get(colour, theme.INK)),
                      bold=True, anchor="center")
            label = ROOF_NAME.get(colour, colour)
            draw.text(surface, label, (chip.right + 3, chip.centery), 12, theme.INK_SOFT, anchor="midleft")
            x = chip.right + 3 + draw.font(12).size(label)[0] + 8
        hazard_badge(surface, (box.x + 12, box.y + 35), 4, 16)
        draw.text(surface, "Hazard: roll its number or lose a turn", (box.x + 26, box.y + 35), 12,
                  theme.INK_SOFT, anchor="midleft", max_width=box.width - 28)
        img = sprites.scaled("trap", 16)
        surface.blit(img, img.get_rect(center=(box.x + 12, box.y + 56)))
        test = d.trap_test
        draw.text(surface, f"Trap: roll {test}+ or give a bonus card", (box.x + 26, box.y + 56), 12,
                  theme.INK_SOFT, anchor="midleft", max_width=box.width - 28)

    def _draw_dice(self, surface: pygame.Surface, d: PanelData, box: pygame.Rect) -> None:
        draw.rounded_rect(surface, box, theme.PAPER, radius=8)
        face = d.face
        line1, line2, colour = d.dice
        size = box.height - 12
        tx = box.x + 10
        if face:
            img = sprites.die(face, size)
            surface.blit(img, img.get_rect(midleft=(box.x + 8, box.centery)))
            tx = box.x + size + 18
        if line2:
            draw.text(surface, line1, (tx, box.centery - 1), 14, colour, bold=True, anchor="bottomleft",
                      max_width=box.right - tx - 6)
            draw.text(surface, line2, (tx, box.centery + 1), 12, theme.INK_SOFT, anchor="topleft",
                      max_width=box.right - tx - 6)
        else:
            draw.text(surface, line1, (tx, box.centery), 14, colour, bold=True, anchor="midleft",
                      max_width=box.right - tx - 6)

    def _draw_button(self, surface: pygame.Surface, b: Button, z: Sizes, mouse: tuple[int, int]) -> None:
        from courier.ui.widgets import DISABLED, STYLES

        fill, hover, ink, border = STYLES[b.style] if b.enabled else DISABLED
        hovered = b.rect.collidepoint(mouse) and b.enabled
        radius = min(10, b.rect.height // 2)
        if b.enabled:
            draw.shadow(surface, b.rect, radius, offset=(0, 2), blur=3, alpha=55)
        draw.rounded_rect(surface, b.rect, hover if hovered else fill, radius)
        if border is not None:
            draw.rounded_rect(surface, b.rect, border, radius, width=2 if hovered else 1)
        draw.text(surface, b.text, b.rect.center, 15 if z.compact else 17, ink, bold=True, anchor="center",
                  max_width=b.rect.width - 8)

