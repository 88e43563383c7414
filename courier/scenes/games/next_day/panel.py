"""Next Day's side panel: players and their contracts, the set-up builder and the action
buttons. Pure drawing plus the list of clickable buttons; the view decides what a click means.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from courier.rules.next_day.state import NextDayState
from courier.rules.next_day import actions as A
from courier.scenes.games.next_day.text import action_label
from courier.ui import draw, sprites, theme

ROW = 28


@dataclass
class Btn:
    rect: pygame.Rect
    label: str
    #: an Action to return, or a callable changing only the view's own UI state
    do: Any = None
    enabled: bool = True
    style: str = "plain"  # plain, primary, danger, card, small, chosen
    tip: str = ""
    extra: dict = field(default_factory=dict)


def draw_button(surface: pygame.Surface, b: Btn, hover: bool) -> None:
    fills = {
        "plain": ((236, 228, 210), (246, 238, 220), theme.INK),
        "primary": (theme.ACCENT, theme.ACCENT_DARK, (255, 255, 255)),
        "danger": ((200, 70, 60), (170, 50, 44), (255, 255, 255)),
        "card": ((255, 252, 244), (255, 240, 200), theme.INK),
        "chosen": (theme.HIGHLIGHT, (255, 220, 120), theme.INK),
        "small": ((230, 222, 204), (246, 236, 214), theme.INK),
        "good": (theme.GOOD, (40, 110, 64), (255, 255, 255)),
    }
    fill, hov, ink = fills.get(b.style, fills["plain"])
    if not b.enabled:
        fill, hov, ink = (232, 228, 220), (232, 228, 220), (160, 152, 140)
    r = b.rect
    if b.style not in ("small",):
        draw.rounded_rect(surface, r.move(0, 2), (0, 0, 0, 40), 7)
    draw.rounded_rect(surface, r, hov if hover and b.enabled else fill, 7)
    draw.rounded_rect(surface, r, draw.darken(fill, 0.25) if b.enabled else (210, 204, 194), 7, width=1)
    size = 12 if r.height < 24 else 13
    label = draw.ellipsize(b.label, draw.font(size, bold=b.style in ("primary", "danger", "good")), r.width - 10)
    draw.text(surface, label, r.center, size=size, colour=ink, bold=b.style in ("primary", "danger", "good"),
              anchor="center")


def seat_shape(surface: pygame.Surface, centre: tuple[int, int], colour: tuple, seat: int, size: int = 9) -> None:
    """A player's token: their colour AND a numbered disc, so colour is never the only cue."""
    draw.swatch(surface, centre, size, colour)
    draw.text(surface, str(seat + 1), centre, size=max(9, size + 1), colour=draw.text_colour_on(colour),
              bold=True, anchor="center")


def cargo_icons(surface: pygame.Surface, x: int, y: int, cargo: list[int], capacity: int, colours: list) -> int:
    """Little parcel boxes for a load; the one over the limit is ringed red."""
    for i, cid in enumerate(cargo):
        img = sprites.scaled("parcel_box", 14)
        surface.blit(img, (x, y))
        if i >= capacity:
            pygame.draw.rect(surface, theme.BAD, (x - 1, y - 1, 16, 16), 2, border_radius=3)
        x += 16
    return x


def players_block(surface: pygame.Surface, v: Any, state: NextDayState, area: pygame.Rect, focus: int) -> int:
    """Every player's line (credits, parcels delivered, contracts left), the focused one opened up
    to show its contracts and vehicles. Returns the height used."""
    seats = v.ctx.seats
    cfg = state.cfg
    y = area.top
    for i, p in enumerate(state.players):
        colour = seats[i].colour
        row = pygame.Rect(area.left, y, area.width, 22)
        v.player_rows[i] = row
        if i == focus:
            draw.rounded_rect(surface, row.inflate(4, 2), (246, 236, 214), 6)
        active = state.phase == "play" and (state.current == i)
        seat_shape(surface, (row.left + 10, row.centery), colour, i)
        name = draw.ellipsize(seats[i].name, draw.font(13, bold=True), 120)
        draw.text(surface, name + ("  ◂" if active else ""), (row.left + 24, row.centery), size=13,
                  bold=active, anchor="midleft")
        open_n = len(state.open_contracts(i))
        draw.text(surface, f"{p.credits} cr", (row.right - 92, row.centery), size=13, bold=True, anchor="midright")
        surface.blit(sprites.scaled("parcel_box", 13), (row.right - 86, row.centery - 7))
        draw.text(surface, str(p.delivered), (row.right - 70, row.centery), size=12, anchor="midleft")
        draw.text(surface, f"{open_n} left" if state.phase != "setup" else ("ready" if p.built else "building"),
                  (row.right - 2, row.centery), size=11, colour=theme.INK_SOFT, anchor="midright")
        y += 24
        if i != focus or state.phase == "setup":
            continue
        for c in [c for c in state.contracts if c.owner == i and not c.done]:
            transit = state.in_transit(c.id)
            line = pygame.Rect(area.left + 8, y, area.width - 8, 16)
            v.contract_rows[c.id] = line
            hl = v.hover_contract == c.id
            if hl:
                draw.rounded_rect(surface, line.inflate(4, 0), (255, 236, 180), 4)
            txt = draw.ellipsize(f"{c.pickup} → {c.dropoff}", draw.font(12), area.width - 118)
            draw.text(surface, txt, (line.left, line.centery), size=12, anchor="midleft")
            draw.text(surface, f"{c.price}", (line.right - 58, line.centery), size=12, bold=True, anchor="midright")
            left = f"{c.waiting} wait" + (f" +{transit}" if transit else "")
            draw.text(surface, left, (line.right, line.centery), size=11, colour=theme.INK_SOFT, anchor="midright")
            y += 16
        if not state.open_contracts(i):
            draw.text(surface, "No contracts left", (area.left + 8, y + 8), size=12, colour=theme.GOOD,
                      anchor="midleft")
            y += 16
        for veh in p.vehicles:
            line = pygame.Rect(area.left + 8, y + 1, area.width - 8, 17)
            img = sprites.tinted(veh.kind, colour, 22)
            surface.blit(img, (line.left, line.centery - img.get_height() // 2))
            place = draw.ellipsize(veh.place, draw.font(12), 110)
            draw.text(surface, place, (line.left + 26, line.centery), size=12, anchor="midleft")
            x = cargo_icons(surface, line.left + 142, line.top + 1, veh.cargo, cfg.capacity[veh.kind],
                            [])
            if len(veh.cargo) > cfg.capacity[veh.kind]:
                draw.text(surface, "illegal", (x + 2, line.centery), size=11, colour=theme.BAD, bold=True,
                          anchor="midleft")
            elif not veh.cargo:
                draw.text(surface, "empty", (x, line.centery), size=11, colour=theme.INK_SOFT, anchor="midleft")
            y += 18
        y += 4
    return y - area.top



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
    rows: list[Btn] = []
    if v.blockage_mode:
        rows.append(Btn(pygame.Rect(0, 0, 0, 0), "Cancel moving a blockage", lambda: v._cancel(), style="plain"))
    else:
        for a in legal:
            label = action_label(v, a)
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
