"""Outside players for Doorstep Dash, written from its rules.

What scores: a house's roof colour (blue 1, green 2, yellow 4, red 6) when you stop on its front
door holding its card, and each delivery draws a bonus card. So a card in hand is worth its points,
less the further its door is from the van; a drive is worth what it delivers and how much nearer
it leaves the other doors, less the risk of a hazard zone or a rival's trap where it ends (a failed
test costs the next turn, or a bonus card). Dice are never simulated: the outcome of a roll on a
view would be a placeholder, so the scores are reckoned from the rules instead.
"""

from __future__ import annotations

from typing import Any, Sequence

from courier.rules.base import Action, GameRules
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash.moves import move_options
from courier.dev.gauntlet.common import Kit, leader

HIDDEN = "?"
#: what losing a turn costs, in points
LOST_TURN = 2.5
#: what a bonus card is worth, in points (blue helps tests, red sets the trap)
BLUE_WORTH, RED_WORTH = 0.6, 0.4


def _fail_chance(target: int, blues: int, sides: int, bonus: int) -> float:
    """Chance a test of ``target`` fails when up to ``blues`` blue cards may be added."""
    misses = sum(1 for roll in range(1, sides + 1) if roll + blues * bonus < target)
    return misses / sides


class DoorstepKit(Kit):
    slip_margin = 0.6
    # -- pieces of the reckoning -------------------------------------------------------------
    def _reach(self, style: str) -> float:
        return {"rush": 30.0, "gambler": 80.0}.get(style, 60.0)

    def card_worth(self, game: GameRules, state: Any, card: str, cell: Any, style: str) -> float:
        """What holding ``card`` is worth to a van at ``cell``."""
        if card == HIDDEN:
            return 0.0
        board = game.board(state.config)
        house = board.houses.get(card)
        if house is None:
            return 0.0
        pts = state.config.colour_points.get(house.colour, 1)
        d = board.distance(cell, house.entrance)
        near = max(0.05, 1.0 - d / self._reach(style))
        if style == "rush":
            return 1.5 * near + 0.3 * pts * near  # quick jobs first, whatever they pay
        if style == "gambler":
            return (pts ** 1.3) * near
        return pts * near

    def tour_worth(self, game: GameRules, state: Any, cell: Any, hand: Sequence[str],
                   style: str) -> tuple[float, int, Any]:
        """The cards in hand delivered nearest door first: each worth its points, less the
        further along the tour its door comes (so every step toward the next door counts)."""
        board, cfg = game.board(state.config), state.config
        doors = [(board.houses[c].entrance, cfg.colour_points.get(board.houses[c].colour, 1))
                 for c in hand if c in board.houses]
        reach = self._reach(style)
        got, walked, here = 0.0, 0, cell
        while doors:
            greed = 0.4 if style == "gambler" else 0.0  # the gambler detours for the big roofs
            nxt = min(doors, key=lambda d: board.distance(here, d[0]) - greed * d[1])
            doors.remove(nxt)
            walked += board.distance(here, nxt[0])
            here = nxt[0]
            near = max(0.05, 1.0 - walked / reach)
            if style == "rush":
                got += 1.5 * near + 0.3 * nxt[1] * near
            elif style == "gambler":
                got += (nxt[1] ** 1.3) * near
            else:
                got += nxt[1] * near
        return got, walked, here

    def position(self, game: GameRules, state: Any, seat: int, cell: Any, hand: Sequence[str],
                 style: str) -> float:
        """The van at ``cell`` holding ``hand``: the cards, and the pull of the warehouse when
        cards are to be had there (or when the game waits for every van to come home)."""
        cfg, board = state.config, game.board(state.config)
        me = state.players[seat]
        got, walked, last = self.tour_worth(game, state, cell, hand, style)
        to_home = board.distance(cell, board.warehouse)
        cards_left = bool(state.row) or bool(state.deck)
        if cards_left and len(hand) < cfg.hand_limit and (not hand or me.may_claim):
            want = (cfg.hand_limit - len(hand)) / cfg.hand_limit
            got += (3.0 if not hand else 1.0) * want * max(0.0, 1.0 - to_home / 30.0)
        if not cards_left:
            # the game ends when every van is home: head back once the van is empty
            got -= 0.03 * (walked + board.distance(last, board.warehouse))
        return got

    def ending_risk(self, game: GameRules, state: Any, seat: int, cell: Any, style: str) -> float:
        """Expected points lost by ending a drive on ``cell``: a hazard test or a rival's trap."""
        cfg, board = state.config, game.board(state.config)
        me = state.players[seat]
        blues = sum(1 for b in me.bonus if b == "blue")
        risk = 0.0
        zone = board.hazard_at.get(cell)
        if zone is not None:
            risk += _fail_chance(zone.test, blues, cfg.die_sides, cfg.blue_bonus) * LOST_TURN
            risk += 0.3 * BLUE_WORTH * min(blues, 1)
        for i, q in enumerate(state.players):
            if i != seat and q.trap == cell:
                fail = _fail_chance(cfg.trap_test, blues, cfg.die_sides, cfg.blue_bonus)
                risk += fail * (BLUE_WORTH if me.bonus else LOST_TURN) + 0.2
        return risk * (0.15 if style == "gambler" else 1.0)

    def move_value(self, game: GameRules, state: Any, seat: int, cell: Any, style: str) -> float:
        board = game.board(state.config)
        me = state.players[seat]
        hand = list(me.hand)
        got = 0.0
        house = board.entrance_house.get(cell)
        if house is not None and house in hand:
            hand.remove(house)
            pts = state.config.colour_points.get(board.houses[house].colour, 1)
            got += (pts ** 1.3 if style == "gambler" else pts) + BLUE_WORTH
            if style == "rush":
                got += 3.0
        got += self.position(game, state, seat, cell, hand, style)
        got -= self.ending_risk(game, state, seat, cell, style)
        if style == "denier" and "red" in me.bonus:
            got += self._shadow(game, state, seat, cell)
        return got

    def _shadow(self, game, state, seat, cell) -> float:
        """The denier likes to end near the leader (to claim its way and to trap it)."""
        top = leader(game, state, seat)
        if top is None or game.scores(state)[top] < game.scores(state)[seat]:
            return 0.0
        d = game.board(state.config).distance(cell, state.players[top].pos)
        return 0.8 * max(0.0, 1.0 - d / 10.0)

    def cards_value(self, game, state, seat, cards, style) -> float:
        board = game.board(state.config)
        me = state.players[seat]
        got = 0.0
        top = leader(game, state, seat) if style == "denier" else None
        for c in cards:
            got += self.card_worth(game, state, c, me.pos, style)
            if top is not None and c in board.houses:
                # cards whose doors lie near the leader are the ones the leader would take
                d = board.distance(state.players[top].pos, board.houses[c].entrance)
                got += 1.5 * max(0.0, 1.0 - d / 15.0)
        return got

    # -- scores --------------------------------------------------------------------------
    def value(self, game: GameRules, state: Any, seat: int, style: str) -> float:
        me = state.players[seat]
        return me.score + self.position(game, state, seat, me.pos, me.hand, style)

    def score(self, game: GameRules, state: Any, seat: int, action: Action, style: str) -> float:
        me = state.players[seat]
        cfg = state.config
        if isinstance(action, A.Move):
            return self.move_value(game, state, seat, action.to, style)
        if isinstance(action, A.Keep):
            keep_bar = {"rush": 0.9, "gambler": 0.5}.get(style, 0.9)
            return sum(self.card_worth(game, state, c, me.pos, style) - keep_bar for c in action.cards)
        if isinstance(action, A.Claim):
            return 10.0 + self.cards_value(game, state, seat, action.cards, style)
        if isinstance(action, A.Roll):
            return 0.0
        if isinstance(action, A.EndTurn):
            # staying home: only when the van is empty and nothing can be had by driving
            if not state.rolled and not me.hand and not state.row:
                return 1.0
            return -0.5 if not state.rolled else 0.0
        if isinstance(action, A.SetTrap):
            if style == "rush":
                return -1.0
            if style == "denier":
                # traps go where the leader is about to drive (moved there if already set)
                return 1.5 if self._shadow(game, state, seat, me.pos) > 0.15 else -1.0
            return 0.5 if me.trap is None or style == "gambler" else -1.0
        if isinstance(action, A.RemoveTrap):
            return -1.0
        if isinstance(action, A.GiveUp):
            if style == "rush":
                return 5.0
            left = (self.position(game, state, seat, me.pos, me.hand, style)
                    - self.position(game, state, seat, me.pos, [], style))
            return 5.0 if left < 0.5 or state.round > cfg.max_rounds - 20 else -1.0
        if isinstance(action, A.PlayBlue):
            pend = state.pending
            blues = sum(1 for b in me.bonus if b == "blue")
            need = pend.target - pend.roll - pend.boost
            return 1.0 if 0 < need <= blues * cfg.blue_bonus else -1.0
        if isinstance(action, A.Accept):
            return 0.0
        if isinstance(action, (A.Give, A.Discard)):
            # red only sets traps; blue saves tests. The denier keeps red for its traps.
            keep = "red" if style == "denier" else "blue"
            return 1.0 if action.kind != keep else 0.0
        return -2.0

    def plan_score(self, game: GameRules, state: Any, seat: int, action: Action, style: str) -> float | None:
        """The planner looks one roll further: a drive is worth what it does now plus the best it
        leaves for the next roll, averaged over the die."""
        now = self.score(game, state, seat, action, style)
        if not isinstance(action, A.Move):
            return now
        board, cfg = game.board(state.config), state.config
        me = state.players[seat]
        hand = list(me.hand)
        house = board.entrance_house.get(action.to)
        if house in hand:
            hand.remove(house)
        stops = {board.warehouse} | {board.houses[c].entrance for c in hand if c in board.houses}
        # a van at the warehouse may stay there (and claim): the next turn need not leave it
        stay = -1e9
        if action.to == board.warehouse:
            stay = self.position(game, state, seat, action.to, hand, style)
        total = 0.0
        for roll in range(1, cfg.die_sides + 1):
            ends = move_options(board, action.to, roll, stops)
            best = stay
            for cell in ends:
                h = board.entrance_house.get(cell)
                pts = cfg.colour_points.get(board.houses[h].colour, 1) if h in hand else 0
                left = [c for c in hand if c != h]
                v = pts + self.position(game, state, seat, cell, left, style) \
                    - self.ending_risk(game, state, seat, cell, style)
                best = max(best, v)
            total += best
        base = self.position(game, state, seat, action.to, hand, style)
        return now + (total / cfg.die_sides - base)


KIT = DoorstepKit()
