"""Doorstep Dash wired into the shared GameRules interface."""

from __future__ import annotations

from typing import Any

from courier.rules import serial
from courier.rules.base import Action, EndReason, Event, GameRules
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash import engine
from courier.rules.doorstep_dash.board import Board, board_from_map
from courier.rules.doorstep_dash.config import DoorstepConfig
from courier.rules.doorstep_dash.state import DashState
from courier.rules.doorstep_dash.table import DashTable
from courier.rules.mapdata import MapData


class DoorstepDash(GameRules[DoorstepConfig, DashState]):
    id = "doorstep-dash"
    title = "Doorstep Dash"
    version = 1
    min_players = 2
    max_players = 4
    maps = {"town": "doorstep_dash_town.tmx"}
    config_model = DoorstepConfig
    has_hidden_info = True
    blurb = ("Race your van round town delivering parcels door to door. Roll, drive, dodge hazards, "
             "set traps for your rivals and pick the best-paying streets.")

    # -- boards ---------------------------------------------------------------------------
    def board_from_map(self, data: MapData) -> Board:
        return board_from_map(data)

    # -- play: the engine module's protocol, wired ------------------------------------------
    def new_game(self, config: DoorstepConfig, seed: int) -> DashState:
        state, _ = engine.new_state(config, self.board(config), seed)
        return state

    def to_act(self, state: DashState) -> list[int]:
        return engine.to_act(state)

    def legal_actions(self, state: DashState, seat: int) -> list[Action]:
        return engine.legal_actions(state.config, self.board(state.config), state, seat)

    def apply(self, state: DashState, action: Action) -> list[Event]:
        return engine.apply(state.config, self.board(state.config), state, action)

    def view(self, state: DashState, seat: int | None) -> DashState:
        return engine.view(state.config, state, seat)

    def table(self, config: DoorstepConfig, seen: DashState, seat: int | None) -> DashTable:
        return DashTable(config, self.board(config), seen, seat)

    def parse_action(self, state: DashState, text: str) -> Action:
        seats = engine.to_act(state)
        return A.parse(text, seats[0] if seats else state.current)

    def is_over(self, state: DashState) -> bool:
        return state.phase == "over"

    def end_reason(self, state: DashState) -> EndReason | None:
        if state.phase == "over" and state.ended == "rounds":
            return EndReason.ROUND_LIMIT
        return super().end_reason(state)

    def scores(self, state: DashState) -> list[float]:
        return [float(p.score) for p in state.players]

    def winners(self, state: DashState) -> list[int]:
        best = max((p.score, len(p.delivered)) for p in state.players)
        return [i for i, p in enumerate(state.players) if (p.score, len(p.delivered)) == best]

    # -- saving ---------------------------------------------------------------------------
    def state_to_dict(self, state: DashState) -> dict[str, Any]:
        return serial.to_data(state)

    def state_from_dict(self, config: DoorstepConfig, data: dict[str, Any]) -> DashState:
        state = serial.from_data(DashState, data)
        state.config = config
        return state

    # -- presentation ---------------------------------------------------------------------
    def turn_label(self, state: DashState) -> str:
        if state.phase == "over":
            return "Game over"
        if state.phase == "opening":
            return f"Opening - {self.seat_name(state.config, state.current)} picks cards"
        return f"Round {state.round} - {self.seat_name(state.config, state.current)} to move"

    def score_breakdown(self, state: DashState) -> list[dict[str, Any]]:
        board = self.board(state.config)
        rows = []
        for i, p in enumerate(state.players):
            row: dict[str, Any] = {"seat": i, "score": p.score, "deliveries": len(p.delivered)}
            for colour in state.config.colour_points:
                row[colour] = sum(1 for h in p.delivered if board.houses[h].colour == colour)
            rows.append(row)
        return rows


GAME = DoorstepDash()
