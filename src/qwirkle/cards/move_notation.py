"""A whole turn of Qwirkle Cards in one line of text: the cards laid from the hand and the table they leave.

A lay is written as the cards taken from the hand, ``->``, and every series
on the table at the end of the turn, ``|`` between series: the table after a
rearrangement is written whole, as a :class:`~qwirkle.cards.Lay` holds it.
The other moves are ``pass`` and ``redraw``. Cards are the
tile game's codes, read by the same reader in any letter case
(:func:`~qwirkle.tiles.read_tile_code`).

Printing gives the canonical form (cards and series in the order of
:class:`~qwirkle.cards.Lay`), and parsing it gives the move back. Parsing
also takes a leading ``lay`` (so ``str(move)`` reads back), cards written
together or separated by spaces or commas, and ``/`` between series.

>>> move = parse_move("rd -> RdRsRo / gx bx yx")
>>> format_move(move)
'Rd -> Ro Rs Rd | Yx Gx Bx'
>>> parse_move(format_move(move)) == move == parse_move(str(move))
True
"""

from __future__ import annotations

from typing import Final

from qwirkle.cards.moves import CardsMove, Lay, Pass, Redraw
from qwirkle.cards.notation import CardsNotationError, card_code
from qwirkle.errors import InvalidNotationError, QwirkleError
from qwirkle.formats.notation import SPACE, Scanner
from qwirkle.tiles import Tile

__all__ = ["format_move", "parse_move"]

_ARROW: Final = "->"
_BETWEEN_SERIES: Final = ("|", "/")


def _codes(cards: tuple[Tile, ...]) -> str:
    return " ".join(card_code(card) for card in cards)


def format_move(move: CardsMove) -> str:
    """A move of Qwirkle Cards in canonical notation: ``pass``, ``redraw``, or the cards laid ``->`` the table.

    >>> from qwirkle.cards import Lay, Redraw
    >>> format_move(Lay("Rd Bx", ["Ro Rs Rd", "Bx Gx Yx"])), format_move(Redraw())
    ('Rd Bx -> Ro Rs Rd | Yx Gx Bx', 'redraw')
    """
    if isinstance(move, Lay):
        return f"{_codes(move.played)} {_ARROW} {' | '.join(_codes(series) for series in move.table)}"
    if isinstance(move, Redraw):
        return "redraw"
    if isinstance(move, Pass):
        return "pass"
    raise TypeError(f"format_move takes a move of Qwirkle Cards, not {type(move).__name__}")


def parse_move(text: str) -> CardsMove:
    """A move of Qwirkle Cards from its notation (see :func:`format_move`): read, not checked against a game.

    Whether the move is legal is for :func:`~qwirkle.cards.verify`. Text that
    is no move raises :class:`~qwirkle.cards.CardsNotationError`, whose
    ``position`` points at the first bad character.

    >>> parse_move("Rd -> Ro Rs Rd")
    Lay(played='Rd', table=['Ro Rs Rd'])
    >>> parse_move("PASS"), parse_move(" redraw ")
    (Pass(), Redraw())
    >>> parse_move("Rd Ro Rs")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    qwirkle.cards.notation.CardsNotationError: expected '->' and the table after the cards laid at character 9 ...
    """
    try:
        return _parse(Scanner(text, "a move"))
    except CardsNotationError:
        raise
    except InvalidNotationError as error:
        raise CardsNotationError(error.problem, error.text, error.position) from None


def _parse(scan: Scanner) -> CardsMove:
    scan.skip()
    if scan.done():
        raise scan.fail("expected a move: the cards laid, '->' and the table; 'pass'; or 'redraw'")
    start = scan.at
    word = scan.word()
    if word in ("pass", "redraw"):
        scan.end()
        return Pass() if word == "pass" else Redraw()
    if word != "lay" or not scan.skip(SPACE + ":"):
        scan.at = start
    played = _cards(scan, (_ARROW,))
    if not scan.text.startswith(_ARROW, scan.at):
        raise scan.fail("expected '->' and the table after the cards laid")
    if not played:
        raise scan.fail("expected the cards laid from the hand before '->'")
    scan.at += len(_ARROW)
    table: list[tuple[Tile, ...]] = []
    while True:
        series = _cards(scan, _BETWEEN_SERIES)
        if not series:
            raise scan.fail("expected a series of cards")
        table.append(series)
        if scan.done():
            break
        scan.at += 1  # past the '|' that _cards stopped at
    try:
        return Lay(played, table)
    except QwirkleError as error:
        raise scan.fail(str(error)) from None


def _cards(scan: Scanner, stops: tuple[str, ...]) -> tuple[Tile, ...]:
    """Cards up to the end of the text or the first of ``stops`` (not read past), spaces and commas between."""
    found: list[Tile] = []
    while True:
        scan.skip(SPACE + ",")
        if scan.done() or scan.text.startswith(stops, scan.at):
            return tuple(found)
        found.append(scan.tile())
