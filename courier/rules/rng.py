"""The one source of randomness in a game: a small seeded generator kept in the state.

A hand-rolled generator (splitmix64) rather than :mod:`random` because its whole state is one
integer: cloning is free, saving is one number, and the sequence is the same on every Python.

How a seed becomes the first state is versioned (its *seeding*), because a seed and its log
must replay a game exactly as it was dealt, whenever it was made:

- ``OFFSET`` (0), the first: the state is the seed times the stream's step, so seed ``s + 1`` is
  seed ``s``'s stream moved on by one draw and neighbouring seeds deal near-copies of a game.
  Every save, record, guided game and golden made before the mixed seeding deals with it, and so
  does ``Rng(n)`` without a seeding (the computer players' decisions, and the behaviour keys of
  their strength records, rest on it).
- ``MIXED`` (1): the seed goes through two rounds of splitmix64's finaliser first, so any two
  seeds, neighbours or not, start far apart on the stream and deal unrelated games.

A game's config names its seeding (``GameConfig.seeding``); a new game takes ``SEEDING``.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_STEP = 0x9E3779B97F4A7C15

#: the seedings, in the order they were made (see the module's docstring)
OFFSET, MIXED = 0, 1
SEEDINGS = (OFFSET, MIXED)
#: the seeding of every new game
SEEDING = MIXED


def _finalise(z: int) -> int:
    """splitmix64's output function: a bijection of 64-bit numbers in which every input bit moves
    about half of the output bits."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def first_state(seed: int, seeding: int = OFFSET) -> int:
    """The generator's state before the first draw of ``seed`` under ``seeding``."""
    if seeding == OFFSET:
        return (seed * _STEP + 0x632BE59BD9B4E019) & _MASK
    if seeding == MIXED:
        # two rounds, each after its own constant (fractions of sqrt 2 and sqrt 3), so no state
        # of this seeding is the plain stream of a number the other generators here start from
        return _finalise(_finalise((seed ^ 0x6A09E667F3BCC908) & _MASK) ^ 0xBB67AE8584CAA73B)
    raise ValueError(f"no seeding {seeding!r} (there are {', '.join(map(str, SEEDINGS))})")


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None, seeding: int = OFFSET) -> None:
        self.state = (state & _MASK) if state is not None else first_state(seed, seeding)

    def clone(self) -> "Rng":
        return Rng(state=self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"

    def next_u64(self) -> int:
        self.state = (self.state + _STEP) & _MASK
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
    neighbours. Under the ``OFFSET`` seeding seed ``s + 1`` is seed ``s``'s stream moved on by one
    draw, so consecutive seeds deal nearly the same game; the series dealt with it (the lab's
    deals, ``courier simulate``) take their seeds from here instead (53-bit numbers, exact in JSON).
    The ``MIXED`` seeding needs no spreading: consecutive seeds are as far apart as any."""
    return Rng(state=(first * 0x100000001B3 + k * 0x9E3779B97F4A7C15) & ((1 << 64) - 1)).next_u64() >> 11
