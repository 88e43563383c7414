"""Next Day's board view: the county map with vans, bikes, parcels and blockages; the set-up
builder; the auction dialog; buttons for collecting, delivering, bidding, moving blockages and
declaring the end. It asks the rules for reachable places, costs and refusals, never decides them.
"""

from __future__ import annotations

from typing import Any, Sequence

import pygame

from courier.rules.base import Action, Event
from courier.rules.next_day import actions as A
from courier.rules.next_day.state import NextDayState
from courier.scenes.games.next_day import board as paint
from courier.scenes.games.next_day import dialogs, panel
from courier.scenes.games.next_day import text as words
from courier.scenes.games.next_day.anim import Effects
from courier.scenes.games.next_day.board import MapPainter
from courier.scenes.games.next_day.panel import Btn
from courier.ui import theme
from courier.ui.game_view import GameView, ViewContext


class NextDayView(GameView):
    def __init__(self, ctx: ViewContext) -> None:
        super().__init__(ctx)
        self.game = ctx.game
        self.board = ctx.game.board(ctx.config)
        self.cfg = ctx.config
        self.map = MapPainter(self.board)
        self.fx = Effects(ctx.anim_speed, ctx.reduced_motion)
        self.state: NextDayState | None = None
        self.seat: int | None = None
        self.legal: list[Action] = []
        self.buttons: list[Btn] = []
        self.mouse = (0, 0)
        # the view's own UI state (never rules)
        self.selected: str | None = None  # "van" / "bike"
        self.blockage_mode = False
        self.picked_blockage: int | None = None
        self.dragging = False
        self.pickup: str | None = None  # set-up: first card chosen
        self.offer: tuple[str, int] | None = None  # (vehicle, contract) when choosing a first bid
        self.amount = 0
        self.focus: int | None = None
        self.player_rows: dict[int, pygame.Rect] = {}
        self.contract_rows: dict[int, pygame.Rect] = {}
        self.hover_contract: int | None = None

    # -- host interface ----------------------------------------------------------------------------
    def layout(self, board_rect: pygame.Rect, panel_rect: pygame.Rect) -> None:
        super().layout(board_rect, panel_rect)
        self.map.layout(self.board_rect)
        self._rebuild()

    def show(self, view: Any, seat: int | None, legal: Sequence[Action]) -> None:
        changed_seat = seat != self.seat
        self.state, self.seat, self.legal = view, seat, list(legal)
        if changed_seat or seat is None:
            self.selected = None if changed_seat else self.selected
            self.blockage_mode, self.picked_blockage, self.offer, self.pickup = False, None, None, None
        if self.offer and not any(isinstance(a, A.StartBid) and a.contract == self.offer[1] for a in self.legal):
            self.offer = None
        if self.state.auction is not None:
            self.amount = self.state.auction.lowest - 1
        if self.picked_blockage is not None and not self._affordable(self.picked_blockage):
            self.picked_blockage = None
        if self.pickup and self.pickup not in (view.players[seat].hand if seat is not None else []):
            self.pickup = None
        self._rebuild()

    def handle_event(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover_contract = next((cid for cid, r in self.contract_rows.items() if r.collidepoint(event.pos)), None)
            return None
        if self.state is None:
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return self._drop_blockage(event.pos)
        if event.type == pygame.KEYDOWN and self.seat is not None:
            return self._key(event)
        if event.type != pygame.MOUSEBUTTONDOWN:
            return None
        self.mouse = event.pos
        if event.button == 3:
            self._cancel()
            return None
        if event.button != 1:
            return None
        for b in self.buttons:
            if b.rect.collidepoint(event.pos):
                if not b.enabled:
                    return None
                if callable(b.do):
                    result = b.do()
                    self._rebuild()
                    return result if isinstance(result, Action) else None
                return b.do
        for i, r in self.player_rows.items():
            if r.collidepoint(event.pos):
                self.focus = i
                self._rebuild()
                return None
        if self.seat is None or not self.board_rect.collidepoint(event.pos):
            return None
        return self._board_click(event.pos)

    def animate(self, events: Sequence[Event], view_after: Any) -> None:
        self.fx.add(events, self.map, self._named)

    def animating(self) -> bool:
        return self.fx.busy()

    def update(self, dt: float) -> None:
        self.fx.update(dt, self.ctx.anim_speed, self.ctx.reduced_motion)

    # -- helpers -----------------------------------------------------------------------------------
    def _named(self, text: str) -> str:
        for i, s in enumerate(self.ctx.seats):
            text = text.replace(f"Player {i + 1}", s.name)
        return text

    def _name(self, seat: int) -> str:
        return self.ctx.seats[seat].name if seat < len(self.ctx.seats) else f"Player {seat + 1}"

    def _colour(self, seat: int) -> tuple:
        return tuple(self.ctx.seats[seat].colour) if seat < len(self.ctx.seats) else theme.INK_SOFT

    def _my_turn(self) -> bool:
        s = self.state
        return (self.seat is not None and s is not None and s.phase == "play" and s.auction is None
                and s.current == self.seat)

    def _drives(self, kind: str) -> dict[str, A.Drive]:
        return {a.dest: a for a in self.legal if isinstance(a, A.Drive) and a.vehicle == kind}

    def _reach(self, kind: str):
        if not self._my_turn():
            return {}
        drives = self._drives(kind)
        reach = self.game.reachable(self.state, self.seat, kind)
        return {d: r for d, r in reach.items() if d in drives}

    def _affordable(self, blockage: int) -> bool:
        return any(isinstance(a, A.MoveBlockage) and a.blockage == blockage for a in self.legal)

    def _cancel(self) -> None:
        self.selected, self.blockage_mode, self.picked_blockage, self.offer, self.pickup = None, False, None, None, None
        self._rebuild()

    def cancel(self) -> bool:
        if not (self.selected or self.blockage_mode or self.offer or self.pickup):
            return False
        self._cancel()
        return True

    def _key(self, event: pygame.event.Event) -> Action | None:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            for a in self.legal:
                if isinstance(a, (A.EndTurn, A.FinishSetup)):
                    return a
        if event.key == pygame.K_v:
            self.selected = "van"
        elif event.key == pygame.K_b:
            self.selected = "bike"
        self._rebuild()
        return None

    # -- board input -------------------------------------------------------------------------------
    def vehicle_spots(self) -> list[tuple[int, str, tuple[float, float]]]:
        return paint.vehicle_spots(self.map, self.state)

    def _vehicle_at(self, pos: tuple[int, int]) -> tuple[int, str] | None:
        return paint.vehicle_at(self.map, self.state, pos)

    def _blockage_at(self, pos: tuple[int, int]) -> int | None:
        return paint.blockage_at(self.map, self.state, pos)

    def _board_click(self, pos: tuple[int, int]) -> Action | None:
        s = self.state
        if s.phase == "setup":
            place = self.map.place_at(pos)
            hand = s.players[self.seat].hand
            if place in hand:
                return self._pick_card(place)
            return None
        if not self._my_turn():
            return None
        blk = self._blockage_at(pos)
        if blk is not None and (self.blockage_mode or self.picked_blockage is None) and self._affordable(blk):
            self.blockage_mode, self.picked_blockage, self.dragging, self.selected = True, blk, True, None
            self._rebuild()
            return None
        if self.blockage_mode and self.picked_blockage is not None:
            return self._drop_blockage(pos)
        hit = self._vehicle_at(pos)
        if hit and hit[0] == self.seat:
            self.selected = None if self.selected == hit[1] else hit[1]
            self.blockage_mode = False
            self._rebuild()
            return None
        if self.selected:
            place = self.map.place_at(pos)
            drive = self._drives(self.selected).get(place) if place else None
            if drive is not None:
                return drive
            if place:  # not a drive on offer: the rules say why
                self.refusal = self.game.drive_refusal(s, self.seat, self.selected, place)
        elif self.map.place_at(pos):
            self.refusal = "Click your van or bike first, then where it should drive."
        return None

    def _drop_blockage(self, pos: tuple[int, int]) -> Action | None:
        if self.picked_blockage is None:
            return None
        road = self.map.road_at(pos)
        if road is None:
            return None
        for a in self.legal:
            if isinstance(a, A.MoveBlockage) and a.blockage == self.picked_blockage and a.road == road:
                self.blockage_mode, self.picked_blockage = False, None
                return a
        return None

    def _pick_card(self, town: str) -> Action | None:
        if self.pickup is None:
            self.pickup = town
            self._rebuild()
            return None
        if town == self.pickup:
            self.pickup = None
            self._rebuild()
            return None
        for a in self.legal:
            if isinstance(a, A.Pair) and a.pickup == self.pickup and a.dropoff == town:
                self.pickup = None
                return a
        self.pickup = town
        self._rebuild()
        return None

    # -- buttons -----------------------------------------------------------------------------------
    def _rebuild(self) -> None:
        if self.state is None:
            self.buttons = []
        elif dialogs.is_open(self) and self.seat is not None and self.state.phase == "play":
            self.buttons = dialogs.buttons(self)
        else:
            self.buttons = panel.build_buttons(self)

    # -- drawing -----------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        paint.draw_board(self, surface)
        if self.state is not None and dialogs.is_open(self):
            dialogs.draw_dialog(self, surface)
        hover = pygame.mouse.get_focused() and self.mouse
        for b in self.buttons:
            if self.board_rect.collidepoint(b.rect.center):
                panel.draw_button(surface, b, bool(hover) and b.rect.collidepoint(self.mouse))

    def draw_panel(self, surface: pygame.Surface) -> None:
        panel.draw_panel(self, surface)

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        return words.tooltip(self, pos)

    def status(self) -> str:
        return words.status(self)


def make_view(ctx: ViewContext) -> NextDayView:
    return NextDayView(ctx)

