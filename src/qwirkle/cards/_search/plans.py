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
from collections.abc import Iterator, Sequence

from qwirkle.cards._search.lines import LINE_CELLS, deal_line
from qwirkle.cards._search.listing import brute_force, partitions, sub_multisets
from qwirkle.cards._search.solver import PAIRS, Solver, feasible_counts
from qwirkle.cards.ruleset import SERIES_MAX
from qwirkle.cards.series import TYPE_KINDS

__all__ = [
    "Goal",
    "Plan",
    "best_plan",
    "brute_force",
    "can_lay_between",
    "can_lay_counts",
    "feasible_counts",
    "largest_sets",
    "layable_sets",
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
            cells = LINE_CELLS[line]
            split = rows if line < 6 else cols
            series.extend(deal_line(cells, [split[k] for k in cells], min_set))
        self.series = tuple(sorted(series))
        self.qwirkles = sum(1 for m in series if m.bit_count() == SERIES_MAX)


def best_plan(table: Sequence[int], hand: Sequence[int], min_set: int, goal: Goal) -> Plan | None:
    """The best way to lay at least one card, or ``None`` when no card can be laid.

    Rule CARDS-6: at least one card from the hand, and every series of
    ``min_set`` to 6 valid cards at the end of the turn. Rule CARDS-8: a
    series of six is a Qwirkle; with :attr:`Goal.QWIRKLES` the plan makes as
    many as possible, then lays as many cards as possible; with
    :attr:`Goal.CARDS` the other way round; with :attr:`Goal.ANY` it is any
    lay at all. Exact: a branch and bound that only cuts what provably cannot
    do better (see :class:`Solver`).

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
        found = Solver(table, high, min_set, qwirkles=False, first=True).solve(-1, least)
    else:
        if goal is Goal.CARDS:
            # Most cards first, with Qwirkles ignored; then the most Qwirkles with exactly that many cards.
            most = Solver(table, high, min_set, qwirkles=False, first=False).solve(-1, least)
            if most is None:
                return None
            least = most[0]
        found = Solver(table, high, min_set, qwirkles=True, first=False).solve(-1, least)
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
    found = Solver(total, total, min_set, qwirkles=True, first=False).solve(-1, 0)
    if found is None:
        return None
    return _plan(found[1], table, min_set)


def _plan(pairs: Sequence[int], table: Sequence[int], min_set: int) -> Plan:
    laid = [0] * 36
    rows = [0] * 36
    cols = [0] * 36
    for k in range(36):
        t, x = PAIRS[pairs[k].bit_length() - 1]
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


def can_lay_between(table: Sequence[int], low: Sequence[int], high: Sequence[int], min_set: int) -> bool:
    """Whether some lay of at least one card lays, of each card ``k``, from ``low[k]`` to ``high[k]`` copies.

    Rules CARDS-3 and CARDS-6, by one exact search (see :class:`Solver`): the
    question the listings ask to cut every branch that holds no lay, so that
    they find each lay after a number of searches that grows with the hand,
    not with its number of subsets.

    >>> table, none, clover = [0] * 36, [0] * 36, [0] * 36
    >>> table[0] = table[1] = table[2] = clover[3] = 1
    >>> can_lay_between(table, none, clover, 3), can_lay_between(table, none, none, 3)
    (True, False)
    """
    lowest = [t + n for t, n in zip(table, low, strict=True)]
    highest = [t + n for t, n in zip(table, high, strict=True)]
    # Laying no card is not a move (Rule CARDS-6): at least one copy more than the table holds.
    least = sum(table) + 1
    return Solver(lowest, highest, min_set, qwirkles=False, first=True).solve(-1, least) is not None


def layable_sets(table: Sequence[int], hand: Sequence[int], min_set: int) -> Iterator[list[int]]:
    """Every part of the hand that can be laid (Rules CARDS-3, CARDS-6), as counts, in :func:`sub_multisets` order.

    A depth-first walk that decides the copies of one card at a time and
    follows a branch only if some lay is left in it (:func:`can_lay_between`):
    each part comes after at most four searches per card of the hand, however
    many parts cannot be laid. Listing every part, then testing each, costs
    two to the number of cards.

    >>> table, hand = [0] * 36, [0] * 36
    >>> table[0] = table[1] = table[2] = hand[3] = hand[7] = 1
    >>> [laid.index(1) for laid in layable_sets(table, hand, 3)]
    [3]
    """
    kinds = [k for k in range(36) if hand[k]]
    low = [0] * 36
    high = list(hand)

    def walk(i: int) -> Iterator[list[int]]:
        if i == len(kinds):
            yield list(low)
            return
        k = kinds[i]
        for copies in range(hand[k] + 1):
            low[k] = high[k] = copies
            if can_lay_between(table, low, high, min_set):
                yield from walk(i + 1)
        low[k], high[k] = 0, hand[k]

    if can_lay_between(table, low, high, min_set):
        yield from walk(0)


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
