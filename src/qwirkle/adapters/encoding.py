"""The action encoding of the adapters: each action of a turn as an integer.

A turn is built one action at a time. A placement puts one tile per action,
then ends; an exchange puts one tile of the hand per action into the
exchange, then ends: so an exchange, whatever its tiles, begins with one of
at most ``n`` actions, as a placement begins with one of its tiles. The pass
is one action. For a hand of ``n`` tiles and a window of ``w`` by ``w`` cells
(6 and 36 in the standard game: 7,784 actions):

- ``slot * w * w + row * w + column``: put the tile in hand slot ``slot`` (the
  hand as it was when the turn began) on the cell at ``row`` and ``column`` of
  the window, which is recentred on the table at the start of each turn
  (:func:`window_origin`): cell ``(origin_x + column, origin_y + row)``;
- ``n * w * w`` (:attr:`ActionLayout.end`): end the turn being built: play
  the tiles put on the table, or exchange the tiles put into the exchange;
- ``end + 1 + slot`` (:attr:`ActionLayout.exchange` ``+ slot``): put the tile
  in hand slot ``slot`` into the exchange;
- ``end + 1 + n`` (:attr:`ActionLayout.pass_`): pass.

>>> encode(TileAction(2, (0, 0)), (-18, -18))
3258
>>> decode(3258, (-18, -18))
TileAction(slot=2, cell=(0, 0))
>>> encode(ExchangeTileAction(4), (-18, -18))
7781
"""

from __future__ import annotations

import functools
from typing import Final, TypeAlias

import attrs

from qwirkle._engine.geometry import Cell, key
from qwirkle._immutable import Immutable
from qwirkle.board import Board
from qwirkle.errors import InvalidActionError
from qwirkle.tiles import ALL_TILES

__all__ = [
    "WINDOW",
    "Action",
    "ActionLayout",
    "EndAction",
    "ExchangeTileAction",
    "PassAction",
    "TileAction",
    "decode",
    "encode",
    "window_origin",
]


WINDOW: Final = 36
"""The side of the window of cells a placement is built on."""

_TILES: Final = len(ALL_TILES)


@attrs.frozen
class ActionLayout(Immutable):
    """Where each kind of action lies in ``range(size)``, for a hand size and a window.

    >>> layout = ActionLayout()
    >>> layout.end, layout.exchange, layout.pass_, layout.size
    (7776, 7777, 7783, 7784)
    """

    hand_size: int = 6
    """The number of hand slots (the rules' hand size)."""
    window: int = WINDOW
    """The side of the window, in cells."""

    @property
    def cells(self) -> int:
        """The number of cells in the window."""
        return self.window * self.window

    @property
    def end(self) -> int:
        """The action that ends the turn being built: a placement or an exchange."""
        return self.hand_size * self.cells

    @property
    def exchange(self) -> int:
        """The action that puts the tile of hand slot 0 into the exchange; slot ``s`` is ``exchange + s``."""
        return self.end + 1

    @property
    def pass_(self) -> int:
        """The action that passes."""
        return self.exchange + self.hand_size

    @property
    def size(self) -> int:
        """How many actions there are."""
        return self.pass_ + 1


@attrs.frozen
class TileAction(Immutable):
    """Put the tile of hand slot ``slot`` on ``cell``."""

    slot: int
    cell: Cell


@attrs.frozen
class EndAction(Immutable):
    """End the turn being built: play the tiles put on the table, or exchange those put into the exchange."""


@attrs.frozen
class ExchangeTileAction(Immutable):
    """Put the tile of hand slot ``slot`` into the exchange."""

    slot: int


@attrs.frozen
class PassAction(Immutable):
    """Pass."""


Action: TypeAlias = TileAction | EndAction | ExchangeTileAction | PassAction
"""An action, decoded."""


def window_origin(board: Board, side: int = WINDOW) -> Cell:
    """The top-left cell of a window of ``side`` cells for a turn on ``board``: the window is centred on the table.

    >>> from qwirkle import Board
    >>> window_origin(Board())
    (-18, -18)
    """
    bounds = board.bounds()
    half = side // 2
    if bounds is None:
        return (-half, -half)
    (x0, y0), (x1, y1) = bounds
    return ((x0 + x1) // 2 - half, (y0 + y1) // 2 - half)


def encode(action: Action, origin: Cell, layout: ActionLayout | None = None) -> int:
    """The number of ``action`` in a turn whose window starts at ``origin``.

    >>> encode(PassAction(), (0, 0)), encode(TileAction(1, (2, 3)), (0, 0))
    (7783, 1406)
    """
    layout = ActionLayout() if layout is None else layout
    if isinstance(action, TileAction):
        column, row = action.cell[0] - origin[0], action.cell[1] - origin[1]
        w = layout.window
        if not (0 <= action.slot < layout.hand_size and 0 <= column < w and 0 <= row < w):
            raise InvalidActionError(f"{action} lies outside the slots or the window at {origin}")
        return action.slot * layout.cells + row * w + column
    if isinstance(action, EndAction):
        return layout.end
    if isinstance(action, ExchangeTileAction):
        if not 0 <= action.slot < layout.hand_size:
            raise InvalidActionError(f"{action} names a slot the hand does not have")
        return layout.exchange + action.slot
    if isinstance(action, PassAction):
        return layout.pass_
    raise TypeError(f"not an action: {action!r}")


def decode(number: int, origin: Cell, layout: ActionLayout | None = None) -> Action:
    """The action numbered ``number`` in a turn whose window starts at ``origin``.

    >>> decode(1406, (0, 0)), decode(7777 + 2, (0, 0))
    (TileAction(slot=1, cell=(2, 3)), ExchangeTileAction(slot=2))
    """
    layout = ActionLayout() if layout is None else layout
    if type(number) is not int and not hasattr(number, "__index__"):
        raise TypeError(f"an action is an int, not {number!r}")
    number = int(number)
    if not 0 <= number < layout.size:
        raise InvalidActionError(f"action {number} is not in range({layout.size})")
    if number < layout.end:
        slot, cell = divmod(number, layout.cells)
        row, column = divmod(cell, layout.window)
        return TileAction(slot, (origin[0] + column, origin[1] + row))
    if number == layout.end:
        return EndAction()
    if number == layout.pass_:
        return PassAction()
    return ExchangeTileAction(number - layout.exchange)


@functools.lru_cache(maxsize=16)
def _window_numbers(side: int) -> dict[int, int]:
    """The number of each cell of a window of ``side`` cells a side at ``(0, 0)``, by the engine's int key.

    Keys are linear in the cells, so the number of the key ``k`` in the
    window at ``origin`` is that of ``k - key(origin)`` here: one table
    serves every window, wherever a turn centres it.

    >>> from qwirkle._engine.geometry import key
    >>> numbers, origin = _window_numbers(36), (-18, -18)
    >>> numbers[key((2, 3)) - key(origin)] == _cell_numbers(origin, 36)[key((2, 3))] == 21 * 36 + 20
    True
    """
    return {key((column, row)): row * side + column for row in range(side) for column in range(side)}


@functools.lru_cache(maxsize=256)
def _cell_numbers(origin: Cell, side: int) -> dict[int, int]:
    """The number of each cell of the window at ``origin`` (``row * side + column``), by the engine's int key.

    >>> from qwirkle._engine.geometry import key
    >>> _cell_numbers((0, 0), 36)[key((2, 3))]
    110
    """
    offset = key(origin)
    return {k + offset: number for k, number in _window_numbers(side).items()}
