"""What the player to move (or the viewer) can lay: the questions the exact searches answer on a position."""

from __future__ import annotations

from collections.abc import Sequence

from qwirkle.cards._search.plans import Goal, best_plan, largest_sets
from qwirkle.cards.moves import Lay, Pass, Redraw
from qwirkle.cards.ruleset import SERIES_MAX, BlockedAction
from qwirkle.cards.series import KIND_TYPES, TYPE_KINDS, Table, counts_of, mask_of, table_from_masks
from qwirkle.cards.state import CardsState, Position, expect_position
from qwirkle.tiles import ALL_TILES, Tile

__all__ = ["blocked_move", "can_lay", "most_cards", "most_qwirkles", "opening_lay", "opening_sets", "table_counts"]


def table_counts(table: Table) -> list[int]:
    """How many copies of each card lie on the table, by card index.

    >>> from qwirkle.cards import parse_cards
    >>> table_counts((parse_cards("Ro Rs Rd"), parse_cards("Ro Oo Yo")))[:3]
    [2, 1, 1]
    """
    return counts_of(card for series in table for card in series)


def opening_sets(position: Position) -> list[int] | None:
    """The only openings allowed, as masks, if the opening must be a largest series (Rule CARDS-5), else ``None``.

    >>> from qwirkle.cards import CardsRuleSet, new_game
    >>> opening_sets(new_game(["Ann", "Bob"], seed=7)) is None
    True
    >>> len(opening_sets(new_game(["Ann", "Bob"], seed=7, rules=CardsRuleSet.preset("largest_opening"))))
    1
    """
    if position.is_opening and position.rules.cards_opening_must_play_max:
        return largest_sets(counts_of(position.hand), position.rules.cards_min_set)
    return None


def opening_lay(mask: int) -> Lay:
    """The lay that opens the game with the one series ``mask`` (Rule CARDS-5).

    >>> opening_lay(0b111)
    Lay(played='Ro Rs Rd', table=['Ro Rs Rd'])
    """
    series = tuple(ALL_TILES[k] for k in range(36) if mask >> k & 1)
    return Lay.from_canonical(series, (series,))


def _quick_lay(table: Table, hand: Sequence[Tile], min_set: int) -> bool:
    """A cheap proof that a card can be laid: a new series from the hand, or a card that joins a series.

    Rules CARDS-6 and CARDS-7: either is a legal lay, so the player cannot pass.
    """
    present = mask_of(card.index for card in hand)
    if any((present & line).bit_count() >= min_set for line in TYPE_KINDS):
        return True
    for series in table:
        if len(series) >= SERIES_MAX:
            continue
        inside = mask_of(card.index for card in series)
        common = (1 << 12) - 1
        for card in series:
            common &= KIND_TYPES[card.index]
        for card in hand:
            if not inside >> card.index & 1 and KIND_TYPES[card.index] & common:
                return True
    return False


def can_lay(position: Position) -> bool:
    """Whether the player to move (or the viewer) can lay at least one card.

    Rules CARDS-6 and CARDS-7: a player who can lay a card must; one who
    cannot passes or redraws. Exact, and quick: a new series from the hand or a
    card that fits a series answers at once, otherwise an exact search decides.

    >>> from qwirkle.cards import position
    >>> state = position(["Ann", "Bob"], ["Ro Rs Rd"], ["Rc Bo Bs Bd Gx Yx Px O* P*", "Ox Yo Yd Yc Gs Gd G* Bx Pd"])
    >>> can_lay(state)
    True
    """
    expect_position(position)
    opening = opening_sets(position)
    if opening is not None:
        return bool(opening)
    min_set = position.rules.cards_min_set
    if _quick_lay(position.table, position.hand, min_set):
        return True
    return best_plan(table_counts(position.table), counts_of(position.hand), min_set, Goal.ANY) is not None


def _planned(position: Position, goal: Goal) -> Lay | None:
    expect_position(position)
    opening = opening_sets(position)
    if opening is not None:
        return opening_lay(opening[0]) if opening else None
    plan = best_plan(table_counts(position.table), counts_of(position.hand), position.rules.cards_min_set, goal)
    if plan is None:
        return None
    played = tuple(ALL_TILES[k] for k in range(36) for _ in range(plan.laid[k]))
    return Lay.from_canonical(played, table_from_masks(plan.series))


def most_cards(position: Position) -> Lay | None:
    """The lay with the most cards (then the most Qwirkles), or ``None`` if no card can be laid.

    Exact (Rules CARDS-3, CARDS-6, CARDS-8): no legal lay lays more cards.

    >>> from qwirkle.cards import is_legal, position
    >>> state = position(["Ann", "Bob"], ["Ro Rs Rd"], ["Rc Bo Bs Bd Gx Yx Px O* P*", "Ox Yo Yd Yc Gs Gd G* Bx Pd"])
    >>> move = most_cards(state)
    >>> len(move.played), is_legal(state, move)
    (7, True)
    """
    return _planned(position, Goal.CARDS)


def most_qwirkles(position: Position) -> Lay | None:
    """The lay that completes the most Qwirkles (then lays the most cards), or ``None`` if none can be laid.

    Exact (Rules CARDS-3, CARDS-6, CARDS-8): no legal lay claims more Qwirkles.

    >>> from qwirkle.cards import position
    >>> hands = ["Bo Bs Bd Gx Yx Px O* P* Y*", "Ox Yo Yd Yc Gs Gd G* Bx Pd"]
    >>> state = position(["Ann", "Bob"], ["Ro Rs Rd", "Rc Rx R*"], hands)
    >>> len(most_qwirkles(state).qwirkles)
    1
    """
    return _planned(position, Goal.QWIRKLES)


def blocked_move(position: Position) -> Pass | Redraw:
    """What a player who cannot lay a card does: redraw or pass (Rule CARDS-7).

    With ``cards_blocked_action`` set to redraw, a blocked player first
    redraws their hand, once a turn and only while the deck has cards; a
    player still blocked after that, or under the default rule, passes.

    >>> from qwirkle.cards import CardsRuleSet, new_game
    >>> blocked_move(new_game(["Ann", "Bob"], seed=7))
    Pass()
    >>> blocked_move(new_game(["Ann", "Bob"], seed=7, rules=CardsRuleSet.preset("redraw_hand")))
    Redraw()
    """
    expect_position(position)
    deck = len(position.deck) if isinstance(position, CardsState) else position.deck_size
    if position.rules.cards_blocked_action is BlockedAction.REDRAW_HAND and not position.redrawn and deck:
        return Redraw()
    return Pass()
