"""Package Pandemonium yardsticks, from the rulebook: packages score only once they are in your
base (low 1, high 5, the defused exploding package 10), so a package aboard is worth its value
less the risk of the drive home; the Rogue takes from vans whose route cubes it enters.

``greedy`` judges each drive by (its points + what it carries, discounted by the way home) against
the best rival's; ``rush`` drives to the nearest package while there is room and heads home once
it carries something worth the trip.
"""

from __future__ import annotations

from typing import Any

from courier.ai.base import all_of
from courier.ai.yardsticks import OnePly
from courier.rules.base import Action, GameRules
from courier.rules.package_pandemonium import actions as A
from courier.rules.rng import Rng

WORTH = {"L": 1, "H": 5, "SL": 1, "SH": 5, "B": 0}
DEFUSE = 10


def _home(state: Any, van: Any) -> int:
    return state.eng.board.dist[van.pos][van.base] if van.base >= 0 and van.pos >= 0 else 0


def _haul(state: Any, van: Any, points: float) -> float:
    """Points banked plus what the van carries, each package discounted by the way home."""
    cfg = state.config
    rounds_left = cfg.rounds - state.round
    home = _home(state, van)
    trips = -(-home // cfg.route_steps)
    aboard = sum(WORTH.get(k, 0) for k in van.cargo)
    if "B" in van.cargo:
        aboard += DEFUSE if trips < van.bomb_timer else -aboard  # it explodes before home
    if trips > rounds_left:
        return points
    return points + aboard * max(0.2, 0.95 - 0.1 * home) + 0.3 * van.battery


def _near(state: Any, van: Any) -> float:
    """Value of the best package within reach of the next route, for an empty-handed van."""
    board = state.eng.board
    if van.pos < 0 or len(van.cargo) >= van.capacity:
        return 0.0
    best = 0.0
    for cell, tile in enumerate(state.tiles):
        v = max((WORTH[k] for k in tile if k in WORTH and k != "B"), default=0)
        if v:
            best = max(best, v / (1 + board.dist[van.pos][cell]))
    return best


def greedy_value(game: GameRules, state: Any, seat: int) -> float:
    points = game.scores(state)
    mine = None
    rivals = []
    for van in state.vans:
        own = points[van.seat] if 0 <= van.seat < len(points) else 0.0
        h = _haul(state, van, own)
        if van.seat == seat:
            mine = h + 0.3 * _near(state, van)
        else:
            rivals.append(h)
    return (mine or 0.0) - max(rivals, default=0.0)


def rush_value(game: GameRules, state: Any, seat: int) -> float:
    me = next(v for v in state.vans if v.seat == seat)
    points = game.scores(state)[seat]
    aboard = sum(WORTH.get(k, 0) for k in me.cargo) + (DEFUSE if "B" in me.cargo else 0)
    home = _home(state, me)
    if aboard >= 5 or len(me.cargo) >= me.capacity or state.config.rounds - state.round <= 1:
        return points * 10 + aboard * 10 - home  # cash in
    return points * 10 + aboard * 10 + 3 * _near(state, me)


class PandemoniumYardstick(OnePly):
    def special(self, game: GameRules, view: Any, seat: int, legal: list[Action], rng: Rng) -> Action | None:
        first = legal[0]
        if isinstance(first, A.PlaceBase):
            board = view.eng.board

            def pull(a: A.PlaceBase) -> float:
                return sum(max((WORTH[k] for k in t if k in WORTH), default=0) / (1 + board.dist[a.cell][c])
                           for c, t in enumerate(view.tiles))
            return max(all_of(A.PlaceBase, legal), key=pull)
        if isinstance(first, A.ChooseCompany):
            return rng.choice(legal)
        if isinstance(first, A.PlayPriority):
            cards = sorted(all_of(A.PlayPriority, legal), key=lambda a: a.card)
            # rush wants to move first; greedy cannot tell the cards apart one ply ahead
            return cards[0] if self.level == "rush" else rng.choice(cards)
        if isinstance(first, A.ChooseOrder):
            return next(a for a in legal if isinstance(a, A.ChooseOrder) and a.first)
        return None

    def candidates(self, game: GameRules, view: Any, seat: int, legal: list[Action]) -> list[Action]:
        # whole routes only (a drive takes what fits on the way); single steps are the same roads
        drives = [a for a in legal if isinstance(a, A.Drive)]
        if drives:
            longest = max(len(a.directions) for a in drives)
            return [a for a in drives if len(a.directions) == longest] + [
                a for a in legal if not isinstance(a, (A.Drive, A.Step))]
        return legal


def make(kind: str) -> PandemoniumYardstick:
    return PandemoniumYardstick(kind, greedy_value if kind == "greedy" else rush_value)
