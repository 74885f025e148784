"""A short text notation for tiles, cells, moves and whole positions, parsed and printed.

Tiles are two letters, a colour and a shape::

    colours  R O Y G B P   red orange yellow green blue purple
    shapes   o s d c x *   circle square diamond clover four-point-star eight-point-star

so ``Ro`` is a red circle and ``P*`` a purple eight-point star. A cell is
``x,y`` (``3,-2``); a placement lists ``tile@cell`` items (``Ro@0,0 Rs@1,0``);
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

from collections.abc import Iterable, Sequence
from typing import Final

from qwirkle.board import Board
from qwirkle.errors import InvalidNotationError
from qwirkle.geometry import COORD_LIMIT, Cell
from qwirkle.moves import Exchange, Move, Pass, Place
from qwirkle.rng import seed_state
from qwirkle.ruleset import RuleSet
from qwirkle.state import GameState
from qwirkle.text import tile_code
from qwirkle.tiles import ALL_TILES, Tile
from qwirkle.tiles import COLOUR_LETTERS as COLOUR_LETTERS
from qwirkle.tiles import SHAPE_LETTERS as SHAPE_LETTERS

__all__ = [
    "MAX_NOTATION_LENGTH",
    "format_cell",
    "format_move",
    "format_position",
    "format_tile",
    "format_tiles",
    "parse_cell",
    "parse_move",
    "parse_position",
    "parse_tile",
    "parse_tiles",
]

MAX_NOTATION_LENGTH: Final = 20_000
"""The longest text the parsers read; a whole position takes well under 1,000 characters."""

_DIGITS: Final = 10
"""Most digits a coordinate, score or seat may have: anything longer is out of range anyway."""
_SPACE: Final = " \t"
_DIGIT_CHARS: Final = "0123456789"
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


def format_cell(cell: Cell) -> str:
    """A cell as ``x,y``.

    >>> format_cell((3, -2))
    '3,-2'
    """
    return f"{cell[0]},{cell[1]}"


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


class _Scanner:
    """A cursor over notation text that raises :class:`InvalidNotationError` at the cursor."""

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
        return InvalidNotationError(problem, self.text, self.at if at is None else at)

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def done(self) -> bool:
        return self.at >= len(self.text)

    def skip(self, chars: str = _SPACE) -> bool:
        start = self.at
        while self.at < len(self.text) and self.text[self.at] in chars:
            self.at += 1
        return self.at > start

    def expect(self, char: str, problem: str) -> None:
        if self.peek() != char:
            raise self.fail(problem)
        self.at += 1

    def end(self) -> None:
        self.skip()
        if not self.done():
            raise self.fail(f"unexpected {self.peek()!r}")

    def tile(self) -> Tile:
        colour = COLOUR_LETTERS.find(self.peek().upper()) if self.peek() else -1
        if colour < 0:
            raise self.fail("expected a colour letter (R O Y G B P)")
        self.at += 1
        char = self.peek()
        shape = SHAPE_LETTERS.find(char.lower()) if char else -1
        if shape < 0:
            raise self.fail("expected a shape letter (o s d c x *)")
        self.at += 1
        return ALL_TILES[colour * 6 + shape]

    def integer(self, what: str, low: int, high: int) -> int:
        """An optionally signed decimal int in ``low < n < high``."""
        start = self.at
        if self.peek() in ("+", "-"):
            self.at += 1
        digits = self.at
        while self.peek() and self.peek() in _DIGIT_CHARS:
            self.at += 1
        if self.at == digits:
            raise self.fail(f"expected {what}")
        if self.at - digits > _DIGITS:
            raise self.fail(f"{what} is out of range", start)
        value = int(self.text[start : self.at])
        if not low < value < high:
            raise self.fail(f"{what} {value} is out of range", start)
        return value

    def cell(self) -> Cell:
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
        start = self.at
        while self.peek().isascii() and self.peek().isalpha():
            self.at += 1
        return self.text[start : self.at].lower()


def parse_tile(text: str) -> Tile:
    """A tile from its two-letter code, in any letter case (spaces around it are allowed).

    >>> parse_tile("rO")
    Tile(Colour.RED, Shape.CIRCLE)
    >>> parse_tile("Rq")
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidNotationError: expected a shape letter (o s d c x *) at character 2 of 'Rq'
    """
    scan = _Scanner(text, "a tile")
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
    scan = _Scanner(text, "a list of tiles")
    found: list[Tile] = []
    scan.skip(_SPACE + ",")
    while not scan.done():
        found.append(scan.tile())
        scan.skip(_SPACE + ",")
    return tuple(found)


def parse_cell(text: str) -> Cell:
    """A cell from ``x,y``, with or without brackets and spaces.

    >>> parse_cell(" ( 3 , -2 ) ")
    (3, -2)
    """
    scan = _Scanner(text, "a cell")
    scan.skip()
    cell = scan.cell()
    scan.end()
    return cell


def parse_move(text: str) -> Move:
    """A move from its notation: a placement, ``swap`` with tiles, or ``pass``.

    The move is only read, not checked against a game: whether it is legal is
    for :func:`~qwirkle.verify`. Two tiles on one cell break Rule PLACE-5 and
    raise :class:`~qwirkle.IllegalMoveError`, as building the move would.

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
    """
    scan = _Scanner(text, "a move")
    scan.skip()
    if scan.done():
        raise scan.fail("expected a move: tile@x,y items, 'swap' and tiles, or 'pass'")
    start = scan.at
    word = scan.word()
    if word == "pass":
        scan.end()
        return Pass()
    if word in _EXCHANGE_WORDS:
        if not scan.skip(_SPACE + ":"):
            raise scan.fail(f"expected a space after {word!r}")
        tiles: list[Tile] = []
        while not scan.done():
            tiles.append(scan.tile())
            scan.skip(_SPACE + ",")
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
        pairs.append((scan.cell(), tile))
        if not scan.skip(_SPACE + ";,") and not scan.done():
            raise scan.fail("expected a space between two placed tiles")
    return Place(pairs)


# A whole position on one line: board, hands, scores, seat to move, bag.


def format_position(state: GameState) -> str:
    """The whole position on one line (like FEN in chess): ``BOARD HANDS SCORES CURRENT BAG``.

    - ``BOARD`` is ``-`` for an empty table, else ``x,y:`` (the top-left cell
      of the box around the tiles) and the rows from the top, ``/`` between
      rows; in a row a tile is its code and a number counts empty cells
      (trailing empty cells are left out).
    - ``HANDS`` are the seats' tiles written together, ``/`` between seats,
      ``-`` for an empty hand.
    - ``SCORES`` are the seats' scores, ``/`` between them.
    - ``CURRENT`` is the seat to move, from 0.
    - ``BAG`` is the bag in draw order (the last tile is drawn first), or ``-``.

    Player names, options, the history and the random state are not part of
    it: :func:`qwirkle.records.state_to_json` keeps everything.

    >>> from qwirkle import Colour, Shape, Tile, position
    >>> red = [Tile(Colour.RED, shape) for shape in Shape]
    >>> hands = [red[2:] + red[:2], red[2:] + red[:2]]
    >>> state = position(["Ann", "Bob"], {(0, 0): red[0], (1, 0): red[1], (1, 1): red[2]}, hands, scores=[3, 0])
    >>> format_position(state).rsplit(" ", 1)[0]
    '0,0:RoRs/1Rd RdRcRxR*RoRs/RdRcRxR*RoRs 3/0 0'
    """
    return " ".join(
        (
            _format_board(state.board),
            "/".join("".join(map(format_tile, hand)) or "-" for hand in state.hands),
            "/".join(map(str, state.scores)),
            str(state.current),
            "".join(map(format_tile, state.bag)) or "-",
        )
    )


def _format_board(board: Board) -> str:
    box = board.bounds()
    if box is None:
        return "-"
    (x0, y0), (x1, y1) = box
    rows = []
    for y in range(y0, y1 + 1):
        parts: list[str] = []
        gap = 0
        for x in range(x0, x1 + 1):
            tile = board.get((x, y))
            if tile is None:
                gap += 1
                continue
            if gap:
                parts.append(str(gap))
                gap = 0
            parts.append(format_tile(tile))
        rows.append("".join(parts))
    return f"{x0},{y0}:" + "/".join(rows)


def parse_position(
    text: str,
    *,
    players: Sequence[str] | None = None,
    rules: RuleSet | None = None,
    seed: int = 0,
) -> GameState:
    """A state from its one-line form (see :func:`format_position`).

    The ``BAG`` field may be left out or written ``?``: the bag then holds
    every tile not on the table or in a hand, shuffled by ``seed``. Players
    are named ``P1``, ``P2``... unless ``players`` names them. The result is
    checked like any hand-built :class:`~qwirkle.GameState` (a tile with too
    many copies, a broken line or a disconnected table raise
    :class:`~qwirkle.InvalidStateError`). A finished game cannot be read back:
    its history is not part of the line.

    >>> state = parse_position("0,0:RoRs RdRcRxR*GoBo/YdYcYxY*OoPo 2/0 1")
    >>> state.board[1, 0], state.current, len(state.bag)
    (Tile(Colour.RED, Shape.SQUARE), 1, 94)
    >>> format_position(parse_position(format_position(state))) == format_position(state)
    True
    """
    from qwirkle.game import position as build

    rules = RuleSet() if rules is None else rules
    scan = _Scanner(text, "a position")
    scan.skip()
    board = _parse_board(scan)
    _field_gap(scan)
    hands = _parse_hands(scan)
    _field_gap(scan)
    scores = [scan.integer("a score", -1, 10**_DIGITS)]
    while scan.peek() == "/":
        scan.at += 1
        scores.append(scan.integer("a score", -1, 10**_DIGITS))
    if len(scores) != len(hands):
        raise scan.fail(f"{len(scores)} scores for {len(hands)} hands")
    _field_gap(scan)
    current = scan.integer("the seat to move", -1, len(hands))
    bag: tuple[Tile, ...] | None = None
    scan.skip()
    if scan.peek() == "?":
        scan.at += 1
    elif scan.peek() == "-":
        scan.at += 1
        bag = ()
    elif not scan.done():
        found: list[Tile] = []
        while scan.peek() not in ("", *_SPACE):
            found.append(scan.tile())
        bag = tuple(found)
    scan.end()
    names = [f"P{seat + 1}" for seat in range(len(hands))] if players is None else list(players)
    if bag is None:
        return build(names, board, hands, scores=scores, current=current, rules=rules, seed=seed)
    return GameState(
        players=names,
        board=board,
        hands=hands,
        bag=bag,
        scores=scores,
        current=current,
        rules=rules,
        seed=None,
        rng=seed_state(seed),
    )


def _field_gap(scan: _Scanner) -> None:
    if not scan.skip():
        raise scan.fail("expected a space before the next field" if not scan.done() else "the position ends early")


def _parse_board(scan: _Scanner) -> Board:
    # A lone '-' is the empty table; a '-' followed by digits is the sign of the corner's x.
    if scan.text[scan.at : scan.at + 2] in ("-", "- ", "-\t"):
        scan.at += 1
        return Board()
    x0, y0 = scan.cell()
    scan.expect(":", "expected ':' after the board's top-left cell")
    cells: list[tuple[Cell, Tile]] = []
    y = y0
    while True:
        x = x0
        while scan.peek() not in ("", "/", *_SPACE):
            if scan.peek() in _DIGIT_CHARS:
                x += scan.integer("a count of empty cells", 0, 10**4)
            else:
                cells.append(((x, y), scan.tile()))
                x += 1
            if x >= COORD_LIMIT:
                raise scan.fail("the row runs out of range")
        if scan.peek() != "/":
            break
        scan.at += 1
        y += 1
        if y >= COORD_LIMIT:
            raise scan.fail("too many rows")
    if not cells:
        raise scan.fail("a board written with a corner must hold tiles")
    return Board(cells)


def _parse_hands(scan: _Scanner) -> list[tuple[Tile, ...]]:
    hands: list[tuple[Tile, ...]] = []
    while True:
        hand: list[Tile] = []
        if scan.peek() == "-":
            scan.at += 1
        else:
            while scan.peek() not in ("", "/", *_SPACE):
                hand.append(scan.tile())
        hands.append(tuple(hand))
        if scan.peek() != "/":
            return hands
        scan.at += 1
