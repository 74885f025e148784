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

from qwirkle._immutable import Immutable
from qwirkle._moved import moved_names
from qwirkle.cards import notation
from qwirkle.cards.ruleset import DECK_SIZE
from qwirkle.cards.series import Table
from qwirkle.errors import IllegalMoveError, brief
from qwirkle.moves import InvalidMoveError
from qwirkle.rules.catalogue import Rule
from qwirkle.tiles import Tile

__all__ = ["CardsMove", "Lay", "Pass", "Redraw"]

# The card codes moved to qwirkle.cards.notation; the old names work, with a warning, until the next release.
__getattr__ = moved_names(
    __name__,
    {
        "CardsNotationError": "qwirkle.cards.notation.CardsNotationError",
        "card_code": "qwirkle.cards.notation.card_code",
        "parse_cards": "qwirkle.cards.notation.parse_cards",
    },
)


def _cards(value: object, what: str) -> tuple[Tile, ...]:
    if isinstance(value, str):
        return tuple(sorted(notation.parse_cards(value)))
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
    or as text of card codes (see :func:`~qwirkle.cards.card_code`).

    >>> from qwirkle.cards import parse_cards
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

        >>> from qwirkle.cards import parse_cards
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
        table = ", ".join(repr(" ".join(notation.card_code(c) for c in series)) for series in self.table)
        return f"Lay(played={' '.join(notation.card_code(c) for c in self.played)!r}, table=[{table}])"

    def __str__(self) -> str:
        played = " ".join(notation.card_code(c) for c in self.played)
        table = " | ".join(" ".join(notation.card_code(c) for c in series) for series in self.table)
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
