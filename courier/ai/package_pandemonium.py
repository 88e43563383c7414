"""A heuristic courier for Package Pandemonium.

It plans whole routes by trying every legal drive on a copy of its view and scoring where that
leaves it (packages aboard and how far from home, Rogue danger, battery, the exploding package,
the rounds left), then settles the small choices at the end of the route. Levels differ in care:
easy sometimes takes a near-best route and ignores the Rogue; hard also looks one route ahead,
and bids harder for the first drive, above all when both vans could reach the exploding package.
"""

from __future__ import annotations

from typing import Any, Sequence

from courier.ai.base import all_of
from courier.rules.base import Action, GameRules
from courier.rules.package_pandemonium import actions as A
from courier.rules.package_pandemonium import scoring
from courier.rules.package_pandemonium.rogue import VALUE, best_stealable, stealable, tile_value
from courier.rules.package_pandemonium.state import (
    AUTO, BASE, BOMB, COMPANY, DEFEND, DRIVER, HIGH, LOW, ORDER, PRIORITY, ROGUE, ROGUE_PLAYER, ROUTE,
    PState, Van,
)
from courier.rules.rng import Rng

COMPANY_TASTE = ("big-van", "insured", "long-life", "express")
#: hard takes the once-a-game 4-step route first: with its look one route ahead it makes more of
#: the long drive than of the sixth package's room (docs/ai.md)
HARD_COMPANY_TASTE = ("express", "big-van", "insured", "long-life")


class PandemoniumBot:
    def __init__(self, level: str = "normal") -> None:
        self.level = level
        self.reach_weight = 0.35
        #: hard re-ranks its best ``ahead_routes`` routes, weighing the best route that could
        #: follow at ``ahead_weight`` (0.5 over 12 routes won 3-5 points more of its games against
        #: the normal heuristic than 0.3 over 5; docs/ai.md)
        self.ahead_weight = 0.5 if level == "hard" else 0.0
        self.ahead_routes = 12
        #: contested packages worth this many points make the courier play its lowest card
        #: (hard bids for the first drive sooner, and counts the exploding package as contested)
        self.bid_scale = 5.0 if level == "hard" else 10.0

    # -- entry ---------------------------------------------------------------------------
    def choose(self, game: GameRules, view: Any, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase == BASE:
            return self.pick_base(view, seat, legal, rng)
        if phase == COMPANY:
            return self.pick_company(legal, rng)
        if phase == PRIORITY:
            return self.pick_priority(view, seat, legal, rng)
        if phase == ORDER:
            return next(a for a in legal if isinstance(a, A.ChooseOrder) and a.first)
        if phase == ROGUE:
            return self.steer_rogue(view, seat, legal, rng)
        if phase == DEFEND:
            return self.defend(view, seat, legal, rng)
        if phase == ROUTE:
            return self.route(view, seat, legal, rng)
        return rng.choice(legal)

    # -- helpers ---------------------------------------------------------------------------
    @staticmethod
    def rounds_left(view: PState) -> int:
        """Rounds still to come after this one."""
        return view.config.rounds - view.round

    def threats(self, view: PState, me: Van) -> list[Van]:
        if me.role == ROGUE_PLAYER:
            return []
        return [v for v in view.vans if v.role in (AUTO, ROGUE_PLAYER) and v is not me and v.pos >= 0]

    @staticmethod
    def rogue_reach(view: PState, rogue: Van) -> int:
        """How far ``rogue`` drives on its move, as the rules let it: the automated Rogue (steered
        by a player at 2 players, alone at 1) its ``rogue_steps``; the 3-player Rogue is a player
        and drives a route like a van (its route steps, the long route's with a long-route card)."""
        cfg = view.config
        if rogue.role == ROGUE_PLAYER:
            return cfg.long_route_steps if rogue.revealed in cfg.long_route_cards else cfg.route_steps
        return cfg.rogue_steps

    def evaluate(self, view: PState, seat: int) -> float:
        """How good the position is for ``seat`` once its route is done."""
        eng = view.eng
        board, cfg = eng.board, eng.cfg
        me = view.vans[seat]
        left = self.rounds_left(view)
        value = float(scoring.score(me, cfg))
        home = board.dist[me.pos][me.base] if me.base >= 0 else 0
        trips = -(-home // cfg.route_steps)
        cargo = sum(VALUE[k] * (cfg.stolen_multiplier if k in ("SL", "SH") else 1) for k in me.cargo)
        # a package aboard is worth its points once it can still get home in time: the risks on the
        # way are counted on their own (the Rogue's reach below, the drive home just after). A
        # discount per step from home made a route that picks nothing up look as good as one that
        # does, and lost to players who simply collect (docs/ai.md, "the outside gauntlet")
        keep = 0.0 if trips > left else 1.0
        value += cargo * keep
        value -= 0.4 * home * (len(me.cargo) / max(1, me.capacity)) * (1.5 if left < 4 else 1.0)
        if BOMB in me.cargo:
            if trips <= min(left, me.bomb_timer - 1) or home == 0:
                if self.level == "easy":
                    value += 6.0 - home  # a beginner undervalues it
                else:
                    # it cannot be stolen: worth nearly its defusing points (and the mission) already
                    value += self.defuse_worth(me, cfg) * (0.95 - 0.04 * home)
            else:
                value -= cargo * 0.9 + 2
        if cargo:
            loot = sorted((VALUE[k] for k in stealable(me)), reverse=True)
            for rogue in self.threats(view, me):
                hits = [c for c in set(me.cubes) if 0 < board.dist[rogue.pos][c] <= self.rogue_reach(view, rogue)]
                if hits and loot:
                    danger = sum(loot[: min(len(hits), 2)]) * (0.5 if self.level == "easy" else 1.0)
                    value -= min(danger * 0.45, 1.2 * max(me.battery, 0) + danger * 0.15) if me.battery else danger * 0.45
        value += 0.7 * min(me.battery, me.battery_max)
        if left > 0 and len(me.cargo) < me.capacity:
            reach = 0.0
            bomb_free = BOMB not in me.cargo and self.level != "easy"
            for cell in range(25):
                v = tile_value(view.tiles[cell])
                d = board.dist[me.pos][cell]
                if bomb_free and BOMB in view.tiles[cell] and self.bomb_in_time(view, me, cell, 1):
                    v = max(v, self.defuse_worth(me, cfg) * 0.6)
                if v and 0 < d <= cfg.route_steps + 1:
                    reach = max(reach, v / (1 + d))
            value += reach * self.reach_weight
        if me.role == ROGUE_PLAYER and left > 0:
            for v in view.vans:
                if v.role == DRIVER and stealable(v):
                    d = min((board.dist[me.pos][c] for c in v.cubes), default=9)
                    value += 0.3 * max(VALUE[k] for k in stealable(v)) / (1 + d)
        return value

    @staticmethod
    def defuse_worth(me: Van, cfg: Any) -> float:
        """What bringing the exploding package home adds: its points and the mission if held."""
        worth = float(cfg.defuse_points)
        if "defuse" in me.missions and me.defused == 0:
            worth += cfg.missions.get("defuse", ("", 0))[1]
        return worth

    def bomb_in_time(self, view: PState, me: Van, cell: int, later: int = 0) -> bool:
        """Whether the exploding package taken at ``cell`` (``later`` routes from now) reaches
        home before it goes off, with a route to spare."""
        eng = view.eng
        if me.base < 0:
            return False
        trips = -(-eng.board.dist[cell][me.base] // eng.cfg.route_steps)
        return trips + later <= min(self.rounds_left(view), eng.cfg.bomb_rounds - 2)

    # -- set-up -------------------------------------------------------------------------------
    def pick_base(self, view: PState, seat: int, legal: list[Action], rng: Rng) -> Action:
        board = view.eng.board

        def score(a: A.PlaceBase) -> float:
            s = 0.0
            for cell in range(25):
                v = tile_value(view.tiles[cell])
                if v:
                    s += v / (1 + board.dist[a.cell][cell])
            s += sum(0.6 / (1 + board.dist[a.cell][e]) for e in board.electric)
            return s

        ranked = sorted(all_of(A.PlaceBase, legal), key=lambda a: -score(a))
        return ranked[rng.randbelow(min(3, len(ranked)))] if self.level == "easy" else ranked[0]

    def pick_company(self, legal: list[Action], rng: Rng) -> Action:
        if self.level == "easy":
            return rng.choice(legal)
        for c in HARD_COMPANY_TASTE if self.level == "hard" else COMPANY_TASTE:
            for a in legal:
                if isinstance(a, A.ChooseCompany) and a.company == c:
                    return a
        return legal[0]

    # -- priority cards --------------------------------------------------------------------------
    def pick_priority(self, view: PState, seat: int, legal: list[Action], rng: Rng) -> Action:
        cfg, board = view.config, view.eng.board
        me = view.vans[seat]
        hand = sorted(a.card for a in legal if isinstance(a, A.PlayPriority))
        if self.level == "easy" and rng.random() < 0.4:
            return A.PlayPriority(seat, rng.choice(hand))
        want = 0.0
        others = [v for v in view.vans if v.role == DRIVER and v is not me and v.pos >= 0]
        if me.role == DRIVER and others:
            for cell in range(25):
                v = tile_value(view.tiles[cell])
                if self.level == "hard" and self.bomb_worth_racing(view, me, cell):
                    v = max(v, cfg.defuse_points)
                if not v:
                    continue
                mine = board.dist[me.pos][cell]
                theirs = min(board.dist[o.pos][cell] for o in others)
                if mine <= cfg.route_steps and theirs <= cfg.route_steps:
                    want += v
            if view.players == 2:
                want += 0.5 * sum(VALUE[k] for o in others for k in stealable(o))
                want += 0.5 * sum(VALUE[k] for k in stealable(me))
        specials = set(cfg.battery_cards) | set(cfg.long_route_cards)
        if me.battery < me.battery_max:
            for c in cfg.battery_cards:
                if c in hand and (want < 4 or c <= 5):
                    return A.PlayPriority(seat, c)
        if me.cargo and me.base >= 0 and board.dist[me.pos][me.base] == cfg.long_route_steps:
            for c in cfg.long_route_cards:
                if c in hand:
                    return A.PlayPriority(seat, c)
        plain = [c for c in hand if c not in specials] or hand
        if me.role != DRIVER or not others:
            return A.PlayPriority(seat, plain[-1])
        q = max(0.0, min(1.0, 1.0 - want / self.bid_scale))
        return A.PlayPriority(seat, plain[round(q * (len(plain) - 1))])

    def bomb_worth_racing(self, view: PState, me: Van, cell: int) -> bool:
        """Whether the exploding package lies on ``cell`` and this van could still take it and get
        home in time (whoever drives first gets there first)."""
        return (BOMB in view.tiles[cell] and BOMB not in me.cargo and len(me.cargo) < me.capacity
                and self.bomb_in_time(view, me, cell))

    # -- routes ---------------------------------------------------------------------------------
    def route(self, view: PState, seat: int, legal: list[Action], rng: Rng) -> Action:
        me = view.vans[seat]
        eng = view.eng
        small = self.tile_choice(view, seat, legal, rng)
        if small is not None:
            return small
        moves = [a for a in legal if isinstance(a, (A.Drive, A.Step))]
        if moves:
            left = eng.steps_left(view)
            full = [a for a in moves if isinstance(a, A.Drive) and len(a.directions) == left]
            cands = full or [a for a in moves if isinstance(a, A.Step)] or moves
            ranked = self.rank(view, seat, cands)
            express = next((a for a in legal if isinstance(a, A.UseExpress)), None)
            if express is not None and ranked and self.level != "easy":
                trial = view.clone()
                eng.apply(trial, express)
                longer = [a for a in eng.legal(trial, seat) if isinstance(a, A.Drive)
                          and len(a.directions) == eng.steps_left(trial)]
                best_long = self.rank(trial, seat, longer)
                if best_long and best_long[0][0] >= ranked[0][0] + 4:
                    return express
            if self.level == "hard" and view.players == 1 and len(ranked) > 1:
                ranked = self.play_out_hunters(view, seat, ranked, rng)
            elif self.ahead_weight and len(ranked) > 1:
                ranked = self.look_ahead(view, seat, ranked)
            if self.level == "easy" and len(ranked) > 1 and rng.random() < 0.4:
                # a beginner often settles for a route that looks nearly as good
                return ranked[1 + rng.randbelow(min(2, len(ranked) - 1))][1]
            return ranked[0][1]
        for a in legal:
            if isinstance(a, A.Recharge) and self.wants_recharge(view, me, a):
                return a
        return next((a for a in legal if isinstance(a, A.EndRoute)), legal[0])

    def rank(self, view: PState, seat: int, cands: list[Action]) -> list[tuple[float, Action]]:
        out = []
        for a in cands:
            trial = view.clone()
            try:
                view.eng.apply(trial, a)
            except ValueError:
                continue
            self.take_bomb_after(trial, seat)
            out.append((self.evaluate(trial, seat), a))
        out.sort(key=lambda p: -p[0])
        return out

    def take_bomb_after(self, trial: PState, seat: int) -> None:
        """A route that ends on the exploding package is judged with it aboard when this bot
        would take it there (packages are picked up on the way, the exploding one is not)."""
        if self.level == "easy" or trial.phase != ROUTE or trial.order[trial.order_index] != seat:
            return
        me = trial.vans[seat]
        if (BOMB in trial.tiles[me.pos] and BOMB not in me.cargo and len(me.cargo) < me.capacity
                and trial.eng.steps_left(trial) == 0 and self.bomb_in_time(trial, me, me.pos)):
            take = next((b for b in trial.eng.legal(trial, seat) if isinstance(b, A.Take) and b.kind == BOMB), None)
            if take is not None:
                trial.eng.apply(trial, take)

    def play_out_hunters(self, view: PState, seat: int, ranked: list[tuple[float, Action]],
                         rng: Rng) -> list[tuple[float, Action]]:
        """Solo, hard: the hunters follow public rules, so drive each of the best routes, end it,
        let them move (answering thefts as this bot would) and score what is left."""
        eng = view.eng
        out = []
        for score, a in ranked[:6]:
            trial = view.clone()
            eng.apply(trial, a)
            for _ in range(20):
                if trial.phase == ROUTE and trial.order[trial.order_index] == seat:
                    acts = eng.legal(trial, seat)
                    pick = self.tile_choice(trial, seat, acts, rng) or next(
                        (b for b in acts if isinstance(b, A.EndRoute)), None)
                    if pick is None:
                        break
                    eng.apply(trial, pick)
                elif trial.phase == DEFEND:
                    eng.apply(trial, self.defend(trial, seat, eng.legal(trial, seat), rng))
                else:
                    break
            out.append((self.evaluate(trial, seat), a))
        out.sort(key=lambda p: -p[0])
        return out + ranked[6:]

    def look_ahead(self, view: PState, seat: int, ranked: list[tuple[float, Action]]) -> list[tuple[float, Action]]:
        """Re-rank the best few routes by how good the following route could be from there."""
        eng = view.eng
        if self.rounds_left(view) == 0:
            return ranked
        out = []
        for score, a in ranked[:self.ahead_routes]:
            trial = view.clone()
            eng.apply(trial, a)
            if trial.phase != ROUTE or trial.order[trial.order_index] != seat:
                out.append((score, a))
                continue
            trial.round += 1
            trial.steps_taken, trial.steps_allowed = 0, eng.cfg.route_steps
            trial.route, trial.took, trial.dropped = [], [], []
            eng.free_cubes(trial.vans[seat], trial.steps_allowed)
            nxt = [b for b in eng.legal(trial, seat) if isinstance(b, A.Drive) and len(b.directions) == 3]
            follow = self.rank(trial, seat, nxt)
            best = follow[0][0] if follow else score
            out.append(((1 - self.ahead_weight) * score + self.ahead_weight * best, a))
        out.sort(key=lambda p: -p[0])
        return out + ranked[self.ahead_routes:]

    def tile_choice(self, view: PState, seat: int, legal: list[Action], rng: Rng) -> Action | None:
        """Pick-ups, drops and the exploding package at the tile the van stands on."""
        eng = view.eng
        me = view.vans[seat]
        board = eng.board
        left = self.rounds_left(view)
        home = board.dist[me.pos][me.base] if me.base >= 0 else 0
        trips = -(-home // eng.cfg.route_steps)
        for a in legal:
            if isinstance(a, A.PassBomb):
                keep = trips <= min(left, me.bomb_timer - 1)
                if self.level == "easy" or not keep:
                    return a
        has = {type(a): a for a in legal}
        takes = {a.kind: a for a in legal if isinstance(a, A.Take)}
        drops = {a.kind: a for a in legal if isinstance(a, A.Drop)}
        if HIGH in takes:
            return takes[HIGH]
        if LOW in takes and eng.steps_left(view) == 0:
            return takes[LOW]
        if BOMB in takes:
            if self.level == "easy":
                if trips <= min(left, eng.cfg.bomb_rounds - 1) and home <= 2 * eng.cfg.route_steps and rng.random() < 0.5:
                    return takes[BOMB]
            elif self.bomb_in_time(view, me, me.pos):
                return takes[BOMB]
        full = len(me.cargo) >= me.capacity
        if full and HIGH in view.tiles[me.pos] and LOW in drops and HIGH not in view.dropped:
            return drops[LOW]
        del has
        return None

    def wants_recharge(self, view: PState, me: Van, a: A.Recharge) -> bool:
        left = self.rounds_left(view)
        if "no-plug" in me.missions and me.base_recharges == 0:
            return False
        if left == 0:
            return "full-battery" in me.missions and a.kind == LOW
        if a.kind == LOW:
            return me.battery <= 1 and left >= 3
        return me.battery == 0 and left >= 6 and me.banked_low < 2

    # -- the Rogue ----------------------------------------------------------------------------------
    def steer_rogue(self, view: PState, seat: int, legal: list[Action], rng: Rng) -> Action:
        board = view.eng.board
        rogue = view.vans[view.mover]
        me = view.vans[seat]

        def gain(a: A.RogueRoute) -> float:
            cells = board.route(rogue.pos, a.directions)
            total = 0.0
            for v in view.vans:
                if v.role != DRIVER:
                    continue
                loot = sorted((VALUE[k] for k in stealable(v)), reverse=True)
                hits = len({c for c in cells if c in v.cubes})
                hurt = sum(loot[:hits]) * (0.6 if v.battery else 1.0)
                total += hurt if v is not me else -hurt
            for c in cells:
                total += 0.3 * tile_value(view.tiles[c])
            return total

        if self.level == "easy" and rng.random() < 0.3:
            return rng.choice(legal)
        return max(all_of(A.RogueRoute, legal), key=gain)

    def defend(self, view: PState, seat: int, legal: list[Action], rng: Rng) -> Action:
        me = view.vans[seat]
        kind = best_stealable(me)
        protect = A.Defend(seat, True)
        let_go = A.Defend(seat, False)
        if me.company == "insured" and not me.insurance_used:
            return let_go
        if kind in (HIGH, "SH"):
            return protect
        if self.level == "easy":
            return protect if rng.random() < 0.5 else let_go
        if me.battery >= 2 or self.rounds_left(view) <= 2 or "untouched" in me.missions and me.lost == 0:
            return protect
        return let_go


def make_bot(level: str = "normal") -> PandemoniumBot:
    return PandemoniumBot(level)
