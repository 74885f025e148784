"""Seeded randomness as a pure function of an int: SplitMix64.

A game keeps its random state as a plain int, so that the same seed and the
same moves give the same game on any machine and any Python version, and no
global generator is touched.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

from qwirkle.errors import ArgumentTypeError, InvalidStateError, brief
from qwirkle.rules.limits import MAX_SEED, MIN_SEED

__all__ = ["MAX_RNG", "check_seed", "seed_state", "shuffle"]

_MASK: Final = (1 << 64) - 1
MAX_RNG: Final = _MASK
"""The largest random state: states are 64-bit ints."""
_GOLDEN: Final = 0x9E3779B97F4A7C15

T = TypeVar("T")


def check_seed(seed: object) -> int:
    """``seed`` if it is an int from :data:`~qwirkle.rules.limits.MIN_SEED` to :data:`~qwirkle.rules.limits.MAX_SEED`.

    Raises :class:`~qwirkle.InvalidStateError` for an int out of range, as a
    seed the JSON formats could not hold would make a game that cannot be
    saved, and :class:`~qwirkle.errors.ArgumentTypeError` for anything else.

    >>> check_seed(2**64)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidStateError: a seed is an int from -9223372036854775808 to ..., not 18446744073709551616
    """
    if type(seed) is not int:
        raise ArgumentTypeError(f"a seed is an int from {MIN_SEED} to {MAX_SEED}, not {brief(seed)}")
    if not MIN_SEED <= seed <= MAX_SEED:
        raise InvalidStateError(f"a seed is an int from {MIN_SEED} to {MAX_SEED}, not {brief(seed)}")
    return seed


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
