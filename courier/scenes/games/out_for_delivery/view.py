"""The Out For Delivery board view: the six-city map, the courier's options and the trade dialog.

It holds the person's input (pointer, the open dialog, the half-made offer, fly or boat mode),
asks the rules what is allowed (``legal`` and the rules' own travel costs) and turns clicks into
one of those actions; it never decides a rule itself. Drawing, words, the panel, dialogs and
animations live in their own modules of this package and are handed plain data.
"""

from __future__ import annotations

from typing import Any, Hashable, Sequence, TypeVar, cast

import pygame

from courier.rules.base import Action, Event
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery.config import OfdConfig
from courier.rules.out_for_delivery.preview import MovePreview, preview_move
from courier.rules.out_for_delivery.state import OfdState
from courier.rules.out_for_delivery.table import OfdTable
from courier.scenes.games.out_for_delivery import anim, panel, paths, text
from courier.scenes.games.out_for_delivery.pieces import BoardArt, BoardFrame
from courier.scenes.games.out_for_delivery.dialogs import Dialog, DialogInput, build_dialog, draw_dialog
from courier.scenes.games.out_for_delivery.mapart import Geometry
from courier.ui import theme
from courier.ui.focus import Target
from courier.ui.game_view import GameView, ViewContext
from courier.ui.kit import Button
from courier.ui.tween import PathTween, Tween


#: an action class, for the typed filters of what the rules offer
AT = TypeVar("AT", bound=Action)


class OfdView(GameView):
    def __init__(self, ctx: ViewContext) -> None:
        super().__init__(ctx)
        self.game = ctx.game
        self.cfg = cast(OfdConfig, ctx.config)  # the board scene hands each game its own config
        self.board = self.game.board(self.cfg)
        self.names = [s.name for s in ctx.seats]
        self.seen: OfdState | None = None
        #: the rules asked about ``seen`` (made with it in ``show``)
        self._table_now: OfdTable | None = None
        self.seat: int | None = None
        self.legal: list[Action] = []
        self.art = BoardArt(self.board, self.board_rect)
        self.shows = anim.Effects(self.board, self.cfg, self.names, ctx.anim_speed, ctx.reduced_motion)
        self.mouse = (-1, -1)
        self.mode = ""  # "", "fly", "boat", "trade"
        self.trade: dict[str, Any] = {"partner": None, "give": None, "get": None}
        self.page = 0  # the page of the panel's actions shown when they do not all fit
        self.handoff_ok: str = ""  # the offer a human partner has taken the device for
        self.last_human: int | None = None
        self.acts = panel.Actions([], [], pygame.Rect(0, 0, 0, 0))
        self.dlg = Dialog()
        self.tips: list[tuple[pygame.Rect, str]] = []
        self.reach: dict[int, int] = {}
        self.prev: dict[int, int] = {}

    # -- what tests and the host read -------------------------------------------------------------
    @property
    def geo(self) -> Geometry:
        return self.art.geo

    @property
    def buttons(self) -> list[Button]:
        return self.acts.buttons

    @property
    def dialog(self) -> list[Button]:
        return self.dlg.buttons

    @property
    def dialog_rect(self) -> pygame.Rect | None:
        return self.dlg.rect

    @property
    def moving(self) -> dict[int, PathTween]:
        return self.shows.moving

    @property
    def card(self) -> anim.RoundCard | None:
        return self.shows.card

    @property
    def slide(self) -> Tween | None:
        return self.shows.slide

    # -- contract ------------------------------------------------------------------------------
    def panel_need(self, width: int) -> int:
        """Room for the header, a usual turn's buttons and every courier's card with its name and
        item tags (the squares' values once above them); a turn with more buttons pages them."""
        n = len(self.ctx.seats)
        return (panel.header_h(pygame.Rect(0, 0, width, 0)) + theme.px(8) + theme.px(panel.USUAL_ACTIONS + 6)
                + panel.scale_h("compact") + n * (panel.card_need("compact") + theme.px(6)))

    def layout(self, board_rect: pygame.Rect, panel_rect: pygame.Rect) -> None:
        super().layout(board_rect, panel_rect)
        self.art.layout(self.board_rect)
        self._build()

    @property
    def table(self) -> OfdTable:
        """The rules asked about the position shown (there is one once ``show`` has run)."""
        assert self._table_now is not None, "no position shown yet"
        return self._table_now

    def show(self, seen: Any, seat: int | None, legal: Sequence[Action]) -> None:
        self.seen = seen
        self.seat = seat
        self._table_now = self.game.table(self.cfg, seen, seat)
        self.legal = list(legal)
        if seat is not None and seen.phase != "answer":
            self.last_human = seat  # who last had the device for their own turn
        self.reach, self.prev = {}, {}
        if seat is not None and seen.phase == "act" and seat == seen.current:
            self.reach, self.prev = self.table.distances(seat, seen.mp)
        if self.mode == "fly" and not self._of(A.Fly) or self.mode == "boat" and not self._of(A.BoatMove):
            self.mode = ""
        if self.mode == "trade" and not self._of(A.Offer):
            self.mode = ""
        self.page = 0
        self._build()

    def animate(self, events: Sequence[Event], view_after: Any) -> None:
        self.shows.animate(events, view_after, self.geo)

    def animating(self) -> bool:
        return self.shows.busy()

    def update(self, dt: float) -> None:
        self.shows.update(dt)

    def cancel(self) -> bool:
        if not self.mode:
            return False
        self.mode = ""
        self._build()
        return True

    def handle_event(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) and self.shows.covering():
            self.shows.anim.finish_all()  # as a click on the card: the dice or round card is skipped
            return None
        if self.seen is None or self.seat is None:
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.mode = ""
                self._build()
            elif event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_r):
                return self._first(A.Roll)
            elif event.key == pygame.K_e:
                end = self._first(A.EndTurn)
                if end is None:  # the turn cannot end yet: the rules say why
                    self.refusal = self.table.refusal(A.EndTurn(self.seat))
                return end
            return None
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return None
        self.mouse = event.pos
        if self.shows.busy() and self._covering(event.pos):
            self.shows.anim.finish_all()  # a click on a dice card or the round card skips the show
            return None
        if self.dlg.rect is not None:
            for b in self.dlg.buttons:
                if b.rect.collidepoint(event.pos):
                    return self._press(b)
            return None
        for b in self.acts.buttons:
            if b.rect.collidepoint(event.pos):
                return self._press(b)
        cell = self.geo.cell_at(event.pos)
        if cell is None:
            return None
        return self._board_click(cell)

    # -- input helpers ---------------------------------------------------------------------------
    def _of(self, kind: type[AT]) -> list[AT]:
        return [a for a in self.legal if isinstance(a, kind)]

    def _goes(self) -> list[A.Fly] | list[A.BoatMove]:
        """Where the flight (or the boat) of the mode chosen may go."""
        return self._of(A.Fly) if self.mode == "fly" else self._of(A.BoatMove)

    def _first(self, kind: type[AT]) -> AT | None:
        got = self._of(kind)
        return got[0] if got else None

    def _press(self, b: Button) -> Action | None:
        if not b.enabled:
            self.refusal = b.why_not or self.table.why_not()  # a greyed button says why
            return None
        if b.action is not None:
            if isinstance(b.action, A.Offer):
                self.mode = ""
            return b.action
        cmd = b.command
        if cmd in ("fly", "boat", "trade"):
            self.mode = "" if self.mode == cmd else cmd
            if cmd == "trade":
                partners = sorted({a.partner for a in self._of(A.Offer)})
                self.trade = {"partner": partners[0] if partners else None, "give": None, "get": None}
        elif cmd == "cancel":
            self.mode = ""
        elif cmd == "page":
            self.page += 1
        elif cmd == "handoff" and self.seen is not None and self.seen.offer is not None:
            self.handoff_ok = self._offer_key()
        elif cmd.startswith("trade:"):
            _, key, value = cmd.split(":", 2)
            self.trade[key] = int(value) if key == "partner" else value
            if key == "partner":
                self.trade["give"] = self.trade["get"] = None
        self._build()
        return None

    def _board_click(self, cell: int) -> Action | None:
        """The action a tile click means; a click the rules do not offer gets their reason instead
        (too far, off the road, roll first ...), so it never just does nothing."""
        seat = self.seat
        if seat is None:  # a spectator's click was turned away in handle_event
            return None
        if self.mode == "fly":
            return self._or_why(self._of(A.Fly), A.Fly(seat, cell))
        if self.mode == "boat":
            return self._or_why(self._of(A.BoatMove), A.BoatMove(seat, cell))
        number = self.board.city_of[cell]
        if number and self.seen is not None and self.seen.phase == "start":
            return self._or_why(self._of(A.StartCity), A.StartCity(seat, number))
        if self.seen is not None and self.seen.phase == "act" and cell == self.seen.players[seat].cell:
            return None  # a click on your own tile: the panel has what can be done here
        return self._or_why(self._of(A.Move), A.Move(seat, cell))

    def _or_why(self, offered: list[Action], wanted: Action) -> Action | None:
        """The offered action matching ``wanted`` (same kind, same target), else None and the
        rules' reason for refusing it in ``refusal``."""
        key = getattr(wanted, "cell", getattr(wanted, "city", None))
        for a in offered:
            if getattr(a, "cell", getattr(a, "city", None)) == key:
                return a
        if self.seen is not None:
            self.refusal = self.table.refusal(wanted)
        return None

    def hint_words(self, action: Action) -> str | None:
        if isinstance(action, A.Move):
            return text.hint_words(self.board, action.cell, self.move_preview(action.cell))
        return None

    def move_preview(self, cell: int) -> MovePreview | None:
        """What travelling to ``cell`` would leave (the rules work it out), for the hover."""
        v = self.seen
        if v is None or self.seat is None or cell not in self.reach:
            return None
        return preview_move(self.cfg, self.board, v, self.seat, cell)

    def _hover_preview(self) -> tuple[int, MovePreview] | None:
        if self.mode or not self.board_rect.collidepoint(self.mouse):
            return None
        cell = self.geo.cell_at(self.mouse)
        got = self.move_preview(cell) if cell is not None else None
        return (cell, got) if got is not None and cell is not None else None

    def _covering(self, pos: tuple[int, int]) -> bool:
        """True when a running animation card lies over ``pos`` (so the click is for the card)."""
        return self.board_rect.collidepoint(pos) and self.shows.covering()

    def _offer_key(self) -> str:
        v = self.seen
        if v is None or v.offer is None:
            return ""
        o = v.offer
        return f"{v.round}:{o.seat}:{o.give}:{o.get}"

    def needs_handoff(self) -> bool:
        """A human partner answers on a pass-the-device screen when someone else had the device."""
        v = self.seen
        if v is None or v.phase != "answer" or v.offer is None or self.seat != v.offer.partner:
            return False
        humans = sum(1 for s in self.ctx.seats if s.kind == "human")
        return humans >= 2 and self.last_human != self.seat and self.handoff_ok != self._offer_key()

    def _build(self) -> None:
        self.acts = panel.build(self.panel_rect, self.seen, self.seat, self.legal, self.board, self.cfg, self.mode, self.names, self.page)
        self.dlg = build_dialog(DialogInput(self.seen, self.seat, self.legal, self.board, self.names, self.board_rect,
                                            self.mode, self.trade, self.needs_handoff()))

    # -- drawing ------------------------------------------------------------------------------------
    def _frame(self) -> BoardFrame:
        v = self.seen
        f = BoardFrame(v, [s.colour for s in self.ctx.seats], reach=self.reach, prev=self.prev,
                       dialog_open=self.dlg.rect is not None, round_card=self.shows.card_up(),
                       moving=self.shows.moving)
        if v is not None and self.seat is not None and v.phase == "start":
            f.start_cities = [a.city for a in self._of(A.StartCity)]
        elif self.mode in ("fly", "boat"):
            f.mode_cells = [a.cell for a in self._goes()]
        f.pointer = self.geo.cell_at(self.mouse)
        return f

    def draw_board(self, surface: pygame.Surface) -> None:
        self.art.draw(surface, self._frame())
        self.shows.draw(surface, self.geo, self.board_rect)
        if self.dlg.rect is not None:
            draw_dialog(surface, self.dlg, self.board_rect, self._hovered(self.dlg.buttons))

    def draw_panel(self, surface: pygame.Surface) -> None:
        v = self.seen
        if v is None:
            return
        mp = v.mp / 2 if v.phase == "act" and not self.shows.rolling() else None
        self.tips = panel.draw_panel(surface, self.panel_rect, self.acts, v, self.cfg, self.board, self.ctx.seats,
                                     self.seat, mp, self.shows.card_up(), self.shows.lag(),
                                     self._hovered(self.acts.buttons))  # hit areas from the last frame, for tooltips

    def _hovered(self, buttons: list[Button]) -> Button | None:
        return next((b for b in buttons if b.rect.collidepoint(self.mouse)), None)

    # -- words ----------------------------------------------------------------------------------------
    def tooltip(self, pos: tuple[int, int]) -> str | None:
        if self.dlg.rect is not None:
            if self.dlg.rect.collidepoint(pos):
                return next((b.words for b in self.dlg.buttons if b.rect.collidepoint(pos)), None)
        for b in self.acts.buttons:
            if b.rect.collidepoint(pos):
                return b.words
        for rect, words in self.tips:
            if rect.collidepoint(pos):
                return words
        if self.seen is not None and self.seen.round and not self.shows.card_up():
            for reg in self.board.regions:
                if self.art.weather_box(reg.index).collidepoint(pos):
                    return text.weather_words(self.board, self.seen, reg.index)
        cell = self.geo.cell_at(pos)
        if cell is None or self.seen is None:
            return None
        return text.describe_cell(self.board, self.seen, cell, self.reach, self.move_preview(cell), self.names)

    def status(self) -> str:
        return text.status(self.board, self.seen, self.seat, self.mode, len(self.legal) == 1, self._hover_preview())

    # -- keyboard ---------------------------------------------------------------------------------------
    def focusables(self) -> list[Target]:
        """The legal places on the board, then the panel's buttons (while travelling, the panel's
        buttons first: the hint sends Tab there); only the dialog's controls while one is open. Enter on a target clicks where it is, so keys take the mouse's path."""
        v, seat = self.seen, self.seat
        if v is None or seat is None:
            return []
        if self.dlg.rect is not None:
            return [self._target(b, "dialog", self.dlg.rect) for b in self.dlg.buttons]
        out: list[Target] = []
        if v.phase == "start":
            for a in self._of(A.StartCity):
                city = self.board.city(a.city)
                out.append(Target(self.geo.city_rect(city.number), f"{city.name} (city {city.number}): start here",
                                  key=("board", "start", city.number), zone="board", point=self._centre(city.pickup),
                                  number=city.number))
        elif self.mode in ("fly", "boat"):
            # the mode's own button first (it ends the mode), then straight on to where it goes
            out += [self._target(b, "panel", self.panel_rect) for b in self.acts.buttons if b.command == self.mode]
            verb = "Fly to" if self.mode == "fly" else "Row across to"
            for goes in self._goes():
                cell = goes.cell
                out.append(Target(self.geo.cell_rect(cell), f"{verb} {self.board.place_name(cell)}", key=("board", self.mode, cell),
                                  zone="board", point=self._centre(cell)))
        elif v.phase == "act":
            # the hint says "arrows" for the board and "Tab" for the panel: Tab reaches the panel
            # first, and the arrows start on the board from the courier (``focus_origin``)
            out += [self._target(b, "panel", self.panel_rect) for b in self.acts.buttons]
            for cell in text.notable_tiles(self.board, v, seat, self.reach, self.prev):
                label = text.travel_label(self.board, v, cell, self.move_preview(cell), self.names)
                out.append(Target(self.geo.cell_rect(cell), label, key=("board", "tile", cell), zone="board", point=self._centre(cell)))
            out += self._other_tiles({t.key[2] for t in out if t.zone == "board"})  # type: ignore[index]
            return out
        if self.mode in ("fly", "boat"):
            return out
        out += [self._target(b, "panel", self.panel_rect) for b in self.acts.buttons]
        return out

    def _other_tiles(self, notable: set[int]) -> list[Target]:
        """The rest of the tiles a click travels to: the arrows walk only the notable ones, so
        these have a zone of their own (Tab and a hint reach them)."""
        out = []
        for a in self._of(A.Move):
            cell = a.cell
            if cell not in notable and self.seen is not None:
                label = text.travel_label(self.board, self.seen, cell, self.move_preview(cell), self.names)
                out.append(Target(self.geo.cell_rect(cell), label, key=("tiles", cell), zone="tiles", point=self._centre(cell)))
        return out

    def controls_for(self, action: Action) -> list[Hashable] | None:
        return paths.controls_for(self, action)

    def parts(self) -> dict[str, list[pygame.Rect]]:
        """The cities (tiles, name and waiting parcels), the regions' weather boxes (and all of
        them as "weather"), each courier by its player's name, and the panel's top ("event", and as
        "deliveries" for its bar) and couriers' cards ("Robin's card")."""
        out: dict[str, list[pygame.Rect]] = {}
        s = int(self.geo.tile)
        for city in self.board.cities:
            r = self.geo.city_rect(city.number).inflate(0, 2 * s)
            out[city.name] = [r.union(self.art.label_bounds(city.number))]
        boxes = [self.art.weather_box(reg.index) for reg in self.board.regions]
        for reg, box in zip(self.board.regions, boxes):
            out[reg.name] = [box]
        v = self.seen
        if v is None:
            return out
        if v.round:
            out["weather"] = boxes
        for i, p in enumerate(v.players):
            if p.cell >= 0:
                out[self.names[i]] = [self.geo.cell_rect(p.cell)]
        pr = self.panel_rect
        out["event"] = out["deliveries"] = [pygame.Rect(pr.x, pr.y, pr.width, panel.header_h(pr))]
        for i, r in enumerate(panel.card_rects(pr, self.acts.rect, len(v.players), v)):
            out[f"{self.names[i]}'s card"] = [r]
        return out

    def focus_origin(self) -> pygame.Rect | None:
        """The courier of the player to act: the first arrow press goes that way from it."""
        if self.seen is None or self.seat is None or self.seen.phase == "start":
            return None
        cell = self.seen.players[self.seat].cell
        return self.geo.cell_rect(cell) if cell >= 0 else None

    def _centre(self, cell: int) -> tuple[int, int]:
        x, y = self.geo.center(cell)
        return int(x), int(y)

    def _target(self, b: Button, zone: str, within: pygame.Rect) -> Target:
        key = b.extra.get("key")
        ident = key or (b.action.to_text() if b.action is not None else b.command or b.label)
        adjust = None
        if isinstance(key, str) and key.startswith("gold:") and self.trade.get(key[5:], "") and str(self.trade[key[5:]]).startswith("gold:"):
            side = key[5:]
            adjust = lambda d, side=side: self._step_gold(side, d)  # noqa: E731
        return Target(pygame.Rect(b.rect), b.words, key=(zone, ident), zone=zone, enabled=b.enabled,
                      why_not=b.why_not or None, within=within, adjust=adjust)

    def _step_gold(self, side: str, d: int) -> None:
        """Left/Right on the gold amount: one gold less or more (the dialog keeps it in the purse)."""
        chosen = str(self.trade.get(side) or "")
        if chosen.startswith("gold:") and chosen[5:].isdigit():
            self.trade[side] = f"gold:{max(1, int(chosen[5:]) + d)}"
            self._build()


def make_view(ctx: ViewContext) -> OfdView:
    return OfdView(ctx)


__all__ = ["OfdView", "make_view"]
