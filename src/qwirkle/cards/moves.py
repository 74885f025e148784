"""Moves of Qwirkle Cards as values: laying cards, passing, and redrawing a hand.

A lay is described by what it does, not how: the cards taken from the hand
and the whole table after the turn (Rule CARDS-6). Both are kept in canonical
form, so two lays are equal exactly when they lead to the same table with the
same cards played, whatever order they were given in.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice
from typing import TypeAlias

import attrs

from qwirkle.cards.rules import DECK_SIZE
from qwirkle.cards.series import Table
from qwirkle.catalogue import Rule
from qwirkle.errors import IllegalMoveError, InvalidNotationError, brief
from qwirkle.immutable import Immutable
from qwirkle.limits import MAX_NOTATION_LENGTH
from qwirkle.moves import InvalidMoveError
from qwirkle.text import tile_code
from qwirkle.tiles import Tile, read_tile_code

__all__ = ["CardsMove", "CardsNotationError", "Lay", "Pass", "Redraw", "card_code", "parse_cards"]


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
    text longer than :data:`~qwirkle.limits.MAX_NOTATION_LENGTH` characters
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


def _cards(value: object, what: str) -> tuple[Tile, ...]:
    if isinstance(value, str):
        return tuple(sorted(parse_cards(value)))
    if isinstance(value, (bytes, Tile)) or not isinstance(value, Iterable):
        raise InvalidMoveError(f"{what} must be a collection of cards, not {brief(value)}")
    out = list(islice(value, DECK_SIZE + 1))
    if len(out) > DECK_SIZE:
        raise InvalidMoveError(f"{what} holds more cards than the deck ({DECK_SIZE})")
    for card in out:
        if not isinstance(card, Tile):
            raise InvalidMoveError(f"{what} holds {brief(card)}, which is not a card")
    return tuple(sorted(out))


def _played(value: object) -> tuple[Tile, ...]:
    """The cards of a lay, sorted. Rule CARDS-6: a lay takes at least one card from the hand."""
    cards = _cards(value, "the cards played")
    if not cards:
        raise IllegalMoveError(Rule.CARDS_6, "a turn lays at least one card from the hand")
    return cards


def _table(value: object) -> Table:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidMoveError(f"the table must be a collection of series, not {brief(value)}")
    series = list(islice(value, DECK_SIZE + 1))
    if len(series) > DECK_SIZE:
        raise InvalidMoveError(f"the table holds more series than the deck has cards ({DECK_SIZE})")
    return tuple(sorted(_cards(one, "a series") for one in series))


@attrs.frozen(repr=False)
class Lay(Immutable):
    """Lay cards from the hand and leave the table as ``table`` (Rule CARDS-6).

    ``played`` are the cards taken from the hand; ``table`` is every series
    on the table at the end of the turn, the cards that were already there
    included, and Qwirkles (series of six) included: they are claimed when the
    move is played (Rule CARDS-8). Cards and series may be given in any order,
    or as text of card codes (see :func:`card_code`).

    >>> move = Lay("Rd", ["Ro Rs Rd", "Bx Gx Yx"])
    >>> move
    Lay(played='Rd', table=['Ro Rs Rd', 'Yx Gx Bx'])
    >>> move == Lay(parse_cards("Rd"), [parse_cards("Gx Bx Yx"), parse_cards("Rd Rs Ro")])
    True
    """

    played: tuple[Tile, ...] = attrs.field(converter=_played)
    """The cards taken from the hand, sorted."""
    table: Table = attrs.field(converter=_table)
    """The series on the table after the turn, each sorted, in sorted order."""

    @classmethod
    def from_canonical(cls, played: tuple[Tile, ...], table: Table) -> Lay:
        """A lay from values already in canonical form (sorted cards, a canonical table): **not checked**.

        For the searches, which build their lays in canonical form; anything
        else should call :class:`Lay` itself. :func:`~qwirkle.cards.apply`
        checks every lay against the rules all the same.

        >>> Lay.from_canonical(parse_cards("Rd"), (parse_cards("Ro Rs Rd"),)) == Lay("Rd", ["Ro Rs Rd"])
        True
        """
        move = object.__new__(cls)
        object.__setattr__(move, "played", played)
        object.__setattr__(move, "table", table)
        return move

    @property
    def qwirkles(self) -> Table:
        """The series of six on the resulting table: the Qwirkles this move claims (Rule CARDS-8)."""
        return tuple(series for series in self.table if len(series) == 6)

    def __len__(self) -> int:
        return len(self.played)

    def __iter__(self) -> Iterator[Tile]:
        return iter(self.played)

    def __repr__(self) -> str:
        table = ", ".join(repr(" ".join(card_code(c) for c in series)) for series in self.table)
        return f"Lay(played={' '.join(card_code(c) for c in self.played)!r}, table=[{table}])"

    def __str__(self) -> str:
        played = " ".join(card_code(c) for c in self.played)
        table = " | ".join(" ".join(card_code(c) for c in series) for series in self.table)
        return f"lay {played} -> {table}"


@attrs.frozen(repr=False)
class Pass(Immutable):
    """Pass the turn: only when no card can be laid (Rule CARDS-7).

    >>> Pass() == Pass()
    True
    """

    def __repr__(self) -> str:
        return "Pass()"

    def __str__(self) -> str:
        return "pass"


@attrs.frozen(repr=False)
class Redraw(Immutable):
    """Shuffle the hand into the deck and draw a new one, then play on (Rule CARDS-7, ``redraw_hand``).

    >>> str(Redraw())
    'redraw'
    """

    def __repr__(self) -> str:
        return "Redraw()"

    def __str__(self) -> str:
        return "redraw"


CardsMove: TypeAlias = Lay | Pass | Redraw
"""Any move of Qwirkle Cards."""
