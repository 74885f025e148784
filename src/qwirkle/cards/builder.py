"""Building a turn step by step, for interfaces where players drag cards around.

A turn of Qwirkle Cards may open, extend and rearrange series at will, and
only the table at the end of the turn has to be valid (Rule CARDS-6). A
:class:`TurnBuilder` holds a table in the middle of a turn: each primitive
step (lay a card from the hand, move a card between series, take back a card
laid this turn) returns a new builder, and :attr:`TurnBuilder.problems` says
at any moment what stops the table from being a valid end of turn, so an
interface can commit only a valid one.
"""

from __future__ import annotations

import attrs

from qwirkle._immutable import Immutable
from qwirkle.cards.game import apply
from qwirkle.cards.lays import opening_sets
from qwirkle.cards.moves import Lay
from qwirkle.cards.notation import parse_cards
from qwirkle.cards.series import Series, canonical_table, mask_of, series_fault
from qwirkle.cards.state import CardsState
from qwirkle.cards.views import CardsPlayerView
from qwirkle.errors import IllegalMoveError, InvalidStateError, brief
from qwirkle.moves import InvalidMoveError
from qwirkle.rules.catalogue import Rule
from qwirkle.tiles import Tile

__all__ = ["Problem", "TurnBuilder"]


@attrs.frozen
class Problem(Immutable):
    """One reason the table is not a valid end of turn yet.

    ``series`` is the index of the faulty series in
    :attr:`TurnBuilder.series`, or ``None`` for the turn as a whole.

    >>> Problem(None, Rule.CARDS_6, "lay at least one card from your hand").rule
    <Rule.CARDS_6: 'CARDS-6'>
    """

    series: int | None
    rule: Rule
    reason: str


@attrs.frozen
class TurnBuilder(Immutable):
    """A turn in the making: the table as the player has arranged it so far, and the hand left.

    Series keep the order the player gave them (new series go last, emptied
    series disappear), so an interface can point at them by index.

    >>> from qwirkle.cards import position
    >>> hands = ["Rc Bo Bs Bd Gx Yx Px O* P*", "Ox Yo Yd Yc Gs Gd G* Bx Pd"]
    >>> state = position(["Ann", "Bob"], ["Ro Rs Rd"], hands)
    >>> turn = TurnBuilder.start(state).lay("Rc", into=0).lay("Bo").lay("Bs", into=1)
    >>> turn.is_valid, [p.reason for p in turn.problems]
    (False, ['a series of 2 cards is too short: a series holds at least 3'])
    >>> turn = turn.lay("Bd", into=1)
    >>> turn.is_valid, turn.to_move()
    (True, Lay(played='Rc Bo Bs Bd', table=['Ro Rs Rd Rc', 'Bo Bs Bd']))
    """

    position: CardsState | CardsPlayerView
    """The position at the start of the turn."""
    series: tuple[Series, ...]
    """The series on the table now, in the player's order."""
    hand: tuple[Tile, ...]
    """The cards still in the hand."""
    played: tuple[Tile, ...]
    """The cards laid from the hand so far, in the order they were laid."""

    @classmethod
    def start(cls, position: CardsState | CardsPlayerView) -> TurnBuilder:
        """A builder at the start of the turn of ``position``'s player to move (or viewer).

        >>> from qwirkle.cards import new_game
        >>> TurnBuilder.start(new_game(["Ann", "Bob"], seed=7)).series
        ()
        """
        if not isinstance(position, (CardsState, CardsPlayerView)):
            raise InvalidStateError(f"a turn starts from a CardsState or a CardsPlayerView, not {brief(position)}")
        return cls(position, position.table, position.hand, ())

    @staticmethod
    def _card(card: Tile | str) -> Tile:
        if isinstance(card, str):
            cards = parse_cards(card)
            if len(cards) != 1:
                raise InvalidMoveError(f"{brief(card)} is not one card")
            return cards[0]
        if not isinstance(card, Tile):
            raise InvalidMoveError(f"{brief(card)} is not a card")
        return card

    def _index(self, index: int | None, *, new: bool) -> int | None:
        if index is None and new:
            return None
        if type(index) is not int or not 0 <= index < len(self.series):
            raise InvalidMoveError(f"there is no series {brief(index)}: the table has {len(self.series)}")
        return index

    def _put(self, series: list[list[Tile]], card: Tile, into: int | None) -> tuple[Series, ...]:
        if into is None:
            series.append([card])
        else:
            series[into].append(card)
        return tuple(tuple(s) for s in series if s)

    def lay(self, card: Tile | str, into: int | None = None) -> TurnBuilder:
        """Lay a card from the hand into series ``into``, or into a new series.

        Rule CARDS-6: only cards of the hand can be laid.

        >>> from qwirkle.cards import new_game
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> TurnBuilder.start(state).lay(state.hand[0]).series == ((state.hand[0],),)
        True
        """
        card = self._card(card)
        target = self._index(into, new=True)
        rest = list(self.hand)
        if card not in rest:
            raise IllegalMoveError(Rule.CARDS_6, f"the {card} is not in your hand")
        rest.remove(card)
        series = [list(s) for s in self.series]
        return TurnBuilder(self.position, self._put(series, card, target), tuple(rest), (*self.played, card))

    def move(self, card: Tile | str, source: int, into: int | None = None) -> TurnBuilder:
        """Move a card on the table from series ``source`` to series ``into``, or to a new series.

        Rule CARDS-6: the table may be rearranged freely during a turn.

        >>> from qwirkle.cards import card_code, position
        >>> hands = ["Bo Go Bd Gx Yx Px O* P* Y*", "Ox Yo Yd Yc Gs Gd G* Bx Pd"]
        >>> state = position(["Ann", "Bob"], ["Ro Rs Rd Rc"], hands)
        >>> turn = TurnBuilder.start(state).move("Ro", 0).lay("Bo", 1).lay("Go", 1)
        >>> [" ".join(card_code(card) for card in series) for series in turn.series]
        ['Rs Rd Rc', 'Ro Bo Go']
        >>> turn.is_valid
        True
        """
        card = self._card(card)
        index = self._index(source, new=False)
        assert index is not None
        target = self._index(into, new=True)
        if index == target:
            return self
        series = [list(s) for s in self.series]
        if card not in series[index]:
            raise InvalidMoveError(f"series {index} holds no {card}")
        series[index].remove(card)
        if target is not None:
            series[target].append(card)
            return attrs.evolve(self, series=tuple(tuple(s) for s in series if s))
        series.append([card])
        return attrs.evolve(self, series=tuple(tuple(s) for s in series if s))

    def take_back(self, card: Tile | str, source: int) -> TurnBuilder:
        """Take a card laid this turn back from series ``source`` into the hand.

        Rule CARDS-6: cards that were on the table at the start of the turn
        stay on the table; identical cards are interchangeable, so any copy of
        a card laid this turn may come back.

        >>> from qwirkle.cards import new_game
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> TurnBuilder.start(state).lay(state.hand[0]).take_back(state.hand[0], 0) == TurnBuilder.start(state)
        True
        """
        card = self._card(card)
        index = self._index(source, new=False)
        assert index is not None
        if card not in self.series[index]:
            raise InvalidMoveError(f"series {index} holds no {card}")
        if card not in self.played:
            raise IllegalMoveError(Rule.CARDS_6, f"the {card} was on the table already: it stays on the table")
        series = [list(s) for s in self.series]
        series[index].remove(card)
        played = list(self.played)
        # Drop the latest copy laid, so that undoing in reverse order restores the builder exactly.
        del played[len(played) - 1 - played[::-1].index(card)]
        hand = tuple(sorted((*self.hand, card)))
        return TurnBuilder(self.position, tuple(tuple(s) for s in series if s), hand, tuple(played))

    @property
    def problems(self) -> tuple[Problem, ...]:
        """Everything that stops the table from being a valid end of turn now; empty when it is valid.

        Rules CARDS-3 and CARDS-6: every series valid with ``cards_min_set``
        to 6 cards and at least one card laid. Rule CARDS-5: with
        ``cards_opening_must_play_max``, the opening is one largest series.
        """
        out: list[Problem] = []
        min_set = self.position.rules.cards_min_set
        for index, series in enumerate(self.series):
            fault = series_fault([card.index for card in series], min_set)
            if fault is not None:
                out.append(Problem(index, *fault))
        if not self.played:
            out.append(Problem(None, Rule.CARDS_6, "lay at least one card from your hand"))
        allowed = opening_sets(self.position)
        if allowed is not None and self.played:
            masks = [mask_of(card.index for card in series) for series in self.series]
            if len(masks) != 1 or masks[0] not in allowed:
                out.append(Problem(None, Rule.CARDS_5, "the opening must be one largest series of your hand"))
        return tuple(out)

    @property
    def is_valid(self) -> bool:
        """Whether the table now is a valid end of turn (see :attr:`problems`)."""
        return not self.problems

    def finish(self) -> Lay:
        """The lay this builder describes; raises :class:`~qwirkle.IllegalMoveError` naming its rule if not valid yet.

        The tile game's :meth:`qwirkle.TurnBuilder.finish` does the same for a placement.

        >>> from qwirkle.cards import position
        >>> state = position(["Ann", "Bob"], ["Ro Rs Rd"], ["Rc Bo Bs Bd Gx Yx Px O* P*", "Ox Yo Yd Yc Gs Gd G* Bx Pd"])
        >>> TurnBuilder.start(state).lay("Rc", 0).finish().played
        (Tile(Colour.RED, Shape.CLOVER),)
        >>> TurnBuilder.start(state).finish()
        Traceback (most recent call last):
            ...
        qwirkle.errors.IllegalMoveError: CARDS-6: lay at least one card from your hand
        """
        return self.to_move()

    def to_move(self) -> Lay:
        """The lay this builder describes, as :meth:`finish` gives it (the name this builder had first)."""
        problems = self.problems
        if problems:
            first = problems[0]
            where = "" if first.series is None else f"series {first.series}: "
            raise IllegalMoveError(first.rule, where + first.reason)
        return Lay.from_canonical(tuple(sorted(self.played)), canonical_table(self.series))

    def apply(self) -> CardsState:
        """Commit the turn: the state after the lay (only when the builder started from a state)."""
        if not isinstance(self.position, CardsState):
            raise InvalidMoveError("a turn built from a view is played with qwirkle.cards.apply on the state")
        return apply(self.position, self.to_move())
