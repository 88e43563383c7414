"""Fuzzing the save reader with damaged copies of real saves of all four games.

For each file: ``load_match`` returns a match or raises SaveError (nothing else) with a short
message; the file is unchanged; a match that loads is played on and its board drawn; the Load
screen lists and draws the folder with the file in it. The campaign here is a sample; the
bigger one is ``courier fuzz-saves`` (same functions).
"""

from __future__ import annotations

import json
from itertools import islice
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from courier.rules.rng import Rng

from courier.dev import fuzz_saves as fz
from courier.dev import save_damage as sd

GAMES = sd.real_game_ids()
#: damaged files per game in the sample below (each kind of damage gets its share)
PER_KIND = 10


@pytest.fixture(scope="module")
def corpus() -> list[sd.Base]:
    """Real saves: each game with its fewest and most seats, early and finished."""
    return sd.build_corpus(points=(0.02, 1.0))


@pytest.fixture
def checker():
    c = fz.Checker(draw=True)
    yield c
    c.close()


def _sample(items, count: int, rng: Rng) -> list:
    items = list(items)
    rng.shuffle(items)
    return items[:count]


def _sample_damage(bases: list[sd.Base], rng: Rng) -> list[sd.Damage]:
    """A deterministic slice of every kind of damage, spread over the game's saves."""
    out: list[sd.Damage] = [(f"{b.name}: as saved", b.raw()) for b in bases]
    kinds = [
        lambda b: sd.truncations(b, 12),
        lambda b: sd.bit_flips(b, 6, rng),
        lambda b: sd.field_values(b),
        lambda b: sd.seat_values(b),
        lambda b: sd.config_values(b),
        lambda b: sd.log_values(b, rng),
        lambda b: sd.state_values(b, 8, rng),
        lambda b: sd.other_fields(b),
        lambda b: sd.format_zero(b),
    ]
    for kind in kinds:
        pool = [(f"{b.name}: {label}", content) for b in bases for label, content in kind(b)]
        out += _sample(pool, PER_KIND, rng)
    out += _sample(sd.swapped_states(bases), 4, rng)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_damaged_saves_are_refused_or_play_on(game_id: str, corpus: list[sd.Base], checker: fz.Checker) -> None:
    bases = [b for b in corpus if b.game_id == game_id]
    assert len(bases) == 4
    figures = fz.campaign(iter(_sample_damage(bases, Rng(len(game_id)))), checker)
    assert [f"{o.kind}: {o.label}: {o.detail}" for o in figures.problems] == []
    assert figures.kinds["loaded"] >= len(bases)  # the undamaged ones at least
    assert figures.kinds["refused"] > 50


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:6]):
            yield from _paths(v, (*path, i))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12) | st.sampled_from(["", "\x00", "Kevingston", "van", "easy", "human", "ai", "x" * 5000]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


@pytest.mark.slow
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(pick=st.integers(0, 10**9), where=st.integers(0, 10**9), value=JSON_VALUES)
def test_any_value_anywhere_is_refused_or_plays_on(pick: int, where: int, value, corpus, checker) -> None:
    base = corpus[pick % len(corpus)]
    paths = [p for p in _paths(base.data) if p]
    path = paths[where % len(paths)]
    data = json.loads(json.dumps(base.data))
    holder = data
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    outcome = checker.check(f"{base.name}: {'.'.join(map(str, path))}", json.dumps(data).encode())
    assert not outcome.problem, f"{outcome.kind}: {outcome.label}: {outcome.detail}"


def test_the_campaign_counts_what_it_sees(checker: fz.Checker, corpus: list[sd.Base]) -> None:
    """The checker itself must be able to fail: a broken reader is counted, not missed."""
    from courier import saves

    base = corpus[0]
    real = saves.load_match

    def crashing(path):
        raise RecursionError("maximum recursion depth exceeded")

    saves.load_match = crashing
    try:
        assert checker.check("crash", base.raw()).kind == "crash"
    finally:
        saves.load_match = real

    def loads_then_breaks(path):
        m = real(path)
        m.state = None
        return m

    saves.load_match = loads_then_breaks
    try:
        assert checker.check("broken", base.raw()).kind == "wrong accept"
    finally:
        saves.load_match = real

    def rewrites(path):
        Path(path).write_bytes(b"{}")
        raise saves.SaveError("This is not a Courier save file.")

    saves.load_match = rewrites
    try:
        assert checker.check("rewrites", base.raw()).kind == "modified"
    finally:
        saves.load_match = real

    def chatty(path):
        raise saves.SaveError("The game in this save could not be set up again (KeyError: 'van').")

    saves.load_match = chatty
    try:
        assert checker.check("chatty", base.raw()).kind == "bad message"
    finally:
        saves.load_match = real
    from courier.saves import verdicts as save_verdicts

    real_verdict = save_verdicts.verdict
    save_verdicts.verdict = lambda path: None  # a check that lets everything through
    try:
        damaged = json.loads(json.dumps(base.data))
        damaged["log"] = damaged["log"][:-1] + ["nonsense"] if damaged["log"] else ["nonsense"]
        assert checker.check("listed usable", json.dumps(damaged).encode()).kind == "listed usable"
    finally:
        save_verdicts.verdict = real_verdict
    assert checker.check("fine", base.raw()).kind == "loaded"
    assert list(islice(sd.truncations(base, 3), 1))[0][1] == b""
