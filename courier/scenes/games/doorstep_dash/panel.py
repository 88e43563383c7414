"""The Doorstep Dash side panel: players, the face-up row, your van's cards, the die box and the
buttons, laid out inside whatever rectangle the host gives.

The panel reflows rather than clips: on a short panel the van's parcels become a strip of small
cards instead of a list, on a narrow one the player rows keep only name and score, cards only
their number and points; anything shortened has its whole text in a tooltip (``tips``) and on
its keyboard target. Drawn from plain data (:class:`PanelData`) the view hands over; the buttons
carry the actions the view returns when they are pressed.
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
from courier.scenes.games.doorstep_dash.mapart import hazard_badge
from courier.scenes.games.doorstep_dash.text import ROOF_NAME, plural
from courier.ui import draw, palette, sprites, theme
from courier.ui.game_view import SeatInfo
from courier.ui.kit import Button, button_rows, draw_button, draw_seat
from courier.ui.theme import px

COLOUR = palette.roles("doorstep_dash")  # this game's colours by role, read from the active palette



def button_specs(seat: int | None, legal: Sequence[Action], selected: set[str], blue_bonus: int,
                 red_in_hand: bool) -> list[Button]:
    """The panel's buttons for the actions on offer (the board takes drives, the row takes card
    picks, a prompt takes test answers and bonus cards)."""
    if seat is None or not legal:
        return []
    first = legal[0]
    by_type: dict[type, list[Action]] = {}
    for a in legal:
        by_type.setdefault(type(a), []).append(a)
    r0 = pygame.Rect(0, 0, 0, 0)
    out: list[Button] = []
    if isinstance(first, A.Keep):
        n = len(selected)
        lo = min(len(c.cards) for c in legal if isinstance(c, A.Keep))
        act = _matching(legal, A.Keep, selected)
        out.append(Button(r0, f"Keep {plural(n, 'card')}", act, act is not None, "primary",
                          f"Keep at least {lo} of the cards dealt to you: pick them with a click or their number key (K keeps)",
                          (pygame.K_k, pygame.K_RETURN), A.Keep(seat, tuple(sorted(selected)))))
        return out
    if A.Accept in by_type or A.Give in by_type or A.Discard in by_type or A.Move in by_type:
        return out  # a prompt (or the board) takes the answer
    if A.Roll in by_type:
        out.append(Button(r0, "Roll the die", by_type[A.Roll][0], True, "primary",
                          "Roll the die, then drive exactly that far (R)", (pygame.K_r, pygame.K_SPACE)))
    claims = [c for c in legal if isinstance(c, A.Claim)]
    if claims:
        k = len(claims[0].cards)
        if len(claims) == 1:
            out.append(Button(r0, f"Claim {k}", claims[0], True, "good", f"Take the {plural(k, 'face-up card')} (C)",
                              (pygame.K_c,)))
        else:
            act = _matching(legal, A.Claim, selected)
            out.append(Button(r0, f"Claim {len(selected)}/{k}", act, act is not None, "good",
                              f"Pick {k} cards of the face-up row (a click or their number key), then claim them (C)",
                              (pygame.K_c,), attempt=A.Claim(seat, tuple(sorted(selected)))))
    if A.SetTrap in by_type:
        out.append(Button(r0, "Set trap", by_type[A.SetTrap][0], True, "danger",
                          "Spend a red card to set your trap on this square (T)", (pygame.K_t,)))
    elif red_in_hand and (A.EndTurn in by_type or A.Roll in by_type):
        out.append(Button(r0, "Set trap", None, False, "danger", "Spend a red card to set your trap on this square",
                          attempt=A.SetTrap(seat)))
    if A.RemoveTrap in by_type:
        out.append(Button(r0, "Lift trap", by_type[A.RemoveTrap][0], True, "secondary",
                          "Take your trap off the board (L)", (pygame.K_l,)))
    if A.GiveUp in by_type:
        out.append(Button(r0, "Give up cards", by_type[A.GiveUp][0], True, "secondary",
                          "Hand back the cards you cannot deliver (G)", (pygame.K_g,)))
    if A.EndTurn in by_type:
        out.append(Button(r0, "End turn", by_type[A.EndTurn][0], True,
                          "secondary" if A.Roll in by_type else "primary", "Finish your turn (E)",
                          (pygame.K_e, pygame.K_RETURN)))
    return out


def _matching(legal: Sequence[Action], kind: type, selected: set[str]) -> Action | None:
    """The keep or claim of exactly the cards picked, if the rules offer it."""
    for a in legal:
        if isinstance(a, (A.Keep, A.Claim)) and isinstance(a, kind) and set(a.cards) == selected:
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
    blue_bonus: int = 2
    #: height kept free above the buttons for a prompt (0: the die box shows instead)
    prompt_h: int = 0


def _name(d: PanelData, i: int) -> str:
    return d.seats[i].name if i < len(d.seats) else f"Player {i + 1}"


class Panel:
    """The side panel's layout (cards, rows, buttons) and drawing."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.rect = pygame.Rect(960, 0, 320, 720)
        self.buttons: list[Button] = []
        self.cards: list[tuple[str, pygame.Rect]] = []
        self.hand: list[tuple[str, pygame.Rect]] = []
        #: (rect, whole text) for everything shown shortened or as a symbol
        self.tips: list[tuple[pygame.Rect, str]] = []
        self.prompt_rect: pygame.Rect | None = None
        self.dice_rect: pygame.Rect | None = None
        #: how hard the panel is squeezed to fit: 1 small row cards, 2 thin player rows, 3 no row
        self.squeeze = 0

    # -- measures ----------------------------------------------------------------------------------
    @property
    def roomy(self) -> bool:
        return self.rect.height >= px(560)

    @property
    def narrow(self) -> bool:
        return self.rect.width < px(250)

    @property
    def pad(self) -> int:
        return px(12) if self.roomy else px(8)

    def player_h(self) -> int:
        if self.squeeze >= 2:
            return px(22)
        return px(46) if self.roomy and not self.narrow and not self.squeeze else px(26)

    def card_size(self, n: int) -> tuple[int, int]:
        inner = self.rect.width - 2 * self.pad
        w = min(px(64), (inner - px(5) * (max(1, n) - 1)) // max(1, n))
        if w < px(44) or self.squeeze:
            return w, px(38)
        return w, px(62) if self.roomy else px(50)

    def button_h(self) -> int:
        return px(42) if self.roomy else px(32)

    def dice_h(self) -> int:
        return px(60) if self.roomy else px(44)

    # -- layout ------------------------------------------------------------------------------------
    def place_buttons(self, specs: list[Button]) -> int:
        """Lay the buttons out from the bottom of the panel up with the kit's ``button_rows``, as
        many to a row as their words allow (at most three; a roomy panel gives the first primary
        button a row of its own); returns the top of the first row."""
        pr, pad, gap = self.rect, self.pad, px(6)
        groups = [specs[:1], specs[1:]] if self.roomy and len(specs) > 1 and specs[0].style == "primary" else [specs]
        self.buttons = specs
        return button_rows(groups, pr.x + pad, pr.width - 2 * pad, pr.bottom - pad, self.button_h(), gap=gap, vgap=gap,
                           size=self.button_text(), margin=px(16))

    def button_text(self) -> int:
        return 17 if self.roomy else 15

    def row_top(self, v: DashState) -> int:
        """Top of the face-up row section: below one line per player."""
        return self.rect.y + self.pad + (self.player_h() + px(4)) * len(v.players) + px(2)

    def fit(self, v: DashState, bottom: int) -> None:
        """Squeeze the top of the panel (players, the row) until it ends above ``bottom``."""
        for self.squeeze in range(4):
            if self.top_end(v) + px(6) <= bottom:
                return

    def top_end(self, v: DashState) -> int:
        """Where the players and the face-up row end."""
        if self.squeeze >= 3:
            return self.row_top(v)
        n = len(v.opening_draw if v.phase == "opening" else v.row)
        return self.row_top(v) + px(20) + (self.card_size(n)[1] if n else px(26))

    def row_rects(self, v: DashState) -> list[tuple[str, pygame.Rect]]:
        if self.squeeze >= 3:
            return []
        cards = v.opening_draw if v.phase == "opening" else v.row
        w, h = self.card_size(len(cards))
        y = self.row_top(v) + px(20)
        x0 = self.rect.x + self.pad
        return [(c, pygame.Rect(x0 + i * (w + px(5)), y, w, h)) for i, c in enumerate(cards)]

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, d: PanelData) -> None:
        pr = self.rect
        self.tips = []
        if self.roomy:
            draw.panel(surface, pr, theme.PANEL, radius=px(12))
        self._draw_players(surface, d)
        y = self._draw_row(surface, d)
        bottom = (min(b.rect.top for b in self.buttons) if self.buttons else pr.bottom - self.pad + px(6)) - px(6)
        inner = pygame.Rect(pr.x + self.pad, 0, pr.width - 2 * self.pad, 0)
        if d.prompt_h:
            self.prompt_rect = pygame.Rect(inner.x, bottom - d.prompt_h, inner.width, d.prompt_h)
            self.dice_rect = None
            bottom = self.prompt_rect.top - px(6)
        else:
            self.prompt_rect = None
            self.dice_rect = pygame.Rect(inner.x, bottom - self.dice_h(), inner.width, self.dice_h())
            self._draw_dice(surface, d, self.dice_rect)
            bottom = self.dice_rect.top - px(6)
        y = self._draw_hand(surface, d, y + px(6), bottom)
        self._draw_legend(surface, d, y + px(6), bottom)
        for b in self.buttons:
            draw_button(surface, b, b.rect.collidepoint(d.mouse), self.button_text())

    def _draw_players(self, surface: pygame.Surface, d: PanelData) -> None:
        v = d.v
        pad = self.pad
        x, y, w = self.rect.x + pad - px(2), self.rect.y + pad, self.rect.width - 2 * pad + px(4)
        h = self.player_h()
        for i, p in enumerate(v.players):
            seat = d.seats[i] if i < len(d.seats) else None
            colour = seat.colour if seat else theme.PLAYER_COLOURS[i % len(theme.PLAYER_COLOURS)][1]
            label = _name(d, i) + (" (AI)" if seat and seat.kind == "ai" else "")
            row = pygame.Rect(x, y, w, h)
            bits = [plural(len(p.hand), "parcel"), plural(len(p.bonus), "bonus card")]
            if p.trap is not None:
                bits.append("trap set")
            if p.skip_next:
                bits.append("misses the next turn")
            self.tips.append((row, f"{label}: {plural(p.score, 'point')}, " + ", ".join(bits) + "."))
            if v.phase != "over" and i in d.acting:
                draw.rounded_rect(surface, row, draw.lighten(colour, 0.75), radius=px(7))
                draw.rounded_rect(surface, row, colour, radius=px(7), width=2)
            draw_seat(surface, i, (row.x + px(14), row.centery), px(10) if h > px(30) else px(8), colour)
            if h > px(30):
                draw.text(surface, label, (row.x + px(32), row.y + px(5)), 16, theme.INK, bold=True,
                          max_width=w - px(100))
                draw.text(surface, str(p.score), (row.right - px(10), row.y + px(4)), 24, theme.INK, bold=True,
                          anchor="topright")
                draw.text(surface, "pts", (row.right - px(10), row.y + px(29)), 11, theme.INK_SOFT, anchor="topright")
                draw.text(surface, " · ".join(bits), (row.x + px(32), row.y + px(25)), 13,
                          theme.BAD if p.skip_next else theme.INK_SOFT, max_width=w - px(90))
            else:
                self._player_line(surface, row, i, p, label)
            y += h + px(4)

    def _player_line(self, surface: pygame.Surface, row: pygame.Rect, i: int, p, label: str) -> None:
        """One short row: name and score, and the counts when the panel is wide enough."""
        draw.text(surface, str(p.score), (row.right - px(8), row.centery), 18, theme.INK, bold=True, anchor="midright")
        bx = row.right - px(44)
        if not self.narrow:
            draw.text(surface, f"{len(p.hand)}", (bx, row.centery), 13, theme.INK_SOFT, anchor="midright")
            img = sprites.scaled("parcel_box", px(15))
            surface.blit(img, img.get_rect(midright=(bx - px(12), row.centery)))
            bx -= px(36)
            draw.text(surface, f"{len(p.bonus)}", (bx, row.centery), 13, theme.INK_SOFT, anchor="midright")
            card = pygame.Rect(0, 0, px(11), px(15))
            card.midright = (bx - px(12), row.centery)
            pygame.draw.rect(surface, COLOUR.blue_card, card, border_radius=2)
            pygame.draw.rect(surface, COLOUR.red_card, (card.centerx, card.y, card.width // 2 + 1, card.height))
            pygame.draw.rect(surface, theme.INK, card, 1, border_radius=2)
            bx = card.left - px(6)
            if p.trap is not None:
                img = sprites.scaled("trap", px(16))
                surface.blit(img, img.get_rect(midright=(bx, row.centery)))
                bx -= px(20)
            if p.skip_next:
                r = draw.text(surface, "skip", (bx, row.centery), 11, theme.BAD, bold=True, anchor="midright")
                bx = r.left - px(4)
        draw.text(surface, label, (row.x + px(28), row.centery), 14, theme.INK, bold=True, anchor="midleft",
                  max_width=max(px(20), bx - row.x - px(32)))

    def _card(self, surface: pygame.Surface, d: PanelData, name: str, rect: pygame.Rect, selected: bool,
              hovered: bool, foot: str = "") -> None:
        """A destination card: the house's number and points on a band of its colour, then its name
        (when the card is wide enough) and ``foot`` (or the colour's name)."""
        if name == HIDDEN or name not in self.board.houses:
            draw.rounded_rect(surface, rect, COLOUR.card_hidden, radius=px(6))
            draw.text(surface, "?", rect.center, 20, COLOUR.on_piece, bold=True, anchor="center")
            return
        house = self.board.houses[name]
        roof = COLOUR("roof_" + house.colour)
        pts = d.colour_points.get(house.colour, 0)
        self.tips.append((rect, f"#{house.number} {name} - {ROOF_NAME[house.colour].lower()} house, "
                                f"{plural(pts, 'point')}." + (f" {foot}." if foot else "")))
        if selected:
            draw.rounded_rect(surface, rect.inflate(px(6), px(6)), theme.HIGHLIGHT, radius=px(8))
        draw.rounded_rect(surface, rect, COLOUR.card_face, radius=px(6))
        band_h = draw.line_height(12, True) + px(2)
        band = pygame.Rect(rect.x, rect.y, rect.width, band_h)
        draw.rounded_rect(surface, band, roof, radius=px(6))
        pygame.draw.rect(surface, roof, (band.x, band.bottom - px(6), band.width, px(6)))
        ink = draw.text_colour_on(roof)
        wide = rect.width >= px(44)
        draw.text(surface, f"#{house.number}" if wide else str(house.number),
                  (band.x + px(4), band.centery) if wide else band.center, 12, ink,
                  bold=True, anchor="midleft" if wide else "center", max_width=band.width - px(2))
        if wide:
            draw.text(surface, f"{pts}", (band.right - px(5), band.centery), 13, ink, bold=True, anchor="midright")
        else:
            draw.text(surface, f"{pts} pt", (rect.centerx, rect.bottom - px(3)), 11, theme.INK, bold=True,
                      anchor="midbottom", max_width=rect.width - px(2))
        y = band.bottom + px(2)
        foot_h = draw.line_height(10)
        if wide:
            size = next((k for k in range(11, 7, -1) if all(draw.font(k).size(w)[0] <= rect.width - px(6)
                                                          for w in name.split())), 8)
            lh = draw.line_height(size)
            room = max(0, (rect.bottom - px(2) - (foot_h if rect.height >= px(58) or foot else 0) - y) // lh)
            for j, line in enumerate(_word_lines(name, rect.width - px(6), size)[:min(2, room)]):
                draw.text(surface, line, (rect.centerx, y + j * lh), size, theme.INK, anchor="midtop",
                          max_width=rect.width - px(4))
            under = foot or (ROOF_NAME[house.colour] if rect.height >= px(58) else "")
            if under:
                draw.text(surface, under, (rect.centerx, rect.bottom - px(3)), 10, theme.INK_SOFT, anchor="midbottom",
                          max_width=rect.width - px(4))
        if self._dealt(d) and not selected:
            # put back: veiled and said so, so kept and returned cards differ at a glance
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            draw.rounded_rect(veil, veil.get_rect(), COLOUR.card_veil, radius=px(6))
            surface.blit(veil, rect.topleft)
            tag = pygame.Rect(0, 0, rect.width - px(4), draw.line_height(10, True) + px(2))
            tag.center = rect.center
            draw.rounded_rect(surface, tag, COLOUR.card_tag, radius=px(4))
            word = "put back" if draw.font(10, True).size("put back")[0] <= tag.width - px(2) else "back"
            draw.text(surface, word, tag.center, 10, theme.INK, bold=True, anchor="center",
                      max_width=tag.width - px(2))
        edge = theme.ACCENT if hovered else COLOUR.card_edge
        if selected:
            edge = theme.ACCENT_DARK
        draw.rounded_rect(surface, rect, edge, radius=px(6), width=max(2, px(3)) if selected else (2 if hovered else 1))
        if selected:
            r = max(px(9), 8)
            tick(surface, (rect.right - r // 2, rect.bottom - r // 2), r)  # clear of the number and points

    @staticmethod
    def _dealt(d: PanelData) -> bool:
        """The opening: the cards on show are the person's own to keep or put back."""
        return d.v.phase == "opening" and d.seat is not None

    def _draw_row(self, surface: pygame.Surface, d: PanelData) -> int:
        v = d.v
        pr, pad = self.rect, self.pad
        y = self.row_top(v)
        if self.squeeze >= 3:
            self.cards = []
            return y
        opening = v.phase == "opening"
        title = "Cards dealt to you" if opening and d.seat is not None else ("Opening cards" if opening else "Face-up row")
        deck = draw.text(surface, f"deck {len(v.deck)}", (pr.right - pad, y + px(1)), 12, theme.INK_SOFT,
                         anchor="topright")
        t = draw.text(surface, title, (pr.x + pad, y), 14, theme.INK, bold=True, max_width=deck.left - pr.x - pad - px(6))
        self.tips.append((t.union(deck), f"{title}: {plural(len(v.deck), 'card')} left in the deck."))
        self.cards = self.row_rects(v)
        if not self.cards:
            draw.text(surface, "empty", (pr.x + pad + px(2), y + px(26)), 13, theme.INK_SOFT)
            return y + px(20) + px(26)
        for name, rect in self.cards:
            self._card(surface, d, name, rect, name in d.selected, rect.collidepoint(d.mouse))
        return self.cards[0][1].bottom

    def _draw_hand(self, surface: pygame.Surface, d: PanelData, y: int, bottom: int) -> int:
        """Your van: its bonus cards, then its parcels as a list, or as small cards when short of room."""
        v = d.v
        pr, pad = self.rect, self.pad
        self.hand = []
        if d.owner is None:
            return y
        p = v.players[d.owner]
        title_h = px(20)
        if y + title_h > bottom:
            return y
        blues, reds = p.bonus.count(BLUE), p.bonus.count(RED)
        who = "Your van" if d.seat is not None else f"{_name(d, d.owner)}'s van"
        chips_w = 2 * px(52)
        head = pygame.Rect(pr.x + pad, y, pr.width - 2 * pad, title_h)
        if draw.font(14, True).size("Your van")[0] + px(6) > head.width - chips_w:
            # too narrow for the title and the bonus cards side by side: the cards go under it
            if y + 2 * title_h > bottom:
                return y
            head.height = 2 * title_h
            bx, cy = pr.x + pad + chips_w - px(4), y + title_h
        else:
            bx, cy = pr.right - pad, y
        for kind, count, col in ((RED, reds, COLOUR.red_card), (BLUE, blues, COLOUR.blue_card)):
            chip = pygame.Rect(0, 0, px(48), px(18))
            chip.topright = (bx, cy)
            draw.rounded_rect(surface, chip, col, radius=px(5))
            draw.text(surface, f"{count} {kind}", chip.center, 11, COLOUR.on_piece, bold=True, anchor="center")
            bx -= px(52)
        right = pr.right - pad - (chips_w if cy == y else 0)
        t = draw.text(surface, who, (pr.x + pad, y), 14, theme.INK, bold=True, max_width=right - pr.x - pad)
        y += head.height - title_h
        self.tips.append((head.union(t),
                          f"{_name(d, d.owner)}'s van: {plural(len(p.hand), 'parcel')}, "
                          f"{plural(blues, 'blue bonus card')} (+{d.blue_bonus} to a test roll each) and "
                          f"{plural(reds, 'red bonus card')} (each sets a trap)."))
        y += title_h + px(2)
        cards = [c for c in p.hand if c in self.board.houses]
        if not cards:
            line = "No parcels: head to the warehouse."
            box = pygame.Rect(pr.x + pad + px(2), y, pr.width - 2 * pad - px(2), 0)
            lines = draw.wrap(line, box.width, 13)
            box.height = len(lines) * draw.line_height(13)
            if box.bottom <= bottom:
                draw.text_block(surface, line, box, 13, theme.INK_SOFT)
                y = box.bottom + px(2)
            return y
        line_h = px(22) if self.roomy else px(20)
        width = pr.width - 2 * pad
        if y + line_h * len(cards) <= bottom:
            for card in cards:
                row = pygame.Rect(pr.x + pad, y, width, line_h)
                self._hand_line(surface, d, card, row, p.pos)
                y += line_h
            return y
        w, h = self.card_size(len(cards))
        h = min(h, px(44))
        if y + h > bottom and y + line_h <= bottom:
            # one row of chips, each a parcel's house number in its colour: every parcel still shows
            gap = px(4)
            cw = min(px(56), (width - gap * (len(cards) - 1)) // len(cards))
            for i, card in enumerate(cards):
                self._hand_chip(surface, d, card, pygame.Rect(pr.x + pad + i * (cw + gap), y, cw, line_h), p.pos)
            return y + line_h
        if y + h > bottom:
            # neither fits: as many lines as there is room for, then how many more (named on hover)
            fits = max(0, (bottom - y) // line_h)
            shown = cards[:fits] if fits >= len(cards) else cards[:max(0, fits - 1)]
            for card in shown:
                self._hand_line(surface, d, card, pygame.Rect(pr.x + pad, y, width, line_h), p.pos)
                y += line_h
            rest = cards[len(shown):]
            if rest and fits:
                more = f"+{len(rest)} more: " + ", ".join(rest)
                r = draw.text(surface, more, (pr.x + pad + px(2), y + line_h // 2), 12, theme.INK_SOFT,
                              anchor="midleft", max_width=width - px(4))
                self.tips.append((pygame.Rect(pr.x + pad, y, width, line_h).union(r), more + "."))
                y += line_h
            return y
        for i, card in enumerate(cards):
            rect = pygame.Rect(pr.x + pad + i * (w + px(5)), y, w, h)
            dist = self.board.distance(p.pos, self.board.houses[card].entrance)
            self.hand.append((card, rect))
            self._card(surface, d, card, rect, False, rect.collidepoint(d.mouse), f"{dist} away")
        return y + h

    def _hand_chip(self, surface: pygame.Surface, d: PanelData, card: str, chip: pygame.Rect, pos) -> None:
        """A parcel as a chip: its house's number on the house's colour (the name is in the tooltip)."""
        house = self.board.houses[card]
        self.hand.append((card, chip))
        roof = COLOUR("roof_" + house.colour)
        pygame.draw.rect(surface, roof, chip, border_radius=px(4))
        if chip.collidepoint(d.mouse):
            pygame.draw.rect(surface, theme.ACCENT, chip, max(1, px(2)), border_radius=px(4))
        label = f"#{house.number}" if draw.font(11, True).size(f"#{house.number}")[0] <= chip.width - px(4) else str(house.number)
        draw.text(surface, label, chip.center, 11, draw.text_colour_on(roof), bold=True, anchor="center",
                  max_width=chip.width - px(2))
        pts = d.colour_points.get(house.colour, 0)
        dist = self.board.distance(pos, house.entrance)
        self.tips.append((chip, f"#{house.number} {card} - {ROOF_NAME[house.colour].lower()} house, "
                                f"{plural(pts, 'point')}. {dist} away."))

    def _hand_line(self, surface: pygame.Surface, d: PanelData, card: str, row: pygame.Rect, pos) -> None:
        house = self.board.houses[card]
        self.hand.append((card, row))
        if row.collidepoint(d.mouse):
            draw.rounded_rect(surface, row, theme.PAPER, radius=px(4))
        chip = pygame.Rect(row.x + 1, row.y + 1, px(22), row.height - 2)
        pygame.draw.rect(surface, COLOUR("roof_" + house.colour), chip, border_radius=px(3))
        draw.text(surface, str(house.number), chip.center, 10, draw.text_colour_on(COLOUR("roof_" + house.colour)), bold=True,
                  anchor="center")
        pts = d.colour_points.get(house.colour, 0)
        dist = self.board.distance(pos, house.entrance)
        right = draw.text(surface, f"{dist} away · {pts} pt{'s' if pts != 1 else ''}", (row.right - px(2), row.centery),
                          12, theme.INK_SOFT, anchor="midright")
        draw.text(surface, card, (row.x + px(28), row.centery), 13, theme.INK, anchor="midleft",
                  max_width=right.left - row.x - px(34))
        self.tips.append((row, f"#{house.number} {card} - {ROOF_NAME[house.colour].lower()} house, "
                               f"{plural(pts, 'point')}. {dist} away."))

    def _draw_legend(self, surface: pygame.Surface, d: PanelData, top: int, bottom: int) -> None:
        """A reminder of values and tests, when there is room above the die box."""
        pr, pad = self.rect, self.pad
        lh = px(21)
        box = pygame.Rect(pr.x + pad, bottom - 3 * lh, pr.width - 2 * pad, 3 * lh)
        if box.y < top or self.narrow:
            return
        x = box.x + px(2)
        for colour, pts in d.colour_points.items():
            chip = pygame.Rect(x, box.y + px(2), px(22), px(18))
            draw.rounded_rect(surface, chip, COLOUR.get("roof_" + colour, theme.INK_SOFT), radius=px(4))
            draw.text(surface, str(pts), chip.center, 12, draw.text_colour_on(COLOUR.get("roof_" + colour, theme.INK)),
                      bold=True, anchor="center")
            label = ROOF_NAME.get(colour, colour)
            r = draw.text(surface, label, (chip.right + px(3), chip.centery), 12, theme.INK_SOFT, anchor="midleft",
                          max_width=max(px(8), box.right - chip.right - px(3)))
            x = r.right + px(8)
        hazard = "Hazard: roll its number or lose a turn"
        trap = f"Trap: roll {d.trap_test}+ or give a bonus card"
        hazard_badge(surface, (box.x + px(12), box.y + lh + lh // 2), 4, px(16))
        draw.text(surface, hazard, (box.x + px(26), box.y + lh + lh // 2), 12, theme.INK_SOFT, anchor="midleft",
                  max_width=box.width - px(28))
        img = sprites.scaled("trap", px(16))
        surface.blit(img, img.get_rect(center=(box.x + px(12), box.y + 2 * lh + lh // 2)))
        draw.text(surface, trap, (box.x + px(26), box.y + 2 * lh + lh // 2), 12, theme.INK_SOFT, anchor="midleft",
                  max_width=box.width - px(28))
        points = ", ".join(f"{ROOF_NAME.get(c, c).lower()} {plural(p, 'point')}" for c, p in d.colour_points.items())
        self.tips.append((box, f"Houses score: {points}. {hazard}. {trap}."))

    def _draw_dice(self, surface: pygame.Surface, d: PanelData, box: pygame.Rect) -> None:
        draw.rounded_rect(surface, box, theme.PAPER, radius=px(8))
        line1, line2, colour = d.dice
        size = box.height - px(12)
        tx = box.x + px(10)
        if d.face:
            img = sprites.die(d.face, size)
            surface.blit(img, img.get_rect(midleft=(box.x + px(8), box.centery)))
            tx = box.x + size + px(18)
        room = box.right - tx - px(6)
        if line2:
            draw.text(surface, line1, (tx, box.centery - 1), 14, colour, bold=True, anchor="bottomleft", max_width=room)
            draw.text(surface, line2, (tx, box.centery + 1), 12, theme.INK_SOFT, anchor="topleft", max_width=room)
        else:
            draw.text(surface, line1, (tx, box.centery), 14, colour, bold=True, anchor="midleft", max_width=room)
        self.tips.append((box, f"{line1}. {line2}" if line2 else line1))


def tick(surface: pygame.Surface, centre: tuple[int, int], r: int) -> None:
    """A chosen card's badge: a white tick on a dark disc."""
    x, y = centre
    pygame.draw.circle(surface, theme.ACCENT_DARK, (x, y), r)
    pygame.draw.circle(surface, COLOUR.on_piece, (x, y), r, max(1, r // 6))
    w = max(2, r // 3)
    pygame.draw.lines(surface, COLOUR.on_piece, False,
                      [(x - r * 0.5, y), (x - r * 0.12, y + r * 0.4), (x + r * 0.5, y - r * 0.4)], w)


def _word_lines(text: str, width: int, size: int) -> list[str]:
    """Wrap at spaces only (a long word stays whole and is shortened when drawn)."""
    lines: list[str] = []
    for word in text.split():
        if lines and draw.font(size).size(lines[-1] + " " + word)[0] <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines
