"""The legal moves of a state, as a lazy collection: iterate, count, test membership, rank.

The engine's move generator works on plain ints; this module
turns what it finds into move objects, only when they are asked for.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Iterable, Iterator
from operator import itemgetter
from typing import Final

from qwirkle._engine.exchanges import count_exchanges, exchange_positions, exchanges
from qwirkle._engine.geometry import Cell, cell_of
from qwirkle._engine.movegen import Keyed, Window, count, end_bonuses, top, windows
from qwirkle.legality import _require_state, can_pass, exchange_limit, is_legal
from qwirkle.moves import Exchange, Move, Pass, Place, Placements
from qwirkle.scoring import Score, goes_out, score_placed
from qwirkle.state import GameState
from qwirkle.tiles import ALL_TILES, Tile

__all__ = ["LegalMoves", "legal_moves"]


# A listing builds every move it lists, hundreds a position: each is filled slot by slot through the slots'
# own descriptors, the cheapest way to give a frozen value its fields, with no call of a constructor.
_new: Final = object.__new__
_set_placements: Final[Callable[[Place, Placements], None]] = vars(Place)["placements"].__set__
_set_listed_for: Final[Callable[[Place, object], None]] = vars(Place)["_listed_for"].__set__
_set_listed_score: Final[Callable[[Place, Score | None], None]] = vars(Place)["_listed_score"].__set__
_set_tiles: Final[Callable[[Exchange, tuple[Tile, ...]], None]] = vars(Exchange)["tiles"].__set__


_PICKED_HANDS: Final = 8
"""The largest hand whose picks are kept (at most 255 of them): larger hands, a variant's, list theirs as found.

A standard hand of six has 32 patterns of copies, each kept with at most 63
picks for each number of tiles the bag allows, all sharing 63 getters."""


@functools.cache
def _getter(at: tuple[int, ...]) -> Callable[[tuple[Tile, ...]], tuple[Tile, ...]]:
    """What takes the tiles at positions ``at`` from a hand, as a tuple; one per positions, shared by every pick."""
    # A slice for one tile, since ``itemgetter(i)`` would give the tile and not a tuple of it.
    return itemgetter(slice(at[0], at[0] + 1)) if len(at) == 1 else itemgetter(*at)


@functools.lru_cache(maxsize=1024)
def _picks(copies: tuple[int, ...], largest: int) -> tuple[Callable[[tuple[Tile, ...]], tuple[Tile, ...]], ...]:
    """Every distinct pick of 1 to ``largest`` tiles from a sorted hand, in order, each as what takes it from the hand.

    ``copies`` counts the copies of each kind of tile the hand holds, in
    order. The picks are :func:`~qwirkle._engine.exchanges.exchanges` of a hand of
    kinds numbered in the same order, so they come in the same order as for
    the tiles themselves.
    """
    kinds = [kind for kind, n in enumerate(copies) for _ in range(n)]
    return tuple([_getter(at) for at in exchange_positions(kinds, largest)])


def _exchanges(hand: tuple[Tile, ...], largest: int) -> list[Exchange]:
    """The exchanges of 1 to ``largest`` tiles of ``hand``, one per distinct set of tiles, in order."""
    held = sorted([tile.index for tile in hand])
    if len(held) > _PICKED_HANDS:
        return [Exchange.from_sorted(tuple(map(ALL_TILES.__getitem__, pick))) for pick in exchanges(held, largest)]
    copies: list[int] = []
    last = -1
    for t in held:
        if t == last:
            copies[-1] += 1
        else:
            copies.append(1)
            last = t
    tiles = tuple(map(ALL_TILES.__getitem__, held))
    out: list[Exchange] = []
    add = out.append
    for pick in _picks(tuple(copies), largest):
        move = _new(Exchange)
        _set_tiles(move, pick(tiles))
        add(move)
    return out


def _state_windows(state: GameState) -> list[Window]:
    """The move generator's windows for the player to move; none once the game is over."""
    if state.outcome is not None:
        return []
    return windows(state.board, [t.index for t in state.hand], state.rules)


def _listed_place(placements: Placements, state: GameState, score: Score | None = None) -> Place:
    """A placement of one of the move generator's windows of ``state``, vouched for there (engine use only).

    Such a placement is legal in ``state``: the move carries the proof
    (``Place._listed_for``, and ``score`` as ``Place._listed_score``, which
    must be what it scores there), and :func:`~qwirkle.apply` only scores it. The
    listing and the action adapters, which build their turns from the same
    windows, call it; nothing public does, so that no move from outside can
    skip the check.
    """
    move = _new(Place)
    _set_placements(move, placements)
    _set_listed_for(move, state)
    _set_listed_score(move, score)
    return move


def _place(keyed: Keyed, state: GameState) -> Place:
    return _listed_place(tuple([(cell_of(k), ALL_TILES[t]) for k, t in keyed]), state)


def _placed(found: Iterable[Window], state: GameState) -> list[Place]:
    """The placements of the move generator's windows, in order, as moves listed for ``state``.

    Each window's placements give each of its cells one of the tiles it may
    take, no tile twice, in the order of :func:`~qwirkle._engine.movegen.fillings`.
    """
    # One loop over every window, the bit loops written out: this builds every move of a listing.
    out: list[Place] = []
    add = out.append
    tiles = ALL_TILES
    for keys, opts, _ in found:
        if len(keys) == 1:
            cell = cell_of(keys[0])
            mask = opts[0]
            while mask:
                low = mask & -mask
                mask ^= low
                move = _new(Place)
                _set_placements(move, ((cell, tiles[low.bit_length() - 1]),))
                _set_listed_for(move, state)
                _set_listed_score(move, None)
                add(move)
            continue
        if len(keys) == 2:
            # Most multi-tile moves place two tiles: each (cell, tile) pair is built once and shared.
            first_cell, second_cell = map(cell_of, keys)
            a, b = opts
            seconds = []
            while b:
                low = b & -b
                b ^= low
                seconds.append((low, (second_cell, tiles[low.bit_length() - 1])))
            while a:
                low = a & -a
                a ^= low
                first = (first_cell, tiles[low.bit_length() - 1])
                for bit, second in seconds:
                    if bit != low:
                        move = _new(Place)
                        _set_placements(move, (first, second))
                        _set_listed_for(move, state)
                        _set_listed_score(move, None)
                        add(move)
            continue
        # Longer windows: extend every partial placement by each tile it does not use yet, cell by cell.
        partial: list[tuple[int, tuple[tuple[Cell, Tile], ...]]] = [(0, ())]
        for k, mask in zip(keys, opts, strict=True):
            cell = cell_of(k)
            options = []
            while mask:
                low = mask & -mask
                mask ^= low
                options.append((low, (cell, tiles[low.bit_length() - 1])))
            partial = [
                (used | bit, (*pairs, pair)) for used, pairs in partial for bit, pair in options if not used & bit
            ]
        for _, pairs in partial:
            move = _new(Place)
            _set_placements(move, pairs)
            _set_listed_for(move, state)
            _set_listed_score(move, None)
            add(move)
    return out


class LegalMoves(Collection[Move]):
    """The legal moves of a state, as a lazy collection.

    Iterate it for every legal move, each once: placements first, then one
    exchange per distinct set of tiles, then the pass when it is legal
    (:func:`~qwirkle.legality.can_pass`). Iterating builds every move at once, and counts
    them on the way; ``len`` alone counts without building moves, and
    ``move in moves`` checks that one move. On the opening turn the table is
    empty and any position will do, so the placements listed (and accepted by
    ``in``) are the openings laid from ``(0, 0)`` towards +x or +y; use
    :func:`~qwirkle.is_legal` to check an opening laid elsewhere.

    The order of the listing is the move generator's: it follows how the
    board's tiles came to be laid, so the same position loaded from a file
    may list the same moves in another order. To pick a move by its place in
    the list (a seeded random choice, say), sort them first, for example with
    :func:`qwirkle.bots.move_key`, as the built-in bots do.

    >>> from qwirkle import new_game
    >>> moves = legal_moves(new_game(["Ann", "Bob"], seed=7))
    >>> len(moves) == len(list(moves))
    True
    >>> all(move in moves for move in moves)
    True
    """

    __slots__ = ("_count", "_found", "_pass", "_state")

    def __init__(self, state: GameState) -> None:
        if type(state) is not GameState:
            _require_state(state, "legal_moves")
        self._state = state
        self._found: list[Window] | None = None
        self._count: int | None = None
        self._pass: bool | None = None

    def _windows(self) -> list[Window]:
        """The move generator's windows, found once and shared by counting, listing and ranking."""
        if self._found is None:
            self._found = _state_windows(self._state)
        return self._found

    def placements(self) -> Iterator[Place]:
        """The legal placements, each once."""
        return iter(_placed(self._windows(), self._state))

    def exchanges(self) -> Iterator[Exchange]:
        """The legal exchanges, one per distinct set of tiles, up to :func:`~qwirkle.legality.exchange_limit`."""
        largest = exchange_limit(self._state)
        if not largest:
            return iter(())
        return iter(_exchanges(self._state.hand, largest))

    def can_pass(self) -> bool:
        """Whether passing is legal (:func:`~qwirkle.legality.can_pass`)."""
        if self._pass is None:
            # Asked by both len() and iteration.
            self._pass = can_pass(self._state)
        return self._pass

    def scored(self) -> Iterator[tuple[Place, int]]:
        """Each legal placement with the points it would score, end bonus included.

        Cheaper than calling :func:`~qwirkle.score` on each move: the points
        come from the move generator, which scores each window once.
        """
        state = self._state
        bonus = end_bonuses(len(state.hand), len(state.bag), state.rules.end_bonus)
        for keys, opts, points in self._windows():
            points += bonus[len(keys)]
            for move in _placed(((keys, opts, points),), state):
                yield move, points

    def top(self) -> tuple[int, list[Place]]:
        """The highest score a placement can make now, and every placement that makes it.

        The end bonus counts (see :func:`~qwirkle.scoring.goes_out`). With no placement possible, the
        answer is ``(-1, [])``. Much faster than scoring every move.
        """
        best, found = self._top()
        return best, [_place(keyed, self._state) for keyed in found]

    def top_points(self) -> int:
        """The highest score a placement can make now, end bonus included, or -1 if none: ``top()[0]``, no move built.

        For a bot that weighs a position by what its best placement would
        score, without playing it.

        >>> from qwirkle import new_game
        >>> moves = legal_moves(new_game(["Ann", "Bob"], seed=7))
        >>> moves.top_points() == moves.top()[0] == moves.best()[1].total
        True
        """
        return self._top()[0]

    def _top(self) -> tuple[int, Iterator[Keyed]]:
        state = self._state
        return top(self._windows(), len(state.hand), state.rules.end_bonus, len(state.bag))

    def best(self) -> tuple[Place, Score] | None:
        """The highest-scoring placement (the first listed among equals) and its score, or ``None``.

        The end bonus counts: with the bag empty, going out may beat a
        bigger line (see :func:`~qwirkle.scoring.goes_out`).

        >>> from qwirkle import new_game, score
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> move, points = legal_moves(state).best()
        >>> points.total == max(score(state, m).total for m in legal_moves(state).placements())
        True
        """
        _, found = self._top()
        first = next(found, None)
        if first is None:
            return None
        state = self._state
        placed = dict(first)
        # Legal by construction: only the score is left to work out.
        out = goes_out(len(placed), len(state.hand), len(state.bag))
        gained = score_placed(state.board._grid, placed, state.rules, end_bonus=out)
        # The move carries its score, so that applying it does not work it out again.
        move = _listed_place(tuple([(cell_of(k), ALL_TILES[t]) for k, t in first]), state, gained)
        return move, gained

    def __iter__(self) -> Iterator[Move]:
        """Every legal move, all built at once: placements, exchanges, then the pass."""
        moves: list[Move] = []
        moves += _placed(self._windows(), self._state)
        moves += self.exchanges()
        if self.can_pass():
            moves.append(Pass())
        # ``list(moves)`` asks the length once it holds the iterator: the moves built, it costs nothing.
        self._count = len(moves)
        return iter(moves)

    def __len__(self) -> int:
        if self._count is None:
            state = self._state
            if state.outcome is not None:
                self._count = 0
            else:
                total = count(self._windows())
                largest = exchange_limit(state)
                if largest:
                    total += count_exchanges([t.index for t in state.hand], largest)
                self._count = total + (1 if self.can_pass() else 0)
        return self._count

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, (Place, Exchange, Pass)):
            return False
        if isinstance(move, Place) and self._state.is_opening and move.cells[0] != (0, 0):
            return False
        return is_legal(self._state, move)

    def __repr__(self) -> str:
        return f"<LegalMoves: {len(self)} moves>"


def legal_moves(state: GameState) -> LegalMoves:
    """Every legal move of the player to move, as a lazy collection (see :class:`LegalMoves`).

    >>> from qwirkle import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> moves = legal_moves(state)
    >>> next(iter(moves)) in moves
    True
    """
    return LegalMoves(state)
