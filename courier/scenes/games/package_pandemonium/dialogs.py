"""Package Pandemonium's prompts: the company choice at set-up, drive first or second, and the
theft answer. A prompt sits in the player's tray beside the board (never over a tile): a title,
a question wrapped to the tray's width (never cut mid-sentence) and one button per answer, each
with an optional line of detail. Also the end-of-day banner.

Plain data in, rects out: the view keeps the prompt, asks ``option_at`` on a click and lists the
options as keyboard targets."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from courier.scenes.games.package_pandemonium import mapart
from courier.ui import draw, palette, theme
from courier.ui.kit import draw_face
from courier.ui.theme import px

COLOUR = palette.roles("package_pandemonium")  # this game's colours by role, read from the active palette

TITLE, BODY, LABEL, DETAIL = 17, 13, 14, 12


@dataclass
class Option:
    label: str
    #: what choosing it gives back (an action)
    target: Any
    detail: str = ""
    enabled: bool = True
    why_not: str = ""
    primary: bool = False
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    #: the detail is drawn inside the button (False when the tray is too short: then in the tooltip)
    show_detail: bool = True

    @property
    def whole(self) -> str:
        """The whole text of the option, for its keyboard label and tooltip."""
        text = f"{self.label}: {self.detail}" if self.detail else self.label
        return text if self.enabled or not self.why_not else f"{text} (not now: {self.why_not})"


@dataclass
class Prompt:
    title: str
    body: str
    options: list[Option]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    body_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def option_at(self, pos: tuple[int, int]) -> Option | None:
        return next((o for o in self.options if o.rect.collidepoint(pos)), None)


def _option_height(o: Option, width: int, detail: bool) -> int:
    h = draw.line_height(LABEL, True) + px(12)
    if detail and o.detail:
        h += draw.text_block(None, o.detail, pygame.Rect(0, 0, width - px(20), 10_000), DETAIL) + px(2)
    return h


def layout(prompt: Prompt, area: pygame.Rect) -> Prompt:
    """Place the prompt at the top of ``area``; details go to the tooltips if it would not fit."""
    pad, gap = px(12), px(8)
    inner_w = area.width - 2 * pad
    title_h = draw.text_block(None, prompt.title, pygame.Rect(0, 0, inner_w, 10_000), TITLE, bold=True, serif=True)
    body_h = draw.text_block(None, prompt.body, pygame.Rect(0, 0, inner_w, 10_000), BODY) if prompt.body else 0
    detail = True
    for detail in (True, False):
        opts_h = sum(_option_height(o, inner_w, detail) + gap for o in prompt.options)
        total = pad + title_h + px(6) + body_h + px(10) + opts_h + pad - gap
        if total <= area.height:
            break
    prompt.rect = pygame.Rect(area.x, area.y, area.width, min(area.height, total))
    y = area.y + pad + title_h + px(6)
    prompt.body_rect = pygame.Rect(area.x + pad, y, inner_w, body_h)
    y += body_h + px(10)
    for o in prompt.options:
        o.show_detail = detail
        h = _option_height(o, inner_w, detail)
        o.rect = pygame.Rect(area.x + pad, y, inner_w, h)
        y += h + gap
    return prompt


def draw_prompt(surface: pygame.Surface, prompt: Prompt, hover: tuple[int, int] | None) -> None:
    r = prompt.rect
    pad = px(12)
    draw.panel(surface, r, COLOUR.dialog_fill, radius=px(12), border=theme.ACCENT)
    draw.text_block(surface, prompt.title, pygame.Rect(r.x + pad, r.y + pad, r.width - 2 * pad, 10_000), TITLE,
                    theme.INK, bold=True, serif=True)
    if prompt.body:
        draw.text_block(surface, prompt.body, prompt.body_rect, BODY, theme.INK)
    for o in prompt.options:
        lit = hover is not None and o.rect.collidepoint(hover) and o.enabled
        ink, _ = draw_face(surface, o.rect, "primary" if o.primary else "secondary", enabled=o.enabled, hovered=lit,
                           radius=px(8))
        x = o.rect.x + px(10)
        draw.text(surface, o.label, (x, o.rect.y + px(6)), LABEL, ink, bold=True, max_width=o.rect.width - px(20))
        if o.show_detail and o.detail:
            top = o.rect.y + px(6) + draw.line_height(LABEL, True) + px(2)
            draw.text_block(surface, o.detail, pygame.Rect(x, top, o.rect.width - px(20), o.rect.bottom - top), DETAIL,
                            ink if o.primary and o.enabled else theme.INK_SOFT)


def banner_rect(g: mapart.Geometry) -> pygame.Rect:
    rect = pygame.Rect(0, 0, min(px(520), g.grid.width - px(40)), px(90))
    rect.center = g.grid.center
    return rect


def draw_banner(surface: pygame.Surface, g: mapart.Geometry, head: str, scores: str) -> None:
    """The end of the day, over the middle of the grid (no one may move any more)."""
    rect = banner_rect(g)
    draw.panel(surface, rect, radius=px(12))
    draw.text(surface, head, (rect.centerx, rect.y + px(30)), 24, theme.INK, bold=True, serif=True, anchor="center",
              max_width=rect.width - px(20))
    draw.text(surface, scores, (rect.centerx, rect.y + px(64)), 15, theme.INK_SOFT, anchor="center",
              max_width=rect.width - px(20))
