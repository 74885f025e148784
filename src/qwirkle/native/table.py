"""A table on the native engine, to ask what hands could score on it: what a bot guessing hands asks most."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from qwirkle.board import Board
from qwirkle.native._convert import rules_tuple
from qwirkle.native.extension import native_module
from qwirkle.rules.ruleset import RuleSet

if TYPE_CHECKING:
    from qwirkle_native._native import Game

__all__ = ["NativeTable"]


class NativeTable:
    """The tiles of a table, on the native engine: :meth:`top_points` of any hand, many times faster.

    A table near the coordinate limit (:attr:`Board.near_edge
    <qwirkle.Board.near_edge>`) is refused with ``ValueError``, as
    :meth:`NativeGame.from_state <qwirkle.native.NativeGame.from_state>` refuses it.

    >>> from qwirkle import apply, legal_moves, new_game
    >>> from qwirkle.native import available
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> state = apply(state, next(iter(legal_moves(state))))
    >>> if available():
    ...     table = NativeTable(state.board, state.rules)
    ...     hand = [tile.index for tile in state.hand]
    ...     assert table.top_points(hand) == legal_moves(state).top_points()
    """

    __slots__ = ("_game",)

    def __init__(self, board: Board, rules: RuleSet) -> None:
        if board and board.near_edge:
            raise ValueError("the native engine does not play near the coordinate limit")
        tiles = [(x, y, tile.index) for (x, y), tile in board.items()]
        # One empty hand to move: the table is all that top_points asks of the game.
        self._game: Game = native_module().Game.from_parts(
            tiles, None, [[]], [], [0], 0, 0, 0, False, rules_tuple(rules), 0
        )

    def top_points(self, hand: Sequence[int], end_bonus: int = 0) -> int:
        """The most a placement of ``hand`` (tile indices) would score here, or -1 if none can be placed.

        A placement of every tile of the hand scores ``end_bonus`` more: the
        caller knows whether it would go out (see :func:`~qwirkle.scoring.goes_out`).
        It is ``top(windows(board, hand, rules), len(hand), end_bonus)`` of the
        specification's move generator.
        """
        return self._game.top_points_holding(list(hand), end_bonus)
