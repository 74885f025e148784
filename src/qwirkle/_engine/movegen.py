"""Move generation: every legal placement of a hand on a board, each exactly once (the exchanges: :mod:`.exchanges`).

Works on the engine's plain values: int cell keys (see :mod:`qwirkle.board`),
tile indices and 36-bit tile masks. Public move objects are built by the
caller, only when asked for.

How a placement is found once and only once:

- A one-tile move is a cell next to the tiles and a tile that fits both the
  row and the column through that cell.
- A move of two or more tiles lies in one row or column and, with the tiles
  between them, fills one unbroken run (see :func:`qwirkle.legality.check_placement`). That
  run, the *window*, is the whole line after the move: at most six cells
  (a line's longest) with empty cells at both ends. The move is the window plus a
  tile for each of its empty cells, so enumerating windows, then the ways to
  fill them, yields each move once.
- A window's tiles all belong to one line type (a colour or a shape), so the
  hand must hold at least two distinct tiles of that type.
- Score depends only on which cells are filled, so it is computed once per
  window.

The windows of a position are found once (:func:`windows`) and then counted,
filled or ranked, so that ``len(moves)`` followed by listing them, as
``list(moves)`` does, searches the board only once.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from itertools import combinations
from typing import NamedTuple, TypeAlias

from qwirkle._engine.anchors import AnchorMemo, End, Ends, anchor_ends, cells_summary

# The exchanges were listed here once: the old public path ``qwirkle.movegen`` finds them here still.
from qwirkle._engine.exchanges import count_exchanges as count_exchanges
from qwirkle._engine.exchanges import exchange_positions as exchange_positions
from qwirkle._engine.exchanges import exchanges as exchanges
from qwirkle._engine.frontier import Frontier, FrontierCell, Runs
from qwirkle._engine.geometry import STRIDE, key_in_range
from qwirkle._engine.lines import MAX_LINE, TYPE_BITS, TYPE_TILES, TYPES_UNION, bits, groups
from qwirkle.board import Board
from qwirkle.rules.ruleset import RuleSet
from qwirkle.scoring import goes_out, line_points_table, score_placed

Keyed: TypeAlias = tuple[tuple[int, int], ...]
"""A placement as ``(cell key, tile index)`` pairs sorted by key."""

Window: TypeAlias = tuple[tuple[int, ...], tuple[int, ...], int]
"""The empty cell keys of a placement's line, the tiles each may take (masks), and its points."""


def _mask(hand: Sequence[int]) -> int:
    m = 0
    for t in hand:
        m |= 1 << t
    return m


def can_place(board: Board, hand: Sequence[int]) -> bool:
    """Whether the hand has any legal placement on a non-empty board.

    Any legal move of several tiles has a tile that is legal on its own (it
    touches the table and its lines are parts of valid lines), so checking
    one-tile moves is enough.
    """
    if not board:
        return bool(hand)
    hand_mask = _mask(hand)
    return any(h & v & hand_mask for h, _, v, _ in board._frontier().values())


class _Hand(NamedTuple):
    """What a hand offers to moves of several tiles, by line type."""

    in_hand: list[int]
    """For each line type, the mask of the hand's tiles of that type."""
    counts: list[int]
    """For each line type, how many distinct tiles of it the hand holds."""
    useful: int
    """The line types of which the hand holds two distinct tiles or more: the only ones a window may have."""
    most: int
    """The most distinct tiles the hand holds of one line type."""
    live: int
    """The hand's tiles of a useful type: those a move of several tiles may use."""


def _hand_types(hand_mask: int) -> _Hand:
    in_hand = [m & hand_mask for m in TYPE_TILES]
    counts = [m.bit_count() for m in in_hand]
    useful = 0
    for t in range(12):
        if counts[t] >= 2:
            useful |= 1 << t
    return _Hand(in_hand, counts, useful, max(counts), hand_mask & TYPES_UNION[useful])


def _table_windows(
    grid: Mapping[int, int],
    frontier: Frontier,
    hand_mask: int,
    qwirkle_bonus: int,
    memo: AnchorMemo | None = None,
) -> list[Window]:
    """Every window on a table with tiles: the one-cell windows, then those of several tiles, once per line type.

    The options of a key are the hand's tiles that fit its cross line (and,
    for several tiles, are of the window's type).

    A window of several tiles is found from its *anchor*: its first cell,
    going along the line, that is a tile or an empty cell with a tile
    across. Before the anchor it can only have free cells (empty, nothing
    across), so each window is grown once from its anchor and then widened
    to the left. It grows a whole run of tiles at a time, since it can
    neither end nor start inside one. With a ``memo`` (a board searched
    before), what fits each cell and the ends of each anchor's line are read
    from it instead (see :mod:`qwirkle._engine.anchors`).
    """
    hand = _hand_types(hand_mask)
    table = line_points_table(qwirkle_bonus)
    cells = frontier.cells
    useful = hand.useful
    live = hand.live
    if memo is None:
        found, row_starts, column_starts = cells_summary(cells, grid, table, hand_mask, live)
        row_anchors = [n for n, _ in row_starts]
        column_anchors = [n for n, _ in column_starts]
    else:
        summary = memo.cells
        if summary is None:
            summary = memo.cells = cells_summary(cells, grid, table)
        singles, row_starts, column_starts = summary
        # The hand keeps its own tiles of what the summary, kept for any hand, holds.
        found = [(keys, (fits & hand_mask,), points) for keys, (fits,), points in singles if fits & hand_mask]
        row_anchors = [n for n, across in row_starts if across & live]
        column_anchors = [n for n, across in column_starts if across & live]
    # A run of tiles anchors windows when the hand has two tiles of one of its line types, and two of the
    # hand's tiles may join it: every new tile of a window lies in the run's line (Rules LINE-2, LINE-3).
    row_anchors += [
        k for k, (fit, _, _, common) in frontier.rows.items() if common & useful and (fit & live).bit_count() > 1
    ]
    column_anchors += [
        k for k, (fit, _, _, common) in frontier.columns.items() if common & useful and (fit & live).bit_count() > 1
    ]
    # Along a row, the line across a cell is its column: entries 2 and 3 of its frontier entry; and vice versa.
    rows, columns = (None, None) if memo is None else (memo.rows, memo.columns)
    _line_windows(found, row_anchors, rows, STRIDE, 2, frontier.rows, grid, cells, hand, table)
    _line_windows(found, column_anchors, columns, 1, 0, frontier.columns, grid, cells, hand, table)
    return found


def _line_windows(
    found: list[Window],
    anchors: Sequence[int],
    memo: dict[int, Ends] | None,
    step: int,
    across: int,
    along: Runs,
    grid: Mapping[int, int],
    cells: Mapping[int, FrontierCell],
    hand: _Hand,
    table: tuple[int, ...],
) -> None:
    """Add to ``found`` the windows of several tiles of the lines grown from each anchor along ``step``.

    Where each line may end is :func:`~qwirkle._engine.anchors.anchor_ends`'s:
    narrowed by the hand, or with a ``memo`` (a board searched before) read
    from it, worked out whatever the hand the first time a hand needs them.
    At each end, the windows are one per line type the hand can fill it
    with, and per free cell taken before the anchor: at least two tiles, at
    most six, none already on the line. A window scores its own line and the
    lines across (:func:`~qwirkle.scoring.line_points`). The windows are
    added as they are found, not gathered first: this loop runs for every
    position listed.
    """
    in_hand, counts, useful, most, live = hand
    for anchor in anchors:
        if memo is None:
            ends: Sequence[End] = anchor_ends(
                anchor, step, across, along, grid, cells, table, useful, live, counts, most
            )
        else:
            known = memo.get(anchor)
            if known is None:
                known = memo[anchor] = tuple(anchor_ends(anchor, step, across, along, grid, cells, table))
            ends = known
        for types, present, count, masks, empties, low, high, points, length in ends:
            # Further ends only narrow the types and add empty cells.
            types &= useful
            if not types or count > most:
                break
            for ty in TYPE_BITS[types]:
                cand = in_hand[ty] & ~present
                room = cand.bit_count() - count
                if room > high:
                    room = high
                if room < low:
                    continue
                if count == 1:
                    only = masks[0] & cand
                    if not only:
                        continue
                    opts: tuple[int, ...] = (only,)
                elif count == 2:
                    first = masks[0] & cand
                    second = masks[1] & cand
                    if not (first and second):
                        continue
                    opts = (first, second)
                else:
                    opts = tuple([m & cand for m in masks])
                    if not all(opts):
                        continue
                for left in range(low, room + 1):
                    if left:
                        keys = tuple(range(anchor - left * step, anchor, step)) + empties
                        found.append((keys, (cand,) * left + opts, points + table[length + left]))
                    else:
                        found.append((empties, opts, points + table[length]))


def fillings(opts: Sequence[int], used: int = 0) -> Iterator[tuple[int, ...]]:
    """Every way to pick one distinct tile per option mask, in order."""
    if not used and len(opts) == 2:
        # Most multi-tile moves place two tiles: no recursion for them.
        a, b = opts
        seconds = list(bits(b))
        for t in bits(a):
            for u in seconds:
                if u != t:
                    yield (t, u)
        return
    first = opts[0] & ~used
    if len(opts) == 1:
        for t in bits(first):
            yield (t,)
        return
    rest = opts[1:]
    for t in bits(first):
        for tail in fillings(rest, used | (1 << t)):
            yield (t, *tail)


def _count_fillings(opts: Sequence[int]) -> int:
    """How many ways there are to pick one distinct tile per option mask."""
    if len(opts) == 2:
        a, b = opts
        return a.bit_count() * b.bit_count() - (a & b).bit_count()
    if len(opts) == 3:
        # Inclusion and exclusion over the pairs that would take the same tile.
        a, b, c = opts
        na, nb, nc = a.bit_count(), b.bit_count(), c.bit_count()
        ab, ac, bc = (a & b).bit_count(), (a & c).bit_count(), (b & c).bit_count()
        return na * nb * nc - ab * nc - ac * nb - bc * na + 2 * (a & b & c).bit_count()
    # Count by the set of tiles used so far: a window's tiles share a line type, so at most six of them
    # are in play and there are few such sets, however many orders lead to each.
    ways = {0: 1}
    for mask in opts:
        grown: dict[int, int] = {}
        for used, n in ways.items():
            free = mask & ~used
            while free:
                low = free & -free
                free ^= low
                grown[used | low] = grown.get(used | low, 0) + n
        ways = grown
    return sum(ways.values())


def _opening_windows(hand: Sequence[int], rules: RuleSet) -> list[Window]:
    """The openings from (0, 0): one window per line of tiles the starter may lay, each way (Rule START-4)."""
    hand_mask = _mask(hand)
    if rules.opening_must_play_max_group:
        lines = [sum(1 << t for t in group) for group in groups(hand)]
    else:
        lines = [
            sum(1 << t for t in pick)
            for ty in range(12)
            for size in range(2, 7)
            for pick in combinations(bits(TYPE_TILES[ty] & hand_mask), size)
        ]
    found: list[Window] = []
    if hand_mask and (not rules.opening_must_play_max_group or lines[0].bit_count() == 1):
        # Every one-tile opening at once: the cell (0, 0) may take any tile of the hand.
        found.append(((0,), (hand_mask,), opening_points(1, rules)))
    for line in lines:
        size = line.bit_count()
        if size > 1:
            points = opening_points(size, rules)
            found.append((tuple(i * STRIDE for i in range(size)), (line,) * size, points))
            found.append((tuple(range(size)), (line,) * size, points))
    return found


def opening_points(size: int, rules: RuleSet) -> int:
    """What an opening of ``size`` tiles scores (Rules START-5, START-6): what they score on an empty table.

    >>> opening_points(1, RuleSet()), opening_points(3, RuleSet()), opening_points(6, RuleSet())
    (1, 3, 12)
    """
    # Which lines the tiles make, and what those score, are the scorer's: the tiles themselves do not matter.
    return score_placed({}, dict.fromkeys(range(0, size * STRIDE, STRIDE), 0), rules).total


def windows(board: Board, hand: Sequence[int], rules: RuleSet) -> list[Window]:
    """Every window of a legal placement: ``(empty keys, tiles each key may take, points)``.

    The placements are the ways to give each key one of its tiles, no tile
    twice (see :func:`fillings`); each placement comes from exactly one window,
    and its points (end bonus excluded) depend on the window alone. A
    one-tile move is a window of one cell.

    On an empty board the windows are the openings laid from cell (0, 0)
    towards +x or +y, one per allowed group, so that the placements are
    every ordering of each group (Rule START-4). No window holds a cell out
    of range (see :data:`~qwirkle.rules.limits.COORD_LIMIT`).
    """
    if not board:
        return _opening_windows(hand, rules)
    bonus = rules.qwirkle_bonus
    found = _table_windows(board._grid, board._derived(), _mask(hand), bonus, board._anchor_memo(bonus))
    if board.near_edge:
        # Near the coordinate limit a window may reach beyond it, where no tile may go.
        found = [window for window in found if all(map(key_in_range, window[0]))]
    return found


def count(found: Sequence[Window]) -> int:
    """How many placements the windows hold, without building them."""
    return sum(opts[0].bit_count() if len(opts) == 1 else _count_fillings(opts) for _, opts, _ in found)


def top(found: Sequence[Window], out: int, end_bonus: int, bag: int = 0) -> tuple[int, Iterator[Keyed]]:
    """The highest score a placement reaches, and every placement that reaches it in listing order, lazily.

    ``end_bonus`` is what a placement that goes out earns, ``out`` the size
    of the hand and ``bag`` the tiles left to draw: a placement goes out when
    :func:`~qwirkle.scoring.goes_out` says so (see :func:`end_bonuses`).
    Only the winning windows are filled.
    """
    bonus = end_bonuses(out, bag, end_bonus)
    best = -1
    for keys, opts, points in found:
        points += bonus[len(keys)]
        # A window of two or more cells may have no filling when its cells want the same single tile.
        if points > best and (len(opts) == 1 or _count_fillings(opts)):
            best = points
    return best, _winners(found, bonus, best)


@cache
def end_bonuses(held: int, bag: int, end_bonus: int) -> tuple[int, ...]:
    """The end bonus a placement earns, by its number of tiles (a window has at most six), as goes_out says.

    ``held`` is the size of the hand and ``bag`` the tiles left to draw; built
    once per hand size and bag.

    >>> end_bonuses(2, 0, 6), end_bonuses(2, 5, 6)
    ((0, 0, 6, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0))
    """
    return tuple([end_bonus if goes_out(size, held, bag) else 0 for size in range(MAX_LINE + 1)])


def _winners(found: Sequence[Window], bonus: Sequence[int], best: int) -> Iterator[Keyed]:
    for keys, opts, points in found:
        if points + bonus[len(keys)] == best:
            for tiles in fillings(opts):
                yield tuple(zip(keys, tiles, strict=True))
