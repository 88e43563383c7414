"""Next Day's side panel and dialogs: players and their contracts, the set-up builder, the
action buttons, and the auction box. Pure drawing plus the list of clickable buttons; the view
decides what a click means.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from courier.rules.next_day.state import NextDayState
from courier.ui import draw, sprites, theme


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


def draw_die(surface: pygame.Surface, value: int, centre: tuple[int, int], size: int, angle: float = 0.0) -> None:
    img = sprites.die(value, size)
    if angle:
        img = pygame.transform.rotozoom(img, angle, 1.0)
    surface.blit(img, img.get_rect(center=centre))


Callback = Callable[[], None]
