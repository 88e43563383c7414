"""Package Pandemonium's levels: the hard courier bids for a contested exploding package, looks
further ahead than the normal one and signs with Express Lines; each search level starts from its
own heuristic, and Hard drives the hard heuristic's routes."""

from __future__ import annotations

from courier.ai.package_pandemonium import PandemoniumBot
from courier.ai.plugins import plugin_for
from courier.ai.search import SearchBot
from courier.rules.package_pandemonium import actions as A
from courier.rules.package_pandemonium.state import BOMB, COMPANY, ROUTE
from courier.rules.rng import Rng

from tests.package_pandemonium.pp_helpers import GAME, cfg, clear_tiles, play, setup


def _bidding(bomb_near_both: bool):
    """Round 1's priority cards on an empty map, both vans at home with full batteries; the
    exploding package lies where both could reach it this round, or only where seat 0 could."""
    s = setup(2, bases={0: "A5", 1: "E5"}, companies={0: "express", 1: "express"})
    clear_tiles(s)
    dist = s.eng.board.dist
    mine, theirs = s.vans[0].pos, s.vans[1].pos
    steps = s.config.route_steps
    cells = [c for c in range(25) if 0 < dist[mine][c] <= steps
             and (dist[theirs][c] <= steps) == bomb_near_both]
    assert cells, "the map has such a tile"
    s.tiles[cells[0]].append(BOMB)
    return s


def _card(s, level: str) -> int:
    legal = GAME.legal_actions(s, 0)
    pick = PandemoniumBot(level).choose(GAME, GAME.view(s, 0), 0, legal, Rng(1))
    assert isinstance(pick, A.PlayPriority)
    return pick.card


def test_hard_plays_its_lowest_card_when_both_vans_could_reach_the_exploding_package() -> None:
    s = _bidding(bomb_near_both=True)
    specials = set(s.config.battery_cards) | set(s.config.long_route_cards)
    plain = sorted(c for c in s.vans[0].hand if c not in specials)
    assert _card(s, "hard") == plain[0]
    assert _card(s, "normal") == plain[-1]  # the normal courier does not count it as contested


def test_an_exploding_package_only_one_van_can_reach_is_no_reason_to_bid() -> None:
    s = _bidding(bomb_near_both=False)
    specials = set(s.config.battery_cards) | set(s.config.long_route_cards)
    plain = sorted(c for c in s.vans[0].hand if c not in specials)
    assert _card(s, "hard") == plain[-1]


def test_hard_re_ranks_its_best_twelve_routes_by_the_route_that_could_follow() -> None:
    s = setup(2, bases={0: "A5", 1: "E5"})
    play(s, "p1 priority 1", "p2 priority 2", "p1 go first")
    assert s.phase == ROUTE
    bot = PandemoniumBot("hard")
    view = GAME.view(s, 0)
    drives = [a for a in GAME.legal_actions(s, 0) if isinstance(a, A.Drive) and len(a.directions) == 3]
    ranked = bot.rank(view, 0, drives)
    assert len(ranked) > bot.ahead_routes == 12
    again = bot.look_ahead(view, 0, ranked)
    top = bot.ahead_routes
    assert {a.to_text() for _, a in again[:top]} == {a.to_text() for _, a in ranked[:top]}
    assert [a.to_text() for _, a in again[top:]] == [a.to_text() for _, a in ranked[top:]]
    assert PandemoniumBot("normal").ahead_weight == 0.0


def test_each_search_level_starts_from_its_own_heuristic() -> None:
    for level in ("easy", "normal", "hard"):
        assert plugin_for("package-pandemonium", level, "normal").prior_bot.level == level


def _at_company_choice():
    s = GAME.new_game(cfg(2, "Riverside"), 3)
    while s.phase != COMPANY:
        seat = GAME.to_act(s)[0]
        GAME.apply(s, GAME.legal_actions(s, seat)[0])
    return s


def _company(s, level: str) -> str:
    seat = GAME.to_act(s)[0]
    pick = PandemoniumBot(level).choose(GAME, GAME.view(s, seat), seat, GAME.legal_actions(s, seat), Rng(1))
    assert isinstance(pick, A.ChooseCompany)
    return pick.company


def test_hard_signs_with_express_lines_and_normal_with_the_big_van() -> None:
    s = _at_company_choice()
    assert _company(s, "hard") == "express"
    assert _company(s, "normal") == "big-van"
    play(s, f"p{GAME.to_act(s)[0] + 1} company express")
    assert _company(s, "hard") == "big-van"  # the first pick gone, the next best


def test_hard_drives_its_heuristics_route_and_searches_no_other() -> None:
    s = setup(2, bases={0: "A5", 1: "E5"})
    play(s, "p1 priority 1", "p2 priority 2", "p1 go first")
    assert s.phase == ROUTE
    legal = GAME.legal_actions(s, 0)
    view = GAME.view(s, 0)
    hard = plugin_for("package-pandemonium", "hard", "normal")
    plans = hard.plans(GAME, view, 0, legal, Rng(5), 8)
    own = PandemoniumBot("hard").choose(GAME, view, 0, legal, Rng(5))
    assert [[a.to_text() for a in p] for p, _ in plans] == [[own.to_text()]]
    bot = SearchBot("package-pandemonium", "hard")
    assert bot.choose(GAME, view, 0, legal, Rng(5)) == own
    assert bot.last.iterations == 0 and bot.last.considered == 1
    normal = plugin_for("package-pandemonium", "normal", "normal")
    assert len(normal.plans(GAME, view, 0, legal, Rng(5), 6)) > 1  # Normal still weighs routes
    # deeper in Hard's tree (a rival's route after the Rogue, say) the plans stay open
    assert len(hard.plans(GAME, view, 0, legal, Rng(5), 8, deep=True)) > 1
