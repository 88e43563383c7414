"""Next Day's modal prompts: the first-bid offer and the auction answer. Their box (sized to its
wrapped words), the amount stepper and the Bid/Pass/Cancel buttons, drawn over the board. Which
bids exist comes from the legal actions the view was given; nothing here decides a rule.
"""

from __future__ import annotations

import functools

from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from courier.rules.next_day import actions as A
from courier.ui.kit import Button, draw_seat
from courier.ui import draw, palette, theme
from courier.words import plural

COLOUR = palette.roles("next_day")  # this game's colours by role, read from the active palette

TITLE, BODY = 17, 13


@dataclass
class Dialog:
    """One prompt laid out: its box, its words and its buttons."""

    rect: pygame.Rect
    title: str
    lines: list[str]
    history: list[tuple[int, str]]
    prompt: str
    buttons: list[Button] = field(default_factory=list)
    #: the amount box (drawn between the steppers)
    amount_rect: pygame.Rect | None = None
    #: the bid's amount now, its limits, and how to change it (for the keyboard's Left/Right)
    amount: int = 0
    nudge: Callable[[int], Any] | None = None
    #: the whole text, for the tooltip over the box
    whole: str = ""


def is_open(v: Any) -> bool:
    return v.seen is not None and (v.seen.auction is not None or v.offer is not None)


def _words(v: Any) -> tuple[str, list[str], list[tuple[int, str]], str]:
    s = v.seen
    if s.auction is not None:
        auc = s.auction
        c = s.contracts[auc.contract]
        hist = []
        for seat, amount in auc.bids:
            role = "challenger" if seat == auc.challenger else "owner"
            hist.append((seat, f"{v.name(seat)} ({role}) bids {amount}"))
        mine = v.seat == auc.to_bid
        left = 2 - sum(1 for seat, _ in auc.bids if seat == auc.to_bid)
        prompt = (f"Your answer: bid below {auc.lowest}, or pass and let {auc.lowest} stand. "
                  f"You have {plural(left, 'bid')} left." if mine else f"Waiting for {v.name(auc.to_bid)} to answer…")
        return (f"Auction: {c.pickup} → {c.dropoff}",
                [f"{plural(c.waiting, 'parcel')} left; price was {c.price}. Lowest bid wins."], hist, prompt)
    _vehicle, cid = v.offer
    c = s.contracts[cid]
    return (f"Bid for {c.pickup} → {c.dropoff}",
            [f"Owner: {v.name(c.owner)}; {plural(c.waiting, 'parcel')} at {c.price} each.",
             "Offer less per parcel; the owner may undercut you."], [], "Your first bid:")


def layout(v: Any, why: Callable[[Any], str], cancel_offer: Callable[[], Any]) -> Dialog:
    """The open prompt, sized to the board: as wide as fits (at most 480 design pixels), as tall
    as its wrapped words and its two rows of buttons."""
    s = v.seen
    title, lines, hist, prompt = _words(v)
    br = v.board_rect
    w = min(theme.px(480), br.width - theme.px(24))
    inner = w - 2 * theme.px(16)
    pad = theme.px(16)
    title_lines = draw.wrap(title, inner, TITLE, bold=True)
    h = len(title_lines) * draw.line_height(TITLE, True) + theme.px(20)
    body = sum(draw.text_block(None, t, pygame.Rect(0, 0, inner, 9999), size=BODY) for t in lines)
    body += len(hist) * max(draw.line_height(BODY), theme.px(20))
    body += draw.text_block(None, prompt, pygame.Rect(0, 0, inner, 9999), size=BODY, bold=True)
    answering = v.seat is not None and (s.auction is None or v.seat == s.auction.to_bid)
    rows = 2 * theme.px(32) + theme.px(12) if answering else 0
    h += theme.px(10) + body + theme.px(10) + rows + pad
    rect = pygame.Rect(0, 0, w, min(h, br.height - theme.px(12)))
    rect.center = br.center
    d = Dialog(rect, title, lines, hist, prompt)
    d.whole = " ".join([title, *lines, *(t for _, t in hist), prompt])
    if not answering:
        return d
    if s.auction is not None:
        bids = {a.amount: a for a in v.legal if isinstance(a, A.Bid)}
        other = next((a for a in v.legal if isinstance(a, A.Pass)), None)
        make = bids.get
        trial = lambda amount: A.Bid(v.seat, amount)  # noqa: E731
        top = s.auction.lowest - 1
        other_btn = Button(pygame.Rect(0, 0, 0, 0), "Pass", other, enabled=other is not None, style="plain",
                        zone="dialog", tooltip=f"Let {s.auction.lowest} stand",
                        why_not="" if other else why(A.Pass(v.seat)))
    else:
        vehicle, cid = v.offer
        offers = {a.amount: a for a in v.legal if isinstance(a, A.StartBid) and a.vehicle == vehicle and a.contract == cid}
        make = offers.get
        trial = lambda amount: A.StartBid(v.seat, vehicle, cid, amount)  # noqa: E731
        top = s.contracts[cid].price - 1
        other_btn = Button(pygame.Rect(0, 0, 0, 0), "Cancel", cancel_offer, style="plain", zone="dialog",
                        tooltip="Close this offer without bidding (Esc)")
    lo = v.cfg.min_bid
    v.amount = max(lo, min(top, v.amount))
    d.amount = v.amount

    # partials, not closures: a copy of the view (a hint's trial presses) nudges its own amount
    nudge = functools.partial(_nudge, v, lo, top)
    d.nudge = nudge
    step_w, box_w, gap = theme.px(46), theme.px(70), theme.px(6)
    bh = theme.px(30)
    total = 4 * step_w + box_w + 4 * gap
    x = rect.left + pad + max(0, (inner - total) // 2)
    y = rect.bottom - pad - 2 * bh - theme.px(10)
    for delta in (-5, -1, 1, 5):
        target = v.amount + delta
        ok = lo <= target <= top or (delta < 0 and v.amount > lo) or (delta > 0 and v.amount < top)
        reason = None
        if not ok:
            reason = why(trial(lo - 1 if delta < 0 else top + 1))
        d.buttons.append(Button(pygame.Rect(x, y, step_w, bh), f"{delta:+d}", functools.partial(nudge, delta), enabled=ok,
                             style="small", zone="dialog", why_not=reason or "",
                             tooltip=f"{'Lower' if delta < 0 else 'Raise'} your bid by {abs(delta)}"))
        x += step_w + gap
        if delta == -1:
            d.amount_rect = pygame.Rect(x, y, box_w, bh)
            x += box_w + gap
    act = make(v.amount)
    half = (inner - gap) // 2
    y2 = rect.bottom - pad - bh
    d.buttons.append(Button(pygame.Rect(rect.left + pad, y2, half, bh), f"Bid {v.amount}", act, enabled=act is not None,
                         style="primary", zone="dialog", tooltip=f"Offer {v.amount} credits per parcel",
                         why_not="" if act else why(trial(v.amount)), extra={"key": "bid"}))
    other_btn.rect = pygame.Rect(rect.left + pad + half + gap, y2, inner - half - gap, bh)
    d.buttons.append(other_btn)
    return d


def _nudge(v: Any, lo: int, top: int, delta: int) -> None:
    v.amount = max(lo, min(top, v.amount + delta))


def draw_dialog(v: Any, surface: pygame.Surface, d: Dialog) -> None:
    rect = d.rect
    pad = theme.px(16)
    draw.panel(surface, rect, theme.PANEL, radius=theme.px(14))
    title_lines = draw.wrap(d.title, rect.width - 2 * pad, TITLE, bold=True)
    head = pygame.Rect(rect.left, rect.top, rect.width, len(title_lines) * draw.line_height(TITLE, True) + theme.px(20))
    draw.rounded_rect(surface, head, COLOUR.dialog_head, theme.px(14))
    pygame.draw.rect(surface, COLOUR.dialog_head, (head.left, head.bottom - theme.px(14), head.width, theme.px(14)))
    draw.text_block(surface, d.title, pygame.Rect(head.left + pad, head.top + theme.px(10), head.width - 2 * pad,
                                                  head.height), size=TITLE, colour=COLOUR.on_piece, bold=True)
    y = head.bottom + theme.px(10)
    inner = rect.width - 2 * pad
    for t in d.lines:
        y += draw.text_block(surface, t, pygame.Rect(rect.left + pad, y, inner, 9999), size=BODY, colour=theme.INK_SOFT)
    lh = max(draw.line_height(BODY), theme.px(20))
    for seat, t in d.history:
        draw_seat(surface, seat, (rect.left + pad + theme.px(10), y + lh // 2), theme.px(8), v.colour(seat))
        draw.text(surface, t, (rect.left + pad + theme.px(26), y + lh // 2), size=BODY, anchor="midleft",
                  max_width=inner - theme.px(26))
        y += lh
    if d.prompt:
        bottom = d.buttons[0].rect.top - theme.px(4) if d.buttons else rect.bottom - pad
        draw.text_block(surface, d.prompt, pygame.Rect(rect.left + pad, y + theme.px(2), inner, bottom - y),
                        size=BODY, bold=True)
    if d.amount_rect is not None:
        r = d.amount_rect
        draw.rounded_rect(surface, r, COLOUR.field, theme.px(6))
        draw.rounded_rect(surface, r, theme.INK_SOFT, theme.px(6), width=1)
        draw.text(surface, str(d.amount), r.center, size=17, bold=True, anchor="center")
