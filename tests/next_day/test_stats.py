"""Next Day's end-of-game figures agree with the game's own books: every credit a player holds at
the end is the start, the fees earned, the end bonus, less what moving blockages cost."""

from __future__ import annotations

import pytest

from courier.rules import stats
from courier.rules.next_day import stats as nd
from tests.stats_play import finished


@pytest.mark.parametrize("n,seed", [(3, 11), (4, 11), (4, 21)])
def test_figures_agree_with_the_final_position_and_the_log(n, seed):
    m = finished("next-day", n, seed)
    s, cfg = m.state, m.config
    figs = stats.statistics(m.game_id, cfg, m.seed, m.log).figures
    for seat, p in enumerate(s.players):
        mine = [e for e in m.events if e.data.get("seat") == seat]
        f = figs[seat]
        assert f[nd.DELIVERED] == p.delivered == sum(e.kind == "delivered" for e in mine)
        assert f[nd.CONTRACTS] == sum(1 for c in s.contracts if c.done and c.owner == seat)
        paid = sum(e.data["cost"] for e in mine if e.kind == "blockage_moved")
        bonus = s.bonus if s.declared_by == seat else 0
        assert p.credits == cfg.start_credits + f[nd.FEES] + bonus - paid
        assert f[nd.BLOCKAGES] == sum(e.kind == "blockage_moved" for e in mine)
        assert f[nd.ROADS] == sum(len(e.data["path"]) - 1 for e in mine if e.kind == "moved")
        assert f[nd.ILLEGAL] == sum(1 for e in mine if e.kind == "collected" and "illegal load" in e.text)
        assert f[nd.AUCTIONS] == sum(e.kind == "auction_won" for e in mine)
    # the seeds above exercise the rarer figures too
    assert any(f[nd.BLOCKAGES] for f in figs) and any(f[nd.ILLEGAL] for f in figs)


def test_an_auction_counts_for_its_winner():
    m = finished("next-day", 4, 11)
    won = [e for e in m.events if e.kind == "auction_won"]
    assert won, "this seed has an auction"
    figs = stats.statistics(m.game_id, m.config, m.seed, m.log).figures
    assert sum(f[nd.AUCTIONS] for f in figs) == len(won)
    for e in won:
        assert figs[e.data["seat"]][nd.AUCTIONS] >= 1
