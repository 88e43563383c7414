"""Effects for Out For Delivery: the rules' events turned into tumbling dice, the round-start
card, travel along paths and gold pops.

Each piece holds tweens run by one Animator, so speed and reduced motion apply to all.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

import pygame

from courier.rules.base import Event
from courier.rules.out_for_delivery import events as E
from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.config import ITEMS, OBSTACLES, WEATHERS, OfdConfig
from courier.rules.out_for_delivery.state import OfdState
from courier.scenes.games.out_for_delivery import pieces
from courier.scenes.games.out_for_delivery import mapart
from courier.ui import draw, palette, sprites, theme
from courier.ui.sound import cue
from courier.ui.tween import Animator, PathTween, Tween, Wait, ease_out_cubic, linear
from courier.words import plural

#: what a round's start shows on its card (see ``round_rows``)
ROUND_CARD: tuple[type[Event], ...] = (E.ParcelsAdvanced, E.ParcelsGenerated, E.Weather, E.Obstacle)
DICE_TITLES: dict[type[Event], str] = {E.Rolled: "Movement roll", E.ItemRolled: "Item roll", E.Bought: "Buying an item"}
DEAL_WORDS: dict[type[Event], str] = {E.Stole: "stolen!", E.Traded: "deal!", E.Declined: "no deal"}
#: the events drawn on the board (see ``Effects.animate``), and those shown only as the log's line
DRAWN: tuple[type[Event], ...] = (*ROUND_CARD, E.Moved, E.Flew, *DICE_TITLES, E.Delivered, E.PickedUp, E.Sold,
                                  E.Used, *DEAL_WORDS)
SILENT: tuple[type[Event], ...] = (E.Started, E.Offered, E.TurnEnded, E.GameOver)
#: what each event sounds like (the others are quiet)
SOUNDS: dict[type[Event], str] = {E.Rolled: "roll", E.ItemRolled: "roll", E.Moved: "tick", E.PickedUp: "tick",
                                  E.Delivered: "chime"}
cue(SOUNDS)

COLOUR = palette.roles("out_for_delivery")  # this game's colours by role, read from the active palette


def tumbling_faces(values: list[int], t: Tween) -> list[int]:
    """Faces shown while dice roll: changing quickly, then landing on the rolled values."""
    if t.done or t.progress >= 0.8:
        return values
    step = int(t.progress * 14)
    return [((v * 7 + step * (3 + i) + i * 5) % 6) + 1 for i, v in enumerate(values)]


def draw_dice(surf: pygame.Surface, center: tuple[float, float], size: int, values: list[int], t: Tween | None) -> None:
    faces = tumbling_faces(values, t) if t is not None else values
    spin = 0.0 if t is None or t.done or t.progress >= 0.8 else (1 - t.progress) * 40
    gap = size // 5
    total = len(faces) * size + (len(faces) - 1) * gap
    for i, f in enumerate(faces):
        img = sprites.die(f, size)
        bounce = 0.0 if t is None or t.done else abs(math.sin(t.progress * math.pi * 3)) * size * 0.25 * (1 - t.progress)
        if spin:
            img = pygame.transform.rotate(img, spin * (1 if i % 2 else -1))
        cx = center[0] - total / 2 + i * (size + gap) + size / 2
        surf.blit(img, img.get_rect(center=(int(cx), int(center[1] - bounce))))


@dataclass
class Pop:
    """Text that rises and fades from a point on the board (gold earned, an item found)."""

    text: str
    xy: tuple[float, float]  # tile coordinates (float), so it follows re-layouts
    colour: tuple[int, int, int]
    tween: Tween

    def draw(self, surf: pygame.Surface, point: tuple[float, float], tile: float) -> None:
        if not self.tween.started or self.tween.done:
            return
        p = self.tween.progress
        x, y = point
        y -= tile * (0.6 + 1.2 * ease_out_cubic(p))
        img = draw.render_text(self.text, mapart.map_size(tile * 0.6, 12), self.colour, bold=True)
        halo = draw.render_text(self.text, mapart.map_size(tile * 0.6, 12), COLOUR.text_halo, bold=True)
        alpha = 255 if p < 0.7 else int(255 * (1 - (p - 0.7) / 0.3))
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            h = halo.copy()
            h.set_alpha(alpha)
            surf.blit(h, h.get_rect(center=(int(x + dx), int(y + dy))))
        im = img.copy()
        im.set_alpha(alpha)
        surf.blit(im, im.get_rect(center=(int(x), int(y))))


@dataclass
class DiceShow:
    """A movement or item roll shown over the board, landing on the rolled value."""

    title: str
    values: list[int]
    tween: Tween
    hold: Tween

    def visible(self) -> bool:
        return self.tween.started and not self.hold.done

    def draw(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        if not self.visible():
            return
        P = theme.px
        card = pygame.Rect(0, 0, min(P(300), rect.width - P(20)), P(130))
        card.center = (rect.centerx, rect.y + rect.height * 0.3)
        draw.panel(surf, card, fill=COLOUR.card, border=COLOUR.card_edge_light, radius=P(12))
        draw.text(surf, self.title, (card.centerx, card.y + P(10)), 16, theme.INK, bold=True, serif=True, anchor="midtop", max_width=card.width - P(20))
        draw_dice(surf, (card.centerx, card.y + P(80)), P(54), self.values, self.tween)


@dataclass
class CardRow:
    text: str
    dice: list[int] = field(default_factory=list)
    icon: str = ""  # weather family for a weather row
    heavy: bool = False
    tween: Tween | None = None


@dataclass
class RoundCard:
    """The start of a round: parcels advance, new parcels, weather per region and the event."""

    title: str
    rows: list[CardRow]
    intro: Tween
    hold: Tween

    def visible(self) -> bool:
        return self.intro.started and not self.hold.done

    def draw(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        if not self.visible():
            return
        P = theme.px
        w = min(P(600), rect.width - P(40))
        row_h = P(40)
        h = P(58) + row_h * len(self.rows)
        card = pygame.Rect(0, 0, w, h)
        card.center = rect.center
        a = self.intro.value if not self.intro.done else 1.0
        card.y += int((1 - a) * P(30))
        draw.panel(surf, card, fill=COLOUR.card_old, border=COLOUR.card_edge, radius=P(12))
        pygame.draw.rect(surf, COLOUR.card_edge, card.inflate(-P(10), -P(10)), 1, border_radius=P(8))
        draw.text(surf, self.title, (card.centerx, card.y + P(12)), 22, theme.INK, bold=True, serif=True, anchor="midtop", max_width=card.width - P(30))
        y = card.y + P(50)
        for row in self.rows:
            shown = row.tween is None or row.tween.started
            if not shown:
                y += row_h
                continue
            x = card.x + P(22)
            if row.dice:
                draw_dice(surf, (x + P(34), y + P(16)), P(28), row.dice, row.tween)
                x += P(80)
            landed = row.tween is None or row.tween.done or row.tween.progress >= 0.8
            if row.icon and landed:
                pieces.weather_icon(surf, (x + P(14), y + P(16)), P(28), row.icon, row.heavy)
                x += P(36)
            if landed:
                draw.text(surf, row.text, (x, y + P(16)), 15, theme.INK, anchor="midleft", max_width=card.right - x - P(16))
            y += row_h


def round_rows(events: list, board, cfg) -> list[CardRow]:
    """Card rows from the round-start events (in the order they happened)."""
    rows: list[CardRow] = []
    for e in events:
        if isinstance(e, E.ParcelsAdvanced):
            lost = e.lost
            text = "Every parcel moves one square right."
            if lost:
                text += (f" {plural(len(lost), 'parcel')} fell off (-{cfg.fall_off_penalty} g"
                         f"{' each' if len(lost) > 1 else ''}).")
            rows.append(CardRow(text))
        elif isinstance(e, E.ParcelsGenerated):
            n = sum(len(v) for v in e.cities.values())
            rows.append(CardRow(f"{plural(n, 'new parcel')} {'waits' if n == 1 else 'wait'} in the cities."))
        elif isinstance(e, E.Weather):
            w = WEATHERS[e.weather]
            reg = board.regions[e.region].name
            rows.append(CardRow(f"{reg}: {w.name}, {w.dmc_halves / 2:g} MP a step", list(e.dice), w.family, w.dmc_halves >= 6))
        elif isinstance(e, E.Obstacle):
            o = OBSTACLES[e.obstacle]
            rows.append(CardRow(f"{o.name}: {o.text}", list(e.dice)))
    return rows


def roll_tween(speed_s: float = 0.9) -> Tween:
    return Tween(0.0, 1.0, speed_s, linear)


def hold(seconds: float, on_done=None) -> Wait:
    return Wait(seconds, on_done)


class Effects:
    """Everything animating on the board now, queued from the rules' events."""

    def __init__(self, board: Board, cfg: OfdConfig, names: list[str], speed: float, reduced: bool) -> None:
        self.board, self.cfg, self.names = board, cfg, names
        self.anim = Animator(speed, reduced)
        self._last: Tween | None = None
        self.moving: dict[int, PathTween] = {}
        self.pops: list[Pop] = []
        self.shows: list[DiceShow] = []
        self.card: RoundCard | None = None
        self.slide: Tween | None = None  # parcels sliding one square right at a round's start

    def busy(self) -> bool:
        return self.anim.busy()

    def update(self, dt: float) -> None:
        self.anim.update(dt)
        self.pops = [p for p in self.pops if not p.tween.done]
        self.shows = [s for s in self.shows if not s.hold.done]
        self.moving = {k: t for k, t in self.moving.items() if not t.done}

    def card_up(self) -> bool:
        return self.card is not None and self.card.visible()

    def rolling(self) -> bool:
        """A movement roll is still tumbling (the MP it gives is not shown yet)."""
        return any(d.visible() and not d.tween.done for d in self.shows)

    def covering(self) -> bool:
        """A dice card or the round card lies over the board (a click there is for the card)."""
        return self.card_up() or any(d.visible() for d in self.shows)

    def lag(self) -> float:
        """How far back toward their old square the parcels are drawn (0..1) during the slide."""
        if self.slide is not None and not self.slide.done:
            return 1.0 - (self.slide.value if self.slide.started else 0.0)
        return 0.0

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
        self.pops.append(Pop(text, cell_xy, colour, t))

    def animate(self, events: Sequence[Event], view_after: OfdState, geo: mapart.Geometry) -> None:
        events = list(events)
        round_events = [e for e in events if isinstance(e, ROUND_CARD)]
        for e in events:
            if isinstance(e, (E.Moved, E.Flew)) and e.path:
                pts = [geo.point((p[0], p[1])) for p in e.path]
                speed = geo.tile * (9 if isinstance(e, E.Moved) else 14)
                t = PathTween(pts, speed=speed)
                self._queue(t)
                self.moving[e.seat] = t
            elif isinstance(e, (E.Rolled, E.ItemRolled, E.Bought)):
                title = DICE_TITLES[type(e)]
                who = self.names[e.seat]
                roll = roll_tween()
                wait = hold(0.7)
                self._queue(roll)
                self._queue(wait)
                self.shows.append(DiceShow(f"{who}: {title}", list(e.dice), roll, wait))
                if not isinstance(e, E.Rolled):
                    self._pop(ITEMS[e.item].name, self._seat_xy(view_after, e.seat), theme.ACCENT_DARK)
            elif isinstance(e, E.Delivered):
                self._pop(f"+{e.gold} g", (e.cell[0], e.cell[1]), theme.GOOD)
            elif isinstance(e, E.PickedUp):
                self._pop("parcel!", (e.cell[0], e.cell[1]), theme.INK)
            elif isinstance(e, E.Sold):
                self._pop(f"+{e.gold} g", self._seat_xy(view_after, e.seat), theme.GOOD)
            elif isinstance(e, (E.Used, E.Stole, E.Traded, E.Declined)):
                word = ITEMS[e.item].name if isinstance(e, E.Used) else DEAL_WORDS[type(e)]
                self._pop(word, self._seat_xy(view_after, e.seat), theme.ACCENT_DARK)
        if round_events:
            self._round_card(round_events, view_after)

    def _round_card(self, events: list[Event], view_after: OfdState) -> None:
        rows = round_rows(events, self.board, self.cfg)
        intro = Tween(0.0, 1.0, 0.35, ease_out_cubic)
        self._queue(intro)
        if any(e.moved for e in events if isinstance(e, E.ParcelsAdvanced)):
            self.slide = Tween(0.0, 1.0, 0.6, ease_out_cubic)
            self.anim.add(self.slide, after=intro)
        for row in rows:
            if row.dice:
                row.tween = self._queue(roll_tween(0.75))
        wait = self._queue(hold(1.4))
        self.card = RoundCard(f"Round {view_after.round} begins", rows, intro, wait)
        for e in events:
            for lost in e.lost if isinstance(e, E.ParcelsAdvanced) else []:
                self._pop(f"-{-lost['gold']} g", self._seat_xy(view_after, lost["seat"]), theme.BAD, together=False)

    def _seat_xy(self, v: OfdState, seat: int) -> tuple[float, float]:
        cell = v.players[seat].cell
        return self.board.xy(cell) if cell >= 0 else (0.0, 0.0)

    def draw(self, surface: pygame.Surface, geo: mapart.Geometry, board_rect: pygame.Rect) -> None:
        for p in self.pops:
            p.draw(surface, geo.point(p.xy), geo.tile)
        for s in self.shows:
            s.draw(surface, board_rect)
        if self.card is not None:
            self.card.draw(surface, geo.rect)
