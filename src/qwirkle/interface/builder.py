"""Building a placement tile by tile, as a player drops tiles on a screen.

A :class:`TurnBuilder` holds a state and the tiles placed so far this turn.
It answers which cells can take which of the remaining hand tiles next (so
that the placement can still become a legal move), whether the placement so
far is a complete legal move, and what it would score, line by line.

Its answers are those of :func:`~qwirkle.legal_moves`: a tile may go on a
cell exactly when some legal placement holds every tile placed so far and
that one. So every legal placement can be built in any order, and a builder
never calls a placement complete unless it is legal.

>>> from qwirkle import Colour, Shape, Tile, position
>>> red = [Tile(Colour.RED, shape) for shape in Shape]
>>> state = position(["Ann", "Bob"], {(0, 0): red[0], (1, 0): red[1]}, [red[2:] + red[:2], red[2:] + red[:2]])
>>> turn = TurnBuilder(state)
>>> sorted(turn.options(touching_only=True))
[(-1, 0), (0, -1), (0, 1), (1, -1), (1, 1), (2, 0)]
>>> len(turn.options())  # a placement may also be built from its far end
64
>>> turn = turn.add((2, 0), red[2]).add((-1, 0), red[3])
>>> turn.is_complete, turn.score().total
(True, 4)
>>> turn.explain()
['row 0 from -1,0 to 2,0: 4 tiles, 4 points']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType

from qwirkle._engine.geometry import Cell, cell_of, check_cell, key, key_in_range
from qwirkle._engine.lines import bits
from qwirkle._engine.placing import Frame, holding, is_complete, reach
from qwirkle._immutable import Immutable
from qwirkle.errors import IllegalMoveError, QwirkleError, brief
from qwirkle.interface.events import explain_score
from qwirkle.legality import _require_state, verify
from qwirkle.legalmoves import _state_windows
from qwirkle.moves import InvalidMoveError, Place, checked_pair
from qwirkle.rules.catalogue import Rule
from qwirkle.scoring import Score
from qwirkle.state import GameState
from qwirkle.tiles import ALL_TILES, Tile

__all__ = ["TurnBuilder"]


def _frames(state: GameState) -> tuple[Frame, ...]:
    """The windows of the legal placements of ``state``, on the engine's keys (see :mod:`qwirkle._engine.placing`)."""
    return tuple([(keys, opts) for keys, opts, _ in _state_windows(state)])


def _translated(anchored: Iterable[Frame], cell: int, tile: int) -> tuple[Frame, ...]:
    """Every opening of ``anchored`` moved so that it may take ``tile`` on the key ``cell``.

    The openings are listed from ``(0, 0)``, but one may be laid anywhere on
    the table (Rule START-4), as long as its cells stay in range.
    """
    bit = 1 << tile
    out: list[Frame] = []
    for keys, opts in anchored:
        for at, mask in zip(keys, opts, strict=True):
            if mask & bit:
                moved = tuple([k + cell - at for k in keys])
                if all(map(key_in_range, moved)):
                    out.append((moved, opts))
    return tuple(out)


def _rebuilt(state: GameState, placed: tuple[tuple[Cell, Tile], ...], origin: Cell) -> TurnBuilder:
    return TurnBuilder(state, placed, origin=origin)


class TurnBuilder(Immutable):
    """A placement being built tile by tile: an immutable value; :meth:`add` and :meth:`remove` return new ones.

    >>> from qwirkle import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> turn = TurnBuilder(state)
    >>> turn.placed, turn.is_complete, turn.remaining == state.hand
    ((), False, True)

    On the opening the table is empty and the first tile may go on any cell
    (:meth:`can_add` says yes to every cell), but an interface needs a place
    to offer: :meth:`options` and :meth:`cells_for` offer ``origin``, the
    cell ``(0, 0)`` unless the interface names another. Once a tile is down,
    they offer the cells that extend the opening from it.

    >>> first = sorted(turn.free_tiles)[0]
    >>> turn.options() == {(0, 0): turn.free_tiles}, TurnBuilder(state, origin=(3, 4)).cells_for(first)
    (True, frozenset({(3, 4)}))
    """

    __slots__ = ("_anchored", "_frames", "_opening", "_reach", "origin", "placed", "state")

    state: GameState
    placed: tuple[tuple[Cell, Tile], ...]
    origin: Cell
    """The cell offered for the first tile of an opening (see above)."""
    _anchored: tuple[Frame, ...]
    _frames: tuple[Frame, ...]
    """The windows of ``_anchored`` (moved, on the opening) that hold every tile placed so far."""
    _opening: bool
    _reach: dict[int, int] | None

    def __init__(self, state: GameState, placed: Iterable[tuple[Cell, Tile]] = (), *, origin: Cell = (0, 0)) -> None:
        if not isinstance(state, GameState):
            _require_state(state, "TurnBuilder")
        origin = check_cell(origin)
        anchored = _frames(state)
        self._init(state, (), origin, anchored, anchored, state.is_opening)
        turn = self
        for pair in placed:
            try:
                cell, tile = pair
            except (TypeError, ValueError):
                raise InvalidMoveError(f"a placed tile is a (cell, tile) pair, not {brief(pair)}") from None
            turn = turn.add(cell, tile)
        self._init(state, turn.placed, origin, anchored, turn._frames, state.is_opening)

    def _init(
        self,
        state: GameState,
        placed: tuple[tuple[Cell, Tile], ...],
        origin: Cell,
        anchored: tuple[Frame, ...],
        frames: tuple[Frame, ...],
        opening: bool,
    ) -> None:
        for name, value in (
            ("state", state),
            ("placed", placed),
            ("origin", origin),
            ("_anchored", anchored),
            ("_frames", frames),
            ("_opening", opening),
            ("_reach", None),
        ):
            object.__setattr__(self, name, value)

    def _with(self, placed: tuple[tuple[Cell, Tile], ...], frames: tuple[Frame, ...]) -> TurnBuilder:
        turn = object.__new__(TurnBuilder)
        turn._init(self.state, placed, self.origin, self._anchored, frames, self._opening)
        return turn

    def _reached(self) -> dict[int, int]:
        """The tiles each cell may take next, by key (see :func:`qwirkle._engine.placing.reach`), worked out once."""
        found = self._reach
        if found is None:
            used = 0
            for _, tile in self.placed:
                used |= 1 << tile.index
            found = reach(self._frames, {key(cell) for cell, _ in self.placed}, used)
            object.__setattr__(self, "_reach", found)
        return found

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("TurnBuilder is immutable")

    def __reduce__(self) -> tuple[Callable[..., TurnBuilder], tuple[GameState, tuple[tuple[Cell, Tile], ...], Cell]]:
        # The windows are worked out again from the state: pickling them would cost far more.
        return _rebuilt, (self.state, self.placed, self.origin)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TurnBuilder):
            return NotImplemented
        return self.state == other.state and self.placed == other.placed and self.origin == other.origin

    def __hash__(self) -> int:
        return hash((self.state, self.placed, self.origin))

    def __repr__(self) -> str:
        inner = ", ".join(f"({cell}, {tile!r})" for cell, tile in self.placed)
        return f"<TurnBuilder: [{inner}]>"

    @property
    def remaining(self) -> tuple[Tile, ...]:
        """The hand tiles not placed yet, in hand order."""
        left = Counter(tile for _, tile in self.placed)
        out = []
        for tile in self.state.hand:
            if left[tile]:
                left[tile] -= 1
            else:
                out.append(tile)
        return tuple(out)

    @property
    def free_tiles(self) -> frozenset[Tile]:
        """Tiles that may go on *any* empty cell: on an empty table, the first tile of the opening.

        Once a tile is down, or when the table has tiles, this is empty. On
        the opening :meth:`options` offers them on :attr:`origin`.
        """
        if self._opening and not self.placed:
            tiles = 0
            for mask in self._reached().values():
                tiles |= mask
            return frozenset([ALL_TILES[t] for t in bits(tiles)])
        return frozenset()

    def options(self, *, touching_only: bool = False) -> Mapping[Cell, frozenset[Tile]]:
        """For each cell that can take a tile next, the remaining hand tiles it can take.

        A pair is offered exactly when some legal placement holds it and every
        tile placed so far (Rules PLACE-1 to PLACE-5, LINE-6, START-4). On an
        empty table with nothing placed, any cell may take the first tile
        (see :attr:`free_tiles`): the cell offered is :attr:`origin`.

        With ``touching_only``, only cells next to a tile (on the table or
        placed this turn) are offered, as many interfaces prefer: every legal
        placement can still be built, from the tile that touches outwards.
        """
        if self._opening and not self.placed:
            free = self.free_tiles
            return MappingProxyType({self.origin: free} if free else {})
        placed = dict(self.placed)
        board = self.state.board
        found: dict[Cell, frozenset[Tile]] = {}
        for k, tiles in self._reached().items():
            if not tiles:
                continue
            cell = cell_of(k)
            if touching_only:
                x, y = cell
                near = ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))
                if not any(n in board or n in placed for n in near):
                    continue
            found[cell] = frozenset([ALL_TILES[t] for t in bits(tiles)])
        return MappingProxyType(dict(sorted(found.items())))

    def cells_for(self, tile: Tile) -> frozenset[Cell]:
        """The cells where ``tile`` can go next."""
        return frozenset(cell for cell, tiles in self.options().items() if tile in tiles)

    def can_add(self, cell: Cell, tile: Tile) -> bool:
        """Whether ``tile`` may go on ``cell`` next."""
        try:
            self.add(cell, tile)
        except QwirkleError:
            return False
        return True

    def add(self, cell: Cell, tile: Tile) -> TurnBuilder:
        """The builder with ``tile`` placed on ``cell`` too.

        Raises :class:`~qwirkle.IllegalMoveError` naming the rule that no
        legal placement can get round (Rule TURN-1 for a tile not in the
        hand, Rule PLACE-5 for a taken cell, else the rule the placement so
        far breaks).
        """
        cell, tile = checked_pair(cell, tile)
        if tile not in self.remaining:
            raise IllegalMoveError(Rule.TURN_1, f"you have no {tile} left to place")
        if cell in self.state.board or any(cell == c for c, _ in self.placed):
            raise IllegalMoveError(Rule.PLACE_5, f"{cell} is already taken")
        k, placed = key(cell), (*self.placed, (cell, tile))
        if self._opening and not self.placed:
            turn = self._with(placed, _translated(self._anchored, k, tile.index))
            # Some opening moved there holds the tile: it makes one, or more tiles can join it.
            fits = turn.is_complete or any(turn._reached().values())
        else:
            fits = bool(self._reached().get(k, 0) >> tile.index & 1)
            turn = self._with(placed, holding(self._frames, k, tile.index))
        if not fits:
            raise self._why(cell, tile)
        return turn

    def _why(self, cell: Cell, tile: Tile) -> IllegalMoveError:
        """The error for a tile that no legal placement can hold: the rule the placement so far breaks."""
        try:
            verify(self.state, Place([*self.placed, (cell, tile)]))
        except IllegalMoveError as error:
            if error.rule in (Rule.PLACE_2, Rule.PLACE_4):
                return IllegalMoveError(error.rule, f"{error.reason}, and no tile of your hand can make up for it")
            return error
        return IllegalMoveError(Rule.LINE_6, f"{tile} on {cell} cannot be part of a legal placement")

    def remove(self, cell: Cell) -> TurnBuilder:
        """The builder without the tile placed on ``cell`` (the others stay, in order)."""
        if not any(c == cell for c, _ in self.placed):
            raise InvalidMoveError(f"no tile was placed on {brief(cell)} this turn")
        return TurnBuilder(self.state, [(c, t) for c, t in self.placed if c != cell])

    def clear(self) -> TurnBuilder:
        """The builder with nothing placed."""
        return self._with((), self._anchored)

    @property
    def is_complete(self) -> bool:
        """Whether the tiles placed so far make a legal move."""
        return is_complete(self._frames, len(self.placed))

    @property
    def move(self) -> Place | None:
        """The placement so far as a move, if it is a complete legal move (see also :meth:`finish`)."""
        return Place(self.placed) if self.is_complete else None

    def finish(self) -> Place:
        """The placement as a move to apply, or :class:`~qwirkle.IllegalMoveError` naming the rule it breaks.

        Rule TURN-1 if no tile is placed; otherwise the placement is judged
        by :func:`~qwirkle.verify`, as :func:`~qwirkle.apply` will judge it.

        >>> from qwirkle import new_game
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> TurnBuilder(state).finish()
        Traceback (most recent call last):
            ...
        qwirkle.errors.IllegalMoveError: TURN-1: no tile is placed yet
        """
        if not self.placed:
            raise IllegalMoveError(Rule.TURN_1, "no tile is placed yet")
        move = Place(self.placed)
        verify(self.state, move)
        return move

    def score(self) -> Score:
        """What the placement would score now, end bonus included; raises if it is not complete."""
        if not self.placed:
            raise IllegalMoveError(Rule.TURN_1, "no tile is placed yet")
        return verify(self.state, Place(self.placed))

    def explain(self) -> list[str]:
        """The score, one line per scoring line and bonus (see :func:`~qwirkle.interface.events.explain_score`)."""
        return explain_score(self.score())
