"""Where a line of several new tiles may end: the part of the window search that does not depend on the hand.

The move generator (:mod:`qwirkle.movegen`) finds every move of several tiles
by growing a line from each *anchor*, along a row or a column, and stopping
at each empty cell where the line may end. What the line holds at each such
end (its empty cells, what fits each of them across, the tiles it already
has, the line types they share, its length and its points) depends on the
table alone. A hand only decides which of those ends it can fill, and with
which of its tiles.

The same holds for moves of one tile: what fits each empty cell next to
the tiles, what a tile there scores, and which of those cells may anchor a
line (:func:`cells_summary`).

A board searched for a third time, for another hand or the same one,
keeps these per anchor and per cell (see :meth:`qwirkle.Board.anchor_memo`),
so that the search becomes a filter. Most boards are searched once, by the
player to move, or twice around an exchange, and never pay for it.

Cells are the engine's int keys and tiles are indices (see
:mod:`qwirkle.geometry` and :mod:`qwirkle.lines`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeAlias

from qwirkle.frontier import NO_LINES, FrontierCell, Runs
from qwirkle.geometry import STRIDE
from qwirkle.lines import ALL_KINDS, ALL_TYPES, MAX_LINE, TYPES_UNION

__all__ = ["AnchorMemo", "End", "Ends", "Single", "Starts", "anchor_ends", "cells_summary"]

End: TypeAlias = tuple[int, int, int, tuple[int, ...], tuple[int, ...], int, int, int, int]
"""One place a line grown from an anchor may end.

``(types, present, count, masks, empties, low, high, points, length)``: the
line types its tiles share, the mask of its tiles, how many empty cells it
covers, the tiles that fit each of them across (Rules LINE-2 to LINE-4) and
their keys, how few and how many free cells before the anchor a window
ending there may also take, the points of the lines across its empty cells,
and its length. A plain tuple, for the move generator's loops.
"""

Ends: TypeAlias = tuple[End, ...]
"""The ends of the line grown from one anchor, nearest first."""

Single: TypeAlias = tuple[tuple[int], int, int]
"""A cell next to the tiles as a one-cell window, whatever the hand: ``((key,), fits, points)``.

``fits`` holds the tiles that fit its row and its column (Rules LINE-2 to
LINE-4); ``points``, what a tile there scores (Rule SCORE-2).
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


def anchor_ends(
    anchor: int,
    step: int,
    across: int,
    along: Runs,
    grid: Mapping[int, int],
    cells: Mapping[int, FrontierCell],
    table: tuple[int, ...],
) -> Ends:
    """Every place the line grown from ``anchor`` along ``step`` may end, whatever the hand.

    The line grows a run of tiles or an empty cell at a time and stops at
    the first cell no window could cover: a repeated tile or no common line
    type (Rules LINE-2, LINE-3), more than six tiles (Rule LINE-4), or an
    empty cell whose line across takes no tile of the line's types. It may
    end after each run of tiles, and at each empty cell with no tile after
    it. Before the anchor, a
    window may also cover free cells (empty, with no line across), as many
    as fit in six.

    ``across`` is the index of the line across in a frontier entry (2 along
    rows, 0 along columns); ``table`` holds the points of a line by length
    (:func:`~qwirkle.scoring.line_points_table`).

    >>> from qwirkle.frontier import whole_frontier
    >>> from qwirkle.geometry import STRIDE, key
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
    types = ALL_TYPES
    present = 0
    empties: list[int] = []
    masks: list[int] = []
    points = 0
    length = 0
    widest = -1
    k = anchor
    # The run of tiles at k, if k holds one: only the anchor or the cell after an empty one may.
    run = along.get(k)
    while True:
        if run is not None:
            _, run_length, tiles, common = run
            if present & tiles:
                break
            present |= tiles
            types &= common
            if not types:
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
                fit = ALL_KINDS
                cross = 0
            else:
                fit = cell[across]
                cross = cell[across + 1]
            if not fit & TYPES_UNION[types]:
                break
            empties.append(k)
            masks.append(fit)
            # The line across the new tile scores too (a lone tile across makes none).
            points += table[cross + 1]
            length += 1
            k += step
            run = along.get(k)
            if run is not None:
                continue
        if widest < 0:
            # Free cells before the anchor that a window may also cover.
            widest = 0
            f = anchor - step
            while widest < MAX_LINE - 1 and f not in grid and not cells.get(f, NO_LINES)[across + 1]:
                widest += 1
                f -= step
            if f in grid:
                widest -= 1
        count = len(empties)
        low = 0 if count >= 2 else 2 - count
        high = min(MAX_LINE - length, widest)
        if low <= high:
            found.append((types, present, count, tuple(masks), tuple(empties), low, high, points, length))
    return tuple(found)


def cells_summary(
    cells: Mapping[int, FrontierCell], grid: Mapping[int, int], table: tuple[int, ...]
) -> tuple[list[Single], Starts, Starts]:
    """The frontier as one-cell windows, and the empty cells that may anchor a line, whatever the hand.

    A cell no tile fits (a dead spot) makes no window. A tile placed alone
    scores the line it makes each way (:func:`~qwirkle.scoring.line_points`).
    An empty cell may anchor a line along a row when it has a line across
    and no tile just before it; and likewise along a column. A hand keeps
    the tiles of its own that fit.

    >>> from qwirkle.frontier import whole_frontier
    >>> from qwirkle.geometry import cell_of, key
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
        fits = row_mask & column_mask
        if fits:
            singles.append(((n,), fits, table[row_run + 1] + table[column_run + 1]))
        if column_run and n - STRIDE not in grid:
            row_starts.append((n, column_mask))
        if row_run and n - 1 not in grid:
            column_starts.append((n, row_mask))
    return singles, row_starts, column_starts
