"""Immutable values: a copy of one, shallow or deep, is the value itself.

A value that never changes can stand for any copy of itself, so
:func:`copy.copy` and :func:`copy.deepcopy` need not rebuild it: search code
that clones a game state by deep-copying it (as OpenSpiel does with Python
games) then pays nothing, and a board keeps the frontier it has worked out.
Pickling is untouched: each value still pickles its fields alone.

>>> import copy
>>> from qwirkle import new_game
>>> state = new_game(["Ann", "Bob"], seed=7)
>>> copy.deepcopy(state) is state, copy.copy(state.board) is state.board
(True, True)
"""

from __future__ import annotations

from typing import Self

__all__ = ["Immutable"]


class Immutable:
    """A base for values whose fields, and everything in them, never change: copies give the value itself.

    >>> import copy
    >>> from qwirkle import Pass
    >>> move = Pass()
    >>> copy.deepcopy([move])[0] is move
    True
    """

    __slots__ = ()

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self
