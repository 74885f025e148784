"""A short text notation for tiles, cells and moves, parsed and printed.

A tile is its code, a colour letter and a shape letter, as :mod:`qwirkle.tiles`
defines it and reads it in any letter case: ``Ro`` is a red circle and ``P*``
a purple eight-point star. A cell is ``x,y`` (``3,-2``); a placement lists ``tile@cell`` items (``Ro@0,0 Rs@1,0``);
an exchange is ``swap`` and the tiles given back (``swap Bs Ro``); the forced
pass is ``pass``.

Printing always gives the canonical form, and parsing it gives the value back.
Parsing also accepts variants: any letter case, spaces around ``@`` and ``,``,
cells in brackets (``Ro @ (0, 0)``), items separated by spaces, ``;`` or
``,``, and ``exchange`` or ``x`` for ``swap``. Anything else raises
:class:`~qwirkle.InvalidNotationError`, whose ``position`` points at the first
bad character.

>>> move = parse_move("rs @ (1, 0); RO@0,0")
>>> format_move(move)
'Ro@0,0 Rs@1,0'
>>> parse_move(format_move(move)) == move
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from qwirkle._engine.geometry import COORD_LIMIT, Cell
from qwirkle.errors import InvalidNotationError
from qwirkle.moves import Exchange, Move, Pass, Place
from qwirkle.rules.limits import MAX_DIGITS, MAX_NOTATION_LENGTH
from qwirkle.text import format_cell as format_cell
from qwirkle.text import tile_code
from qwirkle.tiles import COLOUR_LETTERS as COLOUR_LETTERS
from qwirkle.tiles import SHAPE_LETTERS as SHAPE_LETTERS
from qwirkle.tiles import Tile, read_tile_code

__all__ = [
    "DIGITS",
    "SPACE",
    "Scanner",
    "format_cell",
    "format_move",
    "format_tile",
    "format_tiles",
    "parse_cell",
    "parse_move",
    "parse_tile",
    "parse_tiles",
]

SPACE: Final = " \t"
"""The characters that separate the items of a move or the fields of a position."""
DIGITS: Final = "0123456789"
"""The characters of a number."""
_EXCHANGE_WORDS: Final = ("exchange", "swap", "x")


def format_tile(tile: Tile) -> str:
    """A tile's two-letter code: colour letter, then shape letter.

    >>> from qwirkle import Colour, Shape, Tile
    >>> format_tile(Tile(Colour.PURPLE, Shape.STAR8))
    'P*'
    """
    return tile_code(tile)


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Tiles as codes separated by spaces, in the order given.

    >>> format_tiles(parse_tiles("Bs Ro"))
    'Bs Ro'
    """
    return " ".join(format_tile(tile) for tile in tiles)


def format_move(move: Move) -> str:
    """A move in canonical notation: placements sorted by cell, exchanged tiles sorted.

    >>> from qwirkle import Pass
    >>> format_move(parse_move("swap ro bs")), format_move(Pass())
    ('swap Ro Bs', 'pass')
    """
    if isinstance(move, Place):
        return " ".join(f"{format_tile(tile)}@{format_cell(cell)}" for cell, tile in move.placements)
    if isinstance(move, Exchange):
        return "swap " + format_tiles(move.tiles)
    return "pass"


class Scanner:
    """A cursor over notation text that raises :class:`~qwirkle.InvalidNotationError` at the cursor.

    >>> scan = Scanner("Ro@3,-2", "a move")
    >>> scan.tile(), scan.skip("@"), scan.cell(), scan.done()
    (Tile(Colour.RED, Shape.CIRCLE), True, (3, -2), True)
    """

    def __init__(self, text: object, what: str) -> None:
        if not isinstance(text, str):
            raise InvalidNotationError(f"{what} must be text, not {type(text).__name__}", "", 0)
        if len(text) > MAX_NOTATION_LENGTH:
            raise InvalidNotationError(
                f"{what} is {len(text)} characters long; the limit is {MAX_NOTATION_LENGTH}",
                text[:100],
                MAX_NOTATION_LENGTH if len(text) <= 100 else 100,
            )
        self.text = text
        self.at = 0

    def fail(self, problem: str, at: int | None = None) -> InvalidNotationError:
        """The error to raise for ``problem`` at the cursor (or at index ``at``)."""
        return InvalidNotationError(problem, self.text, self.at if at is None else at)

    def peek(self) -> str:
        """The character at the cursor, or ``""`` at the end."""
        return self.text[self.at] if self.at < len(self.text) else ""

    def done(self) -> bool:
        """Whether the cursor is at the end of the text."""
        return self.at >= len(self.text)

    def skip(self, chars: str = SPACE) -> bool:
        """Move past any of ``chars``; whether there were any."""
        start = self.at
        while self.at < len(self.text) and self.text[self.at] in chars:
            self.at += 1
        return self.at > start

    def expect(self, char: str, problem: str) -> None:
        """Move past ``char``, or fail with ``problem``."""
        if self.peek() != char:
            raise self.fail(problem)
        self.at += 1

    def end(self) -> None:
        """Fail unless only spaces are left."""
        self.skip()
        if not self.done():
            raise self.fail(f"unexpected {self.peek()!r}")

    def tile(self) -> Tile:
        """Read a tile's two letters (see :func:`~qwirkle.tiles.read_tile_code`)."""
        tile = read_tile_code(self.text, self.at)
        self.at += 2
        return tile

    def integer(self, what: str, low: int, high: int) -> int:
        """An optionally signed decimal int in ``low < n < high``."""
        start = self.at
        if self.peek() in ("+", "-"):
            self.at += 1
        digits = self.at
        while self.peek() and self.peek() in DIGITS:
            self.at += 1
        if self.at == digits:
            raise self.fail(f"expected {what}")
        if self.at - digits > MAX_DIGITS:
            raise self.fail(f"{what} is out of range", start)
        value = int(self.text[start : self.at])
        if not low < value < high:
            raise self.fail(f"{what} {value} is out of range", start)
        return value

    def cell(self) -> Cell:
        """Read a cell, ``x,y`` or ``(x, y)``, coordinates in range."""
        bracket = self.peek() == "("
        if bracket:
            self.at += 1
            self.skip()
        x = self.integer("an x coordinate", -COORD_LIMIT, COORD_LIMIT)
        self.skip()
        self.expect(",", "expected ',' between the coordinates")
        self.skip()
        y = self.integer("a y coordinate", -COORD_LIMIT, COORD_LIMIT)
        if bracket:
            self.skip()
            self.expect(")", "expected ')' after the cell")
        return (x, y)

    def word(self) -> str:
        """Read a run of ASCII letters."""
        start = self.at
        while self.peek().isascii() and self.peek().isalpha():
            self.at += 1
        return self.text[start : self.at].lower()


def parse_tile(text: str) -> Tile:
    """A tile from its two-letter code, in any letter case (:mod:`qwirkle.tiles`); spaces around it are allowed.

    >>> parse_tile("rO")
    Tile(Colour.RED, Shape.CIRCLE)
    >>> parse_tile("Rq")
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidNotationError: expected a shape letter (o s d c x *) at character 2 of 'Rq'
    """
    scan = Scanner(text, "a tile")
    scan.skip()
    tile = scan.tile()
    scan.end()
    return tile


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Tiles separated by spaces or commas (or written together), in the order given.

    >>> parse_tiles("Ro, bs G*") == parse_tiles("RoBsG*")
    True
    >>> parse_tiles("")
    ()
    """
    scan = Scanner(text, "a list of tiles")
    found: list[Tile] = []
    scan.skip(SPACE + ",")
    while not scan.done():
        found.append(scan.tile())
        scan.skip(SPACE + ",")
    return tuple(found)


def parse_cell(text: str) -> Cell:
    """A cell from ``x,y``, with or without brackets and spaces.

    >>> parse_cell(" ( 3 , -2 ) ")
    (3, -2)
    """
    scan = Scanner(text, "a cell")
    scan.skip()
    cell = scan.cell()
    scan.end()
    return cell


def parse_move(text: str) -> Move:
    """A move from its notation: a placement, ``swap`` with tiles, or ``pass``.

    The move is only read, not checked against a game: whether it is legal is
    for :func:`~qwirkle.verify`. Whatever is wrong with the text, a cell
    named twice included, raises :class:`~qwirkle.InvalidNotationError`,
    pointing at the place.

    >>> parse_move("Ro@0,0 Rs@1,0")
    Place({(0, 0): Tile(Colour.RED, Shape.CIRCLE), (1, 0): Tile(Colour.RED, Shape.SQUARE)})
    >>> parse_move("exchange: Bs, Ro")
    Exchange([Tile(Colour.RED, Shape.CIRCLE), Tile(Colour.BLUE, Shape.SQUARE)])
    >>> parse_move("PASS")
    Pass()
    >>> parse_move("Ro@0;0")
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidNotationError: expected ',' between the coordinates at character 5 of 'Ro@0;0'
    >>> parse_move("Ro@0,0 Rs@0,0")
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidNotationError: the cell (0, 0) is named twice at character 11 of 'Ro@0,0 Rs@0,0'
    """
    scan = Scanner(text, "a move")
    scan.skip()
    if scan.done():
        raise scan.fail("expected a move: tile@x,y items, 'swap' and tiles, or 'pass'")
    start = scan.at
    word = scan.word()
    if word == "pass":
        scan.end()
        return Pass()
    if word in _EXCHANGE_WORDS:
        if not scan.skip(SPACE + ":"):
            raise scan.fail(f"expected a space after {word!r}")
        tiles: list[Tile] = []
        while not scan.done():
            tiles.append(scan.tile())
            scan.skip(SPACE + ",")
        if not tiles:
            raise scan.fail("expected the tiles to exchange")
        return Exchange(tiles)
    scan.at = start
    pairs: list[tuple[Cell, Tile]] = []
    while not scan.done():
        tile = scan.tile()
        scan.skip()
        scan.expect("@", "expected '@' and a cell after the tile")
        scan.skip()
        at = scan.at
        cell = scan.cell()
        if any(cell == seen for seen, _ in pairs):
            # A move of two tiles on one cell cannot be written down: the text is at fault, not a move.
            raise scan.fail(f"the cell {cell} is named twice", at)
        pairs.append((cell, tile))
        if not scan.skip(SPACE + ";,") and not scan.done():
            raise scan.fail("expected a space between two placed tiles")
    return Place(pairs)
