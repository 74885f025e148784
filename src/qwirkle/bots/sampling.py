"""What a seat cannot see, guessed: the unseen tiles, and whole game states dealt from them.

A :class:`~qwirkle.PlayerView` holds neither the other hands nor the order of
the bag. The engine's functions take a whole :class:`~qwirkle.GameState`, so a
bot that wants to look ahead fills in what it cannot see with a guess that the
view cannot tell from the real game. All three functions can be imported from
:mod:`qwirkle.bots` too.

>>> import random
>>> from qwirkle import new_game, view
>>> state = new_game(["Ann", "Bob"], seed=7)
>>> guess = sample_state(view(state, 0), random.Random(1))
>>> guess.hands[0] == state.hands[0], sorted(guess.hands[1] + guess.bag) == sorted(state.hands[1] + state.bag)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple, overload

import attrs

from qwirkle._engine.movegen import top, windows
from qwirkle._immutable import Immutable
from qwirkle.board import Board
from qwirkle.endings import turns_without_placement
from qwirkle.interface.views import HiddenExchange, PlayerView
from qwirkle.moves import Exchange, Place
from qwirkle.native.table import NativeTable
from qwirkle.rules.ruleset import RuleSet
from qwirkle.scoring import goes_out
from qwirkle.state import GameState, Turn
from qwirkle.tiles import ALL_TILES, Tile

__all__ = ["sample_state", "sample_states", "unseen_tiles"]


def unseen_tiles(view: PlayerView) -> tuple[Tile, ...]:
    """The tiles the viewer cannot see: those in the bag and in the other hands, sorted.

    >>> from qwirkle import new_game, view
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> unseen = unseen_tiles(view(state, 0))
    >>> len(unseen) == len(state.bag) + len(state.hands[1]), sorted(state.bag + state.hands[1]) == list(unseen)
    (True, True)
    """
    # Counted by tile index: every bot's every move asks this, and a Counter of tiles costs ten times more.
    left = [view.rules.copies_per_tile] * len(ALL_TILES)
    for tile in view.board.values():
        left[tile.index] -= 1
    for tile in view.hand:
        left[tile.index] -= 1
    unseen: list[Tile] = []
    for tile, count in zip(ALL_TILES, left, strict=True):
        if count > 0:
            unseen += (tile,) * count
    return tuple(unseen)


def _generator(rng: random.Random | None, seed: int | None, function: str) -> random.Random | None:
    """The generator to deal from: ``rng``, or a new one seeded with ``seed``; giving both is a :class:`TypeError`."""
    if seed is None:
        return rng
    if rng is not None:
        raise TypeError(f"{function} takes rng or seed, not both")
    if type(seed) is not int:
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    return random.Random(seed)


def sample_state(view: PlayerView, rng: random.Random | None = None, *, seed: int | None = None) -> GameState:
    """A game state the viewer cannot tell from the real one: its unknown tiles filled in from the unseen ones.

    The other hands and the bag are dealt from :func:`unseen_tiles`, shuffled
    by ``rng``, or by a generator seeded with ``seed`` as
    :func:`~qwirkle.new_game` takes one (without either, in sorted order, for
    a bot that only needs its own legal moves). Other players' exchanges,
    whose tiles the viewer never saw, are filled in with stand-in tiles. The
    state's own random state is drawn from the generator too, so nothing in
    it comes from the real game. Giving both ``rng`` and ``seed`` raises
    :class:`TypeError`.

    >>> import random
    >>> from qwirkle import legal_moves, new_game, view
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> guess = sample_state(view(state, state.current), seed=1)
    >>> guess.hand == state.hand, len(guess.bag) == len(state.bag), set(legal_moves(guess)) == set(legal_moves(state))
    (True, True, True)
    >>> guess == sample_state(view(state, state.current), random.Random(1))
    True
    """
    rng = _generator(rng, seed, "sample_state")
    unseen = list(unseen_tiles(view))
    if rng is not None:
        rng.shuffle(unseen)
    return _guess(view, _deal(view, unseen, rng))


@overload
def sample_states(view: PlayerView, rng: random.Random, count: int, *, tries: int = 0) -> list[GameState]: ...


@overload
def sample_states(view: PlayerView, *, count: int, seed: int, tries: int = 0) -> list[GameState]: ...


def sample_states(
    view: PlayerView,
    rng: random.Random | None = None,
    count: int | None = None,
    *,
    tries: int = 0,
    seed: int | None = None,
) -> list[GameState]:
    """``count`` guesses of the game (see :func:`sample_state`); with ``tries``, believing the last move was its best.

    The guesses are dealt by ``rng``, or by a generator seeded with ``seed``
    (one of the two, not both: :class:`TypeError`). Without ``tries``, these
    are the guesses that ``count`` calls of :func:`sample_state` with that
    generator make. With ``tries``, they give the
    player who moved last only hands with which it could have scored no
    more than it did: its kept tiles (as many as it did not draw) and the
    ones it placed, on the table as it was. A bot that expects the others
    to play their best-scoring placements, as the strong bot's look-ahead
    does, should not guess hands that would have done better. The kept
    tiles are drawn from the unseen tiles that could not have scored more
    alongside the placed ones, up to ``tries`` times until the whole hand
    could not either; the rest are dealt at random. The belief applies when
    that player is another seat, placed tiles on a table that had some, and
    drew back up to a full hand. If a guess finds no such hand, it and the
    guesses after it are dealt as without ``tries``: that player does not
    play its best-scoring placements.

    >>> import random
    >>> from qwirkle import apply, new_game, view
    >>> from qwirkle.bots import GreedyBot
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> for _ in range(4):
    ...     state = apply(state, GreedyBot(seed=1).choose(state))
    >>> seen = view(state, state.current)
    >>> rng = random.Random(3)
    >>> sample_states(seen, random.Random(3), 2) == [sample_state(seen, rng), sample_state(seen, rng)]
    True
    >>> sample_states(seen, count=2, seed=3) == sample_states(seen, random.Random(3), 2)
    True
    >>> believed = sample_states(seen, random.Random(3), 8, tries=20)
    >>> len(believed), all(guess.hand == state.hand for guess in believed)
    (8, True)
    """
    generator = _generator(rng, seed, "sample_states")
    if generator is None:
        raise TypeError("sample_states deals its guesses at random: give rng or seed")
    if count is None:
        raise TypeError("sample_states needs count, the number of guesses")
    return [_guess(view, dealt) for dealt in _deals(view, generator, count, tries)]


class _Dealt(NamedTuple):
    """What a guess fills in: every hand (the viewer's own as it is), the bag, and the random state."""

    hands: tuple[tuple[Tile, ...], ...]
    bag: tuple[Tile, ...]
    rng: int


def _deals(view: PlayerView, rng: random.Random, count: int, tries: int, native: bool = False) -> list[_Dealt]:
    """What :func:`sample_states` fills in its guesses with, dealt as it describes, without the game states.

    With ``native``, the native engine checks the hands believed (see :func:`_belief`): the same deals, faster.
    """
    unseen = unseen_tiles(view)
    belief = _belief(view, unseen, native) if tries > 0 else None
    deals: list[_Dealt] = []
    for _ in range(count):
        order: list[Tile] | None = None
        if belief is not None:
            order = belief.deal(unseen, rng, tries)
            if order is None:
                belief = None
        if order is None:
            order = list(unseen)
            rng.shuffle(order)
        deals.append(_deal(view, order, rng))
    return deals


@attrs.frozen
class _Belief(Immutable):
    """How to deal a guess in which the player who moved last kept only tiles that could not have scored more."""

    start: int
    """Where that player's hand begins in the unseen tiles as :func:`_deal` deals them."""
    kept: int
    """How many of its tiles it kept."""
    pool: tuple[int, ...]
    """The positions, among the unseen tiles, of those it may have kept: each alone could not have scored more."""
    beaten: Callable[[list[int]], bool]
    """Whether kept tiles (indices) would, with the placed ones, have scored more than it did."""

    def deal(self, unseen: Sequence[Tile], rng: random.Random, tries: int) -> list[Tile] | None:
        """The unseen tiles in the order :func:`_deal` deals them, or ``None`` if ``tries`` draws found no hand."""
        for _ in range(tries):
            chosen = rng.sample(self.pool, self.kept)
            if not self.beaten([unseen[i].index for i in chosen]):
                taken = set(chosen)
                rest = [tile for i, tile in enumerate(unseen) if i not in taken]
                rng.shuffle(rest)
                return [*rest[: self.start], *(unseen[i] for i in chosen), *rest[self.start :]]
        return None


def _belief(view: PlayerView, unseen: Sequence[Tile], native: bool = False) -> _Belief | None:
    """What the last placement, if it was its player's best, says of the tiles that player kept; ``None`` if nothing.

    With ``native``, the native engine works out what hands could have
    scored, as it can (a table near the edge is left to the specification).
    """
    if not view.history:
        return None
    last = view.history[-1]
    seat, move, rules = last.seat, last.move, view.rules
    if seat == view.seat or type(move) is not Place or view.hand_sizes[seat] != rules.hand_size:
        return None
    placed = {cell for cell, _ in move.placements}
    before = Board([(cell, tile) for cell, tile in view.board.items() if cell not in placed])
    if not before:
        # An opening: the rules choose its tiles (Rule START-4), not its points.
        return None
    tiles = [tile.index for _, tile in move.placements]
    scored = last.score.total
    # It drew back to a full hand after placing, so the bag held at least what it drew.
    bag_then = view.bag_size + len(tiles)
    table = _native_table(before, rules) if native else None

    def beaten(kept: list[int]) -> bool:
        """Whether the kept tiles with the placed ones could have scored more, with an end bonus if they went out."""
        hand = kept + tiles
        end_bonus = rules.end_bonus if goes_out(len(hand), len(hand), bag_then) else 0
        if table is not None:
            return table.top_points(hand, end_bonus) > scored
        best, _ = top(windows(before, hand, rules), len(hand), end_bonus)
        return best > scored

    # If one tile with the placed ones could have scored more, so could any hand holding it.
    beats = {index: beaten([index]) for index in {tile.index for tile in unseen}}
    pool = tuple([i for i, tile in enumerate(unseen) if not beats[tile.index]])
    kept = rules.hand_size - len(tiles)
    if len(pool) < kept or beaten([]):
        return None
    # _deal takes the other hands off the end of the list, in seat order.
    start = len(unseen) - sum(size for s, size in enumerate(view.hand_sizes) if s != view.seat and s <= seat)
    return _Belief(start, kept, pool, beaten)


def _native_table(board: Board, rules: RuleSet) -> NativeTable | None:
    """``board`` on the native engine, or ``None`` if it cannot take it (a table near the edge of its coordinates)."""
    try:
        return NativeTable(board, rules)
    except ValueError:
        return None


def _deal(view: PlayerView, unseen: list[Tile], rng: random.Random | None) -> _Dealt:
    """A guess's hands, bag and random state: each other hand dealt from the end of ``unseen``, in seat order.

    The random state is drawn from ``rng`` (0 without one), so that nothing in the guess comes from the real game.
    """
    hands: list[tuple[Tile, ...]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(view.hand)
        else:
            hands.append(tuple(unseen[len(unseen) - size :]) if size else ())
            del unseen[len(unseen) - size :]
    return _Dealt(tuple(hands), tuple(unseen), 0 if rng is None else rng.getrandbits(64))


def _guess(view: PlayerView, dealt: _Dealt) -> GameState:
    """The game state of a guess: the view, with the hands, the bag and the random state ``dealt``."""
    history = tuple(
        Turn(turn.seat, Exchange((ALL_TILES[0],) * turn.move.count), turn.score)
        if isinstance(turn.move, HiddenExchange)
        else Turn(turn.seat, turn.move, turn.score)
        for turn in view.history
    )
    return GameState(
        players=view.players,
        board=view.board,
        hands=dealt.hands,
        bag=dealt.bag,
        scores=view.scores,
        current=view.current,
        rules=view.rules,
        history=history,
        starter=view.starter,
        seed=None,
        rng=dealt.rng,
        idle_turns=turns_without_placement([turn.move for turn in history]),
        outcome=view.outcome,
    )
