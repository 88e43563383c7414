"""Next Day's board view: the county map with vans, bikes, parcels and blockages; the set-up
builder; the auction dialog; buttons for collecting, delivering, bidding, moving blockages and
declaring the end. It keeps the person's input (hover, the picked vehicle or blockage, the first
card of a contract, the open offer) and asks the rules for reachable places, costs and refusals,
never deciding them. The mouse and the keyboard take one path: every keyboard target is chosen by
a click at its point through ``handle_event``.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Hashable, Sequence

import pygame

from courier.rules.base import Action, Event
from courier.rules.next_day import actions as A
from courier.rules.next_day.state import NextDayState
from courier.rules.next_day.table import NextDayTable
from courier.scenes.games.next_day import pieces
from courier.scenes.games.next_day import dialogs, panel, paths
from courier.scenes.games.next_day import text as words
from courier.scenes.games.next_day.anim import Effects
from courier.scenes.games.next_day.mapart import MapPainter
from courier.scenes.games.next_day.panel import Hooks, PanelLayout
from courier.ui.kit import Button, draw_button
from courier.ui import theme
from courier.ui.focus import Target
from courier.ui.game_view import GameView, ViewContext
from courier.words import counted


class NextDayView(GameView):
    def __init__(self, ctx: ViewContext) -> None:
        super().__init__(ctx)
        self.game = ctx.game
        self.board = ctx.game.board(ctx.config)
        self.cfg = ctx.config
        self.map = MapPainter(self.board)
        self.fx = Effects(ctx.anim_speed, ctx.reduced_motion)
        self.seen: NextDayState | None = None
        #: the rules asked about ``seen`` (made with it in ``show``)
        self._table_now: NextDayTable | None = None
        self.seat: int | None = None
        self.legal: list[Action] = []
        self.buttons: list[Button] = []
        self.panel = PanelLayout()
        self.dialog: dialogs.Dialog | None = None
        self.mouse = (0, 0)
        self.keyboard_pointer: tuple[int, int] | None = None
        # the person's own input (never rules)
        self.selected: str | None = None  # "van" / "bike"
        self.blockage_mode = False
        self.picked_blockage: int | None = None
        self.dragging = False
        self._pressed_at = (0, 0)
        self.pickup: str | None = None  # set-up: first card chosen
        self.offer: tuple[str, int] | None = None  # (vehicle, contract) when choosing a first bid
        self.amount = 0
        self.focus: int | None = None
        self.hover_contract: int | None = None
        self.hooks = Hooks(cancel=self._cancel, toggle_blockage=self._toggle_blockage, open_offer=self._opener,
                           pick_card=self._card_picker, why=self.why,
                           why_no_blockage=self._why_no_blockage)

    # -- host interface ----------------------------------------------------------------------------
    def layout(self, board_rect: pygame.Rect, panel_rect: pygame.Rect) -> None:
        super().layout(board_rect, panel_rect)
        strip = pieces.banner_strip(self.board_rect)
        self.map.layout(pygame.Rect(self.board_rect.left, strip.bottom, self.board_rect.width,
                                    self.board_rect.bottom - strip.bottom))
        # the place names' boxes come with the painted map, and the vehicles park around them:
        # paint it now (kept per size), so clicks and targets agree before the first frame is drawn
        self.map.background()
        self._rebuild()

    def show(self, seen: Any, seat: int | None, legal: Sequence[Action]) -> None:
        changed_seat = seat != self.seat
        self.seen, self.seat, self.legal = seen, seat, list(legal)
        self._table_now = self.game.table(self.cfg, seen, seat)
        if changed_seat or seat is None:
            self.selected = None if changed_seat else self.selected
            self.blockage_mode, self.picked_blockage, self.offer, self.pickup = False, None, None, None
        if self.offer and not any(isinstance(a, A.StartBid) and a.contract == self.offer[1] for a in self.legal):
            self.offer = None
        if self.seen.auction is not None:
            self.amount = self.seen.auction.lowest - 1
        if self.picked_blockage is not None and not self.affordable(self.picked_blockage):
            self.picked_blockage = None
        if self.pickup and (seat is None or self.pickup not in seen.players[seat].hand
                            or any(self.pickup in (d.pickup, d.dropoff) for d in seen.players[seat].drafts)):
            self.pickup = None  # the card went into a contract (dealt at random, say)
        self._rebuild()

    def handle_event(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            # the keyboard points too (at the focused target): its ring writes the caption there
            self.keyboard_pointer = event.pos if getattr(event, "synthetic", False) else None
            self.hover_contract = next((r.ref for r in self.panel.rows if r.kind == "contract"
                                        and r.rect.collidepoint(event.pos)), None)
            return None
        if self.seen is None:
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            px, py = self._pressed_at
            if abs(event.pos[0] - px) + abs(event.pos[1] - py) <= theme.px(6):
                return None  # a click: the blockage is picked, and waits for its road
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
                    self.refusal = b.why_not or self.table.why_not()
                    return None
                if callable(b.action):
                    result = b.action()
                    self._rebuild()
                    return result if isinstance(result, Action) else None
                return b.action
        if self.dialog is not None and self.dialog.rect.collidepoint(event.pos):
            return None  # a click on the prompt's words; the board under it waits
        for r in self.panel.rows:
            if r.kind == "player" and r.rect.collidepoint(event.pos):
                self.focus = r.ref
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

    def cancel(self) -> bool:
        if not (self.selected or self.blockage_mode or self.offer or self.pickup):
            return False
        self._cancel()
        return True

    # -- what the person may do, asked of the rules -----------------------------------------------
    def name(self, seat: int) -> str:
        return self.ctx.seats[seat].name if seat < len(self.ctx.seats) else f"Player {seat + 1}"

    def parts(self) -> dict[str, list[pygame.Rect]]:
        """Each place (its marker and name) by its name, each player's vehicles by the player's
        name ("Robin", "Robin's van", "Robin's bike"), and in the panel each player's line
        ("Robin's card") and the open contracts shown under it ("Robin's contracts")."""
        m = self.map
        sc = m.scale()
        out: dict[str, list[pygame.Rect]] = {}
        for name in self.board.places:
            x, y = m.place_xy(name)
            r = pygame.Rect(int(x - 8 * sc), int(y - 8 * sc), int(16 * sc), int(16 * sc))
            label = m.labels.get(name) if getattr(m, "labels", None) else None
            out[name] = [r.union(label) if label is not None else r]
        s = self.seen
        if s is None:
            return out
        for seat, kind, spot in pieces.vehicle_spots(m, s):
            box = pieces._parked_box(m, spot)
            name = self.ctx.seats[seat].name
            out.setdefault(name, []).append(box)
            out[f"{name}'s {kind}"] = [box]
        names = [seat.name for seat in self.ctx.seats]
        owners = {c.id: c.owner for c in s.contracts}
        for row in self.panel.rows:
            if row.kind == "player" and isinstance(row.ref, int) and row.ref < len(names):
                out[f"{names[row.ref]}'s card"] = [pygame.Rect(row.rect)]
            elif row.kind == "contract" and owners.get(row.ref) is not None:
                out.setdefault(f"{names[owners[row.ref]]}'s contracts", []).append(pygame.Rect(row.rect))
        return out

    def colour(self, seat: int) -> tuple:
        return tuple(self.ctx.seats[seat].colour) if seat < len(self.ctx.seats) else theme.INK_SOFT

    def _named(self, text: str) -> str:
        for i, s in enumerate(self.ctx.seats):
            text = text.replace(f"Player {i + 1}", s.name)
        return counted(text)

    def my_turn(self) -> bool:
        s = self.seen
        return (self.seat is not None and s is not None and s.phase == "play" and s.auction is None
                and s.current == self.seat)

    def drives(self, kind: str) -> dict[str, A.Drive]:
        return {a.dest: a for a in self.legal if isinstance(a, A.Drive) and a.vehicle == kind}

    def reach(self, kind: str):
        if not self.my_turn():
            return {}
        drives = self.drives(kind)
        reach = self.table.reachable(self.seat, kind)
        return {d: r for d, r in reach.items() if d in drives}

    _reach = reach  # the name older tests know

    def affordable(self, blockage: int) -> bool:
        return any(isinstance(a, A.MoveBlockage) and a.blockage == blockage for a in self.legal)

    def why(self, action: Action) -> str:
        """The rules' reason for refusing ``action`` now."""
        return self.table.why_not(action)

    def _why_no_blockage(self) -> str:
        return self.table.why_no_blockage(self.seat)

    @property
    def table(self) -> NextDayTable:
        """The rules asked about the position shown (there is one once ``show`` has run)."""
        assert self._table_now is not None, "no position shown yet"
        return self._table_now

    def vehicle_spots(self) -> list[tuple[int, str, tuple[float, float]]]:
        return pieces.vehicle_spots(self.map, self.seen)

    def vehicle_at(self, pos: tuple[int, int]) -> tuple[int, str] | None:
        return pieces.vehicle_at(self.map, self.seen, pos)

    def blockage_at(self, pos: tuple[int, int]) -> int | None:
        return pieces.blockage_at(self.map, self.seen, pos)

    # -- the person's own choices ----------------------------------------------------------------
    def _cancel(self) -> None:
        self.selected, self.blockage_mode, self.picked_blockage, self.offer, self.pickup = None, False, None, None, None
        self._rebuild()

    def _toggle_blockage(self) -> None:
        self.blockage_mode = not self.blockage_mode
        self.picked_blockage = None
        self.selected = None

    def _opener(self, vehicle: str, contract: int) -> Callable[[], None]:
        """What a "bid for" button does (a partial, so a copy of the view opens its own offer)."""
        return functools.partial(self._open_offer, vehicle, contract)

    def _open_offer(self, vehicle: str, contract: int) -> None:
        self.offer = (vehicle, contract)
        self.amount = self.seen.contracts[contract].price - 1

    def _key(self, event: pygame.event.Event) -> Action | None:
        """V / B pick the van / bike (the ring goes onto it, so the arrows start there); E ends the
        turn from wherever the focus is, or says the rules' reason why not."""
        if getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return None
        if event.key == pygame.K_e:
            end = next((a for a in self.legal if isinstance(a, A.EndTurn)), None)
            if end is None:
                self.refusal = self.why(A.EndTurn(self.seat))
            return end
        if event.key == pygame.K_v:
            self.selected = "van"
        elif event.key == pygame.K_b:
            self.selected = "bike"
        else:
            return None
        self.blockage_mode, self.picked_blockage = False, None
        self._rebuild()
        self.focus_request = ("vehicle", self.selected)
        return None

    def _board_click(self, pos: tuple[int, int]) -> Action | None:
        s = self.seen
        if s.phase == "setup":
            place = self.map.place_at(pos)
            hand = s.players[self.seat].hand
            if place in hand:
                return self._pick_card(place)
            return None
        if not self.my_turn():
            return None
        hit = pieces.hit(self, pos)  # the same reading the keyboard's targets are placed by
        if hit is not None and hit[0] == "blockage":
            self.blockage_mode, self.picked_blockage, self.dragging, self.selected = True, hit[1], True, None
            self._pressed_at = pos
            self._rebuild()
            return None
        if self.blockage_mode and self.picked_blockage is not None:
            return self._drop_blockage(pos)
        if hit is not None and hit[0] == "vehicle":
            self.selected = None if self.selected == hit[1] else hit[1]
            self.blockage_mode = False
            self._rebuild()
            return None
        place = hit[1] if hit is not None else None  # what is left is a place, or nothing
        if self.selected:
            drive = self.drives(self.selected).get(place) if place else None
            if drive is not None:
                return drive
            if place:  # not a drive on offer: the rules say why
                self.refusal = self.table.drive_refusal(self.seat, self.selected, place)
        elif place:
            self.refusal = "Click your van or bike first, then where it should drive."
        return None

    def _drop_blockage(self, pos: tuple[int, int]) -> Action | None:
        if self.picked_blockage is None:
            return None
        road = self.map.road_at(pos)
        if road is None or road == self.seen.blockages[self.picked_blockage].road:
            return None  # let go where it was picked up: picked, not moved
        for a in self.legal:
            if isinstance(a, A.MoveBlockage) and a.blockage == self.picked_blockage and a.road == road:
                self.blockage_mode, self.picked_blockage = False, None
                return a
        self.refusal = self.table.blockage_refusal(self.seat, self.picked_blockage, road) or (
            "That road section is not one the blockage can move to.")
        return None

    def _card_picker(self, town: str) -> Callable[[], Action | None]:
        """What a set-up card's button does (a partial, so a copy of the view picks on itself)."""
        return functools.partial(self._pick_card, town)

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

    # -- layout of the panel and the prompt --------------------------------------------------------
    def _rebuild(self) -> None:
        self.buttons, self.panel, self.dialog = [], PanelLayout(), None
        s = self.seen
        if s is None:
            return
        if s.phase == "setup":
            if self.seat is not None and not s.players[self.seat].built:
                self.panel = panel.layout_setup(self, self.hooks)
            else:
                self.panel = panel.PanelLayout(rows=panel.players_rows(self, self.panel_rect))
        elif self.seat is not None and s.phase == "play" and not dialogs.is_open(self):
            actions, bottom = panel.play_buttons(self, self.hooks)
            note = None
            if self.blockage_mode:
                note = ("Now pick a green road section" if self.picked_blockage is not None
                        else "Pick a blockage on the map (or drag it)")
            self.panel = panel.layout_play(self, actions, bottom, note)
        else:
            self.panel = panel.PanelLayout(rows=panel.players_rows(self, self.panel_rect))
        if dialogs.is_open(self):
            self.dialog = dialogs.layout(self, self.why, functools.partial(setattr, self, "offer", None))
            self.buttons = list(self.dialog.buttons)
        else:
            self.buttons = list(self.panel.buttons)

    @property
    def dialog_rect(self) -> pygame.Rect:
        return self.dialog.rect if self.dialog is not None else pygame.Rect(0, 0, 0, 0)

    @property
    def dialog_text(self) -> str:
        return self.dialog.whole if self.dialog is not None else ""

    # -- keyboard ----------------------------------------------------------------------------------
    def controls_for(self, action: Action) -> list[Hashable] | None:
        return paths.controls_for(self, action)

    def focusables(self) -> list[Target]:
        """The legal places, vehicles, blockages, roads and towns on the map (zone board), the
        set-up hand (cards), the panel's buttons and lines (panel); only the prompt's controls
        while it is open. Each is chosen by a click at its point, which the view reads as the mouse's."""
        s = self.seen
        if s is None or self.seat is None:
            return []
        if self.dialog is not None:
            return self._dialog_targets(self.dialog)
        out = self._board_targets()
        for b in self.buttons:
            out.append(Target(pygame.Rect(b.rect), b.whole, key=(b.zone, b.extra.get("key", b.label), b.label),
                              zone=b.zone, enabled=b.enabled, why_not=b.why_not, within=self.panel_rect))
        for r in self.panel.rows:
            if r.kind in ("player", "contract", "vehicle", "more"):
                out.append(Target(pygame.Rect(r.rect), r.text, key=(r.kind, r.ref), zone="panel",
                                  within=self.panel_rect))
        return out

    def _dialog_targets(self, d: dialogs.Dialog) -> list[Target]:
        out = []
        bid = next((b for b in d.buttons if b.extra.get("key") == "bid"), None)
        if d.amount_rect is not None and bid is not None and d.nudge is not None:
            nudge = d.nudge

            def adjust(step: int) -> None:
                nudge(step)
                self._rebuild()

            out.append(Target(pygame.Rect(d.amount_rect), f"Your bid: {d.amount} credits per parcel. Left/Right "
                              "change it, Enter bids", key=("dialog", "amount"), zone="dialog",
                              point=bid.rect.center, adjust=adjust, within=d.rect))
        for b in d.buttons:
            out.append(Target(pygame.Rect(b.rect), b.whole, key=("dialog", b.extra.get("key", b.label)), zone="dialog",
                              enabled=b.enabled, why_not=b.why_not, within=d.rect))
        return out

    def _board_targets(self) -> list[Target]:
        s = self.seen
        m = self.map
        sc = m.scale()
        out: list[Target] = []

        def spot(key: Any, label: str, at: tuple[int, int] | None, size: float) -> None:
            if at is not None:
                r = pygame.Rect(0, 0, int(size * sc), int(size * sc))
                r.center = at
                out.append(Target(r, label, key=key, zone="board", point=at))

        if s.phase == "setup":
            p = s.players[self.seat]
            for b in self.buttons:
                town = b.extra.get("card")
                if town in self.board.places and b.enabled:
                    spot(("town", town), words.card_target(self, town),
                         pieces.click_spot(self, [m.place_xy(town)], ("place", town)), 26)
            return out
        if not self.my_turn():
            return out
        blockages = [b for b in s.blockages if self.affordable(b.id)]
        if self.blockage_mode and self.picked_blockage is None:
            for b in blockages:
                spot(("blockage", b.id), words.blockage_target(self, b),
                     pieces.click_spot(self, [m.blockage_spot(b.road)], ("blockage", b.id)), 28)
            return out
        if self.blockage_mode:
            roads = sorted({a.road for a in self.legal if isinstance(a, A.MoveBlockage)
                            and a.blockage == self.picked_blockage})
            for road in roads:
                spot(("road", road), words.road_target(self, road), pieces.road_spot(self, road), 18)
            return out
        for seat, kind, (x, y) in self.vehicle_spots():
            if seat == self.seat and (self.drives(kind) or self.selected == kind):
                spot(("vehicle", kind), words.vehicle_target(self, kind),
                     pieces.click_spot(self, [(int(x), int(y))], ("vehicle", kind)), 30)
                if self.selected and out and out[-1].key == ("vehicle", kind):
                    # a vehicle is picked: the arrows go from it to the places it can drive to and
                    # pass over the player's own pieces (Tab and Enter still reach them)
                    out[-1].zone = "tiles"
        if not self.selected:  # a blockage can be picked straight on the map, as with the mouse
            for b in blockages:
                spot(("blockage", b.id), words.blockage_target(self, b),
                     pieces.click_spot(self, [m.blockage_spot(b.road)], ("blockage", b.id)), 28)
        if self.selected:
            for place, r in sorted(self.reach(self.selected).items()):
                spot(("place", place), words.place_target(self, place, r),
                     pieces.click_spot(self, [m.place_xy(place), m.labels.get(place, pygame.Rect(0, 0, 0, 0)).center],
                                      ("place", place)), 24)
        return out

    def focus_origin(self) -> pygame.Rect | None:
        """The picked vehicle: the first arrow goes from it to a place that way."""
        if self.selected is None or self.seen is None or self.seat is None:
            return None
        t = next((t for t in self._board_targets() if t.key == ("vehicle", self.selected)), None)
        return pygame.Rect(t.rect) if t is not None else None

    # -- drawing -----------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        pieces.draw_board(self, surface)
        if self.dialog is not None:
            dialogs.draw_dialog(self, surface, self.dialog)
            hover = pygame.mouse.get_focused() and self.mouse
            for b in self.dialog.buttons:
                draw_button(surface, b, bool(hover) and b.rect.collidepoint(self.mouse), panel.button_size(b))

    def draw_panel(self, surface: pygame.Surface) -> None:
        if self.seen is None:
            return
        panel.draw_panel(self, surface, PanelLayout(self.panel.rows, [] if self.dialog else self.panel.buttons))

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        if self.keyboard_pointer is not None and tuple(pos) == tuple(self.keyboard_pointer):
            return None  # the focus ring's caption already says it; one card, not two
        return words.tooltip(self, pos)

    def hint_words(self, action: Action) -> str | None:
        return words.hint_words(self, action)

    def status(self) -> str:
        return words.status(self)


def make_view(ctx: ViewContext) -> NextDayView:
    return NextDayView(ctx)
