"""Next Day's Hard hands a parcel to its other vehicle when the race says the work ends sooner."""

from __future__ import annotations

from courier.ai.plugins import plugin_for
from courier.rules.next_day import actions as A
from courier.rules.rng import Rng
from tests.ai.next_day_positions import hard_plugin, turn_starts
from tests.next_day.helpers import G


def _meetings(seeds: range):
    """Seat 0's turn starts with a loaded bike and an empty van, the van moved beside the bike."""
    for s, _ in turn_starts(seeds):
        van, bike = s.players[0].vehicles
        if bike.cargo and not van.cargo:
            met = s.clone()
            met.players[0].vehicles[0].place = bike.place
            yield met, G.legal_actions(met, 0)


def test_hard_transfers_only_when_the_work_ends_sooner_or_the_race_pays() -> None:
    plugin = hard_plugin()
    found, quiet = [], 0
    for s, legal in _meetings(range(4)):
        move = plugin._transfer(G, s, 0, legal)
        if move is None:
            quiet += 1
            continue
        found.append(move)
        assert isinstance(move, A.Transfer) and move.to_text() in {a.to_text() for a in legal}
        board = G.board(s.config)
        base = [plugin._schedule(board, s, seat) for seat in range(3)]
        key, end = plugin._best_first(board, s, 0, base)
        after = s.clone()
        G.apply(after, move)
        key2, end2 = plugin._best_first(board, after, 0, base)
        assert key2 > key + 10 * plugin.transfer_gain or (end2 <= end - plugin.transfer_gain and key2 >= key)
    assert found, "no meeting of four games called for a transfer"
    assert quiet > 0


def test_hard_plays_a_gaining_transfer_without_searching() -> None:
    plugin = hard_plugin()
    for s, legal in _meetings(range(4)):
        move = plugin._transfer(G, s, 0, legal)
        if move is not None:
            plans = plugin.plans(G, s, 0, legal, Rng(1), 8)
            assert [p for p, _ in plans] == [(move,)]
            return
    raise AssertionError("no transfer found")


def test_normal_never_looks_for_transfers() -> None:
    normal = plugin_for("next-day")
    normal.set_levels("normal", "normal")
    assert not normal.plan_ahead


def test_the_search_weighs_no_transfer_of_its_own_so_a_parcel_is_never_handed_back_and_forth() -> None:
    """A game once never ended: Hard's rule handed a parcel to the bike, its search handed it back
    to the van, and so on. Transfers now come from the rule alone, and the rule does not undo its
    own move (each transfer it makes must improve the race)."""
    hard = hard_plugin()
    normal = plugin_for("next-day")
    normal.set_levels("normal", "normal")
    checked = 0
    for s, legal in _meetings(range(4)):
        assert any(isinstance(a, A.Transfer) for a in legal)
        move = hard._transfer(G, s, 0, legal)
        for plugin in (hard, normal):
            plans = plugin.plans(G, s, 0, legal, Rng(1), 8)
            handed = [p for p, _ in plans if any(isinstance(a, A.Transfer) for a in p)]
            assert handed == ([] if move is None or plugin is normal else [(move,)])
        if move is not None:
            after = s.clone()
            G.apply(after, move)
            again = hard._transfer(G, after, 0, G.legal_actions(after, 0))
            assert again is None or again.kind == move.kind  # never the same parcel straight back
            checked += 1
    assert checked, "no meeting of four games called for a transfer"
