"""What a picture of the table shows: the tiles of anything with a board, the last move's cells, the box around them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from qwirkle._engine.geometry import Cell
from qwirkle.errors import QwirkleError
from qwirkle.moves import Place
from qwirkle.tiles import Tile

__all__ = ["board_and_last", "bounding_box"]


def board_and_last(source: object) -> tuple[Mapping[Cell, Tile], frozenset[Cell]]:
    """The tiles and the cells of the last move of anything that has a board."""
    last: frozenset[Cell] = frozenset()
    history = getattr(source, "history", None)
    if history:
        move = history[-1].move
        if isinstance(move, Place):
            last = frozenset(move.cells)
    board = getattr(source, "board", source)
    if not isinstance(board, Mapping):
        raise QwirkleError(f"cannot draw {type(source).__name__}: it has no board")
    return board, last


def bounding_box(cells: Iterable[Cell], margin: int) -> tuple[int, int, int, int] | None:
    """The smallest box holding ``cells``, ``margin`` cells wider on each side, as its corners; ``None`` for no cell."""
    xs: list[int] = []
    ys: list[int] = []
    for x, y in cells:
        xs.append(x)
        ys.append(y)
    if not xs:
        return None
    return min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin
