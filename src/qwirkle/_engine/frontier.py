"""The frontier of a table: the empty cells next to the tiles, what fits each, and the runs of tiles.

The move generator reads a table through this summary rather than through its
tiles: for each empty cell next to a tile, the tiles that fit the row and the
column through it (:func:`~qwirkle._engine.lines.joinable`) and how long those lines
already are; and for each run of tiles along a row or a column, what it holds. A whole
table is summed up once (:func:`whole_frontier`); after a move only the cells
at the ends of the lines through the new tiles change (:func:`grown_frontier`).

Cells are the engine's int keys and tiles are indices (see
:mod:`qwirkle._engine.geometry` and :mod:`qwirkle._engine.lines`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final, NamedTuple, TypeAlias

from qwirkle._engine.geometry import STRIDE
from qwirkle._engine.lines import ALL_KINDS, TILE_TYPES, joinable, walk

__all__ = ["NO_LINES", "Frontier", "FrontierCell", "Run", "Runs", "grown_frontier", "whole_frontier"]


# The entries below are plain tuples, not NamedTuples: the move generator unpacks and indexes them in its
# hottest loops, and CPython's fast paths for both apply to exact tuples only (a NamedTuple costs three times more).

FrontierCell: TypeAlias = tuple[int, int, int, int]
"""What fits an empty cell next to the tiles: ``(row_mask, row_run, column_mask, column_run)``.

A mask holds the tiles that fit the line through the cell in that direction
(:func:`~qwirkle._engine.lines.joinable`); a run is how many tiles that line already has
around the cell (0: no line that way, so any tile fits it).
"""

Run: TypeAlias = tuple[int, int, int, int]
"""A run of tiles along a row or a column summed up: ``(fit, length, present, common)``.

``fit`` holds the tiles that may join it (for a cell between two runs: the
tiles that fit between them), by :func:`~qwirkle._engine.lines.joinable`;
``length`` is how many tiles it has; ``present`` is the mask of its tiles,
each kind once; ``common`` the line types they all belong to.
"""

Runs: TypeAlias = dict[int, Run]
"""The runs of tiles along one direction, by the key of their first tile."""


class Frontier(NamedTuple):
    """The frontier of a table: its empty cells next to tiles, and its runs of tiles along rows and columns."""

    cells: dict[int, FrontierCell]
    """Each empty cell next to a tile, by int key."""
    rows: Runs
    """The runs of tiles along rows."""
    columns: Runs
    """The runs of tiles along columns."""


NO_LINES: Final[FrontierCell] = (ALL_KINDS, 0, ALL_KINDS, 0)
"""The frontier entry a cell no tile touches would have: anything fits, no line either way."""


def _summed(present: int, common: int, length: int) -> Run:
    """The summary of a run with these tiles, with what may join it (:func:`~qwirkle._engine.lines.joinable`)."""
    return (joinable(length, present, common), length, present, common)


_LONE_RUNS: Final[tuple[Run, ...]] = tuple(_summed(1 << t, TILE_TYPES[t], 1) for t in range(36))
"""The summary of a run of one tile, by tile."""


def _joined(a: Run, b: Run) -> Run:
    """The summary of the line a cell between two runs would make, the cell left out."""
    present = a[2] | b[2]
    length = a[1] + b[1]
    common = a[3] & b[3]
    # Two tiles the same on either side make the cell a dead spot: joinable finds that no tile fits.
    return (joinable(length, present, common), length, present, common)


def whole_frontier(grid: Mapping[int, int]) -> Frontier:
    """The frontier and the runs of a whole table, walking each run once rather than each cell's four directions.

    Each run is summed up once; a cell at the end of a run, or between two
    runs, combines the summaries.

    >>> from qwirkle._engine.geometry import key
    >>> frontier = whole_frontier({key((0, 0)): 0, key((1, 0)): 1})
    >>> len(frontier.cells), frontier.cells[key((2, 0))], frontier.rows[key((0, 0))][1]
    (6, (60, 2, 68719476735, 0), 2)
    """
    sides: list[dict[int, Run]] = []
    starts: list[Runs] = []
    for step in (STRIDE, 1):
        side: dict[int, Run] = {}
        found: Runs = {}
        for k, t in grid.items():
            if k - step in grid:
                continue
            j = k + step
            if j not in grid:
                # Most runs are a lone tile (the line across is the real one): no walk for them.
                run = _LONE_RUNS[t]
            else:
                j, present, common = walk(grid, k, step)
                length = (j - k) // step
                run = (joinable(length, present, common), length, present, common)
            found[k] = run
            # The cells just before and just after the run: a cell between two runs joins them.
            seen = side.get(k - step)
            side[k - step] = run if seen is None else _joined(seen, run)
            seen = side.get(j)
            side[j] = run if seen is None else _joined(seen, run)
        sides.append(side)
        starts.append(found)
    rows, columns = sides
    cells: dict[int, FrontierCell] = {}
    for n, (fit, length, _, _) in rows.items():
        column = columns.pop(n, None)
        cells[n] = (fit, length, ALL_KINDS, 0) if column is None else (fit, length, column[0], column[1])
    for n, (fit, length, _, _) in columns.items():
        cells[n] = (ALL_KINDS, 0, fit, length)
    return Frontier(cells, starts[0], starts[1])


def grown_frontier(parent: Frontier, grid: Mapping[int, int], new: Iterable[int]) -> Frontier:
    """The frontier of ``grid``, the table of ``parent`` with tiles added at the keys ``new``.

    Only the cells at the ends of the lines through the new tiles change, and
    the runs those tiles joined become one.

    >>> from qwirkle._engine.geometry import key
    >>> grid = {key((0, 0)): 0, key((1, 0)): 1}
    >>> grown_frontier(whole_frontier({key((0, 0)): 0}), grid, [key((1, 0))]) == whole_frontier(grid)
    True
    """
    cells = parent.cells.copy()
    runs = (parent.rows.copy(), parent.columns.copy())
    new = tuple(new)
    for k in new:
        cells.pop(k, None)
    # The cells at the ends of the lines through the new tiles, each with what fits it along the line that
    # changed, by direction. The line across such a cell holds no new tile, or the cell would end it too.
    ends: tuple[dict[int, tuple[int, int]], dict[int, tuple[int, int]]] = ({}, {})
    # In the order first met, so that a cell new to the frontier takes the same place whatever the move's order.
    order: dict[int, None] = {}
    for k in new:
        for step, side, lines in ((STRIDE, runs[0], ends[0]), (1, runs[1], ends[1])):
            # The run through the new tile, summed up on the way to its ends.
            high, present, common = walk(grid, k, step)
            low = k - step
            if low in grid:  # most new tiles have nothing on this side: no walk for them
                low, before_present, before_common = walk(grid, low, -step)
                present |= before_present
                common &= before_common
            if low in lines and high in lines:
                continue  # the line of a move of several tiles, seen from another of them
            order[low] = order[high] = None
            # The runs the new tile joined become one.
            start = low + step
            for j in range(start + step, high, step):
                side.pop(j, None)
            length = (high - start) // step
            run = side[start] = (joinable(length, present, common), length, present, common)
            # Past each end, the run beyond it, if any, holds no new tile: a move's tiles make one unbroken run.
            beyond = side.get(high + step)
            lines[high] = (run[0], length) if beyond is None else _joined(run, beyond)[:2]
            if low - step in grid:
                first, before_present, before_common = walk(grid, low - step, -step)
                before = _summed(before_present, before_common, (low - first) // step - 1)
                lines[low] = _joined(before, run)[:2]
            else:
                lines[low] = (run[0], length)
    rows, columns = ends
    for n in order:
        # A cell new to the frontier had no tile next to it, so nothing across it either.
        row = rows.get(n)
        column = columns.get(n)
        if row is None or column is None:
            was = cells.get(n, NO_LINES)
            row = row or (was[0], was[1])
            column = column or (was[2], was[3])
        cells[n] = (*row, *column)
    return Frontier(cells, runs[0], runs[1])
