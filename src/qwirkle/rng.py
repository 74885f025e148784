"""Seeded randomness as a pure function of an int: SplitMix64.

A game keeps its random state as a plain int, so that the same seed and the
same moves give the same game on any machine and any Python version, and no
global generator is touched.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

__all__ = ["seed_state", "shuffle"]

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15

T = TypeVar("T")


def seed_state(seed: int) -> int:
    """The random state for a seed (any int, folded to 64 bits).

    >>> seed_state(7), seed_state(-1) == 2**64 - 1
    (7, True)
    """
    return seed & _MASK


def _next(state: int) -> tuple[int, int]:
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform int in ``range(n)`` and the next state (rejection sampling, no bias)."""
    limit = (1 << 64) - (1 << 64) % n
    while True:
        state, z = _next(state)
        if z < limit:
            return state, z % n


def shuffle(state: int, items: Sequence[T]) -> tuple[int, tuple[T, ...]]:
    """A uniformly shuffled copy of ``items`` (Fisher-Yates) and the next state.

    The same state always gives the same order, on any machine.

    >>> state, letters = shuffle(seed_state(7), "abcdef")
    >>> sorted(letters) == list("abcdef"), shuffle(seed_state(7), "abcdef") == (state, letters)
    (True, True)
    """
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state, j = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return state, tuple(out)
