"""Out For Delivery's end-of-game figures agree with the final position and the log."""

from __future__ import annotations

import pytest

from courier.rules import stats
from courier.rules.out_for_delivery import stats as ofd
from tests.stats_play import finished


@pytest.mark.parametrize("n,seed", [(2, 11), (3, 11), (4, 11)])
def test_figures_agree_with_the_final_position_and_the_log(n, seed):
    m = finished("out-for-delivery", n, seed)
    s = m.state
    figs = stats.statistics(m.game_id, m.config, m.seed, m.log).figures
    assert sum(f[ofd.DELIVERED] for f in figs) == s.delivered_total
    assert sum(f[ofd.LOST] for f in figs) == s.lost_total
    for seat, p in enumerate(s.players):
        f = figs[seat]
        mine = [e for e in m.events if e.data.get("seat") == seat]
        assert f[ofd.DELIVERED] == p.delivered
        assert f[ofd.GOLD] == sum(e.data["gold"] for e in mine if e.kind == "delivered")
        assert f[ofd.BOUGHT] == sum(e.kind == "bought" for e in mine)
        assert f[ofd.TILES] == sum(len(e.data["path"]) - 1 for e in mine if e.kind == "moved")
        # a trade counts for both couriers in it
        traded = [e for e in m.events if e.kind == "traded"]
        assert f[ofd.TRADES] == sum(1 for e in traded if seat in (e.data["seat"], e.data["partner"]))


def test_a_trade_counts_for_both_sides():
    m = finished("out-for-delivery", 2, 11)
    trades = [e for e in m.events if e.kind == "traded"]
    assert trades, "this seed has a trade"
    figs = stats.statistics(m.game_id, m.config, m.seed, m.log).figures
    assert sum(f[ofd.TRADES] for f in figs) == 2 * len(trades)
