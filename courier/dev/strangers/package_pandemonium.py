"""Package Pandemonium strangers: a courier counts what is in the base, what is in the van and
how far it is from home, the sat-nav charges, and the packages lying within a few steps.

Points in the base and missions already done count in full. A package in the van counts for
less the farther the van is from its base (the Rogue may yet take it, and it scores nothing if
the game ends first); the exploding package counts its 10 points if home can be reached before
it goes off, or costs the whole van if not. Each charge counts a little (it stops a theft or
crosses one's own route). Packages on the streets count a share of their value, less with each
step to them, so an empty van goes looking.

A route is driven one decision at a time: the stranger tries every whole route and every single
step the rules offer, and every pick-up, drop and recharge, on a copy of its view. Ending the
route counts as the position it ends in (what the others and the Rogue do next is not known).

``steady`` expects the Rogue to take whatever lies on its reach, keeps more charges for defence,
never takes the exploding package, hurries home with what it has, and picks the insurance.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from courier.rules.base import Action, GameRules
from courier.rules.package_pandemonium import actions as A
from courier.rules.package_pandemonium import scoring
from courier.rules.package_pandemonium.state import (
    AUTO, BOMB, DEFEND, DRIVER, HIGH, LOW, ROGUE_PLAYER, ROUTE, STOLEN_HIGH, STOLEN_LOW)
from courier.dev.strangers.common import after, best

STYLES = {
    # per step from home a van's package loses this share; a charge's worth; share of a street
    # package counted, and how much of it each step away takes off; how much a package within the
    # Rogue's reach of our cubes is feared; whether the bomb is taken; the company cards liked
    "greedy": dict(home=0.04, charge=0.6, lure=0.45, fade=0.7, fear=0.15, bomb=True,
                   companies=("big-van", "express", "long-life", "insured")),
    "steady": dict(home=0.08, charge=1.1, lure=0.3, fade=0.6, fear=0.45, bomb=False,
                   companies=("insured", "long-life", "big-van", "express")),
}

def _points(cfg: Any, kind: str, van: Any) -> float:
    base = {LOW: cfg.low_points, HIGH: cfg.high_points, STOLEN_LOW: cfg.low_points,
            STOLEN_HIGH: cfg.high_points}.get(kind, 0)
    if van.role == ROGUE_PLAYER and kind in (STOLEN_LOW, STOLEN_HIGH):
        return base * cfg.stolen_multiplier
    return float(base)


def _rounds_left(state: Any, cfg: Any) -> int:
    return max(0, cfg.rounds - state.round)


def worth(state: Any, seat: int, style: dict) -> float:
    """What the van of ``seat`` holds, in points, as an experienced courier counts it."""
    eng = state.eng
    cfg, board = eng.cfg, eng.board
    van = state.vans[seat]
    value = float(scoring.score(van, cfg))
    if van.pos < 0:
        return value
    home = board.dist[van.pos][van.base] if van.base >= 0 else 0
    left = _rounds_left(state, cfg)
    routes_home = -(-home // cfg.route_steps)
    this_round = state.phase == ROUTE and eng.current_van(state) == seat
    can_bank = routes_home <= left + (1 if this_round else 0)
    keep = max(0.0, 1.0 - style["home"] * home) if can_bank else 0.0
    cargo = [k for k in van.cargo if k != BOMB]
    for k in cargo:
        value += _points(cfg, k, van) * keep
    if BOMB in van.cargo:
        if routes_home <= van.bomb_timer - 1 + (1 if this_round else 0) and can_bank:
            value += cfg.defuse_points * (0.9 - 0.05 * home)
        else:
            value -= sum(_points(cfg, k, van) for k in cargo) + 2.0
    value += style["charge"] * van.battery
    # thefts about to be settled: the package is as good as gone (or the charge spent)
    if state.phase == DEFEND:
        for vi in state.victims:
            if vi == seat and cargo:
                value -= 0.5 * max(_points(cfg, k, van) for k in cargo)
            elif van.role == ROGUE_PLAYER and state.vans[state.mover] is van:
                victim = state.vans[vi]
                loot = [k for k in victim.cargo if k != BOMB]
                if loot:
                    value += 0.5 * cfg.stolen_multiplier * max(_points(cfg, k, victim) for k in loot)
    if left > 0 or this_round:
        value += _lure(state, seat, van, style)
        if van.role == DRIVER:
            value -= _fear(state, seat, van, style)
    return value


def _lure(state: Any, seat: int, van: Any, style: dict) -> float:
    """A share of the packages within reach, less with each step (the best few only)."""
    eng = state.eng
    cfg, board = eng.cfg, eng.board
    room = van.capacity - len(van.cargo)
    if room <= 0:
        return 0.0
    here = board.dist[van.pos]
    found = []
    for cell, tile in enumerate(state.tiles):
        for k in tile:
            if k == BOMB:
                continue
            found.append(_points(cfg, k, van) * style["fade"] ** here[cell])
    if van.role == ROGUE_PLAYER:
        for other in state.vans:
            if other.role == DRIVER and other.seat >= 0:
                loot = [k for k in other.cargo if k != BOMB]
                if loot and other.cubes:
                    d = min(here[c] for c in other.cubes)
                    found.append(cfg.stolen_multiplier * max(_points(cfg, k, other) for k in loot)
                                 * style["fade"] ** d)
    found.sort(reverse=True)
    return style["lure"] * sum(found[:room])


def _fear(state: Any, seat: int, van: Any, style: dict) -> float:
    """What the Rogue may take this round: the best package in the van if one of our cubes lies
    within the Rogue's reach."""
    cfg, board = state.config, state.eng.board
    cargo = [k for k in van.cargo if k != BOMB]
    if not cargo or not van.cubes:
        return 0.0
    top = max(_points(cfg, k, van) for k in cargo)
    worst = 0.0
    for rogue in state.vans:
        if rogue.role == AUTO and rogue.pos >= 0 or (rogue.role == ROGUE_PLAYER and rogue.seat != seat):
            d = min(board.dist[rogue.pos][c] for c in van.cubes)
            if d <= cfg.rogue_steps:
                worst = max(worst, top * (1.0 - 0.2 * (d - 1)))
    if van.company == "insured" and not van.insurance_used:
        worst *= 0.3
    return style["fear"] * worst


def _card(style_name: str, state: Any, seat: int, legal: Sequence[Action], rnd: random.Random) -> Action:
    """A priority card: a low one when a package worth having is in reach of us and of a rival,
    the 4-step cards when a target lies four steps off, a charging card when the sat nav is not
    full; otherwise the highest card left (all cards are played in the end)."""
    eng = state.eng
    cfg, board = eng.cfg, eng.board
    van = state.vans[seat]
    rivals = [v for v in state.vans if v is not van and v.seat >= 0 and v.role == DRIVER and v.pos >= 0]
    stake, far = 0.0, False
    for cell, tile in enumerate(state.tiles):
        worth_here = max((_points(cfg, k, van) for k in tile if k != BOMB), default=0.0)
        if not worth_here or van.pos < 0:
            continue
        d = board.dist[van.pos][cell]
        if d <= cfg.route_steps and any(board.dist[r.pos][cell] <= cfg.route_steps for r in rivals):
            stake = max(stake, worth_here)
        if d == cfg.long_route_steps:
            far = far or worth_here >= cfg.high_points
    if van.cargo and van.base >= 0 and board.dist[van.pos][van.base] == cfg.long_route_steps:
        far = True
    wanting = van.battery < van.battery_max
    contest = 5.0 if style_name == "greedy" else 4.0

    def score(a: Action) -> float:
        c = a.card
        s = (17 - c) / 16 * 3.0 if stake >= contest else c / 16
        if c in cfg.long_route_cards and far:
            s += 2.0
        if c in cfg.battery_cards and wanting:
            s += 1.5 if style_name == "steady" else 0.8
        return s

    return best(legal, score, rnd)


def decide(style_name: str, game: GameRules, view: Any, seat: int, legal: Sequence[Action],
           rnd: random.Random) -> Action:
    style = STYLES[style_name]
    first = legal[0]
    if isinstance(first, A.ChooseCompany):
        offered = {a.company: a for a in legal}
        for name in style["companies"]:
            if name in offered:
                return offered[name]
        return rnd.choice(list(legal))
    if isinstance(first, A.PlayPriority):
        return _card(style_name, view, seat, legal, rnd)
    if isinstance(first, A.ChooseOrder):
        return next(a for a in legal if a.first)
    choices = list(legal)
    if not style["bomb"]:
        choices = [a for a in choices if not (isinstance(a, A.Take) and a.kind == BOMB)] or choices
    if isinstance(first, A.RogueRoute):
        rivals = [v.seat for v in view.vans if v.seat >= 0 and v.seat != seat]

        def steer(a: Action) -> float:
            trial = after(game, view, a)
            if trial is None:
                return float("-inf")
            return worth(trial, seat, style) - 0.5 * sum(worth(trial, r, style) for r in rivals)

        return best(choices, steer, rnd)
    here = worth(view, seat, style)

    def value(a: Action) -> float:
        if isinstance(a, A.EndRoute):
            return here
        trial = after(game, view, a)
        return float("-inf") if trial is None else worth(trial, seat, style)

    return best(choices, value, rnd)
