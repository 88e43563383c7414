"""The Out For Delivery board view: the six-city map, the courier's options and the trade dialog.

It draws the view it is given, highlights what the rules allow (``legal`` and the rules' own
travel costs) and turns clicks into one of those actions; it never decides a rule itself.
"""

from __future__ import annotations

from typing import Any, Sequence

import pygame

from courier.rules.base import Action, Event
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery import engine
from courier.rules.out_for_delivery.config import ITEMS, OBSTACLES
from courier.rules.out_for_delivery.preview import MovePreview, preview_move
from courier.rules.out_for_delivery.state import OfdState
from courier.scenes.games import out_for_delivery_anim as anim
from courier.scenes.games import out_for_delivery_paint as paint
from courier.scenes.games import out_for_delivery_panel as panel
from courier.scenes.games.out_for_delivery_dialogs import build_dialog, draw_dialog
from courier.ui import draw, theme
from courier.ui.game_view import GameView, ViewContext
from courier.ui.tween import Animator, PathTween, Tween, ease_out_cubic


class OfdView(GameView):
    def __init__(self, ctx: ViewContext) -> None:
        super().__init__(ctx)
        self.game = ctx.game
        self.cfg = ctx.config
        self.board = self.game.board(self.cfg)
        self.v: OfdState | None = None
        self.seat: int | None = None
        self.legal: list[Action] = []
        self.geo = paint.Geometry(self.board, self.board_rect)
        # pixel caches of what stays still (see out_for_delivery_board), never game state
        self._base: pygame.Surface | None = None
        self._base_key: tuple | None = None
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None
        self._loose_labels: list[int] = []
        self.anim = Animator(ctx.anim_speed, ctx.reduced_motion)
        self._last: Tween | None = None
        self.mouse = (-1, -1)
        self.mode = ""  # "", "fly", "boat", "trade"
        self.trade: dict[str, Any] = {"partner": None, "give": None, "get": None}
        self.handoff_ok: str = ""  # the offer a human partner has taken the device for
        self.last_human: int | None = None
        self.buttons: list[panel.Btn] = []
        self.labels: list[tuple[str, int]] = []
        self.dialog: list[panel.Btn] = []
        self.dialog_rect: pygame.Rect | None = None
        self.dialog_lines: list[str] = []
        self.tips: list[tuple[pygame.Rect, str]] = []
        self.reach: dict[int, int] = {}
        self.prev: dict[int, int] = {}
        self.moving: dict[int, PathTween] = {}
        self.pops: list[anim.Pop] = []
        self.shows: list[anim.DiceShow] = []
        self.card: anim.RoundCard | None = None
        self.slide: Tween | None = None  # parcels sliding one square right at a round's start

    # -- contract ------------------------------------------------------------------------------
    def layout(self, board_rect: pygame.Rect, panel_rect: pygame.Rect) -> None:
        super().layout(board_rect, panel_rect)
        self.geo = paint.Geometry(self.board, self.board_rect)
        self._base = self._layer = None
        self._build()

    def show(self, view: Any, seat: int | None, legal: Sequence[Action]) -> None:
        self.v = view
        self.seat = seat
        self.legal = list(legal)
        if seat is not None and view.phase != "answer":
            self.last_human = seat  # who last had the device for their own turn
        self.reach, self.prev = {}, {}
        if seat is not None and view.phase == "act" and seat == view.current:
            self.reach, self.prev = engine.distances(self.board, view, seat, view.mp)
        if self.mode == "fly" and not self._of(A.Fly) or self.mode == "boat" and not self._of(A.BoatMove):
            self.mode = ""
        if self.mode == "trade" and not self._of(A.Offer):
            self.mode = ""
        self._build()

    def animating(self) -> bool:
        return self.anim.busy()

    def update(self, dt: float) -> None:
        self.anim.update(dt)
        self.pops = [p for p in self.pops if not p.tween.done]
        self.shows = [s for s in self.shows if not s.hold.done]
        self.moving = {k: t for k, t in self.moving.items() if not t.done}

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
        if self.v is None or self.seat is None:
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.mode = ""
                self._build()
            elif event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_r):
                return self._first(A.Roll)
            elif event.key == pygame.K_e:
                return self._first(A.EndTurn)
            return None
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return None
        self.mouse = event.pos
        if self.anim.busy() and self._covering(event.pos):
            self.anim.finish_all()  # a click on a dice card or the round card skips the show
            return None
        if self.dialog_rect is not None:
            for b in self.dialog:
                if b.enabled and b.rect.collidepoint(event.pos):
                    return self._press(b)
            return None
        for b in self.buttons:
            if b.enabled and b.rect.collidepoint(event.pos):
                return self._press(b)
        cell = self.geo.cell_at(event.pos)
        if cell is None:
            return None
        return self._board_click(cell)

    # -- input helpers ---------------------------------------------------------------------------
    def _of(self, kind: type) -> list[Action]:
        return [a for a in self.legal if isinstance(a, kind)]

    def _first(self, kind: type) -> Action | None:
        got = self._of(kind)
        return got[0] if got else None

    def _press(self, b: panel.Btn) -> Action | None:
        if b.action is not None:
            if isinstance(b.action, A.Offer):
                self.mode = ""
            return b.action
        cmd = b.cmd
        if cmd in ("fly", "boat", "trade"):
            self.mode = "" if self.mode == cmd else cmd
            if cmd == "trade":
                partners = sorted({a.partner for a in self._of(A.Offer)})  # type: ignore[attr-defined]
                self.trade = {"partner": partners[0] if partners else None, "give": None, "get": None}
        elif cmd == "cancel":
            self.mode = ""
        elif cmd == "handoff" and self.v is not None and self.v.offer is not None:
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
        if self.mode == "fly":
            return self._or_why(self._of(A.Fly), A.Fly(seat, cell))  # type: ignore[arg-type]
        if self.mode == "boat":
            return self._or_why(self._of(A.BoatMove), A.BoatMove(seat, cell))  # type: ignore[arg-type]
        number = self.board.city_of[cell]
        if number and self.v is not None and self.v.phase == "start":
            return self._or_why(self._of(A.StartCity), A.StartCity(seat, number))  # type: ignore[arg-type]
        if self.v is not None and self.v.phase == "act" and cell == self.v.players[seat].cell:
            return None  # a click on your own tile: the panel has what can be done here
        return self._or_why(self._of(A.Move), A.Move(seat, cell))  # type: ignore[arg-type]

    def _or_why(self, offered: list[Action], wanted: Action) -> Action | None:
        """The offered action matching ``wanted`` (same kind, same target), else None and the
        rules' reason for refusing it in ``refusal``."""
        key = getattr(wanted, "cell", getattr(wanted, "city", None))
        for a in offered:
            if getattr(a, "cell", getattr(a, "city", None)) == key:
                return a
        if self.v is not None:
            self.refusal = self.game.refusal(self.v, wanted)
        return None

    def move_preview(self, cell: int) -> MovePreview | None:
        """What travelling to ``cell`` would leave (the rules work it out), for the hover."""
        v = self.v
        if v is None or self.seat is None or cell not in self.reach:
            return None
        return preview_move(self.cfg, self.board, v, self.seat, cell)

    def _hover_preview(self) -> tuple[int, MovePreview] | None:
        if self.mode or not self.board_rect.collidepoint(self.mouse):
            return None
        cell = self.geo.cell_at(self.mouse)
        got = self.move_preview(cell) if cell is not None else None
        return (cell, got) if got is not None else None

    def _covering(self, pos: tuple[int, int]) -> bool:
        """True when a running animation card lies over ``pos`` (so the click is for the card)."""
        if not self.board_rect.collidepoint(pos):
            return False
        card_up = self.card is not None and self.card.visible()
        return card_up or any(d.visible() for d in self.shows)

    def _offer_key(self) -> str:
        v = self.v
        if v is None or v.offer is None:
            return ""
        o = v.offer
        return f"{v.round}:{o.seat}:{o.give}:{o.get}"

    def needs_handoff(self) -> bool:
        """A human partner answers on a pass-the-device screen when someone else had the device."""
        v = self.v
        if v is None or v.phase != "answer" or v.offer is None or self.seat != v.offer.partner:
            return False
        humans = sum(1 for s in self.ctx.seats if s.kind == "human")
        return humans >= 2 and self.last_human != self.seat and self.handoff_ok != self._offer_key()

    # -- buttons ------------------------------------------------------------------------------------
    def _build(self) -> None:
        self.buttons, self.labels = [], []
        v, seat = self.v, self.seat
        pr = self.panel_rect
        top = pr.y + self._header_h() + 8
        self.actions_rect = pygame.Rect(pr.x, top, pr.width, 60)
        if v is None:
            return
        flow = panel.Flow(pygame.Rect(pr.x + 12, top + 10, pr.width - 24, 400), row_h=28 if pr.height < 560 else 30)
        half = (flow.rect.width - 6) // 2
        if seat is not None and v.phase == "start":
            flow.label("Choose a start city (or click it on the map)")
            for a in self._of(A.StartCity):
                c = self.board.city(a.city)  # type: ignore[attr-defined]
                flow.add(panel.Btn(pygame.Rect(0, 0, 0, 0), c.name, a, chip=(c.colour, c.number), tip=f"Start in {c.name}"), half)
        elif seat is not None and v.phase == "roll":
            flow.label("Roll two dice for this turn's movement points")
            flow.add(panel.Btn(pygame.Rect(0, 0, 0, 0), "Roll for movement (Space)", self._first(A.Roll), style="primary"), flow.rect.width)
        elif seat is not None and v.phase == "answer":
            flow.label("A trade offer waits for your answer")
        elif seat is not None and v.phase == "act":
            self._act_buttons(v, flow, half)
        self.buttons = flow.out
        self.labels = flow.labels
        self.actions_rect = pygame.Rect(pr.x, top, pr.width, max(44, flow.bottom() - top + 10))
        self._build_dialog_state()

    def _act_buttons(self, v: OfdState, flow: panel.Flow, half: int) -> None:
        cost = engine.handling_cost(self.board, v, v.current) / 2
        picks, delivers = self._of(A.Pickup), self._of(A.Deliver)
        if picks:
            flow.label(f"Pick up here ({cost:g} MP each)")
            for a in picks:
                c = self.board.city(a.dest)  # type: ignore[attr-defined]
                flow.add(panel.Btn(pygame.Rect(0, 0, 0, 0), c.name, a, chip=(c.colour, c.number), tip=f"Take a parcel for {c.name} onto square 1 of your parcel board"), half)
        if delivers:
            flow.label(f"Deliver here ({cost:g} MP each)")
            for a in delivers:
                c = self.board.city(a.dest)  # type: ignore[attr-defined]
                gold = engine.parcel_value(self.cfg, v, a.square)  # type: ignore[attr-defined]
                flow.add(panel.Btn(pygame.Rect(0, 0, 0, 0), f"+{gold} gold", a, style="good", chip=(c.colour, c.number)), half)
        shop = self._of(A.Buy) + self._of(A.Sell)
        if shop:
            flow.label(f"Market ({engine.here_cost(self.board, v, v.current) / 2:g} MP)")
            for a in shop:
                if isinstance(a, A.Buy):
                    price = self.cfg.item_price(v.obstacle)
                    flow.add(panel.Btn(pygame.Rect(0, 0, 0, 0), f"Buy item ({price} g)", a, tip="Roll on the item table; once a turn"), fit(f"Buy item ({price} g)", half))
                else:
                    price = self.cfg.sale_price(v.obstacle)
                    label = f"Sell {ITEMS[a.item].name} +{price}"  # type: ignore[attr-defined]
                    flow.add(panel.Btn(pygame.Rect(0, 0, 0, 0), label, a, tip="Once a turn"), fit(label, half))
        specials = self._of(A.UseItem) + self._of(A.Steal)
        if specials or self._of(A.Fly) or self._of(A.BoatMove) or self._of(A.Offer):
            flow.label("Items and trade")
        for a in specials:
            if isinstance(a, A.UseItem):
                info = ITEMS[a.item]
                flow.add(panel.Btn(pygame.Rect(0, 0, 0, 0), f"Use {info.name}", a, tip=info.text), fit(f"Use {info.name}", half))
            else:
                c = self.board.city(a.dest)  # type: ignore[attr-defined]
                flow.add(panel.Btn(pygame.Rect(0, 0, 0, 0), f"Rob C{a.victim + 1}", a, style="danger", chip=(c.colour, c.number), tip="Ski mask: take this parcel (1 MP)"), half)  # type: ignore[attr-defined]
        for kind, cmd, label, tip in ((A.Fly, "fly", "Fly to a city…", "Airplane ticket: then click a city tile (1 MP)"), (A.BoatMove, "boat", "Row across…", "Portable boat: then click the river crossing"), (A.Offer, "trade", "Trade…", "Offer a swap to a courier on your tile")):
            if self._of(kind):
                flow.add(panel.Btn(pygame.Rect(0, 0, 0, 0), label, cmd=cmd, style="selected" if self.mode == cmd else "secondary", tip=tip), half)
        flow.newline()
        flow.add(panel.Btn(pygame.Rect(0, 0, 0, 0), "End turn (E)", self._first(A.EndTurn), style="primary"), flow.rect.width)

    def _header_h(self) -> int:
        return 92 if self.panel_rect.height >= 560 else 70

    def _build_dialog_state(self) -> None:
        self.dialog, self.dialog_rect, self.dialog_lines = build_dialog(self)

    # -- animation -------------------------------------------------------------------------------
    def _queue(self, t: Tween) -> Tween:
        after = self._last if self._last is not None and not self._last.done else None
        self.anim.add(t, after=after)
        self._last = t
        return t

    def _pop(self, text: str, cell_xy: tuple[float, float], colour: tuple[int, int, int], together: bool = True) -> None:
        t = Tween(0.0, 1.0, 1.3, ease_out_cubic)
        if together and self._last is not None and not self._last.done:
            self.anim.add(t, after=self._last)
        else:
            self.anim.add(t)
        self.pops.append(anim.Pop(text, cell_xy, colour, t))

    def animate(self, events: Sequence[Event], view_after: Any) -> None:
        events = list(events)
        round_events = [e for e in events if e.kind in ("parcels_advanced", "parcels_generated", "weather", "obstacle")]
        for e in events:
            d = e.data
            if e.kind in ("moved", "flew") and d.get("path"):
                pts = [self.geo.point(tuple(p)) for p in d["path"]]
                speed = self.geo.tile * (9 if e.kind == "moved" else 14)
                t = PathTween(pts, speed=speed)
                self._queue(t)
                self.moving[d["seat"]] = t
            elif e.kind in ("rolled", "item_rolled", "bought"):
                title = {"rolled": "Movement roll", "item_rolled": "Item roll", "bought": "Buying an item"}[e.kind]
                who = self.ctx.seats[d["seat"]].name
                roll = anim.roll_tween()
                hold = anim.hold(0.7)
                self._queue(roll)
                self._queue(hold)
                self.shows.append(anim.DiceShow(f"{who}: {title}", list(d["dice"]), roll, hold))
                if "item" in d:
                    self._pop(ITEMS[d["item"]].name, self._seat_xy(view_after, d["seat"]), theme.ACCENT_DARK)
            elif e.kind == "delivered":
                self._pop(f"+{d['gold']} g", tuple(d["cell"]), theme.GOOD)
            elif e.kind == "picked_up":
                self._pop("parcel!", tuple(d["cell"]), theme.INK)
            elif e.kind == "sold":
                self._pop(f"+{d['gold']} g", self._seat_xy(view_after, d["seat"]), theme.GOOD)
            elif e.kind in ("used", "stole", "traded", "declined"):
                word = {"used": ITEMS[d.get("item", "coffee")].name, "stole": "stolen!", "traded": "deal!", "declined": "no deal"}[e.kind]
                self._pop(word, self._seat_xy(view_after, d["seat"]), theme.ACCENT_DARK)
        if round_events:
            self._round_card(round_events, view_after)

    def _round_card(self, events: list[Event], view_after: OfdState) -> None:
        rows = anim.round_rows(events, self.board, self.cfg)
        intro = Tween(0.0, 1.0, 0.35, ease_out_cubic)
        self._queue(intro)
        if any(e.data.get("moved") for e in events if e.kind == "parcels_advanced"):
            self.slide = Tween(0.0, 1.0, 0.6, ease_out_cubic)
            self.anim.add(self.slide, after=intro)
        for row in rows:
            if row.dice:
                row.tween = self._queue(anim.roll_tween(0.75))
        hold = self._queue(anim.hold(1.4))
        self.card = anim.RoundCard(f"Round {view_after.round} begins", rows, intro, hold)
        for e in events:
            for lost in e.data.get("lost", []):
                self._pop(f"-{-lost['gold']} g", self._seat_xy(view_after, lost["seat"]), theme.BAD, together=False)

    def _seat_xy(self, v: OfdState, seat: int) -> tuple[float, float]:
        cell = v.players[seat].cell
        return self.board.xy(cell) if cell >= 0 else (0.0, 0.0)

    # -- drawing ------------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        from courier.scenes.games.out_for_delivery_board import draw_board

        draw_board(self, surface)
        for p in self.pops:
            x, y = p.xy
            p.draw(surface, self.geo.point((x, y)), self.geo.tile)
        for s in self.shows:
            s.draw(surface, self.board_rect)
        if self.card is not None:
            self.card.draw(surface, self.geo.rect)
        if self.dialog_rect is not None:
            draw_dialog(self, surface)

    def draw_panel(self, surface: pygame.Surface) -> None:
        v = self.v
        if v is None:
            return
        pr = self.panel_rect
        rolling = any(d.visible() and not d.tween.done for d in self.shows)
        mp = v.mp / 2 if v.phase == "act" and not rolling else None
        card_up = self.card is not None and self.card.visible()
        panel.header(surface, pygame.Rect(pr.x, pr.y, pr.width, self._header_h()), v, self.cfg, self.board, self.ctx.seats, mp, card_up)
        ar = self.actions_rect
        draw.panel(surface, ar)
        if self.seat is None:
            who = self.ctx.seats[engine.to_act(v)[0]].name if engine.to_act(v) else ""
            msg = "The game is over." if v.phase == "over" else f"Waiting for {who}…"
            draw.text(surface, msg, (ar.x + 12, ar.y + 16), 15, theme.INK_SOFT, max_width=ar.width - 24)
        else:
            for text, y in self.labels:
                draw.text(surface, text, (ar.x + 12, y), 12, theme.INK_SOFT, bold=True)
        hovered = self._hovered(self.buttons)
        for b in self.buttons:
            panel.draw_button(surface, b, b is hovered)
        tips: list[tuple[pygame.Rect, str]] = []
        n = len(v.players)
        top = ar.bottom + 8
        h = max(36, min(112, (pr.bottom - top) // n - 6))
        for i in range(n):
            rect = pygame.Rect(pr.x, top + i * (h + 6), pr.width, h)
            active = v.phase not in ("over", "start") and i == v.current
            lag = 0.0
            if self.slide is not None and not self.slide.done:
                lag = 1.0 - (self.slide.value if self.slide.started else 0.0)
            tips += panel.player_card(surface, rect, v, self.cfg, self.board, i, self.ctx.seats[i], active, lag)
        self.tips = tips  # hit areas remembered from the last frame, for tooltips

    def _hovered(self, buttons: list[panel.Btn]) -> panel.Btn | None:
        return next((b for b in buttons if b.rect.collidepoint(self.mouse)), None)

    # -- words ----------------------------------------------------------------------------------------
    def tooltip(self, pos: tuple[int, int]) -> str | None:
        for b in self.dialog + self.buttons:
            if b.rect.collidepoint(pos):
                return b.tip or None
        for rect, text in self.tips:
            if rect.collidepoint(pos):
                return text
        cell = self.geo.cell_at(pos)
        if cell is None or self.v is None:
            return None
        from courier.scenes.games.out_for_delivery_board import describe_cell

        return describe_cell(self, cell)

    def status(self) -> str:
        v = self.v
        if v is None:
            return ""
        if self.seat is None:
            return "The game is over." if v.phase == "over" else ""
        if v.phase == "start":
            return "Choose the city you start in: click it on the map or in the panel."
        if v.phase == "roll":
            return "Roll the dice for your movement points (Space)."
        if v.phase == "answer":
            return "Accept or decline the trade offer."
        if self.mode == "fly":
            return "Click a tile of the city to fly to (Esc to cancel)."
        if self.mode == "boat":
            return "Click the river crossing to row across (Esc to cancel)."
        if self.mode == "trade":
            return "Choose what you give and what you ask for, then make the offer."
        ob = OBSTACLES[v.obstacle].name if v.obstacle != "none" else ""
        hover = self._hover_preview()
        if hover is not None:
            cell, pv = hover
            where = self.board.place_name(cell)
            if pv.warning:
                return f"{pv.cost / 2:g} MP to {where} leaves {pv.left / 2:g}: {pv.warning}."
            return f"Travel to {where}: {pv.cost / 2:g} MP, leaving {pv.left / 2:g} MP."
        if len(self.legal) == 1:
            return "Nothing more to do this turn: end it (E)." + (f" Event: {ob}." if ob else "")
        return f"{v.mp / 2:g} MP left: click a lit tile to travel, or act from the panel." + (f" Event: {ob}." if ob else "")


def fit(label: str, least: int) -> int:
    """A button wide enough for its label (at least ``least``)."""
    return max(least, panel.text_width(label) + 28)


def make_view(ctx: ViewContext) -> OfdView:
    return OfdView(ctx)


__all__ = ["OfdView", "make_view"]
