"""Out For Delivery's heuristic weighs the parcels it already carries when it chooses where to go."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from courier.ai.out_for_delivery import OfdBot, opening_worth
from courier.ai.out_for_delivery_plan import plan_next_stop, tour_value
from courier.rules.out_for_delivery import actions as A
from courier.rules.rng import Rng
from courier.rules.out_for_delivery.state import Parcel

from tests.out_for_delivery.helpers import GAME, acting, at, board, give

B = board()


def _position(mp: float, cell: int, *parcels: tuple[int, int], waiting: dict[int, list[int]] | None = None):
    """Seat 0 acting with ``mp`` on ``cell``, carrying ``parcels``; ``waiting`` by city number."""
    s = acting(mp=mp)
    at(s, 0, cell)
    give(s, 0, *parcels)
    s.waiting = [list((waiting or {}).get(n, [])) for n in range(1, 7)]
    return s


def _target(s, level: str = "normal"):
    return OfdBot(level)._target(s.config, B, GAME.view(s, 0), 0, False, Rng(1))


def test_a_parcel_handed_over_at_once_pays_its_square_and_saves_its_fine() -> None:
    cfg = acting().config
    here = B.city(2).delivery
    got = tour_value(cfg, B, here, [Parcel(2, 1)], mp_now=10, rounds_left=5)
    assert got == cfg.parcel_board[1] + cfg.undelivered_penalty


def test_a_parcel_that_falls_off_or_outlasts_the_game_adds_nothing() -> None:
    cfg = acting().config
    last = len(cfg.parcel_board) - 1
    start = B.city(1).pickup
    assert tour_value(cfg, B, start, [Parcel(2, last)], mp_now=0, rounds_left=10) == 0
    assert tour_value(cfg, B, start, [Parcel(2, 0)], mp_now=0, rounds_left=0) == 0
    assert tour_value(cfg, B, start, [Parcel(2, 0)], mp_now=0, rounds_left=10) > 0


def test_delivers_what_it_carries_before_a_detour_that_would_cost_it_more() -> None:
    # two parcels for city 5, already three squares along; three parcels wait in city 3: the
    # detour there would cost the parcels aboard more than the new ones promise
    s = _position(4, B.city(1).delivery, (5, 3), (5, 3), waiting={3: [1, 1, 1]})
    for level in ("normal", "hard"):
        assert _target(s, level) == B.city(5).delivery


def test_without_parcels_aboard_it_still_goes_for_waiting_parcels() -> None:
    s = _position(4, B.city(1).delivery, waiting={3: [1, 1, 1]})
    assert _target(s) == B.city(3).pickup


def test_fetches_parcels_for_the_city_it_is_bound_for_before_setting_off() -> None:
    # a parcel for city 4 aboard; two more for city 4 wait at this city's own pick-up, a step
    # away: the plan takes them along instead of heading straight for city 4
    # (more parcels wait in city 6, at the far end of the map)
    s = _position(4, B.city(3).delivery, (4, 0), waiting={3: [4, 4], 6: [5, 5, 5]})
    assert _target(s) == B.city(3).pickup
    s.waiting[2] = []
    assert _target(s) == B.city(4).delivery


def test_the_plan_weighs_what_a_pick_up_promises_against_the_time_it_takes() -> None:
    # nothing aboard: two parcels bound for here, at a pick-up a round away, beat one at a pick-up
    # in reach this turn
    # city 3's one parcel goes back where the courier stands; city 2 is a little further, with two
    s = _position(12, B.city(4).delivery, waiting={3: [4], 2: [4, 4]})
    stop = plan_next_stop(s.config, B, GAME.view(s, 0), 0, False, rounds_left=20)
    assert stop is not None and stop.tile == B.city(2).pickup and stop.take == (4, 4)


def test_takes_no_parcel_the_game_should_end_before_it_delivers() -> None:
    # nineteen parcels delivered: the game should end with this round, so a parcel for a far city
    # would only cost its 50-gold fine
    s = _position(4, B.city(1).pickup, waiting={1: [6]})
    s.delivered_total, s.round = 19, 20
    view = GAME.view(s, 0)
    legal = GAME.legal_actions(s, 0)
    assert any(isinstance(a, A.Pickup) for a in legal)
    for level in ("normal", "hard"):
        assert not isinstance(OfdBot(level).choose(GAME, view, 0, legal, Rng(1)), A.Pickup)


def test_never_buys_an_item_even_at_a_sale() -> None:
    s = acting(mp=12, obstacle="shop_sale")
    at(s, 0, B.city(1).pickup)
    give(s, 0)
    s.players[0].gold = 500
    s.waiting = [[] for _ in range(6)]
    legal = GAME.legal_actions(s, 0)
    assert any(isinstance(a, A.Buy) for a in legal)
    for level in ("easy", "normal", "hard"):
        for seed in range(5):
            assert not isinstance(OfdBot(level).choose(GAME, GAME.view(s, 0), 0, legal, Rng(seed)), A.Buy)


def test_normal_and_hard_start_where_the_waiting_parcels_pay_not_where_most_wait() -> None:
    """Three parcels for the far side of the map fetch 25 gold each by the time they arrive; one for
    a city two rounds away fetches 150. The normal and hard couriers start by the one; the easy
    courier counts parcels and starts by the three."""
    s = GAME.new_game(GAME.make_config(players=2), 1)
    assert s.phase == "start"
    s.waiting = [[6, 6, 6], [], [], [2], [], []]  # Ravensmoor: three for Eastwatch; Millhaven: one for Saltmarsh
    legal = GAME.legal_actions(s, 0)
    view = GAME.view(s, 0)
    assert opening_worth(s.config, B, view, 1) == 0
    assert opening_worth(s.config, B, view, 4) > 0
    for seed in range(5):
        assert OfdBot("hard").choose(GAME, view, 0, legal, Rng(seed)).city == 4
        assert OfdBot("normal").choose(GAME, view, 0, legal, Rng(seed)).city == 4
        assert OfdBot("easy").choose(GAME, view, 0, legal, Rng(seed)).city == 1


def test_hands_over_a_parcel_a_step_away_before_taking_more_when_taking_them_costs_the_turn() -> None:
    """On Saltmarsh's pick-up with a Saltmarsh parcel four squares along and a parcel for Ravensmoor
    waiting: with 3 MP the courier reaches its delivery this turn only if it takes nothing first,
    so it sets off and leaves the pick-up for later (taking it first slid the parcel aboard from
    100 gold to 50). With 10 MP the normal courier, which plans a stop at a time, sets off to
    deliver; the hard one, which scores a plan of two stops by what it earns a round, hands its
    parcel over first and comes back for the other in the same turn (the new parcel owes its fine
    in that plan and is not delivered in it, so taking it first earns nothing sooner)."""
    for level in ("normal", "hard"):
        s = _position(3, B.city(2).pickup, (2, 4), waiting={2: [1]})
        legal = GAME.legal_actions(s, 0)
        assert any(isinstance(a, A.Pickup) for a in legal)
        act = OfdBot(level).choose(GAME, GAME.view(s, 0), 0, legal, Rng(1))
        assert isinstance(act, A.Move)
        GAME.apply(s, act)
        assert any(isinstance(a, A.Deliver) for a in GAME.legal_actions(s, 0))  # the delivery is in reach now

    s = _position(10, B.city(2).pickup, (2, 4), waiting={2: [1]})
    legal = GAME.legal_actions(s, 0)
    assert isinstance(OfdBot("normal").choose(GAME, GAME.view(s, 0), 0, legal, Rng(1)), A.Move)

    # the hard courier's whole turn, played out
    bot, gold, played = OfdBot("hard"), s.players[0].gold, []
    while s.phase == "act" and s.current == 0 and len(played) < 40:
        act = bot.choose(GAME, GAME.view(s, 0), 0, GAME.legal_actions(s, 0), Rng(1))
        played.append(act)
        GAME.apply(s, act)
        if isinstance(act, A.EndTurn):
            break
    kinds = [type(a) for a in played]
    assert kinds[0] is A.Move and A.Deliver in kinds and A.Pickup in kinds
    assert kinds.index(A.Deliver) < kinds.index(A.Pickup)  # handed over first, then back for the other
    assert s.players[0].gold == gold + s.config.parcel_board[4]
    assert [p.dest for p in s.players[0].parcels] == [1] and s.waiting[1] == []
    assert (OfdBot("normal").plan_depth, OfdBot("hard").plan_depth) == (1, 2)


def _turn(s, level: str) -> list:
    """Seat 0's courier plays out its turn; the actions it took."""
    played = []
    while s.current == 0 and s.phase == "act":
        a = OfdBot(level).choose(GAME, GAME.view(s, 0), 0, GAME.legal_actions(s, 0), Rng(1))
        played.append(a)
        GAME.apply(s, a)
        if isinstance(a, A.EndTurn):
            break
    return played


def test_the_hard_courier_takes_the_rich_load_not_only_the_nearest_city_s_parcel() -> None:
    # on city 4's pick-up: one parcel for city 2 (the nearer), four for city 6 (further, still
    # paying well). Choosing only from the nearest destinations, the hard courier took the one
    # parcel for city 2 and left the four; now it takes the four and leaves the one
    s = _position(6, B.city(4).pickup, waiting={4: [2, 6, 6, 6, 6]})
    played = _turn(s, "hard")
    picked = [a.dest for a in played if isinstance(a, A.Pickup)]
    assert picked == [6, 6, 6, 6]
    assert sorted(p.dest for p in s.players[0].parcels) == [6, 6, 6, 6] and s.waiting[3] == [2]
    assert isinstance(played[-1], A.EndTurn) and s.players[0].cell != B.city(4).pickup  # and sets off
    # the normal courier's plan of one stop takes all that pays, nearest first, as it did
    s = _position(6, B.city(4).pickup, waiting={4: [2, 6, 6, 6, 6]})
    assert [a.dest for a in _turn(s, "normal") if isinstance(a, A.Pickup)] == [2, 6, 6, 6]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(1, 6), max_size=8), st.integers(1, 5))
def test_a_pick_up_may_take_the_parcels_of_any_set_of_its_destinations(waiting, room) -> None:
    """Every choice takes whole destinations, nearest first, as far as the room goes; every set of
    destinations is offered (the nearest first ones among them), each once; and a remembered
    answer is the one worked out afresh."""
    from courier.ai import out_for_delivery_plan as M

    cfg = acting().config
    sd = M.static_distances(B)
    tile = B.city(1).pickup
    take = M._takes(cfg, B, sd, tile, waiting, 0)
    choices = M._choices(take, room)
    assert len(set(choices)) == len(choices) and all(choices)
    dests = list(dict.fromkeys(take))
    wanted = set()
    for mask in range(1, 1 << len(dests)):
        chosen = {d for i, d in enumerate(dests) if mask >> i & 1}
        wanted.add(tuple([d for d in take if d in chosen][:room]))
    assert set(choices) == wanted
    for part in choices:
        assert len(part) <= room and list(part) == [d for d in take if d in set(part)][:len(part)]
    M._CHOICES.clear()
    assert M._choices(take, room) == choices


def test_a_remembered_plan_is_the_plan_made_afresh() -> None:
    from courier.ai import out_for_delivery_plan as M

    s = _position(4, B.city(3).delivery, (4, 0), (5, 2), waiting={3: [4, 4], 6: [5, 5, 5]})
    view = GAME.view(s, 0)
    fresh = M.make_plan(s.config, B, view, 0, False, 20)
    assert M.plan_next_stop(s.config, B, view, 0, False, 20) == fresh
    assert M.plan_next_stop(s.config, B, view, 0, False, 20) == fresh  # served from memory
    s.waiting[2] = []  # a different position is planned again, not served the old answer
    view = GAME.view(s, 0)
    assert M.plan_next_stop(s.config, B, view, 0, False, 20) == M.make_plan(s.config, B, view, 0, False, 20) != fresh


def test_the_search_leaves_a_delivery_and_the_start_city_to_the_heuristic() -> None:
    """Both are the heuristic's alone in the search (one plan), while a plain move still has rivals."""
    from courier.ai.plugins import plugin_for

    plugin = plugin_for("out-for-delivery", "hard", "normal")
    s = _position(6, B.city(2).delivery, (2, 1), (5, 0), waiting={3: [1]})
    legal = GAME.legal_actions(s, 0)
    assert any(isinstance(a, A.Deliver) for a in legal)
    plans = plugin.plans(GAME, s, 0, legal, Rng(1), width=8)
    assert [type(p[0]) for p, _ in plans] == [A.Deliver]

    s = GAME.new_game(GAME.make_config(players=2), 1)
    legal = GAME.legal_actions(s, 0)
    plans = plugin.plans(GAME, s, 0, legal, Rng(1), width=8)
    assert len(legal) > 1 and len(plans) == 1 and isinstance(plans[0][0][0], A.StartCity)

    s = _position(6, B.city(5).delivery, (2, 1), waiting={3: [1]})
    legal = GAME.legal_actions(s, 0)
    assert len(plugin.plans(GAME, s, 0, legal, Rng(1), width=8)) > 1


def _takes_afresh(cfg, board, sd, tile, waiting, later):
    from courier.ai.out_for_delivery_plan import pays_enough

    return [d for d in sorted(waiting, key=lambda d: sd[board.city(d).delivery].get(tile, 10_000))
            if pays_enough(cfg, board, sd, tile, d, later)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 6), st.lists(st.integers(1, 6), max_size=5), st.integers(0, 8)),
                min_size=1, max_size=12))
def test_what_a_plan_takes_at_a_pickup_is_remembered_by_everything_it_reads(asks) -> None:
    """The planner asks for the same few pick-ups at every stop of every plan: the answers are
    remembered, and a remembered one is always the one worked out afresh (other parcels waiting
    or a later arrival at the same pick-up are never served an old answer)."""
    from courier.ai import out_for_delivery_plan as M

    cfg = acting().config
    sd = M.static_distances(B)
    for city, waiting, later in asks:
        tile = B.city(city).pickup
        assert M._takes(cfg, B, sd, tile, waiting, later) == _takes_afresh(cfg, B, sd, tile, waiting, later)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 6), st.lists(st.tuples(st.integers(1, 6), st.integers(0, 6)), max_size=4),
       st.lists(st.lists(st.integers(1, 6), max_size=4), min_size=6, max_size=6), st.integers(0, 24),
       st.integers(0, 12), st.sampled_from([1, 2]))
def test_a_plan_made_with_remembered_pickups_is_the_plan_made_afresh(city, parcels, waiting, mp, left, depth) -> None:
    import pytest

    from courier.ai import out_for_delivery_plan as M

    s = _position(mp, B.city(city).delivery, *parcels, waiting=dict(enumerate(waiting, start=1)))
    view = GAME.view(s, 0)
    remembered = M.make_plan(s.config, B, view, 0, False, left, depth)
    with pytest.MonkeyPatch.context() as mp_:
        mp_.setattr(M, "_takes", _takes_afresh)
        assert M.make_plan(s.config, B, view, 0, False, left, depth) == remembered


def test_the_start_reason_names_what_the_courier_weighed() -> None:
    """The normal and hard couriers say the parcels waiting where they start pay well (they chose by
    that); the easy courier says how many wait (it chose by that)."""
    from courier.ai import reasons

    s = GAME.new_game(GAME.make_config(players=2), 1)
    s.waiting = [[6, 6, 6], [], [], [2], [], []]
    view = GAME.view(s, 0)
    legal = GAME.legal_actions(s, 0)
    said = {}
    for level in ("easy", "normal", "hard"):
        bot = OfdBot(level)
        act = bot.choose(GAME, view, 0, legal, Rng(1))
        said[level] = reasons.explain("out-for-delivery", GAME, view, 0, act, bot)
    assert said["easy"] == "starts in Ravensmoor: 3 parcels waiting there"
    for level in ("normal", "hard"):
        assert said[level] == "starts in Millhaven: 1 parcel waiting there goes to a city near enough to pay well"
