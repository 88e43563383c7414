"""A tiny real ruleset for testing the engine: two seats, hidden hands and a die.

"Dice and Cards": each seat holds a hidden hand of number cards. On your turn you may play any
number of cards (each adds its value to your score, no new information), then either ``roll``
(a die adds to your score: a reveal) or ``draw`` (take the top card of the hidden deck: a
reveal) or ``pass``. After ``rounds`` rounds the highest score wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from courier.rules import registry
from courier.rules.base import Action, Event, GameConfig, GameRules, IllegalAction, UntypedEvent
from courier.rules.rng import Rng
from courier.rules.serial import from_data, to_data

GAME_ID = "test-dice-cards"


class FakeConfig(GameConfig):
    rounds: int = 3
    hand_size: int = 3


@dataclass
class FakeState:
    rng: Rng
    hands: list[list[int]]
    deck: list[int]
    scores: list[int]
    turn: int = 0
    round: int = 1
    rounds: int = 3
    over: bool = False

    def clone(self) -> "FakeState":
        return FakeState(
            rng=self.rng.clone(),
            hands=[list(h) for h in self.hands],
            deck=list(self.deck),
            scores=list(self.scores),
            turn=self.turn,
            round=self.round,
            rounds=self.rounds,
            over=self.over,
        )


@dataclass(frozen=True)
class Play(Action):
    card: int = 0

    def to_text(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class Roll(Action):
    def to_text(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Draw(Action):
    def to_text(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Pass(Action):
    def to_text(self) -> str:
        return "pass"


class DiceAndCards(GameRules[FakeConfig, FakeState]):
    id: ClassVar[str] = GAME_ID
    title: ClassVar[str] = "Dice and Cards"
    version: ClassVar[int] = 1
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    config_model = FakeConfig
    has_hidden_info = True

    def new_game(self, config: FakeConfig, seed: int) -> FakeState:
        rng = Rng(seed)
        deck = [v for v in range(1, 10) for _ in range(2)]
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(config.hand_size)] for _ in range(config.players)]
        return FakeState(rng=rng, hands=hands, deck=deck, scores=[0] * config.players, rounds=config.rounds)

    def to_act(self, state: FakeState) -> list[int]:
        return [] if state.over else [state.turn]

    def legal_actions(self, state: FakeState, seat: int) -> list[Action]:
        if state.over or seat != state.turn:
            return []
        out: list[Action] = [Play(seat, c) for c in sorted(set(state.hands[seat]))]
        out.append(Roll(seat))
        if state.deck:
            out.append(Draw(seat))
        out.append(Pass(seat))
        return out

    def apply(self, state: FakeState, action: Action) -> list[Event]:
        if state.over:
            raise IllegalAction("The game is over.")
        if action.seat != state.turn:
            raise IllegalAction(f"It is not seat {action.seat + 1}'s turn.")
        seat = action.seat
        if isinstance(action, Play):
            if action.card not in state.hands[seat]:
                raise IllegalAction(f"You hold no {action.card}.")
            state.hands[seat].remove(action.card)
            state.scores[seat] += action.card
            return [UntypedEvent("played", f"Seat {seat + 1} plays a {action.card}.", {"seat": seat, "card": action.card})]
        if isinstance(action, Roll):
            value = state.rng.die()
            state.scores[seat] += value
            events = [UntypedEvent("rolled", f"Seat {seat + 1} rolls {value}.", {"seat": seat, "value": value}, reveals=True)]
        elif isinstance(action, Draw):
            if not state.deck:
                raise IllegalAction("The deck is empty.")
            state.hands[seat].append(state.deck.pop())
            events = [UntypedEvent("drew", f"Seat {seat + 1} draws a card.", {"seat": seat}, reveals=True)]
        elif isinstance(action, Pass):
            events = [UntypedEvent("passed", f"Seat {seat + 1} passes.", {"seat": seat})]
        else:
            raise IllegalAction("Unknown action.")
        self._next_turn(state)
        return events

    def _next_turn(self, state: FakeState) -> None:
        state.turn = (state.turn + 1) % len(state.hands)
        if state.turn == 0:
            state.round += 1
        if state.round > state.rounds:
            state.over = True

    def parse_action(self, state: FakeState, text: str) -> Action:
        seat = state.turn
        m = re.fullmatch(r"play (\d+)", text)
        if m:
            return Play(seat, int(m.group(1)))
        simple = {"roll": Roll, "draw": Draw, "pass": Pass}
        if text in simple:
            return simple[text](seat)
        raise IllegalAction(f"Not an action: {text!r}")

    def view(self, state: FakeState, seat: int | None) -> FakeState:
        v = state.clone()
        v.rng = Rng(0)  # the future rolls are secret from everyone
        v.deck = [0] * len(state.deck)
        for s in range(len(v.hands)):
            if s != seat:
                v.hands[s] = [0] * len(v.hands[s])
        return v

    def is_over(self, state: FakeState) -> bool:
        return state.over

    def scores(self, state: FakeState) -> list[float]:
        return [float(s) for s in state.scores]

    def state_to_dict(self, state: FakeState) -> dict[str, Any]:
        return to_data(state)

    def state_from_dict(self, config: FakeConfig, data: dict[str, Any]) -> FakeState:
        return from_data(FakeState, data)

    def turn_label(self, state: FakeState) -> str:
        return f"Round {state.round} - seat {state.turn + 1} to play"


GAME = registry.register(DiceAndCards())
