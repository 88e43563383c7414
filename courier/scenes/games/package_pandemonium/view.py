"""Package Pandemonium's board view: the city grid, route planning by click or arrow keys with the
route drawn as cubes, the secret priority hand, and animations of vans, thefts and new packages.

It never decides a rule: every check goes through the rules engine on the view it was given.
"""

from __future__ import annotations

from typing import Any, Sequence

import pygame

from courier.rules.base import Action, Event
from courier.rules.package_pandemonium import actions as A
from courier.rules.package_pandemonium.board import DIR_NAMES, DIRS, step_cell
from courier.rules.package_pandemonium.rogue import rogue_rule_text
from courier.rules.package_pandemonium.state import PState
from courier.scenes.games.package_pandemonium import board as pb
from courier.scenes.games.package_pandemonium import dialogs, panel
from courier.scenes.games.package_pandemonium import text as words
from courier.scenes.games.package_pandemonium.anim import Animations
from courier.ui import theme
from courier.ui.game_view import GameView, ViewContext

KEYS = {pygame.K_UP: "N", pygame.K_DOWN: "S", pygame.K_LEFT: "W", pygame.K_RIGHT: "E"}


class PandemoniumView(GameView):
    def __init__(self, ctx: ViewContext) -> None:
        super().__init__(ctx)
        self.view: PState | None = None
        self.seat: int | None = None
        self.legal: list[Action] = []
        self.plan: list[str] = []
        self.note = ""
        self.mouse: tuple[int, int] | None = None
        self.anim = Animations()
        self.buttons: list[panel.Button] = []
        self.hand_rects: list[tuple[pygame.Rect, Action]] = []
        self.hand_tray: pygame.Rect | None = None
        self.geo = pb.Geometry(self.board_rect)
        self.city = pb.CityLayer()  # pixels of the unchanging city, rebuilt when the size changes

    # -- host contract -------------------------------------------------------------------
    def layout(self, board_rect: pygame.Rect, panel_rect: pygame.Rect) -> None:
        super().layout(board_rect, panel_rect)
        self.geo = pb.Geometry(self.board_rect)
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
            self.hand_rects, self.hand_tray = [], None
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
                wide.append((words.drive_label(len(self.plan), cost), "confirm", "", True, True))
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
        self.buttons = panel.layout_buttons(self.panel_rect, wide, small)
        self._layout_hand()

    def _layout_hand(self) -> None:
        v = self.view
        acts = [a for a in self.legal if isinstance(a, A.PlayPriority)]
        if v is None or self.seat is None or v.phase != "priority" or not acts:
            self.hand_rects, self.hand_tray = [], None
            return
        self.hand_tray, rects = panel.hand_layout(self.board_rect, [a.card for a in acts])
        self.hand_rects = list(zip(rects, acts))

    def cancel(self) -> bool:
        if not self.plan:
            return False
        self.plan, self.note = [], ""
        self._rebuild()
        return True

    def _label(self, a: Action) -> tuple[str, str]:
        assert self.view is not None
        return words.action_label(self.view, a)

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
        self.anim.queue(events, self.ctx.anim_speed, self.ctx.reduced_motion)

    def animating(self) -> bool:
        return self.anim.busy()

    def update(self, dt: float) -> None:
        self.anim.update(dt)

    def _van_pos(self, vi: int) -> tuple[float, float] | None:
        return self.anim.van_pos(self.geo, vi)

    # -- drawing ---------------------------------------------------------------------------
    def _marks(self) -> pb.Marks:
        """The highlighted tiles and the planned route, for the board drawing."""
        v = self.view
        assert v is not None
        marks = pb.Marks([a.cell for a in self.legal if isinstance(a, A.PlaceBase)])
        mode = self._planner()
        if mode:
            ends = self._plan_cells(self.plan)
            end = ends[-1] if ends else self._start_cell()
            for d in DIRS:
                nxt = step_cell(end, d)
                if nxt is not None and v.eng.board.blocked_reason(end, d) is None and self._plan_problem(self.plan + [d]) is None:
                    marks.highlights.append(nxt)
            if self.plan:
                marks.plan_start, marks.plan_cells = self._start_cell(), ends
                marks.plan_van = v.mover if mode == "rogue" else v.order[v.order_index]
                marks.plan_charges = mode == "route"
        return marks

    def draw_board(self, surface: pygame.Surface) -> None:
        v = self.view
        if v is None:
            return
        colours = self.colours()
        pb.draw_board(surface, self.board_rect, self.geo, self.city, v, colours, self._marks(), self._van_pos)
        self.anim.draw(surface, self.geo, self.board_rect, v, colours, self.ctx.reduced_motion)
        if self.hand_tray is not None and self.seat is not None:
            title = f"{v.vans[self.seat].name}: your priority hand (secret)"
            panel.draw_hand(surface, self.hand_tray, title, [(r, a.card) for r, a in self.hand_rects],  # type: ignore[attr-defined]
                            v.eng.cfg, self.mouse)
        if v.phase == "over":
            dialogs.draw_banner(surface, self.geo, *words.winner_line(v, self.ctx.game))

    def draw_panel(self, surface: pygame.Surface) -> None:
        if self.view is None:
            return
        note = self.note or self._cost_note()
        panel.draw_panel(surface, self.panel_rect, self.view, self.colours(), self.buttons, self.mouse, note)

    def _cost_note(self) -> str:
        v = self.view
        if v is None:
            return ""
        if v.phase == "defend":
            return words.theft_note(v)
        if v.phase == "company" and self.seat is not None:
            return "\n".join(f"{n}: {d}" for n, d in v.eng.cfg.companies.values())
        if self._planner() == "route" and self.plan:
            left = v.eng.steps_left(v) - len(self.plan)
            return words.plan_note(len(self.plan), self._plan_cost(), left)
        return ""

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        v = self.view
        if v is None:
            return None
        for b in self.buttons:
            if b.rect.collidepoint(pos) and b.hint:
                return b.hint
        for rect, act in self.hand_rects:
            if rect.collidepoint(pos) and isinstance(act, A.PlayPriority):
                return words.priority_tip(act.card, v.eng.cfg)

        cell = self.geo.cell_at(pos)
        if cell is None:
            return None
        board = v.eng.board
        bits = words.tile_bits(v, cell)
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
        return words.status_line(v.phase, self.seat)


def make_view(ctx: ViewContext) -> PandemoniumView:
    return PandemoniumView(ctx)
