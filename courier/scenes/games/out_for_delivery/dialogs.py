"""The trade dialog (offer and answer) and the pass-the-device card for a human partner."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from courier.rules.base import Action
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.config import ITEMS
from courier.rules.out_for_delivery.state import OfdState
from courier.rules.out_for_delivery.table import OfdTable
from courier.scenes.games.out_for_delivery import panel, pieces
from courier.ui import draw, palette, theme
from courier.ui.kit import Button, Flow, draw_button

COLOUR = palette.roles("out_for_delivery")  # this game's colours by role, read from the active palette

Z = pygame.Rect(0, 0, 0, 0)
P = theme.px
TITLE = (22, True, True)  # size, bold, serif
BODY = (16, False, False)
HEAD = (14, True, False)


@dataclass
class Dialog:
    """An open prompt: its box, its words (each with where it goes), its buttons and its kind."""

    kind: str = ""  # "handoff", "answer" or "trade"; "" when none is open
    rect: pygame.Rect | None = None
    lines: list[str] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    #: (text, box, (size, bold, serif), centred): titles and wrapped lines
    texts: list[tuple[str, pygame.Rect, tuple[int, bool, bool], bool]] = field(default_factory=list)


@dataclass
class DialogInput:
    """What a dialog is built from (the view fills it in)."""

    seen: OfdState | None
    seat: int | None
    legal: list[Action]
    board: Board
    names: list[str]
    board_rect: pygame.Rect
    mode: str
    #: the half-made offer: partner, give, get (the dialog keeps gold amounts inside the purse)
    trade: dict[str, Any]
    needs_handoff: bool


def _block_h(text: str, width: int, style: tuple[int, bool, bool]) -> int:
    return draw.text_block(None, text, pygame.Rect(0, 0, width, 10_000), style[0], bold=style[1], serif=style[2])


def _placed(kind: str, lines: list[str], texts: list, buttons: list[Button], w: int, h: int, br: pygame.Rect) -> Dialog:
    """A dialog laid out from (0, 0), moved to the middle of the board."""
    rect = pygame.Rect(0, 0, w, h)
    rect.center = br.center
    dx, dy = rect.x, rect.y
    for b in buttons:
        b.rect = b.rect.move(dx, dy)
    texts = [(t, r.move(dx, dy), st, c) for t, r, st, c in texts]
    return Dialog(kind, rect, lines, buttons, texts)


def _prompt(kind: str, title: str, body: list[str], buttons: list[Button], br: pygame.Rect, width: int) -> Dialog:
    """A title, wrapped lines and a row of buttons."""
    pad = P(22)
    w = min(P(width), br.width - P(20))
    inner = w - 2 * pad
    texts = []
    y = pad
    th = _block_h(title, inner, TITLE)
    texts.append((title, pygame.Rect(pad, y, inner, th), TITLE, True))
    y += th + P(12)
    for line in body:
        lh = _block_h(line, inner, BODY)
        texts.append((line, pygame.Rect(pad, y, inner, lh), BODY, False))
        y += lh + P(6)
    y += P(10)
    bh = P(42)
    gap = P(16)
    bw = (inner - gap * (len(buttons) - 1)) // len(buttons)
    for i, b in enumerate(buttons):
        b.rect = pygame.Rect(pad + i * (bw + gap), y, bw, bh)
    return _placed(kind, [title] + body, texts, buttons, w, y + bh + pad, br)


def _thing_button(board: Board, thing: str, cmd: str, selected: bool) -> Button:
    style = "selected" if selected else "secondary"
    if thing == "nothing":
        return Button(Z.copy(), "Nothing", command=cmd, style=style)
    kind, _, value = thing.partition(":")
    if kind == "parcel":
        d, s = A.parse_parcel(value)
        c = board.city(d)
        return Button(Z.copy(), f"{c.name}, square {s + 1}", command=cmd, style=style, icon=pieces.chip_icon(c.colour, d), tooltip=f"Parcel for {c.name} on square {s + 1} (it keeps its square)")
    if kind == "item":
        return Button(Z.copy(), ITEMS[value].name, command=cmd, style=style, tooltip=ITEMS[value].text)
    return Button(Z.copy(), f"{value} gold", command=cmd, style=style)


def build_dialog(d: DialogInput) -> Dialog:
    v, seat = d.seen, d.seat
    if v is None or seat is None:
        return Dialog()
    br = d.board_rect
    if v.phase == "answer" and v.offer is not None and seat == v.offer.partner:
        mover = d.names[v.offer.seat]
        me = d.names[seat]
        if d.needs_handoff:
            b = Button(Z.copy(), f"I am {me}: show the offer", command="handoff", style="primary",
                          tooltip=f"Only {me} should look: the offer waits for {me}'s answer")
            return _prompt("handoff", f"Pass the device to {me}", [f"{mover} wants to trade. Only {me} should answer."], [b], br, 480)
        accept = next((a for a in d.legal if isinstance(a, A.Accept)), None)
        decline = next((a for a in d.legal if isinstance(a, A.Decline)), None)
        table = OfdTable(v.config, d.board, v, seat)
        gets, gives = table.thing_words(v.offer.give), table.thing_words(v.offer.get)
        buttons = [
            Button(Z.copy(), "Accept", accept, style="good", tooltip=f"Accept: you get {gets} and give {gives}"),
            Button(Z.copy(), "Decline", decline, style="danger", tooltip="Decline: nothing changes hands"),
        ]
        return _prompt("answer", f"{mover} offers a trade", [f"You get: {gets}", f"You give: {gives}"], buttons, br, 520)
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
    pad = P(20)
    w = min(P(640), br.width - P(20))
    inner = w - 2 * pad
    title = f"Trade with {d.names[partner]}"
    texts = []
    y = pad
    th = _block_h(title, inner, TITLE)
    texts.append((title, pygame.Rect(pad, y, inner, th), TITLE, True))
    y += th + P(10)
    buttons: list[Button] = []
    if len(partners) > 1:
        tabs = Flow(pygame.Rect(pad, y, inner, 0), row_h=P(30))
        for j in partners:
            tabs.add(Button(Z.copy(), d.names[j], command=f"trade:partner:{j}", style="selected" if j == partner else "secondary",
                               tooltip=f"Trade with {d.names[j]}", extra={"key": f"partner:{j}"}), (inner - 2 * P(6)) // 3)
        buttons += tabs.out
        y = tabs.bottom() + P(10)
    col_w = (inner - pad) // 2
    hh = max(_block_h("You give", col_w, HEAD), _block_h("You ask for", col_w, HEAD))
    texts.append(("You give", pygame.Rect(pad, y, col_w, hh), HEAD, False))
    texts.append(("You ask for", pygame.Rect(pad + col_w + pad, y, col_w, hh), HEAD, False))
    y += hh + P(4)
    bottom = y
    for k, (things, key) in enumerate(((gives, "give"), (gets, "get"))):
        flow = Flow(pygame.Rect(pad + k * (col_w + pad), y, col_w, 0), row_h=P(28))
        for t in things:
            wide = t.startswith("parcel:")
            b = _thing_button(d.board, t, f"trade:{key}:{t}", trade.get(key) == t)
            b.extra["key"] = f"{key}:{t}"
            flow.add(b, col_w if wide else (col_w - P(6)) // 2)
        if purses[key] >= 1:
            _gold_picker(flow, key, trade.get(key), purses[key], col_w, "you have" if key == "give" else "they have")
        buttons += flow.out
        bottom = max(bottom, flow.bottom())
    y = bottom + P(16)
    chosen, why = _offer(d, v, partner)
    cost = OfdTable(v.config, d.board, v, d.seat).here_cost(v.current) / 2
    bw = (inner - P(16)) // 2
    bh = P(40)
    buttons.append(Button(pygame.Rect(pad, y, bw, bh), f"Make the offer ({cost:g} MP)", chosen, style="primary", enabled=chosen is not None,
                             tooltip="One offer a turn; the other courier must agree", why_not=why, extra={"key": "offer"}))
    buttons.append(Button(pygame.Rect(pad + bw + P(16), y, bw, bh), "Cancel", command="cancel", tooltip="Close the trade without an offer", extra={"key": "cancel"}))
    return _placed("trade", [title, "You give", "You ask for"], texts, buttons, w, y + bh + pad, br)


#: the amount stepper's buttons: label, change (None: the whole purse)
GOLD_STEPS: tuple[tuple[str, int | None], ...] = (("-10", -10), ("-1", -1), ("+1", 1), ("+10", 10), ("All", None))


def gold_amount(chosen: str | None, purse: int) -> int | None:
    """The gold amount a side has picked in the dialog, or None when that side gives no gold."""
    if not chosen or not chosen.startswith("gold:"):
        return None
    value = chosen.partition(":")[2]
    return max(1, min(purse, int(value))) if value.isascii() and value.isdigit() else None


def _gold_picker(flow: Flow, key: str, chosen: str | None, purse: int, col_w: int, whose: str) -> None:
    """A "Gold" choice, then an amount stepper from 1 to the whole purse once it is picked."""
    amount = gold_amount(chosen, purse)
    start = min(purse, 50)
    label = f"{amount} gold" if amount is not None else "Gold"
    keys = " (Left and Right change it)" if amount is not None else ""
    flow.add(Button(Z.copy(), label, command=f"trade:{key}:gold:{amount or start}", style="selected" if amount is not None else "secondary",
                       tooltip=f"Gold: any whole amount from 1 to {purse}{keys}", extra={"key": f"gold:{key}"}), col_w)
    if amount is None:
        return
    small = max(P(24), (col_w - P(6) * (len(GOLD_STEPS) - 1)) // len(GOLD_STEPS))
    for text, step in GOLD_STEPS:
        to = purse if step is None else max(1, min(purse, amount + step))
        why = "" if to != amount else (f"1 gold is the least" if step is not None and step < 0 else f"{purse} gold is all {whose}")
        flow.add(Button(Z.copy(), text, command=f"trade:{key}:gold:{to}", enabled=to != amount,
                           tooltip=f"{text}: make it {to} gold", why_not=why, extra={"key": f"step:{key}:{text}"}), small)


def _offer(d: DialogInput, v: OfdState, partner: int) -> tuple[A.Offer | None, str]:
    """The offer the dialog describes and, when the rules refuse it, their reason."""
    give, get = d.trade.get("give"), d.trade.get("get")
    if not give or not get:
        return None, "Choose what you give and what you ask for"
    offer = A.Offer(v.current, partner, give, get)
    why = OfdTable(v.config, d.board, v, d.seat).refusal(offer)
    return (offer, "") if why is None else (None, why[0].upper() + why[1:] + ".")


def _order(thing: str) -> tuple[int, str]:
    kind = thing.partition(":")[0]
    return ({"parcel": 0, "item": 1, "gold": 2}.get(kind, 3), thing if kind != "gold" else thing.rjust(12))


def draw_dialog(surface: pygame.Surface, dialog: Dialog, board_rect: pygame.Rect, hovered: Button | None) -> None:
    rect = dialog.rect
    if rect is None:
        return
    dim = pygame.Surface(board_rect.size, pygame.SRCALPHA)
    dim.fill(COLOUR.dim)
    surface.blit(dim, board_rect.topleft)
    draw.panel(surface, rect, fill=COLOUR.card, border=COLOUR.card_edge, radius=P(12))
    pygame.draw.rect(surface, COLOUR.card_edge, rect.inflate(-P(10), -P(10)), 1, border_radius=P(8))
    for text, box, (size, bold, serif), centred in dialog.texts:
        colour = theme.INK_SOFT if (size, bold, serif) == HEAD else theme.INK
        draw.text_block(surface, text, box, size, colour, bold=bold, serif=serif, align="center" if centred else "left")
    for b in dialog.buttons:
        draw_button(surface, b, b is hovered, panel.BUTTON_TEXT)
