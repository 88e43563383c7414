"""Next Day wired into the shared rules interface."""

from __future__ import annotations

from typing import Any

from courier.rules import serial
from courier.rules.base import Action, EndReason, Event, GameRules
from courier.rules.mapdata import MapData
from courier.rules.next_day import actions as A
from courier.rules.next_day import engine, setup
from courier.rules.next_day.board import Board, board_from_map
from courier.rules.next_day.config import NextDayConfig
from courier.rules.next_day.explain import drive_refusal, move_over_reason
from courier.rules.next_day.movement import blockage_refusal, reachable
from courier.rules.next_day.state import NextDayState
from courier.rules.next_day.table import NextDayTable


class NextDay(GameRules[NextDayConfig, NextDayState]):
    id = "next-day"
    title = "Next Day"
    #: 2: a route back through its own start no longer pays congestion for the moving vehicle
    version = 2
    version_field = "rules_version"
    earliest_version = 1
    #: the builds between that change and raising the version still marked their saves 1:
    #: such a save proves under the rules of 2 or of 1 (the same when no route came back)
    mixed_versions = {1: (2, 1)}
    min_players = 3
    max_players = 4
    maps = {"kevingston": "next_day_kevingston.tmx"}
    config_model = NextDayConfig
    has_hidden_info = True
    blurb = ("No dice, all planning: drive a van and a bike around the county to fulfil the contracts "
             "your neighbour wrote for you, undercut rivals for theirs, and get home first.")
    toggles = (("quick_setup", "Quick set-up",
                "Deal random contracts to everyone instead of building them for your neighbour"),)

    def board_from_map(self, data: MapData) -> Board:
        return board_from_map(data)

    # -- play ---------------------------------------------------------------------------------
    def new_game(self, config: NextDayConfig, seed: int) -> NextDayState:
        state, _ = engine.new_state(config, self.board(config), seed)
        return state

    def to_act(self, state: NextDayState) -> list[int]:
        return engine.to_act(state)

    def legal_actions(self, state: NextDayState, seat: int) -> list[Action]:
        return engine.legal_actions(state.config, self._board_of(state), state, seat)

    def apply(self, state: NextDayState, action: Action) -> list[Event]:
        return engine.apply(state.config, self._board_of(state), state, action)

    def view(self, state: NextDayState, seat: int | None) -> NextDayState:
        return engine.view(state.config, state, seat)

    def table(self, config: NextDayConfig, seen: NextDayState, seat: int | None) -> NextDayTable:
        return NextDayTable(config, self.board(config), seen, seat)

    def parse_action(self, state: NextDayState, text: str) -> Action:
        acting = self.to_act(state)
        board = self._board_of(state)

        def road_by_label(label: str):
            if "/" not in label:
                return None
            a, b = label.split("/", 1)
            rid = board.road_between(a, b)
            return None if rid is None else (rid, board.roads[rid].label)

        return A.parse(text, acting[0] if acting else 0, road_by_label)

    def is_over(self, state: NextDayState) -> bool:
        return state.phase == "over"

    def end_reason(self, state: NextDayState) -> EndReason | None:
        if state.phase == "over" and state.end_reason == "round limit":
            return EndReason.ROUND_LIMIT
        return super().end_reason(state)

    def scores(self, state: NextDayState) -> list[float]:
        return [float(p.credits) for p in state.players]

    # -- saving -------------------------------------------------------------------------------
    def state_to_dict(self, state: NextDayState) -> dict[str, Any]:
        data = serial.to_data(state)
        data["_players"] = len(state.players)
        return data

    def state_from_dict(self, config: NextDayConfig, data: dict[str, Any]) -> NextDayState:
        data = dict(data)
        data.pop("_players", None)
        state = serial.from_data(NextDayState, data)
        state.config = config
        return state

    # -- presentation helpers -----------------------------------------------------------------
    def turn_label(self, state: NextDayState) -> str:
        cfg = self._cfg_of(state)
        if state.phase == "setup":
            left = engine.to_act(state)
            if len(left) == 1:
                return f"Set-up: {self.seat_name(cfg, left[0])} is still building contracts"
            return f"Set-up: {len(left)} players still building contracts"
        if state.phase == "over":
            return "Game over"
        limit = cfg.round_limit
        if state.auction:
            return f"Round {state.round} of {limit} - auction, {self.seat_name(cfg, state.auction.to_bid)} to bid"
        return f"Round {state.round} of {limit} - {self.seat_name(cfg, state.current)} to move"

    def score_breakdown(self, state: NextDayState) -> list[dict[str, Any]]:
        rows = []
        for i, p in enumerate(state.players):
            bonus = state.bonus if state.declared_by == i else 0
            rows.append({"seat": i, "score": p.credits, "earned": p.credits - bonus,
                         "end bonus": bonus, "parcels": p.delivered,
                         "unfinished": len(state.open_contracts(i))})
        return rows

    # -- helpers for the view and AI (still rules) --------------------------------------------
    def reachable(self, state: NextDayState, seat: int, vehicle: str):
        return reachable(state, self._board_of(state), self._cfg_of(state), seat, vehicle)

    def drive_refusal(self, state: NextDayState, seat: int, vehicle: str, dest: str) -> str | None:
        return drive_refusal(state, self._board_of(state), self._cfg_of(state), seat, vehicle, dest)

    def move_over_reason(self, state: NextDayState, seat: int, vehicle: str) -> str | None:
        return move_over_reason(state, self._cfg_of(state), seat, vehicle)

    def blockage_refusal(self, state: NextDayState, seat: int, blockage: int, road: int) -> str | None:
        return blockage_refusal(state, self._board_of(state), self._cfg_of(state), seat, blockage, road)

    def price_for(self, config: NextDayConfig, pickup: str, dropoff: str) -> int:
        return setup.price_for(self.board(config), config, pickup, dropoff)

    def _cfg_of(self, state: NextDayState) -> NextDayConfig:
        if state.config is None:
            raise ValueError("this state has no config: make states with new_game or state_from_dict")
        return state.config

    def _board_of(self, state: NextDayState) -> Board:
        return self.board(self._cfg_of(state))  # built once per process (GameRules.board)


GAME = NextDay()
