"""Tiles: six colours, six shapes, and the 36 kinds of tile they make.

Rule TILES-1: there are 36 distinct tiles, one for each colour and shape.
Rule TILES-2: each kind exists in ``copies_per_tile`` copies (3 by default: 108 tiles).

Inside the engine a tile is its :attr:`Tile.index`, an ``int`` from 0 to 35
(``colour * 6 + shape``), and sets of tiles are 36-bit masks. The public
:class:`Tile` value is built only at the boundary.

Both games write a tile (a card, in Qwirkle Cards) as its code: a colour
letter, then a shape letter. The letters are defined here once
(:data:`COLOUR_LETTERS`, :data:`SHAPE_LETTERS`), and every parser of either
game reads a code with :func:`read_tile_code`::

    colours  R O Y G B P   red orange yellow green blue purple
    shapes   o s d c x *   circle square diamond clover four-point-star eight-point-star

A code is printed with an upper-case colour and a lower-case shape (``Ro``,
``P*``) and read in any letter case: ``ro``, ``RO`` and ``rO`` are the red
circle too.

>>> read_tile_code("Ro") == read_tile_code("rO") == Tile(Colour.RED, Shape.CIRCLE)
True
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable
from typing import Final

import attrs

from qwirkle._immutable import Immutable
from qwirkle.errors import InvalidNotationError

__all__ = [
    "ALL_TILES",
    "COLOUR_LETTERS",
    "SHAPE_LETTERS",
    "Colour",
    "Shape",
    "Tile",
    "read_tile_code",
    "tiles_left",
]


class Colour(enum.Enum):
    """The six tile colours (Rule TILES-1).

    >>> Colour.RED
    Colour.RED
    >>> str(Colour.PURPLE)
    'purple'
    """

    RED = 0
    ORANGE = 1
    YELLOW = 2
    GREEN = 3
    BLUE = 4
    PURPLE = 5

    def __repr__(self) -> str:
        return f"Colour.{self.name}"

    def __str__(self) -> str:
        return self.name.lower()


class Shape(enum.Enum):
    """The six tile shapes (Rule TILES-1).

    ``STAR4`` is the four-point star (criss-cross), ``STAR8`` the eight-point
    star (starburst).

    >>> Shape.STAR4
    Shape.STAR4
    >>> str(Shape.STAR8)
    'eight-point star'
    """

    CIRCLE = 0
    SQUARE = 1
    DIAMOND = 2
    CLOVER = 3
    STAR4 = 4
    STAR8 = 5

    def __repr__(self) -> str:
        return f"Shape.{self.name}"

    def __str__(self) -> str:
        return _SHAPE_WORDS[self.value]


_SHAPE_WORDS: Final = ("circle", "square", "diamond", "clover", "four-point star", "eight-point star")

COLOUR_LETTERS: Final = "ROYGBP"
"""The colour letters of the tile codes (``Ro`` is a red circle), in :class:`Colour` order."""
SHAPE_LETTERS: Final = "osdcx*"
"""The shape letters of the tile codes, in :class:`Shape` order: circle, square, diamond, clover, four-point and
eight-point star."""
_COLOURS: Final = tuple(Colour)
_SHAPES: Final = tuple(Shape)
# Codes are read in either letter case, so that a code typed as it comes ("ro", "BS") means its tile.
_COLOUR_OF_LETTER: Final = {
    case: value for value, letter in enumerate(COLOUR_LETTERS) for case in (letter, letter.lower())
}
_SHAPE_OF_LETTER: Final = {
    case: value for value, letter in enumerate(SHAPE_LETTERS) for case in (letter, letter.upper())
}


@attrs.frozen(repr=False, cache_hash=True)
class Tile(Immutable):
    """One tile: a colour and a shape.

    Tiles are values: two tiles with the same colour and shape are equal,
    whichever copy they are. They sort by colour, then shape.

    >>> tile = Tile(Colour.RED, Shape.CIRCLE)
    >>> tile
    Tile(Colour.RED, Shape.CIRCLE)
    >>> str(tile)
    'red circle'
    >>> tile.index, Tile.from_index(tile.index) == tile
    (0, True)
    """

    colour: Colour = attrs.field(validator=attrs.validators.instance_of(Colour))
    shape: Shape = attrs.field(validator=attrs.validators.instance_of(Shape))
    index: int = attrs.field(init=False, eq=False, order=False)
    """The tile's number from 0 to 35: ``colour * 6 + shape``."""

    def __attrs_post_init__(self) -> None:
        # Kept rather than computed: the engine reads it for every tile it touches.
        object.__setattr__(self, "index", self.colour.value * 6 + self.shape.value)

    @staticmethod
    def from_index(index: int) -> Tile:
        """The tile numbered ``index`` (0 to 35).

        >>> Tile.from_index(35)
        Tile(Colour.PURPLE, Shape.STAR8)
        """
        return ALL_TILES[index]

    def shares_attribute(self, other: Tile) -> bool:
        """Whether the two tiles have the same colour or the same shape."""
        return self.colour is other.colour or self.shape is other.shape

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index < other.index

    def __repr__(self) -> str:
        return f"Tile({self.colour!r}, {self.shape!r})"

    def __str__(self) -> str:
        return f"{self.colour} {self.shape}"


ALL_TILES: Final[tuple[Tile, ...]] = tuple(Tile(c, s) for c in _COLOURS for s in _SHAPES)
"""The 36 distinct tiles, ordered by :attr:`Tile.index`."""


def read_tile_code(text: str, at: int = 0) -> Tile:
    """The tile whose two-letter code starts at ``text[at]``: colour letter, then shape letter, in any case.

    This is the one reader of a tile code, for both games. A letter that is
    neither of its kind raises :class:`~qwirkle.InvalidNotationError`
    pointing at it; the caller moves on two characters.

    >>> read_tile_code("swap bx", 5)
    Tile(Colour.BLUE, Shape.STAR4)
    >>> read_tile_code("Rq")
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidNotationError: expected a shape letter (o s d c x *) at character 2 of 'Rq'
    """
    colour = _COLOUR_OF_LETTER.get(text[at : at + 1], -1)
    if colour < 0:
        raise InvalidNotationError(f"expected a colour letter ({' '.join(COLOUR_LETTERS)})", text, at)
    shape = _SHAPE_OF_LETTER.get(text[at + 1 : at + 2], -1)
    if shape < 0:
        raise InvalidNotationError(f"expected a shape letter ({' '.join(SHAPE_LETTERS)})", text, at + 1)
    return ALL_TILES[colour * 6 + shape]


def tiles_left(copies: int, *used: Iterable[Tile]) -> list[Tile] | None:
    """The tiles of a full set (``copies`` of each kind) not in ``used``, sorted; ``None`` if ``used`` has too many.

    >>> len(tiles_left(3, ALL_TILES))
    72
    >>> tiles_left(1, ALL_TILES, ALL_TILES[:1]) is None
    True
    """
    left = Counter(dict.fromkeys(ALL_TILES, copies))
    for tiles in used:
        left.subtract(tiles)
    if any(n < 0 for n in left.values()):
        return None
    return sorted(left.elements())
