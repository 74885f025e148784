"""What a move of Qwirkle Cards did: its score, and the entry it leaves in the history."""

from __future__ import annotations

import attrs

from qwirkle._immutable import Immutable
from qwirkle.cards.moves import CardsMove, Lay
from qwirkle.cards.series import Table
from qwirkle.tiles import Tile

__all__ = ["CardsScore", "CardsTurn", "nothing_laid"]


@attrs.frozen
class CardsScore(Immutable):
    """What a move does for its player: the cards it lays and the Qwirkles it claims (Rules CARDS-8, CARDS-9).

    >>> from qwirkle.cards import Lay
    >>> move = Lay("Rd", ["Ro Rs Rd"])
    >>> CardsScore(move.played, move.qwirkles).total
    0
    """

    laid: tuple[Tile, ...] = ()
    """The cards taken from the hand."""
    qwirkles: Table = ()
    """The series of six the move claims."""

    @classmethod
    def of(cls, move: CardsMove) -> CardsScore:
        """What ``move`` does, once it is legal: a lay lays its cards and claims its series of six; nothing else does.

        >>> from qwirkle.cards import Lay, Pass
        >>> CardsScore.of(Lay("Rd", ["Ro Rs Rd"])).laid, CardsScore.of(Pass())
        ((Tile(Colour.RED, Shape.DIAMOND),), CardsScore(laid=(), qwirkles=()))
        """
        return cls(move.played, move.qwirkles) if isinstance(move, Lay) else cls()

    @property
    def total(self) -> int:
        """How many Qwirkles the move claims: what it adds to the player's score."""
        return len(self.qwirkles)


@attrs.frozen
class CardsTurn(Immutable):
    """One entry of the history: the seat that moved, the move, what it claimed, and how many cards were drawn.

    >>> from qwirkle.cards import Pass
    >>> CardsTurn(0, Pass(), CardsScore(), 0).seat
    0
    """

    seat: int
    """The seat that played the move."""
    move: CardsMove
    score: CardsScore
    drew: int
    """Cards drawn from the deck after the move (which cards is hidden from the others)."""


def nothing_laid(table: Table, qwirkles: tuple[Table, ...], history: tuple[CardsTurn, ...]) -> bool:
    """Whether no card has been laid yet in the game, so the next lay is the opening (Rule CARDS-5).

    >>> from qwirkle.cards import Pass
    >>> nothing_laid((), ((), ()), (CardsTurn(0, Pass(), CardsScore(), 0),))
    True
    """
    return not table and not any(qwirkles) and not any(isinstance(turn.move, Lay) for turn in history)
