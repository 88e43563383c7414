"""Package Pandemonium's board view: the city grid, route planning by click or arrow keys with the
route drawn as cubes, the secret priority hand, and animations of vans, thefts and new packages.

It never decides a rule: every check goes through the rules engine on the view it was given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import pygame

from courier.rules.base import Action, Event
from courier.rules.package_pandemonium import actions as A
from courier.rules.package_pandemonium.rogue import best_stealable, rogue_rule_text
from courier.rules.package_pandemonium.board import DIR_NAMES, DIRS, cell_name, step_cell
from courier.rules.package_pandemonium.state import BOMB, HIGH, LOW, PACKAGE_NAMES, PState
from courier.scenes.games import package_pandemonium_draw as pd
from courier.scenes.games.package_pandemonium_panel import Button, draw_panel
from courier.ui import draw, theme
from courier.ui.game_view import GameView, ViewContext

KEYS = {pygame.K_UP: "N", pygame.K_DOWN: "S", pygame.K_LEFT: "W", pygame.K_RIGHT: "E"}
POP_COLOURS = {"picked": theme.GOOD, "deposited": theme.GOOD, "defused": theme.GOOD, "stolen": theme.BAD,
               "exploded": theme.BAD, "protected": (40, 90, 160), "insured": (40, 90, 160),
               "charged": (40, 90, 160), "spawned": theme.ACCENT_DARK, "recharged": (40, 90, 160),
               "moved": theme.BAD}


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


class PandemoniumView(GameView):
    def __init__(self, ctx: ViewContext) -> None:
        super().__init__(ctx)
        self.view: PState | None = None
        self.seat: int | None = None
        self.legal: list[Action] = []
        self.plan: list[str] = []
        self.note = ""
        self.mouse: tuple[int, int] | None = None
        self.anims: list[Anim] = []
        self.pops: list[Pop] = []
        self.buttons: list[Button] = []
        self.hand_rects: list[tuple[pygame.Rect, Action]] = []
        self.geo = pd.Geometry(self.board_rect)
        self.city = pd.CityLayer()  # pixels of the unchanging city, rebuilt when the size changes

    # -- host contract -------------------------------------------------------------------
    def layout(self, board_rect: pygame.Rect, panel_rect: pygame.Rect) -> None:
        super().layout(board_rect, panel_rect)
        self.geo = pd.Geometry(self.board_rect)
        self._rebuild()

    def show(self, view: Any, seat: int | None, legal: Sequence[Action]) -> None:
        old = self.view
        self.view, self.seat, self.legal = view, seat, list(legal)
        if old is None or old.phase != view.phase or old.steps_taken != view.steps_taken or old.order_index != view.order_index:
            self.plan = []
            self.note = ""
        if self.plan and self._plan_problem(self.plan) is not None:
            self.plan = []
        self._rebuild()

    def colours(self) -> list[tuple[int, int, int]]:
        return [s.colour for s in self.ctx.seats] or [c for _, c in theme.PLAYER_COLOURS]

    # -- planning -------------------------------------------------------------------------
    def _planner(self) -> str | None:
        """'route' when the human plans their own route, 'rogue' when they steer the Rogue."""
        v = self.view
        if v is None or self.seat is None or not self.legal:
            return None
        if v.phase == "route" and v.vans[v.order[v.order_index]].seat == self.seat and v.eng.steps_left(v) > 0:
            return "route"
        if v.phase == "rogue":
            return "rogue"
        return None

    def _start_cell(self) -> int:
        v = self.view
        assert v is not None
        return v.vans[v.mover].pos if v.phase == "rogue" else v.vans[v.order[v.order_index]].pos

    def _plan_cells(self, plan: list[str]) -> list[int]:
        cells, pos = [], self._start_cell()
        for d in plan:
            nxt = step_cell(pos, d)
            if nxt is None:
                break
            cells.append(nxt)
            pos = nxt
        return cells

    def _plan_problem(self, plan: list[str]) -> str | None:
        v = self.view
        mode = self._planner()
        if v is None or mode is None:
            return "Not your move."
        if mode == "rogue":
            routes = [a.directions for a in self.legal if isinstance(a, A.RogueRoute)]
            if any(r[: len(plan)] == tuple(plan) for r in routes):
                return None
            return rogue_rule_text(v, v.eng.board, v.mover, self.seat or 0, v.eng.cfg.rogue_steps)
        van = v.vans[v.order[v.order_index]]
        return v.eng.drive_problem(v, van, tuple(plan))

    def _plan_cost(self) -> int:
        v = self.view
        if v is None or self._planner() != "route":
            return 0
        return v.eng.drive_cost(v, v.vans[v.order[v.order_index]], tuple(self.plan))

    def _add_step(self, d: str) -> None:
        v = self.view
        mode = self._planner()
        if v is None or mode is None:
            return
        start = self._start_cell() if not self.plan else self._plan_cells(self.plan)[-1]
        reason = v.eng.board.blocked_reason(start, d)
        if reason is None:
            reason = self._plan_problem(self.plan + [d])
        if reason:
            self.note = reason
            self.refusal = reason
        else:
            self.plan.append(d)
            self.note = ""
        self._rebuild()

    def _confirm(self) -> Action | None:
        if not self.plan or self.seat is None:
            return None
        mode = self._planner()
        if mode == "rogue":
            act: Action = A.RogueRoute(self.seat, tuple(self.plan))
        elif len(self.plan) == 1:
            act = A.Step(self.seat, self.plan[0])
        else:
            act = A.Drive(self.seat, tuple(self.plan))
        if act not in self.legal:
            self.note = "That route is not complete yet." if mode == "rogue" else "That route cannot be driven."
            return None
        self.plan = []
        self.note = ""
        return act

    # -- buttons ---------------------------------------------------------------------------
    def _rebuild(self) -> None:
        self.buttons = []
        v = self.view
        if v is None or self.seat is None:
            return
        wide: list[tuple[str, Any, str, bool, bool]] = []  # label, target, hint, primary, enabled
        small: list[tuple[str, Any, str, bool, bool]] = []
        mode = self._planner()
        if mode:
            cost = self._plan_cost()
            if not self.plan:
                label = "Plan the Rogue's route" if mode == "rogue" else "Plan a route: arrows or clicks"
                wide.append((label, "confirm", "", True, False))
            elif mode == "rogue":
                wide.append(("Send the Rogue (Enter)", "confirm", "", True, True))
            else:
                label = f"Drive {len(self.plan)} step{'s' if len(self.plan) > 1 else ''}"
                label += (f" - {cost} charge{'s' if cost > 1 else ''}" if cost else "") + " (Enter)"
                wide.append((label, "confirm", "", True, True))
            if self.plan:
                small.append(("Clear (Esc)", "clear", "", False, True))
        for a in self.legal:
            label, hint = self._label(a)
            if not label:
                continue
            if isinstance(a, (A.EndRoute, A.ChooseOrder, A.ChooseCompany, A.Defend)):
                wide.append((label, a, hint, isinstance(a, A.EndRoute) or getattr(a, "first", False)
                             or getattr(a, "protect", False), True))
            else:
                small.append((label, a, hint, False, True))
        bh, gap = 32, 6
        x, w = self.panel_rect.x + 14, self.panel_rect.width - 28
        rows = len(wide) + (len(small) + 1) // 2
        y = self.panel_rect.bottom - 12 - rows * (bh + gap) + gap
        for i, (label, target, hint, primary, enabled) in enumerate(small):
            col = i % 2
            rect = pygame.Rect(x + col * (w // 2 + 3), y + (i // 2) * (bh + gap), w // 2 - 3, bh)
            if i == len(small) - 1 and col == 0:
                rect.width = w
            self.buttons.append(Button(rect, label, (lambda t=target: t), hint, primary, enabled))
        y += ((len(small) + 1) // 2) * (bh + gap)
        for label, target, hint, primary, enabled in wide:
            rect = pygame.Rect(x, y, w, bh)
            self.buttons.append(Button(rect, label, (lambda t=target: t), hint, primary, enabled))
            y += bh + gap

    def cancel(self) -> bool:
        if not self.plan:
            return False
        self.plan, self.note = [], ""
        self._rebuild()
        return True

    def _label(self, a: Action) -> tuple[str, str]:
        v = self.view
        assert v is not None
        cfg = v.eng.cfg
        if isinstance(a, A.ChooseCompany):
            name, text = cfg.companies[a.company]
            return name, text
        if isinstance(a, A.ChooseOrder):
            return ("Drive first" if a.first else "Drive second"), ""
        if isinstance(a, A.UseExpress):
            return "Express: 4 steps", "Once per game, this route may be 4 steps long."
        if isinstance(a, A.Take):
            return f"Take {A.KIND_WORDS[a.kind]}", f"Pick up a {PACKAGE_NAMES[a.kind]} here."
        if isinstance(a, A.Drop):
            return f"Leave {A.KIND_WORDS[a.kind]}", f"Leave a {PACKAGE_NAMES[a.kind]} on this tile."
        if isinstance(a, A.PassBomb):
            return f"Bomb to {v.vans[a.to_seat].name}", "Hand the exploding package over; its timer keeps running."
        if isinstance(a, A.Recharge):
            if a.kind == LOW:
                return f"Recharge: {cfg.recharge_low_cost} low", "Pay banked low-value packages for a full sat nav."
            return "Recharge: 1 high", "Pay one banked high-value package for a full sat nav."
        if isinstance(a, A.EndRoute):
            return "End route", ""
        if isinstance(a, A.Defend):
            return ("Protect it (1 charge)" if a.protect else "Let it go"), ""
        return "", ""

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return None
        if self.view is None or self.seat is None:
            return None
        if event.type == pygame.KEYDOWN:
            if event.key in KEYS and self._planner():
                self._add_step(KEYS[event.key])
            elif event.key in (pygame.K_BACKSPACE,) and self.plan:
                self.plan.pop()
                self._rebuild()
            elif event.key == pygame.K_ESCAPE and self.plan:
                self.plan = []
                self._rebuild()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self._confirm()
            return None
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return None
        self.mouse = event.pos
        for b in self.buttons:
            if b.enabled and b.rect.collidepoint(event.pos):
                target = b.on_click()
                if target == "confirm":
                    act = self._confirm()
                    self._rebuild()
                    return act
                if target == "clear":
                    self.plan = []
                    self._rebuild()
                    return None
                return target
        for rect, act in self.hand_rects:
            if rect.collidepoint(event.pos):
                return act
        cell = self.geo.cell_at(event.pos)
        if cell is None:
            return None
        return self._click_cell(cell)

    def _click_cell(self, cell: int) -> Action | None:
        v = self.view
        assert v is not None and self.seat is not None
        for a in self.legal:
            if isinstance(a, A.PlaceBase) and a.cell == cell:
                return a
        if v.phase == "base":
            self.note = "Bases go on a highlighted border tile."
            self.refusal = self.ctx.game.refusal(v, A.PlaceBase(self.seat, cell)) or self.note  # type: ignore[call-arg]
            return None
        if not self._planner():
            # no route to plan now: the rules say what the table waits for
            end = self._start_cell() if v.phase in ("route", "rogue") else None
            step = next((d for d in DIRS if end is not None and step_cell(end, d) == cell), "N")
            self.refusal = self.ctx.game.refusal(v, A.Step(self.seat, step))  # type: ignore[call-arg]
            return None
        cells = self._plan_cells(self.plan)
        if cells and cell == cells[-1]:
            return self._confirm()
        if cell in cells:
            self.plan = self.plan[: cells.index(cell) + 1]
            self._rebuild()
            return None
        if cell == self._start_cell():
            self.plan = []
            self._rebuild()
            return None
        end = cells[-1] if cells else self._start_cell()
        for d in DIRS:
            if step_cell(end, d) == cell:
                self._add_step(d)
                return None
        self.note = "Routes go one tile at a time, north, south, east or west."
        self.refusal = self.note
        return None

    # -- animation -------------------------------------------------------------------------
    def animate(self, events: Sequence[Event], view_after: Any) -> None:
        speed = max(0.25, self.ctx.anim_speed)
        calm = self.ctx.reduced_motion
        for e in events:
            d = e.data
            if e.kind == "moved" and not calm:
                self.anims.append(Anim("move", 0.32 / speed, {"van": d["van"], "a": d["path"][0], "b": d["path"][-1]}))
            elif e.kind == "revealed":
                self.anims.append(Anim("reveal", (0.6 if calm else 1.6) / speed, {"cards": dict(d["cards"])}))
            elif e.kind in ("stolen", "exploded") and not calm:
                self.anims.append(Anim("flash", 0.45 / speed, {"cell": d.get("cell", 0), "kind": e.kind}))
            text = self._pop_text(e)
            if e.kind == "moved" and text:
                d = {**d, "cell": d["path"][-1]}
            if text and "cell" in d:
                self.pops.append(Pop(d["cell"], text, POP_COLOURS.get(e.kind, theme.INK), dur=1.6 / speed,
                                     t=-sum(a.dur for a in self.anims)))
            elif e.kind == "spawned":
                for cell, kind in d["placements"]:
                    self.pops.append(Pop(cell, "new!" if kind != BOMB else "bomb!", theme.ACCENT_DARK,
                                         dur=1.8 / speed, t=-sum(a.dur for a in self.anims)))

    @staticmethod
    def _pop_text(e: Event) -> str:
        d = e.data
        if e.kind == "moved" and d.get("battery"):
            return "-1 charge"
        if e.kind == "picked":
            return "+" + " ".join("*" if k == HIGH else ("bomb" if k == BOMB else "1") for k in d["kinds"])
        return {"deposited": "banked!", "stolen": "stolen!", "protected": "saved!", "insured": "insured!",
                "exploded": "BOOM!", "defused": "defused +10", "charged": "+1 charge", "recharged": "full charge"}.get(e.kind, "")

    def animating(self) -> bool:
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

    def _van_pos(self, vi: int) -> tuple[float, float] | None:
        """Where to draw a van while moves are still being animated."""
        for i, a in enumerate(self.anims):
            if a.kind == "move" and a.data["van"] == vi:
                ax, ay = self.geo.centre(a.data["a"])
                if i > 0:
                    return (ax, ay)
                bx, by = self.geo.centre(a.data["b"])
                t = min(1.0, a.t / a.dur) if a.dur else 1.0
                t = t * t * (3 - 2 * t)
                return (ax + (bx - ax) * t, ay + (by - ay) * t)
        return None

    # -- drawing ---------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        from courier.scenes.games.package_pandemonium_scene import draw_scene

        draw_scene(self, surface)

    def draw_panel(self, surface: pygame.Surface) -> None:
        if self.view is None:
            return
        note = self.note or self._cost_note()
        draw_panel(surface, self.panel_rect, self.view, self.colours(), self.buttons, self.mouse, note)

    def _cost_note(self) -> str:
        v = self.view
        if v is not None and v.phase == "defend" and v.victims:
            victim = v.vans[v.victims[0]]
            kind = best_stealable(victim)
            if kind:
                return (f"{v.vans[v.mover].name} is on {victim.name}'s route and will take the "
                        f"{PACKAGE_NAMES[kind]} unless the sat nav steers it away.")
        if v is not None and v.phase == "company" and self.seat is not None:
            return "\n".join(f"{n}: {d}" for n, d in v.eng.cfg.companies.values())
        if self._planner() == "route" and self.plan:
            cost = self._plan_cost()
            v = self.view
            assert v is not None
            left = v.eng.steps_left(v) - len(self.plan)
            parts = [f"Planned {len(self.plan)} step(s)"]
            parts.append(f"costs {cost} sat-nav charge(s)" if cost else "no battery needed")
            if left:
                parts.append(f"{left} more to plan")
            return ", ".join(parts) + "."
        return ""

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        v = self.view
        if v is None:
            return None
        for b in self.buttons:
            if b.rect.collidepoint(pos) and b.hint:
                return b.hint
        cfg = v.eng.cfg
        for rect, act in self.hand_rects:
            if rect.collidepoint(pos) and isinstance(act, A.PlayPriority):
                extra = (" +1 sat-nav charge when revealed." if act.card in cfg.battery_cards else
                         " A 4-step route this round." if act.card in cfg.long_route_cards else "")
                return f"Priority {act.card}: the lowest card wins the round.{extra}"

        cell = self.geo.cell_at(pos)
        if cell is None:
            return None
        board = v.eng.board
        bits = [f"{v.locations[cell]} ({cell_name(cell)})"]
        tile = v.tiles[cell]
        if tile:
            bits.append(", ".join(f"{tile.count(k)} {PACKAGE_NAMES[k]}" for k in (HIGH, LOW, BOMB) if k in tile))
        if cell in board.electric:
            bits.append("charging point: +1 sat-nav charge once a round")
        for vi, van in enumerate(v.vans):
            if van.base == cell:
                bits.append(f"{van.name}'s base")
            if cell in van.cubes:
                bits.append(f"{van.name}'s route")
        if self._planner() == "route":
            cells = self._plan_cells(self.plan)
            end = cells[-1] if cells else self._start_cell()
            for d in DIRS:
                if step_cell(end, d) == cell:
                    reason = board.blocked_reason(end, d) or self._plan_problem(self.plan + [d])
                    if reason:
                        bits.append("Can't go: " + reason)
                    else:
                        van = v.vans[v.order[v.order_index]]
                        extra = v.eng.drive_cost(v, van, tuple(self.plan + [d])) - self._plan_cost()
                        bits.append(f"Step {DIR_NAMES[d]}" + (": costs 1 sat-nav charge (own route)" if extra else ": free"))
        return " - ".join(bits)

    def status(self) -> str:
        v = self.view
        if v is None:
            return ""
        if self.seat is None:
            return "Watch the streets..." if v.phase != "over" else "The day is over."
        return {
            "base": "Click a highlighted border tile for your base.",
            "company": "Pick a company card in the panel.",
            "priority": "Pick a priority card from your hand: lowest wins the round. Others can't see it.",
            "order": "You played the lowest card: drive first or second?",
            "route": "Plan with arrow keys or clicks, Enter to drive; then pick up, drop or end the route.",
            "rogue": "You won the round: plan the Rogue's route (highlighted) and press Enter.",
            "defend": "The Rogue is on your route: spend a charge to keep your package?",
        }.get(v.phase, "")


def make_view(ctx: ViewContext) -> PandemoniumView:
    return PandemoniumView(ctx)
