"""What a bot is, and a whole game played between bots.

A bot is anything with a ``name`` and a ``choose`` method that gets a
:class:`~qwirkle.PlayerView`, all that its seat may know, and returns a legal
move (see :class:`~qwirkle.bots.Bot`). A view holds neither the other hands
nor the order of the bag, so a bot cannot cheat. :func:`~qwirkle.bots.run_game`
plays bots against each other; :mod:`qwirkle.bots` has the built-in ones and
offers all of this module under its own name too.

>>> from qwirkle.bots import GreedyBot, RandomBot
>>> final = run_game([RandomBot(seed=1), GreedyBot(seed=2)], seed=3)
>>> final.outcome is not None
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Final, Protocol

from qwirkle.endings import EndReason
from qwirkle.errors import IllegalMoveError, QwirkleError
from qwirkle.formats.notation import format_move
from qwirkle.game import apply, new_game, resign
from qwirkle.interface.views import PlayerView
from qwirkle.interface.views import view as view_of
from qwirkle.moves import Move
from qwirkle.rules import limits
from qwirkle.rules.catalogue import Rule
from qwirkle.rules.ruleset import RuleSet
from qwirkle.scoring import Score
from qwirkle.state import GameState

__all__ = ["MAX_TURNS", "Bot", "BotError", "IllegalBotMoveError", "TurnLimitError", "run_game"]

MAX_TURNS: Final = limits.MAX_TURNS
"""The default turn limit of :func:`run_game`, the longest game the formats save; real games take under 200 turns."""


class BotError(QwirkleError):
    """A bot, or a game between bots, cannot go on.

    >>> from qwirkle.bots import GreedyBot
    >>> final = run_game([GreedyBot(seed=1), GreedyBot(seed=2)], seed=7)
    >>> GreedyBot(seed=3).choose(final)
    Traceback (most recent call last):
        ...
    qwirkle.bots.play.BotError: the game is over, so there is no move to choose
    """


class TurnLimitError(BotError):
    """A game between bots went on past its turn limit.

    Exchanges do not empty the bag, so bots that keep exchanging could play
    for ever unless the rules set ``stalemate_rounds`` (Rule END-5).

    >>> from qwirkle.bots import RandomBot
    >>> run_game([RandomBot(seed=1), RandomBot(seed=2)], seed=7, max_turns=3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    qwirkle.bots.play.TurnLimitError: the game dealt from seed 7 had not ended after 3 turns; ...
    """


class IllegalBotMoveError(IllegalMoveError, BotError):
    """A bot's move that breaks a rule, told with where it was played: the bot, its seat, the game and the turn.

    It is an :class:`~qwirkle.IllegalMoveError`, so :attr:`rule` and
    :attr:`reason` say what went wrong, and a :class:`BotError`. The message
    puts the bot and the game first: with the seed (and, in a match, the game's
    number and the match seed) the game can be played again up to that turn.

    >>> from qwirkle import Pass
    >>> from qwirkle.bots import GreedyBot
    >>> class Passer:
    ...     name = "passer"
    ...     def choose(self, view):
    ...         return Pass()
    >>> try:  # doctest: +ELLIPSIS
    ...     run_game([GreedyBot(seed=1), Passer()], seed=7)
    ... except IllegalMoveError as error:
    ...     print(error.rule.value, error.bot, error.seat, error.turn, error.seed)
    ...     print(error)
    START-4 passer 1 1 7
    passer (seat 1) played pass on turn 1 of the game dealt from seed 7: START-4: the first turn must lay a group, ...
    """

    bot: str
    """The bot's name as a player of the game (numbered by seat when two share a name)."""
    seat: int
    """The bot's seat, from 0."""
    turn: int
    """The number of the turn the move was meant to play, from 1."""
    move: Move
    """The move the bot chose."""
    seed: int
    """The seed the game was dealt from."""
    game: int | None
    """The game's number in its match, from 0, or ``None`` for a game outside a match."""
    match_seed: int | None
    """The seed of the match, or ``None`` for a game outside a match."""

    def __init__(
        self,
        rule: Rule,
        reason: str,
        bot: str,
        seat: int,
        turn: int,
        move: Move,
        seed: int,
        game: int | None = None,
        match_seed: int | None = None,
    ) -> None:
        IllegalMoveError.__init__(self, rule, reason)
        self.bot, self.seat, self.turn, self.move = bot, seat, turn, move
        self.seed, self.game, self.match_seed = seed, game, match_seed
        where = f"the game dealt from seed {seed}"
        if game is not None:
            where = f"game {game} of the match seeded {match_seed} (dealt from seed {seed})"
        played = f"{bot} (seat {seat}) played {format_move(move)} on turn {turn} of {where}"
        QwirkleError.__init__(self, f"{played}: {rule.message(reason)}")

    def __reduce__(self) -> tuple[type[QwirkleError], tuple[object, ...]]:
        fields = (self.bot, self.seat, self.turn, self.move, self.seed, self.game, self.match_seed)
        return type(self), (self.rule, self.reason, *fields)


def _apply_bot_move(
    state: GameState, move: Move, seed: int, *, game: int | None = None, match_seed: int | None = None
) -> GameState:
    """``apply(state, move)`` for the bot to move; a move that breaks a rule raises :class:`IllegalBotMoveError`.

    ``seed`` is the seed the game was dealt from; ``game`` and ``match_seed``
    place a game of a match.

    >>> from qwirkle import Pass
    >>> state = new_game(["greedy", "passer"], seed=7)
    >>> _apply_bot_move(state, Pass(), 7, game=3, match_seed=1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    qwirkle.bots.play.IllegalBotMoveError: passer (seat 1) played pass on turn 1 of game 3 of the match seeded 1 ...
    """
    try:
        return apply(state, move)
    except IllegalMoveError as error:
        seat = state.current
        raise IllegalBotMoveError(
            error.rule, error.reason, state.players[seat], seat, state.turn_number + 1, move, seed, game, match_seed
        ) from None


class Bot(Protocol):
    """A player that picks its own moves from what its seat may know.

    :func:`run_game` and :func:`qwirkle.matches.simulate.simulate` call ``choose``
    with the view of the seat to move, so a bot never sees another hand or
    the bag's order. Any object with these two members will do.

    >>> from qwirkle import new_game, legal_moves, view
    >>> from qwirkle.bots import RandomBot
    >>> bot: Bot = RandomBot(seed=1)
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> bot.choose(view(state, state.current)) in legal_moves(state)
    True
    """

    name: str
    """A short name for the bot, such as ``"random"``."""

    def choose(self, view: PlayerView) -> Move:
        """A legal move for the viewer, whose turn it is."""
        ...


def run_game(
    bots: Sequence[Bot],
    seed: int,
    rules: RuleSet | None = None,
    on_turn: Callable[[GameState, Move, Score], None] | None = None,
    *,
    max_turns: int = MAX_TURNS,
    seconds_per_move: float | None = None,
) -> GameState:
    """Play a whole game between ``bots``, one per seat, dealt from ``seed``; return the final state.

    Each bot gets only the view of its own seat (:func:`~qwirkle.view`).
    Players are named after their bots (numbered by seat, from 0, when two
    share a name). After every turn, ``on_turn`` gets the new state, the move played
    and what it scored. A game that has not ended after ``max_turns`` turns
    raises :class:`TurnLimitError`. With ``seconds_per_move``, a bot that
    takes longer over a move runs out of time: its move is not played and
    the game ends (:attr:`EndReason.TIMED_OUT <qwirkle.EndReason.TIMED_OUT>`,
    see :func:`~qwirkle.resign`). Time depends on the machine, so such a game
    repeats only as far as the bots keep to their time. A move that breaks a
    rule raises :class:`IllegalBotMoveError`, which names the bot, its seat
    and the turn.

    >>> from qwirkle.bots import GreedyBot
    >>> final = run_game([GreedyBot(seed=1), GreedyBot(seed=2)], seed=7)
    >>> final.players, final.outcome.scores == final.scores
    (('greedy 0', 'greedy 1'), True)
    """
    names = [bot.name for bot in bots]
    if len(set(names)) != len(names):
        names = [f"{name} {seat}" for seat, name in enumerate(names)]
    if seconds_per_move is not None and not (
        isinstance(seconds_per_move, (int, float)) and not isinstance(seconds_per_move, bool) and seconds_per_move > 0
    ):
        raise TypeError(f"seconds_per_move must be a positive number of seconds, not {seconds_per_move!r}")
    state = new_game(names, seed=seed, rules=rules)
    while state.outcome is None:
        if state.turn_number >= max_turns:
            raise TurnLimitError(
                f"the game dealt from seed {seed} had not ended after {max_turns} turns; "
                "set stalemate_rounds in the rules to end games that stall (Rule END-5)"
            )
        started = time.perf_counter()
        move = bots[state.current].choose(view_of(state, state.current))
        if seconds_per_move is not None and time.perf_counter() - started > seconds_per_move:
            return resign(state, state.current, EndReason.TIMED_OUT)
        state = _apply_bot_move(state, move, seed)
        if on_turn is not None:
            on_turn(state, move, state.history[-1].score)
    return state
