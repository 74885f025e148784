"""The exchanges a hand offers: every distinct multiset of its tiles, up to a limit, each once.

Copies of a tile are alike: an exchange is told apart by the tiles it gives
back, not by which copies. How many tiles may go back is the rules' (see
:func:`qwirkle.legality.can_exchange`); this module only enumerates them, on
tile indices.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations


def exchanges(hand: Sequence[int], largest: int) -> list[tuple[int, ...]]:
    """Every distinct multiset of 1 to ``largest`` tiles of the hand, as sorted tuples, in order.

    >>> exchanges([3, 1, 3], 2)
    [(1,), (1, 3), (3,), (3, 3)]
    """
    tiles = sorted(hand)
    picks: set[tuple[int, ...]] = set()
    for size in range(1, min(largest, len(tiles)) + 1):
        picks.update(combinations(tiles, size))
    return sorted(picks)


def exchange_positions(hand: Sequence[int], largest: int) -> list[tuple[int, ...]]:
    """The :func:`exchanges` of the hand, in order, each as the positions in ``hand`` of the tiles it takes.

    Copies of a tile are taken from the first of their positions, so each
    exchange has one answer; the positions follow the exchange's tiles.

    >>> exchange_positions([3, 1, 3], 2)
    [(1,), (1, 0), (0,), (0, 2)]
    """
    where: dict[int, list[int]] = {}
    for at, t in enumerate(hand):
        where.setdefault(t, []).append(at)
    out = []
    for pick in exchanges(hand, largest):
        # A pick is sorted, so the copies of a tile follow each other: its nth copy takes the tile's nth position.
        out.append(tuple([where[t][i - pick.index(t)] for i, t in enumerate(pick)]))
    return out


def count_exchanges(hand: Sequence[int], largest: int) -> int:
    """How many distinct multisets of 1 to ``largest`` tiles the hand offers."""
    counts: dict[int, int] = {}
    for t in hand:
        counts[t] = counts.get(t, 0) + 1
    if largest >= len(hand):
        # Any number of copies of each kind, from none to all, but not nothing at all.
        total = 1
        for c in counts.values():
            total *= c + 1
        return total - 1
    # ways[n]: multisets of exactly n tiles from the kinds seen so far.
    ways = [1] + [0] * largest
    for c in counts.values():
        ways = [sum(ways[n - j] for j in range(min(c, n) + 1)) for n in range(largest + 1)]
    return sum(ways[1:])
