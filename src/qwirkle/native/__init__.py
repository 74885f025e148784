"""The native engine: the specification's game, played by the compiled ``qwirkle_native`` extension.

The rules stay specified once, in this package; ``qwirkle-native`` is a
second implementation of them in Rust, much faster, that adds no rule of its
own (``tests/test_native.py`` plays both side by side). A :class:`NativeGame`
is built from a :class:`~qwirkle.GameState` and turned back into one:

>>> from qwirkle import legal_moves, new_game
>>> state = new_game(["Ann", "Bob"], seed=7)
>>> not available() or NativeGame.from_state(state).count() == len(legal_moves(state))
True

Install the extension with ``pip install 'qwirkle[native]'``, or
``pip install ./native`` from a checkout; without it, :func:`native_module`
raises :class:`ImportError` saying so.

What costs what: :meth:`NativeGame.from_state` copies the board, the hands and
the bag once; moves, counts and whole games then run natively. The history of
the state is not copied: the native game records the turns it plays, and
:meth:`NativeGame.to_state` rebuilds the history from them (a few
microseconds a turn), so that ``to_state()`` equals the specification's state
after the same moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from qwirkle.bots.play import MAX_TURNS, TurnLimitError
from qwirkle.bots.play import run_game as spec_run_game
from qwirkle.game import new_game
from qwirkle.interface.views import PlayerView
from qwirkle.moves import Move
from qwirkle.native.extension import INSTALL_HINT, available, native_module
from qwirkle.native.game import NativeGame, Tally
from qwirkle.native.table import NativeTable
from qwirkle.rules.ruleset import RuleSet
from qwirkle.state import GameState

__all__ = ["ENGINES", "INSTALL_HINT", "NativeGame", "NativeTable", "Tally", "available", "native_module", "run_game"]

NATIVE_BOTS: Final = ("greedy", "random")
"""The built-in bots the native engine plays, move for move as :mod:`qwirkle.bots` does."""

ENGINES: Final = ("python", "native", "auto")
"""What can play: the specification, the native engine, or the native engine when it is installed and can.

:func:`qwirkle.matches.simulate.simulate` takes one to play a match's games, and the
strong bot (:attr:`qwirkle.bots.StrongBot.engine`) to play out its guesses.
"""


class _NamedError(Exception):
    """Carries the player names the specification's ``run_game`` gave, from the first view it shows a bot."""

    def __init__(self, players: tuple[str, ...]) -> None:
        super().__init__()
        self.players = players


class _Probe:
    """A bot that only reads the names it is given, so that they are named as the specification names them."""

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, view: PlayerView) -> Move:
        raise _NamedError(view.players)


def _players(names: Sequence[str], seed: int, rules: RuleSet | None) -> tuple[str, ...]:
    """The player names :func:`qwirkle.bots.run_game` gives bots with these names."""
    try:
        spec_run_game([_Probe(name) for name in names], seed, rules)
    except _NamedError as named:
        return named.players
    raise RuntimeError("a game between bots ended before its first move")  # pragma: no cover


def run_game(
    bots: Sequence[str],
    seed: int,
    rules: RuleSet | None = None,
    *,
    bot_seeds: Sequence[int],
    max_turns: int = MAX_TURNS,
) -> GameState:
    """:func:`qwirkle.bots.run_game` with ``[make_bot(name, s) for name, s in zip(bots, bot_seeds)]``, played natively.

    The same seeds give the same final state as the specification's. Only the
    greedy and random bots are played natively; another name is a ``ValueError``.

    >>> from qwirkle.bots import make_bot
    >>> from qwirkle.bots import run_game as played
    >>> expected = played([make_bot("greedy", 1), make_bot("random", 2)], 7)
    >>> not available() or run_game(["greedy", "random"], 7, bot_seeds=[1, 2]) == expected
    True
    """
    names = list(bots)
    for name in names:
        if name not in NATIVE_BOTS:
            raise ValueError(f"the native engine plays the bots {', '.join(NATIVE_BOTS)}, not {name!r}")
    game = NativeGame.from_state(new_game(_players(names, seed, rules), seed=seed, rules=rules))
    if not game.play_bots(names, bot_seeds, max_turns=max_turns):
        raise TurnLimitError(
            f"the game dealt from seed {seed} had not ended after {max_turns} turns; "
            "set stalemate_rounds in the rules to end games that stall (Rule END-5)"
        )
    return game.to_state()
