"""Shared set-ups for the Doorstep Dash tests."""

from __future__ import annotations

from collections import Counter

from courier.rules import registry
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash.config import BLUE, RED
from courier.rules.doorstep_dash.state import DashState
from courier.rules.rng import Rng

GAME = registry.get("doorstep-dash")


def config(players: int = 2, **kw):
    return GAME.make_config(players=players, **kw)


def board(cfg=None):
    return GAME.board(cfg or config())


def started(players: int = 2, seed: int = 1, **kw) -> DashState:
    """A game past the opening: every player kept all the cards they were dealt."""
    cfg = config(players, **kw)
    s = GAME.new_game(cfg, seed)
    while s.phase == "opening":
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        GAME.apply(s, max(legal, key=lambda a: len(a.cards)))
    return s


def rigged(*values: int, sides: int = 6) -> Rng:
    """An Rng whose next dice show ``values`` (found by search; fine for short lists)."""
    for seed in range(200000):
        r = Rng(seed)
        probe = r.clone()
        if all(probe.die(sides) == v for v in values):
            return r
    raise AssertionError(f"no seed gives {values}")


def all_cards(s: DashState) -> Counter:
    c: Counter = Counter(s.deck + s.row + s.returned + s.opening_draw)
    for p in s.players:
        c.update(p.hand)
        c.update(p.delivered)
    return c


def check_invariants(s: DashState) -> None:
    """Cards are conserved, limits hold and every legal action's text parses back."""
    b = board(s.config)
    assert all_cards(s) == Counter(list(b.houses)), "destination cards lost or duplicated"
    bonus = Counter(s.bonus_deck + s.bonus_discard)
    for p in s.players:
        bonus.update(p.bonus)
        assert len(p.hand) <= s.config.hand_limit
        assert p.pos in b.spaces
        if s.pending is None or s.pending.kind != "discard" or s.pending.seat != s.players.index(p):
            assert len(p.bonus) <= s.config.bonus_limit
        assert p.score == sum(s.config.colour_points[b.houses[h].colour] for h in p.delivered)
    assert bonus == Counter({BLUE: s.config.blue_cards, RED: s.config.red_cards}), "bonus cards not conserved"
    traps = [p.trap for p in s.players if p.trap is not None]
    assert len(traps) == len(set(traps))
    for t in traps:
        assert b.trap_forbidden(t) is None
    if not GAME.is_over(s):
        for seat in GAME.to_act(s):
            legal = GAME.legal_actions(s, seat)
            assert legal, "someone must act but has nothing to do"
            for a in legal:
                assert GAME.parse_action(s, a.to_text()) == a


def play_to_entrance(s: DashState, seat: int, house: str) -> None:
    """Put ``seat`` one step from ``house``'s entrance, on its turn, die showing 1, card in hand."""
    b = board(s.config)
    ent = b.houses[house].entrance
    start = b.neighbours[ent][0]
    p = s.players[seat]
    p.pos = start
    if house not in p.hand:
        for holder in [s.deck, s.row, *[q.hand for q in s.players]]:
            if house in holder:
                holder.remove(house)
        if len(p.hand) >= s.config.hand_limit:
            s.deck.append(p.hand.pop())
        p.hand.append(house)
    s.current = seat
    s.rolled, s.moved = 1, False


def move(s: DashState, seat: int, cell) -> list:
    return GAME.apply(s, A.Move(seat, tuple(cell)))


def set_bonus(s: DashState, seat: int, kinds: list[str]) -> None:
    """Give ``seat`` exactly these bonus cards, swapping with the bonus deck (cards conserved)."""
    p = s.players[seat]
    s.bonus_deck.extend(p.bonus)
    p.bonus = []
    for k in kinds:
        s.bonus_deck.remove(k)
        p.bonus.append(k)
