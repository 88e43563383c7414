"""Package Pandemonium's side panel: round counter, one card per van (score, battery, cargo,
priority card), the exploding-package timer, the viewer's own missions, and the action buttons."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from courier.rules.package_pandemonium import scoring
from courier.rules.package_pandemonium.state import AUTO, BOMB, DRIVER, OVER, ROGUE_PLAYER, PState
from courier.scenes.games import package_pandemonium_draw as pd
from courier.ui import draw, theme

PHASE_LINE = {
    "base": "Set-up: place your base", "company": "Set-up: pick a company", "priority": "Choose a priority card",
    "order": "Choose who drives first", "route": "Plan and drive a route", "rogue": "The Rogue is on the move",
    "defend": "The Rogue strikes!", "over": "The day is over",
}


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
    draw.text(surface, b.label, b.rect.center, 15, ink, bold=True, anchor="center", max_width=b.rect.width - 12)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, view: PState, colours: list[tuple[int, int, int]],
               buttons: list[Button], hover: tuple[int, int] | None, note: str) -> None:
    draw.panel(surface, rect)
    eng = view.eng
    cfg = eng.cfg
    x, y, w = rect.x + 14, rect.y + 12, rect.width - 28
    if view.phase in ("base", "company"):
        draw.text(surface, "Setting up", (x, y), 22, theme.INK, bold=True, serif=True)
    else:
        draw.text(surface, f"Round {min(view.round, cfg.rounds)} of {cfg.rounds}", (x, y), 22, theme.INK, bold=True, serif=True)
        bar = pygame.Rect(x + w - 120, y + 8, 120, 10)
        draw.rounded_rect(surface, bar, theme.PAPER_DARK, 5)
        done = view.round - (0 if view.phase == OVER else 1)
        fill = bar.copy()
        fill.width = max(6, int(bar.width * done / cfg.rounds))
        draw.rounded_rect(surface, fill, theme.ACCENT, 5)
    y += 30
    draw.text(surface, PHASE_LINE.get(view.phase, ""), (x, y), 14, theme.INK_SOFT)
    y += 24
    for vi, van in enumerate(view.vans):
        y = _van_card(surface, pygame.Rect(x, y, w, 0), view, vi, colours) + 8
    mine = [v for v in view.vans if v.missions and v.missions[0] != "hidden"]
    if mine:
        van = mine[0]
        draw.text(surface, f"Secret missions ({van.name})", (x, y), 14, theme.INK, bold=True)
        y += 20
        for m in van.missions:
            text, pts = cfg.missions.get(m, ("?", 0))
            done = scoring.mission_done(van, m, cfg)
            mark = "[done]" if done else f"+{pts}"
            draw.text(surface, mark, (x + w, y), 13, theme.GOOD if done else theme.INK_SOFT, bold=True, anchor="topright")
            draw.text(surface, text, (x, y), 13, theme.INK, max_width=w - 54)
            y += 18
        y += 4
    if note:
        h = draw.text_block(None, note, pygame.Rect(x, y, w, 200), 13)
        draw.text_block(surface, note, pygame.Rect(x, y, w, h), 13, theme.ACCENT_DARK)
    for b in buttons:
        draw_button(surface, b, hover is not None and b.rect.collidepoint(hover) and b.enabled)


def _van_card(surface: pygame.Surface, area: pygame.Rect, view: PState, vi: int,
              colours: list[tuple[int, int, int]]) -> int:
    """One van's card; returns the y below it."""
    van = view.vans[vi]
    cfg = view.eng.cfg
    colour = pd.van_colour(view, vi, colours)
    acting = view.phase == "route" and view.order and view.order[view.order_index] == vi
    h = 52 if van.role == AUTO else 74
    card = pygame.Rect(area.x, area.y, area.width, h)
    draw.rounded_rect(surface, card, (255, 250, 236) if acting else (246, 241, 228), 8)
    draw.rounded_rect(surface, card, colour if acting else theme.PAPER_DARK, 8, width=2 if acting else 1)
    pd.shape(surface, pd.van_shape(view, vi), (card.x + 16, card.y + 16), 9, colour)
    draw.text(surface, van.name, (card.x + 32, card.y + 6), 16, theme.INK, bold=True, max_width=card.width - 150)
    pts = scoring.score(van, cfg)
    label = f"{pts} pts" if van.role != AUTO else f"haul {pts}"
    draw.text(surface, label, (card.right - 10, card.y + 5), 17, theme.INK, bold=True, anchor="topright")
    if van.role == AUTO:
        low = sum(1 for k in van.cargo if k == "L")
        high = sum(1 for k in van.cargo if k == "H")
        pd.draw_package(surface, (card.x + 40, card.y + 36), 13, "H")
        draw.text(surface, f"x{high}", (card.x + 52, card.y + 36), 14, theme.INK, anchor="midleft")
        pd.draw_package(surface, (card.x + 98, card.y + 36), 13, "L")
        draw.text(surface, f"x{low}", (card.x + 110, card.y + 36), 14, theme.INK, anchor="midleft")
        role = "steals from your route" if view.players == 1 else "steered by the round winner"
        draw.text(surface, role, (card.right - 10, card.y + 36), 12, theme.INK_SOFT, anchor="midright")
        return card.bottom
    # battery pips
    bx = card.x + 32
    draw.text(surface, "sat nav", (bx, card.y + 28), 11, theme.INK_SOFT)
    for i in range(van.battery_max):
        pip = pygame.Rect(bx + 46 + i * 15, card.y + 29, 12, 12)
        draw.rounded_rect(surface, pip, theme.GOOD if i < van.battery else theme.PAPER_DARK, 3)
        draw.rounded_rect(surface, pip, theme.INK_SOFT, 3, width=1)
    comp = cfg.companies.get(van.company, ("", ""))[0] if van.company else ("Rogue van" if van.role == ROGUE_PLAYER else "")
    draw.text(surface, comp, (card.right - 10, card.y + 28), 12, theme.INK_SOFT, anchor="topright", max_width=130)
    # cargo slots
    for i in range(van.capacity):
        cx = card.x + 40 + i * 20
        slot = pygame.Rect(0, 0, 16, 16)
        slot.center = (cx, card.y + 58)
        pygame.draw.rect(surface, (232, 226, 212), slot, border_radius=3)
        if i < len(van.cargo):
            k = van.cargo[i]
            pd.draw_package(surface, slot.center, 13, k, van.bomb_timer if k == BOMB else 0)
    card_x = card.right - 34
    chip = pygame.Rect(card_x, card.y + 46, 26, 24)
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
        draw.text(surface, str(van.revealed), chip.center, 14, theme.INK, bold=True, anchor="center")
    if view.chooser == van.seat and van.role == DRIVER and view.players > 1 and view.phase not in ("base", "company"):
        draw.text(surface, "round winner", (chip.x - 6, chip.centery), 11, theme.ACCENT_DARK, bold=True, anchor="midright")
    return card.bottom
