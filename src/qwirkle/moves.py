"""Moves as values: placing tiles, exchanging tiles, and the forced pass.

Moves are equal when they do the same thing and are hashable: the order in
which tiles are given does not matter. An exchange seen from another seat,
whose tiles are not known, is a :class:`HiddenExchange`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TypeAlias

import attrs

from qwirkle._engine.geometry import Cell, check_cell
from qwirkle._immutable import Immutable
from qwirkle._moved import deprecated_member
from qwirkle.errors import IllegalMoveError, QwirkleError, brief
from qwirkle.rules.catalogue import Rule
from qwirkle.scoring import Score
from qwirkle.tiles import Tile

__all__ = ["Exchange", "HiddenExchange", "InvalidMoveError", "Move", "Pass", "Place"]


class InvalidMoveError(QwirkleError):
    """A move value that is malformed: wrong types or cells out of range."""


def checked_pair(cell: object, tile: object) -> tuple[Cell, Tile]:
    """``(cell, tile)`` if ``cell`` is a cell in range and ``tile`` a tile, else :class:`InvalidMoveError`."""
    try:
        checked = check_cell(cell)
    except QwirkleError as error:
        raise InvalidMoveError(str(error)) from None
    if not isinstance(tile, Tile):
        raise InvalidMoveError(f"only tiles can be placed, not {brief(tile)}")
    return checked, tile


def _placements(tiles: Mapping[Cell, Tile] | Iterable[tuple[Cell, Tile]]) -> tuple[tuple[Cell, Tile], ...]:
    pairs = tiles.items() if isinstance(tiles, Mapping) else tiles
    if isinstance(pairs, (str, bytes)):
        raise InvalidMoveError(f"a placement is (cell, tile) pairs, not {brief(pairs)}")
    out: dict[Cell, Tile] = {}
    try:
        items = list(pairs)
    except TypeError:
        raise InvalidMoveError(f"a placement is (cell, tile) pairs, not {brief(tiles)}") from None
    for pair in items:
        try:
            cell, tile = pair
        except (TypeError, ValueError):
            raise InvalidMoveError(f"a placement is (cell, tile) pairs, not {brief(pair)}") from None
        cell, tile = checked_pair(cell, tile)
        if cell in out:
            raise IllegalMoveError(Rule.PLACE_5, f"two tiles are placed on {cell}")
        out[cell] = tile
    if not out:
        raise IllegalMoveError(Rule.TURN_1, "a placement needs at least one tile")
    return tuple(sorted(out.items()))


_new = object.__new__
_put = object.__setattr__
# Bound once: the legal-moves listing builds hundreds of moves a position through these.

_CHECKED_ADVICE = "build a move with Place(...), which checks it"

Placements: TypeAlias = tuple[tuple[Cell, Tile], ...]
"""The ``(cell, tile)`` pairs of a placement, sorted by cell."""


# No generated ``__getstate__``/``__setstate__``: pickles go through ``__reduce__``, and a public ``__setstate__``
# would let anyone give a move the proof that the listing alone may give (see ``_listed_for``).
@attrs.frozen(repr=False, getstate_setstate=False)
class Place(Immutable):
    """Place one or more tiles, each on its cell.

    >>> from qwirkle import Colour, Shape, Tile
    >>> move = Place({(1, 0): Tile(Colour.RED, Shape.SQUARE), (0, 0): Tile(Colour.RED, Shape.CIRCLE)})
    >>> move
    Place({(0, 0): Tile(Colour.RED, Shape.CIRCLE), (1, 0): Tile(Colour.RED, Shape.SQUARE)})
    >>> move == Place([((0, 0), Tile(Colour.RED, Shape.CIRCLE)), ((1, 0), Tile(Colour.RED, Shape.SQUARE))])
    True
    >>> move.cells
    ((0, 0), (1, 0))
    """

    placements: tuple[tuple[Cell, Tile], ...] = attrs.field(converter=_placements)
    """The ``(cell, tile)`` pairs, sorted by cell."""
    # The state whose listing (qwirkle.legalmoves) built this move, which vouches that the move is legal in that
    # very state (states never change), so that apply() there only scores it. Only the listing's own factory sets
    # it: no constructor, parameter, attrs.evolve or pickle does, so a move built anywhere else is checked in
    # full. No part of the move's value: left out of ==, hash, repr, pickles and the game's history.
    _listed_for: object = attrs.field(default=None, init=False, eq=False, hash=False, repr=False)
    # What the move scores in _listed_for, when the listing worked it out, so that apply() does not score it again.
    _listed_score: Score | None = attrs.field(default=None, init=False, eq=False, hash=False, repr=False)

    @classmethod
    def _from_sorted(cls, placements: tuple[tuple[Cell, Tile], ...]) -> Place:
        """A move from ``(cell, tile)`` pairs already sorted by cell, on distinct cells in range: **not checked**.

        For the engine, which builds many moves from parts it knows to be
        well formed. The move vouches for nothing: :func:`~qwirkle.apply`
        checks it against every rule, and a state whose history holds a
        malformed move is refused by :func:`~qwirkle.check_state`.

        >>> from qwirkle import Colour, Shape, Tile
        >>> red = Tile(Colour.RED, Shape.CIRCLE)
        >>> Place._from_sorted((((0, 0), red),)) == Place({(0, 0): red})
        True
        """
        move = _new(cls)
        _put(move, "placements", placements)
        _put(move, "_listed_for", None)
        _put(move, "_listed_score", None)
        return move

    # Under their old public names for one release: the proof reads as it did, and from_sorted still builds a
    # move unchecked that vouches for nothing.
    from_sorted = staticmethod(
        deprecated_member("Place", "from_sorted", lambda placements: Place._from_sorted(placements), _CHECKED_ADVICE)
    )
    listed_for = property(
        deprecated_member("Place", "listed_for", lambda move: move._listed_for, "the listing's proof is private")
    )
    listed_score = property(
        deprecated_member("Place", "listed_score", lambda move: move._listed_score, "use qwirkle.score(state, move)")
    )

    def __reduce__(
        self,
    ) -> tuple[Callable[[tuple[tuple[Cell, Tile], ...]], Place], tuple[tuple[tuple[Cell, Tile], ...]]]:
        # The state a listed move vouches for is no part of the move: pickles leave it out.
        return Place._from_sorted, (self.placements,)

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The cells that receive a tile, in order."""
        return tuple([cell for cell, _ in self.placements])

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles placed, in the order of their cells."""
        # A list first: quicker than a generator, and apply asks for the tiles of every placement.
        return tuple([tile for _, tile in self.placements])

    def __len__(self) -> int:
        return len(self.placements)

    def __iter__(self) -> Iterator[tuple[Cell, Tile]]:
        return iter(self.placements)

    def __repr__(self) -> str:
        inner = ", ".join(f"{cell}: {tile!r}" for cell, tile in self.placements)
        return f"Place({{{inner}}})"

    def __str__(self) -> str:
        return ", ".join(f"{tile} at {cell}" for cell, tile in self.placements)


def _exchanged(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    if isinstance(tiles, Tile):
        tiles = (tiles,)
    try:
        out = list(tiles)
    except TypeError:
        raise InvalidMoveError(f"an exchange is a collection of tiles, not {brief(tiles)}") from None
    for tile in out:
        if not isinstance(tile, Tile):
            raise InvalidMoveError(f"only tiles can be exchanged, not {brief(tile)}")
    if not out:
        raise IllegalMoveError(Rule.EXCHANGE_1, "an exchange needs at least one tile")
    return tuple(sorted(out))


@attrs.frozen(repr=False)
class Exchange(Immutable):
    """Exchange some tiles of the hand for tiles from the bag (Rule EXCHANGE-1).

    >>> from qwirkle import Colour, Shape, Tile
    >>> Exchange([Tile(Colour.BLUE, Shape.STAR4), Tile(Colour.RED, Shape.CIRCLE)])
    Exchange([Tile(Colour.RED, Shape.CIRCLE), Tile(Colour.BLUE, Shape.STAR4)])
    """

    tiles: tuple[Tile, ...] = attrs.field(converter=_exchanged)
    """The tiles given back, sorted."""

    @classmethod
    def from_sorted(cls, tiles: tuple[Tile, ...]) -> Exchange:
        """An exchange of tiles already sorted: **not checked**, for code that builds many from well-formed parts.

        >>> from qwirkle import Colour, Shape, Tile
        >>> Exchange.from_sorted((Tile(Colour.RED, Shape.CIRCLE),)) == Exchange([Tile(Colour.RED, Shape.CIRCLE)])
        True
        """
        move = _new(cls)
        _put(move, "tiles", tiles)
        return move

    def __len__(self) -> int:
        return len(self.tiles)

    def __repr__(self) -> str:
        return f"Exchange([{', '.join(repr(t) for t in self.tiles)}])"

    def __str__(self) -> str:
        return "exchange " + ", ".join(str(t) for t in self.tiles)


@attrs.frozen(repr=False)
class Pass(Immutable):
    """Pass the turn: allowed only when no placement or exchange is (Rule TURN-3).

    >>> Pass() == Pass()
    True
    """

    def __repr__(self) -> str:
        return "Pass()"

    def __str__(self) -> str:
        return "pass"


Move: TypeAlias = Place | Exchange | Pass
"""Any move."""


@attrs.frozen
class HiddenExchange(Immutable):
    """An exchange whose tiles are not known: how many tiles, not which.

    Another player's exchange, as a player's view (:mod:`qwirkle.interface.views`)
    or a game record shows it. No state takes it as a move: a state knows the
    hand, so an exchange played on it names its tiles.

    >>> str(HiddenExchange(3))
    'swap 3 tiles'
    """

    count: int
    """How many tiles were exchanged."""

    def __str__(self) -> str:
        return f"swap {self.count} tile" + ("s" if self.count != 1 else "")
