"""What the built-in bots share: the order they sort moves in, and a base that decides from a player's view.

>>> from qwirkle import Pass
>>> move_key(Pass())
(2, ())
"""

from __future__ import annotations

import abc
import random
from collections.abc import Mapping
from typing import ClassVar

from qwirkle.bots.play import BotError
from qwirkle.interface.views import PlayerView, SpectatorView
from qwirkle.interface.views import view as view_of
from qwirkle.moves import Exchange, Move, Place
from qwirkle.state import GameState

__all__ = ["BaseBot", "move_key"]


def move_key(move: Move) -> tuple[int, tuple[int, ...]]:
    """A sort key for moves that depends on the move alone, not on the order the engine lists moves in.

    The built-in bots sort moves with it before they draw one, so that a seed
    picks the same move whatever the move generator's order. Placements come
    first, by cells and tiles, then exchanges, then the pass.

    >>> from qwirkle import Colour, Pass, Shape, Tile
    >>> red, blue = Tile(Colour.RED, Shape.CIRCLE), Tile(Colour.BLUE, Shape.CIRCLE)
    >>> moves = [Pass(), Exchange([red]), Place({(1, 0): red}), Place({(0, 0): blue})]
    >>> [str(move) for move in sorted(moves, key=move_key)]
    ['blue circle at (0, 0)', 'red circle at (1, 0)', 'exchange red circle', 'pass']
    """
    if isinstance(move, Place):
        return 0, tuple(n for (x, y), tile in move for n in (x, y, tile.index))
    if isinstance(move, Exchange):
        return 1, tuple(tile.index for tile in move.tiles)
    return 2, ()


def _game_over() -> BotError:
    return BotError("the game is over, so there is no move to choose")


class BaseBot(abc.ABC):
    """The built-in bots' common ground: a name, a seed, and a ``choose`` that works from a view.

    ``choose`` also takes a whole :class:`~qwirkle.GameState`, for scripts
    that keep one; it is cut down to the view of the seat to move before the
    bot looks at it, so the bot still sees no more than that seat may.

    >>> from qwirkle import new_game, view
    >>> from qwirkle.bots import GreedyBot
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> bot = GreedyBot(seed=1)
    >>> bot.choose(state) == GreedyBot(seed=1).choose(view(state, state.current))
    True
    """

    name: str
    """A short name for the bot, such as ``"random"``."""

    minimums: ClassVar[Mapping[str, float]] = {}
    """The least value each numeric parameter of the bot may take, for those that have one.

    A bot's parameters are its class attributes of type int, float or bool
    (see :func:`qwirkle.bots.parameters.bot_parameters`); a match can set them per entry.
    """

    maximums: ClassVar[Mapping[str, float]] = {}
    """The greatest value each numeric parameter of the bot may take, for those that have one."""

    choices: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """The values each str parameter of the bot may take: a str attribute is a parameter only if listed here."""

    timed: ClassVar[tuple[str, ...]] = ()
    """The parameters that are budgets in time: any of them set above 0 makes the bot's moves depend on the
    machine's speed, so that the same seed may no longer give the same games (see
    :attr:`qwirkle.bots.spec.BotSpec.timed`)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView | GameState) -> Move:
        """A legal move for the player to move; raises :class:`BotError` if the game is over or it is not their turn."""
        if isinstance(view, SpectatorView):
            raise TypeError("a bot decides from a player's view, view(state, seat); a spectator's holds no hand")
        seen = view if isinstance(view, PlayerView) else view_of(view, view.current)
        if seen.outcome is not None:
            raise _game_over()
        if seen.current != seen.seat:
            raise BotError(f"it is {seen.players[seen.current]}'s turn, not {seen.players[seen.seat]}'s")
        return self._decide(seen)

    @abc.abstractmethod
    def _decide(self, view: PlayerView) -> Move:
        """The move for a view of a game going on, with the viewer to move."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"
