"""Where a line of several new tiles may end: the window search of the move generator.

The move generator (:mod:`qwirkle._engine.movegen`) finds every move of several tiles
by growing a line from each *anchor*, along a row or a column, and stopping
at each empty cell where the line may end (:func:`anchor_ends`). What the
line holds at each such end (its empty cells, what fits each of them across,
the tiles it already has, the line types they share, its length and its
points) depends on the table alone. A hand only decides which of those ends
it can fill, and with which of its tiles; searched for one hand, the line
stops early where that hand could fill nothing more.

The same holds for moves of one tile: what fits each empty cell next to
the tiles, what a tile there scores, and which of those cells may anchor a
line (:func:`cells_summary`).

A board searched for a third time, for another hand or the same one,
keeps these per anchor and per cell (see :meth:`qwirkle.Board._anchor_memo`),
so that the search becomes a filter. Most boards are searched once, by the
player to move, or twice around an exchange, and never pay for it.

Cells are the engine's int keys and tiles are indices (see
:mod:`qwirkle._engine.geometry` and :mod:`qwirkle._engine.lines`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

from qwirkle._engine.frontier import NO_LINES, FrontierCell, Runs
from qwirkle._engine.geometry import STRIDE
from qwirkle._engine.lines import ALL_KINDS, ALL_TYPES, MAX_LINE, TYPE_BITS, TYPES_UNION, summary_fault

__all__ = ["AnchorMemo", "End", "Ends", "Single", "Starts", "anchor_ends", "cells_summary"]

End: TypeAlias = tuple[int, int, int, tuple[int, ...], tuple[int, ...], int, int, int, int]
"""One place a line grown from an anchor may end.

``(types, present, count, masks, empties, low, high, points, length)``: the
line types its tiles share, the mask of its tiles, how many empty cells it
covers, the tiles that fit each of them across (the frontier's masks) and
their keys, how few and how many free cells before the anchor a window
ending there may also take, the points of the lines across its empty cells,
and its length. A plain tuple, for the move generator's loops.
"""

Ends: TypeAlias = tuple[End, ...]
"""The ends of the line grown from one anchor, nearest first."""

Single: TypeAlias = tuple[tuple[int, ...], tuple[int, ...], int]
"""A cell next to the tiles as a one-cell window: ``((key,), (fits,), points)``.

``fits`` holds the tiles that fit its row and its column (the frontier's
masks); ``points``, what a tile there scores in both its lines. The shape of
the move generator's windows.
"""

Starts: TypeAlias = list[tuple[int, int]]
"""The empty cells that may anchor a line along one direction, each with the tiles that fit its line across."""


class AnchorMemo:
    """What the move generator keeps about a board between searches, for one Qwirkle bonus.

    The ends of each anchor's lines, found as hands need them, and the
    frontier seen as one-cell windows and empty anchors, whatever the hand
    (:func:`cells_summary`), so that a later search only filters.
    """

    __slots__ = ("cells", "columns", "rows")

    rows: dict[int, Ends]
    """The ends found so far along rows, by anchor key."""
    columns: dict[int, Ends]
    """The ends found so far along columns, by anchor key."""
    cells: tuple[list[Single], Starts, Starts] | None
    """The one-cell windows, then the empty cells that may anchor a line along rows and along columns."""

    def __init__(self) -> None:
        self.rows = {}
        self.columns = {}
        self.cells = None

    def __repr__(self) -> str:
        return f"<AnchorMemo: {len(self.rows)} row and {len(self.columns)} column anchors>"


_NO_LIMIT = (MAX_LINE,) * 12
"""As many tiles of each line type as any line may take: a search whatever the hand."""


def anchor_ends(
    anchor: int,
    step: int,
    across: int,
    along: Runs,
    grid: Mapping[int, int],
    cells: Mapping[int, FrontierCell],
    table: tuple[int, ...],
    types: int = ALL_TYPES,
    live: int = ALL_KINDS,
    counts: Sequence[int] = _NO_LIMIT,
    most: int = MAX_LINE,
) -> list[End]:
    """Every place the line grown from ``anchor`` along ``step`` may end: the one window search of the engine.

    The line grows a run of tiles or an empty cell at a time and stops at
    the first cell no window could cover: tiles that do not make a valid line
    (:func:`~qwirkle._engine.lines.summary_fault`), more cells than a line may
    hold (:data:`~qwirkle._engine.lines.MAX_LINE`) with the empty ones the
    window fills, an empty cell whose line
    across takes no tile of the line's types (the frontier's masks,
    :func:`~qwirkle._engine.lines.joinable`), or more empty cells than the tiles of
    the line's types on offer. It may end after each run of tiles,
    and at each empty cell with no tile after it. Before the anchor, a window
    may also cover free cells (empty, with no line across), as many as fit in
    six and as there are tiles to fill them.

    ``across`` is the index of the line across in a frontier entry (2 along
    rows, 0 along columns); ``table`` holds the points of a line by length
    (:func:`~qwirkle.scoring.line_points_table`). By default the search holds
    for any hand, as the memo keeps it; a hand narrows it: ``types``, the line
    types of which it holds two tiles or more, ``live`` its tiles of those
    types, ``counts`` how many distinct tiles it holds of each type and
    ``most`` the largest of them.

    >>> from qwirkle._engine.frontier import whole_frontier
    >>> from qwirkle._engine.geometry import STRIDE, key
    >>> from qwirkle.scoring import line_points_table

    Along the row of two red tiles at (0, 0) and (1, 0), the line may end
    right after them (its new tiles then all go before them), or after one to
    four empty cells:

    >>> grid = {key((0, 0)): 0, key((1, 0)): 1}
    >>> frontier = whole_frontier(grid)
    >>> ends = anchor_ends(key((0, 0)), STRIDE, 2, frontier.rows, grid, frontier.cells, line_points_table(6))
    >>> [len(end[4]) for end in ends]
    [0, 1, 2, 3, 4]
    """
    found: list[End] = []
    # No window can have more empty cells than there are tiles of one of its types.
    room_left = most
    present = 0
    # Tuples grown by one at each empty cell, so that each end holds them as they are there, without a copy.
    empties: tuple[int, ...] = ()
    masks: tuple[int, ...] = ()
    count = 0
    points = 0
    length = 0
    widest: int | None = None
    k = anchor
    # The run of tiles at k, if k holds one: only the anchor or the cell after an empty one may.
    run = along.get(k)
    while True:
        if run is not None:
            _, run_length, tiles, common = run
            present |= tiles
            narrowed = types & common
            # The tiles of the line so far, this run's included, must make a valid line (Rules LINE-2 to LINE-4),
            # of a line type the hand may fill it with.
            if summary_fault(length - count + run_length, present, narrowed) is not None:
                break
            if narrowed != types:
                types = narrowed
                room_left = max([counts[ty] for ty in TYPE_BITS[types]]) - count
                if room_left < 0:
                    break
            length += run_length
            if length > MAX_LINE:
                break
            # The cell after a run is empty: the line may end there.
            k += run_length * step
            run = None
        else:
            if length == MAX_LINE:
                break
            cell = cells.get(k)
            if cell is None:
                fit = live
                cross = 0
            else:
                fit = cell[across] & live
                cross = cell[across + 1]
            # A tile here fits the line across (the frontier's mask) and is of this line's types; the windows
            # leave out the tiles the line holds (Rule LINE-3) once the hand is known.
            if not room_left or not fit & TYPES_UNION[types]:
                break
            room_left -= 1
            empties += (k,)
            masks += (fit,)
            count += 1
            # The line across the new tile scores too (a lone tile across makes none).
            points += table[cross + 1]
            length += 1
            k += step
            run = along.get(k)
            if run is not None:
                continue
        if widest is None:
            # Free cells before the anchor (empty, nothing across) that a window may also cover: no more than
            # the tiles of the line's types can fill, room_left, which later ends only lower.
            widest = 0
            f = anchor - step
            cap = room_left if room_left < MAX_LINE - 1 else MAX_LINE - 1
            while widest < cap and f not in grid and not cells.get(f, NO_LINES)[across + 1]:
                widest += 1
                f -= step
            if f in grid:
                widest -= 1
        low = 0 if count >= 2 else 2 - count
        high = MAX_LINE - length
        if widest < high:
            high = widest
        if low <= high:
            found.append((types, present, count, masks, empties, low, high, points, length))
    return found


def cells_summary(
    cells: Mapping[int, FrontierCell],
    grid: Mapping[int, int],
    table: tuple[int, ...],
    hand_mask: int = ALL_KINDS,
    live: int = ALL_KINDS,
) -> tuple[list[Single], Starts, Starts]:
    """The frontier as one-cell windows, and the empty cells that may anchor a line.

    A cell no tile fits (a dead spot) makes no window. A tile placed alone
    scores the line it makes each way (:func:`~qwirkle.scoring.line_points`).
    An empty cell may anchor a line along a row when it has a line across
    and no tile just before it; and likewise along a column. By default for
    any hand, as the memo keeps it; a hand narrows it: ``hand_mask`` its
    tiles, ``live`` those a move of several tiles may use (see
    :func:`anchor_ends`). A hand keeps the tiles of its own that fit.

    >>> from qwirkle._engine.frontier import whole_frontier
    >>> from qwirkle._engine.geometry import cell_of, key
    >>> from qwirkle.scoring import line_points_table

    Beside two red tiles at (0, 0) and (1, 0), six cells take a tile; a line
    along a row may start at any of the four above or below them, and a line
    along a column at either end of the row:

    >>> grid = {key((0, 0)): 0, key((1, 0)): 1}
    >>> singles, row_starts, column_starts = cells_summary(whole_frontier(grid).cells, grid, line_points_table(6))
    >>> len(singles), sorted(cell_of(k) for k, _ in row_starts), sorted(cell_of(k) for k, _ in column_starts)
    (6, [(0, -1), (0, 1), (1, -1), (1, 1)], [(-1, 0), (2, 0)])
    """
    singles: list[Single] = []
    row_starts: Starts = []
    column_starts: Starts = []
    for n, (row_mask, row_run, column_mask, column_run) in cells.items():
        fits = row_mask & column_mask & hand_mask
        if fits:
            singles.append(((n,), (fits,), table[row_run + 1] + table[column_run + 1]))
        if column_run and column_mask & live and n - STRIDE not in grid:
            row_starts.append((n, column_mask))
        if row_run and row_mask & live and n - 1 not in grid:
            column_starts.append((n, row_mask))
    return singles, row_starts, column_starts
