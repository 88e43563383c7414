"""Doorstep Dash on screen: the town, the vans and traps, highlighted drives, animated events.

Clicks become actions picked from the legal list; nothing here decides a rule. The side panel
lives in :mod:`doorstep_dash_panel`, the town picture in :mod:`doorstep_dash_board`.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Sequence

import pygame

from courier.rules.base import Action, Event
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash.board import Cell
from courier.rules.doorstep_dash.engine import current_moves
from courier.rules.doorstep_dash.state import HIDDEN, DashState
from courier.scenes.games.doorstep_dash_board import BoardPainter, cell_rect
from courier.scenes.games.doorstep_dash_panel import PanelMixin, seat_shape
from courier.scenes.games.doorstep_dash_words import WordsMixin
from courier.ui import draw, sprites, theme
from courier.ui.game_view import GameView, ViewContext


@dataclass
class Step:
    """One queued animation: a roll, a drive, a test, a pop of text over a space."""

    kind: str
    data: dict[str, Any]
    duration: float
    t: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)


class DoorstepView(WordsMixin, PanelMixin, GameView):
    def __init__(self, ctx: ViewContext) -> None:
        super().__init__(ctx)
        self.game = ctx.game
        self.board = ctx.game.board(ctx.config)
        self.painter = BoardPainter(self.board)
        self.view: DashState | None = None
        self.seat: int | None = None
        self.legal: list[Action] = []
        self.moves: dict[Cell, Action] = {}
        self.selected: set[str] = set()
        self.buttons: list = []
        self.buttons_top = 0
        self.mouse = (-1, -1)
        self.steps: list[Step] = []
        self.hold: dict[int, Cell] = {}
        self.heading: dict[int, float] = {}
        self.dice: dict[str, Any] = {}
        self.clock = 0.0
        self._dealt: tuple[str, ...] = ()
        self._shake = random.Random(5)

    # -- host API ------------------------------------------------------------------------------
    def layout(self, board_rect: pygame.Rect, panel_rect: pygame.Rect) -> None:
        super().layout(board_rect, panel_rect)
        self.cs, self.ox, self.oy = self.painter.metrics(self.board_rect)

    def show(self, view: Any, seat: int | None, legal: Sequence[Action]) -> None:
        old_kind = type(self.legal[0]) if self.legal else None
        self.view = view
        self.seat = seat
        self.legal = list(legal) if seat is not None else []
        self.moves = {a.to: a for a in self.legal if isinstance(a, A.Move)}  # type: ignore[attr-defined]
        kind = type(self.legal[0]) if self.legal else None
        draw_now = tuple(view.opening_draw)
        if kind is A.Keep and (old_kind is not A.Keep or draw_now != self._dealt):
            self._dealt = draw_now
            self.selected = set(max(self.legal, key=lambda a: len(a.cards)).cards)  # type: ignore[attr-defined]
        elif kind is not A.Keep:
            claims = [a for a in self.legal if isinstance(a, A.Claim)]
            row = set(view.row)
            self.selected &= row
            if not claims:
                self.selected = set()
        if view.rolled and not self.dice.get("test") and not self.steps:
            self.dice = {"value": view.rolled, "seat": view.current}
        self.build_buttons()

    def animate(self, events: Sequence[Event], view_after: Any) -> None:
        for ev in events:
            d = ev.data
            if ev.kind == "rolled":
                self._queue("roll", d, 0.7)
            elif ev.kind == "test roll":
                self._queue("test", d, 0.9)
            elif ev.kind == "moved":
                path = [tuple(c) for c in d["path"]]
                if len(path) > 1:
                    self.hold.setdefault(d["seat"], path[0])  # type: ignore[arg-type]
                    self._queue("move", {"seat": d["seat"], "path": path}, 0.17 * (len(path) - 1))
            elif ev.kind == "delivered":
                house = self.board.houses.get(d["house"])
                self._queue("pop", {"cell": tuple(d["cell"]), "text": f"+{d['points']}", "colour": theme.GOOD,
                                    "parcel_to": house.rect if house else None}, 0.9)
            elif ev.kind == "trap sprung":
                self._queue("pop", {"cell": tuple(d["cell"]), "text": "Trap!", "colour": theme.BAD}, 0.7)
            elif ev.kind in ("test passed", "test failed"):
                self._queue("result", d, 0.5)
            elif ev.kind == "blue played":
                self._queue("result", {**d, "boosting": True}, 0.35)
            elif ev.kind == "trap set":
                self._queue("pop", {"cell": tuple(d["cell"]), "text": "Trap set", "colour": theme.ACCENT}, 0.5)
        if self.ctx.reduced_motion:
            while self.steps:
                self._finish(self.steps.pop(0))
            self.hold.clear()

    def _queue(self, kind: str, data: dict[str, Any], duration: float) -> None:
        step = Step(kind, data, duration)
        self.steps.append(step)
        if len(self.steps) == 1:
            self._begin(step)

    def _begin(self, step: Step) -> None:
        d = step.data
        if step.kind == "roll":
            self.dice = {"value": d["value"], "seat": d["seat"], "rolling": True}
        elif step.kind == "test":
            self.dice = {"value": d["value"], "seat": d["seat"], "test": True, "target": d["target"],
                         "source": d["source"], "rolling": True}

    def _finish(self, step: Step) -> None:
        d = step.data
        if step.kind in ("roll", "test"):
            self.dice["rolling"] = False
        elif step.kind == "move":
            self.hold[d["seat"]] = d["path"][-1]
            a, b = d["path"][-2], d["path"][-1]
            self.heading[d["seat"]] = math.degrees(math.atan2(-(b[1] - a[1]), b[0] - a[0]))
        elif step.kind == "result":
            if d.get("boosting"):
                self.dice.update({"value": d["value"], "boost": d["boost"]})
            else:
                self.dice.update({"passed": d["passed"], "total": d["value"]})

    def animating(self) -> bool:
        return bool(self.steps)

    def update(self, dt: float) -> None:
        self.clock += dt
        speed = max(0.05, self.ctx.anim_speed)
        budget = dt * speed
        while self.steps and budget > 0:
            head = self.steps[0]
            use = min(budget, head.duration - head.t)
            head.t += use
            budget -= use
            if head.t >= head.duration - 1e-9:
                self.steps.pop(0)
                self._finish(head)
                if self.steps:
                    self._begin(self.steps[0])
        if not self.steps:
            self.hold.clear()

    def skip_animations(self) -> None:
        while self.steps:
            head = self.steps.pop(0)
            self._finish(head)
            if self.steps:
                self._begin(self.steps[0])
        self.hold.clear()

    # -- input ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return None
        if self.view is None:
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if self.steps:
                self.skip_animations()
                return None
            return self._click(event.pos)
        if event.type == pygame.KEYDOWN and not self.steps:
            for b in self.buttons:
                if b.key is not None and b.key == event.key and b.enabled and b.action is not None:
                    return b.action
        return None

    def _click(self, pos: tuple[int, int]) -> Action | None:
        self.build_buttons()
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                if not b.enabled and b.attempt is not None:  # a greyed button still answers: the rules say why not
                    self.refusal = self.game.refusal(self.view, b.attempt)
                return b.action if b.enabled else None
        if self.seat is None:
            return None
        selectable = self.legal and isinstance(self.legal[0], A.Keep) or any(
            isinstance(a, A.Claim) for a in self.legal)
        if selectable and self.panel_rect.collidepoint(pos):
            for name, rect in self.row_rects():
                if rect.collidepoint(pos):
                    self._toggle(name)
                    return None
        cell = self.cell_at(pos)
        if cell is not None and cell in self.moves:
            return self.moves[cell]
        if cell is not None and self.board_rect.collidepoint(pos):
            # not a drive on offer: the rules say why (roll first, already driven, not that far ...)
            self.refusal = self.game.refusal(self.view, A.Move(self.seat, cell))  # type: ignore[call-arg]
        return None

    def _toggle(self, name: str) -> None:
        if name == HIDDEN:
            return
        if name in self.selected:
            self.selected.discard(name)
        else:
            claims = [a for a in self.legal if isinstance(a, A.Claim)]
            if claims and len(self.selected) >= len(claims[0].cards):  # type: ignore[attr-defined]
                return
            self.selected.add(name)
        self.build_buttons()

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        cs = getattr(self, "cs", 0)
        if not cs:
            return None
        c, r = (pos[0] - self.ox) // cs, (pos[1] - self.oy) // cs
        if 0 <= c < self.board.width and 0 <= r < self.board.height:
            return (c, r)
        return None

    def centre(self, cell: Cell) -> tuple[float, float]:
        return (self.ox + (cell[0] + 0.5) * self.cs, self.oy + (cell[1] + 0.5) * self.cs)

    # -- drawing -------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        if not hasattr(self, "cs"):
            self.layout(self.board_rect, self.panel_rect)
        surface.blit(self.painter.surface(self.cs), (self.ox, self.oy))
        if self.view is None:
            return
        self._draw_targets(surface)
        self._draw_traps(surface)
        self._draw_moves(surface)
        self._draw_vans(surface)
        self._draw_pops(surface)
        self._draw_board_die(surface)
        if self.view.phase == "over" and not self.steps:
            self._draw_game_over(surface)

    def _draw_game_over(self, surface: pygame.Surface) -> None:
        v = self.view
        winners = self.game.winners(v)
        box = pygame.Rect(0, 0, min(460, self.board_rect.width - 40), 96 + 34 * len(v.players))
        box.center = self.board_rect.center
        draw.panel(surface, box, theme.PANEL, radius=14)
        names = " and ".join(self._name(i) for i in winners)
        title = f"{names} win{'s' if len(winners) == 1 else ''}!"
        draw.text(surface, title, (box.centerx, box.y + 18), 26, theme.INK, bold=True, serif=True, anchor="midtop",
                  max_width=box.width - 24)
        why = "Every parcel delivered, every van home." if v.ended == "done" else "The round limit was reached."
        draw.text(surface, why, (box.centerx, box.y + 56), 14, theme.INK_SOFT, anchor="midtop")
        order = sorted(range(len(v.players)), key=lambda i: (-v.players[i].score, -len(v.players[i].delivered)))
        for k, i in enumerate(order):
            p = v.players[i]
            y = box.y + 84 + k * 34
            seat_shape(surface, i, (box.x + 34, y + 12), 9, self._colour(i))
            draw.text(surface, self._name(i), (box.x + 54, y + 2), 18, theme.INK, bold=i in winners)
            draw.text(surface, f"{len(p.delivered)} deliveries", (box.right - 90, y + 4), 14, theme.INK_SOFT,
                      anchor="topright")
            draw.text(surface, f"{p.score} pts", (box.right - 20, y + 2), 18, theme.INK, bold=True, anchor="topright")

    def _highlight_houses(self) -> dict[str, str]:
        """House -> why it is marked: on your cards ('hand'), being chosen ('pick') or in the row."""
        v = self.view
        out: dict[str, str] = {}
        owner = self.owner()
        if v.phase == "opening" and self.seat is not None:
            for c in v.opening_draw:
                out[c] = "pick" if c in self.selected else "row"
        else:
            for c in v.row:
                out[c] = "pick" if c in self.selected else "row"
        if owner is not None:
            for c in v.players[owner].hand:
                out[c] = "hand"
        return out

    def _draw_targets(self, surface: pygame.Surface) -> None:
        cs = self.cs
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
        for name, why in self._highlight_houses().items():
            house = self.board.houses.get(name)
            if house is None:
                continue
            x, y, w, h = house.rect
            r = pygame.Rect(self.ox + x * cs, self.oy + y * cs, w * cs, h * cs).inflate(-cs // 8, -cs // 8)
            if why == "hand":
                col = theme.HIGHLIGHT
                pygame.draw.rect(surface, col, r.inflate(4, 4), 3, border_radius=5)
                img = sprites.scaled("parcel_box", max(10, int(cs * 0.7)))
                surface.blit(img, img.get_rect(center=(r.right - 2, r.top + 2)))
                self._label(surface, name, (r.centerx, r.bottom + 2), theme.INK)
            elif why == "pick":
                pygame.draw.rect(surface, theme.ACCENT, r.inflate(4, 4), 3, border_radius=5)
                self._label(surface, name, (r.centerx, r.bottom + 2), theme.ACCENT_DARK)
            else:
                alpha = int(90 + 80 * pulse)
                layer = pygame.Surface(r.inflate(6, 6).size, pygame.SRCALPHA)
                pygame.draw.rect(layer, (255, 255, 255, alpha), layer.get_rect(), 2, border_radius=5)
                surface.blit(layer, r.inflate(6, 6).topleft)

    def _label(self, surface: pygame.Surface, text: str, midtop: tuple[int, int], colour) -> None:
        img = draw.render_text(text, max(10, int(self.cs * 0.42)), colour, bold=True)
        box = img.get_rect(midtop=midtop).inflate(8, 2)
        box.clamp_ip(self.board_rect)
        draw.rounded_rect(surface, box, (255, 252, 240, 230), radius=4)
        surface.blit(img, img.get_rect(center=box.center))

    def _draw_traps(self, surface: pygame.Surface) -> None:
        for i, p in enumerate(self.view.players):
            if p.trap is None:
                continue
            colour = self._colour(i)
            cx, cy = self.centre(p.trap)
            if any(self.hold.get(j, q.pos) == p.trap for j, q in enumerate(self.view.players)):
                cx, cy = cx - self.cs * 0.45, cy + self.cs * 0.3
            pygame.draw.circle(surface, colour, (cx, cy), self.cs * 0.46)
            pygame.draw.circle(surface, theme.INK, (cx, cy), self.cs * 0.46, 2)
            img = sprites.scaled("trap", max(10, int(self.cs * 0.72)))
            surface.blit(img, img.get_rect(center=(cx, cy)))
            seat_shape(surface, i, (cx + self.cs * 0.36, cy - self.cs * 0.36), max(3, self.cs * 0.16), colour)

    def _draw_moves(self, surface: pygame.Surface) -> None:
        if not self.moves or self.steps:
            return
        colour = self._colour(self.seat or 0)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        hover = self.cell_at(self.mouse)
        for cell in self.moves:
            r = cell_rect(cell, self.cs, self.ox, self.oy)
            glow = r.inflate(int(self.cs * 0.3 * pulse) + 4, int(self.cs * 0.3 * pulse) + 4)
            layer = pygame.Surface(glow.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*theme.HIGHLIGHT, 120), layer.get_rect(), border_radius=6)
            surface.blit(layer, glow.topleft)
            pygame.draw.rect(surface, theme.HIGHLIGHT, r, border_radius=4)
            pygame.draw.rect(surface, theme.INK if cell == hover else draw.darken(colour, 0.3), r,
                             3 if cell == hover else 2, border_radius=4)
            pygame.draw.circle(surface, draw.darken(colour, 0.2), r.center, max(2, self.cs // 6))
        if hover in self.moves:
            path = [self.view.me.pos] + current_moves(self.view, self.board).get(hover, [])
            pts = [self.centre(c) for c in path]
            if len(pts) > 1:
                pygame.draw.lines(surface, theme.INK, False, pts, max(2, self.cs // 7))
                pygame.draw.lines(surface, theme.HIGHLIGHT, False, pts, max(1, self.cs // 12))
            for k, c in enumerate(path[1:], start=1):
                cx, cy = self.centre(c)
                pygame.draw.circle(surface, (255, 255, 255), (cx, cy), self.cs * 0.22)
                draw.text(surface, str(k), (cx, cy), max(8, int(self.cs * 0.36)), theme.INK, bold=True,
                          anchor="center")

    def _van_positions(self) -> dict[int, tuple[float, float, float]]:
        """Where each van is drawn now: (x, y, heading), animations included."""
        out: dict[int, tuple[float, float, float]] = {}
        moving = self.steps[0] if self.steps and self.steps[0].kind == "move" else None
        groups: dict[Cell, list[int]] = {}
        for i, p in enumerate(self.view.players):
            if moving is not None and moving.data["seat"] == i:
                continue
            cell = self.hold.get(i, p.pos)
            groups.setdefault(cell, []).append(i)
        for cell, seats in groups.items():
            cx, cy = self.centre(cell)
            n = len(seats)
            for k, i in enumerate(seats):
                if n == 1:
                    out[i] = (cx, cy, self.heading.get(i, 0.0))
                else:
                    ang = -math.pi / 2 + 2 * math.pi * k / n
                    rad = self.cs * (0.42 if n > 2 else 0.32)
                    out[i] = (cx + rad * math.cos(ang), cy + rad * math.sin(ang), self.heading.get(i, 0.0))
        if moving is not None:
            path = moving.data["path"]
            t = moving.progress * (len(path) - 1)
            k = min(int(t), len(path) - 2)
            f = t - k
            a, b = self.centre(path[k]), self.centre(path[k + 1])
            heading = math.degrees(math.atan2(-(b[1] - a[1]), b[0] - a[0]))
            out[moving.data["seat"]] = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, heading)
        return out

    def _draw_vans(self, surface: pygame.Surface) -> None:
        size = max(12, int(self.cs * 1.05))
        crowd = len(self.view.players) > 1
        for i, (x, y, heading) in sorted(self._van_positions().items(), key=lambda t: t[1][1]):
            colour = self._colour(i)
            s = size if not crowd else int(size * 0.92)
            if abs(heading) <= 90:
                img = sprites.rotated("van", heading, s, colour)
            else:  # driving left: mirror rather than draw the van upside down
                img = pygame.transform.flip(sprites.rotated("van", 0, s, colour), True, False)
            rect = img.get_rect(center=(int(x), int(y)))
            shadow = pygame.Surface((rect.width, max(4, rect.height // 3)), pygame.SRCALPHA)
            pygame.draw.ellipse(shadow, (0, 0, 0, 70), shadow.get_rect())
            surface.blit(shadow, shadow.get_rect(center=(rect.centerx + 2, rect.bottom - 2)))
            surface.blit(img, rect)
            seat_shape(surface, i, (rect.centerx, rect.top + 1), max(4, self.cs * 0.2), colour, theme.INK)

    def _draw_board_die(self, surface: pygame.Surface) -> None:
        """The die tumbling beside the van that rolled, then landing on its value."""
        if not self.steps or self.steps[0].kind not in ("roll", "test", "result"):
            return
        step = self.steps[0]
        seat = step.data.get("seat", 0)
        pos = self._van_positions().get(seat)
        if pos is None:
            return
        x, y = pos[0], pos[1] - self.cs * 1.7
        area = self.board_rect.inflate(-self.cs * 2, -self.cs * 2)
        x = min(max(x, area.left), area.right)
        y = min(max(y, area.top), area.bottom)
        if step.kind == "result":
            if step.data.get("boosting"):
                text, colour = f"+{step.data['boost']}", (40, 80, 170)
            else:
                text, colour = ("Safe!", theme.GOOD) if step.data["passed"] else ("Held up!", theme.BAD)
            img = draw.render_text(text, max(14, int(self.cs * 0.8)), colour, bold=True)
            box = img.get_rect(center=(x, y)).inflate(14, 6)
            draw.rounded_rect(surface, box, (255, 252, 240, 235), radius=8)
            surface.blit(img, img.get_rect(center=box.center))
            return
        t = step.progress
        size = max(24, int(self.cs * 1.6))
        landed = t >= 0.7
        face = step.data["value"] if landed else 1 + int(self.clock * 16 + seat) % 6
        img = sprites.die(face, size)
        if not landed:
            img = pygame.transform.rotate(img, (0.7 - t) * 900)
            y -= math.sin(t / 0.7 * math.pi) * self.cs * 0.8
        else:
            bounce = 1 + 0.12 * math.sin((t - 0.7) / 0.3 * math.pi)
            img = pygame.transform.smoothscale(img, (int(size * bounce), int(size * bounce)))
        shadow = pygame.Surface((size, size // 3), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (0, 0, 0, 60), shadow.get_rect())
        surface.blit(shadow, shadow.get_rect(center=(x, y + size * 0.55)))
        surface.blit(img, img.get_rect(center=(x, y)))
        if step.kind == "test":
            label = draw.render_text(f"needs {step.data['target']}", max(11, int(self.cs * 0.5)), theme.INK, bold=True)
            box = label.get_rect(midtop=(x, y + size * 0.6)).inflate(10, 4)
            draw.rounded_rect(surface, box, (255, 252, 240, 235), radius=6)
            surface.blit(label, label.get_rect(center=box.center))

    def _draw_pops(self, surface: pygame.Surface) -> None:
        if not self.steps or self.steps[0].kind != "pop":
            return
        step = self.steps[0]
        cx, cy = self.centre(step.data["cell"])
        target = step.data.get("parcel_to")
        if target is not None:
            hx = self.ox + (target[0] + target[2] / 2) * self.cs
            hy = self.oy + (target[1] + target[3] / 2) * self.cs
            f = min(1.0, step.progress / 0.6)
            px, py = cx + (hx - cx) * f, cy + (hy - cy) * f - math.sin(f * math.pi) * self.cs * 0.8
            box = sprites.scaled("parcel_box", max(12, int(self.cs * 0.8)))
            surface.blit(box, box.get_rect(center=(int(px), int(py))))
        rise = self.cs * 1.2 * step.progress
        alpha = int(255 * (1 - max(0.0, step.progress - 0.6) / 0.4))
        img = draw.render_text(step.data["text"], max(14, int(self.cs * 0.8)), step.data["colour"], bold=True)
        box = img.get_rect(center=(cx, cy - self.cs * 0.6 - rise)).inflate(10, 4)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (255, 255, 255, min(230, alpha)), layer.get_rect(), border_radius=6)
        img2 = img.copy()
        img2.set_alpha(alpha)
        layer.blit(img2, img2.get_rect(center=layer.get_rect().center))
        surface.blit(layer, box)

    def _colour(self, seat: int) -> tuple[int, int, int]:
        if seat < len(self.ctx.seats):
            return self.ctx.seats[seat].colour
        return theme.PLAYER_COLOURS[seat % len(theme.PLAYER_COLOURS)][1]

    def _name(self, seat: int) -> str:
        return self.ctx.seats[seat].name if seat < len(self.ctx.seats) else f"Player {seat + 1}"

def make_view(ctx: ViewContext) -> DoorstepView:
    return DoorstepView(ctx)
