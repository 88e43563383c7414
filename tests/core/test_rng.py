from hypothesis import given, strategies as st

from courier.rules.rng import Rng


def test_same_seed_same_sequence():
    a, b = Rng(42), Rng(42)
    assert [a.die() for _ in range(50)] == [b.die() for _ in range(50)]


def test_different_seeds_differ():
    assert [Rng(1).next_u64() for _ in range(3)] != [Rng(2).next_u64() for _ in range(3)]


def test_clone_is_independent_and_equal():
    a = Rng(7)
    a.die()
    b = a.clone()
    assert a == b
    x = a.die()
    assert a != b
    assert b.die() == x


def test_dice_are_fair_enough():
    r = Rng(3)
    counts = [0] * 6
    for _ in range(60000):
        counts[r.die() - 1] += 1
    assert all(9000 < c < 11000 for c in counts), counts


@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=1, max_value=1000))
def test_randbelow_in_range(seed, n):
    r = Rng(seed)
    assert all(0 <= r.randbelow(n) < n for _ in range(20))


def test_shuffle_is_a_permutation():
    r = Rng(9)
    items = list(range(36))
    r.shuffle(items)
    assert sorted(items) == list(range(36))
    assert items != list(range(36))
