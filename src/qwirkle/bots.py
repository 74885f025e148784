"""Built-in players: a random bot, a greedy bot and a strong bot, and a way to play them against each other.

A bot is anything with a ``name`` and a ``choose`` method that gets a
:class:`~qwirkle.PlayerView`, all that its seat may know, and returns a legal
move (see :class:`Bot`). A view holds neither the other hands nor the order
of the bag, so a bot cannot cheat. Each built-in bot draws its random choices
from its own :class:`random.Random`, seeded when it is made, so a fresh bot
with the same seed makes the same choices in the same game. The built-in bots
sort the moves before they draw, so their choices do not depend on the order
in which :func:`~qwirkle.legal_moves` lists them.

>>> final = run_game([make_bot("random", seed=1), make_bot("greedy", seed=2)], seed=3)
>>> final.outcome is not None
True
"""

from __future__ import annotations

import abc
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Final, Protocol

from qwirkle.errors import QwirkleError
from qwirkle.game import apply, new_game
from qwirkle.legalmoves import legal_moves
from qwirkle.lines import TYPE_TILES
from qwirkle.moves import Exchange, Move, Pass, Place
from qwirkle.ruleset import RuleSet
from qwirkle.scoring import Score
from qwirkle.state import GameState, Turn
from qwirkle.tiles import ALL_TILES, Tile
from qwirkle.views import HiddenExchange, PlayerView
from qwirkle.views import view as view_of

__all__ = [
    "BOTS",
    "MAX_TURNS",
    "BaseBot",
    "Bot",
    "BotError",
    "GreedyBot",
    "RandomBot",
    "StrongBot",
    "TurnLimitError",
    "UnknownBotError",
    "make_bot",
    "run_game",
    "sample_state",
    "unseen_tiles",
]

MAX_TURNS: Final = 10_000
"""The default turn limit of :func:`run_game`; real games take well under 200 turns."""


class BotError(QwirkleError):
    """A bot, or a game between bots, cannot go on.

    >>> final = run_game([GreedyBot(seed=1), GreedyBot(seed=2)], seed=7)
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

    >>> run_game([RandomBot(seed=1), RandomBot(seed=2)], seed=7, max_turns=3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    qwirkle.bots.TurnLimitError: the game dealt from seed 7 had not ended after 3 turns; ...
    """


class Bot(Protocol):
    """A player that picks its own moves from what its seat may know.

    :func:`run_game` and :func:`qwirkle.simulate.simulate` call ``choose``
    with the view of the seat to move, so a bot never sees another hand or
    the bag's order. Any object with these two members will do.

    >>> from qwirkle import new_game, legal_moves, view
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


def unseen_tiles(view: PlayerView) -> tuple[Tile, ...]:
    """The tiles the viewer cannot see: those in the bag and in the other hands, sorted.

    >>> from qwirkle import new_game, view
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> unseen = unseen_tiles(view(state, 0))
    >>> len(unseen) == len(state.bag) + len(state.hands[1]), sorted(state.bag + state.hands[1]) == list(unseen)
    (True, True)
    """
    left = Counter(dict.fromkeys(ALL_TILES, view.rules.copies_per_tile))
    left.subtract(view.board.values())
    left.subtract(view.hand)
    return tuple(tile for tile in ALL_TILES for _ in range(left[tile]))


def sample_state(view: PlayerView, rng: random.Random | None = None) -> GameState:
    """A game state the viewer cannot tell from the real one: its unknown tiles filled in from the unseen ones.

    The other hands and the bag are dealt from :func:`unseen_tiles`, shuffled
    by ``rng`` (without one, in sorted order, for a bot that only needs its
    own legal moves). Other players' exchanges, whose tiles the viewer never
    saw, are filled in with stand-in tiles. The state's own random state is
    drawn from ``rng`` too, so nothing in it comes from the real game.

    >>> import random
    >>> from qwirkle import legal_moves, new_game, view
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> guess = sample_state(view(state, state.current), random.Random(1))
    >>> guess.hand == state.hand, len(guess.bag) == len(state.bag), set(legal_moves(guess)) == set(legal_moves(state))
    (True, True, True)
    """
    unseen = list(unseen_tiles(view))
    if rng is not None:
        rng.shuffle(unseen)
    hands: list[tuple[Tile, ...]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.player:
            hands.append(view.hand)
        else:
            hands.append(tuple(unseen[len(unseen) - size :]) if size else ())
            del unseen[len(unseen) - size :]
    history = tuple(
        Turn(turn.player, Exchange._trusted((ALL_TILES[0],) * turn.move.count), turn.score)
        if isinstance(turn.move, HiddenExchange)
        else Turn(turn.player, turn.move, turn.score)
        for turn in view.history
    )
    idle = 0
    for turn in reversed(history):
        if isinstance(turn.move, Place):
            break
        idle += 1
    return GameState(
        players=view.players,
        board=view.board,
        hands=tuple(hands),
        bag=tuple(unseen),
        scores=view.scores,
        current=view.current,
        rules=view.rules,
        history=history,
        starter=view.starter,
        seed=None,
        rng=0 if rng is None else rng.getrandbits(64),
        idle_turns=idle,
        outcome=view.outcome,
    )


def _canonical(move: Move) -> tuple[int, tuple[int, ...]]:
    """A sort key that depends on the move alone, not on where the engine lists it."""
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
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> bot = GreedyBot(seed=1)
    >>> bot.choose(state) == GreedyBot(seed=1).choose(view(state, state.current))
    True
    """

    name: str
    """A short name for the bot, such as ``"random"``."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView | GameState) -> Move:
        """A legal move for the player to move; raises :class:`BotError` if the game is over or it is not their turn."""
        seen = view if isinstance(view, PlayerView) else view_of(view, view.current)
        if seen.outcome is not None:
            raise _game_over()
        if seen.current != seen.player:
            raise BotError(f"it is {seen.players[seen.current]}'s turn, not {seen.players[seen.player]}'s")
        return self._decide(seen)

    @abc.abstractmethod
    def _decide(self, view: PlayerView) -> Move:
        """The move for a view of a game going on, with the viewer to move."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


class RandomBot(BaseBot):
    """Plays a move drawn uniformly from all the legal moves: placements, exchanges and the pass.

    >>> from qwirkle import new_game, legal_moves
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> move = RandomBot(seed=1).choose(state)
    >>> move in legal_moves(state), move == RandomBot(seed=1).choose(state)
    (True, True)
    """

    name = "random"

    def _decide(self, view: PlayerView) -> Move:
        # Sorted, so that a seed picks the same move whatever order the move generator lists them in.
        return self._rng.choice(sorted(legal_moves(sample_state(view)), key=_canonical))


class GreedyBot(BaseBot):
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

    name = "greedy"

    def _decide(self, view: PlayerView) -> Move:
        state = sample_state(view)
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
            raise BotError(f"no legal move found for {view.players[view.current]}")
        return Pass()


def _without(hand: Sequence[int], tiles: Sequence[int]) -> list[int]:
    rest = list(hand)
    for tile in tiles:
        rest.remove(tile)
    return rest


def _leave_value(kept: Sequence[int]) -> float:
    """A rough worth, in points, of the tiles kept in hand: lines they could build, less duplicates.

    Only used to pick which moves and exchanges are worth a closer look; the
    closer look plays the next turns out.
    """
    mask = 0
    value = 0.0
    for tile in kept:
        bit = 1 << tile
        if mask & bit:
            # Two copies of one tile can never share a line (Rule LINE-3).
            value -= _DUPLICATE_COST
        mask |= bit
    for type_tiles in TYPE_TILES:
        value += _GROUP_WORTH[(mask & type_tiles).bit_count()]
    return value


_DUPLICATE_COST: Final = 2.0
_GROUP_WORTH: Final = (0.0, 0.0, 1.0, 2.5, 4.0, 6.0, 8.0)


class StrongBot(BaseBot):
    """Plays the move that gains it most over the next turns, played out against guesses of the unseen tiles.

    It shortlists the placements that score most with a good leave (the
    tiles kept in hand: tiles that can still build lines together are worth
    more than duplicates), and the exchanges that keep the best tiles. Then,
    for several guesses of the unseen tiles (the other hands and the bag's
    order, dealt by :func:`sample_state` from the bot's own generator, the
    same guesses for every candidate), it plays each candidate, the other
    players' best replies, and its own best next move, and keeps the
    candidate with the best average of its points, less the replies', plus
    its next move's. So it does not leave a line of five whose sixth tile the
    next player may hold, it exchanges a poor hand, and it values what it
    keeps for later. With the bag empty, where the other hand is known (two
    players) or nearly, it plays each candidate out to the end of the game
    instead, so that it goes out first when that is worth more (Rule SCORE-8).

    >>> from qwirkle import new_game, legal_moves
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> move = StrongBot(seed=1).choose(state)
    >>> move in legal_moves(state), move == StrongBot(seed=1).choose(state)
    (True, True)
    """

    name = "strong"

    placements_kept: int = 8
    """How many placements get a closer look."""
    exchanges_kept: int = 2
    """How many exchanges get a closer look (those that keep the best tiles)."""
    samples: int = 8
    """How many guesses of the unseen tiles each candidate is played out against."""
    reply_weight: float = 1.0
    """How much the other players' best replies (their average) count against a candidate."""
    follow_weight: float = 1.0
    """How much the bot's own best next move counts for a candidate."""

    def _decide(self, view: PlayerView) -> Move:
        base = sample_state(view)
        moves = legal_moves(base)
        hand = [tile.index for tile in view.hand]
        ranked = sorted(
            (
                (-(points + _leave_value(_without(hand, [t.index for t in move.tiles]))), _canonical(move), move)
                for move, points in moves.scored()
            ),
            key=lambda item: item[:2],
        )
        candidates: list[Move] = [move for _, _, move in ranked[: self.placements_kept]]
        if view.bag_size and self.exchanges_kept:
            swaps = sorted(
                (
                    (-_leave_value(_without(hand, [t.index for t in move.tiles])), _canonical(move), move)
                    for move in moves.exchanges()
                ),
                key=lambda item: item[:2],
            )
            candidates += [move for _, _, move in swaps[: self.exchanges_kept]]
        if not candidates:
            if not moves.can_pass():
                raise BotError(f"no legal move found for {view.players[view.current]}")
            return Pass()
        if len(candidates) == 1:
            return candidates[0]
        if view.bag_size == 0:
            return self._play_out(view, candidates)
        return self._look_ahead(view, candidates)

    def _look_ahead(self, view: PlayerView, candidates: Sequence[Move]) -> Move:
        """The candidate with the best average of its points, less the replies', plus the bot's next move's."""
        me = view.player
        opponents = len(view.players) - 1
        totals = [0.0] * len(candidates)
        for _ in range(self.samples):
            guess = sample_state(view, self._rng)
            for i, move in enumerate(candidates):
                state = apply(guess, move)
                value = float(state.scores[me] - guess.scores[me])
                # The others reply in turn, each with their best placement; their gains count against the move.
                while state.outcome is None and state.current != me:
                    before = state.scores[state.current]
                    state = apply(state, _greedy_move(state))
                    value -= self.reply_weight * (state.scores[state.history[-1].player] - before) / opponents
                if state.outcome is None:
                    follow, _ = legal_moves(state).top()
                    value += self.follow_weight * max(follow, 0)
                totals[i] += value
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def _play_out(self, view: PlayerView, candidates: Sequence[Move]) -> Move:
        """The candidate that leaves the bot furthest ahead when everyone plays greedily to the end."""
        me = view.player
        # With two players and the bag empty, the one unseen hand is known: one guess is the truth.
        guesses = 1 if len(view.players) == 2 else self.samples // 2
        totals = [0.0] * len(candidates)
        for _ in range(guesses):
            guess = sample_state(view, self._rng)
            for i, move in enumerate(candidates):
                state = apply(guess, move)
                while state.outcome is None:
                    state = apply(state, _greedy_move(state))
                others = max(points for seat, points in enumerate(state.scores) if seat != me)
                totals[i] += state.scores[me] - others
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]


def _greedy_move(state: GameState) -> Move:
    """The best-scoring placement, else an exchange or the pass; the first in canonical order among equals."""
    _, best = legal_moves(state).top()
    if best:
        return min(best, key=_canonical)
    return min(legal_moves(state), key=_canonical)


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


def run_game(
    bots: Sequence[Bot],
    seed: int,
    rules: RuleSet | None = None,
    on_turn: Callable[[GameState, Move, Score], None] | None = None,
    *,
    max_turns: int = MAX_TURNS,
) -> GameState:
    """Play a whole game between ``bots``, one per seat, dealt from ``seed``; return the final state.

    Each bot gets only the view of its own seat (:func:`~qwirkle.view`).
    Players are named after their bots (numbered by seat when two share a
    name). After every turn, ``on_turn`` gets the new state, the move played
    and what it scored. A game that has not ended after ``max_turns`` turns
    raises :class:`TurnLimitError`.

    >>> final = run_game([GreedyBot(seed=1), GreedyBot(seed=2)], seed=7)
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
        move = bots[state.current].choose(view_of(state, state.current))
        state = apply(state, move)
        if on_turn is not None:
            on_turn(state, move, state.history[-1].score)
    return state


# The former name of run_game, not part of the API: kept only while the last callers move to run_game.
play_game = run_game
