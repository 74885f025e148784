"""The table: an unbounded, immutable grid of integer cells holding tiles (Rule TILES-3).

A cell is an ``(x, y)`` pair of ints: ``x`` grows to the right along a row,
``y`` grows down along a column. Inside the engine a cell is a single int key,
``x * STRIDE + y``, so that the neighbours of ``k`` are ``k ± 1`` (same column)
and ``k ± STRIDE`` (same row).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Final, TypeAlias

from qwirkle.errors import InvalidStateError
from qwirkle.lines import ALL_KINDS, ALL_TYPES, MAX_LINE, TILE_TYPES, TYPES_UNION, line_fault
from qwirkle.tiles import ALL_TILES, Tile

__all__ = ["COORD_LIMIT", "Board", "Cell"]

Cell: TypeAlias = tuple[int, int]
"""A cell of the table: ``(x, y)``."""

STRIDE: Final = 1 << 32
HALF_STRIDE: Final = 1 << 31
COORD_LIMIT: Final = 1 << 30
"""Coordinates must lie strictly between ``-COORD_LIMIT`` and ``COORD_LIMIT``."""


def key(cell: Cell) -> int:
    """The engine's int key of a cell."""
    x, y = cell
    return x * STRIDE + y


def cell_of(k: int) -> Cell:
    """The cell of an int key."""
    x = (k + HALF_STRIDE) >> 32
    return (x, k - x * STRIDE)


def check_cell(cell: object) -> Cell:
    """Return ``cell`` if it is an ``(x, y)`` pair of ints in range, else raise.

    Raises :class:`~qwirkle.InvalidStateError` for anything else.
    """
    if not isinstance(cell, tuple) or len(cell) != 2:
        raise InvalidStateError(f"a cell is an (x, y) pair of ints, not {cell!r}")
    x, y = cell
    if type(x) is not int or type(y) is not int:
        raise InvalidStateError(f"a cell is an (x, y) pair of ints, not {cell!r}")
    if not (-COORD_LIMIT < x < COORD_LIMIT and -COORD_LIMIT < y < COORD_LIMIT):
        raise InvalidStateError(f"cell {cell!r} is too far out: coordinates must stay within ±{COORD_LIMIT - 1}")
    return cell


class Board(Mapping[Cell, Tile]):
    """The tiles on the table: a read-only mapping from cell to tile.

    A board built from outside is checked: every line valid (Rules LINE-2 to
    LINE-4) and every tile connected to the others (Rule PLACE-4).

    >>> from qwirkle import Colour, Shape, Tile
    >>> board = Board({(0, 0): Tile(Colour.RED, Shape.CIRCLE), (1, 0): Tile(Colour.RED, Shape.SQUARE)})
    >>> board[1, 0]
    Tile(Colour.RED, Shape.SQUARE)
    >>> (2, 0) in board, len(board)
    (False, 2)
    >>> board.row((0, 0))
    ((0, 0), (1, 0))
    """

    __slots__ = ("_frontier", "_grid", "_hash", "_pending", "_runs")

    _grid: dict[int, int]
    _hash: int | None
    _frontier: dict[int, Frontier] | None
    _runs: tuple[Runs, Runs] | None
    _pending: tuple[dict[int, Frontier], tuple[Runs, Runs], tuple[int, ...]] | None

    def __init__(self, cells: Mapping[Cell, Tile] | Iterable[tuple[Cell, Tile]] = ()) -> None:
        pairs = cells.items() if isinstance(cells, Mapping) else cells
        grid: dict[int, int] = {}
        for pair in pairs:
            try:
                cell, tile = pair
            except (TypeError, ValueError):
                raise InvalidStateError(f"a board entry is a (cell, tile) pair, not {pair!r}") from None
            k = key(check_cell(cell))
            if not isinstance(tile, Tile):
                raise InvalidStateError(f"the board holds tiles, not {tile!r} at {cell}")
            if k in grid:
                raise InvalidStateError(f"two tiles at {cell}")
            grid[k] = tile.index
        _check_grid(grid)
        self._grid = grid
        self._hash = None
        self._frontier = None
        self._runs = None
        self._pending = None

    @classmethod
    def _of(
        cls,
        grid: dict[int, int],
        pending: tuple[dict[int, Frontier], tuple[Runs, Runs], tuple[int, ...]] | None = None,
    ) -> Board:
        """A board over ``grid`` (which it now owns), trusted and unchecked."""
        board = object.__new__(cls)
        # Straight to the slots: the guarding __setattr__ costs a Python call per field.
        _set = object.__setattr__
        _set(board, "_grid", grid)
        _set(board, "_hash", None)
        _set(board, "_frontier", None)
        _set(board, "_runs", None)
        _set(board, "_pending", pending)
        return board

    def placed(self, new: Mapping[int, int]) -> Board:
        """A new board with tiles added: tile indices by int key (unchecked).

        If this board's frontier is known, the new board derives its own (and
        its runs of tiles) from it when first asked: only the cells at the
        ends of the lines through the new tiles change.
        """
        grid = self._grid.copy()
        grid.update(new)
        if self._frontier is None or self._runs is None:
            return Board._of(grid)
        return Board._of(grid, (self._frontier, self._runs, tuple(new)))

    def knows_frontier(self) -> bool:
        """Whether :meth:`frontier` is cheap now: already worked out, or derivable from the board this one grew from.

        >>> from qwirkle import Colour, Shape, Tile
        >>> board = Board({(0, 0): Tile(Colour.RED, Shape.CIRCLE)})
        >>> board.knows_frontier()
        False
        >>> len(board.frontier()), board.knows_frontier()
        (4, True)
        """
        return self._frontier is not None or self._pending is not None

    def frontier(self) -> Mapping[int, Frontier]:
        """For each empty cell next to a tile, by int key: ``(row mask, row run, column mask, column run)``.

        A mask holds the tiles that fit the line through the cell in that
        direction (Rules LINE-2 to LINE-4); a run is how many tiles that line
        already has around the cell. Computed once per board; read-only.
        """
        return MappingProxyType(self._derived()[0])

    def _derived(self) -> tuple[dict[int, Frontier], tuple[Runs, Runs]]:
        """The frontier's own dict and the runs along rows and along columns, worked out if need be (engine use).

        The read-only view of :meth:`frontier` would cost at every lookup.
        """
        if self._frontier is not None and self._runs is not None:
            return self._frontier, self._runs
        grid = self._grid
        if self._pending is not None:
            parent, (parent_rows, parent_columns), new = self._pending
            frontier = parent.copy()
            runs = (parent_rows.copy(), parent_columns.copy())
            for k in new:
                frontier.pop(k, None)
            # The cells at the ends of the lines through the new tiles, with the direction of the line that
            # changed (0 for both). The line across such a cell holds no new tile, or the cell would end it too.
            touched: dict[int, int] = {}
            for k in new:
                for step, side in ((STRIDE, runs[0]), (1, runs[1])):
                    # The run through the new tile, summed up on the way to its ends.
                    present = 1 << grid[k]
                    common = TILE_TYPES[grid[k]]
                    low = k - step
                    t = grid.get(low)
                    while t is not None:
                        present |= 1 << t
                        common &= TILE_TYPES[t]
                        low -= step
                        t = grid.get(low)
                    high = k + step
                    t = grid.get(high)
                    while t is not None:
                        present |= 1 << t
                        common &= TILE_TYPES[t]
                        high += step
                        t = grid.get(high)
                    if touched.get(low) == step == touched.get(high):
                        continue  # the line of a move of several tiles, seen from another of them
                    for end in (low, high):
                        seen = touched.get(end, step)
                        touched[end] = step if seen == step else 0
                    # The runs the new tile joined become one.
                    start = low + step
                    for j in range(start + step, high, step):
                        side.pop(j, None)
                    side[start] = (common, present, (high - start) // step)
            for n, step in touched.items():
                if not step:
                    frontier[n] = _frontier_cell(grid, n)
                    continue
                fit, length = _line_at(grid, n, step)
                # A cell new to the frontier had no tile next to it, so nothing across it either.
                was = frontier.get(n, NO_LINES)
                frontier[n] = (fit, length, was[2], was[3]) if step == STRIDE else (was[0], was[1], fit, length)
        else:
            frontier, runs = _whole_frontier(grid)
        object.__setattr__(self, "_frontier", frontier)
        object.__setattr__(self, "_runs", runs)
        object.__setattr__(self, "_pending", None)
        return frontier, runs

    def __getitem__(self, cell: Cell) -> Tile:
        try:
            return ALL_TILES[self._grid[key(cell)]]
        except (KeyError, TypeError, ValueError):
            raise KeyError(cell) from None

    def __contains__(self, cell: object) -> bool:
        try:
            return key(cell) in self._grid  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return False

    def __iter__(self) -> Iterator[Cell]:
        return (cell_of(k) for k in sorted(self._grid))

    def __len__(self) -> int:
        return len(self._grid)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Board):
            return self._grid == other._grid
        return super().__eq__(other)

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash(frozenset(self._grid.items())))
        return self._hash  # type: ignore[return-value]

    def __setattr__(self, name: str, value: object) -> None:
        if name in Board.__slots__ and not hasattr(self, name):
            object.__setattr__(self, name, value)
            return
        raise AttributeError("Board is immutable")

    def __reduce__(self) -> tuple[Callable[[dict[int, int]], Board], tuple[dict[int, int]]]:
        # Only the grid is pickled: the frontier is a cache (with its parent's, often larger), rebuilt on demand.
        return Board._of, (self._grid,)

    def __repr__(self) -> str:
        inner = ", ".join(f"{cell}: {tile!r}" for cell, tile in self.items())
        return f"Board({{{inner}}})"

    def __str__(self) -> str:
        return render(self)

    @property
    def grid(self) -> Mapping[int, int]:
        """A read-only view of the engine's int cell keys to tile indices."""
        return MappingProxyType(self._grid)

    def bounds(self) -> tuple[Cell, Cell] | None:
        """The top-left and bottom-right cells of the smallest box around the tiles, or ``None``."""
        if not self._grid:
            return None
        cells = [cell_of(k) for k in self._grid]
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        return (min(xs), min(ys)), (max(xs), max(ys))

    def row(self, cell: Cell) -> tuple[Cell, ...]:
        """The run of occupied cells through ``cell`` along its row (``cell`` included if occupied)."""
        return tuple(cell_of(k) for k in _run(self._grid, key(cell), STRIDE))

    def column(self, cell: Cell) -> tuple[Cell, ...]:
        """The run of occupied cells through ``cell`` along its column."""
        return tuple(cell_of(k) for k in _run(self._grid, key(cell), 1))

    def lines_through(self, cell: Cell) -> tuple[tuple[Cell, ...], ...]:
        """The lines (runs of two or more tiles, Rule LINE-1) that contain ``cell``."""
        return tuple(line for line in (self.row(cell), self.column(cell)) if len(line) >= 2)


Runs: TypeAlias = dict[int, tuple[int, int, int]]
"""The runs of tiles along one direction, by the key of their first tile: (common line types, tiles present, length)."""

Frontier: TypeAlias = tuple[int, int, int, int]
"""What fits an empty cell: ``(row mask, row run length, column mask, column run length)``."""


NO_LINES: Final = (ALL_KINDS, 0, ALL_KINDS, 0)
"""The frontier entry a cell no tile touches would have: anything fits, no line either way."""


def _frontier_cell(grid: Mapping[int, int], n: int) -> Frontier:
    return (*_line_at(grid, n, STRIDE), *_line_at(grid, n, 1))


def _line_at(grid: Mapping[int, int], n: int, step: int) -> tuple[int, int]:
    """The tiles that fit the empty cell ``n`` along ``step``, and how many tiles that line has around it."""
    present = 0
    common = ALL_TYPES
    twice = 0
    length = 0
    for j, way in ((n - step, -step), (n + step, step)):
        t = grid.get(j)
        while t is not None:
            bit = 1 << t
            twice |= present & bit
            present |= bit
            common &= TILE_TYPES[t]
            length += 1
            j += way
            t = grid.get(j)
    if not length:
        return ALL_KINDS, 0
    if twice or length >= MAX_LINE:
        return 0, length
    return TYPES_UNION[common] & ~present, length


def _whole_frontier(grid: Mapping[int, int]) -> tuple[dict[int, Frontier], tuple[Runs, Runs]]:
    """The frontier and the runs of a whole board, walking each run once rather than each cell's four directions.

    Each run is summed up once as (tiles that may join it, length, tiles
    present, common line types); a cell at the end of a run, or between two
    runs, combines the summaries.
    """
    sides: list[dict[int, _Run]] = []
    starts: list[Runs] = []
    for step in (STRIDE, 1):
        side: dict[int, _Run] = {}
        found: Runs = {}
        for k, t in grid.items():
            if k - step in grid:
                continue
            j = k + step
            u = grid.get(j)
            if u is None:
                # Most runs are a lone tile: the line across is the real one.
                run = _LONE_RUNS[t]
            else:
                present = 1 << t
                common = TILE_TYPES[t]
                while u is not None:
                    present |= 1 << u
                    common &= TILE_TYPES[u]
                    j += step
                    u = grid.get(j)
                length = (j - k) // step
                run = (TYPES_UNION[common] & ~present if length < MAX_LINE else 0, length, present, common)
            found[k] = (run[3], run[2], run[1])
            seen = side.get(k - step)
            side[k - step] = run if seen is None else _joined(seen, run)
            seen = side.get(j)
            side[j] = run if seen is None else _joined(seen, run)
        sides.append(side)
        starts.append(found)
    rows, columns = sides
    frontier: dict[int, Frontier] = {}
    for n, (fit, length, _, _) in rows.items():
        column = columns.pop(n, None)
        frontier[n] = (fit, length, ALL_KINDS, 0) if column is None else (fit, length, column[0], column[1])
    for n, (fit, length, _, _) in columns.items():
        frontier[n] = (ALL_KINDS, 0, fit, length)
    return frontier, (starts[0], starts[1])


_Run: TypeAlias = tuple[int, int, int, int]
"""A run of tiles summed up: (tiles that may join it, length, tiles present, common line types)."""

_LONE_RUNS: Final[tuple[_Run, ...]] = tuple(
    (TYPES_UNION[TILE_TYPES[t]] & ~(1 << t), 1, 1 << t, TILE_TYPES[t]) for t in range(36)
)
"""The summary of a run of one tile, by tile."""


def _joined(a: _Run, b: _Run) -> _Run:
    """The summary of the line a cell between two runs would make, the cell left out."""
    present = a[2] | b[2]
    length = a[1] + b[1]
    # Two tiles the same on either side make the cell a dead spot: no tile fits.
    common = 0 if a[2] & b[2] else a[3] & b[3]
    return (TYPES_UNION[common] & ~present if length < MAX_LINE else 0, length, present, common)


def _run(grid: Mapping[int, int], k: int, step: int) -> list[int]:
    """Keys of the maximal occupied run through ``k`` along ``step``, in order; ``k`` counts as occupied."""
    low = k - step
    while low in grid:
        low -= step
    high = k + step
    while high in grid:
        high += step
    return list(range(low + step, high, step))


def _check_grid(grid: dict[int, int]) -> None:
    """Raise if the tiles do not form a legal table: valid lines, all connected.

    Rules LINE-2 to LINE-4 for every line, Rule PLACE-4 for connection.
    """
    for step, axis in ((STRIDE, "row"), (1, "column")):
        for k in grid:
            if k - step in grid or k + step not in grid:
                continue
            run = _run(grid, k, step)
            fault = line_fault([grid[j] for j in run])
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


def render(board: Board) -> str:
    """The board as text: one two-letter code per tile, ``.`` for an empty cell.

    Colours are ``R O Y G B P`` and shapes ``o`` (circle), ``s`` (square),
    ``d`` (diamond), ``c`` (clover), ``x`` (four-point star), ``*`` (eight-point star).
    """
    box = board.bounds()
    if box is None:
        return "(empty table)"
    (x0, y0), (x1, y1) = box
    width = max(len(str(x)) for x in (x0, x1))
    label = max(len(str(y)) for y in (y0, y1))
    cols = " ".join(str(x).rjust(max(2, width)) for x in range(x0, x1 + 1))
    lines = [" " * label + " " + cols]
    for y in range(y0, y1 + 1):
        row = []
        for x in range(x0, x1 + 1):
            tile = board.get((x, y))
            row.append((code(tile) if tile else " .").rjust(max(2, width)))
        lines.append(str(y).rjust(label) + " " + " ".join(row))
    return "\n".join(lines)


_COLOUR_LETTERS: Final = "ROYGBP"
_SHAPE_LETTERS: Final = "osdcx*"


def code(tile: Tile) -> str:
    """A two-letter code for a tile: colour letter, shape letter (``Ro`` is a red circle)."""
    return _COLOUR_LETTERS[tile.colour.value] + _SHAPE_LETTERS[tile.shape.value]
