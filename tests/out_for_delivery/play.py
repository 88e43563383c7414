"""Whole games for the fuzz, AI and save tests, with the invariants checked after every action."""

from __future__ import annotations

from courier.ai.base import make_bot
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery.state import OfdState
from courier.rules.rng import Rng

from tests.out_for_delivery.helpers import GAME, config


class Ledger:
    """Gold that entered or left the game through the rules (trades only move it around)."""

    def __init__(self, s: OfdState) -> None:
        self.expected = sum(p.gold for p in s.players)

    def note(self, events: list) -> None:
        for e in events:
            if e.kind in ("delivered", "sold", "bought"):
                self.expected += e.data["gold"]
            elif e.kind == "parcels_advanced":
                self.expected += sum(x["gold"] for x in e.data["lost"])


def check_invariants(s: OfdState, ledger: Ledger) -> None:
    cfg = s.config
    carried = sum(len(p.parcels) for p in s.players)
    waiting = sum(len(w) for w in s.waiting)
    assert s.generated_total == waiting + carried + s.delivered_total + s.lost_total, "parcels are conserved"
    assert sum(p.gold for p in s.players) == ledger.expected, "gold is accounted for"
    assert sum(p.delivered for p in s.players) == s.delivered_total
    assert s.mp >= 0
    for p in s.players:
        assert len(p.parcels) <= cfg.max_carried
        assert all(0 <= q.square < len(cfg.parcel_board) for q in p.parcels)
    if s.phase != "over":
        assert s.round <= cfg.max_rounds


def random_game(seed: int, *, all_texts: bool = False, uniform: bool = True, max_rounds: int = 10, on_step=None) -> OfdState:
    """A game where every choice is random among the legal actions."""
    cfg = config(2 + seed % 3, max_rounds=max_rounds)
    s = GAME.new_game(cfg, seed)
    rng = Rng(seed * 7 + 1)
    ledger = Ledger(s)
    steps = 0
    while not GAME.is_over(s):
        (seat,) = GAME.to_act(s)
        legal = GAME.legal_actions(s, seat)
        assert legal, "someone to act always has a choice"
        if all_texts:
            for a in legal:
                assert GAME.parse_action(s, a.to_text()) == a, a.to_text()
        if uniform:
            a = rng.choice(legal)
        else:  # a courier that mostly keeps going, to reach deliveries and trades
            busy = [x for x in legal if not isinstance(x, A.EndTurn)]
            handling = [x for x in busy if isinstance(x, (A.Pickup, A.Deliver, A.Offer, A.Steal))]
            if handling and rng.random() < 0.7:
                a = rng.choice(handling)
            elif busy and rng.random() < 0.9:
                a = rng.choice(busy)
            else:
                a = rng.choice(legal)
        assert GAME.parse_action(s, a.to_text()) == a
        events = GAME.apply(s, a)
        ledger.note(events)
        check_invariants(s, ledger)
        if on_step is not None:
            on_step(s, a)
        steps += 1
        assert steps < 20_000
    assert s.round <= max_rounds
    return s


LEVELS = ("easy", "normal", "hard")


def ai_game(seed: int, players: int | None = None, on_step=None) -> OfdState:
    """A whole game between heuristic couriers at mixed levels."""
    n = players or 2 + seed % 3
    cfg = config(n)
    s = GAME.new_game(cfg, seed)
    bots = [make_bot("out-for-delivery", LEVELS[(seed + i) % 3]) for i in range(n)]
    rng = Rng(seed)
    ledger = Ledger(s)
    while not GAME.is_over(s):
        (seat,) = GAME.to_act(s)
        legal = GAME.legal_actions(s, seat)
        a = bots[seat].choose(GAME, GAME.view(s, seat), seat, legal, rng)
        assert a in legal
        ledger.note(GAME.apply(s, a))
        check_invariants(s, ledger)
        if on_step is not None:
            on_step(s, a)
    return s
