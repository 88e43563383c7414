"""Package Pandemonium's board view: the person's input (hover, the route being planned, the
prompt on offer) and what the keyboard can reach, with the drawing, the words and the
animations handed to the package's other modules.

Routes are planned a tile at a time by clicks or the arrow keys (the focus ring follows the
end of the planned route), Enter drives; the secret priority hand, the company choice, drive
first or second and the theft answer sit in the tray beside the board, never over a tile.

It never decides a rule: every check goes through the rules engine on the view it was given.
"""

from __future__ import annotations

from typing import Any, Hashable, Sequence

import pygame

from courier.rules.base import Action, Event
from courier.rules.package_pandemonium import actions as A
from courier.rules.package_pandemonium.board import DIR_NAMES, DIRS, step_cell
from courier.rules.package_pandemonium.rogue import rogue_rule_text
from courier.rules.package_pandemonium.state import PState
from courier.rules.package_pandemonium.table import PandemoniumTable
from courier.rules.table import NOT_YOUR_MOVE
from courier.scenes.games.package_pandemonium import pieces
from courier.scenes.games.package_pandemonium import dialogs, mapart, panel, paths
from courier.scenes.games.package_pandemonium import text as words
from courier.scenes.games.package_pandemonium.anim import Effects
from courier.ui import draw, theme
from courier.ui.focus import DIGITS, Target
from courier.ui.kit import Button
from courier.ui.game_view import GameView, ViewContext
from courier.ui.theme import px

#: the arrow keys plan a route step in that direction
KEYS = {pygame.K_UP: "N", pygame.K_DOWN: "S", pygame.K_LEFT: "W", pygame.K_RIGHT: "E"}
#: the keyboard target that follows the end of the planned route (one key, so the ring follows it)
ROUTE_END = ("board", "route-end")


class PandemoniumView(GameView):
    def __init__(self, ctx: ViewContext) -> None:
        super().__init__(ctx)
        self.seen: PState | None = None
        #: the rules asked about ``seen`` (made with it in ``show``)
        self._table_now: PandemoniumTable | None = None
        self.seat: int | None = None
        self.legal: list[Action] = []
        self.plan: list[str] = []
        self.note = ""
        self.mouse: tuple[int, int] | None = None
        #: where the keyboard focus last pointed (a synthetic hover); None once the real mouse moves
        self.kb_at: tuple[int, int] | None = None
        #: the name of the target the keyboard was last on (see ``focusables``)
        self._kb_key: Any = None
        #: the keyboard's focus went onto a panel button since the position last changed
        self._kb_panel = False
        self._kb_moved = False
        #: the name the route's end goes by now (ROUTE_END unless it inherited another)
        self.route_end_key: Any = ROUTE_END
        self.anim = Effects()
        self.buttons: list[Button] = []
        self.hand_rects: list[tuple[pygame.Rect, Action]] = []
        self.hand_head: pygame.Rect | None = None
        self.prompt: dialogs.Prompt | None = None
        self.missions_rect: pygame.Rect | None = None
        self.lay = panel.PanelLayout(self.panel_rect)
        self.geo = mapart.Geometry(self.board_rect)
        self.city = mapart.CityLayer()  # pixels of the unchanging city, rebuilt when the size changes

    # -- host contract -------------------------------------------------------------------
    def layout(self, board_rect: pygame.Rect, panel_rect: pygame.Rect) -> None:
        super().layout(board_rect, panel_rect)
        self.geo = mapart.Geometry(self.board_rect)
        self._rebuild()

    def show(self, seen: Any, seat: int | None, legal: Sequence[Action]) -> None:
        old = self.seen
        self.seen, self.seat, self.legal = seen, seat, list(legal)
        self._table_now = self.ctx.game.table(self.ctx.config, seen, seat)
        if old is None or old.phase != seen.phase or old.steps_taken != seen.steps_taken or old.order_index != seen.order_index:
            self.plan = []
            self.note = ""
            self._kb_panel = False  # a new position: the arrows plan again
        if self.plan and self._plan_problem(self.plan) is not None:
            self.plan = []
        self._rebuild()

    def colours(self) -> list[tuple[int, int, int]]:
        return [s.colour for s in self.ctx.seats] or [c for _, c in theme.PLAYER_COLOURS]

    # -- planning -------------------------------------------------------------------------
    def _planner(self) -> str | None:
        """'route' when the human plans their own route, 'rogue' when they steer the Rogue."""
        v = self.seen
        if v is None or self.seat is None or not self.legal:
            return None
        if v.phase == "route" and v.vans[v.order[v.order_index]].seat == self.seat and self.table.steps_left() > 0:
            return "route"
        if v.phase == "rogue":
            return "rogue"
        return None

    @property
    def table(self) -> PandemoniumTable:
        """The rules asked about the position shown (there is one once ``show`` has run)."""
        assert self._table_now is not None, "no position shown yet"
        return self._table_now

    def _start_cell(self) -> int:
        v = self.seen
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

    def _plan_end(self) -> int:
        cells = self._plan_cells(self.plan)
        return cells[-1] if cells else self._start_cell()

    def _plan_problem(self, plan: list[str]) -> str | None:
        v = self.seen
        mode = self._planner()
        if v is None:
            return NOT_YOUR_MOVE  # no position shown yet
        if mode is None:
            return self.table.why_not()
        if mode == "rogue":
            routes = [a.directions for a in self.legal if isinstance(a, A.RogueRoute)]
            if any(r[: len(plan)] == tuple(plan) for r in routes):
                return None
            return rogue_rule_text(v, self.table.board, v.mover, self.seat or 0, self.table.cfg.rogue_steps)
        return self.table.drive_problem(tuple(plan))

    def _step_problem(self, d: str) -> str | None:
        """Why the next step ``d`` cannot be planned (None when it can)."""
        v = self.seen
        assert v is not None
        return self.table.board.blocked_reason(self._plan_end(), d) or self._plan_problem(self.plan + [d])

    def _plan_cost(self) -> int:
        v = self.seen
        if v is None or self._planner() != "route":
            return 0
        return self.table.drive_cost(tuple(self.plan))

    def _rest_open(self, left: int) -> bool:
        """The plan is shorter than the route's steps still to go and a further step is open from
        its end (End route will be refused until more is driven)."""
        if len(self.plan) >= left:
            return False
        return any(step_cell(self._plan_end(), d) is not None and self._step_problem(d) is None for d in DIRS)

    def _add_step(self, d: str) -> None:
        if self.seen is None or self._planner() is None:
            return
        reason = self._step_problem(d)
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
            self.note = self.table.why_not(act)
            self.refusal = self.note
            return None
        self.plan = []
        self.note = ""
        return act

    # -- what is on offer: buttons, the hand, a prompt -------------------------------------
    def _rebuild(self) -> None:
        self.buttons, self.hand_rects, self.hand_head, self.prompt, self.missions_rect = [], [], None, None, None
        v = self.seen
        if v is None:
            self.lay = panel.PanelLayout(self.panel_rect)
            return
        if self.seat is not None:
            self.buttons = panel.layout_buttons(self.panel_rect, *self._button_specs())
        self.lay = panel.layout_panel(self.panel_rect, v, self.buttons, self.note or self._cost_note())
        self._layout_tray()

    def _button_specs(self) -> tuple[list[panel.ButtonSpec], list[panel.ButtonSpec]]:
        v = self.seen
        assert v is not None and self.seat is not None
        wide: list[panel.ButtonSpec] = []
        small: list[panel.ButtonSpec] = []
        mode = self._planner()
        stay = A.RogueRoute(self.seat, ())
        if mode == "rogue" and not self.plan and stay in self.legal:  # boxed in: no step to take
            wide.append(("Leave the Rogue where it is", stay, "No tile around the Rogue can be entered.", True, True, ""))
        elif mode:
            if not self.plan:
                label = "Plan the Rogue's route" if mode == "rogue" else "Plan a route: arrows or clicks"
                why = "Plan at least one step first: the arrow keys or a click on a ringed tile."
                wide.append((label, "confirm", "", True, False, why))
            elif mode == "rogue":
                wide.append(("Send the Rogue (Enter)", "confirm", "", True, True, ""))
            else:
                n, left = len(self.plan), self.table.steps_left()
                rest = self._rest_open(left)
                note = " ".join(p for p in (self._cost_note(), words.drive_rest_note(n, left, v.steps_allowed)
                                            if rest else "") if p)
                wide.append((words.drive_label(n, self._plan_cost(), left if rest else None), "confirm", note,
                             True, True, ""))
            if self.plan:
                small.append(("Clear (Esc)", "clear", "Forget the planned route.", False, True, ""))
        for a in self.legal:
            label, hint = words.action_label(v, a)
            if not label or isinstance(a, (A.ChooseOrder, A.ChooseCompany, A.Defend)):
                continue  # those are answered in the prompt beside the board
            if isinstance(a, A.EndRoute):
                wide.append((label, a, hint, True, True, ""))
            else:
                small.append((label, a, hint, False, True, ""))
        if mode == "route" and not any(isinstance(a, A.EndRoute) for a in self.legal):
            why = self.table.refusal(A.EndRoute(self.seat)) or ""
            wide.append(("End route", "refused", "", False, False, why))
        return wide, small

    def _layout_tray(self) -> None:
        """The tray beside the board: the viewer's missions on top (or on the left of a band
        under the board), then the hand or the prompt of the moment."""
        v = self.seen
        assert v is not None
        tray = self.geo.tray.inflate(-px(24), -px(24))
        if tray.width < 40 or tray.height < 40:
            return
        rest = tray
        mine = next((van for van in v.vans if van.missions and van.missions[0] != "hidden"), None)
        if mine is not None:
            if self.geo.tray_beside:
                h = min(panel.missions_height(v, mine, tray.width), tray.height // 2)
                self.missions_rect = pygame.Rect(tray.x, tray.y, tray.width, h)
                rest = pygame.Rect(tray.x, tray.y + h + px(16), tray.width, tray.height - h - px(16))
            else:
                w = min(px(340), int(tray.width * 0.42))
                self.missions_rect = pygame.Rect(tray.x, tray.y, w, tray.height)
                rest = pygame.Rect(tray.x + w + px(24), tray.y, tray.width - w - px(24), tray.height)
        if self.seat is None:
            return
        acts = [a for a in self.legal if isinstance(a, A.PlayPriority)]
        if v.phase == "priority" and acts:
            title = panel.hand_title(v.vans[self.seat].name)
            self.hand_head, rects = panel.hand_layout(rest, len(acts), title)
            self.hand_rects = list(zip(rects, acts))
            return
        prompt = self._make_prompt()
        if prompt is not None:
            self.prompt = dialogs.layout(prompt, rest)

    def _make_prompt(self) -> dialogs.Prompt | None:
        v = self.seen
        assert v is not None and self.seat is not None
        opts = []
        for a in self.legal:
            label, hint = words.action_label(v, a)
            if isinstance(a, A.ChooseCompany):
                opts.append(dialogs.Option(label, a, hint))
            elif isinstance(a, A.ChooseOrder):
                opts.append(dialogs.Option(label, a, "", primary=a.first))
            elif isinstance(a, A.Defend):
                opts.append(dialogs.Option(label, a, "", primary=a.protect))
        if v.phase == "company" and opts:
            return dialogs.Prompt("Pick your company", "Each company gives one lasting perk.", opts)
        if v.phase == "order" and opts:
            return dialogs.Prompt("You played the lowest card", "Drive first or second this round?", opts)
        if v.phase == "defend" and opts:
            if not any(isinstance(o.target, A.Defend) and o.target.protect for o in opts):
                why = self.table.refusal(A.Defend(self.seat, True)) or ""
                opts.insert(0, dialogs.Option("Protect it (1 charge)", None, "", False, why))
            return dialogs.Prompt("The Rogue strikes!", words.theft_note(v), opts)
        return None

    def cancel(self) -> bool:
        if not self.plan:
            return False
        self.plan, self.note = [], ""
        self._rebuild()
        return True

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.kb_at = event.pos if getattr(event, "synthetic", False) else None
            self._kb_moved = self.kb_at is not None
            self._kb_panel = self.kb_at is not None and self.panel_rect.collidepoint(self.kb_at)
            if self.kb_at is None:
                self._kb_key = None
            return None
        if self.seen is None or self.seat is None:
            return None
        if event.type == pygame.KEYDOWN:
            return self._key(event.key, getattr(event, "mod", 0))
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return None
        self.mouse = event.pos
        return self._click(event.pos)

    def _key(self, key: int, mod: int = 0) -> Action | None:
        """The arrows plan, Backspace takes a step back, Enter drives, E ends the route; a number
        key no card answers (one already played) and a key with nothing to act on say why."""
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return None
        v = self.seen
        assert v is not None and self.seat is not None
        if key in KEYS and self._planner() and not self._kb_panel:  # on a button the arrows move among buttons
            self._add_step(KEYS[key])
        elif key == pygame.K_BACKSPACE and self._planner():
            if not self.plan:
                self.refusal = "No step planned yet: Backspace takes back the last planned step."
                return None
            self.plan.pop()
            self.note = ""
            self._rebuild()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self._planner() and not self.plan:
                self.refusal = "Plan at least one step first: the arrow keys move the route a tile at a time."
                return None
            return self._confirm()
        elif key == pygame.K_e:
            end = next((a for a in self.legal if isinstance(a, A.EndRoute)), None)
            if end is None:
                self.refusal = self.table.refusal(A.EndRoute(self.seat))
            return end
        elif key in DIGITS and v.phase == "priority":
            card = DIGITS[key] + (10 if mod & pygame.KMOD_SHIFT else 0)
            self.refusal = self.table.refusal(A.PlayPriority(self.seat, card))
        return None

    def _click(self, pos: tuple[int, int]) -> Action | None:
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                if not b.enabled:
                    self.refusal = b.why_not or None
                    return None
                target = b.action
                if target == "confirm":
                    act = self._confirm()
                    self._rebuild()
                    return act
                if target == "clear":
                    self.cancel()
                    return None
                return target
        if self.prompt is not None:
            opt = self.prompt.option_at(pos)
            if opt is not None:
                if not opt.enabled:
                    self.refusal = opt.why_not or None
                    return None
                return opt.target
        for rect, act in self.hand_rects:
            if rect.collidepoint(pos):
                return act
        cell = self.geo.cell_at(pos)
        if cell is None:
            return None
        return self._click_cell(cell)

    def _click_cell(self, cell: int) -> Action | None:
        v = self.seen
        assert v is not None and self.seat is not None
        for a in self.legal:
            if isinstance(a, A.PlaceBase) and a.cell == cell:
                return a
        if v.phase == "base":
            self.note = "Bases go on a highlighted border tile."
            self.refusal = self.table.refusal(A.PlaceBase(self.seat, cell)) or self.note
            return None
        if not self._planner():
            # no route to plan now: the rules say what the table waits for
            end = self._start_cell() if v.phase in ("route", "rogue") else None
            step = next((d for d in DIRS if end is not None and step_cell(end, d) == cell), "N")
            self.refusal = self.table.refusal(A.Step(self.seat, step))
            return None
        cells = self._plan_cells(self.plan)
        if cells and cell == cells[-1]:
            return self._confirm()
        if cell in cells:
            self.plan = self.plan[: cells.index(cell) + 1]
            self._rebuild()
            return None
        if cell == self._start_cell():
            if not self.plan:
                self.refusal = "Plan at least one step first: the arrow keys or a click on a ringed tile."
            self.plan = []
            self._rebuild()
            return None
        end = self._plan_end()
        for d in DIRS:
            if step_cell(end, d) == cell:
                self._add_step(d)
                return None
        self.note = "Routes go one tile at a time, north, south, east or west."
        self.refusal = self.note
        return None

    # -- keyboard --------------------------------------------------------------------------
    def focusables(self) -> list[Target]:
        items = self._targets()
        if not items:
            return items
        # When the move just made took away the target the keyboard was on (a prompt answered,
        # a route driven), the next thing to do inherits its name, so the ring lands there and
        # not on a button of the top bar where Enter would do something else.
        if self._kb_key is not None and all(t.id != self._kb_key for t in items):
            main = self._main_target(items)
            if main is not None:
                main.key = self._kb_key
        if self._kb_moved and self.kb_at is not None:  # the ring was just moved onto one of these
            self._kb_moved = False
            hit = next((t for t in items if tuple(t.click_point) == tuple(self.kb_at)), None)
            if hit is not None:
                self._kb_key = hit.id
        self.route_end_key = next((t.id for t in items if getattr(t, "route_end", False)), ROUTE_END)
        return items

    @staticmethod
    def _main_target(items: list[Target]) -> Target | None:
        """What the person most likely does next: a prompt's first answer, the route's end, the
        first enabled button (Drive, End route), a hand's first card, a base tile."""
        for zone in ("dialog", "board", "panel", "cards"):
            here = [t for t in items if t.zone == zone and (t.enabled or getattr(t, "route_end", False))]
            if here:  # in the panel the widest button is the main one (Drive, End route)
                return max(here, key=lambda t: t.rect.width) if zone == "panel" else here[0]
        return None

    def _targets(self) -> list[Target]:
        v = self.seen
        if v is None or self.seat is None or not self.legal:
            return []
        if self.prompt is not None:
            return [Target(pygame.Rect(o.rect), o.whole, key=("dialog", o.label), zone="dialog", enabled=o.enabled,
                           why_not=o.why_not or None, within=pygame.Rect(self.geo.tray), default=o.primary)
                    for o in self.prompt.options]
        items: list[Target] = []
        mode = self._planner()
        if mode:
            end = self._route_end_target(mode)
            end.route_end = True  # type: ignore[attr-defined]  # found again by the tests under any name
            items.append(end)
            items += self._step_targets()
        for a in self.legal:
            if isinstance(a, A.PlaceBase):
                items.append(Target(self.geo.block_rect(a.cell), f"{words.tile_name(v, a.cell)}: put your base here",
                                    key=("board", a.cell), zone="board", point=self.geo.centre(a.cell)))
        for rect, act in self.hand_rects:
            assert isinstance(act, A.PlayPriority)
            items.append(Target(pygame.Rect(rect), words.priority_tip(act.card, self.table.cfg), key=("card", act.card),
                                zone="cards", within=pygame.Rect(self.geo.tray), number=act.card))
        for b in self.buttons:
            label = f"{b.label}: {b.tooltip}" if b.tooltip else b.label
            key = ("panel", "confirm") if b.action == "confirm" else ("panel", b.label)
            items.append(Target(pygame.Rect(b.rect), label, key=key, zone="panel",
                                enabled=b.enabled, why_not=b.why_not or None, within=pygame.Rect(self.panel_rect)))
        return items

    def _step_targets(self) -> list[Target]:
        """The ringed tiles next to the route's end that a click adds to the route. Their zone is
        their own, so the arrows keep moving the route's end (and the ring with it), not the ring
        onto a neighbour; Tab and a hint reach them."""
        v = self.seen
        assert v is not None
        end, planned = self._plan_end(), {self._start_cell(), *self._plan_cells(self.plan)}
        out = []
        for d in DIRS:
            cell = step_cell(end, d)
            if cell is None or cell in planned or self._step_problem(d) is not None:
                continue
            out.append(Target(self.geo.block_rect(cell), f"{words.tile_name(v, cell)}: add this tile to the route",
                              key=("step", cell), zone="tiles", point=self.geo.centre(cell)))
        return out

    def controls_for(self, action: Action) -> list[Hashable] | None:
        return paths.controls_for(self, action)

    def _route_end_target(self, mode: str) -> Target:
        """The end of the planned route: the arrows move it (and the ring with it), Enter drives."""
        v = self.seen
        assert v is not None
        end = self._plan_end()
        name = words.tile_name(v, end)
        open_dirs = [DIR_NAMES[d] for d in DIRS if step_cell(end, d) is not None and self._step_problem(d) is None]
        ways = f" Arrows go on: {', '.join(open_dirs)}." if open_dirs else ""
        if not self.plan:
            who = "The Rogue" if mode == "rogue" else "Your van"
            label = f"{name}: {who} starts here.{ways}"
            # a stop for Tab (the arrows plan from here), not a greyed control: Enter on it says
            # to plan a step first, as a click on the start tile does
            return Target(self.geo.block_rect(end), label, key=ROUTE_END, zone="board", point=self.geo.centre(end))
        n = len(self.plan)
        does = "send the Rogue" if mode == "rogue" else f"drive these {n} step{'s' if n > 1 else ''}"
        return Target(self.geo.block_rect(end), f"{name}: Enter to {does}.{ways}", key=ROUTE_END, zone="board",
                      point=self.geo.centre(end))

    # -- animation -------------------------------------------------------------------------
    def animate(self, events: Sequence[Event], view_after: Any) -> None:
        self.anim.queue(events, self.ctx.anim_speed, self.ctx.reduced_motion)

    def animating(self) -> bool:
        return self.anim.busy()

    def update(self, dt: float) -> None:
        self.anim.update(dt)

    def parts(self) -> dict[str, list[pygame.Rect]]:
        """Each place on the grid by its name, each van by its driver's name ("Rogue" for the
        Rogue), each base as "Robin's base", and in the tray the missions and the priority cards."""
        v = self.seen
        out: dict[str, list[pygame.Rect]] = {}
        if v is None:
            return out
        g = self.geo
        for cell in range(len(v.locations) if v.locations else 0):
            out.setdefault(v.locations[cell], []).append(g.cell_rect(cell))
        for van in v.vans:
            if van.pos >= 0:
                out.setdefault(van.name, []).append(g.cell_rect(van.pos))
            if van.base >= 0:
                out[f"{van.name}'s base"] = [g.cell_rect(van.base)]
        if self.missions_rect is not None:
            out["missions"] = [pygame.Rect(self.missions_rect)]
        if self.hand_rects:
            rects = [pygame.Rect(r) for r, _ in self.hand_rects]
            out["priority cards"] = [rects[0].unionall(rects[1:])]
        return out

    def _van_pos(self, vi: int) -> tuple[float, float] | None:
        return self.anim.van_pos(self.geo, vi)

    # -- drawing ---------------------------------------------------------------------------
    def _marks(self) -> pieces.Marks:
        """The highlighted tiles and the planned route, for the board drawing."""
        v = self.seen
        assert v is not None
        marks = pieces.Marks([a.cell for a in self.legal if isinstance(a, A.PlaceBase)])
        mode = self._planner()
        if mode:
            end = self._plan_end()
            for d in DIRS:
                nxt = step_cell(end, d)
                if nxt is not None and self._step_problem(d) is None:
                    marks.highlights.append(nxt)
            if self.plan:
                marks.plan_start, marks.plan_cells = self._start_cell(), self._plan_cells(self.plan)
                marks.plan_van = v.mover if mode == "rogue" else v.order[v.order_index]
                marks.plan_charges = mode == "route"
        return marks

    def draw_board(self, surface: pygame.Surface) -> None:
        v = self.seen
        if v is None:
            return
        colours = self.colours()
        pieces.draw_board(surface, self.board_rect, self.geo, self.city, v, self.table.board, colours, self._marks(), self._van_pos)
        self._draw_tray(surface, v)
        self.anim.draw(surface, self.geo, self.board_rect, v, colours, self.ctx.reduced_motion)
        if v.phase == "over" and self.show_result:
            dialogs.draw_banner(surface, self.geo, *words.winner_line(v, self.ctx.game))

    def _draw_tray(self, surface: pygame.Surface, v: PState) -> None:
        if self.missions_rect is None and not self.hand_rects and self.prompt is None:
            return
        draw.panel(surface, self.geo.tray, theme.PANEL, radius=px(12))
        mine = next((van for van in v.vans if van.missions and van.missions[0] != "hidden"), None)
        if self.missions_rect is not None and mine is not None:
            panel.draw_missions(surface, v, mine, self.missions_rect)
        if self.hand_head is not None and self.seat is not None:
            cards = [(r, a.card) for r, a in self.hand_rects if isinstance(a, A.PlayPriority)]
            panel.draw_hand(surface, self.hand_head, panel.hand_title(v.vans[self.seat].name), cards, self.table.cfg,
                            self.mouse)
        if self.prompt is not None:
            dialogs.draw_prompt(surface, self.prompt, self.mouse)

    def draw_panel(self, surface: pygame.Surface) -> None:
        if self.seen is None:
            return
        # a note set by a refusal warns; the plan's cost is information
        panel.draw_panel(surface, self.lay, self.seen, self.colours(), self.buttons, self.mouse,
                         self.note or self._cost_note(), "warning" if self.note else "info")

    def _cost_note(self) -> str:
        v = self.seen
        if v is None or self._planner() != "route" or not self.plan:
            return ""
        left = self.table.steps_left() - len(self.plan)
        return words.plan_note(len(self.plan), self._plan_cost(), left)

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        v = self.seen
        if v is None or (self.kb_at is not None and tuple(pos) == tuple(self.kb_at)):
            return None  # where the keyboard's focus points, its ring's caption says it all (its label)
        return self._control_tip(pos, v) or self._tile_tip(pos, v)

    def _control_tip(self, pos: tuple[int, int], v: PState) -> str | None:
        """The whole text of a button, option, card, mission or van card under ``pos``."""
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return f"{b.label}: {b.tooltip}" if b.tooltip else (b.why_not and f"{b.label} (not now: {b.why_not})") or b.label
        if self.prompt is not None:
            opt = self.prompt.option_at(pos)
            if opt is not None:
                return opt.whole
            if self.prompt.rect.collidepoint(pos):
                return f"{self.prompt.title}: {self.prompt.body}"
        for rect, act in self.hand_rects:
            if rect.collidepoint(pos) and isinstance(act, A.PlayPriority):
                return words.priority_tip(act.card, self.table.cfg)
        if self.hand_head is not None and self.hand_head.collidepoint(pos) and self.seat is not None:
            return panel.hand_title(v.vans[self.seat].name)
        mine = next((van for van in v.vans if van.missions and van.missions[0] != "hidden"), None)
        if self.missions_rect is not None and mine is not None and self.missions_rect.collidepoint(pos):
            spots = panel.mission_spots(v, mine, self.missions_rect)
            whole = next((t for r, t in spots if r.collidepoint(pos)), None)
            lines, counted = words.mission_lines(v, mine)
            return whole or " ".join([panel.missions_title(mine.name) + ":"] +
                                     [f"{t} ({m} points)." for t, m, _ in lines] + [counted])
        for vi, card in enumerate(self.lay.cards):
            if card.collidepoint(pos):
                return words.van_tip(v, vi)
        if self.lay.bomb is not None and self.lay.bomb.collidepoint(pos):
            return words.bomb_line(v)
        if v.phase == "over" and self.show_result and dialogs.banner_rect(self.geo).collidepoint(pos):
            return " - ".join(words.winner_line(v, self.ctx.game))
        if self.panel_rect.collidepoint(pos):
            head = "Setting up" if v.phase in ("base", "company") else panel.round_title(v)
            return f"{head}: {words.PHASE_LINE.get(v.phase, '')}"
        return None

    def _tile_tip(self, pos: tuple[int, int], v: PState) -> str | None:
        cell = self.geo.cell_at(pos)
        if cell is None:
            return None
        bits = words.tile_bits(v, self.table.board, cell)
        if self._planner() == "route":
            end = self._plan_end()
            for d in DIRS:
                if step_cell(end, d) == cell:
                    reason = self._step_problem(d)
                    if reason:
                        bits.append("Can't go: " + reason)
                    else:
                        extra = self.table.drive_cost(tuple(self.plan + [d])) - self._plan_cost()
                        bits.append(f"Step {DIR_NAMES[d]}" + (": costs 1 sat-nav charge (own route)" if extra else ": free"))
        return " - ".join(bits)

    def hint_words(self, action: Action) -> str | None:
        return words.hint_words(action)

    def status(self) -> str:
        v = self.seen
        if v is None:
            return ""
        return words.status_line(v.phase, self.seat, self._planner() is not None)


def make_view(ctx: ViewContext) -> PandemoniumView:
    return PandemoniumView(ctx)
