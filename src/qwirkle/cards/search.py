"""Exact searches over the moves of Qwirkle Cards, on plain count vectors.

Why the search can forget the arrangement of the table
------------------------------------------------------
A turn may rearrange the table freely (Rule CARDS-6), so the result of a turn
only has to be *some* partition of the table's cards plus the cards laid into
valid series of ``min_set`` to 6 cards. Where the cards lay before does not
matter: a position is two vectors of 36 counts (table and hand), and a move
is a choice of how many copies of each card to lay and a partition.

Why a partition reduces to counts per line
------------------------------------------
Every series has one line type: a colour (a *row* of the 6 x 6 grid of cards)
or a shape (a *column*). So a partition is, for each card, a split of its
copies between series of its colour and series of its shape, then for each of
the 12 lines a partition of the copies it received into series. For one line
whose six cards received ``v_1 .. v_6`` copies (``S`` in all, at most ``M`` of
one card), a partition into ``r`` series of ``min_set`` to 6 distinct cards
exists exactly when ``max(M, ceil(S / 6)) <= r <= S // min_set``: no series can
hold a card twice, and dealing the copies out card by card in turn to ``r``
series gives series whose sizes differ by at most one. A line can also hold
``q`` Qwirkles (series of all six cards) when ``q <= min(v)`` and what is left,
``S - 6q`` copies with at most ``M - q`` of a card, can still be partitioned.
So a line is judged by ``S``, ``M`` and its number of Qwirkles ``q``; when
``min_set`` is at most 3, the condition is the linear inequality
``S >= min_set * M + (6 - min_set) * q`` together with ``v_e >= q``.

How the search works
--------------------
The variables are, for each card, a pair ``(t, x)``: ``t`` copies on the table
after the turn (from what the table holds to that plus the hand's copies) of
which ``x`` go to series of its colour; and for each line its Qwirkle count
``q``. Domains are bit masks. Propagation narrows them with bounds taken from
the line condition (no card may exceed what the line's total can carry; an
active line needs enough copies; a line with ``q`` Qwirkles needs ``q``
copies of each of its cards) until nothing changes. A branch and bound then
decides the Qwirkle counts first, then the copies laid, then the splits, best
value first, and cuts a branch only when its bound cannot beat the best lay
found or propagation proves it empty; every complete assignment is checked
with the exact line test. States already searched are memoised with the
bound they were searched under. For the lay with the most cards, a first
search maximises the cards alone, and a second finds the most Qwirkles among
lays of exactly that many cards.

The brute force (:func:`brute_force`) knows none of this: it lists every
partition of every multiset of cards the player could lay. The tests and the
benchmark check that the two agree.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, product
from typing import Final

from qwirkle.cards.rules import SERIES_MAX
from qwirkle.cards.series import TYPE_KINDS, kinds_of

__all__ = [
    "Goal",
    "Plan",
    "best_plan",
    "brute_force",
    "can_lay_counts",
    "feasible_counts",
    "largest_sets",
    "partitions",
    "plan_for",
    "sub_multisets",
]


class Goal(enum.Enum):
    """What a search maximises.

    >>> [goal.value for goal in Goal]
    ['any', 'cards', 'qwirkles']
    """

    ANY = "any"
    """Any move that lays a card (for the pass rule, CARDS-7)."""
    CARDS = "cards"
    """The most cards laid, then the most Qwirkles."""
    QWIRKLES = "qwirkles"
    """The most Qwirkles completed, then the most cards laid."""


def _line_ok(s: int, m: int, min_set: int) -> bool:
    """Whether a line's copies (``s`` in all, at most ``m`` of a card) split into valid series."""
    if s == 0:
        return True
    low = max(m, -(-s // SERIES_MAX))
    return low <= s // min_set


def _line_qwirkles(s: int, m: int, mn: int, min_set: int) -> int:
    """The most Qwirkles a line can hold, or -1 if it cannot be partitioned at all."""
    for q in range(mn, -1, -1):
        if _line_ok(s - SERIES_MAX * q, m - q, min_set):
            return q
    return -1


# A cell's domain is a 10-bit mask over the pairs (t, x): t copies of the card
# on the table after the turn, x of them in series of its colour (the row) and
# t - x in series of its shape (the column).
_PAIRS: Final[tuple[tuple[int, int], ...]] = tuple((t, x) for t in range(4) for x in range(t + 1))
_NPAIRS: Final = len(_PAIRS)


def _pair_table(value: Callable[[int, int], int], pick: Callable[[list[int]], int]) -> tuple[int, ...]:
    out = []
    for mask in range(1 << _NPAIRS):
        values = [value(*_PAIRS[i]) for i in range(_NPAIRS) if mask >> i & 1]
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
_POP: Final = tuple(m.bit_count() for m in range(1 << _NPAIRS))


def _pairs_where(share: Callable[[int, int], int], low: int, high: int) -> int:
    return sum(1 << i for i, (t, x) in enumerate(_PAIRS) if low <= share(t, x) <= high)


# Masks of the pairs whose row (or column) share is at most / at least k; "at least 4" is none.
_ROW_LE: Final = tuple(_pairs_where(_row, 0, k) for k in range(4))
_COL_LE: Final = tuple(_pairs_where(_col, 0, k) for k in range(4))
_ROW_GE: Final = tuple(_pairs_where(_row, k, 3) for k in range(5))
_COL_GE: Final = tuple(_pairs_where(_col, k, 3) for k in range(5))
_LINE_CELLS: Final = tuple(kinds_of(TYPE_KINDS[line]) for line in range(12))
_LINES_OF: Final = tuple((k // 6, 6 + k % 6) for k in range(36))
# The objective is packed into one int: the first criterion weighs more than any second.
_HEAVY: Final = 1 << 8


class _Solver:
    """Branch and bound over the cells' pairs and the lines' Qwirkle counts, with propagation.

    Each line ``u`` gets ``v_e`` copies from each of its six cells, ``S`` in
    all, at most ``M`` of one card, and forms ``q`` Qwirkles. It is valid
    exactly when every ``v_e >= q`` and the rest, ``S - 6q`` copies with at
    most ``M - q`` of one card, splits into series (see :func:`_line_ok`).
    For ``min_set <= 3`` that is ``S >= min_set * M + (6 - min_set) * q``;
    for larger ``min_set`` that inequality is still necessary, and the exact
    test is made when every cell is decided. Propagation narrows the domains
    with these bounds until nothing changes; the search branches on the most
    valuable undecided variable, best value first, and cuts a branch whose
    bound cannot beat the best found. Failed states are memoised with the
    bound they were searched under.
    """

    def __init__(
        self, low: Sequence[int], high: Sequence[int], min_set: int, *, qwirkles: bool, first: bool
    ) -> None:
        self.min_set = min_set
        self.qwirkles = qwirkles
        self.first = first
        self.dom = [sum(1 << i for i, (t, _) in enumerate(_PAIRS) if low[k] <= t <= high[k]) for k in range(36)]
        self.qhi = [0] * 12
        if qwirkles:
            for line, cells in enumerate(_LINE_CELLS):
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
            cells = _LINE_CELLS[line]
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
                    for other in _LINES_OF[k]:
                        if other not in waiting:
                            waiting.add(other)
                            queue.append(other)
        return True

    def _leaf(self, dom: list[int], qlo: list[int], qhi: list[int]) -> list[int] | None:
        """The Qwirkles of each line once every cell is decided, or ``None`` if a line is invalid."""
        big = self.min_set
        out = [0] * 12
        for line, cells in enumerate(_LINE_CELLS):
            low_of = _ROW_MIN if line < 6 else _COL_MIN
            values = [low_of[dom[k]] for k in cells]
            s, m = sum(values), max(values)
            q = qhi[line]
            while q >= qlo[line] and not _line_ok(s - SERIES_MAX * q, m - q, big):
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
        ids = [i for i in range(_NPAIRS) if d >> i & 1]
        # More copies first; then the more even split, which keeps both lines open.
        ids.sort(key=lambda i: (-_PAIRS[i][0], abs(2 * _PAIRS[i][1] - _PAIRS[i][0])))
        lines = list(_LINES_OF[k])
        for i in ids:
            d2, lo2, hi2 = list(dom), list(qlo), list(qhi)
            d2[k] = 1 << i
            if self._propagate(d2, lo2, hi2, list(lines)):
                self._search(d2, lo2, hi2)
                if self.first and self.found is not None:
                    return


class Plan:
    """The result of a search: how many copies of each card to lay and the series that result.

    ``laid[k]`` copies of card ``k`` come from the hand; ``rows[k]`` of the
    copies of card ``k`` on the table afterwards go to series of its colour,
    ``cols[k]`` to series of its shape; ``series`` are the masks of the
    resulting series, Qwirkles included.

    >>> laid, rows, cols = [0] * 36, [0] * 36, [0] * 36
    >>> laid[3] = 1
    >>> rows[0] = rows[1] = rows[2] = rows[3] = 1  # four red cards, in one red series
    >>> plan = Plan(laid, rows, cols, 3)
    >>> plan.cards, plan.series, plan.qwirkles
    (1, (15,), 0)
    """

    __slots__ = ("cards", "cols", "laid", "qwirkles", "rows", "series")

    def __init__(self, laid: list[int], rows: list[int], cols: list[int], min_set: int) -> None:
        self.laid = laid
        self.rows = rows
        self.cols = cols
        self.cards = sum(laid)
        series: list[int] = []
        for line in range(12):
            cells = _LINE_CELLS[line]
            split = rows if line < 6 else cols
            series.extend(_deal(cells, [split[k] for k in cells], min_set))
        self.series = tuple(sorted(series))
        self.qwirkles = sum(1 for m in series if m.bit_count() == SERIES_MAX)


def _deal(cells: Sequence[int], counts: Sequence[int], min_set: int) -> list[int]:
    """Partition one line's copies into series, with as many Qwirkles as possible.

    Rules CARDS-3 and CARDS-8: series of distinct cards of the line, each of
    ``min_set`` to 6 cards; the copies are dealt card by card in turn, so no
    series gets a card twice.
    """
    s = sum(counts)
    if s == 0:
        return []
    q = _line_qwirkles(s, max(counts), min(counts), min_set)
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


def best_plan(table: Sequence[int], hand: Sequence[int], min_set: int, goal: Goal) -> Plan | None:
    """The best way to lay at least one card, or ``None`` when no card can be laid.

    Rule CARDS-6: at least one card from the hand, and every series of
    ``min_set`` to 6 valid cards at the end of the turn. Rule CARDS-8: a
    series of six is a Qwirkle; with :attr:`Goal.QWIRKLES` the plan makes as
    many as possible, then lays as many cards as possible; with
    :attr:`Goal.CARDS` the other way round; with :attr:`Goal.ANY` it is any
    lay at all. Exact: a branch and bound that only cuts what provably cannot
    do better (see :class:`_Solver`).

    Cards are counted by index, colour * 6 + shape: 0 to 2 are the red
    circle, square and diamond, 3 the red clover.

    >>> table, hand = [0] * 36, [0] * 36
    >>> table[0] = table[1] = table[2] = hand[3] = 1
    >>> plan = best_plan(table, hand, 3, Goal.CARDS)
    >>> plan.cards, plan.series, plan.qwirkles
    (1, (15,), 0)
    """
    high = [a + b for a, b in zip(table, hand, strict=True)]
    # Laying no card is not a move (Rule CARDS-6), however many Qwirkles a rearrangement would make.
    least = sum(table) + 1
    if goal is Goal.ANY:
        found = _Solver(table, high, min_set, qwirkles=False, first=True).solve(-1, least)
    else:
        if goal is Goal.CARDS:
            # Most cards first, with Qwirkles ignored; then the most Qwirkles with exactly that many cards.
            most = _Solver(table, high, min_set, qwirkles=False, first=False).solve(-1, least)
            if most is None:
                return None
            least = most[0]
        found = _Solver(table, high, min_set, qwirkles=True, first=False).solve(-1, least)
    if found is None:
        return None
    return _plan(found[1], table, min_set)


def plan_for(table: Sequence[int], laid: Sequence[int], min_set: int) -> Plan | None:
    """A way to lay exactly the cards ``laid`` (as counts), or ``None`` if they cannot all be laid together.

    Rules CARDS-3 and CARDS-6: the table's cards and these cards must split
    into valid series of ``min_set`` to 6 cards.

    >>> table, clover, orange_square = [0] * 36, [0] * 36, [0] * 36
    >>> table[0] = table[1] = table[2] = clover[3] = orange_square[7] = 1
    >>> plan_for(table, clover, 3).series, plan_for(table, orange_square, 3)
    ((15,), None)
    """
    total = [a + b for a, b in zip(table, laid, strict=True)]
    found = _Solver(total, total, min_set, qwirkles=True, first=False).solve(-1, 0)
    if found is None:
        return None
    return _plan(found[1], table, min_set)


def _plan(pairs: Sequence[int], table: Sequence[int], min_set: int) -> Plan:
    laid = [0] * 36
    rows = [0] * 36
    cols = [0] * 36
    for k in range(36):
        t, x = _PAIRS[pairs[k].bit_length() - 1]
        laid[k] = t - table[k]
        rows[k] = x
        cols[k] = t - x
    return Plan(laid, rows, cols, min_set)


def can_lay_counts(table: Sequence[int], hand: Sequence[int], min_set: int) -> bool:
    """Whether at least one card of the hand can be laid (Rules CARDS-6, CARDS-7).

    >>> table, clover, orange_square = [0] * 36, [0] * 36, [0] * 36
    >>> table[0] = table[1] = table[2] = clover[3] = orange_square[7] = 1
    >>> can_lay_counts(table, clover, 3), can_lay_counts(table, orange_square, 3)
    (True, False)
    """
    return best_plan(table, hand, min_set, Goal.ANY) is not None


def feasible_counts(counts: Sequence[int], min_set: int) -> bool:
    """Whether the cards ``counts`` can be partitioned into valid series (Rules CARDS-3, CARDS-6).

    >>> counts = [0] * 36
    >>> counts[0] = counts[1] = counts[2] = 1
    >>> feasible_counts(counts, 3), feasible_counts(counts, 4)
    (True, False)
    """
    if not any(counts):
        return True
    return _Solver(counts, counts, min_set, qwirkles=False, first=True).solve(-1, 0) is not None

def largest_sets(hand: Sequence[int], min_set: int) -> list[int]:
    """Every largest series of distinct cards in a hand, as masks, if it holds at least ``min_set`` cards.

    Rule CARDS-4: the player with the largest valid series starts. Rule
    CARDS-5: with ``cards_opening_must_play_max``, the opening is one of these.

    >>> hand = [0] * 36
    >>> hand[0] = hand[1] = hand[6] = 1  # red circle, red square, orange circle
    >>> largest_sets(hand, 2), largest_sets(hand, 3)
    ([3, 65], [])
    """
    present = 0
    for k in range(36):
        if hand[k]:
            present |= 1 << k
    sizes = [(present & TYPE_KINDS[t]).bit_count() for t in range(12)]
    best = max(sizes)
    if best < min_set:
        return []
    out = {present & TYPE_KINDS[t] for t in range(12) if sizes[t] == best}
    return sorted(out)


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
