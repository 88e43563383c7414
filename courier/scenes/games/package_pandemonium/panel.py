"""Package Pandemonium's side panel and the player's tray beside the board.

The panel (inside whatever rect the host gives): round counter, one card per van (points,
battery, cargo, priority card), the exploding-package timer, a note and the action buttons.
Buttons are laid out first from the bottom; the cards above get more compact on a short panel.
The tray holds the viewer's secret missions and, when it is time, the secret priority hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from courier.rules.package_pandemonium import scoring
from courier.rules.package_pandemonium.state import AUTO, BOMB, DRIVER, OVER, ROGUE_PLAYER, PState
from courier.scenes.games.package_pandemonium import pieces
from courier.scenes.games.package_pandemonium.text import PHASE_LINE, bomb_line, card_special, mission_lines
from courier.ui import draw, palette, theme
from courier.ui.kit import Button, button_rows, draw_button, draw_marker
from courier.ui.theme import px

COLOUR = palette.roles("package_pandemonium")  # this game's colours by role, read from the active palette

#: how much the panel's contents shrink to fit a panel narrower than the design's 320 pixels
#: (set from the panel's width before laying it out or drawing it)
_k = 1.0


def fit_to(rect: pygame.Rect) -> None:
    global _k
    _k = max(0.55, min(1.0, rect.width / max(1, px(320))))


def _px(n: float) -> int:
    return px(n * _k)


def _fs(size: float) -> int:
    return max(8, int(round(size * _k)))


#: one button to make: label, what a click gives back, hint, primary, enabled, why not
ButtonSpec = tuple[str, Any, str, bool, bool, str]


def round_title(view: PState) -> str:
    cfg = view.config
    return f"Round {min(view.round, cfg.rounds)} of {cfg.rounds}"


@dataclass
class PanelLayout:
    """Where each part of the panel goes (worked out once per change, used to draw and to point)."""

    rect: pygame.Rect
    cards: list[pygame.Rect] = field(default_factory=list)
    compact: bool = False
    bomb: pygame.Rect | None = None
    note: pygame.Rect | None = None


def layout_panel(rect: pygame.Rect, view: PState, buttons: list[Button], note: str) -> PanelLayout:
    fit_to(rect)
    x, w = rect.x + _px(14), rect.width - _px(28)
    y = rect.y + _px(12) + _px(28) + _px(22)
    bottom = min((b.rect.y for b in buttons), default=rect.bottom - _px(4)) - _px(8)
    bomb_h = _px(22) if bomb_line(view) else 0
    gap = _px(6)
    full = sum(card_height(v, False) + gap for v in view.vans)
    out = PanelLayout(rect, compact=y + full + bomb_h > bottom)
    if out.compact:
        gap = _px(4)
    for van in view.vans:
        h = card_height(van, out.compact)
        out.cards.append(pygame.Rect(x, y, w, h))
        y += h + gap
    if bomb_h:
        out.bomb = pygame.Rect(x, y, w, bomb_h)
        y += bomb_h
    if note and bottom - y > 0:
        need = draw.text_block(None, note, pygame.Rect(x, y, w, 10_000), _fs(13))
        if need <= bottom - y:
            out.note = pygame.Rect(x, y, w, need)
    return out


def draw_panel(surface: pygame.Surface, lay: PanelLayout, view: PState, colours: list[tuple[int, int, int]],
               buttons: list[Button], hover: tuple[int, int] | None, note: str, note_role: str = "warning") -> None:
    """The panel; ``note_role``: what the note under the cards is ("warning" for a refused step
    or route, "info" for the plan's cost), which chooses its colour."""
    rect = lay.rect
    fit_to(rect)
    draw.panel(surface, rect, radius=_px(12))
    cfg = view.config
    x, y, w = rect.x + _px(14), rect.y + _px(12), rect.width - _px(28)
    if view.phase in ("base", "company"):
        draw.text(surface, "Setting up", (x, y), _fs(22), theme.INK, bold=True, serif=True, max_width=w)
    else:
        title = draw.text(surface, round_title(view), (x, y), _fs(22), theme.INK, bold=True, serif=True, max_width=w)
        bar = pygame.Rect(title.right + _px(12), y + _px(9), x + w - title.right - _px(12), _px(10))
        if bar.width < _px(30):
            bar = pygame.Rect(x, y + _px(27), w, _px(4))
        draw.rounded_rect(surface, bar, theme.PAPER_DARK, _px(5))
        done = view.round - (0 if view.phase == OVER else 1)
        fill = bar.copy()
        fill.width = max(_px(6), int(bar.width * done / cfg.rounds))
        draw.rounded_rect(surface, fill, theme.ACCENT, _px(5))
    draw.text(surface, PHASE_LINE.get(view.phase, ""), (x, y + _px(28)), _fs(14), theme.INK_SOFT, max_width=w)
    for vi, card in enumerate(lay.cards):
        _van_card(surface, card, view, vi, colours, lay.compact)
    if lay.bomb is not None:
        b = lay.bomb
        pieces.draw_package(surface, (b.x + _px(8), b.y + _px(9)), _px(12), BOMB)
        draw.text(surface, bomb_line(view), (b.x + _px(22), b.y + _px(1)), _fs(13), theme.BAD, bold=True, max_width=b.width - _px(22))
    if lay.note is not None:
        draw.text_block(surface, note, lay.note, _fs(13), theme.message_colour(note_role))
    for b in buttons:
        draw_button(surface, b, hover is not None and b.rect.collidepoint(hover) and b.enabled,
                    _fs(15 if b.rect.width > _px(200) else 13))


def card_height(van: Any, compact: bool) -> int:
    if van.role == AUTO:
        return _px(34 if compact else 42)
    return _px(44 if compact else 52)


def _van_card(surface: pygame.Surface, card: pygame.Rect, view: PState, vi: int,
              colours: list[tuple[int, int, int]], compact: bool) -> None:
    """One van's card in two rows: name, company and points; battery, cargo and priority card."""
    van = view.vans[vi]
    cfg = view.config
    colour = pieces.van_colour(view, vi, colours)
    acting = view.phase == "route" and view.order and view.order[view.order_index] == vi
    c = 4 if compact else 0  # rows closer together on a short panel
    draw.rounded_rect(surface, card, COLOUR.card_acting if acting else COLOUR.card, 8)
    draw.rounded_rect(surface, card, colour if acting else theme.PAPER_DARK, 8, width=2 if acting else 1)
    draw_marker(surface, pieces.van_shape(view, vi), (card.x + _px(15), card.y + _px(14 - c // 2)), _px(8), colour, width=2)
    pts = scoring.score(van, cfg)
    label = f"{pts} pts" if van.role != AUTO else f"haul {pts}"
    score = draw.text(surface, label, (card.right - _px(10), card.y + _px(3)), _fs(16), theme.INK, bold=True, anchor="topright")
    name = draw.text(surface, van.name, (card.x + _px(30), card.y + _px(4)), _fs(15), theme.INK, bold=True,
                     max_width=max(_px(40), score.x - card.x - _px(40)))
    if van.role == AUTO:
        low = sum(1 for k in van.cargo if k == "L")
        high = sum(1 for k in van.cargo if k == "H")
        y2 = card.y + _px(29 - c)
        pieces.draw_package(surface, (card.x + _px(38), y2), _px(12), "H")
        draw.text(surface, f"x{high}", (card.x + _px(49), y2), _fs(13), theme.INK, anchor="midleft")
        pieces.draw_package(surface, (card.x + _px(90), y2), _px(12), "L")
        draw.text(surface, f"x{low}", (card.x + _px(101), y2), _fs(13), theme.INK, anchor="midleft")
        role = "hunts your route" if view.players == 1 else "steered by round winner"
        draw.text(surface, role, (card.right - _px(10), y2), _fs(11), theme.INK_SOFT, anchor="midright",
                  max_width=card.width - _px(140))
        return
    comp = cfg.companies.get(van.company, ("", ""))[0] if van.company else ("Rogue van" if van.role == ROGUE_PLAYER else "")
    room = score.x - name.right - _px(14)
    if comp and room > _px(30):
        draw.text(surface, comp, (name.right + _px(8), card.y + _px(7)), _fs(11), theme.INK_SOFT, max_width=room)
    # row 2: battery pips, cargo slots, priority card
    y2 = card.y + _px(36 - c)
    batt = pygame.Rect(card.x + _px(10), y2 - _px(7), _px(6 + van.battery_max * 10), _px(14))
    pygame.draw.rect(surface, theme.INK_SOFT, batt, 1, border_radius=_px(3))
    pygame.draw.rect(surface, theme.INK_SOFT, (batt.right, batt.centery - _px(3), _px(3), _px(6)))
    for i in range(van.battery_max):
        cell = pygame.Rect(batt.x + _px(3 + i * 10), batt.y + _px(3), _px(8), _px(8))
        pygame.draw.rect(surface, theme.GOOD if i < van.battery else theme.PAPER_DARK, cell, border_radius=1)
    chip = pygame.Rect(card.right - _px(34), y2 - _px(11), _px(26), _px(22))
    x0 = batt.right + _px(22)
    step = min(_px(19), max(_px(12), (chip.x - _px(8) - x0) // max(1, van.capacity)))
    tray = pygame.Rect(x0 - _px(11), y2 - _px(10), van.capacity * step + _px(3), _px(20))
    draw.rounded_rect(surface, tray, COLOUR.tray, _px(5))
    for i in range(van.capacity):
        slot = pygame.Rect(0, 0, step - _px(4), step - _px(4))
        slot.center = (x0 + i * step, y2)
        pygame.draw.rect(surface, COLOUR.tray_slot, slot, border_radius=_px(3))
        if i < len(van.cargo):
            k = van.cargo[i]
            pieces.draw_package(surface, slot.center, step - _px(7), k, van.bomb_timer if k == BOMB else 0)
    if view.phase == "priority":
        if van.choice:
            draw.rounded_rect(surface, chip, COLOUR.priority_back, _px(4))
            txt = str(van.choice) if van.choice > 0 else "?"
            draw.text(surface, txt, chip.center, _fs(13), COLOUR.on_piece, bold=True, anchor="center")
        else:
            draw.rounded_rect(surface, chip, theme.PAPER_DARK, _px(4), width=1)
            draw.text(surface, "...", chip.center, _fs(12), theme.INK_SOFT, anchor="center")
    elif van.revealed:
        draw.rounded_rect(surface, chip, COLOUR.priority_face, _px(4))
        draw.rounded_rect(surface, chip, theme.INK, _px(4), width=1)
        draw.text(surface, str(van.revealed), chip.center, _fs(13), theme.INK, bold=True, anchor="center")
    # the round's winner, while that round is played: the next round's cards and the final board
    # keep no label of a round already over (at the end it would read as the game's winner)
    if (view.chooser == van.seat and van.role == DRIVER and view.players > 1
            and view.phase in ("order", "route", "rogue", "defend")):
        draw.text(surface, "winner", (chip.x - _px(5), chip.centery), _fs(11), theme.message_colour("good"), bold=True, anchor="midright")


def layout_buttons(rect: pygame.Rect, wide: list[ButtonSpec], small: list[ButtonSpec]) -> list[Button]:
    """The buttons at the bottom of the panel, laid by the kit's ``button_rows``: small ones two
    to a row (three when there are many and the panel is short; fewer when their words would not
    fit), then the wide ones."""
    fit_to(rect)
    bh, gap = _px(32), _px(6)
    cols = 2
    if small and len(wide) + (len(small) + 1) // 2 > max(2, (rect.height // 2) // (bh + gap)):
        cols = 3

    def make(spec: ButtonSpec) -> Button:
        label, target, hint, primary, enabled, why = spec
        return Button(pygame.Rect(0, 0, 0, 0), label, target, enabled, "primary" if primary else "secondary", hint,
                      why_not=why)

    smalls, wides = [make(s) for s in small], [make(s) for s in wide]
    button_rows([smalls, *[[b] for b in wides]], rect.x + _px(14), rect.width - _px(28), rect.bottom - _px(12), bh,
                gap=gap, vgap=gap, most=cols, size=min(_fs(13), 11), margin=px(10))
    return smalls + wides


# -- the tray beside the board: secret missions and the priority hand ------------------------------

MISSION_SIZE = 13


def missions_title(name: str) -> str:
    return f"Secret missions ({name})"


def missions_height(view: PState, van: Any, width: int) -> int:
    return _missions(None, view, van, pygame.Rect(0, 0, width, 10_000), [])


def draw_missions(surface: pygame.Surface, view: PState, van: Any, rect: pygame.Rect) -> list[tuple[pygame.Rect, str]]:
    """The viewer's missions wrapped to the tray's width; returns each line's rect and whole text."""
    spots: list[tuple[pygame.Rect, str]] = []
    _missions(surface, view, van, rect, spots)
    return spots


def mission_spots(view: PState, van: Any, rect: pygame.Rect) -> list[tuple[pygame.Rect, str]]:
    spots: list[tuple[pygame.Rect, str]] = []
    _missions(None, view, van, rect, spots)
    return spots


def _missions(surface: pygame.Surface | None, view: PState, van: Any, rect: pygame.Rect,
              spots: list[tuple[pygame.Rect, str]]) -> int:
    x, y, w = rect.x, rect.y, rect.width
    title = missions_title(van.name)
    y += draw.text_block(surface, title, pygame.Rect(x, y, w, rect.bottom - y), 13, theme.INK, bold=True) + px(2)
    lines, counted = mission_lines(view, van)
    mark_w = draw.font(MISSION_SIZE, True).size("+6 now")[0] + px(8)
    for text, mark, done in lines:
        if surface is not None:
            draw.text(surface, mark, (x + w, y), MISSION_SIZE, theme.GOOD if done else theme.INK_SOFT, bold=True,
                      anchor="topright")
        box = pygame.Rect(x, y, w - mark_w, rect.bottom - y)
        h = draw.text_block(surface, text, box, MISSION_SIZE, theme.INK)
        spots.append((pygame.Rect(x, y, w, h), f"{text} ({mark} points)"))
        y += h + px(3)
    if counted:
        y += draw.text_block(surface, counted, pygame.Rect(x, y, w, rect.bottom - y), 12, theme.GOOD)
    return y - rect.y


def hand_title(name: str) -> str:
    return f"{name}: your priority hand (secret)"


def hand_layout(area: pygame.Rect, n: int, title: str) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """The hand's title box and one rect per card: as many columns as make the cards biggest
    while every card fits ``area`` (cards never cover the board: the area is the tray's)."""
    th = draw.text_block(None, title, pygame.Rect(0, 0, area.width, 10_000), 14, bold=True)
    head = pygame.Rect(area.x, area.y, area.width, th)
    top = head.bottom + px(10)
    gap = px(8)
    best: tuple[int, int] = (0, 1)
    for cols in range(1, max(1, n) + 1):
        rows = (n + cols - 1) // cols
        cw = min(px(64), (area.width - (cols - 1) * gap) // cols,
                 int(((area.bottom - top) - (rows - 1) * gap) / max(1, rows) / 1.3))
        if cw > best[0]:
            best = (cw, cols)
    cw, cols = max(1, best[0]), best[1]
    ch = int(cw * 1.3)
    rects = []
    for i in range(n):
        r, c = divmod(i, cols)
        rects.append(pygame.Rect(area.x + c * (cw + gap), top + r * (ch + gap), cw, ch))
    return head, rects


def draw_hand(surface: pygame.Surface, head: pygame.Rect, title: str, cards: list[tuple[pygame.Rect, int]],
              cfg: Any, hover: tuple[int, int] | None) -> None:
    draw.text_block(surface, title, head, 14, theme.INK, bold=True)
    for rect, card in cards:
        lit = hover is not None and rect.collidepoint(hover)
        pieces.draw_card(surface, rect, card, lit, card_special(card, cfg))
