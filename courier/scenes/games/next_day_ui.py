"""Next Day's view, the drawing half: which buttons exist where, the board and panel painting,
tooltips and the status line. Reads the view's state; changes nothing but the button list.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from courier.rules.next_day import actions as A
from courier.scenes.games.next_day_panel import (Btn, auction_box, draw_button, draw_die, players_block,
                                                  seat_shape)
from courier.ui import draw, sprites, theme

ROW = 28


# -- buttons -----------------------------------------------------------------------------------------
def build_buttons(v: Any) -> list[Btn]:
    s = v.state
    pr = v.panel_rect
    out: list[Btn] = []
    if s.phase == "setup":
        if v.seat is not None and not s.players[v.seat].built:
            out += _setup_buttons(v, pr)
        return out
    if v.seat is None or s.phase != "play":
        return out
    legal = v.legal
    if s.auction is not None or v.offer is not None:
        return out + _dialog_buttons(v)
    rows: list[Btn] = []
    if v.blockage_mode:
        rows.append(Btn(pygame.Rect(0, 0, 0, 0), "Cancel moving a blockage", lambda: v._cancel(), style="plain"))
    else:
        for a in legal:
            label = _action_label(v, a)
            if label and (v.selected is None or getattr(a, "vehicle", None) == v.selected):
                rows.append(Btn(pygame.Rect(0, 0, 0, 0), label, a, style="good" if isinstance(a, A.Deliver) else "plain"))
        seen: set[tuple[str, int]] = set()
        for a in legal:
            if isinstance(a, A.StartBid) and (a.vehicle, a.contract) not in seen:
                if v.selected is not None and a.vehicle != v.selected:
                    continue
                seen.add((a.vehicle, a.contract))
                c = s.contracts[a.contract]

                def open_offer(a=a, c=c):
                    v.offer = (a.vehicle, a.contract)
                    v.amount = c.price - 1
                rows.append(Btn(pygame.Rect(0, 0, 0, 0), f"{a.vehicle.capitalize()}: bid for {c.pickup} → {c.dropoff}",
                                open_offer, style="plain", tip=f"Undercut its price of {c.price} to take it over"))
    rows = rows[:4]
    bottom = pr.bottom - ROW
    y = bottom - 6 - len(rows) * (ROW + 4)
    for b in rows:
        b.rect = pygame.Rect(pr.left, y, pr.width, ROW)
        y += ROW + 4
        out.append(b)
    w = (pr.width - 12) // 3
    can_move = any(isinstance(a, A.MoveBlockage) for a in legal)
    blk = Btn(pygame.Rect(pr.left, bottom, w, ROW), "Blockage…", (lambda: _toggle_blockage(v)), enabled=can_move,
              style="chosen" if v.blockage_mode else "plain",
              tip="Pay to move a diversion (60), roadworks or checkpoint (30): pick it, then a road section")
    declare = next((a for a in legal if isinstance(a, A.Declare)), None)
    dec = Btn(pygame.Rect(pr.left + w + 6, bottom, w, ROW), "Declare end", declare, enabled=declare is not None,
              style="danger" if declare else "plain",
              tip="End the game now: you have no contracts left and both vehicles are home")
    end = next((a for a in legal if isinstance(a, A.EndTurn)), None)
    out += [blk, dec, Btn(pygame.Rect(pr.left + 2 * (w + 6), bottom, pr.width - 2 * (w + 6), ROW), "End turn", end,
                          enabled=end is not None, style="primary", tip="Pass play to the next player (Enter)")]
    return out


def _toggle_blockage(v: Any) -> None:
    v.blockage_mode = not v.blockage_mode
    v.picked_blockage = None
    v.selected = None


def _action_label(v: Any, a: Any) -> str:
    s = v.state
    if isinstance(a, A.Deliver):
        c = s.contracts[a.contract]
        return f"{a.vehicle.capitalize()}: deliver to {c.dropoff} (+{c.price})"
    if isinstance(a, A.Collect):
        c = s.contracts[a.contract]
        veh = s.players[a.seat].vehicle(a.vehicle)
        over = len(veh.cargo) + 1 > v.cfg.capacity[a.vehicle]
        return f"{a.vehicle.capitalize()}: collect for {c.dropoff}" + (" (illegal load)" if over else "")
    if isinstance(a, A.Transfer):
        c = s.contracts[a.contract]
        other = "bike" if a.vehicle == "van" else "van"
        return f"Move {c.dropoff} parcel: {a.vehicle} → {other}"
    return ""


def _setup_buttons(v: Any, pr: pygame.Rect) -> list[Btn]:
    s = v.state
    p = s.players[v.seat]
    out: list[Btn] = []
    used = {d.pickup for d in p.drafts} | {d.dropoff for d in p.drafts}
    pairable = {a.pickup for a in v.legal if isinstance(a, A.Pair)}
    col_w = (pr.width - 6) // 2
    y0 = pr.top + 42
    for i, town in enumerate(p.hand):
        r = pygame.Rect(pr.left + (i % 2) * (col_w + 6), y0 + (i // 2) * 24, col_w, 21)
        style = "chosen" if town == v.pickup else "card"
        out.append(Btn(r, town, (lambda t=town: _choose(v, t)), enabled=town not in used and town in pairable,
                       style=style, extra={"card": town}))
    y = y0 + ((len(p.hand) + 1) // 2) * 24 + 26
    for d in p.drafts:
        row = pygame.Rect(pr.left, y, pr.width, 23)
        minus = next((a for a in v.legal if isinstance(a, A.RemoveParcel) and a.pickup == d.pickup), None)
        plus = next((a for a in v.legal if isinstance(a, A.AddParcel) and a.pickup == d.pickup), None)
        drop = next((a for a in v.legal if isinstance(a, A.Unpair) and a.pickup == d.pickup), None)
        for k, (lab, act, tip) in enumerate((("×", drop, "Take this contract apart"), ("+", plus, "One more parcel"),
                                             ("−", minus, "One parcel fewer"))):
            r = pygame.Rect(row.right - 24 - k * 27, row.top + 1, 24, 21)
            out.append(Btn(r, lab, act, enabled=act is not None, style="small", tip=tip))
        y += 25
    y = pr.bottom - ROW
    w1 = (pr.width - 12) * 42 // 100
    w2 = (pr.width - 12) * 27 // 100
    rnd = next((a for a in v.legal if isinstance(a, A.DealRandomly)), None)
    clear = next((a for a in v.legal if isinstance(a, A.ClearDrafts)), None)
    done = next((a for a in v.legal if isinstance(a, A.FinishSetup)), None)
    out.append(Btn(pygame.Rect(pr.left, y, w1, ROW), "Deal randomly", rnd, enabled=rnd is not None,
                   tip="Fill in the rest of the contracts at random"))
    out.append(Btn(pygame.Rect(pr.left + w1 + 6, y, w2, ROW), "Clear", clear, enabled=clear is not None,
                   tip="Start the contracts again"))
    out.append(Btn(pygame.Rect(pr.left + w1 + w2 + 12, y, pr.width - w1 - w2 - 12, ROW), "Done", done,
                   enabled=done is not None, style="primary", tip="Hand these contracts over (Enter)"))
    return out


def _choose(v: Any, town: str) -> Any:
    return v._pick_card(town)


def dialog_rect(v: Any) -> pygame.Rect:
    r = pygame.Rect(0, 0, min(440, v.board_rect.width - 40), 262)
    r.center = v.board_rect.center
    return r


def _dialog_buttons(v: Any) -> list[Btn]:
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


# -- board -------------------------------------------------------------------------------------------
def draw_board(v: Any, surface: pygame.Surface) -> None:
    s = v.state
    surface.blit(v.map.background(), v.board_rect.topleft)
    if s is None:
        return
    sc = v.map.scale()
    if s.phase == "setup":
        _draw_setup_board(v, surface)
    else:
        if v.blockage_mode and v.picked_blockage is not None:
            _draw_blockage_targets(v, surface)
        _draw_contract_hint(v, surface)
        _draw_parcels(v, surface)
    _draw_blockages(v, surface)
    if s.phase == "play" and v.selected and v._my_turn():
        _draw_reach(v, surface)
    _draw_vehicles(v, surface)
    for t, text, (mx, my), colour in v.pops:
        if not t.started:
            continue
        x, y = v.map.to_screen((mx, my))
        p = t.value
        img = draw.render_text(text, int(18 * sc), colour, bold=True)
        img.set_alpha(int(255 * (1 - max(0.0, p - 0.6) / 0.4)))
        surface.blit(img, img.get_rect(center=(x, y - 18 - 40 * p)))
    if v.die is not None and (not v.die[0].done or v.anim.busy()) and v.die[0].started:
        t, value = v.die
        p = t.value
        face = value if p > 0.7 else 1 + int(p * 37) % 6
        angle = 0 if p > 0.7 else (1 - p) * 540
        draw.panel(surface, pygame.Rect(v.board_rect.centerx - 70, v.board_rect.centery - 80, 140, 150), radius=14)
        draw_die(surface, face, (v.board_rect.centerx, v.board_rect.centery - 12), 72, angle)
        draw.text(surface, "First player", (v.board_rect.centerx, v.board_rect.centery + 50), size=14, bold=True,
                  anchor="center")
    if v.banner is not None and v.banner[0].started and not v.banner[0].done:
        _banner(v, surface, v.banner[1])
    if s.auction is not None or v.offer is not None:
        _draw_dialog(v, surface)
    if s.phase == "over" and not v.anim.busy():
        _draw_game_over(v, surface)
    hover = pygame.mouse.get_focused() and v.mouse
    for b in v.buttons:
        if v.board_rect.collidepoint(b.rect.center):
            draw_button(surface, b, bool(hover) and b.rect.collidepoint(v.mouse))


def _banner(v: Any, surface: pygame.Surface, text: str) -> None:
    img = draw.render_text(text, 17, theme.INK, bold=True)
    r = img.get_rect(midtop=(v.board_rect.centerx, v.board_rect.top + 14)).inflate(28, 16)
    draw.panel(surface, r, (255, 248, 226), radius=10)
    surface.blit(img, img.get_rect(center=r.center))


def _draw_setup_board(v: Any, surface: pygame.Surface) -> None:
    s = v.state
    sc = v.map.scale()
    if v.seat is None or s.players[v.seat].built:
        waiting = [v._name(i) for i, p in enumerate(s.players) if not p.built]
        _banner(v, surface, "Waiting for " + ", ".join(waiting) + " to build contracts")
        return
    p = s.players[v.seat]
    colour = v._colour((v.seat + 1) % len(s.players))
    for d in p.drafts:
        a, b = v.map.place_xy(d.pickup), v.map.place_xy(d.dropoff)
        _arrow(surface, a, b, colour, sc)
        price = v.game.price_for(v.cfg, d.pickup, d.dropoff)
        mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
        tag = draw.render_text(f"{price} × {d.parcels}", int(12 * sc), (255, 255, 255), bold=True)
        r = tag.get_rect(center=mid).inflate(10, 4)
        draw.rounded_rect(surface, r, draw.darken(colour, 0.3), 6)
        surface.blit(tag, tag.get_rect(center=r.center))
    used = {d.pickup for d in p.drafts} | {d.dropoff for d in p.drafts}
    for town in p.hand:
        if town not in v.board.places:
            continue
        x, y = v.map.place_xy(town)
        ring = theme.HIGHLIGHT if town == v.pickup else ((150, 140, 128) if town in used else theme.ACCENT)
        pygame.draw.circle(surface, ring, (x, y), 13 * sc, 3)
    if v.pickup:
        a = v.map.place_xy(v.pickup)
        target = v.map.place_at(v.mouse)
        if target and target in p.hand and target != v.pickup and target not in used:
            draw.dashed_line(surface, theme.ACCENT_DARK, a, v.map.place_xy(target), 3)
    nxt = (v.seat + 1) % len(s.players)
    _banner(v, surface, f"{v._name(v.seat)}: build contracts for {v._name(nxt)}")


def _arrow(surface: pygame.Surface, a: tuple, b: tuple, colour: tuple, sc: float) -> None:
    pygame.draw.line(surface, draw.darken(colour, 0.3), a, b, max(3, int(5 * sc)))
    pygame.draw.line(surface, colour, a, b, max(2, int(3 * sc)))
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    tip = (b[0] - math.cos(ang) * 11 * sc, b[1] - math.sin(ang) * 11 * sc)
    size = 10 * sc
    pts = [tip, (tip[0] - math.cos(ang - 0.5) * size, tip[1] - math.sin(ang - 0.5) * size),
           (tip[0] - math.cos(ang + 0.5) * size, tip[1] - math.sin(ang + 0.5) * size)]
    pygame.draw.polygon(surface, draw.darken(colour, 0.3), pts)


def _draw_contract_hint(v: Any, surface: pygame.Surface) -> None:
    if v.hover_contract is None or v.hover_contract >= len(v.state.contracts):
        return
    c = v.state.contracts[v.hover_contract]
    _arrow(surface, v.map.place_xy(c.pickup), v.map.place_xy(c.dropoff), v._colour(c.owner), v.map.scale())


def _draw_parcels(v: Any, surface: pygame.Surface) -> None:
    sc = v.map.scale()
    for c in v.state.contracts:
        if c.done or c.waiting <= 0:
            continue
        x, y = v.map.place_xy(c.pickup)
        img = sprites.scaled("parcel_box", int(20 * sc))
        r = img.get_rect(center=(x - 15 * sc, y - 14 * sc))
        surface.blit(img, r)
        badge = (r.left + 2, r.bottom - 2)
        seat_shape(surface, badge, v._colour(c.owner), c.owner, max(6, int(7 * sc)))
        if c.waiting > 1:
            tag = draw.render_text(f"×{c.waiting}", max(10, int(11 * sc)), theme.INK, bold=True)
            t = tag.get_rect(midright=(r.left - 1, r.top + 5)).inflate(4, 0)
            draw.rounded_rect(surface, t, (255, 252, 240), 4)
            surface.blit(tag, tag.get_rect(center=t.center))


def _draw_blockages(v: Any, surface: pygame.Surface) -> None:
    for b in v.state.blockages:
        pos = v.map.road_mid(b.road)
        slide = v.slides.get(b.id)
        if slide is not None and not slide.done:
            a = v.map.road_mid(v.slide_from[b.id])
            p = slide.value if slide.started else 0.0
            pos = (int(a[0] + (pos[0] - a[0]) * p), int(a[1] + (pos[1] - a[1]) * p))
        if v.dragging and v.picked_blockage == b.id and v.board_rect.collidepoint(v.mouse):
            pos = v.mouse  # follows the pointer while dragged
        glow = None
        if v.blockage_mode:
            if v.picked_blockage == b.id:
                glow = theme.HIGHLIGHT
            elif v._affordable(b.id):
                glow = (255, 255, 255)
        v.map.blockage(surface, b.kind, pos, glow)


def _draw_blockage_targets(v: Any, surface: pygame.Surface) -> None:
    ok = {a.road for a in v.legal if isinstance(a, A.MoveBlockage) and a.blockage == v.picked_blockage}
    sc = v.map.scale()
    hover = v.map.road_at(v.mouse)
    for r in v.board.roads:
        pts = v.map.road_points(r.id)
        if r.id in ok:
            pygame.draw.lines(surface, (60, 170, 90), False, pts, max(3, int((6 if r.id == hover else 4) * sc)))
        elif r.id == hover:
            pygame.draw.lines(surface, theme.BAD, False, pts, max(3, int(5 * sc)))


def _draw_reach(v: Any, surface: pygame.Surface) -> None:
    reach = v._reach(v.selected)
    sc = v.map.scale()
    hover = v.map.place_at(v.mouse)
    if hover in reach:
        pts = [v.map.to_screen(p) for p in v.map.route_points(reach[hover].path)]
        if len(pts) > 1:
            pygame.draw.lines(surface, theme.ACCENT, False, pts, max(3, int(5 * sc)))
    for place, r in reach.items():
        x, y = v.map.place_xy(place)
        pygame.draw.circle(surface, theme.ACCENT if place == hover else theme.HIGHLIGHT, (x, y), 12 * sc, 3)
        tag = draw.render_text(str(r.cost), max(10, int(11 * sc)), (255, 255, 255), bold=True)
        t = tag.get_rect(center=(x + 12 * sc, y + 11 * sc)).inflate(6, 2)
        draw.rounded_rect(surface, t, theme.ACCENT_DARK if r.ends_move else theme.ACCENT, 5)
        surface.blit(tag, tag.get_rect(center=t.center))


def _draw_vehicles(v: Any, surface: pygame.Surface) -> None:
    s = v.state
    cfg = v.cfg
    for seat, kind, pos in v.vehicle_spots():
        if (seat, kind) in v.travel and not v.travel[(seat, kind)].done:
            continue
        veh = s.players[seat].vehicle(kind)
        ring = theme.HIGHLIGHT if (seat == v.seat and kind == v.selected) else None
        if ring is None and v._my_turn() and seat == v.seat and veh.status != "done" and v._drives(kind):
            ring = (255, 255, 255)
        v.map.vehicle(surface, kind, v._colour(seat), pos, seat, ring=ring,
                      overloaded=len(veh.cargo) > cfg.capacity[kind])
    for (seat, kind), t in v.travel.items():
        if t.done:
            continue
        mx, my = t.value if t.started else t.points[0]
        x, y = v.map.to_screen((mx, my))
        v.map.vehicle(surface, kind, v._colour(seat), (x, y - 8 * v.map.scale()), seat, heading=t.heading)


def _draw_dialog(v: Any, surface: pygame.Surface) -> None:
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


def _draw_game_over(v: Any, surface: pygame.Surface) -> None:
    s = v.state
    if s.end_reason == "declared":
        text = f"{v._name(s.declared_by)} declared the end: bonus {s.bonus}"
    else:
        text = "The round limit ended the game (no bonus)"
    _banner(v, surface, text)


# -- panel -------------------------------------------------------------------------------------------
def draw_panel(v: Any, surface: pygame.Surface) -> None:
    s = v.state
    if s is None:
        return
    pr = v.panel_rect
    v.player_rows, v.contract_rows = {}, {}
    if s.phase == "setup" and v.seat is not None and not s.players[v.seat].built:
        _setup_panel(v, surface)
    else:
        top = min((b.rect.top for b in v.buttons if pr.collidepoint(b.rect.center)), default=pr.bottom)
        focus = v.focus if v.focus is not None else (v.seat if v.seat is not None else s.current)
        area = pygame.Rect(pr.left, pr.top, pr.width, top - pr.top - 4)
        clip = surface.get_clip()
        surface.set_clip(area.inflate(6, 0))
        players_block(surface, v, s, area, focus)
        surface.set_clip(clip)
        if v.blockage_mode:
            msg = ("Now click a green road section" if v.picked_blockage is not None
                   else "Click a blockage on the map (or drag it)")
            draw.text(surface, msg, (pr.left, top - 18), size=12, colour=theme.ACCENT_DARK, bold=True)
    for b in v.buttons:
        if pr.collidepoint(b.rect.center):
            draw_button(surface, b, b.rect.collidepoint(v.mouse))


def _setup_panel(v: Any, surface: pygame.Surface) -> None:
    s = v.state
    pr = v.panel_rect
    p = s.players[v.seat]
    nxt = (v.seat + 1) % len(s.players)
    draw.text(surface, f"Contracts for {v._name(nxt)}", (pr.left, pr.top), size=15, bold=True)
    n, total = v.cfg.contracts(), v.cfg.parcels()
    placed = sum(d.parcels for d in p.drafts)
    draw.text(surface, f"{n} pairs of towns, {total} parcels ({placed} placed)",
              (pr.left, pr.top + 21), size=11, colour=theme.INK_SOFT)
    y = pr.top + 42 + ((len(p.hand) + 1) // 2) * 24 + 5
    draw.text(surface, f"Contracts ({len(p.drafts)}/{n})", (pr.left, y), size=13, bold=True)
    y += 21
    for d in p.drafts:
        row = pygame.Rect(pr.left, y, pr.width, 23)
        draw.rounded_rect(surface, row, (255, 252, 244), 6)
        draw.rounded_rect(surface, row, theme.PAPER_DARK, 6, width=1)
        price = v.game.price_for(v.cfg, d.pickup, d.dropoff)
        label = draw.ellipsize(f"{d.pickup} → {d.dropoff}", draw.font(12), pr.width - 170)
        draw.text(surface, label, (row.left + 6, row.centery), size=12, anchor="midleft")
        draw.text(surface, f"{price}×{d.parcels}", (row.right - 86, row.centery), size=12, bold=True,
                  anchor="midright")
        y += 25
