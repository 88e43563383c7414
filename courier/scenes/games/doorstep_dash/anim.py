"""Doorstep Dash events to animations: the die rolling, vans driving, tests, pops over a space.

The rules' events are queued as steps played one after another; while a step runs the board
draws the moment it shows (a van part-way along its route, a die in the air). Nothing here
decides a rule or reads input.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Sequence

import pygame

from courier.rules.base import Event
from courier.rules.doorstep_dash import events as E
from courier.rules.doorstep_dash.board import Board, Cell
from courier.scenes.games.doorstep_dash.mapart import Geometry, fs
from courier.ui import draw, motion, palette, sprites, theme
from courier.ui.sound import cue
from courier.ui.tween import Animator, Wait

#: the events drawn on the board (see ``Effects.add``), and those shown only as the log's line
DRAWN: tuple[type[Event], ...] = (E.Rolled, E.TestRoll, E.Moved, E.Delivered, E.TrapSprung, E.TestPassed,
                                  E.TestFailed, E.BluePlayed, E.TrapSet)
SILENT: tuple[type[Event], ...] = (E.First, E.Kept, E.Row, E.Gave, E.Claimed, E.Turn, E.Discarded, E.Reshuffled,
                                   E.Skipped, E.GameOver, E.GaveUp)
#: what each event sounds like (the others are quiet)
SOUNDS: dict[type[Event], str] = {E.Moved: "tick", E.TrapRemoved: "tick", E.Rolled: "roll", E.TestRoll: "roll",
                                  E.Delivered: "chime", E.BonusDrawn: "chime"}
cue(SOUNDS)

COLOUR = palette.roles("doorstep_dash")  # this game's colours by role, read from the active palette


@dataclass
class Step:
    """One queued animation: a roll, a drive, a test, a pop of text over a space; its tween
    runs on the shared queue (:class:`courier.ui.tween.Animator`) after the step before it."""

    kind: str
    data: dict[str, Any]
    tween: Wait
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def progress(self) -> float:
        return self.tween.progress


class Effects:
    """The steps being shown one after another, and what the die box and the vans show
    meanwhile. The queue is ``ui.tween``'s: fed time scaled by the animation speed, it carries
    what a frame runs past one step's end into the next."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.runner = Animator(carry=True)
        self.steps: list[Step] = []
        #: where a van is still drawn while its drive waits its turn to be shown
        self.hold: dict[int, Cell] = {}
        self.heading: dict[int, float] = {}
        #: the die box: value, seat, and for a test its target, source, boost and result
        self.dice: dict[str, Any] = {}
        self.clock = 0.0

    # -- queue -----------------------------------------------------------------------------------
    def add(self, events: Sequence[Event], reduced_motion: bool) -> None:
        for ev in events:
            d = ev.data
            if isinstance(ev, E.Rolled):
                self._queue("roll", d, 0.7)
            elif isinstance(ev, E.TestRoll):
                self._queue("test", d, 0.9)
            elif isinstance(ev, E.Moved):
                path: list[Cell] = [(c[0], c[1]) for c in ev.path]
                if len(path) > 1:
                    self.hold.setdefault(ev.seat, path[0])
                    self._queue("move", {"seat": ev.seat, "path": path}, 0.17 * (len(path) - 1))
            elif isinstance(ev, E.Delivered):
                house = self.board.houses.get(ev.house)
                self._queue("pop", {"cell": tuple(ev.cell), "text": f"+{ev.points}", "colour": theme.GOOD,
                                    "parcel_to": house.rect if house else None}, 0.9)
            elif isinstance(ev, E.TrapSprung):
                self._queue("pop", {"cell": tuple(ev.cell), "text": "Trap!", "colour": theme.BAD}, 0.7)
            elif isinstance(ev, (E.TestPassed, E.TestFailed)):
                self._queue("result", d, 0.5)
            elif isinstance(ev, E.BluePlayed):
                self._queue("result", {**d, "boosting": True}, 0.35)
            elif isinstance(ev, E.TrapSet):
                self._queue("pop", {"cell": tuple(ev.cell), "text": "Trap set", "colour": theme.ACCENT}, 0.5)
        if reduced_motion:
            self.skip()

    def note_roll(self, rolled: int, current: int) -> None:
        """A roll already made when the view opens (a loaded game, a new person at the device)."""
        if rolled and not self.dice.get("test") and not self.steps:
            self.dice = {"value": rolled, "seat": current}

    def _queue(self, kind: str, data: dict[str, Any], duration: float) -> None:
        last = self.steps[-1].tween if self.steps else None
        step = Step(kind, data, Wait(duration))
        step.tween.on_start = lambda: self._begin(step)
        step.tween.on_done = lambda: self._finish(step)
        self.steps.append(step)
        self.runner.add(step.tween, after=last)

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

    def busy(self) -> bool:
        return bool(self.steps)

    def update(self, dt: float, speed: float) -> None:
        self.clock += dt
        if dt > 0:
            self.runner.update(dt * max(0.05, speed))
        self.steps = [step for step in self.steps if not step.tween.done]
        if not self.steps:
            self.hold.clear()

    def skip(self) -> None:
        """Show every queued step's end at once (a click during an animation, reduced motion)."""
        self.runner.finish_all()
        self.steps = []
        self.hold.clear()

    def face(self) -> int:
        """The die face to show now: a tumbling one while rolling."""
        if self.dice.get("rolling") and not motion.reduced():
            # a tumble that depends on the clock alone: drawing a frame twice shows the same face
            return 1 + int(self.clock * 14 + 0.5 * math.sin(self.clock * 31.0)) % 6
        return int(self.dice.get("value", 0))

    # -- where things are drawn ------------------------------------------------------------------
    def van_positions(self, cells: list[Cell], geo: Geometry) -> dict[int, tuple[float, float, float]]:
        """Where each van is drawn now: (x, y, heading), the drive being shown included."""
        out: dict[int, tuple[float, float, float]] = {}
        moving = self.steps[0] if self.steps and self.steps[0].kind == "move" else None
        groups: dict[Cell, list[int]] = {}
        for i, pos in enumerate(cells):
            if moving is not None and moving.data["seat"] == i:
                continue
            groups.setdefault(self.hold.get(i, pos), []).append(i)
        for cell, seats in groups.items():
            cx, cy = geo.centre(cell)
            n = len(seats)
            for k, i in enumerate(seats):
                if n == 1:
                    out[i] = (cx, cy, self.heading.get(i, 0.0))
                else:
                    ang = -math.pi / 2 + 2 * math.pi * k / n
                    rad = geo.cs * (0.42 if n > 2 else 0.32)
                    out[i] = (cx + rad * math.cos(ang), cy + rad * math.sin(ang), self.heading.get(i, 0.0))
        if moving is not None:
            path = moving.data["path"]
            t = moving.progress * (len(path) - 1)
            k = min(int(t), len(path) - 2)
            f = t - k
            a, b = geo.centre(path[k]), geo.centre(path[k + 1])
            heading = math.degrees(math.atan2(-(b[1] - a[1]), b[0] - a[0]))
            out[moving.data["seat"]] = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, heading)
        return out

    def van_cells(self, cells: list[Cell]) -> set[Cell]:
        """The spaces vans are drawn on now (a trap there is moved aside)."""
        return {self.hold.get(i, pos) for i, pos in enumerate(cells)}

    # -- drawing the moment ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, geo: Geometry, area: pygame.Rect,
             positions: dict[int, tuple[float, float, float]]) -> None:
        """The step being shown, over the board: a pop, or the die beside the van that rolled."""
        if not self.steps:
            return
        if self.steps[0].kind == "pop":
            self._draw_pop(surface, geo, self.steps[0])
        elif self.steps[0].kind in ("roll", "test", "result"):
            self._draw_die(surface, geo, area, positions, self.steps[0])

    def _draw_die(self, surface: pygame.Surface, geo: Geometry, area: pygame.Rect,
                  positions: dict[int, tuple[float, float, float]], step: Step) -> None:
        cs = geo.cs
        seat = step.data.get("seat", 0)
        pos = positions.get(seat)
        if pos is None:
            return
        x, y = pos[0], pos[1] - cs * 1.7
        inner = area.inflate(-cs * 2, -cs * 2)
        x = min(max(x, inner.left), inner.right)
        y = min(max(y, inner.top), inner.bottom)
        if step.kind == "result":
            if step.data.get("boosting"):
                text, colour = f"+{step.data['boost']}", COLOUR.boost_text
            else:
                text, colour = ("Safe!", theme.GOOD) if step.data["passed"] else ("Held up!", theme.BAD)
            img = draw.render_text(text, fs(cs * 0.8, 14), colour, bold=True)
            box = img.get_rect(center=(x, y)).inflate(14, 6)
            draw.rounded_rect(surface, box, COLOUR.float_card, radius=8)
            surface.blit(img, img.get_rect(center=box.center))
            return
        t = step.progress
        size = max(24, int(cs * 1.6))
        landed = t >= 0.7
        face = step.data["value"] if landed else 1 + int(self.clock * 16 + seat) % 6
        img = sprites.die(face, size)
        if not landed:
            img = pygame.transform.rotate(img, (0.7 - t) * 900)
            y -= math.sin(t / 0.7 * math.pi) * cs * 0.8
        else:
            bounce = 1 + 0.12 * math.sin((t - 0.7) / 0.3 * math.pi)
            img = pygame.transform.smoothscale(img, (int(size * bounce), int(size * bounce)))
        shadow = pygame.Surface((size, size // 3), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, COLOUR.shadow, shadow.get_rect())
        surface.blit(shadow, shadow.get_rect(center=(x, y + size * 0.55)))
        surface.blit(img, img.get_rect(center=(x, y)))
        if step.kind == "test":
            label = draw.render_text(f"needs {step.data['target']}", fs(cs * 0.5, 11), theme.INK, bold=True)
            box = label.get_rect(midtop=(x, y + size * 0.6)).inflate(10, 4)
            draw.rounded_rect(surface, box, COLOUR.float_card, radius=6)
            surface.blit(label, label.get_rect(center=box.center))

    def _draw_pop(self, surface: pygame.Surface, geo: Geometry, step: Step) -> None:
        cs = geo.cs
        cx, cy = geo.centre(step.data["cell"])
        target = step.data.get("parcel_to")
        if target is not None:
            house = geo.area(*target)
            hx, hy = house.center
            f = min(1.0, step.progress / 0.6)
            px, py = cx + (hx - cx) * f, cy + (hy - cy) * f - math.sin(f * math.pi) * cs * 0.8
            box = sprites.scaled("parcel_box", max(12, int(cs * 0.8)))
            surface.blit(box, box.get_rect(center=(int(px), int(py))))
        rise = cs * 1.2 * step.progress
        alpha = int(255 * (1 - max(0.0, step.progress - 0.6) / 0.4))
        img = draw.render_text(step.data["text"], fs(cs * 0.8, 14), step.data["colour"], bold=True)
        box = img.get_rect(center=(cx, cy - cs * 0.6 - rise)).inflate(10, 4)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (255, 255, 255, min(230, alpha)), layer.get_rect(), border_radius=6)
        img2 = img.copy()
        img2.set_alpha(alpha)
        layer.blit(img2, img2.get_rect(center=layer.get_rect().center))
        surface.blit(layer, box)
