"""The legal moves of a state of Qwirkle Cards, as a lazy view."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from qwirkle._moved import moved_names
from qwirkle.cards._search.listing import partitions
from qwirkle.cards._search.plans import layable_sets
from qwirkle.cards.lays import blocked_move, can_lay, most_cards, most_qwirkles, opening_lay, opening_sets, table_counts
from qwirkle.cards.legality import is_legal
from qwirkle.cards.moves import CardsMove, Lay, Pass, Redraw
from qwirkle.cards.series import counts_of, table_from_masks
from qwirkle.cards.state import CardsState, expect_state
from qwirkle.tiles import ALL_TILES

__all__ = ["CardsLegalMoves", "legal_moves"]

# The old name works, with a warning, until the next release.
__getattr__ = moved_names(__name__, {"LegalCardMoves": "qwirkle.cards.legalmoves.CardsLegalMoves"})


class CardsLegalMoves(Iterable[CardsMove]):
    """The legal moves of a state, as a lazy iterable.

    Iterate it for every legal move, each once: every lay as a distinct
    resulting table and set of cards played (Rule CARDS-6), or, when no card
    can be laid, the one move the rules allow instead (Rule CARDS-7).
    Rearranging the table makes the lays of a crowded table astronomically
    many, so nothing is listed up front: ``move in moves`` checks that one
    move, and :meth:`can_lay`, :meth:`most_cards` and :meth:`most_qwirkles`
    answer by exact searches that list nothing.

    >>> from qwirkle.cards import new_game
    >>> moves = legal_moves(new_game(["Ann", "Bob"], seed=7))
    >>> first = next(iter(moves))
    >>> first in moves, moves.can_lay()
    (True, True)
    """

    __slots__ = ("_state",)

    def __init__(self, state: CardsState) -> None:
        self._state = state

    def can_lay(self) -> bool:
        """Whether any card can be laid (see :func:`can_lay`)."""
        return self._state.outcome is None and can_lay(self._state)

    def most_cards(self) -> Lay | None:
        """The lay with the most cards (see :func:`most_cards`)."""
        return None if self._state.outcome is not None else most_cards(self._state)

    def most_qwirkles(self) -> Lay | None:
        """The lay with the most Qwirkles (see :func:`most_qwirkles`)."""
        return None if self._state.outcome is not None else most_qwirkles(self._state)

    def lays(self) -> Iterator[Lay]:
        """Every legal lay, each once: distinct resulting tables (Rules CARDS-3, CARDS-6).

        Cards to lay are taken as every distinct part of the hand that can be
        laid (an exact search skips the parts that cannot without listing
        them), and for each the partitions of the table's cards and those
        cards into valid series are listed without repeats.
        """
        state = self._state
        if state.outcome is not None:
            return
        opening = opening_sets(state)
        if opening is not None:
            for mask in opening:
                yield opening_lay(mask)
            return
        table = table_counts(state.table)
        min_set = state.rules.cards_min_set
        for laid in layable_sets(table, counts_of(state.hand), min_set):
            played = tuple(ALL_TILES[k] for k in range(36) for _ in range(laid[k]))
            total = [a + b for a, b in zip(table, laid, strict=True)]
            for part in partitions(total, min_set):
                yield Lay.from_canonical(played, table_from_masks(part))

    def __iter__(self) -> Iterator[CardsMove]:
        if self._state.outcome is not None:
            return
        if not self.can_lay():
            yield blocked_move(self._state)
            return
        yield from self.lays()

    def count(self, limit: int | None = None) -> int:
        """How many legal moves there are, by listing them (stop at ``limit``, if given)."""
        n = 0
        for _ in self:
            n += 1
            if limit is not None and n >= limit:
                break
        return n

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, (Lay, Pass, Redraw)):
            return False
        return is_legal(self._state, move)

    def __repr__(self) -> str:
        return f"<CardsLegalMoves of seat {self._state.current}>"


def legal_moves(state: CardsState) -> CardsLegalMoves:
    """Every legal move of the player to move, as a lazy iterable (see :class:`CardsLegalMoves`).

    >>> from qwirkle.cards import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> moves = legal_moves(state)
    >>> next(iter(moves)) in moves
    True
    """
    return CardsLegalMoves(expect_state(state))
