"""The table: an unbounded, immutable grid of integer cells holding tiles (Rule TILES-3).

A board keeps what the move generator reads of it, its frontier, once worked
out: a board never changes. How cells are keyed and how the frontier is found
are the engine's private business.
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterable, Iterator, Mapping, ValuesView
from types import MappingProxyType
from typing import Final

from qwirkle._engine.anchors import AnchorMemo
from qwirkle._engine.frontier import Frontier, FrontierCell, grown_frontier, whole_frontier
from qwirkle._engine.geometry import (
    MAX_COORD,
    STRIDE,
    Cell,
    cell_of,
    check_cell,
    key,
    key_in_range,
    lookup_key,
)
from qwirkle._engine.grid import check_grid, grown_bounds, near_edge, run
from qwirkle._immutable import Immutable
from qwirkle._moved import deprecated_member
from qwirkle.errors import InvalidStateError, brief
from qwirkle.text import grid_text
from qwirkle.tiles import ALL_TILES, Tile

__all__ = ["Board"]

_SEARCHES_BEFORE_MEMO: Final = 2
"""How many searches of a board go without the memo of :meth:`Board._anchor_memo`, which starts at the next."""


_ENGINE_OWN: Final = (
    "it is the engine's own now; a board's queries are its mapping, row, column, lines_through, bounds, grid, "
    "validated and near_edge"
)
"""What the deprecated engine members of a board say."""


class Board(Immutable, Mapping[Cell, Tile]):
    """The tiles on the table: a read-only mapping from cell to tile.

    A board built from outside is checked (see :meth:`validated`): every cell
    in range (see :data:`~qwirkle.rules.limits.COORD_LIMIT`), every line valid
    and every tile connected to the others. Looking up anything that is not a
    cell in range finds no tile.

    >>> from qwirkle import Colour, Shape, Tile
    >>> board = Board({(0, 0): Tile(Colour.RED, Shape.CIRCLE), (1, 0): Tile(Colour.RED, Shape.SQUARE)})
    >>> board[1, 0]
    Tile(Colour.RED, Shape.SQUARE)
    >>> (2, 0) in board, len(board)
    (False, 2)
    >>> board.row((0, 0))
    ((0, 0), (1, 0))
    """

    __slots__ = ("_bounds", "_edge", "_grid", "_hash", "_kept", "_memo", "_pending")

    _grid: dict[int, int]
    _bounds: tuple[Cell, Cell] | None
    _edge: bool | None
    _hash: int | None
    _kept: Frontier | None
    _pending: tuple[Frontier, tuple[int, ...], bool] | None
    _memo: dict[int, AnchorMemo] | int

    def __init__(self, cells: Mapping[Cell, Tile] | Iterable[tuple[Cell, Tile]] = ()) -> None:
        pairs = cells.items() if isinstance(cells, Mapping) else cells
        grid: dict[int, int] = {}
        for pair in pairs:
            try:
                cell, tile = pair
            except (TypeError, ValueError):
                raise InvalidStateError(f"a board entry is a (cell, tile) pair, not {brief(pair)}") from None
            k = key(check_cell(cell))
            if not isinstance(tile, Tile):
                raise InvalidStateError(f"the board holds tiles, not {brief(tile)} at {cell}")
            if k in grid:
                raise InvalidStateError(f"two tiles at {brief(cell)}")
            grid[k] = tile.index
        check_grid(grid)
        self._grid = grid
        self._bounds = None
        self._edge = near_edge(grid)
        self._hash = None
        self._kept = None
        self._pending = None
        self._memo = 0

    @classmethod
    def _of(
        cls,
        grid: dict[int, int],
        pending: tuple[Frontier, tuple[int, ...], bool] | None = None,
        bounds: tuple[Cell, Cell] | None = None,
    ) -> Board:
        """A board over ``grid`` (which it now owns), trusted and unchecked.

        ``pending`` is the frontier of the board it grew from, the keys added,
        and whether that board was near the edge (see :attr:`near_edge`);
        ``bounds``, its :meth:`bounds` if known.
        """
        board = object.__new__(cls)
        # Straight to the slots: the guarding __setattr__ costs a Python call per field.
        _set = object.__setattr__
        _set(board, "_grid", grid)
        _set(board, "_bounds", bounds)
        _set(board, "_edge", None)  # worked out when first asked: most boards of a replay never are
        _set(board, "_hash", None)
        _set(board, "_kept", None)
        _set(board, "_pending", pending)
        _set(board, "_memo", 0)
        return board

    def _placed_unchecked(self, new: Mapping[int, int]) -> Board:
        """A new board with tiles added, tile indices by int key, **not checked**: for the engine only.

        The engine calls it with a placement it has just checked against the
        rules; it checks nothing itself (not the range of the cells, nor the
        lines, nor the connection), so a board built from anything else may
        break the rules. :meth:`validated` checks a board however it was built,
        and :func:`~qwirkle.check_state` does so for a state's board.

        If this board's frontier is known, the new board derives its own (and
        its runs of tiles) from it when first asked: only the cells at the
        ends of the lines through the new tiles change.

        >>> from qwirkle import Colour, Shape, Tile
        >>> from qwirkle._engine.geometry import key
        >>> board = Board({(0, 0): Tile(Colour.RED, Shape.CIRCLE)})
        >>> board._placed_unchecked({key((5, 5)): Tile(Colour.BLUE, Shape.SQUARE).index}).validated()
        Traceback (most recent call last):
            ...
        qwirkle.errors.InvalidStateError: the tiles on the board are not all connected
        """
        grid = self._grid.copy()
        grid.update(new)
        bounds = self._bounds
        if bounds is not None:
            # Asked of this board, so likely of the next (an interface centring its view): grown by the new tiles.
            bounds = grown_bounds(bounds, new)
        if self._kept is None:
            return Board._of(grid, None, bounds)
        # A board whose frontier is known knows whether it is near the edge: worked out along with it.
        return Board._of(grid, (self._kept, tuple(new), bool(self._edge)), bounds)

    def validated(self) -> Board:
        """This board, if every cell is in range, every line valid and the tiles connected; else raise.

        Raises :class:`~qwirkle.InvalidStateError` naming the rule a line
        breaks (the line rules of :func:`qwirkle.legality.check_lines`), or
        saying that the tiles are not all connected. A board built with
        ``Board(...)`` always passes; one the engine grew unchecked is only as
        good as what it added.

        >>> from qwirkle import Colour, Shape, Tile
        >>> board = Board({(0, 0): Tile(Colour.RED, Shape.CIRCLE)})
        >>> board.validated() is board
        True
        """
        for k in self._grid:
            if not key_in_range(k):
                raise InvalidStateError(f"a tile lies out of range, beyond ±{MAX_COORD}")
        check_grid(self._grid)
        return self

    @property
    def near_edge(self) -> bool:
        """Whether a tile lies within six cells of the coordinate limit, so that a move could reach beyond it.

        Cells beyond the limit never take a tile: the move generator drops
        whatever would reach them.

        >>> from qwirkle import Colour, Shape, Tile
        >>> from qwirkle.rules.limits import MAX_COORD
        >>> Board({(MAX_COORD, 0): Tile(Colour.RED, Shape.CIRCLE)}).near_edge
        True
        """
        edge = self._edge
        if edge is None:
            if self._pending is not None:
                _, new, parent_edge = self._pending
                edge = parent_edge or near_edge(new)
            else:
                edge = near_edge(self._grid)
            object.__setattr__(self, "_edge", edge)
        return edge

    def _knows_frontier(self) -> bool:
        """Whether :meth:`_frontier` is cheap now: already worked out, or derivable from the board this one grew from.

        >>> from qwirkle import Colour, Shape, Tile
        >>> board = Board({(0, 0): Tile(Colour.RED, Shape.CIRCLE)})
        >>> board._knows_frontier()
        False
        >>> len(board._frontier()), board._knows_frontier()
        (4, True)
        """
        return self._kept is not None or self._pending is not None

    def _frontier(self) -> Mapping[int, FrontierCell]:
        """For each empty cell next to a tile, by int key: what fits it along its row and its column.

        Engine use: its values are the engine's private records. Computed once per board; read-only.

        >>> from qwirkle import Colour, Shape, Tile
        >>> board = Board({(0, 0): Tile(Colour.RED, Shape.CIRCLE)})
        >>> len(board._frontier())  # the four cells around the tile
        4
        """
        return MappingProxyType(self._derived().cells)

    def _derived(self) -> Frontier:
        """The frontier and the runs of tiles along rows and along columns, worked out if need be (engine use).

        The dicts are the board's own, for speed (a read-only view would cost
        at every lookup): never change them.

        >>> from qwirkle import Colour, Shape, Tile
        >>> board = Board({(0, 0): Tile(Colour.RED, Shape.CIRCLE), (1, 0): Tile(Colour.RED, Shape.SQUARE)})
        >>> len(board._derived().cells), len(board._derived().rows), len(board._derived().columns)
        (6, 1, 2)
        """
        frontier = self._kept
        if frontier is not None:
            return frontier
        if self._pending is not None:
            parent, new, _ = self._pending
            frontier = grown_frontier(parent, self._grid, new)
        else:
            frontier = whole_frontier(self._grid)
        if self.near_edge:
            # No tile goes beyond the limit: the cells there are not part of the frontier (the dict is new).
            cells = frontier.cells
            for k in [k for k in cells if not key_in_range(k)]:
                del cells[k]
        object.__setattr__(self, "_kept", frontier)
        object.__setattr__(self, "_pending", None)
        return frontier

    def _anchor_memo(self, qwirkle_bonus: int) -> AnchorMemo | None:
        """Where the move generator keeps what a hand does not change, from this board's third search on (engine use).

        ``None`` the first two times. Most boards are searched once, by the
        player to move; a board searched twice is most often the table around
        an exchange, searched once by each player, and keeping the anchors'
        ends would cost that second search more than it saves. A third
        search is most often one of many (several hands tried on one table),
        which the memo turns into filters. It
        is kept per Qwirkle bonus, which its points include; only the move
        generator fills it.

        >>> from qwirkle import Colour, Shape, Tile
        >>> board = Board({(0, 0): Tile(Colour.RED, Shape.CIRCLE)})
        >>> [board._anchor_memo(6) for _ in range(3)]
        [None, None, <AnchorMemo: 0 row and 0 column anchors>]
        """
        memo = self._memo
        if isinstance(memo, int):
            # The searches so far, until the memo starts.
            if memo < _SEARCHES_BEFORE_MEMO:
                object.__setattr__(self, "_memo", memo + 1)
                return None
            memo = {}
            object.__setattr__(self, "_memo", memo)
        found = memo.get(qwirkle_bonus)
        if found is None:
            found = memo[qwirkle_bonus] = AnchorMemo()
        return found

    def __getitem__(self, cell: Cell) -> Tile:
        # Only a cell in range has a key: any other value would share the key of some cell of the table.
        index = self._grid.get(lookup_key(cell))  # type: ignore[arg-type]
        if index is None:
            raise KeyError(cell)
        return ALL_TILES[index]

    def __contains__(self, cell: object) -> bool:
        return lookup_key(cell) in self._grid

    def __iter__(self) -> Iterator[Cell]:
        return (cell_of(k) for k in sorted(self._grid))

    def values(self) -> ValuesView[Tile]:
        """The tiles, in the order of their cells (read from the grid, not looked up cell by cell)."""
        return _Values(self)

    def items(self) -> ItemsView[Cell, Tile]:
        """The ``(cell, tile)`` pairs, in the order of the cells."""
        return _Items(self)

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
        return grid_text(self)

    @property
    def grid(self) -> Mapping[int, int]:
        """A read-only view of the engine's int cell keys to tile indices."""
        return MappingProxyType(self._grid)

    # The engine's own members under their old public names, for one release.
    by_key = property(deprecated_member("Board", "by_key", lambda board: board._grid, _ENGINE_OWN))
    placed_unchecked = deprecated_member("Board", "placed_unchecked", _placed_unchecked, _ENGINE_OWN)
    knows_frontier = deprecated_member("Board", "knows_frontier", _knows_frontier, _ENGINE_OWN)
    frontier = deprecated_member("Board", "frontier", _frontier, _ENGINE_OWN)
    derived = deprecated_member("Board", "derived", _derived, _ENGINE_OWN)
    anchor_memo = deprecated_member("Board", "anchor_memo", _anchor_memo, _ENGINE_OWN)

    def bounds(self) -> tuple[Cell, Cell] | None:
        """The top-left and bottom-right cells of the smallest box around the tiles, or ``None``.

        Worked out once per board; a board grown from one whose bounds were
        asked for grows them by its new tiles instead.

        >>> from qwirkle import Colour, Shape, Tile
        >>> board = Board({(0, 0): Tile(Colour.RED, Shape.CIRCLE)})
        >>> board.bounds()
        ((0, 0), (0, 0))
        >>> Board({(0, 0): Tile(Colour.RED, Shape.CIRCLE), (0, -1): Tile(Colour.RED, Shape.SQUARE)}).bounds()
        ((0, -1), (0, 0))
        """
        bounds = self._bounds
        if bounds is None and self._grid:
            bounds = grown_bounds(None, self._grid)
            object.__setattr__(self, "_bounds", bounds)
        return bounds

    def row(self, cell: Cell) -> tuple[Cell, ...]:
        """The run of occupied cells through ``cell`` along its row (``cell`` included if occupied).

        ``cell`` must be a cell in range, else :class:`~qwirkle.InvalidStateError`.
        """
        return tuple(cell_of(k) for k in run(self._grid, key(check_cell(cell)), STRIDE))

    def column(self, cell: Cell) -> tuple[Cell, ...]:
        """The run of occupied cells through ``cell`` along its column (``cell`` must be in range)."""
        return tuple(cell_of(k) for k in run(self._grid, key(check_cell(cell)), 1))

    def lines_through(self, cell: Cell) -> tuple[tuple[Cell, ...], ...]:
        """The lines (runs of two or more tiles, Rule LINE-1) that contain ``cell`` (which must be in range)."""
        return tuple(line for line in (self.row(cell), self.column(cell)) if len(line) >= 2)


class _Values(ValuesView[Tile]):
    """A board's tiles, in the order of its cells, read from its grid rather than looked up cell by cell."""

    _mapping: Board

    def __iter__(self) -> Iterator[Tile]:
        grid = self._mapping._grid
        return (ALL_TILES[grid[k]] for k in sorted(grid))


class _Items(ItemsView[Cell, Tile]):
    """A board's cells and tiles, in order, read from its grid rather than looked up cell by cell."""

    _mapping: Board

    def __iter__(self) -> Iterator[tuple[Cell, Tile]]:
        grid = self._mapping._grid
        return ((cell_of(k), ALL_TILES[grid[k]]) for k in sorted(grid))
