"""A whole position on one line (like FEN in chess): board, hands, scores, seat to move, bag.

Built on the notation of tiles and cells (:mod:`qwirkle.formats.notation`).

>>> state = parse_position("0,0:RoRs RdRcRxR*BoGo/OoOsOdOcOxO* 2/0 1 ?")
>>> format_position(state).rsplit(" ", 1)[0]
'0,0:RoRs RdRcRxR*BoGo/OoOsOdOcOxO* 2/0 1'
"""

from __future__ import annotations

from collections.abc import Sequence

from qwirkle._engine.geometry import COORD_LIMIT, Cell
from qwirkle.board import Board
from qwirkle.formats.notation import DIGITS, SPACE, Scanner, format_tile
from qwirkle.game import position
from qwirkle.rules.limits import MAX_POINTS
from qwirkle.rules.ruleset import RuleSet
from qwirkle.state import GameState
from qwirkle.tiles import Tile

__all__ = ["format_position", "parse_position"]


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
    it: :func:`qwirkle.formats.state_json.state_to_json` keeps everything.

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

    rules = RuleSet() if rules is None else rules
    scan = Scanner(text, "a position")
    scan.skip()
    board = _parse_board(scan)
    _field_gap(scan)
    hands = _parse_hands(scan)
    _field_gap(scan)
    scores = [scan.integer("a score", -1, MAX_POINTS + 1)]
    while scan.peek() == "/":
        scan.at += 1
        scores.append(scan.integer("a score", -1, MAX_POINTS + 1))
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
        while scan.peek() not in ("", *SPACE):
            found.append(scan.tile())
        bag = tuple(found)
    scan.end()
    names = [f"P{seat + 1}" for seat in range(len(hands))] if players is None else list(players)
    return position(names, board, hands, bag=bag, scores=scores, current=current, rules=rules, seed=seed)


def _field_gap(scan: Scanner) -> None:
    if not scan.skip():
        raise scan.fail("expected a space before the next field" if not scan.done() else "the position ends early")


def _parse_board(scan: Scanner) -> Board:
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
        while scan.peek() not in ("", "/", *SPACE):
            if scan.peek() in DIGITS:
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


def _parse_hands(scan: Scanner) -> list[tuple[Tile, ...]]:
    hands: list[tuple[Tile, ...]] = []
    while True:
        hand: list[Tile] = []
        if scan.peek() == "-":
            scan.at += 1
        else:
            while scan.peek() not in ("", "/", *SPACE):
                hand.append(scan.tile())
        hands.append(tuple(hand))
        if scan.peek() != "/":
            return hands
        scan.at += 1
