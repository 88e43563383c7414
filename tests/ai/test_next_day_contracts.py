"""Next Day's Hard builds its neighbour's contracts to pay little for a lot of driving."""

from __future__ import annotations

import pytest

from courier.ai.base import make_bot
from courier.ai.plugins import plugin_for
from courier.ai.plugins.next_day.contracts import _CONTRACTS
from courier.rules.next_day import actions as A
from courier.rules.next_day.setup import price_for
from courier.rules.rng import Rng
from tests.next_day.helpers import G


def _cost(plugin, board, state, seat, plan) -> float:
    """The planner's yardstick: credits the next seat earns, less a worth per round it drives
    (with its first stops chosen well)."""
    from courier.rules.next_day.state import Contract

    nxt = (seat + 1) % len(state.players)
    trial = state.clone()
    trial.current = nxt
    trial.contracts = [Contract(i, nxt, a, b, price_for(board, state.config, a, b), n, n)
                       for i, ((a, b), n) in enumerate(plan.items())]
    towns = sorted({a for a, _ in plan})
    finish = min([plugin._schedule(board, trial, nxt)[0]]
                 + [plugin._schedule(board, trial, nxt, {"van": v, "bike": b})[0] for v in towns for b in towns])
    pay = sum(c.price * c.parcels for c in trial.contracts)
    return pay - plugin.contract_round_worth * finish


@pytest.mark.parametrize("players,seeds", [(3, 2), (4, 3)])
def test_hard_contracts_are_a_valid_hand_and_no_single_change_makes_them_harsher(players: int, seeds: int) -> None:
    from courier.ai.plugins.next_day.contracts import _climb

    plugin = plugin_for("next-day", "hard", "normal")
    cfg = G.make_config(players=players)
    board = G.board(cfg)
    better = hands = 0
    for seed in range(seeds):
        s = G.new_game(cfg, seed)
        for seat in range(players):
            hand = s.players[seat].hand
            plan = plugin._contracts(board, s, seat)
            towns = [t for ab in plan for t in ab]
            assert len(plan) == cfg.contracts() and sum(plan.values()) == cfg.parcels()
            assert min(plan.values()) >= 1
            assert len(set(towns)) == len(towns) and set(towns) <= set(hand)
            pairs, counts = [list(ab) for ab in plan], list(plan.values())

            def cost(p, c):
                return _cost(plugin, board, s, seat, {(a, b): n for (a, b), n in zip(p, c)})

            assert _climb(pairs, counts, cost) == (pairs, counts)  # a local best
            start = plugin.prior_bot._contract_plan(board, cfg, hand)
            better += _cost(plugin, board, s, seat, plan) < _cost(plugin, board, s, seat, start) - 1
            hands += 1
    assert better >= hands - 1  # the heuristic's rule leaves room nearly always


def test_hard_contracts_depend_only_on_its_own_hand() -> None:
    plugin = plugin_for("next-day", "hard", "normal")
    cfg = G.make_config(players=3)
    board = G.board(cfg)
    s = G.new_game(cfg, 5)
    other = s.clone()
    other.players[1].hand, other.players[2].hand = other.players[2].hand, other.players[1].hand
    before = s.clone()
    mine = plugin._contracts(board, s, 0)
    _CONTRACTS.clear()  # worked out afresh, not remembered
    assert mine == plugin._contracts(board, other, 0)
    assert s == before  # planning changes nothing


def _build(level: str, seed: int, seat: int = 0) -> dict[tuple[str, str], int]:
    """Let one seat's bot build its contracts from the start; returns the finished drafts."""
    s = G.new_game(G.make_config(players=3), seed)
    bot = make_bot("next-day", level)
    for step in range(60):
        legal = G.legal_actions(s, seat)
        action = bot.choose(G, G.view(s, seat), seat, legal, Rng(step))
        drafts = {(d.pickup, d.dropoff): d.parcels for d in s.players[seat].drafts}
        G.apply(s, action)
        if isinstance(action, A.FinishSetup):
            return drafts
    raise AssertionError("the bot never finished building its contracts")


@pytest.mark.search_levels
def test_hard_builds_the_planned_contracts_and_normal_keeps_its_own() -> None:
    cfg = G.make_config(players=3)
    board = G.board(cfg)
    s = G.new_game(cfg, 7)
    hard = plugin_for("next-day", "hard", "normal")
    assert _build("hard", 7) == hard._contracts(board, s, 0)
    heuristic = plugin_for("next-day", "normal", "normal").prior_bot
    assert _build("normal", 7) == heuristic._contract_plan(board, cfg, s.players[0].hand)


def test_remembered_contracts_belong_to_their_own_rules() -> None:
    plugin = plugin_for("next-day", "hard", "normal")
    plain = G.make_config(players=4)
    dear = G.make_config(players=4, price_floor=60, price_per_step=1)
    s = G.new_game(plain, 3)
    other = s.clone()
    other.config = dear
    board = G.board(plain)
    _CONTRACTS.clear()
    cheap = plugin._contracts(board, s, 0)
    remembered = plugin._contracts(board, other, 0)
    _CONTRACTS.clear()
    fresh = plugin._contracts(board, other, 0)
    assert remembered == fresh != cheap  # a flat price of 60 makes other contracts the harshest
