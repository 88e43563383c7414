"""The one source of randomness in a game: a small seeded generator kept in the state.

A hand-rolled generator (splitmix64) rather than :mod:`random` because its whole state is one
integer: cloning is free, saving is one number, and the sequence is the same on every Python.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        self.state = (state if state is not None else (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019)) & _MASK

    def clone(self) -> "Rng":
        return Rng(state=self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi], both ends included."""
        return lo + self.randbelow(hi - lo + 1)

    def random(self) -> float:
        return (self.next_u64() >> 11) / float(1 << 53)

    def die(self, sides: int = 6) -> int:
        return self.randint(1, sides)

    def dice(self, n: int, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(n)]

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def fork(self) -> "Rng":
        """A new independent generator derived from this one (advances this one)."""
        return Rng(state=self.next_u64())


def spread_seed(first: int, k: int) -> int:
    """The seed of the ``k``-th of a series of games that starts from ``first``, far from its
    neighbours. Seed ``s + 1`` is seed ``s``'s stream moved on by one draw, so consecutive seeds
    deal nearly the same game; a series of games (the lab's deals, ``courier simulate``) takes its
    seeds from here instead (53-bit numbers, exact in JSON)."""
    return Rng(state=(first * 0x100000001B3 + k * 0x9E3779B97F4A7C15) & ((1 << 64) - 1)).next_u64() >> 11
