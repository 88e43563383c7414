"""Outside players for Package Pandemonium, written from its rules.

What scores: packages in your base at the end (low 1, high 5, a defused bomb 10) and your secret
missions; packages still in the van score nothing. So cargo is worth its points only if the van
can get home before round 16, and more the nearer home it is; packages on tiles near the van are
a promise; the Rogue takes the best package from any van whose route cubes it crosses; a bomb is
worth 10 if it reaches base before its timer runs out, and costs the whole van otherwise. Routes
are simulated on a copy (the rules pick up and unload by themselves); priority cards, the driving
order and theft answers are decided by rules of thumb.
"""

from __future__ import annotations

from typing import Any

from courier.rules.base import Action, GameRules
from courier.rules.package_pandemonium import actions as A
from courier.dev.gauntlet.common import BAD, Kit, after, leader

LOW, HIGH, BOMB, STOLEN_LOW, STOLEN_HIGH = "L", "H", "B", "SL", "SH"
POINTS = {LOW: 1, HIGH: 5, STOLEN_LOW: 1, STOLEN_HIGH: 5, BOMB: 0}
#: companies each style prefers, best first
COMPANIES = {
    "rush": ("express", "big-van", "long-life", "insured"),
    "gambler": ("big-van", "express", "long-life", "insured"),
    "denier": ("insured", "long-life", "big-van", "express"),
    "planner": ("long-life", "big-van", "insured", "express"),
}
DEFAULT_COMPANIES = ("big-van", "long-life", "insured", "express")


def _eng(state: Any) -> Any:
    return state.eng


class PandemoniumKit(Kit):
    slip_margin = 1.5
    plan_depth = 3
    plan_width = 5
    plan_breadth = 25

    # -- the position ------------------------------------------------------------------------
    def van_value(self, game: GameRules, state: Any, vi: int, style: str) -> float:
        eng = _eng(state)
        cfg, board = eng.cfg, eng.board
        van = state.vans[vi]
        if van.seat >= 0:
            total = float(game.scores(state)[van.seat])
        else:
            total = 0.0
        if van.base < 0 or state.phase == "over":
            return total
        dist = board.dist[van.pos][van.base]
        steps = cfg.route_steps
        # rounds still to drive, counting this one if this van has not driven yet
        left = cfg.rounds - state.round
        ahead = state.phase in ("priority", "order") or (
            state.phase == "route" and vi in state.order[state.order_index:])
        if ahead:
            left += 1
        home_in_time = dist <= steps * left
        carry = max(0.5, 1.0 - 0.06 * dist) if home_in_time else 0.0
        double = cfg.stolen_multiplier if van.role == "rogue" else 1
        cargo = 0.0
        for k in van.cargo:
            pts = POINTS[k] * (double if k in (STOLEN_LOW, STOLEN_HIGH) else 1)
            cargo += pts
        if BOMB in van.cargo:
            safe = dist <= steps * max(0, van.bomb_timer - (0 if ahead else 1))
            if safe and home_in_time:
                total += cfg.defuse_points * carry * (1.3 if style == "gambler" else 1.0)
            else:
                total -= cargo * 0.8 + 2.0
        total += cargo * carry
        # packages lying within a route or two are worth a little while the van has room
        room = van.capacity - len(van.cargo)
        if room > 0 and left > 0:
            near = 0.0
            for cell, tile in enumerate(state.tiles):
                if not tile or cell == van.pos:  # (what lies where the van stands was left there)
                    continue
                d = board.dist[van.pos][cell]
                if d <= 2 * steps:
                    worth = sum(POINTS[k] for k in tile if k != BOMB)
                    near += worth * (1.0 - d / (2 * steps + 1))
            total += 0.25 * min(near, 4.0 * room)
        # a charge crosses your own route or saves a package from the Rogue
        b = van.battery
        total += (0.3 if style == "gambler" else 0.8) * min(b, 1) + 0.35 * max(0, b - 1)
        total -= self._exposure(state, vi, style)
        return total

    def _exposure(self, state: Any, vi: int, style: str) -> float:
        """Expected loss to a Rogue that may cross this van's cubes before they are picked up."""
        van = state.vans[vi]
        best = max((POINTS[k] for k in van.cargo if k != BOMB), default=0)
        if not best or van.role == "rogue":
            return 0.0
        board = _eng(state).board
        for other in state.vans:
            if other.role not in ("auto", "rogue") or other is van:
                continue
            if any(board.dist[other.pos][c] <= 3 for c in van.cubes):
                return best * (0.15 if van.battery else 0.45) * (0.4 if style == "gambler" else 1.0)
        return 0.0

    def value(self, game: GameRules, state: Any, seat: int, style: str) -> float:
        mine = self.van_value(game, state, seat, style)
        if style == "denier":
            top = leader(game, state, seat)
            if top is not None:
                mine -= 0.5 * self.van_value(game, state, top, style)
        return mine

    # -- scores ------------------------------------------------------------------------------
    def score(self, game: GameRules, state: Any, seat: int, action: Action, style: str) -> float:
        eng = _eng(state)
        board = eng.board
        van = state.vans[seat]
        if isinstance(action, A.PlaceBase):
            got = 0.0
            for cell, tile in enumerate(state.tiles):
                d = board.dist[action.cell][cell]
                got += sum(POINTS[k] for k in tile) * max(0.0, 1.0 - d / 7.0)
            if style == "rush":
                got -= 0.5 * board.dist[action.cell][12]
            return got
        if isinstance(action, A.ChooseCompany):
            prefs = COMPANIES.get(style, DEFAULT_COMPANIES)
            return -prefs.index(action.company) if action.company in prefs else -10.0
        if isinstance(action, A.PlayPriority):
            return self._priority(game, state, seat, action.card, style)
        if isinstance(action, A.ChooseOrder):
            contested = self._contested(state, seat)
            first = contested > 0 or style in ("rush", "gambler")
            return 1.0 if action.first == first else 0.0
        if isinstance(action, A.Defend):
            best = max((POINTS[k] for k in van.cargo if k != BOMB), default=0)
            if style == "gambler":
                protect = best >= 5 and van.battery >= 1
            else:
                protect = van.battery >= 1 and (best >= 5 or (best >= 1 and van.battery >= 2))
            return 1.0 if action.protect == protect else 0.0
        nxt = after(game, state, action)
        if nxt is None:
            return BAD
        got = self.value(game, nxt, seat, style)
        if isinstance(action, A.RogueRoute):
            # steering the Rogue: what it takes from the others counts as much as what it spares us
            others = [v.seat for v in state.vans if v.seat >= 0 and v.seat != seat]
            spite = 1.0 if style == "denier" else 0.8
            got -= spite * sum(self.van_value(game, nxt, o, style) for o in others)
        if isinstance(action, A.Take) and action.kind == BOMB and style == "rush":
            got -= 20.0  # the rusher wants nothing that ticks
        if isinstance(action, A.PassBomb):
            top = leader(game, state, seat)
            if style == "denier" and action.to_seat == top:
                got += 3.0
        return got

    def _contested(self, state: Any, seat: int) -> float:
        """Points lying within one route of this van and of some rival van too."""
        board = _eng(state).board
        me = state.vans[seat]
        if me.pos < 0:
            return 0.0
        rivals = [v for v in state.vans if v is not me and v.pos >= 0]
        got = 0.0
        for cell, tile in enumerate(state.tiles):
            if tile and board.dist[me.pos][cell] <= 3 and any(board.dist[v.pos][cell] <= 3 for v in rivals):
                got += sum(POINTS[k] for k in tile)
        return got

    def _priority(self, game: GameRules, state: Any, seat: int, card: int, style: str) -> float:
        cfg = _eng(state).cfg
        van = state.vans[seat]
        hand = sorted(van.hand)
        rank = hand.index(card) / max(1, len(hand) - 1)  # 0 lowest .. 1 highest
        extra = 0.0
        if card in cfg.long_route_cards:
            extra += 0.6 if style != "gambler" else 2.0
        if card in cfg.battery_cards and van.battery < van.battery_max:
            extra += 0.4
        if style == "rush":
            return -rank + 0.2 * extra
        if style == "gambler":
            return abs(rank - 0.5) + extra  # all or nothing: the extremes first
        stake = self._contested(state, seat)
        if style == "denier":
            top = leader(game, state, seat)
            if top is not None and game.scores(state)[top] >= game.scores(state)[seat]:
                stake += 2.0
        # a round worth fighting for gets a low card; a quiet one spends a high card
        want = 0.0 if stake >= 5 else (0.5 if stake >= 2 else 1.0)
        return -abs(rank - want) + 0.5 * extra


KIT = PandemoniumKit()
