"""How a seed becomes the generator's first state (its seeding, ``courier.rules.rng``).

The promise of the mixed seeding, as properties over structured sets of seeds (neighbours, seeds
a power of two apart, seeds one bit apart, each around many starting seeds): their early draws
share no value and are as unrelated as independent draws, at every small lag. Each property is
also checked to FAIL under the first seeding, where seed ``s + 1`` is seed ``s`` one draw on: that
is the defect the mixed seeding removes, and the proof that the checks can see it.

The first seeding itself must never change: every save, record, guided game and golden made
with it deals from the same first states as it always did.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from courier.rules.rng import MIXED, OFFSET, SEEDING, SEEDINGS, Rng, first_state

#: draws compared per seed
DRAWS = 256
#: lags at which two seeds' streams are compared (seed t's draw i + lag against seed s's draw i)
LAGS = range(-8, 9)
#: starting seeds of the structured sets: small, large, around 2**31 (a new match's random seed),
#: 2**53 (the lab's spread seeds) and 2**64 (where 64 bits wrap)
STARTS = (0, 1, 12345, 2**31 - 40, 2**53 - 7, 2**64 - 20)


def draws(seed: int, seeding: int, n: int = DRAWS) -> list[int]:
    rng = Rng(seed, seeding=seeding)
    return [rng.next_u64() for _ in range(n)]


def structured_pairs(s: int) -> list[tuple[int, int]]:
    """Seed pairs whose seeds are related: neighbours, 2**k apart, one bit apart."""
    pairs = [(s, s + d) for d in (1, 2, 3, 4, 5, 7, 8, 16, 100)]
    pairs += [(s, s + 2**k) for k in range(64)]
    pairs += [(s, s ^ (1 << k)) for k in range(64)]
    return pairs


def shared_values(seeds: list[int], seeding: int, n: int = DRAWS) -> int:
    """How many early draws of ``seeds`` repeat one of another seed (chance: about n²·k²/2**65, 0).
    A seed is read modulo 2**64 (by every seeding), so seeds equal modulo 2**64 count once."""
    seen: set[int] = set()
    total = 0
    for seed in dict.fromkeys(s % 2**64 for s in seeds):
        values = draws(seed, seeding, n)
        total += len(values)
        seen.update(values)
    return total - len(seen)


def worst_lagged_distance(a: list[int], b: list[int]) -> float:
    """The mean number of differing bits between a's and b's draws, aligned at each lag, furthest
    from 32 (independent 64-bit draws differ in 32 bits on average, each mean within about
    0.25 of it over 256 draws)."""
    worst = 32.0
    for lag in LAGS:
        pairs = [(x, b[i + lag]) for i, x in enumerate(a) if 0 <= i + lag < len(b)]
        mean = sum((x ^ y).bit_count() for x, y in pairs) / len(pairs)
        if abs(mean - 32) > abs(worst - 32):
            worst = mean
    return worst


def unrelated(s: int, t: int, seeding: int, n: int = DRAWS, tolerance: float = 1.6) -> bool:
    """Seeds s and t's first ``n`` draws look like independent draws at every lag (6 standard
    deviations of the mean bit distance for 256 draws: no chance failure in the suite's lifetime)."""
    return abs(worst_lagged_distance(draws(s, seeding, n), draws(t, seeding, n)) - 32) < tolerance


def test_a_new_game_takes_the_mixed_seeding_and_every_seeding_is_known() -> None:
    assert SEEDING == MIXED and SEEDINGS == (OFFSET, MIXED)
    with pytest.raises(ValueError):
        Rng(1, seeding=7)


def test_the_first_seeding_deals_from_the_same_first_states_as_ever() -> None:
    # the first states of the first seeding, as every existing save, record and guided game has them
    assert [first_state(s) for s in (0, 1, 2, 302)] == [
        0x632BE59BD9B4E019, 0x01635F5558FF5C2E, 0x9F9AD90ED849D843, 0x089D7E70039340DF]
    assert Rng(5).state == Rng(5, seeding=OFFSET).state == first_state(5, OFFSET)
    assert Rng(5, seeding=MIXED).state != Rng(5).state
    # the first seeding's defect, as it is: seed s + 1 is seed s one draw on
    assert draws(8, OFFSET, 10)[1:] == draws(9, OFFSET, 9)


def test_a_saved_state_is_the_state_whatever_the_seeding() -> None:
    for seeding in SEEDINGS:
        a = Rng(77, seeding=seeding)
        a.die()
        b = Rng(state=a.state)
        assert a == b and b.clone() == a and [a.die() for _ in range(20)] == [b.die() for _ in range(20)]


@pytest.mark.parametrize("start", STARTS)
def test_consecutive_seeds_share_no_early_draw(start: int) -> None:
    assert shared_values(list(range(start, start + 64)), MIXED) == 0


@pytest.mark.parametrize("start", STARTS)
def test_seeds_a_power_of_two_or_a_bit_apart_share_no_early_draw(start: int) -> None:
    seeds = [start] + [t for _, t in structured_pairs(start)]
    assert shared_values(seeds, MIXED) == 0


@pytest.mark.parametrize("start", STARTS)
def test_related_seeds_draw_as_if_independent_at_every_lag(start: int) -> None:
    bad = [(s, t) for s, t in structured_pairs(start) if not unrelated(s, t, MIXED)]
    assert not bad


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=-(2**63), max_value=2**70))
def test_any_seed_and_its_neighbours_draw_as_if_independent(seed: int) -> None:
    for t in (seed + 1, seed - 1, seed + 2, seed + 2**32, seed ^ (1 << 63)):
        assert unrelated(seed, t, MIXED, n=128, tolerance=2.3)  # 6.5 deviations for 128 draws
    assert shared_values([seed + d for d in range(16)], MIXED, n=64) == 0


@pytest.mark.parametrize("start", STARTS)
def test_the_checks_fail_on_the_first_seeding(start: int) -> None:
    # seed s + 1 repeats 255 of seed s's 256 draws, one place on: the properties above see it
    assert shared_values(list(range(start, start + 64)), OFFSET) > 60 * (DRAWS - 64)
    related = [(s, t) for s, t in structured_pairs(start) if not unrelated(s, t, OFFSET)]
    assert (start, start + 1) in related and (start, start + 8) in related and (start, start + 2) in related
