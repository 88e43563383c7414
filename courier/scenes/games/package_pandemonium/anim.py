"""Package Pandemonium's events turned into animations: vans gliding tile to tile, the priority
cards revealed, a red flash where the Rogue steals or a bomb goes off, and little pops over
tiles ("banked!", "+1 charge"). Held per view; drawing them changes nothing."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Sequence

import pygame

from courier.rules.base import Event
from courier.rules.package_pandemonium.state import BOMB, ROGUE_PLAYER, PState
from courier.scenes.games.package_pandemonium import pieces
from courier.scenes.games.package_pandemonium import mapart
from courier.scenes.games.package_pandemonium.text import pop_text
from courier.ui import draw, palette, theme
from courier.ui.theme import px

COLOUR = palette.roles("package_pandemonium")  # this game's colours by role, read from the active palette

#: the colour role of each event's pop-up word (read from the palette when it is drawn)
POP_ROLES = {"picked": "good", "deposited": "good", "defused": "good", "stolen": "bad",
             "exploded": "bad", "protected": "boost", "insured": "boost",
             "charged": "boost", "spawned": "accent_dark", "recharged": "boost",
             "moved": "bad"}


@dataclass
class Anim:
    kind: str  # "move", "reveal", "flash"
    dur: float
    data: dict
    t: float = 0.0


@dataclass
class Pop:
    cell: int
    text: str
    colour: tuple[int, int, int]
    t: float = 0.0
    dur: float = 1.4


class Animations:
    """The queue of animations (played one after another) and the pops (all at once)."""

    def __init__(self) -> None:
        self.anims: list[Anim] = []
        self.pops: list[Pop] = []

    def queue(self, events: Sequence[Event], speed: float, calm: bool) -> None:
        speed = max(0.25, speed)
        for e in events:
            d = e.data
            if e.kind == "moved" and not calm:
                self.anims.append(Anim("move", 0.32 / speed, {"van": d["van"], "a": d["path"][0], "b": d["path"][-1]}))
            elif e.kind == "revealed":
                self.anims.append(Anim("reveal", (0.6 if calm else 1.6) / speed, {"cards": dict(d["cards"])}))
            elif e.kind in ("stolen", "exploded") and not calm:
                self.anims.append(Anim("flash", 0.45 / speed, {"cell": d.get("cell", 0), "kind": e.kind}))
            text = pop_text(e)
            if e.kind == "moved" and text:
                d = {**d, "cell": d["path"][-1]}
            if text and "cell" in d:
                self.pops.append(Pop(d["cell"], text, COLOUR(POP_ROLES.get(e.kind, "ink")), dur=1.6 / speed,
                                     t=-sum(a.dur for a in self.anims)))
            elif e.kind == "spawned":
                for cell, kind in d["placements"]:
                    self.pops.append(Pop(cell, "new!" if kind != BOMB else "bomb!", theme.ACCENT_DARK,
                                         dur=1.8 / speed, t=-sum(a.dur for a in self.anims)))

    def busy(self) -> bool:
        return bool(self.anims)

    def update(self, dt: float) -> None:
        if self.anims:
            head = self.anims[0]
            head.t += dt
            if head.t >= head.dur:
                self.anims.pop(0)
        for p in self.pops:
            p.t += dt
        self.pops = [p for p in self.pops if p.t < p.dur]

    def van_pos(self, g: mapart.Geometry, vi: int) -> tuple[float, float] | None:
        """Where to draw a van while moves are still being animated."""
        for i, a in enumerate(self.anims):
            if a.kind == "move" and a.data["van"] == vi:
                ax, ay = g.centre(a.data["a"])
                if i > 0:
                    return (ax, ay)
                bx, by = g.centre(a.data["b"])
                t = min(1.0, a.t / a.dur) if a.dur else 1.0
                t = t * t * (3 - 2 * t)
                return (ax + (bx - ax) * t, ay + (by - ay) * t)
        return None

    def draw(self, surface: pygame.Surface, g: mapart.Geometry, rect: pygame.Rect, v: PState,
             colours: list[tuple[int, int, int]], calm: bool) -> None:
        self._pops(surface, g, calm)
        if self.anims and self.anims[0].kind == "reveal":
            _reveal(surface, rect, v, colours, self.anims[0].data["cards"])
        if self.anims and self.anims[0].kind == "flash":
            a = self.anims[0]
            layer = pygame.Surface(g.cell_rect(a.data["cell"]).size, pygame.SRCALPHA)
            alpha = max(0, int(150 * (1 - a.t / max(a.dur, 1e-6))))
            layer.fill((220, 40, 40, alpha) if a.data["kind"] == "stolen" else (255, 150, 30, alpha))
            surface.blit(layer, g.cell_rect(a.data["cell"]))

    def _pops(self, surface: pygame.Surface, g: mapart.Geometry, calm: bool) -> None:
        for p in self.pops:
            if p.t < 0:
                continue
            frac = p.t / p.dur
            rise = 0 if calm else g.tile * 0.3 * frac
            x, y = g.centre(p.cell)
            img = draw.render_text(p.text, mapart.fsize(g.tile / 7, 12), p.colour, bold=True)
            rect = img.get_rect(center=(x, y - g.tile * 0.1 - rise))
            bg = rect.inflate(px(10), px(4))
            draw.rounded_rect(surface, bg, COLOUR.pop_box, px(6))
            img.set_alpha(int(255 * min(1.0, 2.5 * (1 - frac))))
            surface.blit(img, rect)


def _reveal(surface: pygame.Surface, br: pygame.Rect, v: PState, colours: list[tuple[int, int, int]],
            cards: dict) -> None:
    surface.blit(_shade(br.size), br)
    n = len(cards)
    gap = px(40)
    cw = min(px(110), (br.width - px(40) - (n - 1) * gap) // max(1, n))
    ch = int(cw * 1.4)
    total = n * cw + (n - 1) * gap
    x = br.centerx - total // 2
    draw.text(surface, "Priority cards revealed", (br.centerx, br.centery - ch // 2 - px(40)), 26, COLOUR.on_piece,
              bold=True, serif=True, anchor="center")
    low = min(c for s, c in cards.items() if v.vans[int(s)].role != ROGUE_PLAYER) if cards else 0
    for seat, card in sorted(cards.items(), key=lambda p: int(p[0])):
        seat = int(seat)
        rect = pygame.Rect(x, br.centery - ch // 2, cw, ch)
        col = pieces.van_colour(v, seat, colours)
        pieces.draw_card(surface, rect, card, False, "", col)
        draw.text(surface, v.vans[seat].name, (rect.centerx, rect.bottom + px(18)), 16, COLOUR.on_piece, bold=True,
                  anchor="center", max_width=cw + gap - px(6))
        if card == low and v.players > 1 and v.vans[seat].role != ROGUE_PLAYER:
            draw.text(surface, "lowest!", (rect.centerx, rect.bottom + px(40)), 15, theme.HIGHLIGHT, bold=True,
                      anchor="center")
        x += cw + gap


@functools.lru_cache(maxsize=2)
def _shade(size: tuple[int, int]) -> pygame.Surface:
    """The dimming behind the revealed cards, made once per size rather than every frame."""
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill(COLOUR.shade)
    return shade
