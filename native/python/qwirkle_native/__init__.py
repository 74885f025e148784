"""The native engine of the ``qwirkle`` rules specification.

Use it through :mod:`qwirkle.native`, which builds a native game from a
:class:`qwirkle.GameState` and turns it back into one; this package holds
only the compiled extension.
"""

from qwirkle_native._native import SIDE, Game, IllegalMoveError, self_play

__all__ = ["SIDE", "Game", "IllegalMoveError", "self_play"]
__version__ = "0.1.0"
