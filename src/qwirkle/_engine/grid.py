"""A table as the engine holds it, a dict of int cell keys to tile indices: its check, its runs, its edge.

:class:`qwirkle.Board` is the public face of such a grid; what it works out
from the grid alone is here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from qwirkle._engine.geometry import HALF_STRIDE, MAX_COORD, STRIDE, Cell, cell_of
from qwirkle._engine.lines import MAX_LINE, summary_fault, walk
from qwirkle.errors import InvalidStateError

__all__ = ["check_grid", "grown_bounds", "near_edge", "run"]

# A move reaches at most six cells from the tiles on the table (a line has six tiles, Rule LINE-4): while every
# tile lies this far inside the range, nothing the move generator finds can be out of range.
_SAFE: Final = MAX_COORD - MAX_LINE
_SAFE_LOW: Final = -_SAFE * STRIDE - HALF_STRIDE
_SAFE_HIGH: Final = _SAFE * STRIDE + HALF_STRIDE
_Y_LOW: Final = HALF_STRIDE - _SAFE
_Y_HIGH: Final = HALF_STRIDE + _SAFE
_LOW_BITS: Final = STRIDE - 1


def near_edge(keys: Iterable[int]) -> bool:
    """Whether a cell of ``keys`` lies within six cells of the coordinate limit.

    Its x is read from the key's range, its y from the key's low bits: no cell is decoded.
    """
    # A loop, not all(...): it runs at every move applied, and a generator costs more.
    for k in keys:  # noqa: SIM110
        if not (_SAFE_LOW <= k < _SAFE_HIGH and _Y_LOW <= (k + HALF_STRIDE) & _LOW_BITS <= _Y_HIGH):
            return True
    return False


def run(grid: Mapping[int, int], k: int, step: int) -> range:
    """Keys of the maximal occupied run through ``k`` along ``step``, in order; ``k`` counts as occupied."""
    low = walk(grid, k - step, -step)[0]
    return range(low + step, walk(grid, k + step, step)[0], step)


def grown_bounds(bounds: tuple[Cell, Cell] | None, keys: Iterable[int]) -> tuple[Cell, Cell]:
    """The top-left and bottom-right cells of the smallest box around ``bounds`` (if any) and the cells of ``keys``.

    >>> grown_bounds(((0, 0), (1, 0)), [(3 << 32) - 2])
    ((0, -2), (3, 0))
    """
    cells = [cell_of(k) for k in keys]
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    if bounds is not None:
        (x0, y0), (x1, y1) = bounds
        xs += (x0, x1)
        ys += (y0, y1)
    return (min(xs), min(ys)), (max(xs), max(ys))


def check_grid(grid: dict[int, int]) -> None:
    """Raise :class:`~qwirkle.InvalidStateError` unless the tiles form a legal table: valid lines, all connected.

    Rules LINE-2 to LINE-4 for every line (as :func:`~qwirkle._engine.lines.summary_fault`
    finds them), Rule PLACE-4 for connection. Every :class:`qwirkle.Board` built
    from outside, and every one :meth:`~qwirkle.Board.validated`, is checked so.
    """
    for step, axis in ((STRIDE, "row"), (1, "column")):
        for k in grid:
            if k - step in grid or k + step not in grid:
                continue
            end, present, common = walk(grid, k, step)
            fault = summary_fault((end - k) // step, present, common)
            if fault is not None:
                raise InvalidStateError(f"the {axis} starting at {cell_of(k)} breaks rule {fault.value}")
    if grid:
        start = next(iter(grid))
        seen = {start}
        todo = [start]
        while todo:
            k = todo.pop()
            for n in (k - 1, k + 1, k - STRIDE, k + STRIDE):
                if n in grid and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) != len(grid):
            raise InvalidStateError("the tiles on the board are not all connected")
