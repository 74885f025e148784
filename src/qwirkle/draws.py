"""Chance under control: what the bag can give, how many tiles a move draws, and drawing chosen tiles.

By default :func:`~qwirkle.apply` draws from the top of the bag, whose order
the game's seed decided. Chance nodes (OpenSpiel) and determinised search
choose the tiles instead: ``apply(state, move, draws=tiles)`` draws exactly
those, which must be in the bag. :func:`bag_counts` says what it holds, and
:func:`draw_count` how many tiles a move takes from it.

>>> from qwirkle import apply, legal_moves, new_game
>>> state = new_game(["Ann", "Bob"], seed=7)
>>> move = legal_moves(state).best()[0]
>>> wanted = sorted(bag_counts(state))[: draw_count(state, move)]
>>> after = apply(state, move, draws=wanted)
>>> after.hands[state.current][-len(wanted) :] == tuple(wanted)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from qwirkle.errors import InvalidDrawError
from qwirkle.moves import Exchange, Move, Place
from qwirkle.state import GameState
from qwirkle.tiles import ALL_TILES, Tile

__all__ = ["bag_counts", "check_draws", "draw_count", "draw_pool", "take"]


def bag_counts(state: GameState) -> dict[Tile, int]:
    """How many copies of each tile the bag holds, in tile order (tiles it has none of left out).

    The chance that the next draw brings a tile is its count over ``len(state.bag)``.

    >>> from qwirkle import new_game
    >>> counts = bag_counts(new_game(["Ann", "Bob"], seed=7))
    >>> sum(counts.values()), max(counts.values())
    (96, 3)
    """
    counts = [0] * len(ALL_TILES)
    for tile in state.bag:
        counts[tile.index] += 1
    return {tile: n for tile, n in zip(ALL_TILES, counts, strict=True) if n}


def draw_count(state: GameState, move: Move) -> int:
    """How many tiles ``move`` draws from the bag of ``state`` (the move is not checked).

    Rule TURN-2: after a placement the player draws as many tiles as they
    placed, while the bag has tiles; Rule EXCHANGE-1: an exchange draws as
    many as it gives back; a pass draws none.

    >>> from qwirkle import Pass, legal_moves, new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> move = legal_moves(state).best()[0]
    >>> draw_count(state, move) == len(move), draw_count(state, Pass())
    (True, 0)
    """
    if isinstance(move, Place):
        return min(len(move), len(state.bag))
    if isinstance(move, Exchange):
        return len(move)
    return 0


def draw_pool(state: GameState, move: Move, drawn: Sequence[Tile] = ()) -> dict[Tile, int]:
    """What the next draw of ``move`` can bring once ``drawn`` are drawn: copies of each tile, in tile order.

    A placement draws from the bag. Rule EXCHANGE-1: an exchange draws from
    the bag before the exchanged tiles go back, and from the bag with them
    once it is empty (an exchange larger than the bag) or, with
    ``exchange_return_before_draw``, from the start. Each tile's chance is its
    count over the total. ``apply(state, move, draws=...)`` accepts exactly
    the draws made one at a time from these pools.

    >>> from qwirkle import Exchange, RuleSet, apply, legal_moves, new_game
    >>> rules = RuleSet(exchange_return_before_draw=True)
    >>> state = new_game(["Ann", "Bob"], seed=7, rules=rules)
    >>> state = apply(state, legal_moves(state).best()[0])
    >>> sum(draw_pool(state, Exchange(state.hand[:2])).values()) == len(state.bag) + 2
    True
    """
    counts = [0] * len(ALL_TILES)
    for tile in state.bag:
        counts[tile.index] += 1
    if isinstance(move, Exchange) and (
        state.rules.exchange_return_before_draw or len(drawn) >= min(len(move), len(state.bag))
    ):
        for tile in move.tiles:
            counts[tile.index] += 1
    for tile in drawn:
        counts[tile.index] -= 1
    if any(n < 0 for n in counts):
        raise InvalidDrawError("the tiles drawn so far are not all in the bag")
    return {tile: n for tile, n in zip(ALL_TILES, counts, strict=True) if n}


def check_draws(state: GameState, move: Move, draws: Sequence[Tile]) -> tuple[Tile, ...]:
    """``draws`` as a tuple, if it holds as many tiles as ``move`` draws; else :class:`~qwirkle.InvalidDrawError`.

    Anything but a sequence of tiles is a :class:`TypeError`. Whether the
    bag holds the tiles is checked as they are drawn (:func:`take`).

    >>> from qwirkle import Pass, Tile, new_game
    >>> check_draws(new_game(["Ann", "Bob"], seed=7), Pass(), [Tile.from_index(0)])
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidDrawError: the move draws 0 tiles, not 1
    """
    if isinstance(draws, (str, bytes)) or not isinstance(draws, Sequence):
        raise TypeError(f"draws must be a sequence of tiles, not {draws!r}")
    wanted = tuple(draws)
    for tile in wanted:
        if not isinstance(tile, Tile):
            raise TypeError(f"draws must be a sequence of tiles, not {draws!r}")
    count = draw_count(state, move)
    if len(wanted) != count:
        raise InvalidDrawError(f"the move draws {count} tile{'s' if count != 1 else ''}, not {len(wanted)}")
    return wanted


def take(
    bag: tuple[Tile, ...], wanted: tuple[Tile, ...] | None, count: int
) -> tuple[tuple[Tile, ...], tuple[Tile, ...], tuple[Tile, ...] | None]:
    """Draw the first ``count`` tiles of ``wanted`` from ``bag``: the tiles, the bag left and the tiles still wanted.

    With ``wanted`` ``None``, the seeded game's draw: the ``count`` tiles on
    top of the bag (its end). Otherwise each tile comes out of the bag at its
    copy nearest the top, so drawing the tiles on top leaves the bag as
    drawing from the top does. A tile the bag does not hold raises
    :class:`~qwirkle.InvalidDrawError`.

    >>> from qwirkle import Tile
    >>> a, b = Tile.from_index(0), Tile.from_index(1)
    >>> drawn, bag, still = take((a, b, a), (a, b), 1)
    >>> drawn == (a,), bag == (a, b), still == (b,)
    (True, True, True)
    >>> take((a, b, a), None, 2) == ((b, a), (a,), None)
    True
    """
    if wanted is None:
        cut = len(bag) - count
        return bag[cut:], bag[:cut], None
    left = list(bag)
    for tile in wanted[:count]:
        index = tile.index
        for i in range(len(left) - 1, -1, -1):
            if left[i].index == index:
                del left[i]
                break
        else:
            raise InvalidDrawError(f"the bag holds no{' more' if tile in bag else ''} {tile} to draw")
    return wanted[:count], tuple(left), wanted[count:]
