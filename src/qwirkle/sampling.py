"""What a seat cannot see, guessed: the unseen tiles, and whole game states dealt from them.

A :class:`~qwirkle.PlayerView` holds neither the other hands nor the order of
the bag. The engine's functions take a whole :class:`~qwirkle.GameState`, so a
bot that wants to look ahead fills in what it cannot see with a guess that the
view cannot tell from the real game. Both functions can be imported from
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

from qwirkle.endings import turns_without_placement
from qwirkle.moves import Exchange
from qwirkle.state import GameState, Turn
from qwirkle.tiles import ALL_TILES, Tile
from qwirkle.views import HiddenExchange, PlayerView

__all__ = ["sample_state", "unseen_tiles"]


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
        if seat == view.seat:
            hands.append(view.hand)
        else:
            hands.append(tuple(unseen[len(unseen) - size :]) if size else ())
            del unseen[len(unseen) - size :]
    history = tuple(
        Turn(turn.seat, Exchange((ALL_TILES[0],) * turn.move.count), turn.score)
        if isinstance(turn.move, HiddenExchange)
        else Turn(turn.seat, turn.move, turn.score)
        for turn in view.history
    )
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
        idle_turns=turns_without_placement([turn.move for turn in history]),
        outcome=view.outcome,
    )
