"""Out For Delivery wired into Courier's game interface."""

from __future__ import annotations

from typing import Any

from courier.rules.base import Action, EndReason, Event, GameRules, IllegalAction
from courier.rules.mapdata import MapData
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery import engine
from courier.rules.out_for_delivery.board import Board, board_from_map
from courier.rules.out_for_delivery.config import OfdConfig
from courier.rules.out_for_delivery.state import OfdState
from courier.rules.out_for_delivery.table import OfdTable
from courier.rules.serial import from_data, to_data


class OutForDelivery(GameRules[OfdConfig, OfdState]):
    id = "out-for-delivery"
    title = "Out For Delivery"
    version = 1
    min_players = 2
    max_players = 4
    maps = {"The Six Cities": "out_for_delivery.tmx"}
    config_model = OfdConfig
    has_hidden_info = False
    blurb = (
        "Private couriers of old race between six cities, braving weather and mishaps, to deliver "
        "parcels before they go stale. Richest courier after twenty deliveries wins."
    )

    def board_from_map(self, data: MapData) -> Board:
        return board_from_map(data)

    # -- play ---------------------------------------------------------------------------------
    def new_game(self, config: OfdConfig, seed: int) -> OfdState:
        state, _ = engine.new_state(config, self.board(config), seed)
        return state

    def to_act(self, state: OfdState) -> list[int]:
        return engine.to_act(state)

    def legal_actions(self, state: OfdState, seat: int) -> list[Action]:
        cfg = self._cfg(state)
        return engine.legal_actions(cfg, self.board(cfg), state, seat)

    def apply(self, state: OfdState, action: Action) -> list[Event]:
        cfg = self._cfg(state)
        return engine.apply(cfg, self.board(cfg), state, action)

    def check(self, state: OfdState, action: Action) -> str | None:
        """Why ``action`` would be refused now (None when it is allowed)."""
        cfg = self._cfg(state)
        return engine.check(cfg, self.board(cfg), state, action)

    def table(self, config: OfdConfig, seen: OfdState, seat: int | None) -> OfdTable:
        return OfdTable(config, self.board(config), seen, seat)

    def parse_action(self, state: OfdState, text: str) -> Action:
        seats = engine.to_act(state)
        if not seats:
            raise IllegalAction("the game is over")
        return A.parse(text.strip(), seats[0], self.board(self._cfg(state)))

    def view(self, state: OfdState, seat: int | None) -> OfdState:
        return engine.view(self._cfg(state), state, seat)

    def is_over(self, state: OfdState) -> bool:
        return state.phase == "over"

    def end_reason(self, state: OfdState) -> EndReason | None:
        if state.phase == "over" and state.delivered_total < self._cfg(state).deliveries_to_end:
            return EndReason.ROUND_LIMIT
        return super().end_reason(state)

    def scores(self, state: OfdState) -> list[float]:
        cfg = self._cfg(state)
        return [float(engine.wealth(cfg, p)) for p in state.players]

    # -- saving -------------------------------------------------------------------------------
    def state_to_dict(self, state: OfdState) -> dict[str, Any]:
        return to_data(state)

    def state_from_dict(self, config: OfdConfig, data: dict[str, Any]) -> OfdState:
        state = from_data(OfdState, data)
        state.config = config
        return state

    # -- presentation -------------------------------------------------------------------------
    def turn_label(self, state: OfdState) -> str:
        if state.phase == "over":
            return f"Game over after round {state.round}"
        if state.phase == "start":
            return f"Set-up - {self.seat_name(state.config, state.current)} chooses a start city"
        if state.phase == "answer" and state.offer:
            return f"Round {state.round} - {self.seat_name(state.config, state.offer.partner)} answers a trade"
        return f"Round {state.round} - {self.seat_name(state.config, state.current)} to move"

    def score_breakdown(self, state: OfdState) -> list[dict[str, Any]]:
        cfg = self._cfg(state)
        rows = []
        for i, p in enumerate(state.players):
            rows.append(
                {
                    "seat": i,
                    "score": engine.wealth(cfg, p),
                    "Gold": p.gold,
                    "Items": cfg.item_worth * len(p.items),
                    "Undelivered": -cfg.undelivered_penalty * len(p.parcels),
                    "Delivered": p.delivered,
                }
            )
        return rows

    # -- helpers ------------------------------------------------------------------------------
    def _cfg(self, state: OfdState) -> OfdConfig:
        return state.config


GAME = OutForDelivery()
__all__ = ["GAME", "OutForDelivery"]
