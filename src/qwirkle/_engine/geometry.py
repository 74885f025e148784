"""Cells of the table and the engine's int keys for them.

A cell is an ``(x, y)`` pair of ints: ``x`` grows to the right along a row,
``y`` grows down along a column. Inside the engine a cell is a single int key,
``x * STRIDE + y``, so that the neighbours of ``k`` are ``k ± 1`` (same column)
and ``k ± STRIDE`` (same row).

>>> k = key((3, -2))
>>> cell_of(k), cell_of(k + STRIDE), cell_of(k + 1)
((3, -2), (4, -2), (3, -1))
"""

from __future__ import annotations

from operator import index
from typing import Final, TypeAlias

from qwirkle.errors import InvalidStateError, brief

__all__ = [
    "COORD_LIMIT",
    "MAX_COORD",
    "STRIDE",
    "Cell",
    "cell_of",
    "check_cell",
    "in_range",
    "key",
    "key_in_range",
    "lookup_key",
]

Cell: TypeAlias = tuple[int, int]
"""A cell of the table: ``(x, y)``."""

STRIDE: Final = 1 << 32
"""The difference between the keys of two cells next to each other in a row."""
HALF_STRIDE: Final = 1 << 31
COORD_LIMIT: Final = 1 << 30
"""Coordinates must lie strictly between ``-COORD_LIMIT`` and ``COORD_LIMIT``.

This is the one range of the table: the board, moves, the notation, the JSON
formats and the move generator all ask :func:`in_range` (or
:func:`check_cell`). Keys stay distinct well beyond it (up to ``±2**31``), so a
cell a few steps outside still has a key of its own, which the generator
needs to see that it is outside.
"""
MAX_COORD: Final = COORD_LIMIT - 1
"""The largest coordinate a cell may have; the smallest is ``-MAX_COORD``."""
_KEY_LOW: Final = -MAX_COORD * STRIDE - MAX_COORD
_KEY_HIGH: Final = MAX_COORD * STRIDE + MAX_COORD


def key(cell: Cell) -> int:
    """The engine's int key of a cell.

    >>> key((0, 0)), key((1, 0)) == STRIDE
    (0, True)
    """
    x, y = cell
    return x * STRIDE + y


def cell_of(k: int) -> Cell:
    """The cell of an int key.

    >>> cell_of(key((-5, 7)))
    (-5, 7)
    """
    x = (k + HALF_STRIDE) >> 32
    return (x, k - x * STRIDE)


def in_range(x: int, y: int) -> bool:
    """Whether ``(x, y)`` lies in the range of the table: both coordinates within ``±MAX_COORD``.

    >>> in_range(MAX_COORD, -MAX_COORD), in_range(COORD_LIMIT, 0)
    (True, False)
    """
    return -COORD_LIMIT < x < COORD_LIMIT and -COORD_LIMIT < y < COORD_LIMIT


def key_in_range(k: int) -> bool:
    """Whether the cell of the key ``k`` lies in range (see :func:`in_range`).

    >>> key_in_range(key((MAX_COORD, 3))), key_in_range(key((MAX_COORD + 1, 3)))
    (True, False)
    """
    if not _KEY_LOW <= k <= _KEY_HIGH:
        return False
    x, y = cell_of(k)
    return -COORD_LIMIT < x < COORD_LIMIT and -COORD_LIMIT < y < COORD_LIMIT


def lookup_key(cell: object) -> int | None:
    """The key of ``cell`` if it is a pair of integers in range, else ``None``: never another cell's key.

    For lookups, which answer "no tile there" for anything that is not a
    cell of the table; any integer type will do (``operator.index``).

    >>> lookup_key((1, 0)) == STRIDE, lookup_key((0, STRIDE)), lookup_key("a1")
    (True, None, None)
    """
    if not isinstance(cell, tuple) or len(cell) != 2:
        return None
    x, y = cell
    if type(x) is not int or type(y) is not int:
        try:
            x, y = index(x), index(y)
        except TypeError:
            return None
    if -COORD_LIMIT < x < COORD_LIMIT and -COORD_LIMIT < y < COORD_LIMIT:
        return x * STRIDE + y
    return None


def check_cell(cell: object) -> Cell:
    """Return ``cell`` if it is an ``(x, y)`` pair of ints in range, else raise.

    Raises :class:`~qwirkle.InvalidStateError` for anything else.

    >>> check_cell((2, 3))
    (2, 3)
    """
    if not isinstance(cell, tuple) or len(cell) != 2:
        raise InvalidStateError(f"a cell is an (x, y) pair of ints, not {brief(cell)}")
    x, y = cell
    if type(x) is not int or type(y) is not int:
        raise InvalidStateError(f"a cell is an (x, y) pair of ints, not {brief(cell)}")
    if not in_range(x, y):
        raise InvalidStateError(f"a cell's coordinates stay within ±{MAX_COORD}; {_far(cell)} does not")
    return cell


def _far(cell: tuple[int, int]) -> str:
    """A cell out of range, for a message: a coordinate of thousands of digits cannot even be printed."""
    return str(cell) if all(abs(c) < 10**30 for c in cell) else "the cell"
