"""Doorstep Dash on screen: the person's input (hover, picked cards) and what each frame shows.

Clicks and keys become actions picked from the legal list; nothing here decides a rule. The town
and its markers are drawn by :mod:`.board`, the side panel by :mod:`.panel`, boxes over the board
by :mod:`.dialogs`, the words come from :mod:`.text` and the animations from :mod:`.anim`.
"""

from __future__ import annotations

from typing import Any, Hashable, Sequence

import pygame

from courier.rules.base import Action, Event
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash.board import Cell
from courier.rules.doorstep_dash.state import HIDDEN, DashState
from courier.rules.doorstep_dash.table import DashTable
from courier.scenes.games.doorstep_dash import pieces
from courier.scenes.games.doorstep_dash import dialogs, mapart, paths, text
from courier.scenes.games.doorstep_dash.anim import Effects
from courier.scenes.games.doorstep_dash.panel import Panel, PanelData, button_specs
from courier.ui import theme
from courier.ui.focus import Target
from courier.ui.game_view import GameView, ViewContext
from courier.ui.kit import Button
from courier.ui.theme import px


class DoorstepView(GameView):
    def __init__(self, ctx: ViewContext) -> None:
        super().__init__(ctx)
        self.game = ctx.game
        self.board = ctx.game.board(ctx.config)
        self.painter = mapart.BoardPainter(self.board)
        self.panel = Panel(self.board)
        self.anim = Effects(self.board)
        self.geo = mapart.Geometry.fit(self.board, self.board_rect)
        self.seen: DashState | None = None
        #: the rules asked about ``seen`` (made with it in ``show``)
        self._table_now: DashTable | None = None
        self.seat: int | None = None
        self.legal: list[Action] = []
        self.moves: dict[Cell, Action] = {}
        #: the cards picked in the opening draw or the face-up row
        self.selected: set[str] = set()
        self.mouse = (-1, -1)
        self._dealt: tuple[str, ...] = ()
        #: the question the rules wait for (a test roll, a bonus card to hand over), when one is open
        self.prompt: dialogs.Prompt | None = None
        self.prompt_rect: pygame.Rect | None = None

    # -- what other code reads ---------------------------------------------------------------------
    @property
    def table(self) -> DashTable:
        """The rules asked about the position shown (there is one once ``show`` has run)."""
        assert self._table_now is not None, "no position shown yet"
        return self._table_now

    @property
    def cs(self) -> int:
        return self.geo.cs

    @property
    def buttons(self) -> list[Button]:
        return self.panel.buttons

    @property
    def dice(self) -> dict[str, Any]:
        return self.anim.dice

    @dice.setter
    def dice(self, value: dict[str, Any]) -> None:
        self.anim.dice = value

    def centre(self, cell: Cell) -> tuple[float, float]:
        return self.geo.centre(cell)

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        return self.geo.cell_at(pos)

    def row_rects(self) -> list[tuple[str, pygame.Rect]]:
        return self.panel.row_rects(self.seen) if self.seen is not None else []

    # -- host API ----------------------------------------------------------------------------------
    def layout(self, board_rect: pygame.Rect, panel_rect: pygame.Rect) -> None:
        super().layout(board_rect, panel_rect)
        self.geo = mapart.Geometry.fit(self.board, self.board_rect)
        self.panel.rect = pygame.Rect(self.panel_rect)
        self.build_buttons()

    def show(self, seen: Any, seat: int | None, legal: Sequence[Action]) -> None:
        old_kind = type(self.legal[0]) if self.legal else None
        self.seen = seen
        self.seat = seat
        self._table_now = self.game.table(self.ctx.config, seen, seat)
        self.legal = list(legal) if seat is not None else []
        self.moves = {a.to: a for a in self.legal if isinstance(a, A.Move)}
        kind = type(self.legal[0]) if self.legal else None
        draw_now = tuple(seen.opening_draw)
        if kind is A.Keep and (old_kind is not A.Keep or draw_now != self._dealt):
            self._dealt = draw_now
            keeps = [a for a in self.legal if isinstance(a, A.Keep)]
            self.selected = set(max(keeps, key=lambda a: len(a.cards)).cards)
        elif kind is not A.Keep:
            claims = [a for a in self.legal if isinstance(a, A.Claim)]
            self.selected &= set(seen.row)
            if not claims:
                self.selected = set()
        self.anim.note_roll(seen.rolled, seen.current)
        self.build_buttons()

    def animate(self, events: Sequence[Event], view_after: Any) -> None:
        self.anim.add(events, self.ctx.reduced_motion)

    def animating(self) -> bool:
        return self.anim.busy()

    def update(self, dt: float) -> None:
        self.anim.update(dt, self.ctx.anim_speed)

    def skip_animations(self) -> None:
        self.anim.skip()

    def build_buttons(self) -> None:
        """The panel's buttons and the open prompt, placed for the current panel rectangle."""
        cfg: Any = self.ctx.config
        v = self.seen
        red = v is not None and self.seat is not None and "red" in v.players[self.seat].bonus
        top = self.panel.place_buttons(button_specs(self.seat, self.legal, self.selected, cfg.blue_bonus, red))
        self.prompt = None if v is None or self.seat is None else dialogs.prompt_for(
            v, self.seat, self.legal, cfg.blue_bonus, cfg.bonus_limit, self._name)
        self.prompt_rect = None
        if self.prompt is not None:
            pad = self.panel.pad
            width = self.panel_rect.width - 2 * pad
            h = dialogs.height(self.prompt, width)
            self.prompt_rect = pygame.Rect(self.panel_rect.x + pad, top - px(6) - h, width, h)
            dialogs.place(self.prompt, self.prompt_rect)
        if v is not None:
            below = self.prompt_rect.top if self.prompt_rect is not None else top - px(6) - self.panel.dice_h()
            self.panel.fit(v, below)

    # -- input -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return None
        if self.seen is None:
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if self.anim.busy():
                self.anim.skip()
                return None
            return self._click(event.pos)
        if event.type == pygame.KEYDOWN and not self.anim.busy():
            for b in self._controls():
                if event.key in b.keys and b.enabled and b.action is not None:
                    return b.action
            if event.key == pygame.K_e and self.seat is not None:  # the turn cannot end yet: say why
                self.refusal = self.table.refusal(A.EndTurn(self.seat))
        return None

    def _click(self, pos: tuple[int, int]) -> Action | None:
        self.build_buttons()
        for b in self._controls():
            if b.rect.collidepoint(pos):
                if not b.enabled and b.attempt is not None:  # a greyed button still answers: the rules say why not
                    self.refusal = self.table.refusal(b.attempt)
                return b.action if b.enabled else None
        if self.seat is None:
            return None
        if self._picking() and self.panel_rect.collidepoint(pos):
            for name, rect in self.row_rects():
                if rect.collidepoint(pos):
                    self._toggle(name)
                    return None
        cell = self.geo.cell_at(pos)
        if cell is not None and cell in self.moves:
            return self.moves[cell]
        if cell is not None and self.board_rect.collidepoint(pos):
            # not a drive on offer: the rules say why (roll first, already driven, not that far ...)
            self.refusal = self.table.refusal(A.Move(self.seat, cell))
        return None

    def _picking(self) -> bool:
        """Whether cards of the row (or the opening draw) are being picked now."""
        return bool(self.legal) and isinstance(self.legal[0], A.Keep) or any(
            isinstance(a, A.Claim) for a in self.legal)

    def _toggle(self, name: str) -> None:
        if name == HIDDEN:
            return
        if name in self.selected:
            self.selected.discard(name)
        else:
            claims = [a for a in self.legal if isinstance(a, A.Claim)]
            if claims and len(self.selected) >= len(claims[0].cards):
                return
            self.selected.add(name)
        self.build_buttons()

    def _controls(self) -> list[Button]:
        """Everything pressable in the panel now: the open prompt's answers, else the buttons."""
        return list(self.prompt.choices) if self.prompt is not None else list(self.buttons)

    # -- keyboard ----------------------------------------------------------------------------------
    def focusables(self) -> list[Target]:
        """The drives on offer (board), the cards being picked (cards, number keys), the panel's
        buttons; while a prompt is open, only its answers. Each is chosen by a click at its point."""
        if self.seen is None or self.seat is None:
            return []
        self.build_buttons()
        within = self.panel_rect
        if self.prompt is not None:
            return [Target(pygame.Rect(b.rect), f"{b.label} - {b.tooltip}", key=("prompt", k), zone=self.prompt.zone,
                           within=within) for k, b in enumerate(self.prompt.choices)]
        out: list[Target] = []
        for cell in sorted(self.moves, key=lambda c: (c[1], c[0])):
            out.append(Target(self.geo.rect(cell), self._drive_words(cell) or "", key=("drive", cell), zone="board"))
        if self._picking():
            for k, (name, rect) in enumerate(self.row_rects()):
                if name in self.board.houses:
                    picked = name in self.selected
                    label = (f"{k + 1}: {text.house_tip(self.board, self.ctx.config, name)} "
                             f"{'Picked: press to put it back.' if picked else 'Press to pick it.'}")
                    out.append(Target(pygame.Rect(rect), label, key=("card", name), zone="cards", within=within))
        for b in self.buttons:
            why = None if b.enabled else (self.table.refusal(b.attempt) if b.attempt is not None else None)
            out.append(Target(pygame.Rect(b.rect), f"{b.label} - {b.tooltip}", key=("button", b.label.split()[0]),
                              zone="panel", enabled=b.enabled, why_not=why, within=within))
        return out

    def controls_for(self, action: Action) -> list[Hashable] | None:
        return paths.controls_for(self, action)

    def parts(self) -> dict[str, list[pygame.Rect]]:
        """Each house (its walls and front door), hazard and park by its name, the warehouse,
        each driver's van by the driver's name and trap as "Robin's trap" (every trap as
        "trap"), and in the panel each driver's line ("Robin's card") and the face-up row."""
        geo, board = self.geo, self.board
        out: dict[str, list[pygame.Rect]] = {}
        for house in board.houses.values():
            out[house.name] = [geo.area(*house.rect).union(geo.rect(house.entrance))]
        for zone in board.hazards + board.greens:
            if zone.name and zone.cells:
                rects = [geo.rect(c) for c in zone.cells]
                out[zone.name] = [rects[0].unionall(rects[1:])]
        named = [z for z in board.greens if z.kind == "park"] + list(board.hazards)
        picture = pygame.Rect(0, 0, geo.cs * board.width, geo.cs * board.height)
        for zone, (_, _, box, _) in zip(named, mapart.zone_names(board, geo.cs, picture)):
            if zone.name in out:  # the name written beside the zone is part of it
                out[zone.name] = [out[zone.name][0].union(box.move(geo.ox, geo.oy))]
        ware = [geo.rect(board.warehouse)] + ([geo.area(*board.depot_rect)] if board.depot_rect else [])
        out["warehouse"] = [ware[0].unionall(ware[1:])]
        v = self.seen
        if v is None:
            return out
        names = [s.name for s in self.ctx.seats]
        traps = []
        for i, p in enumerate(v.players):
            out[names[i]] = [geo.rect(p.pos)]
            if p.trap is not None:
                out[f"{names[i]}'s trap"] = [geo.rect(p.trap)]
                traps.append(geo.rect(p.trap))
            pad, h = self.panel.pad, self.panel.player_h()
            line = pygame.Rect(self.panel.rect.x + pad - px(2), self.panel.rect.y + pad + i * (h + px(4)),
                               self.panel.rect.width - 2 * pad + px(4), h)
            out[f"{names[i]}'s card"] = [line]
        if traps:
            out["trap"] = traps
        row = [r for _, r in self.row_rects()]
        if row:
            out["face-up row"] = [row[0].unionall(row[1:])]
        return out

    def focus_origin(self) -> pygame.Rect | None:
        """The player's own piece: the first arrow press goes that way from it."""
        if self.seen is None or self.seat is None:
            return None
        return pygame.Rect(self.geo.rect(self.seen.players[self.seat].pos))

    def cancel(self) -> bool:
        """Escape drops the cards picked in the face-up row (the opening keeps its own choice)."""
        if self.selected and any(isinstance(a, A.Claim) for a in self.legal):
            self.selected = set()
            self.build_buttons()
            return True
        return False

    # -- words -------------------------------------------------------------------------------------
    def hint_words(self, action: Action) -> str | None:
        steps = 0
        if isinstance(action, A.Move) and self.seen is not None:
            steps = len(self._drives().get(action.to, []))
        return text.hint_words(action, self.board, self.ctx.config, self.seen, self.seat, steps)

    def status(self) -> str:
        acting = self.game.to_act(self.seen) if self.seen is not None else []
        return text.status(self.ctx.config, self.board, self.seen, self.seat, self.legal, acting, self._name)

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        v = self.seen
        if v is None:
            return None
        for b in self._controls():
            if b.rect.collidepoint(pos) and b.tooltip:
                why = None if b.enabled or b.attempt is None else self.table.refusal(b.attempt)
                return f"{b.label} - {b.tooltip}" + (f". Not now: {why}" if why else "")
        if self.prompt is not None and self.prompt_rect is not None and self.prompt_rect.collidepoint(pos):
            return f"{self.prompt.title}. {self.prompt.body}"
        if self.panel_rect.collidepoint(pos):
            for rect, tip in reversed(self.panel.tips):
                if rect.collidepoint(pos):
                    return tip
            return None
        if v.phase == "over" and self.show_result and not self.anim.busy():
            tip = dialogs.game_over_tip(pos, self.board_rect, v, self.game.winners(v), self._name)
            if tip:
                return tip
        cell = self.geo.cell_at(pos)
        if cell is None:
            return None
        return text.cell_tip(self.board, self.ctx.config, v, cell, self._drive_words(cell), self._name)

    def _drives(self) -> dict[Cell, list[Cell]]:
        """The drives the roll allows the current player (none before a position is shown)."""
        return self._table_now.drives() if self._table_now is not None else {}

    def _drive_words(self, cell: Cell) -> str | None:
        """The words of the drive to ``cell`` when it is on offer (its target label and tooltip)."""
        if cell not in self.moves or self.seen is None or self.seat is None:
            return None
        steps = len(self._drives().get(cell, []))
        return text.drive_label(self.board, self.ctx.config, self.seen, self.seat, cell, steps, self._name)

    # -- drawing -----------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        geo = self.geo
        surface.blit(self.painter.surface(geo.cs), (geo.ox, geo.oy))
        v = self.seen
        if v is None:
            return
        cells = [p.pos for p in v.players]
        town_names = [b.move(geo.ox, geo.oy) for b in self.painter.name_boxes(geo.cs)]
        pieces.draw_marked_houses(surface, geo, self.board, self._marked_houses(), self.board_rect, self.anim.clock,
                                town_names)
        traps = [(i, p.trap, self._colour(i)) for i, p in enumerate(v.players) if p.trap is not None]
        pieces.draw_traps(surface, geo, traps, self.anim.van_cells(cells))
        if self.moves and not self.anim.busy():
            hover = geo.cell_at(self.mouse)
            path: list[Cell] = []
            if hover in self.moves:
                path = [v.me.pos] + self._drives().get(hover, [])
            pieces.draw_moves(surface, geo, self.moves, self._colour(self.seat or 0), hover, path, self.anim.clock)
        positions = self.anim.van_positions(cells, geo)
        pieces.draw_vans(surface, geo, positions, [self._colour(i) for i in range(len(v.players))])
        self.anim.draw(surface, geo, self.board_rect, positions)
        if v.phase == "over" and self.show_result and not self.anim.busy():
            dialogs.draw_game_over(surface, self.board_rect, v, self.game.winners(v), self._name, self._colour)

    def _marked_houses(self) -> dict[str, str]:
        """House -> why it is marked: on your cards ('hand'), being chosen ('pick') or in the row."""
        v = self.seen
        out: dict[str, str] = {}
        owner = self.owner()
        cards = v.opening_draw if v.phase == "opening" and self.seat is not None else v.row
        for c in cards:
            out[c] = "pick" if c in self.selected else "row"
        if owner is not None:
            for c in v.players[owner].hand:
                out[c] = "hand"
        return out

    def draw_panel(self, surface: pygame.Surface) -> None:
        if self.seen is None:
            return
        self.build_buttons()
        self.panel.draw(surface, self._panel_data())
        if self.prompt is not None and self.prompt_rect is not None:
            dialogs.draw_prompt(surface, self.prompt, self.prompt_rect, self.mouse)

    def _panel_data(self) -> PanelData:
        v = self.seen
        cfg: Any = self.ctx.config
        return PanelData(v, self.ctx.seats, self.game.to_act(v), self.owner(), self.seat, self.selected, self.mouse,
                         0 if v.phase == "over" else self.anim.face(), text.dice_lines(self.anim.dice, v, self._name, self.seat),
                         dict(cfg.colour_points), cfg.trap_test, cfg.blue_bonus,
                         self.prompt_rect.height if self.prompt_rect is not None else 0)

    def owner(self) -> int | None:
        """The seat whose secrets this view shows (None for a spectator's view)."""
        if self.seat is not None:
            return self.seat
        v: Any = self.seen
        for i, p in enumerate(v.players):
            if (p.hand and HIDDEN not in p.hand) or (p.bonus and HIDDEN not in p.bonus):
                return i
        viewer = self.ctx.extra.get("viewer")
        return viewer if isinstance(viewer, int) else None

    def _colour(self, seat: int) -> tuple[int, int, int]:
        if seat < len(self.ctx.seats):
            return self.ctx.seats[seat].colour
        return theme.PLAYER_COLOURS[seat % len(theme.PLAYER_COLOURS)][1]

    def _name(self, seat: int) -> str:
        return self.ctx.seats[seat].name if seat < len(self.ctx.seats) else f"Player {seat + 1}"


def make_view(ctx: ViewContext) -> DoorstepView:
    return DoorstepView(ctx)
