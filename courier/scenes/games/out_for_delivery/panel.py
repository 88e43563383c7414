"""The Out For Delivery side panel: turn header, the player's action buttons, parcel boards.

Buttons are plain records (rect, label, the action they submit or the command they run) so the
view can hit-test them on mouse-down, list them for the keyboard, and tests can find them by label.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from courier.rules.base import Action
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery import engine
from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.config import ITEMS, OBSTACLES, WEATHERS, OfdConfig
from courier.rules.out_for_delivery.state import OfdState
from courier.scenes.games.out_for_delivery import board as paint
from courier.ui import draw, theme
from courier.ui.game_view import SeatInfo


@dataclass
class Btn:
    rect: pygame.Rect
    text: str
    action: Action | None = None
    cmd: str = ""  # a view command (open the trade dialog, fly mode, ...)
    enabled: bool = True
    style: str = "secondary"
    tip: str = ""
    chip: tuple[tuple[int, int, int], int] | None = None  # draw a parcel chip before the text
    data: Any = None


@dataclass
class Flow:
    """Lays buttons left to right, wrapping inside a rectangle."""

    rect: pygame.Rect
    x: int = 0
    y: int = 0
    row_h: int = 30
    out: list[Btn] = field(default_factory=list)
    labels: list[tuple[str, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.x, self.y = self.rect.x, self.rect.y

    def label(self, text: str) -> pygame.Rect:
        if self.x != self.rect.x:
            self.newline()
        r = pygame.Rect(self.rect.x, self.y, self.rect.width, 18)
        self.labels.append((text, self.y))
        self.y += 19
        return r

    def newline(self) -> None:
        if self.x == self.rect.x:
            return
        self.x = self.rect.x
        self.y += self.row_h + 5

    def add(self, btn: Btn, width: int) -> Btn:
        width = min(width, self.rect.width)
        if self.x + width > self.rect.right:
            self.newline()
        btn.rect = pygame.Rect(self.x, self.y, width, self.row_h)
        self.x += width + 6
        self.out.append(btn)
        return btn

    def bottom(self) -> int:
        return self.y + (self.row_h if self.x != self.rect.x else 0)


def text_width(text: str, size: int = 14, bold: bool = True) -> int:
    return draw.font(size, bold).size(text)[0]


def draw_button(surf: pygame.Surface, b: Btn, hovered: bool, board: Board | None = None) -> None:
    styles = {
        "primary": (theme.ACCENT, draw.lighten(theme.ACCENT, 0.15), (255, 255, 255), theme.ACCENT_DARK),
        "secondary": ((255, 251, 240), (255, 238, 200), theme.INK, (196, 176, 140)),
        "good": (theme.GOOD, draw.lighten(theme.GOOD, 0.15), (255, 255, 255), draw.darken(theme.GOOD, 0.3)),
        "danger": (theme.BAD, draw.lighten(theme.BAD, 0.15), (255, 255, 255), draw.darken(theme.BAD, 0.3)),
        "selected": (theme.INK, theme.INK, theme.PAPER, theme.INK),
    }
    fill, hover, ink, border = styles.get(b.style, styles["secondary"])
    if not b.enabled:
        fill, hover, ink, border = (228, 222, 210), (228, 222, 210), (150, 142, 130), (210, 202, 188)
    r = b.rect
    if b.enabled:
        draw.shadow(surf, r, 8, offset=(0, 2), blur=3, alpha=50)
    draw.rounded_rect(surf, r, hover if hovered and b.enabled else fill, 8)
    draw.rounded_rect(surf, r, theme.HIGHLIGHT if hovered and b.enabled else border, 8, width=2 if hovered and b.enabled else 1)
    x = r.x + 8
    if b.chip is not None:
        ch = r.height - 10
        paint.parcel_chip(surf, pygame.Rect(x, r.y + 5, ch, ch), b.chip[0], b.chip[1])
        x += ch + 5
    if b.chip is not None or b.text:
        anchor_x = x if b.chip is not None else r.centerx
        draw.text(surf, b.text, (anchor_x, r.centery), 14, ink, bold=True, anchor="midleft" if b.chip is not None else "center", max_width=r.right - x - 6)


def header(surf: pygame.Surface, rect: pygame.Rect, v: OfdState, cfg: OfdConfig, board: Board, seats: list[SeatInfo], mp_shown: float | None, hide_event: bool = False) -> None:
    """Round, event, whose turn, MP left and the delivered counter."""
    draw.panel(surf, rect)
    compact = rect.height < 80
    x, y = rect.x + 12, rect.y + (6 if compact else 8)
    if v.phase == "start":
        title = "Set-up: choose start cities"
    elif v.phase == "over":
        title = f"Game over after round {v.round}"
    else:
        title = f"Round {v.round}"
    ob = OBSTACLES.get(v.obstacle)
    ob_w = 0
    if v.round and ob is not None and v.phase != "over" and not hide_event:
        r = draw.text(surf, ob.name, (rect.right - 12, y + 3), 14, theme.ACCENT_DARK if v.obstacle != "none" else theme.INK_SOFT, bold=True, anchor="topright")
        ob_w = r.width + 10
    draw.text(surf, title, (x, y), 18, theme.INK, bold=True, serif=True, max_width=rect.width - 24 - ob_w)
    y += 24 if compact else 28
    seat = v.offer.partner if v.phase == "answer" and v.offer else v.current
    if v.phase != "over":
        info = seats[seat]
        paint.token(surf, (x + 11, y + 12), 10, info.colour, seat)
        verb = {"start": "picks a city", "roll": "to roll", "act": "on the road", "answer": "decides"}.get(v.phase, "")
        draw.text(surf, f"{info.name} {verb}", (x + 28, y + 3), 15, theme.INK, bold=True, max_width=rect.width - 130)
        if v.phase == "act" and mp_shown is not None:
            draw.text(surf, f"{mp_shown:g} MP", (rect.right - 12, y - 2), 20 if compact else 24, theme.INK, bold=True, anchor="topright")
    y += 24 if compact else 30
    # delivered counter toward the end
    bar = pygame.Rect(x, y, rect.width - 24, 14)
    draw.rounded_rect(surf, bar, (232, 222, 200), 7)
    frac = min(1.0, v.delivered_total / cfg.deliveries_to_end)
    if frac > 0:
        draw.rounded_rect(surf, pygame.Rect(bar.x, bar.y, max(14, int(bar.width * frac)), bar.height), theme.GOOD, 7)
    draw.text(surf, f"Delivered {v.delivered_total} / {cfg.deliveries_to_end}", bar.center, 11, theme.INK, bold=True, anchor="center")


def player_card(surf: pygame.Surface, rect: pygame.Rect, v: OfdState, cfg: OfdConfig, board: Board, seat: int, info: SeatInfo, active: bool, lag: float = 0.0) -> list[tuple[pygame.Rect, str]]:
    """One courier: gold, items, and the parcel board as printed (values above the squares).

    Short cards (a small panel) drop the printed values and list items in a tooltip. ``lag``
    (0..1) draws parcels that far back toward their previous square, for the round-start slide.
    Returns tooltip areas (rect, text) for the parcel squares and items.
    """
    tips: list[tuple[pygame.Rect, str]] = []
    p = v.players[seat]
    compact = rect.height < 84
    draw.panel(surf, rect, fill=(255, 250, 236) if active else theme.PANEL, border=theme.HIGHLIGHT if active else theme.PAPER_DARK)
    x, y = rect.x + 10, rect.y + (4 if compact else 6)
    paint.token(surf, (x + 9, y + 10), 9, info.colour, seat)
    draw.text(surf, f"{p.gold} g", (rect.right - 10, y + 1), 16, theme.BAD if p.gold < 0 else theme.INK, bold=True, anchor="topright")
    gold_w = text_width(f"{p.gold} g", 16) + 14
    if compact:
        name_r = draw.text(surf, info.name, (x + 24, y + 2), 14, theme.INK, bold=True, max_width=110)
        extra = f"{p.delivered} delivered · {len(p.items)} item{'s' if len(p.items) != 1 else ''}"
        er = draw.text(surf, extra, (name_r.right + 8, y + 4), 11, theme.INK_SOFT, max_width=rect.right - gold_w - name_r.right - 14)
        if p.items:
            tips.append((er, "Items: " + "; ".join(f"{ITEMS[i].name}: {ITEMS[i].text}" for i in p.items)))
        y += 19
        top_sq = y
    else:
        draw.text(surf, info.name, (x + 24, y + 2), 15, theme.INK, bold=True, max_width=130)
        draw.text(surf, f"{p.delivered} delivered", (rect.right - gold_w, y + 4), 11, theme.INK_SOFT, anchor="topright")
        y += 22
        ix = x
        if not p.items:
            draw.text(surf, "no items", (ix, y), 11, theme.INK_SOFT)
        for item in p.items:
            name = ITEMS[item].name
            w = text_width(name, 11, False) + 10
            if ix + w > rect.right - 10:
                draw.text(surf, "…", (ix, y), 11, theme.INK_SOFT)
                break
            tag = pygame.Rect(ix, y - 1, w, 16)
            draw.rounded_rect(surf, tag, (236, 226, 204), 5)
            draw.text(surf, name, tag.center, 11, theme.INK, anchor="center")
            tips.append((tag, f"{name}: {ITEMS[item].text}"))
            ix += w + 4
        y += 19
        top_sq = y + 12
    # the parcel board: ten squares, values printed above, parcels sit in their squares
    n = len(cfg.parcel_board)
    sq_w = (rect.width - 20) / n
    sq_h = max(10, min(26, rect.bottom - top_sq - (4 if compact else 6)))
    for i, value in enumerate(cfg.parcel_board):
        sx = int(x + i * sq_w)
        sq = pygame.Rect(sx, top_sq, int(sq_w) - 2, sq_h)
        if not compact:
            draw.text(surf, f"{value}", (sq.centerx, y + 1), 10, theme.INK_SOFT, bold=True, anchor="midtop")
        pygame.draw.rect(surf, (246, 238, 220), sq)
        pygame.draw.rect(surf, (176, 156, 124), sq, 1)
        here = [q for q in p.parcels if q.square == i]
        if here:
            cw = max(6, (sq.width - 2) // len(here))
            for k, q in enumerate(here):
                back = int(lag * sq_w) if i > 0 else 0
                chip = pygame.Rect(sq.x + 1 + k * cw - back, sq.y + 2, cw - 1 if len(here) > 1 else sq.width - 2, sq.height - 4)
                paint.parcel_chip(surf, chip, board.city(q.dest).colour, q.dest)
            words = ", ".join(board.city(q.dest).name for q in here)
            tips.append((sq, f"Square {i + 1} ({value} gold now): parcel{'s' if len(here) > 1 else ''} for {words}; -{cfg.undelivered_penalty} each if still carried at the end"))
        else:
            if compact and i in (0, n - 1):
                draw.text(surf, str(value), sq.center, 9, (176, 156, 124), anchor="center")
            tips.append((sq, f"Square {i + 1}: a parcel delivered from here pays {value} gold"))
    return tips


def weather_line(v: OfdState, board: Board) -> str:
    parts = []
    for r in board.regions:
        w = WEATHERS[v.weather[r.index]]
        parts.append(f"{r.name}: {w.name}")
    return "; ".join(parts)


# -- the player's buttons ---------------------------------------------------------------------------
@dataclass
class Actions:
    """The action area of the panel: its buttons, its small headings and the box they fill."""

    buttons: list[Btn]
    labels: list[tuple[str, int]]
    rect: pygame.Rect


def header_h(panel_rect: pygame.Rect) -> int:
    return 92 if panel_rect.height >= 560 else 70


def fit(label: str, least: int) -> int:
    """A button wide enough for its label (at least ``least``)."""
    return max(least, text_width(label) + 28)


def build(pr: pygame.Rect, v: OfdState | None, seat: int | None, legal: list[Action], board: Board,
          cfg: OfdConfig, mode: str) -> Actions:
    """Lay out the buttons for what ``seat`` may do now (only what the rules offer)."""
    top = pr.y + header_h(pr) + 8
    if v is None:
        return Actions([], [], pygame.Rect(pr.x, top, pr.width, 60))
    of = lambda kind: [a for a in legal if isinstance(a, kind)]  # noqa: E731
    first = lambda kind: next(iter(of(kind)), None)  # noqa: E731
    flow = Flow(pygame.Rect(pr.x + 12, top + 10, pr.width - 24, 400), row_h=28 if pr.height < 560 else 30)
    half = (flow.rect.width - 6) // 2
    if seat is not None and v.phase == "start":
        flow.label("Choose a start city (or click it on the map)")
        for a in of(A.StartCity):
            c = board.city(a.city)  # type: ignore[attr-defined]
            flow.add(Btn(pygame.Rect(0, 0, 0, 0), c.name, a, chip=(c.colour, c.number), tip=f"Start in {c.name}"), half)
    elif seat is not None and v.phase == "roll":
        flow.label("Roll two dice for this turn's movement points")
        flow.add(Btn(pygame.Rect(0, 0, 0, 0), "Roll for movement (Space)", first(A.Roll), style="primary"), flow.rect.width)
    elif seat is not None and v.phase == "answer":
        flow.label("A trade offer waits for your answer")
    elif seat is not None and v.phase == "act":
        _act_buttons(v, legal, board, cfg, mode, flow, half)
    return Actions(flow.out, flow.labels, pygame.Rect(pr.x, top, pr.width, max(44, flow.bottom() - top + 10)))


def _act_buttons(v: OfdState, legal: list[Action], board: Board, cfg: OfdConfig, mode: str, flow: Flow, half: int) -> None:
    of = lambda kind: [a for a in legal if isinstance(a, kind)]  # noqa: E731
    cost = engine.handling_cost(board, v, v.current) / 2
    picks, delivers = of(A.Pickup), of(A.Deliver)
    if picks:
        flow.label(f"Pick up here ({cost:g} MP each)")
        for a in picks:
            c = board.city(a.dest)  # type: ignore[attr-defined]
            flow.add(Btn(pygame.Rect(0, 0, 0, 0), c.name, a, chip=(c.colour, c.number), tip=f"Take a parcel for {c.name} onto square 1 of your parcel board"), half)
    if delivers:
        flow.label(f"Deliver here ({cost:g} MP each)")
        for a in delivers:
            c = board.city(a.dest)  # type: ignore[attr-defined]
            gold = engine.parcel_value(cfg, v, a.square)  # type: ignore[attr-defined]
            flow.add(Btn(pygame.Rect(0, 0, 0, 0), f"+{gold} gold", a, style="good", chip=(c.colour, c.number)), half)
    shop = of(A.Buy) + of(A.Sell)
    if shop:
        flow.label(f"Market ({engine.here_cost(board, v, v.current) / 2:g} MP)")
        for a in shop:
            if isinstance(a, A.Buy):
                price = cfg.item_price(v.obstacle)
                flow.add(Btn(pygame.Rect(0, 0, 0, 0), f"Buy item ({price} g)", a, tip="Roll on the item table; once a turn"), fit(f"Buy item ({price} g)", half))
            else:
                price = cfg.sale_price(v.obstacle)
                label = f"Sell {ITEMS[a.item].name} +{price}"  # type: ignore[attr-defined]
                flow.add(Btn(pygame.Rect(0, 0, 0, 0), label, a, tip="Once a turn"), fit(label, half))
    specials = of(A.UseItem) + of(A.Steal)
    if specials or of(A.Fly) or of(A.BoatMove) or of(A.Offer):
        flow.label("Items and trade")
    for a in specials:
        if isinstance(a, A.UseItem):
            info = ITEMS[a.item]
            flow.add(Btn(pygame.Rect(0, 0, 0, 0), f"Use {info.name}", a, tip=info.text), fit(f"Use {info.name}", half))
        else:
            c = board.city(a.dest)  # type: ignore[attr-defined]
            flow.add(Btn(pygame.Rect(0, 0, 0, 0), f"Rob C{a.victim + 1}", a, style="danger", chip=(c.colour, c.number), tip="Ski mask: take this parcel (1 MP)"), half)  # type: ignore[attr-defined]
    for kind, cmd, label, tip in ((A.Fly, "fly", "Fly to a city…", "Airplane ticket: then click a city tile (1 MP)"), (A.BoatMove, "boat", "Row across…", "Portable boat: then click the river crossing"), (A.Offer, "trade", "Trade…", "Offer a swap to a courier on your tile")):
        if of(kind):
            flow.add(Btn(pygame.Rect(0, 0, 0, 0), label, cmd=cmd, style="selected" if mode == cmd else "secondary", tip=tip), half)
    flow.newline()
    flow.add(Btn(pygame.Rect(0, 0, 0, 0), "End turn (E)", next(iter(of(A.EndTurn)), None), style="primary"), flow.rect.width)


def draw_panel(surf: pygame.Surface, pr: pygame.Rect, acts: Actions, v: OfdState, cfg: OfdConfig, board: Board,
               seats: list[SeatInfo], seat: int | None, mp_shown: float | None, card_up: bool, lag: float,
               hovered: Btn | None) -> list[tuple[pygame.Rect, str]]:
    """Header, action area and one card per courier; returns the tooltip areas drawn."""
    header(surf, pygame.Rect(pr.x, pr.y, pr.width, header_h(pr)), v, cfg, board, seats, mp_shown, card_up)
    ar = acts.rect
    draw.panel(surf, ar)
    if seat is None:
        acting = engine.to_act(v)
        who = seats[acting[0]].name if acting else ""
        msg = "The game is over." if v.phase == "over" else f"Waiting for {who}…"
        draw.text(surf, msg, (ar.x + 12, ar.y + 16), 15, theme.INK_SOFT, max_width=ar.width - 24)
    else:
        for text, y in acts.labels:
            draw.text(surf, text, (ar.x + 12, y), 12, theme.INK_SOFT, bold=True)
    for b in acts.buttons:
        draw_button(surf, b, b is hovered)
    tips: list[tuple[pygame.Rect, str]] = []
    n = len(v.players)
    top = ar.bottom + 8
    h = max(36, min(112, (pr.bottom - top) // n - 6))
    for i in range(n):
        rect = pygame.Rect(pr.x, top + i * (h + 6), pr.width, h)
        active = v.phase not in ("over", "start") and i == v.current
        tips += player_card(surf, rect, v, cfg, board, i, seats[i], active, lag)
    return tips
