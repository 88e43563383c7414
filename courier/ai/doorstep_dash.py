"""A heuristic Doorstep Dash driver: short tours, good cards, sensible risks.

It reads only its seat's view (others' hands are hidden there) and the static board. Levels differ
in care: easy sometimes takes the second-best drive and keeps fewer cards; hard also weighs
opponents' traps and the odds of each test before it drives into it.
"""

from __future__ import annotations

from typing import Sequence

from courier.ai.base import all_of
from courier.rules.base import Action, GameRules
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash.board import Board, Cell
from courier.rules.doorstep_dash.config import BLUE, RED
from courier.rules.doorstep_dash.state import DashState
from courier.rules.rng import Rng

#: how many spaces of driving a lost turn is worth, and a bonus card
TURN_VALUE = 4.0
CARD_VALUE = 1.5
#: spaces of driving a point is worth: a delivery scores 6 + 3 a point (see ``_move``)
POINT_VALUE = 3.0
#: what a space of extra driving costs a card kept at the opening, in points: a game scores about
#: 0.15 a space driven; a little less, since a card kept is also a card no rival gets
KEEP_RATE = 0.1


def pass_chance(need: int, sides: int) -> float:
    """Chance that one die roll is at least ``need``."""
    if need <= 1:
        return 1.0
    if need > sides:
        return 0.0
    return (sides - need + 1) / sides


class DashBot:
    def __init__(self, level: str = "normal") -> None:
        self.level = level
        #: tours already worked out: a search's rollouts ask for the same ones over and over
        self._tours: dict[tuple, float] = {}

    # -- helpers ----------------------------------------------------------------------------
    def _tour(self, board: Board, start: Cell, cards: Sequence[str], home_weight: float) -> float:
        """Greedy nearest-first tour over the cards' entrances, then (weighted) back home."""
        key = (id(board), start, tuple(cards), home_weight)
        got = self._tours.get(key)
        if got is not None:
            return got
        left = [board.houses[c].entrance for c in cards if c in board.houses]
        cur, total = start, 0.0
        while left:
            dists = [board.distance(cur, e) for e in left]
            i = min(range(len(left)), key=dists.__getitem__)
            total += dists[i]
            cur = left.pop(i)
        total += home_weight * board.distance(cur, board.warehouse)
        if len(self._tours) > 200_000:
            self._tours.clear()
        self._tours[key] = total
        return total

    @staticmethod
    def _points(board: Board, view: DashState, cards: Sequence[str]) -> int:
        pts = view.config.colour_points
        return sum(pts.get(board.houses[c].colour, 0) for c in cards if c in board.houses)

    def _card_value(self, board: Board, view: DashState, card: str, hand: Sequence[str]) -> float:
        house = board.houses[card]
        pts = view.config.colour_points.get(house.colour, 0)
        d = board.distance(board.warehouse, house.entrance)
        near = min((board.distance(board.houses[h].entrance, house.entrance) for h in hand if h in board.houses),
                   default=d)
        return (pts + 1.0) / (3.0 + min(d, near) + 0.3 * d)

    def _risk(self, board: Board, view: DashState, seat: int, cell: Cell) -> float:
        me = view.players[seat]
        blues = me.bonus.count(BLUE)
        sides = view.config.die_sides
        boost = view.config.blue_bonus * (blues if self.level != "easy" else 0)
        if any(p.trap == cell for i, p in enumerate(view.players) if i != seat):
            fail = 1 - pass_chance(view.config.trap_test - boost, sides)
            return fail * (CARD_VALUE if me.bonus else TURN_VALUE) + (0.6 if blues else 0)
        zone = board.hazard_at.get(cell)
        if zone is not None:
            fail = 1 - pass_chance(zone.test - boost, sides)
            spend = 0.5 * min(blues, max(0, zone.test - 1) // 2) if blues else 0.0
            return fail * TURN_VALUE + spend
        return 0.0

    # -- decisions --------------------------------------------------------------------------
    def choose(self, game: GameRules, view: DashState, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        board: Board = game.board(view.config)
        first = legal[0]
        if isinstance(first, A.Keep):
            return self._keep(board, view, all_of(A.Keep, legal), rng)
        if isinstance(first, A.Move):
            return self._move(board, view, seat, all_of(A.Move, legal), rng)
        if isinstance(first, (A.PlayBlue, A.Accept)):
            return self._test(view, seat, legal)
        if isinstance(first, A.Give) or isinstance(first, A.Discard):
            return self._drop_kind(view, seat, legal, giving=isinstance(first, A.Give))
        return self._turn(board, view, seat, legal, rng)

    def _keep(self, board: Board, view: DashState, legal: Sequence[A.Keep], rng: Rng) -> Action:
        if self.level == "easy":
            cards = list(legal[-1].cards)
            cards.sort(key=lambda c: -self._card_value(board, view, c, []))
            want = 3 + rng.randbelow(2)
            keep = set(cards[:want])
            return next((a for a in legal if set(a.cards) == keep), legal[-1])
        # a card kept must be worth the driving it adds to the first tour: the ones left go under
        # the deck, and the sooner the van is back, the sooner it has first pick of the row
        me = view.players[legal[0].seat]
        return max(legal, key=lambda a: self._points(board, view, a.cards)
                   - KEEP_RATE * (self._tour(board, me.pos, list(me.hand) + list(a.cards), 1.0)
                                  - self._tour(board, me.pos, me.hand, 1.0)))

    def _test(self, view: DashState, seat: int, legal: Sequence[Action]) -> Action:
        play = next((a for a in legal if isinstance(a, A.PlayBlue)), None)
        accept = next(a for a in legal if isinstance(a, A.Accept))
        pend = view.pending
        if play is None or pend is None:
            return accept
        me = view.players[seat]
        need = pend.target - pend.roll - pend.boost
        cards_needed = -(-need // view.config.blue_bonus)
        if cards_needed > me.bonus.count(BLUE):
            return accept  # cannot make it: keep the cards
        if pend.source == "trap":
            loss = CARD_VALUE if me.bonus else TURN_VALUE
            # the blue cards played are ours too: only worth it when they cost less than the loss
            worth = cards_needed * 1.0 <= loss + (0.5 if self.level == "hard" else 0.0)
        else:
            worth = cards_needed <= (2 if self.level == "easy" else 3)
        return play if worth else accept

    def _drop_kind(self, view: DashState, seat: int, legal: Sequence[Action], giving: bool) -> Action:
        me = view.players[seat]
        blues, reds = me.bonus.count(BLUE), me.bonus.count(RED)
        # keep one or two reds for traps, the rest blue; give away what we have most of
        if giving:
            kind = RED if reds > 1 and reds * 2 >= blues else BLUE if blues else RED
        else:
            kind = RED if reds > 2 or (reds > 1 and reds >= blues) else BLUE if blues else RED
        return next((a for a in legal if getattr(a, "kind", "") == kind), legal[0])

    def _goals(self, board: Board, view: DashState, seat: int) -> tuple[list[str], float]:
        me = view.players[seat]
        endgame = not view.row and not view.deck
        home = 1.0 if endgame else 0.35
        return list(me.hand), home

    def _move(self, board: Board, view: DashState, seat: int, legal: Sequence[A.Move], rng: Rng) -> Action:
        me = view.players[seat]
        hand, home = self._goals(board, view, seat)
        room = view.config.hand_limit - len(me.hand)
        want_claim = (not me.hand or me.may_claim) and room > 0 and bool(view.row)
        if self.level == "easy":  # counts the cards waiting, not what they are worth
            pick_up = 1.5 * min(len(view.row), room)
        else:
            # first pick of the row is worth the points of the best cards that fit, at the rate a
            # delivery counts them: the cards left are the next visitor's
            best = sorted((self._points(board, view, [c]) for c in view.row), reverse=True)[:room]
            pick_up = POINT_VALUE * sum(best)
        scored: list[tuple[float, int]] = []
        for i, a in enumerate(legal):
            cell = a.to
            value = 0.0
            rest = hand
            house = board.entrance_house.get(cell)
            if house in hand:
                value += 6.0 + POINT_VALUE * self._points(board, view, [house])
                rest = [h for h in hand if h != house]
            if rest:
                value -= self._tour(board, cell, rest, home)
            else:
                value -= (1.5 if not view.row and not view.deck else 1.0) * board.distance(cell, board.warehouse)
                if cell == board.warehouse:
                    value += 2.0
            if cell == board.warehouse and want_claim and rest is hand:
                value += pick_up
            value -= self._risk(board, view, seat, cell) * (0.5 if self.level == "easy" else 1.0)
            scored.append((value, i))
        scored.sort(reverse=True)
        pick = scored[0][1]
        if self.level == "easy" and len(scored) > 1 and rng.random() < 0.25:
            pick = scored[1][1]
        return legal[pick]

    def _trap_worth(self, board: Board, view: DashState, seat: int) -> bool:
        me = view.players[seat]
        if me.bonus.count(RED) == 0:
            return False
        d_home = board.distance(me.pos, board.warehouse)
        rivals = [board.distance(p.pos, me.pos) for i, p in enumerate(view.players) if i != seat]
        close = sum(1 for d in rivals if 1 <= d <= view.config.die_sides)
        if me.trap is not None:
            # move the trap only when the old one sits far from everyone
            old_close = sum(1 for i, p in enumerate(view.players)
                            if i != seat and board.distance(p.pos, me.trap) <= view.config.die_sides)
            return self.level == "hard" and old_close == 0 and close >= 1
        return close >= 1 or d_home <= 4

    def _leave_leftovers(self, board: Board, view: DashState, seat: int, legal: Sequence[Action]) -> bool:
        """Hard waits at the warehouse rather than take the last cards of a poor row with an empty van:
        taking them lays out a fresh row it may not take this turn, so the first pick of that row
        would go to the next rival home. Poor: worth less than a lost turn at the rate a delivery
        counts points. Only while the deck has cards to lay out, and never with a rival standing at
        the warehouse too (then one of two waiting drivers takes them, and nobody waits for ever)."""
        me = view.players[seat]
        if me.hand or not view.deck or not any(isinstance(a, A.EndTurn) for a in legal):
            return False
        if any(i != seat and p.pos == board.warehouse for i, p in enumerate(view.players)):
            return False
        return POINT_VALUE * self._points(board, view, view.row) < TURN_VALUE

    def _turn(self, board: Board, view: DashState, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        me = view.players[seat]
        claims = [a for a in legal if isinstance(a, A.Claim)]
        if claims:
            if self.level == "hard" and self._leave_leftovers(board, view, seat, legal):
                return next(a for a in legal if isinstance(a, A.EndTurn))
            return max(claims, key=lambda a: sum(self._card_value(board, view, c, me.hand) for c in a.cards))
        give_up = next((a for a in legal if isinstance(a, A.GiveUp)), None)
        if give_up is not None:
            left = view.config.max_rounds - view.round
            if self._tour(board, me.pos, me.hand, 1.0) > 3.0 * max(0, left):
                return give_up
        trap = next((a for a in legal if isinstance(a, A.SetTrap)), None)
        if trap is not None and self._trap_worth(board, view, seat):
            if self.level != "easy" or rng.random() < 0.6:
                return trap
        roll = next((a for a in legal if isinstance(a, A.Roll)), None)
        end = next((a for a in legal if isinstance(a, A.EndTurn)), None)
        if roll is not None:
            at_home = me.pos == board.warehouse
            idle = at_home and not me.hand and end is not None and (not view.row or not me.may_claim and me.hand)
            if idle:
                return end
            return roll
        return end if end is not None else legal[0]


def make_bot(level: str = "normal") -> DashBot:
    return DashBot(level)
