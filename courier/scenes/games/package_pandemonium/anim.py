"""Package Pandemonium's events turned into animations: vans gliding tile to tile, the priority
cards revealed, a red flash where the Rogue steals or a bomb goes off, and little pops over
tiles ("banked!", "+1 charge"). Held per view; drawing them changes nothing."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Sequence

import pygame

from courier.rules.base import Event
from courier.rules.package_pandemonium import events as E
from courier.rules.package_pandemonium.state import BOMB, ROGUE_PLAYER, PState
from courier.scenes.games.package_pandemonium import pieces
from courier.scenes.games.package_pandemonium import mapart
from courier.scenes.games.package_pandemonium.text import pop_text
from courier.ui import draw, palette, theme
from courier.ui.sound import cue
from courier.ui.theme import px
from courier.ui.tween import Animator, Tween, Wait

COLOUR = palette.roles("package_pandemonium")  # this game's colours by role, read from the active palette

#: the colour role of each event's pop-up word (read from the palette when it is drawn)
POP_ROLES: dict[type[Event], str] = {
    E.Picked: "good", E.Deposited: "good", E.Defused: "good", E.Stolen: "bad",
    E.Exploded: "bad", E.Protected: "boost", E.Insured: "boost",
    E.Charged: "boost", E.Spawned: "accent_dark", E.Recharged: "boost",
    E.Moved: "bad"}
#: the events drawn on the board (see ``Effects.queue``), and those shown only as the log's line
DRAWN: tuple[type[Event], ...] = (E.Moved, E.Revealed, E.Stolen, E.Exploded, E.Spawned, E.Picked, E.Deposited,
                                  E.Protected, E.Insured, E.Defused, E.Charged, E.Recharged)
SILENT: tuple[type[Event], ...] = (E.Express, E.Dropped, E.BombPassed, E.Base, E.Company, E.Chosen, E.Winner,
                                   E.Order, E.RouteDone, E.Round, E.RogueTurn, E.GameOver, E.Threat, E.Ticking)
#: what each event sounds like (the others are quiet)
SOUNDS: dict[type[Event], str] = {E.Moved: "tick", E.Picked: "tick", E.Dropped: "tick", E.Winner: "chime"}
cue(SOUNDS)


@dataclass
class Anim:
    """One of the animations shown one after another: its kind ("move", "reveal", "flash"),
    what it draws, and its tween on the queue."""

    kind: str
    data: dict
    tween: Tween


@dataclass
class Pop:
    """A word rising over a tile; pops run all at once, each after the animations queued
    before it."""

    cell: int
    text: str
    colour: tuple[int, int, int]
    tween: Tween


class Effects:
    """What is animating on the board now, run by one :class:`courier.ui.tween.Animator`: the
    animations shown one after another, and the pops shown meanwhile. Speed is applied as the
    events are queued, and reduced motion ("calm") shortens and stills them here rather than
    skipping them (the priority cards must still be seen)."""

    def __init__(self) -> None:
        self.runner = Animator()
        self.anims: list[Anim] = []
        self.pops: list[Pop] = []

    def _then(self, kind: str, duration: float, data: dict) -> None:
        last = self.anims[-1].tween if self.anims else None
        self.anims.append(Anim(kind, data, self.runner.add(Wait(duration), after=last)))

    def _pop(self, cell: int, text: str, colour: tuple[int, int, int], duration: float) -> None:
        waits = sum(a.tween.duration for a in self.anims)  # shown once the animations before it are
        self.pops.append(Pop(cell, text, colour, self.runner.add(Tween(0.0, 1.0, duration, delay=waits))))

    def queue(self, events: Sequence[Event], speed: float, calm: bool) -> None:
        speed = max(0.25, speed)
        for e in events:
            d = e.data
            if isinstance(e, E.Moved) and not calm:
                self._then("move", 0.32 / speed, {"van": e.van, "a": e.path[0], "b": e.path[-1]})
            elif isinstance(e, E.Revealed):
                self._then("reveal", (0.6 if calm else 1.6) / speed, {"cards": dict(e.cards)})
            elif isinstance(e, (E.Stolen, E.Exploded)) and not calm:
                self._then("flash", 0.45 / speed, {"cell": e.cell, "kind": e.kind})
            text = pop_text(e)
            if isinstance(e, E.Moved) and text:
                d = {**d, "cell": e.path[-1]}
            if text and "cell" in d:
                self._pop(d["cell"], text, COLOUR(POP_ROLES.get(type(e), "ink")), 1.6 / speed)
            elif isinstance(e, E.Spawned):
                for cell, kind in e.placements:
                    self._pop(cell, "new!" if kind != BOMB else "bomb!", theme.ACCENT_DARK, 1.8 / speed)

    def busy(self) -> bool:
        return bool(self.anims)

    def update(self, dt: float) -> None:
        self.runner.update(dt)
        self.anims = [a for a in self.anims if not a.tween.done]
        self.pops = [p for p in self.pops if not p.tween.done]

    def van_pos(self, g: mapart.Geometry, vi: int) -> tuple[float, float] | None:
        """Where to draw a van while moves are still being animated."""
        for i, a in enumerate(self.anims):
            if a.kind == "move" and a.data["van"] == vi:
                ax, ay = g.centre(a.data["a"])
                if i > 0:
                    return (ax, ay)
                bx, by = g.centre(a.data["b"])
                t = a.tween.progress
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
            alpha = max(0, int(150 * (1 - a.tween.progress)))
            layer.fill((220, 40, 40, alpha) if a.data["kind"] == "stolen" else (255, 150, 30, alpha))
            surface.blit(layer, g.cell_rect(a.data["cell"]))

    def _pops(self, surface: pygame.Surface, g: mapart.Geometry, calm: bool) -> None:
        for p in self.pops:
            if not p.tween.started:
                continue
            frac = p.tween.progress
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
