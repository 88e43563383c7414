"""Doorstep Dash for the search player.

Hidden: rivals' destination and bonus cards, the order of both decks and (for other seats) the
opening cards being looked at. A determinization deals every destination card the seat has not
seen (not in its hand, the row, anyone's deliveries or the returned pile) at random into those
places, and likewise the unseen blue and red bonus cards. The die is chance.

A turn is roll, move, then the small choices; only the drive is searched (plans are single moves,
ranked by how close they bring the van to its next doorsteps, finished by the heuristic player);
every other choice is the heuristic's.
"""

from __future__ import annotations

from typing import Any, Sequence

from courier.ai.plugins import Plan, Plugin
from courier.rules.base import Action, GameRules
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash.state import HIDDEN
from courier.rules.rng import Rng

BLUE, RED = "blue", "red"


class DashPlugin(Plugin):
    game_id = "doorstep-dash"
    policy_level = "normal"
    scale = 4.0
    #: a drive other than the heuristic's must look this much better: between drives the short
    #: rollouts judge alike the search used to pick by noise, and wandered (Normal against Normal
    #: took 82-112 rounds on three seeds, 71-85 with this margin; as strong against rush)
    override_margin = 0.03

    def determinize(self, game: GameRules, view: Any, seat: int, rng: Rng) -> Any:
        state = view.clone()
        state.config = view.config
        state.rng = Rng(state=rng.next_u64())
        board = game.board(view.config)
        seen = set(state.row) | set(state.returned)
        for p in state.players:
            seen.update(h for h in p.hand if h != HIDDEN)
            seen.update(p.delivered)
        seen.update(c for c in state.opening_draw if c != HIDDEN)
        pool = [h for h in sorted(board.houses) if h not in seen]
        rng.shuffle(pool)
        spare = sorted(board.houses)

        def fill(cards: list[str]) -> list[str]:
            out = []
            for c in cards:
                if c != HIDDEN:
                    out.append(c)
                elif pool:
                    out.append(pool.pop())
                else:  # counts disagree (should not happen): any house keeps the state playable
                    out.append(spare[rng.randbelow(len(spare))])
            return out

        for i, p in enumerate(state.players):
            if i != seat:
                p.hand = fill(p.hand)
        state.opening_draw = fill(state.opening_draw)
        state.deck = fill(state.deck)
        cfg = view.config
        blue = cfg.blue_cards - state.bonus_discard.count(BLUE)
        red = cfg.red_cards - state.bonus_discard.count(RED)
        for p in state.players:
            blue -= p.bonus.count(BLUE)
            red -= p.bonus.count(RED)
        bonus = [BLUE] * max(0, blue) + [RED] * max(0, red)
        rng.shuffle(bonus)
        for i, p in enumerate(state.players):
            if i != seat:
                p.bonus = [bonus.pop() if bonus else BLUE if c == HIDDEN else c for c in p.bonus]
        state.bonus_deck = [bonus.pop() if bonus else BLUE if c == HIDDEN else c for c in state.bonus_deck]
        return state

    def mid_turn(self, game: GameRules, state: Any, seat: int) -> bool:
        return state.phase == "turn" and state.current == seat

    def decided(self, game: GameRules, state: Any) -> bool:
        """No destination card is left to claim: every card in a hand will be delivered in time
        (nothing can stop it, only delay it), so the final scores are known (see ``estimates``)."""
        return not state.deck and not state.row

    def plans(self, game: GameRules, state: Any, seat: int, legal: Sequence[Action], rng: Rng,
              width: int, deep: bool = False) -> list[tuple[Plan, float]]:
        if self.decided(game, state) or not isinstance(legal[0], A.Move):
            # the result is settled: finish the round of deliveries and head home like anyone
            # would (the game ends when every van is back), whatever the score. Off the road
            # (keep, roll or wait, claim, traps, tests, bonus cards) the choice is the heuristic's:
            # what those change (tempo at the warehouse, cards denied to a rival, a trap's catch
            # rounds later) lies beyond a short rollout, and the search only chose by its noise
            # there (it declined whole claims, idled at the warehouse, lifted its own traps)
            return [((self.lead(game, state, seat, legal, rng, deep),), 1.0)]
        return super().plans(game, state, seat, legal, rng, width, deep)

    def ranked(self, game: GameRules, state: Any, seat: int,
               legal: Sequence[Action]) -> list[tuple[Action, float]]:
        board = game.board(state.config)
        me = state.players[seat]
        goals = [board.houses[h].entrance for h in me.hand if h in board.houses]
        if not goals or (state.row and me.may_claim and len(me.hand) < state.config.hand_limit):
            goals.append(board.warehouse)
        scored = []
        for i, a in enumerate(legal):
            if isinstance(a, A.Move):
                near = min((board.distance(a.to, g) for g in goals), default=0)
                scored.append((near, i, a))
            else:
                scored.append((-1, i, a))
        scored.sort(key=lambda t: (t[0], t[1]))
        return [(a, 1.5 if k < 2 else 1.0) for k, (_, _, a) in enumerate(scored)]

    def estimates(self, game: GameRules, state: Any) -> list[float]:
        board = game.board(state.config)
        pts = state.config.colour_points
        out = []
        settled = self.decided(game, state)
        for p in state.players:
            value = float(p.score)
            if settled:
                value += sum(pts.get(board.houses[h].colour, 0) for h in p.hand if h in board.houses)
                out.append(value)
                continue
            for h in p.hand:
                house = board.houses.get(h)
                if house is not None:
                    d = board.distance(p.pos, house.entrance)
                    value += pts.get(house.colour, 0) * (0.6 if d <= 12 else 0.35)
            value += 0.15 * len(p.bonus)
            out.append(value)
        return out
