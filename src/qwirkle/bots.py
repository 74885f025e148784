"""Built-in players for demos, benchmarks and tests: a random bot and a greedy bot.

A bot is anything with a ``name`` and a ``choose`` method that returns a legal
move for the player to move (see :class:`Bot`). Each bot draws its random
choices from its own :class:`random.Random`, seeded when it is made, so a
fresh bot with the same seed makes the same choices in the same game. The
built-in bots sort the moves before they draw, so their choices do not
depend on the order in which :func:`~qwirkle.legal_moves` lists them.

>>> final = play_game([make_bot("random", seed=1), make_bot("greedy", seed=2)], seed=3)
>>> final.outcome is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Final, Protocol

from qwirkle.errors import QwirkleError
from qwirkle.game import apply, legal_moves, new_game
from qwirkle.moves import Exchange, Move, Pass, Place
from qwirkle.ruleset import RuleSet
from qwirkle.scoring import Score
from qwirkle.state import GameState

__all__ = [
    "BOTS",
    "MAX_TURNS",
    "Bot",
    "BotError",
    "GreedyBot",
    "RandomBot",
    "TurnLimitError",
    "UnknownBotError",
    "make_bot",
    "play_game",
]

MAX_TURNS: Final = 10_000
"""The default turn limit of :func:`play_game`; real games take well under 200 turns."""


class BotError(QwirkleError):
    """A bot, or a game between bots, cannot go on.

    >>> final = play_game([GreedyBot(seed=1), GreedyBot(seed=2)], seed=7)
    >>> GreedyBot(seed=3).choose(final)
    Traceback (most recent call last):
        ...
    qwirkle.bots.BotError: the game is over, so there is no move to choose
    """


class UnknownBotError(BotError):
    """No built-in bot has the name asked for."""


class TurnLimitError(BotError):
    """A game between bots went on past its turn limit.

    Exchanges do not empty the bag, so bots that keep exchanging could play
    for ever unless the rules set ``stalemate_rounds`` (Rule END-5).

    >>> play_game([RandomBot(seed=1), RandomBot(seed=2)], seed=7, max_turns=3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    qwirkle.bots.TurnLimitError: the game dealt from seed 7 had not ended after 3 turns; ...
    """


class Bot(Protocol):
    """A player that picks its own moves.

    >>> from qwirkle import new_game, legal_moves
    >>> bot: Bot = RandomBot(seed=1)
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> bot.choose(state) in legal_moves(state)
    True
    """

    name: str
    """A short name for the bot, such as ``"random"``."""

    def choose(self, state: GameState) -> Move:
        """A legal move for the player to move in ``state``."""
        ...


def _canonical(move: Move) -> tuple[int, tuple[int, ...]]:
    """A sort key that depends on the move alone, not on where the engine lists it."""
    if isinstance(move, Place):
        return 0, tuple(n for (x, y), tile in move for n in (x, y, tile.index))
    if isinstance(move, Exchange):
        return 1, tuple(tile.index for tile in move.tiles)
    return 2, ()


def _game_over() -> BotError:
    return BotError("the game is over, so there is no move to choose")


class RandomBot:
    """Plays a move drawn uniformly from all the legal moves: placements, exchanges and the pass.

    >>> from qwirkle import new_game, legal_moves
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> move = RandomBot(seed=1).choose(state)
    >>> move in legal_moves(state), move == RandomBot(seed=1).choose(state)
    (True, True)
    """

    name: str

    def __init__(self, seed: int) -> None:
        self.name = "random"
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, state: GameState) -> Move:
        """A legal move drawn uniformly at random; raises :class:`BotError` if the game is over."""
        # Sorted, so that a seed picks the same move whatever order the move generator lists them in.
        moves = sorted(legal_moves(state), key=_canonical)
        if not moves:
            raise _game_over()
        return self._rng.choice(moves)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"


class GreedyBot:
    """Plays the placement that scores most this turn, end bonus included.

    Ties between placements are broken at random. When it cannot place, it
    exchanges as many tiles as it may (its whole hand, or as many as the bag
    holds, Rule EXCHANGE-5), picked at random; when it cannot exchange
    either, it passes (Rule TURN-3).

    >>> from qwirkle import new_game, legal_moves, score
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> move = GreedyBot(seed=1).choose(state)
    >>> score(state, move).total == max(score(state, m).total for m in legal_moves(state).placements())
    True
    """

    name: str

    def __init__(self, seed: int) -> None:
        self.name = "greedy"
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, state: GameState) -> Move:
        """The best-scoring placement, else the largest exchange, else the pass."""
        if state.outcome is not None:
            raise _game_over()
        moves = legal_moves(state)
        _, best = moves.top()
        if best:
            return self._rng.choice(sorted(best, key=_canonical))
        exchanges = list(moves.exchanges())
        if exchanges:
            largest = max(len(exchange) for exchange in exchanges)
            widest = [exchange for exchange in exchanges if len(exchange) == largest]
            return self._rng.choice(sorted(widest, key=_canonical))
        if not moves.can_pass():
            raise BotError(f"no legal move found for {state.players[state.current]}")
        return Pass()

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed!r})"


BOTS: Final[Mapping[str, Callable[[int], Bot]]] = {"greedy": GreedyBot, "random": RandomBot}
"""The built-in bots by name: each entry makes a bot from a seed."""


def make_bot(name: str, seed: int) -> Bot:
    """A new built-in bot by name (see :data:`BOTS`), seeded with ``seed``.

    Raises :class:`UnknownBotError` for a name that is not in :data:`BOTS`.

    >>> make_bot("greedy", seed=5)
    GreedyBot(seed=5)
    >>> make_bot("clever", seed=5)
    Traceback (most recent call last):
        ...
    qwirkle.bots.UnknownBotError: unknown bot 'clever'; the bots are: greedy, random
    """
    try:
        factory = BOTS[name]
    except KeyError:
        raise UnknownBotError(f"unknown bot {name!r}; the bots are: {', '.join(sorted(BOTS))}") from None
    return factory(seed)


def play_game(
    bots: Sequence[Bot],
    seed: int,
    rules: RuleSet | None = None,
    on_turn: Callable[[GameState, Move, Score], None] | None = None,
    *,
    max_turns: int = MAX_TURNS,
) -> GameState:
    """Play a whole game between ``bots``, one per seat, dealt from ``seed``; return the final state.

    Players are named after their bots (numbered by seat when two share a
    name). After every turn, ``on_turn`` gets the new state, the move played
    and what it scored. A game that has not ended after ``max_turns`` turns
    raises :class:`TurnLimitError`.

    >>> final = play_game([GreedyBot(seed=1), GreedyBot(seed=2)], seed=7)
    >>> final.players, final.outcome.scores == final.scores
    (('greedy 1', 'greedy 2'), True)
    """
    names = [bot.name for bot in bots]
    if len(set(names)) != len(names):
        names = [f"{name} {seat + 1}" for seat, name in enumerate(names)]
    state = new_game(names, seed=seed, rules=rules)
    while state.outcome is None:
        if state.turn_number >= max_turns:
            raise TurnLimitError(
                f"the game dealt from seed {seed} had not ended after {max_turns} turns; "
                "set stalemate_rounds in the rules to end games that stall (Rule END-5)"
            )
        move = bots[state.current].choose(state)
        state = apply(state, move)
        if on_turn is not None:
            on_turn(state, move, state.history[-1].score)
    return state
