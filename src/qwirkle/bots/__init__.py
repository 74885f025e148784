"""Built-in players: a random bot, a greedy bot and a strong bot.

A bot is anything with a ``name`` and a ``choose`` method that gets a
:class:`~qwirkle.PlayerView`, all that its seat may know, and returns a legal
move (see :class:`Bot`). A view holds neither the other hands nor the order
of the bag, so a bot cannot cheat. What a bot is and :func:`run_game`, which
plays bots against each other, live in :mod:`qwirkle.bots.play`; guessing what a
seat cannot see (:func:`sample_state`, :func:`sample_states`, :func:`unseen_tiles`) in
:mod:`qwirkle.bots.sampling`; all are available from here too. Each built-in bot draws its random choices
from its own :class:`random.Random`, seeded when it is made, so a fresh bot
with the same seed makes the same choices in the same game. The built-in bots
sort the moves before they draw, so their choices do not depend on the order
in which :func:`~qwirkle.legal_moves` lists them.

>>> final = run_game([make_bot("random", seed=1), make_bot("greedy", seed=2)], seed=3)
>>> final.outcome is not None
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from qwirkle.bots.base import BaseBot, move_key
from qwirkle.bots.greedy import GreedyBot
from qwirkle.bots.leaves import leave_shape
from qwirkle.bots.play import MAX_TURNS, Bot, BotError, IllegalBotMoveError, TurnLimitError, run_game
from qwirkle.bots.random import RandomBot
from qwirkle.bots.sampling import sample_state, sample_states, unseen_tiles
from qwirkle.bots.strong import StrongBot, halving_race

__all__ = [
    "BOTS",
    "MAX_TURNS",
    "BaseBot",
    "Bot",
    "BotError",
    "GreedyBot",
    "IllegalBotMoveError",
    "RandomBot",
    "StrongBot",
    "TurnLimitError",
    "UnknownBotError",
    "halving_race",
    "leave_shape",
    "make_bot",
    "move_key",
    "run_game",
    "sample_state",
    "sample_states",
    "unseen_tiles",
]


class UnknownBotError(BotError):
    """No built-in bot has the name asked for."""


BOTS: Final[Mapping[str, Callable[[int], BaseBot]]] = {"greedy": GreedyBot, "random": RandomBot, "strong": StrongBot}
"""The built-in bots by name: each entry makes a bot from a seed."""


def make_bot(name: str, seed: int) -> BaseBot:
    """A new built-in bot by name (see :data:`BOTS`), seeded with ``seed``.

    Raises :class:`UnknownBotError` for a name that is not in :data:`BOTS`.

    >>> make_bot("greedy", seed=5)
    GreedyBot(seed=5)
    >>> make_bot("clever", seed=5)
    Traceback (most recent call last):
        ...
    qwirkle.bots.UnknownBotError: unknown bot 'clever'; the bots are: greedy, random, strong
    """
    try:
        factory = BOTS[name]
    except KeyError:
        raise UnknownBotError(f"unknown bot {name!r}; the bots are: {', '.join(sorted(BOTS))}") from None
    return factory(seed)
