"""The exact search behind every question about the lays of Qwirkle Cards: a branch and bound.

The variables are, for each card, a pair ``(t, x)``: ``t`` copies on the table
after the turn, ``x`` of them in series of its colour; and for each line its
number of Qwirkles. See :mod:`qwirkle.cards._search.plans` for why this is enough.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from qwirkle.cards._search.lines import LINE_CELLS, LINES_OF, line_ok
from qwirkle.cards.ruleset import SERIES_MAX

__all__ = ["NPAIRS", "PAIRS", "Solver", "feasible_counts"]

# A cell's domain is a 10-bit mask over the pairs (t, x): t copies of the card
# on the table after the turn, x of them in series of its colour (the row) and
# t - x in series of its shape (the column).
PAIRS: Final[tuple[tuple[int, int], ...]] = tuple((t, x) for t in range(4) for x in range(t + 1))
"""The pairs ``(t, x)`` a card's domain is a mask over."""
NPAIRS: Final = len(PAIRS)
"""How many pairs there are."""


def _pair_table(value: Callable[[int, int], int], pick: Callable[[list[int]], int]) -> tuple[int, ...]:
    out = []
    for mask in range(1 << NPAIRS):
        values = [value(*PAIRS[i]) for i in range(NPAIRS) if mask >> i & 1]
        out.append(pick(values) if values else 0)
    return tuple(out)


def _row(t: int, x: int) -> int:
    return x


def _col(t: int, x: int) -> int:
    return t - x


def _copies(t: int, x: int) -> int:
    return t


_ROW_MIN: Final = _pair_table(_row, min)
_ROW_MAX: Final = _pair_table(_row, max)
_COL_MIN: Final = _pair_table(_col, min)
_COL_MAX: Final = _pair_table(_col, max)
_T_MIN: Final = _pair_table(_copies, min)
_T_MAX: Final = _pair_table(_copies, max)
_POP: Final = tuple(m.bit_count() for m in range(1 << NPAIRS))


def _pairs_where(share: Callable[[int, int], int], low: int, high: int) -> int:
    return sum(1 << i for i, (t, x) in enumerate(PAIRS) if low <= share(t, x) <= high)


# Masks of the pairs whose row (or column) share is at most / at least k; "at least 4" is none.
_ROW_LE: Final = tuple(_pairs_where(_row, 0, k) for k in range(4))
_COL_LE: Final = tuple(_pairs_where(_col, 0, k) for k in range(4))
_ROW_GE: Final = tuple(_pairs_where(_row, k, 3) for k in range(5))
_COL_GE: Final = tuple(_pairs_where(_col, k, 3) for k in range(5))
# The objective is packed into one int: the first criterion weighs more than any second.
_HEAVY: Final = 1 << 8


class Solver:
    """Branch and bound over the cells' pairs and the lines' Qwirkle counts, with propagation.

    Each line ``u`` gets ``v_e`` copies from each of its six cells, ``S`` in
    all, at most ``M`` of one card, and forms ``q`` Qwirkles. It is valid
    exactly when every ``v_e >= q`` and the rest, ``S - 6q`` copies with at
    most ``M - q`` of one card, splits into series (see :func:`line_ok`).
    For ``min_set <= 3`` that is ``S >= min_set * M + (6 - min_set) * q``;
    for larger ``min_set`` that inequality is still necessary, and the exact
    test is made when every cell is decided. Propagation narrows the domains
    with these bounds until nothing changes; the search branches on the most
    valuable undecided variable, best value first, and cuts a branch whose
    bound cannot beat the best found. Failed states are memoised with the
    bound they were searched under.
    """

    def __init__(self, low: Sequence[int], high: Sequence[int], min_set: int, *, qwirkles: bool, first: bool) -> None:
        self.min_set = min_set
        self.qwirkles = qwirkles
        self.first = first
        self.dom = [sum(1 << i for i, (t, _) in enumerate(PAIRS) if low[k] <= t <= high[k]) for k in range(36)]
        self.qhi = [0] * 12
        if qwirkles:
            for line, cells in enumerate(LINE_CELLS):
                self.qhi[line] = min(high[k] for k in cells)
        self.qlo = [0] * 12
        self.memo: dict[tuple[int, ...], int] = {}
        self.best = -1
        self.least = 0
        self.found: tuple[list[int], list[int]] | None = None
        self.nodes = 0

    def _value(self, cards: int, qwirkles: int) -> int:
        return qwirkles * _HEAVY + cards if self.qwirkles else cards

    def solve(self, floor: int, least: int = 0) -> tuple[int, list[int], list[int]] | None:
        """The best solution worth more than ``floor`` with at least ``least`` copies in all.

        Returns ``(value, pairs by cell, Qwirkles by line)``, or ``None``.
        """
        dom, qlo, qhi = list(self.dom), list(self.qlo), list(self.qhi)
        if not self._propagate(dom, qlo, qhi, list(range(12))):
            return None
        self.best = floor
        self.least = least
        self._search(dom, qlo, qhi)
        if self.found is None:
            return None
        pairs, qs = self.found
        return self.best, pairs, qs

    def _propagate(self, dom: list[int], qlo: list[int], qhi: list[int], queue: list[int]) -> bool:
        """Narrow the domains to what the line rules allow; ``False`` if some domain empties.

        Rules CARDS-3, CARDS-6 and CARDS-8, as bounds: see the class notes.
        """
        big = self.min_set
        rest = SERIES_MAX - big
        waiting = set(queue)
        while queue:
            line = queue.pop()
            waiting.discard(line)
            if line < 6:
                low_of, high_of, at_most, at_least = _ROW_MIN, _ROW_MAX, _ROW_LE, _ROW_GE
            else:
                low_of, high_of, at_most, at_least = _COL_MIN, _COL_MAX, _COL_LE, _COL_GE
            cells = LINE_CELLS[line]
            q_low = qlo[line]
            q_high = qhi[line]
            s_high = s_low = m_low = 0
            v_high_min = 3
            for k in cells:
                d = dom[k]
                hi = high_of[d]
                lo = low_of[d]
                s_high += hi
                s_low += lo
                if lo > m_low:
                    m_low = lo
                if hi < v_high_min:
                    v_high_min = hi
            # How many Qwirkles the line can still form.
            cap_q = min(q_high, v_high_min, s_high // SERIES_MAX)
            if rest:
                cap_q = min(cap_q, (s_high - big * m_low) // rest)
            if cap_q < q_low:
                return False
            if cap_q != q_high:
                qhi[line] = cap_q
            # No card may exceed what the line's total can carry.
            cap = (s_high - rest * q_low) // big
            if cap > 3:
                cap = 3
            if cap < 0:
                return False
            keep = at_most[cap]
            need = 0
            if s_low or q_low:
                need = big * max(m_low, q_low, 1) + rest * q_low
                if need > s_high:
                    return False
            floor_q = at_least[q_low] if q_low else 0
            for k in cells:
                d = dom[k]
                nd = d & keep
                if floor_q:
                    nd &= floor_q
                if need:
                    g = need - s_high + high_of[d]
                    if g > 0:
                        nd &= at_least[g if g < 4 else 4]
                if nd != d:
                    if not nd:
                        return False
                    dom[k] = nd
                    for other in LINES_OF[k]:
                        if other not in waiting:
                            waiting.add(other)
                            queue.append(other)
        return True

    def _leaf(self, dom: list[int], qlo: list[int], qhi: list[int]) -> list[int] | None:
        """The Qwirkles of each line once every cell is decided, or ``None`` if a line is invalid."""
        big = self.min_set
        out = [0] * 12
        for line, cells in enumerate(LINE_CELLS):
            low_of = _ROW_MIN if line < 6 else _COL_MIN
            values = [low_of[dom[k]] for k in cells]
            s, m = sum(values), max(values)
            q = qhi[line]
            while q >= qlo[line] and not line_ok(s - SERIES_MAX * q, m - q, big):
                q -= 1
            if q < qlo[line]:
                return None
            out[line] = q
        return out

    def _search(self, dom: list[int], qlo: list[int], qhi: list[int]) -> None:
        self.nodes += 1
        cards_bound = 0
        for k in range(36):
            cards_bound += _T_MAX[dom[k]]
        if cards_bound < self.least:
            return
        bound = self._value(cards_bound, sum(qhi))
        if bound <= self.best:
            return
        key = (*dom, *qlo, *qhi)
        seen = self.memo.get(key)
        if seen is not None and seen >= self.best:
            return
        # Branch first on the Qwirkles, then on the copies laid, then on the splits.
        pick_t = pick_x = -1
        pop_t = pop_x = 99
        for k in range(36):
            d = dom[k]
            p = _POP[d]
            if p > 1:
                if _T_MIN[d] != _T_MAX[d]:
                    if p < pop_t:
                        pick_t, pop_t = k, p
                elif p < pop_x:
                    pick_x, pop_x = k, p
        pick_q = -1
        for line in range(12):
            if qlo[line] < qhi[line] and (pick_q < 0 or qhi[line] > qhi[pick_q]):
                pick_q = line
        if pick_q >= 0:
            self._branch_q(dom, qlo, qhi, pick_q)
        elif pick_t >= 0:
            self._branch_cell(dom, qlo, qhi, pick_t)
        elif pick_x >= 0:
            self._branch_cell(dom, qlo, qhi, pick_x)
        else:
            qs = self._leaf(dom, qlo, qhi)
            if qs is not None:
                value = self._value(cards_bound, sum(qs))
                if value > self.best:
                    self.best = value
                    self.found = (list(dom), qs)
            return
        if self.first and self.found is not None:
            return
        self.memo[key] = self.best

    def _branch_q(self, dom: list[int], qlo: list[int], qhi: list[int], line: int) -> None:
        for q in range(qhi[line], qlo[line] - 1, -1):
            d2, lo2, hi2 = list(dom), list(qlo), list(qhi)
            lo2[line] = hi2[line] = q
            if self._propagate(d2, lo2, hi2, [line]):
                self._search(d2, lo2, hi2)
                if self.first and self.found is not None:
                    return

    def _branch_cell(self, dom: list[int], qlo: list[int], qhi: list[int], k: int) -> None:
        d = dom[k]
        ids = [i for i in range(NPAIRS) if d >> i & 1]
        # More copies first; then the more even split, which keeps both lines open.
        ids.sort(key=lambda i: (-PAIRS[i][0], abs(2 * PAIRS[i][1] - PAIRS[i][0])))
        lines = list(LINES_OF[k])
        for i in ids:
            d2, lo2, hi2 = list(dom), list(qlo), list(qhi)
            d2[k] = 1 << i
            if self._propagate(d2, lo2, hi2, list(lines)):
                self._search(d2, lo2, hi2)
                if self.first and self.found is not None:
                    return


def feasible_counts(counts: Sequence[int], min_set: int) -> bool:
    """Whether the cards ``counts`` can be partitioned into valid series (Rules CARDS-3, CARDS-6).

    >>> counts = [0] * 36
    >>> counts[0] = counts[1] = counts[2] = 1
    >>> feasible_counts(counts, 3), feasible_counts(counts, 4)
    (True, False)
    """
    if not any(counts):
        return True
    return Solver(counts, counts, min_set, qwirkles=False, first=True).solve(-1, 0) is not None
