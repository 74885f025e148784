"""Card codes: a card printed as two characters, and text of codes read back into cards.

A card is a tile (:class:`~qwirkle.Tile`), and its code is the tile's code, so
the two games read and print cards alike (see :mod:`qwirkle.tiles`).
"""

from __future__ import annotations

from qwirkle.errors import InvalidNotationError
from qwirkle.moves import InvalidMoveError
from qwirkle.rules.limits import MAX_NOTATION_LENGTH
from qwirkle.text import tile_code
from qwirkle.tiles import Tile, read_tile_code

__all__ = ["CardsNotationError", "card_code", "parse_cards"]


class CardsNotationError(InvalidNotationError, InvalidMoveError):
    """Card codes that are not valid notation: :attr:`position` points at the first bad character.

    A bad card code is refused as a bad tile code is in the tile game (an
    :class:`~qwirkle.InvalidNotationError`); being text that should have
    described a move, it is an :class:`~qwirkle.InvalidMoveError` too.

    >>> try:
    ...     parse_cards("Ro Rq")
    ... except InvalidMoveError as error:
    ...     print(error.position, error)
    4 expected a shape letter (o s d c x *) at character 5 of 'Ro Rq'
    """


def card_code(card: Tile) -> str:
    """The two-character code of a card: the code of the tile, colour letter then shape (see :mod:`qwirkle.tiles`).

    >>> from qwirkle import Colour, Shape, Tile
    >>> card_code(Tile(Colour.BLUE, Shape.STAR8))
    'B*'
    """
    return tile_code(card)


def parse_cards(text: str) -> tuple[Tile, ...]:
    """The cards of a text of card codes, read as the tile game reads tiles, in the order given.

    Codes are read in any letter case (:func:`~qwirkle.tiles.read_tile_code`),
    and separated by spaces, other white space or commas, or written together:
    every text :func:`~qwirkle.parse_tiles` reads, this reads alike. Raises
    :class:`CardsNotationError` for a bad code, for what is not text, and for
    text longer than :data:`~qwirkle.rules.limits.MAX_NOTATION_LENGTH` characters
    before reading it.

    >>> parse_cards("Ro rs, RD")
    (Tile(Colour.RED, Shape.CIRCLE), Tile(Colour.RED, Shape.SQUARE), Tile(Colour.RED, Shape.DIAMOND))
    """
    if not isinstance(text, str):
        raise CardsNotationError(f"card codes are text, not {type(text).__name__}", "", 0)
    if len(text) > MAX_NOTATION_LENGTH:
        raise CardsNotationError(
            f"the text is {len(text)} characters long; the limit is {MAX_NOTATION_LENGTH}", text[:100], 100
        )
    cards: list[Tile] = []
    at, end = 0, len(text)
    while True:
        while at < end and (text[at] == "," or text[at].isspace()):
            at += 1
        if at == end:
            return tuple(cards)
        try:
            cards.append(read_tile_code(text, at))
        except InvalidNotationError as error:
            raise CardsNotationError(error.problem, text, error.position) from None
        at += 2
