"""Package Pandemonium's side panel: round counter, one card per van (score, battery, cargo,
priority card), the exploding-package timer, the viewer's own missions and the action buttons;
and the viewer's secret priority hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from courier.rules.package_pandemonium import scoring
from courier.rules.package_pandemonium.state import AUTO, BOMB, DRIVER, OVER, ROGUE_PLAYER, PState
from courier.scenes.games.package_pandemonium import board as pd
from courier.scenes.games.package_pandemonium.text import PHASE_LINE, bomb_line, card_special, mission_lines
from courier.ui import draw, theme

#: one button to make: label, what a click gives back, hint, primary, enabled
ButtonSpec = tuple[str, Any, str, bool, bool]


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    on_click: Callable[[], Any]
    hint: str = ""
    primary: bool = False
    enabled: bool = True


def draw_button(surface: pygame.Surface, b: Button, hover: bool) -> None:
    if not b.enabled:
        fill, ink = theme.PAPER_DARK, theme.INK_SOFT
    elif b.primary:
        fill, ink = (theme.ACCENT_DARK if hover else theme.ACCENT), (255, 255, 255)
    else:
        fill, ink = (theme.HIGHLIGHT if hover else (255, 255, 255)), theme.INK
    draw.shadow(surface, b.rect, radius=8, offset=(0, 2), blur=4, alpha=50)
    draw.rounded_rect(surface, b.rect, fill, 8)
    draw.rounded_rect(surface, b.rect, draw.darken(fill, 0.3), 8, width=1)
    size = 15 if b.rect.width > 200 else 13
    draw.text(surface, b.label, b.rect.center, size, ink, bold=True, anchor="center", max_width=b.rect.width - 10)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, view: PState, colours: list[tuple[int, int, int]],
               buttons: list[Button], hover: tuple[int, int] | None, note: str) -> None:
    draw.panel(surface, rect)
    eng = view.eng
    cfg = eng.cfg
    x, y, w = rect.x + 14, rect.y + 12, rect.width - 28
    if view.phase in ("base", "company"):
        draw.text(surface, "Setting up", (x, y), 22, theme.INK, bold=True, serif=True)
    else:
        title = draw.text(surface, f"Round {min(view.round, cfg.rounds)} of {cfg.rounds}", (x, y), 22, theme.INK,
                          bold=True, serif=True)
        bar = pygame.Rect(title.right + 12, y + 9, x + w - title.right - 12, 10)
        if bar.width < 30:
            bar = pygame.Rect(x, y + 27, w, 4)
        draw.rounded_rect(surface, bar, theme.PAPER_DARK, 5)
        done = view.round - (0 if view.phase == OVER else 1)
        fill = bar.copy()
        fill.width = max(6, int(bar.width * done / cfg.rounds))
        draw.rounded_rect(surface, fill, theme.ACCENT, 5)
    y += 28
    draw.text(surface, PHASE_LINE.get(view.phase, ""), (x, y), 14, theme.INK_SOFT)
    y += 22
    for vi, van in enumerate(view.vans):
        y = _van_card(surface, pygame.Rect(x, y, w, 0), view, vi, colours) + 6
    bomb = bomb_line(view)
    if bomb:
        pd.draw_package(surface, (x + 8, y + 9), 12, BOMB)
        draw.text(surface, bomb, (x + 22, y + 1), 13, theme.BAD, bold=True, max_width=w - 22)
        y += 22
    mine = [v for v in view.vans if v.missions and v.missions[0] != "hidden"]
    if mine:
        van = mine[0]
        draw.text(surface, f"Secret missions ({van.name})", (x, y), 13, theme.INK, bold=True)
        y += 18
        lines, counted = mission_lines(view, van)
        for text, mark, done in lines:
            draw.text(surface, mark, (x + w, y), 13, theme.GOOD if done else theme.INK_SOFT, bold=True, anchor="topright")
            draw.text(surface, text, (x, y), 13, theme.INK, max_width=w - 64)
            y += 17
        if counted:
            draw.text(surface, counted, (x, y), 12, theme.GOOD, max_width=w)
            y += 16
        y += 4
    if note:
        top = min((b.rect.y for b in buttons), default=rect.bottom) - 6
        draw.text_block(surface, note, pygame.Rect(x, y, w, max(0, top - y)), 13, theme.ACCENT_DARK)
    for b in buttons:
        draw_button(surface, b, hover is not None and b.rect.collidepoint(hover) and b.enabled)


def _van_card(surface: pygame.Surface, area: pygame.Rect, view: PState, vi: int,
              colours: list[tuple[int, int, int]]) -> int:
    """One van's card (two compact rows); returns the y below it."""
    van = view.vans[vi]
    cfg = view.eng.cfg
    colour = pd.van_colour(view, vi, colours)
    acting = view.phase == "route" and view.order and view.order[view.order_index] == vi
    h = 42 if van.role == AUTO else 52
    card = pygame.Rect(area.x, area.y, area.width, h)
    draw.rounded_rect(surface, card, (255, 250, 236) if acting else (246, 241, 228), 8)
    draw.rounded_rect(surface, card, colour if acting else theme.PAPER_DARK, 8, width=2 if acting else 1)
    pd.shape(surface, pd.van_shape(view, vi), (card.x + 15, card.y + 14), 8, colour)
    name = draw.text(surface, van.name, (card.x + 30, card.y + 4), 15, theme.INK, bold=True, max_width=card.width - 150)
    pts = scoring.score(van, cfg)
    label = f"{pts} pts" if van.role != AUTO else f"haul {pts}"
    score = draw.text(surface, label, (card.right - 10, card.y + 3), 16, theme.INK, bold=True, anchor="topright")
    if van.role == AUTO:
        low = sum(1 for k in van.cargo if k == "L")
        high = sum(1 for k in van.cargo if k == "H")
        pd.draw_package(surface, (card.x + 38, card.y + 29), 12, "H")
        draw.text(surface, f"x{high}", (card.x + 49, card.y + 29), 13, theme.INK, anchor="midleft")
        pd.draw_package(surface, (card.x + 90, card.y + 29), 12, "L")
        draw.text(surface, f"x{low}", (card.x + 101, card.y + 29), 13, theme.INK, anchor="midleft")
        role = "hunts your route" if view.players == 1 else "steered by round winner"
        draw.text(surface, role, (card.right - 10, card.y + 29), 11, theme.INK_SOFT, anchor="midright",
                  max_width=card.width - 140)
        return card.bottom
    comp = cfg.companies.get(van.company, ("", ""))[0] if van.company else ("Rogue van" if van.role == ROGUE_PLAYER else "")
    room = score.x - name.right - 14
    if comp and room > 30:
        draw.text(surface, comp, (name.right + 8, card.y + 7), 11, theme.INK_SOFT, max_width=room)
    # row 2: battery pips, cargo slots, priority card
    y2 = card.y + 36
    batt = pygame.Rect(card.x + 10, y2 - 7, 6 + van.battery_max * 10, 14)
    pygame.draw.rect(surface, theme.INK_SOFT, batt, 1, border_radius=3)
    pygame.draw.rect(surface, theme.INK_SOFT, (batt.right, batt.centery - 3, 3, 6))
    for i in range(van.battery_max):
        cell = pygame.Rect(batt.x + 3 + i * 10, batt.y + 3, 8, 8)
        pygame.draw.rect(surface, theme.GOOD if i < van.battery else theme.PAPER_DARK, cell, border_radius=1)
    x0 = batt.right + 22
    tray = pygame.Rect(x0 - 11, y2 - 10, van.capacity * 19 + 3, 20)
    draw.rounded_rect(surface, tray, (232, 224, 206), 5)
    for i in range(van.capacity):
        slot = pygame.Rect(0, 0, 15, 15)
        slot.center = (x0 + i * 19, y2)
        pygame.draw.rect(surface, (246, 240, 226), slot, border_radius=3)
        if i < len(van.cargo):
            k = van.cargo[i]
            pd.draw_package(surface, slot.center, 12, k, van.bomb_timer if k == BOMB else 0)
    chip = pygame.Rect(card.right - 34, y2 - 11, 26, 22)
    if view.phase == "priority":
        if van.choice:
            draw.rounded_rect(surface, chip, (60, 70, 110), 4)
            txt = str(van.choice) if van.choice > 0 else "?"
            draw.text(surface, txt, chip.center, 13, (255, 255, 255), bold=True, anchor="center")
        else:
            draw.rounded_rect(surface, chip, theme.PAPER_DARK, 4, width=1)
            draw.text(surface, "...", chip.center, 12, theme.INK_SOFT, anchor="center")
    elif van.revealed:
        draw.rounded_rect(surface, chip, (255, 255, 255), 4)
        draw.rounded_rect(surface, chip, theme.INK, 4, width=1)
        draw.text(surface, str(van.revealed), chip.center, 13, theme.INK, bold=True, anchor="center")
    if view.chooser == van.seat and van.role == DRIVER and view.players > 1 and view.phase not in ("base", "company"):
        draw.text(surface, "winner", (chip.x - 5, chip.centery), 11, theme.ACCENT_DARK, bold=True, anchor="midright")
    return card.bottom


def layout_buttons(rect: pygame.Rect, wide: list[ButtonSpec], small: list[ButtonSpec]) -> list[Button]:
    """The buttons at the bottom of the panel: small ones two to a row, then the wide ones."""
    buttons = []
    bh, gap = 32, 6
    x, w = rect.x + 14, rect.width - 28
    rows = len(wide) + (len(small) + 1) // 2
    y = rect.bottom - 12 - rows * (bh + gap) + gap
    for i, (label, target, hint, primary, enabled) in enumerate(small):
        col = i % 2
        r = pygame.Rect(x + col * (w // 2 + 3), y + (i // 2) * (bh + gap), w // 2 - 3, bh)
        if i == len(small) - 1 and col == 0:
            r.width = w
        buttons.append(Button(r, label, (lambda t=target: t), hint, primary, enabled))
    y += ((len(small) + 1) // 2) * (bh + gap)
    for label, target, hint, primary, enabled in wide:
        buttons.append(Button(pygame.Rect(x, y, w, bh), label, (lambda t=target: t), hint, primary, enabled))
        y += bh + gap
    return buttons


# -- the secret priority hand ---------------------------------------------------------------------


def hand_layout(br: pygame.Rect, cards: list[int]) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """The hand's tray and one rect per card."""
    n = max(1, len(cards))
    cw = min(50, (br.width - 40) // n - 6)
    ch = int(cw * 1.3)
    tray = pygame.Rect(0, 0, n * (cw + 6) + 30, ch + 40)
    tray.midbottom = (br.centerx, br.bottom - 8)
    return tray, [pygame.Rect(tray.x + 15 + i * (cw + 6), tray.y + 30, cw, ch) for i in range(len(cards))]


def draw_hand(surface: pygame.Surface, tray: pygame.Rect, title: str, cards: list[tuple[pygame.Rect, int]],
              cfg: Any, hover: tuple[int, int] | None) -> None:
    draw.panel(surface, tray, (36, 40, 52), border=None)
    draw.text(surface, title, (tray.x + 14, tray.y + 6), 14, (240, 236, 226), bold=True)
    for rect, card in cards:
        lit = hover is not None and rect.collidepoint(hover)
        pd.draw_card(surface, rect.move(0, -8) if lit else rect, card, lit, card_special(card, cfg))
