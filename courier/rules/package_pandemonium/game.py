"""Package Pandemonium wired into Courier's rules API."""

from __future__ import annotations

from typing import Any

from courier.rules.base import Action, EndReason, Event, GameRules
from courier.rules.package_pandemonium import actions as A
from courier.rules.package_pandemonium import engine, scoring
from courier.rules.package_pandemonium.board import Board, board_from_map
from courier.rules.package_pandemonium.config import PandemoniumConfig
from courier.rules.package_pandemonium.engine import Engine
from courier.rules.package_pandemonium.state import (
    AUTO, BASE, COMPANY, DEFEND, ORDER, OVER, PRIORITY, ROGUE, ROGUE_NAME, ROUTE, PState,
)
from courier.rules.package_pandemonium.table import PandemoniumTable
from courier.rules.serial import from_data, to_data

PHASE_TEXT = {
    BASE: "placing bases", COMPANY: "choosing companies", PRIORITY: "choosing priority cards",
    ORDER: "choosing the order", ROUTE: "driving", ROGUE: "the Rogue moves", DEFEND: "a theft!",
    OVER: "game over",
}


class PackagePandemonium(GameRules[PandemoniumConfig, PState]):
    id = "package-pandemonium"
    title = "Package Pandemonium"
    version = 1
    min_players = 1
    max_players = 3
    maps = {
        "Riverside": "package_pandemonium_riverside.tmx",
        "Canal Quarter": "package_pandemonium_canal.tmx",
        "Twin Bridges": "package_pandemonium_bridges.tmx",
        "Harbour Loop": "package_pandemonium_harbour.tmx",
    }
    config_model = PandemoniumConfig
    has_hidden_info = True
    blurb = ("Race rival couriers across a 5x5 city: play priority cards in secret, plan three-step "
             "routes, dodge the Rogue with your sat nav and bank the most packages in 16 rounds. "
             "1-3 players; solo against the Rogue and a rival driver, or one player as the Rogue.")

    # -- set-up ---------------------------------------------------------------------------
    def board_from_map(self, data: Any) -> Board:
        return board_from_map(data)

    def engine(self, cfg: PandemoniumConfig) -> Engine:
        return engine.engine_for(cfg, self.board(cfg))

    # -- play: the engine module's protocol, wired ------------------------------------------
    def new_game(self, config: PandemoniumConfig, seed: int) -> PState:
        state, _ = engine.new_state(config, self.board(config), seed)
        return state

    def to_act(self, state: PState) -> list[int]:
        return engine.to_act(state)

    def legal_actions(self, state: PState, seat: int) -> list[Action]:
        eng = state.eng
        return engine.legal_actions(eng.cfg, eng.board, state, seat)

    def apply(self, state: PState, action: Action) -> list[Event]:
        eng = state.eng
        return engine.apply(eng.cfg, eng.board, state, action)

    def view(self, state: PState, seat: int | None) -> PState:
        return engine.view(state.config, state, seat)

    def table(self, config: PandemoniumConfig, seen: PState, seat: int | None) -> PandemoniumTable:
        return PandemoniumTable(config, self.board(config), seen, seat)

    def parse_action(self, state: PState, text: str) -> Action:
        return A.parse(text)

    def is_over(self, state: PState) -> bool:
        return state.phase == OVER

    def end_reason(self, state: PState) -> EndReason | None:
        # the day has a fixed number of rounds: that is the rulebook's own ending, not a safety net
        return super().end_reason(state)

    def scores(self, state: PState) -> list[float]:
        cfg = state.config
        return [float(scoring.score(v, cfg)) for v in state.vans if v.seat >= 0]

    def winners(self, state: PState) -> list[int]:
        s = self.scores(state)
        if state.players == 1:
            rivals = scoring.rival_scores(state, state.config)
            return [0] if s[0] > max(rivals) else []
        best = max(s)
        return [i for i, v in enumerate(s) if v == best]

    # -- saving -----------------------------------------------------------------------------
    def state_to_dict(self, state: PState) -> dict[str, Any]:
        return to_data(state)

    def state_from_dict(self, config: PandemoniumConfig, data: dict[str, Any]) -> PState:
        s = from_data(PState, data)
        self.engine(config)
        s.config = config
        return s

    # -- presentation -------------------------------------------------------------------------
    def turn_label(self, state: PState) -> str:
        cfg = state.config
        if state.phase in (BASE, COMPANY):
            return f"Set-up - {PHASE_TEXT[state.phase]}"
        if state.phase == OVER:
            return "Game over"
        who = ""
        acting = self.to_act(state)
        if len(acting) == 1:
            who = f" - {state.vans[acting[0]].name}"
        return f"Round {state.round}/{cfg.rounds} - {PHASE_TEXT[state.phase]}{who}"

    def score_breakdown(self, state: PState) -> list[dict[str, Any]]:
        cfg = state.config
        rows = []
        for v in state.vans:
            if v.seat < 0:
                continue
            row: dict[str, Any] = {"seat": v.seat, "score": scoring.score(v, cfg)}
            row.update(scoring.breakdown(v, cfg))
            if state.players == 3:
                row.setdefault("stolen x2", 0)
            rows.append(row)
        if state.players == 1:
            for v in state.vans:
                if v.role == AUTO:
                    rows[0]["Rogue's haul" if v.name == ROGUE_NAME else "rival's haul"] = scoring.score(v, cfg)
        return rows


GAME = PackagePandemonium()
