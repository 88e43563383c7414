"""The trade dialog (offer and answer) and the pass-the-device card for a human partner."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from courier.rules.base import Action
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery import engine
from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.config import ITEMS
from courier.rules.out_for_delivery.state import OfdState
from courier.scenes.games.out_for_delivery import panel
from courier.ui import draw, theme

Z = pygame.Rect(0, 0, 0, 0)


@dataclass
class Dialog:
    """An open prompt: its box, its title and lines, its buttons and what kind it is."""

    kind: str = ""  # "handoff", "answer" or "trade"; "" when none is open
    rect: pygame.Rect | None = None
    lines: list[str] = field(default_factory=list)
    buttons: list[panel.Btn] = field(default_factory=list)


@dataclass
class DialogInput:
    """What a dialog is built from (the view fills it in)."""

    v: OfdState | None
    seat: int | None
    legal: list[Action]
    board: Board
    names: list[str]
    board_rect: pygame.Rect
    mode: str
    #: the half-made offer: partner, give, get (the dialog keeps gold amounts inside the purse)
    trade: dict[str, Any]
    needs_handoff: bool


def _thing_button(board: Board, thing: str, cmd: str, selected: bool) -> panel.Btn:
    style = "selected" if selected else "secondary"
    if thing == "nothing":
        return panel.Btn(Z.copy(), "Nothing", cmd=cmd, style=style)
    kind, _, value = thing.partition(":")
    if kind == "parcel":
        d, s = A.parse_parcel(value)
        c = board.city(d)
        return panel.Btn(Z.copy(), f"{c.name}, square {s + 1}", cmd=cmd, style=style, chip=(c.colour, d), tip=f"Parcel for {c.name} on square {s + 1} (it keeps its square)")
    if kind == "item":
        return panel.Btn(Z.copy(), ITEMS[value].name, cmd=cmd, style=style, tip=ITEMS[value].text)
    return panel.Btn(Z.copy(), f"{value} gold", cmd=cmd, style=style)


def build_dialog(d: DialogInput) -> Dialog:
    v, seat = d.v, d.seat
    if v is None or seat is None:
        return Dialog()
    br = d.board_rect
    if v.phase == "answer" and v.offer is not None and seat == v.offer.partner:
        mover = d.names[v.offer.seat]
        me = d.names[seat]
        if d.needs_handoff:
            rect = pygame.Rect(0, 0, min(460, br.width - 20), 200)
            rect.center = br.center
            b = panel.Btn(pygame.Rect(rect.x + 40, rect.bottom - 62, rect.width - 80, 42), f"I am {me}: show the offer", cmd="handoff", style="primary")
            return Dialog("handoff", rect, [f"Pass the device to {me}", f"{mover} wants to trade. Only {me} should answer."], [b])
        rect = pygame.Rect(0, 0, min(500, br.width - 20), 200)
        rect.center = br.center
        accept = next((a for a in d.legal if isinstance(a, A.Accept)), None)
        decline = next((a for a in d.legal if isinstance(a, A.Decline)), None)
        w = (rect.width - 60) // 2
        buttons = [
            panel.Btn(pygame.Rect(rect.x + 20, rect.bottom - 60, w, 42), "Accept", accept, style="good"),
            panel.Btn(pygame.Rect(rect.right - 20 - w, rect.bottom - 60, w, 42), "Decline", decline, style="danger"),
        ]
        lines = [
            f"{mover} offers a trade",
            f"You get: {engine.thing_words(d.board, v.offer.give)}",
            f"You give: {engine.thing_words(d.board, v.offer.get)}",
        ]
        return Dialog("answer", rect, lines, buttons)
    if d.mode != "trade" or v.phase != "act":
        return Dialog()
    offers = [a for a in d.legal if isinstance(a, A.Offer)]
    if not offers:
        return Dialog()
    trade = d.trade
    partner = trade.get("partner")
    partners = sorted({a.partner for a in offers})
    if partner not in partners:
        partner = trade["partner"] = partners[0]
    mine = [a for a in offers if a.partner == partner]
    purses = {"give": v.players[v.current].gold, "get": v.players[partner].gold}
    for key, purse in purses.items():
        if str(trade.get(key) or "").startswith("gold:"):
            amount = gold_amount(trade[key], purse) if purse >= 1 else None
            trade[key] = None if amount is None else f"gold:{amount}"
    # gold is one thing of any whole amount: one "Gold" choice per side and an amount stepper
    gives = sorted({a.give for a in mine if not a.give.startswith("gold:")}, key=_order)
    gets = sorted({a.get for a in mine if not a.get.startswith("gold:")}, key=_order)
    rows = max(sum(2 if t.startswith("parcel:") else 1 for t in things) for things in (gives, gets)) + 3
    tall = (92 if len(partners) > 1 else 62) + 24 + ((rows + 1) // 2) * 33 + 80
    rect = pygame.Rect(0, 0, min(640, br.width - 20), min(tall, br.height - 20))
    rect.center = br.center
    buttons: list[panel.Btn] = []
    tabs = panel.Flow(pygame.Rect(rect.x + 20, rect.y + 52, rect.width - 40, 40), row_h=30)
    if len(partners) > 1:
        for j in partners:
            tabs.add(panel.Btn(Z.copy(), d.names[j], cmd=f"trade:partner:{j}", style="selected" if j == partner else "secondary"), 150)
        top = rect.y + 92
    else:
        top = rect.y + 62
    buttons += tabs.out
    col_w = (rect.width - 60) // 2
    for k, (things, key) in enumerate(((gives, "give"), (gets, "get"))):
        flow = panel.Flow(pygame.Rect(rect.x + 20 + k * (col_w + 20), top + 24, col_w, rect.bottom - top - 100), row_h=28)
        for t in things:
            wide = t.startswith("parcel:")
            flow.add(_thing_button(d.board, t, f"trade:{key}:{t}", trade.get(key) == t), col_w if wide else (col_w - 6) // 2)
        if purses[key] >= 1:
            _gold_picker(flow, key, trade.get(key), purses[key], col_w)
        buttons += flow.out
    chosen, why = _offer(d, v, partner)
    cost = engine.here_cost(d.board, v, v.current) / 2
    w = (rect.width - 60) // 2
    buttons.append(panel.Btn(pygame.Rect(rect.x + 20, rect.bottom - 56, w, 40), f"Make the offer ({cost:g} MP)", chosen, style="primary", enabled=chosen is not None, tip=why or "One offer a turn; the other courier must agree"))
    buttons.append(panel.Btn(pygame.Rect(rect.right - 20 - w, rect.bottom - 56, w, 40), "Cancel", cmd="cancel"))
    lines = [f"Trade with {d.names[partner]}", "You give", "You ask for"]
    return Dialog("trade", rect, lines, buttons)


#: the amount stepper's buttons: label, change (None: the whole purse)
GOLD_STEPS: tuple[tuple[str, int | None], ...] = (("-10", -10), ("-1", -1), ("+1", 1), ("+10", 10), ("All", None))


def gold_amount(chosen: str | None, purse: int) -> int | None:
    """The gold amount a side has picked in the dialog, or None when that side gives no gold."""
    if not chosen or not chosen.startswith("gold:"):
        return None
    value = chosen.partition(":")[2]
    return max(1, min(purse, int(value))) if value.isascii() and value.isdigit() else None


def _gold_picker(flow: panel.Flow, key: str, chosen: str | None, purse: int, col_w: int) -> None:
    """A "Gold" choice, then an amount stepper from 1 to the whole purse once it is picked."""
    amount = gold_amount(chosen, purse)
    start = min(purse, 50)
    label = f"{amount} gold" if amount is not None else "Gold"
    flow.add(panel.Btn(Z.copy(), label, cmd=f"trade:{key}:gold:{amount or start}", style="selected" if amount is not None else "secondary",
                       tip=f"Any whole amount from 1 to {purse}"), col_w)
    if amount is None:
        return
    small = max(24, (col_w - 6 * (len(GOLD_STEPS) - 1)) // len(GOLD_STEPS))
    for text, step in GOLD_STEPS:
        to = purse if step is None else max(1, min(purse, amount + step))
        flow.add(panel.Btn(Z.copy(), text, cmd=f"trade:{key}:gold:{to}", enabled=to != amount,
                           tip=f"{to} gold"), small)


def _offer(d: DialogInput, v: OfdState, partner: int) -> tuple[A.Offer | None, str]:
    """The offer the dialog describes and, when the rules refuse it, their reason."""
    give, get = d.trade.get("give"), d.trade.get("get")
    if not give or not get:
        return None, "Choose what you give and what you ask for"
    offer = A.Offer(v.current, partner, give, get)
    why = engine.check(v.config, d.board, v, offer)
    return (offer, "") if why is None else (None, why[0].upper() + why[1:] + ".")


def _order(thing: str) -> tuple[int, str]:
    kind = thing.partition(":")[0]
    return ({"parcel": 0, "item": 1, "gold": 2}.get(kind, 3), thing if kind != "gold" else thing.rjust(12))


def draw_dialog(surface: pygame.Surface, dialog: Dialog, board_rect: pygame.Rect, hovered: panel.Btn | None) -> None:
    rect = dialog.rect
    if rect is None:
        return
    dim = pygame.Surface(board_rect.size, pygame.SRCALPHA)
    dim.fill((30, 22, 14, 120))
    surface.blit(dim, board_rect.topleft)
    draw.panel(surface, rect, fill=(252, 246, 230), border=(140, 104, 64))
    pygame.draw.rect(surface, (140, 104, 64), rect.inflate(-10, -10), 1, border_radius=8)
    lines = dialog.lines
    draw.text(surface, lines[0], (rect.centerx, rect.y + 16), 22, theme.INK, bold=True, serif=True, anchor="midtop", max_width=rect.width - 30)
    if dialog.kind == "trade":
        top = min((b.rect.y for b in dialog.buttons if b.cmd.startswith("trade:give") or b.cmd.startswith("trade:get")), default=rect.y + 86)
        col_w = (rect.width - 60) // 2
        draw.text(surface, lines[1], (rect.x + 20, top - 22), 14, theme.INK_SOFT, bold=True)
        draw.text(surface, lines[2], (rect.x + 40 + col_w, top - 22), 14, theme.INK_SOFT, bold=True)
    else:
        y = rect.y + 60
        for line in lines[1:]:
            y += draw.text_block(surface, line, pygame.Rect(rect.x + 30, y, rect.width - 60, 60), 16, theme.INK) + 6
    for b in dialog.buttons:
        panel.draw_button(surface, b, b is hovered)
