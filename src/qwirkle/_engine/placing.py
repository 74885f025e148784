"""A placement built one tile at a time, on the move generator's windows: what may go where next, and when it is whole.

Every legal placement fills exactly one window of its state (see
:func:`qwirkle._engine.movegen.windows`): a run of empty cells, each with the tiles it
may take, filled with one tile per cell and no tile twice. So the tiles placed
so far this turn can still become a legal move exactly when some window holds
each of them, on its cell, and its other cells can still be filled; and they
are a legal move exactly when they fill such a window. The turn builder
(:class:`qwirkle.TurnBuilder`) and the action adapters
(:class:`qwirkle.adapters.actions.ActionTurn`) both build turns on these
answers.

A window here is a pair: its cells, as ints (the engine's keys, or any other
numbering of the cells, as long as it is one number per cell), and the tiles
each may take, as masks of tile indices.

>>> frames = (((1, 2), (0b011, 0b110)), ((1,), (0b001,)))
>>> reach(frames, (), 0)
{1: 3, 2: 6}
>>> after = holding(frames, 1, 0)
>>> reach(after, (1,), 0b001), is_complete(after, 1)
({2: 6}, True)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TypeAlias

Frame: TypeAlias = tuple[tuple[int, ...], tuple[int, ...]]
"""A window of legal placements: its cells, as ints, and the tiles each may take, as masks."""


def holding(frames: Iterable[Frame], cell: int, tile: int) -> tuple[Frame, ...]:
    """The windows that may take ``tile`` (an index) on ``cell``: those a placement holding that pair can fill.

    >>> holding([((1, 2), (0b01, 0b11)), ((3,), (0b11,))], 2, 1)
    (((1, 2), (1, 3)),)
    """
    bit = 1 << tile
    return tuple([frame for frame in frames if cell in frame[0] and frame[1][frame[0].index(cell)] & bit])


def is_complete(frames: Iterable[Frame], count: int) -> bool:
    """Whether the ``count`` tiles placed so far fill one of ``frames`` (which all hold them): a legal move, then.

    Every filling of a window is a legal placement; ``frames`` must be what
    :func:`holding` left of a state's windows for each tile placed.

    >>> is_complete([((1, 2), (1, 2)), ((1,), (1,))], 1), is_complete([((1, 2), (1, 2))], 1)
    (True, False)
    """
    if count:
        for cells, _ in frames:
            if len(cells) == count:
                return True
    return False


def _fillable(masks: tuple[int, ...], used: int) -> bool:
    """Whether each mask can give a tile of its own, no tile twice and none of ``used``."""
    if not masks:
        return True
    first = masks[0] & ~used
    rest = masks[1:]
    while first:
        low = first & -first
        first ^= low
        if _fillable(rest, used | low):
            return True
    return False


def reach(frames: Iterable[Frame], placed: Collection[int], used: int) -> dict[int, int]:
    """For each cell, the tiles that may go on it next: those some filling of a window puts there with the placed tiles.

    ``frames`` are the windows that hold every tile placed so far (see
    :func:`holding`), ``placed`` their cells and ``used`` their tiles, as a
    mask. A cell may map to no tile (0).

    >>> reach([((1, 2, 3), (0b1, 0b11, 0b110))], (), 0)
    {1: 1, 2: 2, 3: 4}
    """
    # Many windows share cells and tiles, so a tile found already on a cell needs no second look.
    found: dict[int, int] = {}
    get = found.get
    fillable = _fillable
    for cells, opts in frames:
        if placed:
            kept = [i for i, cell in enumerate(cells) if cell not in placed]
            if not kept:
                continue
            cells = tuple([cells[i] for i in kept])
            opts = tuple([opts[i] & ~used for i in kept])
        size = len(cells)
        if size == 1:
            cell = cells[0]
            found[cell] = get(cell, 0) | opts[0]
        elif size == 2:
            # A tile on one cell leaves the other some tile unless the other can take only that one, or none.
            cell, other_cell = cells
            mask, other = opts
            if mask and other:
                found[cell] = get(cell, 0) | (mask if other & (other - 1) else mask & ~other)
                found[other_cell] = get(other_cell, 0) | (other if mask & (mask - 1) else other & ~mask)
        elif size == 3:
            # A tile on one cell leaves the other two a tile each, distinct, unless they can take only one.
            for i, cell in enumerate(cells):
                b, c = opts[:i] + opts[i + 1 :]
                seen = get(cell, 0)
                mask = opts[i] & ~seen
                while mask:
                    low = mask & -mask
                    mask ^= low
                    rest_b = b & ~low
                    rest_c = c & ~low
                    if rest_b and rest_c and (rest_b != rest_c or rest_b & (rest_b - 1)):
                        seen |= low
                found[cell] = seen
        else:
            for i, cell in enumerate(cells):
                others = opts[:i] + opts[i + 1 :]
                seen = get(cell, 0)
                mask = opts[i] & ~seen
                while mask:
                    low = mask & -mask
                    mask ^= low
                    if fillable(others, used | low):
                        seen |= low
                found[cell] = seen
    return found
