"""Next Day's modal prompts: the first-bid offer and the auction answer. Their box, the amount
stepper and the Bid/Pass/Cancel buttons, drawn over the board. Which bids exist comes from the
legal actions the view was given; nothing here decides a rule.
"""

from __future__ import annotations

from typing import Any

import pygame

from courier.rules.next_day import actions as A
from courier.rules.next_day.state import NextDayState
from courier.scenes.games.next_day.panel import Btn, seat_shape
from courier.ui import draw, theme


def is_open(v: Any) -> bool:
    return v.state is not None and (v.state.auction is not None or v.offer is not None)


def dialog_rect(v: Any) -> pygame.Rect:
    r = pygame.Rect(0, 0, min(440, v.board_rect.width - 40), 262)
    r.center = v.board_rect.center
    return r


def buttons(v: Any) -> list[Btn]:
    s = v.state
    box = dialog_rect(v)
    out: list[Btn] = []
    if s.auction is not None:
        bids = {a.amount: a for a in v.legal if isinstance(a, A.Bid)}
        other = next((a for a in v.legal if isinstance(a, A.Pass)), None)
        make = lambda amount: bids.get(amount)  # noqa: E731
        top = s.auction.lowest - 1
        other_label = "Pass"
    else:
        vehicle, cid = v.offer
        c = s.contracts[cid]
        offers = {a.amount: a for a in v.legal if isinstance(a, A.StartBid) and a.vehicle == vehicle and a.contract == cid}
        make = lambda amount: offers.get(amount)  # noqa: E731
        top = c.price - 1
        other = lambda: setattr(v, "offer", None)  # noqa: E731
        other_label = "Cancel"
    lo = v.cfg.min_bid
    v.amount = max(lo, min(top, v.amount))
    y = box.bottom - 84
    x = box.left + 16
    for delta in (-5, -1, 1, 5):
        r = pygame.Rect(x, y, 46, 30)
        out.append(Btn(r, f"{delta:+d}", (lambda d=delta: _nudge(v, d, lo, top)),
                       enabled=lo <= v.amount + delta <= top or (delta < 0 and v.amount > lo) or (delta > 0 and v.amount < top),
                       style="small"))
        x += 52 if delta != -1 else 52 + 76
    act = make(v.amount)
    out.append(Btn(pygame.Rect(box.left + 16, box.bottom - 44, (box.width - 44) // 2, 32), f"Bid {v.amount}", act,
                   enabled=act is not None, style="primary"))
    out.append(Btn(pygame.Rect(box.centerx + 6, box.bottom - 44, (box.width - 44) // 2, 32), other_label, other,
                   enabled=other is not None, style="plain"))
    return out


def _nudge(v: Any, delta: int, lo: int, hi: int) -> None:
    v.amount = max(lo, min(hi, v.amount + delta))




def draw_dialog(v: Any, surface: pygame.Surface) -> None:
    s = v.state
    box = dialog_rect(v)
    if s.auction is not None:
        auc = s.auction
        c = s.contracts[auc.contract]
        hist = []
        for seat, amount in auc.bids:
            role = "challenger" if seat == auc.challenger else "owner"
            hist.append((seat, f"{v._name(seat)} ({role}) bids {amount}"))
        mine = v.seat == auc.to_bid
        left = 2 - sum(1 for seat, _ in auc.bids if seat == auc.to_bid)
        prompt = (f"Your answer: bid below {auc.lowest}, or pass and let {auc.lowest} stand. "
                  f"You have {left} bid(s) left." if mine else f"Waiting for {v._name(auc.to_bid)} to answer…")
        auction_box(surface, v, s, box, title=f"Auction: {c.pickup} → {c.dropoff}",
                    lines=[f"{c.waiting} parcel(s) left; price was {c.price}. Lowest bid wins."], history=hist,
                    prompt=prompt)
    else:
        vehicle, cid = v.offer
        c = s.contracts[cid]
        auction_box(surface, v, s, box, title=f"Bid for {c.pickup} → {c.dropoff}",
                    lines=[f"Owner: {v._name(c.owner)}; {c.waiting} parcel(s) at {c.price} each.",
                           "Offer less per parcel; the owner may undercut you."], history=[],
                    prompt="Your first bid:")
    if v.seat is not None and (s.auction is None or v.seat == s.auction.to_bid):
        y = box.bottom - 84
        r = pygame.Rect(box.left + 16 + 104, y, 70, 30)
        draw.rounded_rect(surface, r, (255, 255, 255), 6)
        draw.rounded_rect(surface, r, theme.INK_SOFT, 6, width=1)
        draw.text(surface, str(v.amount), r.center, size=17, bold=True, anchor="center")


def auction_box(surface: pygame.Surface, v: Any, state: NextDayState, rect: pygame.Rect, *, title: str,
                lines: list[str], history: list[tuple[int, str]], prompt: str) -> None:
    draw.panel(surface, rect, theme.PANEL, radius=14)
    head = pygame.Rect(rect.left, rect.top, rect.width, 40)
    draw.rounded_rect(surface, head, (70, 58, 80), 14)
    pygame.draw.rect(surface, (70, 58, 80), (head.left, head.bottom - 14, head.width, 14))
    draw.text(surface, title, (head.left + 16, head.centery), size=17, colour=(255, 255, 255), bold=True,
              anchor="midleft")
    y = head.bottom + 10
    for t in lines:
        draw.text(surface, t, (rect.left + 16, y), size=13, colour=theme.INK_SOFT)
        y += 18
    y += 4
    for seat, t in history:
        seat_shape(surface, (rect.left + 26, y + 8), v.ctx.seats[seat].colour, seat, 8)
        draw.text(surface, t, (rect.left + 42, y), size=13)
        y += 20
    if prompt:
        draw.text_block(surface, prompt, pygame.Rect(rect.left + 16, y + 2, rect.width - 32, 40), size=13, bold=True)
