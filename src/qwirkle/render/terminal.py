"""Pictures of the table and of a hand as text, for terminals: tile codes or symbols, plain or with ANSI colours."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Final

from qwirkle._engine.geometry import Cell
from qwirkle.render._table import board_and_last, bounding_box
from qwirkle.text import tile_code
from qwirkle.tiles import COLOUR_LETTERS, Tile

__all__ = ["board_text", "hand_text"]

_ANSI: Final = ("38;5;196", "38;5;208", "38;5;226", "38;5;46", "38;5;33", "38;5;171")
_SYMBOLS: Final = "●■◆♣✚✹"


def _sgr(code: str, text: str) -> str:
    return f"\x1b[{code}m{text}\x1b[0m"


def _tile_text(tile: Tile, colour: bool, symbols: bool) -> str:
    text = COLOUR_LETTERS[tile.colour.value] + _SYMBOLS[tile.shape.value] if symbols else tile_code(tile)
    return _sgr("1;" + _ANSI[tile.colour.value], text) if colour else text


def hand_text(tiles: Iterable[Tile], *, colour: bool = False, symbols: bool = False, numbered: bool = False) -> str:
    """A hand as text: tile codes (or colour letter and shape symbol), optionally numbered from 1.

    >>> from qwirkle import parse_move
    >>> hand_text(parse_move("swap Ro Bs").tiles, numbered=True)
    '1:Ro 2:Bs'
    >>> hand_text(parse_move("swap Ro Bs").tiles, symbols=True)
    'R● B■'
    """
    out = []
    for i, tile in enumerate(tiles, start=1):
        text = _tile_text(tile, colour, symbols)
        out.append(f"{i}:{text}" if numbered else text)
    return " ".join(out)


def board_text(
    source: object,
    *,
    colour: bool = False,
    symbols: bool = False,
    mark_last: bool = True,
    placed: Mapping[Cell, Tile] | Iterable[tuple[Cell, Tile]] = (),
    highlight: Collection[Cell] = (),
    margin: int = 0,
) -> str:
    """The table as text, with x coordinates on top and y coordinates on the left.

    A tile is its code (``Ro``), or with ``symbols`` its colour letter and a
    shape symbol (``R●``). The last move's tiles are in ``[ ]``, tiles in
    ``placed`` (laid this turn, not played yet) in ``( )``, and empty cells
    in ``highlight`` show ``+``. ``colour`` adds ANSI colours (bold, with the
    last move in reverse video), for terminals that show them.

    >>> from qwirkle import Colour, Shape, Tile, position
    >>> red = [Tile(Colour.RED, shape) for shape in Shape]
    >>> state = position(["Ann", "Bob"], {(0, 0): red[0], (1, 0): red[1]}, [red[2:] + red[:2]] * 2)
    >>> print(board_text(state, placed={(2, 0): red[2]}, highlight=[(3, 0), (-1, 0)]))
       -1   0   1   2   3
    0   +  Ro  Rs (Rd)  +
    """
    board, last = board_and_last(source)
    pending = dict(placed.items() if isinstance(placed, Mapping) else placed)
    box = bounding_box([*board, *pending, *highlight], margin)
    if box is None:
        return "(empty table)"
    x0, y0, x1, y1 = box
    width = max(4, *(len(str(x)) + 1 for x in (x0, x1)))
    label = max(len(str(y)) for y in (y0, y1))
    lines = [" " * (label + 1) + "".join(str(x).rjust(width - 1) + " " for x in range(x0, x1 + 1)).rstrip()]
    for y in range(y0, y1 + 1):
        # A space after the label, so that a marked tile in the first column does not run into it.
        row = [str(y).rjust(label) + " "]
        for x in range(x0, x1 + 1):
            tile = board.get((x, y))
            if tile is not None:
                text = _tile_text(tile, colour, symbols)
                if mark_last and (x, y) in last:
                    text = "[" + (_sgr("7", text) if colour else text) + "]"
                else:
                    text = " " + text + " "
            elif (x, y) in pending:
                text = "(" + _tile_text(pending[x, y], colour, symbols) + ")"
            elif (x, y) in highlight:
                text = "  " + (_sgr("32", "+") if colour else "+") + " "
            else:
                text = "  . "
            row.append(" " * (width - 4) + text)
        lines.append("".join(row).rstrip())
    return "\n".join(lines)
