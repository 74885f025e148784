"""The built-in bots as OpenSpiel bots (``pyspiel.Bot``), for ``evaluate_bots`` and other OpenSpiel code.

Install with ``pip install 'qwirkle[openspiel]'``. A :class:`SpielBot` plays
any bot of :mod:`qwirkle.bots` (anything with ``choose``) in
``python_qwirkle``: at the start of each of its turns it asks the bot for a
move, from the player's view alone, and then plays that move action by
action (:func:`~qwirkle.adapters.openspiel.bot_actions`).
:func:`spiel_bot` makes one of a built-in bot by name.

>>> import numpy as np
>>> import pyspiel
>>> from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
>>> game = pyspiel.load_game("python_qwirkle")
>>> bots = [spiel_bot("greedy", seed=1), spiel_bot("random", seed=2)]
>>> returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
>>> sorted(returns)
[-1.0, 1.0]
"""

from __future__ import annotations

from qwirkle._extras import missing_extra_error

try:
    import pyspiel
except ImportError as error:
    raise missing_extra_error(__name__, "OpenSpiel and NumPy", "openspiel", error) from None

from qwirkle.adapters.openspiel import QwirkleState, bot_actions
from qwirkle.bots import make_bot, play
from qwirkle.errors import InvalidStateError

__all__ = ["SpielBot", "spiel_bot"]


class SpielBot(pyspiel.Bot):
    """``bot`` as an OpenSpiel bot of ``python_qwirkle``: its move, one action at a time.

    >>> from qwirkle.bots import GreedyBot
    >>> import pyspiel
    >>> state = pyspiel.load_game("python_qwirkle").new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[-1][0])
    >>> bot = SpielBot(GreedyBot(seed=1))
    >>> while not state.is_chance_node():
    ...     state.apply_action(bot.step(state))
    >>> len(state.history()) > 12
    True
    """

    def __init__(self, bot: play.Bot) -> None:
        super().__init__()
        if not callable(getattr(bot, "choose", None)):
            raise TypeError(f"a SpielBot plays a bot (an object with choose), not {bot!r}")
        self.bot = bot
        self._plan: list[int] = []

    def step(self, state: QwirkleState) -> int:
        """The next action of the bot's move for the player to move in ``state``."""
        if state.turn is None or state.pending is not None:
            raise InvalidStateError("a bot acts at a decision of the player to move")
        done = state.turn.actions()
        if not done:
            self._plan = bot_actions(state, self.bot)
        elif tuple(self._plan[: len(done)]) != tuple(done):
            raise InvalidStateError("the turn in progress is not the one this bot began: a bot plays whole turns")
        return self._plan[len(done)]

    def restart_at(self, state: QwirkleState) -> None:
        """Forget the move in progress."""
        self._plan = []

    def inform_action(self, state: QwirkleState, player_id: int, action: int) -> None:
        """Nothing to learn: the bot decides from the player's view when its turn comes."""

    def provides_policy(self) -> bool:
        """No: the bot gives actions, not policies."""
        return False


def spiel_bot(name: str, seed: int) -> SpielBot:
    """The built-in bot ``name`` (:data:`qwirkle.bots.BOTS`), seeded with ``seed``, as an OpenSpiel bot.

    >>> spiel_bot("greedy", seed=1).bot
    GreedyBot(seed=1)
    """
    return SpielBot(make_bot(name, seed=seed))
