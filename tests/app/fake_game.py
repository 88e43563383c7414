"""A tiny real game and view for testing the shell without waiting for the four games.

"Parcel Race": each seat has a van on a track of ``length`` spaces and a hidden stash of
parcels. On your turn you ``roll`` (the die is a reveal) and move on, or ``wait``. First to the
end wins; a cap on turns keeps random games short.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

import pygame

from courier.rules import registry
from courier.rules.base import Action, Event, GameConfig, GameRules, IllegalAction, UntypedEvent
from courier.rules.rng import Rng
from courier.rules.serial import from_data, to_data
from courier.ui import draw, sprites, theme
from courier.ui.game_view import GameView, ViewContext
from courier.ui.tween import Animator, PathTween

GAME_ID = "test-parcel-race"


class RaceConfig(GameConfig):
    length: int = 12
    max_turns: int = 30


@dataclass
class RaceState:
    rng: Rng
    pos: list[int]
    stash: list[int]
    turn: int = 0
    turns: int = 0
    over: bool = False
    length: int = 12
    max_turns: int = 30

    def clone(self) -> "RaceState":
        return RaceState(self.rng.clone(), list(self.pos), list(self.stash), self.turn, self.turns, self.over,
                         self.length, self.max_turns)


@dataclass(frozen=True)
class Roll(Action):
    def to_text(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Wait(Action):
    def to_text(self) -> str:
        return "wait"


class ParcelRace(GameRules[RaceConfig, RaceState]):
    id: ClassVar[str] = GAME_ID
    title: ClassVar[str] = "Parcel Race"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    config_model = RaceConfig
    has_hidden_info = True
    blurb = "A test race: roll the die and drive your van to the depot first."

    def new_game(self, config: RaceConfig, seed: int) -> RaceState:
        rng = Rng(seed)
        return RaceState(rng, [0] * config.players, [rng.randint(1, 5) for _ in range(config.players)],
                         length=config.length, max_turns=config.max_turns)

    def to_act(self, state: RaceState) -> list[int]:
        return [] if state.over else [state.turn]

    def legal_actions(self, state: RaceState, seat: int) -> list[Action]:
        if state.over or seat != state.turn:
            return []
        return [Roll(seat), Wait(seat)]

    def apply(self, state: RaceState, action: Action) -> list[Event]:
        if state.over or action.seat != state.turn:
            raise IllegalAction("It is not your turn.")
        seat = action.seat
        if isinstance(action, Roll):
            v = state.rng.die()
            start = state.pos[seat]
            state.pos[seat] = min(state.length, start + v)
            events = [UntypedEvent("rolled", f"Seat {seat + 1} rolls a {v}.", {"seat": seat, "value": v}, reveals=True),
                      UntypedEvent("moved", f"Seat {seat + 1} drives to space {state.pos[seat]}.",
                            {"seat": seat, "path": list(range(start, state.pos[seat] + 1))})]
        elif isinstance(action, Wait):
            events = [UntypedEvent("waited", f"Seat {seat + 1} waits.", {"seat": seat})]
        else:
            raise IllegalAction("Unknown action.")
        state.turns += 1
        if state.pos[seat] >= state.length or state.turns >= state.max_turns:
            state.over = True
        state.turn = (state.turn + 1) % len(state.pos)
        return events

    def parse_action(self, state: RaceState, text: str) -> Action:
        if text == "roll":
            return Roll(state.turn)
        if text == "wait":
            return Wait(state.turn)
        raise IllegalAction(f"Not an action: {text!r}")

    def view(self, state: RaceState, seat: int | None) -> RaceState:
        v = state.clone()
        v.rng = Rng(0)
        v.stash = [s if i == seat else 0 for i, s in enumerate(v.stash)]
        return v

    def is_over(self, state: RaceState) -> bool:
        return state.over

    def scores(self, state: RaceState) -> list[float]:
        return [float(p) for p in state.pos]

    def score_breakdown(self, state: RaceState) -> list[dict[str, Any]]:
        return [{"seat": i, "distance": p, "stash": s, "score": p} for i, (p, s) in enumerate(zip(state.pos, state.stash))]

    def state_to_dict(self, state: RaceState) -> dict[str, Any]:
        return to_data(state)

    def state_from_dict(self, config: RaceConfig, data: dict[str, Any]) -> RaceState:
        return from_data(RaceState, data)

    def turn_label(self, state: RaceState) -> str:
        return f"Turn {state.turns + 1} - seat {state.turn + 1} to play"


GAME = registry.register(ParcelRace())


class RaceView(GameView):
    """Draws the track and vans; Space or a click on the board rolls, W waits."""

    def __init__(self, ctx: ViewContext) -> None:
        super().__init__(ctx)
        self.state: RaceState | None = None
        self.seat: int | None = None
        self.legal: list[Action] = []
        self.anim = Animator(ctx.anim_speed, ctx.reduced_motion)
        self.moving: dict[int, PathTween] = {}
        self.shown_seats: list[int | None] = []

    def show(self, view: Any, seat: int | None, legal: Sequence[Action]) -> None:
        self.state, self.seat, self.legal = view, seat, list(legal)
        self.shown_seats.append(seat)

    def _xy(self, seat: int, space: float) -> tuple[float, float]:
        r = self.board_rect
        n = self.state.length if self.state else 12
        return (r.left + 60 + (r.width - 120) * space / n, r.top + 80 + seat * 90)

    def animate(self, events: Sequence[Event], view_after: Any) -> None:
        for e in events:
            if e.kind == "moved":
                seat = e.data["seat"]
                self.moving[seat] = self.anim.add(PathTween([self._xy(seat, p) for p in e.data["path"]], speed=400))

    def animating(self) -> bool:
        return self.anim.busy()

    def update(self, dt: float) -> None:
        self.anim.update(dt)
        self.moving = {s: t for s, t in self.moving.items() if not t.done}

    def handle_event(self, event: pygame.event.Event) -> Action | None:
        if self.seat is None or not self.legal:
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            return self.legal[0]
        if event.type == pygame.KEYDOWN and event.key == pygame.K_w:
            return self.legal[1]
        if event.type == pygame.MOUSEBUTTONDOWN and self.board_rect.collidepoint(event.pos):
            return self.legal[0]
        return None

    def draw_board(self, surface: pygame.Surface) -> None:
        if self.state is None:
            return
        for seat, pos in enumerate(self.state.pos):
            a, b = self._xy(seat, 0), self._xy(seat, self.state.length)
            pygame.draw.line(surface, theme.INK_SOFT, a, b, 4)
            tw = self.moving.get(seat)
            x, y = tw.value if tw is not None else self._xy(seat, pos)
            img = sprites.tinted("van", self.ctx.seats[seat].colour, 64)
            surface.blit(img, img.get_rect(center=(int(x), int(y))))

    def draw_panel(self, surface: pygame.Surface) -> None:
        if self.state is None:
            return
        for seat, line in enumerate(self._stash_lines()):
            y = self.panel_rect.top + theme.px(10) + seat * theme.px(30)
            draw.text(surface, line, (self.panel_rect.left + theme.px(10), y), 16,
                      max_width=self.panel_rect.width - theme.px(20))

    def _stash_lines(self) -> list[str]:
        assert self.state is not None
        return [f"{self.ctx.seats[seat].name}: stash {stash or '?'}" for seat, stash in enumerate(self.state.stash)]

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        if self.panel_rect.collidepoint(pos) and self.state is not None:
            row = (pos[1] - self.panel_rect.top - theme.px(10)) // theme.px(30)
            lines = self._stash_lines()
            return lines[row] if 0 <= row < len(lines) else None
        return "The track" if self.board_rect.collidepoint(pos) else None

    def status(self) -> str:
        return "Press Space to roll" if self.seat is not None else ""


def make_view(ctx: ViewContext) -> RaceView:
    return RaceView(ctx)
