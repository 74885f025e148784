"""The plain text grid of a table, as ``str(board)`` prints it.

It needs only cells and tiles, so that :class:`~qwirkle.Board` can print
itself without depending on :mod:`qwirkle.render` (whose richer
:func:`~qwirkle.render.board_text` marks moves, colours and highlights).

>>> from qwirkle import Colour, Shape, Tile
>>> print(grid_text({(0, 0): Tile(Colour.RED, Shape.CIRCLE), (1, 0): Tile(Colour.BLUE, Shape.STAR8)}))
   0  1
0 Ro B*
"""

from __future__ import annotations

from collections.abc import Mapping

from qwirkle._engine.geometry import Cell
from qwirkle.tiles import COLOUR_LETTERS, SHAPE_LETTERS, Tile

__all__ = ["format_cell", "grid_text", "tile_code"]


def tile_code(tile: Tile) -> str:
    """A tile's two-letter code: colour letter, then shape letter (``Ro`` is a red circle).

    >>> from qwirkle import Colour, Shape, Tile
    >>> tile_code(Tile(Colour.PURPLE, Shape.STAR8))
    'P*'
    """
    return COLOUR_LETTERS[tile.colour.value] + SHAPE_LETTERS[tile.shape.value]


def format_cell(cell: Cell) -> str:
    """A cell as ``x,y``.

    >>> format_cell((3, -2))
    '3,-2'
    """
    return f"{cell[0]},{cell[1]}"


def grid_text(tiles: Mapping[Cell, Tile]) -> str:
    """The tiles as text: one two-letter code per tile, ``.`` for an empty cell, coordinates around.

    Colours are ``R O Y G B P`` and shapes ``o`` (circle), ``s`` (square),
    ``d`` (diamond), ``c`` (clover), ``x`` (four-point star), ``*`` (eight-point star).

    >>> grid_text({})
    '(empty table)'
    """
    if not tiles:
        return "(empty table)"
    xs = [x for x, _ in tiles]
    ys = [y for _, y in tiles]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    width = max(len(str(x)) for x in (x0, x1))
    label = max(len(str(y)) for y in (y0, y1))
    cols = " ".join(str(x).rjust(max(2, width)) for x in range(x0, x1 + 1))
    lines = [" " * label + " " + cols]
    for y in range(y0, y1 + 1):
        row = []
        for x in range(x0, x1 + 1):
            tile = tiles.get((x, y))
            row.append((tile_code(tile) if tile else " .").rjust(max(2, width)))
        lines.append(str(y).rjust(label) + " " + " ".join(row))
    return "\n".join(lines)
