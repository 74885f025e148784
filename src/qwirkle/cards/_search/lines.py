"""The arithmetic of one line of cards: when its copies split into valid series, and how.

Every series has one line type: a colour (a *row* of the 6 x 6 grid of cards)
or a shape (a *column*). For one line whose six cards received ``v_1 .. v_6``
copies (``S`` in all, at most ``M`` of one card), a partition into ``r``
series of ``min_set`` to 6 distinct cards exists exactly when
``max(M, ceil(S / 6)) <= r <= S // min_set``: no series can hold a card
twice, and dealing the copies out card by card in turn to ``r`` series gives
series whose sizes differ by at most one (Rules CARDS-3, CARDS-6). A line can
also hold ``q`` Qwirkles (series of all six cards, Rule CARDS-8) when
``q <= min(v)`` and what is left can still be partitioned.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from qwirkle.cards.ruleset import SERIES_MAX
from qwirkle.cards.series import TYPE_KINDS, kinds_of

__all__ = ["LINES_OF", "LINE_CELLS", "deal_line", "line_ok", "line_qwirkles"]

LINE_CELLS: Final = tuple(kinds_of(TYPE_KINDS[line]) for line in range(12))
"""For each line (the six colours, then the six shapes), the indices of its six cards."""
LINES_OF: Final = tuple((k // 6, 6 + k % 6) for k in range(36))
"""For each card, its two lines: its colour and its shape."""


def line_ok(s: int, m: int, min_set: int) -> bool:
    """Whether a line's copies (``s`` in all, at most ``m`` of a card) split into valid series (Rules CARDS-3, CARDS-6).

    >>> line_ok(6, 1, 3), line_ok(4, 2, 3)
    (True, False)
    """
    if s == 0:
        return True
    low = max(m, -(-s // SERIES_MAX))
    return low <= s // min_set


def line_qwirkles(s: int, m: int, mn: int, min_set: int) -> int:
    """The most Qwirkles a line can hold, or -1 if it cannot be partitioned at all (Rule CARDS-8).

    ``s`` copies in all, at most ``m`` and at least ``mn`` of one card.

    >>> line_qwirkles(12, 2, 2, 3), line_qwirkles(7, 2, 1, 3)
    (2, 0)
    """
    for q in range(mn, -1, -1):
        if line_ok(s - SERIES_MAX * q, m - q, min_set):
            return q
    return -1


def deal_line(cells: Sequence[int], counts: Sequence[int], min_set: int) -> list[int]:
    """Partition one line's copies into series, with as many Qwirkles as possible.

    Rules CARDS-3 and CARDS-8: series of distinct cards of the line, each of
    ``min_set`` to 6 cards; the copies are dealt card by card in turn, so no
    series gets a card twice.

    >>> deal_line(range(6), [1, 1, 1, 1, 1, 1], 3)  # the six red cards: one Qwirkle
    [63]
    """
    s = sum(counts)
    if s == 0:
        return []
    q = line_qwirkles(s, max(counts), min(counts), min_set)
    if q < 0:
        raise AssertionError("a plan holds a line that cannot be partitioned")
    full = 0
    for k in cells:
        full |= 1 << k
    out = [full] * q
    rest = [c - q for c in counts]
    s -= SERIES_MAX * q
    if s == 0:
        return out
    r = max(max(rest), -(-s // SERIES_MAX))
    groups = [0] * r
    i = 0
    for k, c in zip(cells, rest, strict=True):
        for _ in range(c):
            groups[i % r] |= 1 << k
            i += 1
    return out + groups
