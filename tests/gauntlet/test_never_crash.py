"""Property: on any position of any game, every outside style answers with an action on offer.

Tables mix the six styles with a uniformly random player (so positions reach corners no sensible
player would make), in every game and at every table size; the players run strict, so a fault
in a style's reckoning fails the test instead of being covered by its fall-back.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from courier.dev.gauntlet import STYLES
from tests.gauntlet.helpers import GAMES, play

SEATS = st.sampled_from(STYLES + ("random",))
#: decisions per example, kept small: the property is about positions, not whole games
LIMIT = {"next-day": 300, "doorstep-dash": 500, "package-pandemonium": 400, "out-for-delivery": 500}


def _tables(game_id: str):
    sizes, _ = GAMES[game_id]
    return st.sampled_from(sizes).flatmap(lambda n: st.lists(SEATS, min_size=n, max_size=n))


def _check(game_id: str, names, seed: int, options: dict) -> Counter:
    made: Counter = Counter()
    play(game_id, names, seed, options, limit=LIMIT[game_id],
         on_choice=lambda name, action: made.update([name]))
    return made


def _slow(n: int):
    return settings(max_examples=n, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@_slow(6)
@given(names=_tables("next-day"), seed=st.integers(0, 10_000), quick=st.booleans())
def test_next_day(names, seed, quick):
    opts = dict(GAMES["next-day"][1], quick_setup=quick)
    assert sum(_check("next-day", names, seed, opts).values()) > 0


@_slow(10)
@given(names=_tables("doorstep-dash"), seed=st.integers(0, 10_000))
def test_doorstep_dash(names, seed):
    assert sum(_check("doorstep-dash", names, seed, GAMES["doorstep-dash"][1]).values()) > 0


@_slow(10)
@given(names=_tables("package-pandemonium"), seed=st.integers(0, 10_000))
def test_package_pandemonium(names, seed):
    assert sum(_check("package-pandemonium", names, seed, GAMES["package-pandemonium"][1]).values()) > 0


@_slow(8)
@given(names=_tables("out-for-delivery"), seed=st.integers(0, 10_000))
def test_out_for_delivery(names, seed):
    assert sum(_check("out-for-delivery", names, seed, GAMES["out-for-delivery"][1]).values()) > 0


def test_thousands_of_outside_decisions_across_the_four_games():
    """A fixed sweep that every style plays in every game, counted: the property above draws its
    tables, this one makes sure each style is asked many times whatever hypothesis draws."""
    made: Counter = Counter()
    for game_id, (sizes, opts) in GAMES.items():
        n = max(sizes)
        for k, style in enumerate(STYLES):
            names = [style] + [STYLES[(k + i) % len(STYLES)] if i % 2 else "random" for i in range(1, n)]
            got = _check(game_id, names, 17 + k, opts)
            made.update({(game_id, name): c for name, c in got.items() if name != "random"})
    for game_id in GAMES:
        for style in STYLES:
            assert made[(game_id, style)] >= 20, (game_id, style, made[(game_id, style)])
    assert sum(made.values()) >= 3000
