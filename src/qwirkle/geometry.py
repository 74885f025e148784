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

from typing import Final, TypeAlias

from qwirkle.errors import InvalidStateError

__all__ = ["COORD_LIMIT", "STRIDE", "Cell", "cell_of", "check_cell", "key"]

Cell: TypeAlias = tuple[int, int]
"""A cell of the table: ``(x, y)``."""

STRIDE: Final = 1 << 32
"""The difference between the keys of two cells next to each other in a row."""
HALF_STRIDE: Final = 1 << 31
COORD_LIMIT: Final = 1 << 30
"""Coordinates must lie strictly between ``-COORD_LIMIT`` and ``COORD_LIMIT``."""


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


def check_cell(cell: object) -> Cell:
    """Return ``cell`` if it is an ``(x, y)`` pair of ints in range, else raise.

    Raises :class:`~qwirkle.InvalidStateError` for anything else.

    >>> check_cell((2, 3))
    (2, 3)
    """
    if not isinstance(cell, tuple) or len(cell) != 2:
        raise InvalidStateError(f"a cell is an (x, y) pair of ints, not {cell!r}")
    x, y = cell
    if type(x) is not int or type(y) is not int:
        raise InvalidStateError(f"a cell is an (x, y) pair of ints, not {cell!r}")
    if not (-COORD_LIMIT < x < COORD_LIMIT and -COORD_LIMIT < y < COORD_LIMIT):
        raise InvalidStateError(f"cell {cell!r} is too far out: coordinates must stay within ±{COORD_LIMIT - 1}")
    return cell
