"""Listing the lays of Qwirkle Cards one by one: parts of a hand, partitions of a table, and a brute force.

The searches (:mod:`qwirkle.cards._search.plans`) answer questions without listing
anything; these functions list everything, for the legal-moves iterator and
for checking the searches against.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product

from qwirkle.cards._search.solver import feasible_counts
from qwirkle.cards.ruleset import SERIES_MAX
from qwirkle.cards.series import TYPE_KINDS, kinds_of

__all__ = ["brute_force", "partitions", "sub_multisets"]


def sub_multisets(hand: Sequence[int]) -> Iterator[list[int]]:
    """Every sub-multiset of a hand of counts, each once, the empty one first.

    >>> hand = [0] * 36
    >>> hand[0] = 2
    >>> [sub[0] for sub in sub_multisets(hand)]
    [0, 1, 2]
    """
    kinds = [k for k in range(36) if hand[k]]
    for picks in product(*(range(hand[k] + 1) for k in kinds)):
        out = [0] * 36
        for k, n in zip(kinds, picks, strict=True):
            out[k] = n
        yield out


def _series_with(k: int, counts: Sequence[int], min_set: int) -> list[int]:
    """Every series (as a mask) whose lowest card is ``k``, from the cards ``counts`` holds."""
    found: set[int] = set()
    for line in (k // 6, 6 + k % 6):
        others = [j for j in kinds_of(TYPE_KINDS[line]) if j > k and counts[j]]
        for size in range(max(min_set, 1) - 1, SERIES_MAX):
            for pick in combinations(others, size):
                mask = 1 << k
                for j in pick:
                    mask |= 1 << j
                found.add(mask)
    return sorted(found)


def partitions(counts: Sequence[int], min_set: int, *, prune: bool = True) -> Iterator[tuple[int, ...]]:
    """Every partition of the cards ``counts`` into valid series, each once, as sorted tuples of masks.

    Rules CARDS-3 and CARDS-6. A partition is a multiset of series; each is
    listed once by taking series in order of their lowest card and, among
    series with the same lowest card, in increasing order. With ``prune``, a
    branch is followed only if what is left can still be partitioned.

    >>> reds = [1] * 6 + [0] * 30  # the six red cards: one series of six, or two of three
    >>> found = list(partitions(reds, 3))
    >>> len(found), (63,) in found
    (11, True)
    """
    left = list(counts)
    chosen: list[int] = []
    cache: dict[tuple[int, ...], bool] = {}

    def can_finish() -> bool:
        key = tuple(left)
        ok = cache.get(key)
        if ok is None:
            ok = cache[key] = feasible_counts(left, min_set)
        return ok

    def walk(prev: int) -> Iterator[tuple[int, ...]]:
        k = next((j for j in range(36) if left[j]), -1)
        if k < 0:
            yield tuple(sorted(chosen))
            return
        prev_low = (prev & -prev).bit_length() - 1 if prev else -1
        for mask in _series_with(k, left, min_set):
            if prev_low == k and mask < prev:
                continue
            members = kinds_of(mask)
            for j in members:
                left[j] -= 1
            if not prune or can_finish():
                chosen.append(mask)
                yield from walk(mask)
                chosen.pop()
            for j in members:
                left[j] += 1

    if not prune or can_finish():
        yield from walk(0)


def brute_force(
    table: Sequence[int], hand: Sequence[int], min_set: int
) -> dict[tuple[tuple[int, ...], tuple[int, ...]], int]:
    """Every legal result of a turn, by listing everything: ``{(laid, partition): qwirkles}``.

    ``laid`` is the count vector of the cards laid (at least one, Rule
    CARDS-6) and ``partition`` the sorted masks of the series on the table
    afterwards (Rules CARDS-3, CARDS-6). Only for small positions.

    >>> table, hand = [0] * 36, [0] * 36
    >>> table[0] = table[1] = table[2] = hand[3] = 1
    >>> [(laid.index(1), partition, qwirkles) for (laid, partition), qwirkles in brute_force(table, hand, 3).items()]
    [(3, (15,), 0)]
    """
    out: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    for laid in sub_multisets(hand):
        if not any(laid):
            continue
        total = [a + b for a, b in zip(table, laid, strict=True)]
        for part in partitions(total, min_set, prune=False):
            out[(tuple(laid), part)] = sum(1 for m in part if m.bit_count() == SERIES_MAX)
    return out
